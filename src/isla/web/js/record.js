// The page /replay: pick a record file (docs/record.md); the server checks and replays it
// (POST /api/replays) and the replay viewer shows it at /replays/{id}. A file the server refuses
// (not JSON, not a record, an action that does not apply, too large) gets the server's own words.
// The page's words are its reader's language (shared/i18n.js; its HTML is marked data-t).

import { api } from './net.js';
import { t } from './shared/i18n.js';
import { startPageLanguage } from './shared/pagelang.js';

const MAX_BYTES = 1024 * 1024;

const input = document.querySelector('[data-testid="record-file"]');
const error = document.querySelector('[data-testid="record-error"]');

let failed = () => ''; // the shown refusal, worded again after a switch of language

function fail(words) {
  failed = words;
  error.textContent = words();
  error.hidden = false;
}

startPageLanguage({ onSwitch: () => { if (!error.hidden) error.textContent = failed(); } })
  .catch((problem) => console.error('isla: the page stays in English', problem));

input.addEventListener('change', async () => {
  error.hidden = true;
  const file = input.files && input.files[0];
  if (!file) return;
  if (file.size > MAX_BYTES) {
    fail(() => t('This file is larger than {kib} KiB: it cannot be a game record.', { kib: MAX_BYTES / 1024 }));
    return;
  }
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    fail(() => t('This file is not JSON: a game record is a JSON file.'));
    return;
  }
  try {
    const opened = await api('POST', '/api/replays', record);
    location.assign(`/replays/${encodeURIComponent(opened.id)}`);
  } catch (refused) {
    fail(() => refused.message);
  }
});
