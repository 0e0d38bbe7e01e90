// The page /replay: pick a record file (docs/record.md); the server checks and replays it
// (POST /api/replays) and the replay viewer shows it at /replays/{id}. A file the server refuses
// (not JSON, not a record, an action that does not apply, too large) gets the server's own words.

import { api } from './net.js';

// Every word the page shows besides its HTML, in one place.
const WORDS = {
  notJson: 'This file is not JSON: a game record is a JSON file.',
  tooLarge: (kib) => `This file is larger than ${kib} KiB: it cannot be a game record.`,
};
const MAX_BYTES = 1024 * 1024;

const input = document.querySelector('[data-testid="record-file"]');
const error = document.querySelector('[data-testid="record-error"]');

function fail(text) {
  error.textContent = text;
  error.hidden = false;
}

input.addEventListener('change', async () => {
  error.hidden = true;
  const file = input.files && input.files[0];
  if (!file) return;
  if (file.size > MAX_BYTES) {
    fail(WORDS.tooLarge(MAX_BYTES / 1024));
    return;
  }
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    fail(WORDS.notJson);
    return;
  }
  try {
    const opened = await api('POST', '/api/replays', record);
    location.assign(`/replays/${encodeURIComponent(opened.id)}`);
  } catch (refused) {
    fail(refused.message);
  }
});
