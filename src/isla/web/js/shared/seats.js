// What every game's player panel says about the person at a seat, whatever the game: bot or stand-in
// tags, the connection dot, and the seat controls ("Let a bot play for X", "Take my seat back").

import { clockTag } from './clocks.js';
import { esc } from './html.js';
import { ratingTag } from './ratings.js';

export function seatTags(info, table) {
  const tags = [];
  if (!info) return tags;
  if (info.kind === 'bot') tags.push(`<span class="tag tag-bot">bot · ${esc(info.bot || '')}</span>`);
  const rating = ratingTag(info);
  if (rating) tags.push(rating);
  if (info.stand_in) tags.push(`<span class="tag tag-standin" data-tip="A bot plays this seat until its player takes it back.">bot (${esc(info.stand_in)}) playing</span>`);
  if (info.kind === 'human' && table.status === 'playing') {
    const away = info.away_seconds;
    const tip = info.connected ? 'connected' : `not connected${away ? ` for ${Math.round(away)} s` : ''}`;
    tags.push(`<span class="conn ${info.connected ? 'conn-on' : 'conn-off'}" data-tip="${esc(tip)}" aria-label="${esc(tip)}"></span>`);
  }
  const bank = info.kind === 'human' && typeof info.seat === 'number' ? clockTag(table, info.seat) : '';
  if (bank) tags.push(bank);
  return tags;
}

/** The buttons for the seat's panel: hand it to a bot (another player's), or take it back (mine). */
export function seatControls(seat, { table, me, names }) {
  const controls = [];
  if ((table.can?.stand_in || []).includes(seat)) {
    controls.push(`<button type="button" class="btn btn-small" data-ui="stand-in:${seat}" data-testid="stand-in-${seat}">Let a bot play for ${esc(names[seat])}</button>`);
  }
  if (seat === me && table.can?.reclaim) {
    controls.push('<button type="button" class="btn btn-small btn-primary" data-ui="reclaim" data-testid="reclaim">Take my seat back</button>');
  }
  return controls;
}

/** The viewer's engine seat at this table (null: a spectator, or a seat the game has not given yet). */
export function viewerSeat(table) {
  return table?.you && typeof table.you.seat === 'number' ? table.you.seat : null;
}

/** The action texts the viewer may play now: none unless the game is on and the seat is theirs. */
export function legalTexts(table) {
  return table.status === 'playing' && viewerSeat(table) !== null ? [...(table.legal || [])] : [];
}

/** What identifies the decision in progress: while it stays the same, a page keeps its own state of it. */
export function decisionKey(table) {
  const view = table.view;
  return `${table.seq}|${view?.phase?.name}|${view?.to_move}|${legalTexts(table).join(',')}`;
}

/** The seats in the order the panels show them: the viewer's first, then clockwise. */
export function seatOrder(view, me) {
  const n = view.seats.length;
  const start = me === null ? 0 : me;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}
