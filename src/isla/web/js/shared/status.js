// The status line under the top bar, the same sentence shapes for every game: whose turn it is and
// what the decision asks; each game only says what its decisions are, in words (its own domain's).

import { botLevel, seatLabel } from './html.js';
import { t } from './i18n.js';

/** The seat's name as the table shows it ("You" for the viewer when `you` is set). */
export function seatName(names, seat, me, { you = false } = {}) {
  // i18n: the viewer, where a sentence names the seat to move ("You take the ...")
  if (you && seat === me && me !== null && me !== undefined) return t('You');
  return names[seat] ?? seatLabel(seat);
}

/**
 * {text, mine}. `decision(view)` is the game's [clause for "you", clause for another seat] of the
 * decision in progress ("choose a role", "is choosing a role").
 */
export function statusLine(table, names, me, decision) {
  const view = table.view;
  // i18n: the status line of a table whose seats are not all taken yet
  if (table.status === 'open') return { text: t('Waiting for players to sit down…'), mine: false };
  if (table.status === 'abandoned') return { text: t('This table was abandoned.'), mine: false };
  if (!view) return { text: '', mine: false };
  if (table.status === 'finished' || view.phase?.name === 'over') return { text: t('Game over'), mine: false };
  const seat = view.to_move ?? table.to_move;
  const [mineText, theirs] = decision(view);
  const standIn = (table.seats || []).find((s) => s.seat === me && me !== null && me !== undefined)?.stand_in;
  if (standIn) {
    // i18n: the viewer's seat is played by a bot; {level} is its level (easy, medium, hard)
    return { text: t('A bot ({level}) is playing your seat: take it back to play.', { level: botLevel(standIn) }), mine: false };
  }
  if (seat === me && me !== null && me !== undefined) {
    // i18n: the status line on the viewer's turn; {what} is the game's words for the decision ("choose a role")
    return { text: t('Your turn: {what}.', { what: mineText }), mine: true };
  }
  // i18n: the status line on another seat's turn; {doing} is the game's words ("is choosing a role")
  return { text: t('{name} {doing}.', { name: seatName(names, seat, me), doing: theirs }), mine: false };
}
