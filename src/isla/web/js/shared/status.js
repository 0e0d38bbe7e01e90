// The status line under the top bar, the same sentence shapes for every game: whose turn it is and
// what the decision asks; each game only says what its decisions are, in words.

/** The seat's name as the table shows it ("You" for the viewer when `you` is set). */
export function seatName(names, seat, me, { you = false } = {}) {
  if (you && seat === me && me !== null && me !== undefined) return 'You';
  return names[seat] ?? `Seat ${seat + 1}`;
}

/**
 * {text, mine}. `decision(view)` is the game's [clause for "you", clause for another seat] of the
 * decision in progress ("choose a role", "is choosing a role").
 */
export function statusLine(table, names, me, decision) {
  const view = table.view;
  if (table.status === 'open') return { text: 'Waiting for players to sit down…', mine: false };
  if (table.status === 'abandoned') return { text: 'This table was abandoned.', mine: false };
  if (!view) return { text: '', mine: false };
  if (table.status === 'finished' || view.phase?.name === 'over') return { text: 'The game is over.', mine: false };
  const seat = view.to_move ?? table.to_move;
  const [mineText, theirs] = decision(view);
  const standIn = (table.seats || []).find((s) => s.seat === me && me !== null && me !== undefined)?.stand_in;
  if (standIn) return { text: `A ${standIn} bot is playing your seat: take it back to play.`, mine: false };
  if (seat === me && me !== null && me !== undefined) return { text: `Your turn: ${mineText}.`, mine: true };
  return { text: `${seatName(names, seat, me)} ${theirs}.`, mine: false };
}
