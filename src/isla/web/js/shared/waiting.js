// The waiting room: a table with open seats before its start, whatever the game. It lists the
// seats, gives the link to send to friends (shown as text, with a button that copies it), and lets
// a visitor who followed such a link sit down at once (a guest types a name first).
//
// Clicks come back to the table page as data-ui hooks: `copy-invite`, `sit:<slot>`.

import { botName, esc, youWord } from './html.js';
import { t } from './i18n.js';

/** The address friends open to sit at this table (a private one's carries its secret, `invite`). */
export function inviteUrl(tableId, invite = null) {
  const key = invite || new URLSearchParams(location.search).get('key');
  const url = `${location.origin}/tables/${encodeURIComponent(tableId)}`;
  return key ? `${url}?key=${encodeURIComponent(key)}` : url;
}

function seatLine(seat, table, canSit) {
  const mine = table.you && table.you.slot === seat.slot;
  let who;
  if (seat.kind === 'open') {
    // A table set up again keeps each open seat for the person who sat there (`name`).
    // i18n: a seat of the waiting room nobody sits at yet, or one kept for the player who sat there before
    const open = seat.name ? t('open seat, kept for {name}', { name: seat.name }) : t('open seat');
    who = `<i>${esc(open)}</i>`;
  } else if (seat.kind === 'bot') {
    who = esc(botName(seat.bot));
  } else {
    who = esc(seat.name);
  }
  // i18n: the button of an open seat in the waiting room
  const here = esc(t('Sit here'));
  const sit = seat.kind === 'open' && canSit
    ? ` <button type="button" class="btn btn-small btn-primary" data-ui="sit:${seat.slot}" data-testid="sit-${seat.slot}">${here}</button>`
    : '';
  return `<li data-testid="waiting-seat-${seat.slot}">${who}${mine ? ` <span class="tag tag-you">${esc(youWord())}</span>` : ''}${sit}</li>`;
}

/**
 * The waiting room's HTML. `viewer` is the signed-in user (or null): a visitor without a seat who
 * is not signed in gets a name field for the guest sign-in that sitting down needs.
 */
export function renderWaiting(table, viewer) {
  const seated = Boolean(table.you);
  const canSit = !seated;
  const seats = (table.seats || []).map((s) => seatLine(s, table, canSit)).join('');
  const url = inviteUrl(table.id, table.invite);
  // i18n: the name field of the waiting room, for a visitor who is not signed in
  const nameLabel = esc(t('Your name (the others see it)'));
  // i18n: the example in the empty name field of the waiting room (a short first name)
  const example = esc(t('e.g. Ann'));
  const name = canSit && !viewer
    ? `<label class="field waiting-name"><span>${nameLabel}</span>
        <input type="text" maxlength="40" autocomplete="nickname" data-testid="sit-name" placeholder="${example}"></label>`
    : '';
  // i18n: the heading of the waiting room of a table that is not full yet
  const heading = esc(t('Waiting for players'));
  const starts = esc(t('The game starts by itself when every seat is taken.'));
  // i18n: above the link to a table that the player may send to friends
  const invite = esc(t('Invite friends: send them this link'));
  // i18n: the button that copies the table's link to the clipboard
  const copy = esc(t('Copy link'));
  const back = esc(t('Back to the lobby'));
  return `<section class="waiting" data-testid="waiting">
    <h2>${heading}</h2>
    <p>${starts}</p>
    ${name}
    <ul class="waiting-seats">${seats}</ul>
    <div class="invite">
      <span class="invite-title">${invite}</span>
      <div class="invite-row">
        <code class="invite-url" data-testid="invite-link">${esc(url)}</code>
        <button type="button" class="btn btn-small" data-ui="copy-invite" data-testid="copy-invite">${copy}</button>
        <span class="invite-copied" data-testid="invite-copied" role="status" aria-live="polite"></span>
      </div>
    </div>
    <p><a href="/">${back}</a></p></section>`;
}

/** Put the invite link on the clipboard, saying in the waiting room whether that worked. */
export async function copyInvite(root, tableId) {
  const said = root.querySelector('[data-testid="invite-copied"]');
  const shown = root.querySelector('[data-testid="invite-link"]');
  const url = shown ? shown.textContent : inviteUrl(tableId);
  let done = false;
  try {
    // Only on a secure page (https, or this computer); elsewhere the old way below may still work.
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(url);
      done = true;
    }
  } catch {
    done = false;
  }
  if (!done && shown) {
    const range = document.createRange();
    range.selectNodeContents(shown);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
  }
  // i18n: after "Copy link": it worked, or the browser let the page only select the link
  if (said) said.textContent = done ? t('Copied.') : t('The link is selected: copy it from there.');
}
