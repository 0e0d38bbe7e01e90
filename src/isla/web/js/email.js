// The lobby's "Email notices" section: a signed-in account adds an address (a confirmation link is
// mailed to it) and turns its your-turn mails on or off. Hidden for guests, signed-out visitors and
// servers without email (the API answers 503 `no_email`). Everything shown comes from
// `/api/me/email`, the caller's own address only, and is set as text, never as HTML.

import { api } from './net.js';

// The section's words, in one place (the lobby's words are English for now, like the rest of it).
const WORDS = {
  none: 'No address yet: add one to get an email when it is your turn.',
  confirmed: (address) => `Notices go to ${address}.`,
  pending: (address) => `A confirmation link was mailed to ${address}; open it to use this address.`,
  both: (address, pending) => `Notices go to ${address}; a link to confirm ${pending} is on its way.`,
  needAddress: 'Type an email address first.',
};

function describe(state) {
  if (state.address && state.pending) return WORDS.both(state.address, state.pending);
  if (state.address) return WORDS.confirmed(state.address);
  if (state.pending) return WORDS.pending(state.pending);
  return WORDS.none;
}

/** Show (or hide) the section for `user`, filled from the server. */
export async function showEmailSettings(root, user) {
  const box = root.querySelector('[data-testid="email-settings"]');
  if (!box) return;
  box.hidden = true;
  if (!user || user.guest) return;
  let state;
  try {
    state = await api('GET', '/api/me/email');
  } catch {
    return; // no email on this server (or not now): the section stays hidden
  }
  const field = (id) => box.querySelector(`[data-testid="${id}"]`);
  const error = field('email-error');
  const notices = field('email-notices');
  const render = (next) => {
    state = next;
    field('email-status').textContent = describe(state);
    notices.checked = Boolean(state.turn_notices);
    notices.disabled = !state.address;
    field('email-remove').disabled = !state.address && !state.pending;
  };
  const attempt = async (job) => {
    error.hidden = true;
    try {
      render(await job());
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
      render(state);
    }
  };
  field('email-form').onsubmit = (event) => {
    event.preventDefault();
    const address = field('email-address').value.trim();
    if (!address) {
      error.textContent = WORDS.needAddress;
      error.hidden = false;
      return;
    }
    attempt(() => api('PUT', '/api/me/email', { address }));
  };
  field('email-remove').onclick = () => attempt(() => api('DELETE', '/api/me/email'));
  notices.onchange = () => attempt(() => api('PUT', '/api/me/email/notices', { turn_notices: notices.checked }));
  render(state);
  box.hidden = false;
}
