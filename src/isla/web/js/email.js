// The lobby's "Email notices" section: a signed-in account adds an address (a confirmation link is
// mailed to it) and turns its your-turn mails on or off. Hidden for guests, signed-out visitors and
// servers without email (the API answers 503 `no_email`). Everything shown comes from
// `/api/me/email`, the caller's own address only, and is set as text, never as HTML, in the page's
// language (shared/i18n.js).

import { api } from './net.js';
import { t } from './shared/i18n.js';

let redraw = () => {}; // the shown section's status in the page's language (after a switch)

function describe(state) {
  const { address, pending } = state;
  if (address && pending) return t('Notices go to {address}; a link to confirm {pending} is on its way.', { address, pending });
  if (address) return t('Notices go to {address}.', { address });
  if (pending) return t('A confirmation link was mailed to {address}; open it to use this address.', { address: pending });
  return t('No address yet: add one to get an email when it is your turn.');
}

/** Word the shown section again in the page's language (its fixed words are the page's markup). */
export function redrawEmailSettings() {
  redraw();
}

/** Show (or hide) the section for `user`, filled from the server. */
export async function showEmailSettings(root, user) {
  const box = root.querySelector('[data-testid="email-settings"]');
  if (!box) return;
  box.hidden = true;
  redraw = () => {};
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
      error.textContent = t('Type an email address first.');
      error.hidden = false;
      return;
    }
    attempt(() => api('PUT', '/api/me/email', { address }));
  };
  field('email-remove').onclick = () => attempt(() => api('DELETE', '/api/me/email'));
  notices.onchange = () => attempt(() => api('PUT', '/api/me/email/notices', { turn_notices: notices.checked }));
  render(state);
  redraw = () => render(state);
  box.hidden = false;
}
