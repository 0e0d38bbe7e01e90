// The score table at the end of any game: one row per seat in rank order (seats sharing a place are
// shown as sharing it), the game's own breakdown columns, the total and the tie-break. Each game
// says which breakdown entries to show and how to explain its tie-break and its end triggers.

import { esc, seatClass } from './html.js';
import { RATING_WORDS, standingColumns } from './ratings.js';

function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] || s[v] || s[0]}`;
}

/**
 * `layout` is the game's: `columns` ([breakdown key, heading] pairs), `tiebreak(b)` (the words
 * after the tie-break number, or ''), and `triggers` (end trigger -> words for "because ...").
 * A game whose tie-break number is only a ranking key gives `tiebreakColumns` instead: the
 * breakdown entries the tie-break is made of, shown in its place ([] for no tie-break column).
 * `standings` (the table's, when the server sent them) add each seat's win and, for a ranked
 * game, its rating change and ladder points (shared/ratings.js).
 */
export function renderScore(result, names, me, layout, standings = null) {
  if (!result) return '';
  const extra = standingColumns(standings);
  const { columns = [], tiebreak = () => '', tiebreakColumns = null, triggers: words = {} } = layout || {};
  const seats = (result.scores || []).map((_, seat) => seat);
  const ranks = result.ranks || [];
  seats.sort((a, b) => (ranks[a] - ranks[b]) || (a - b));
  const shared = (seat) => ranks.filter((r) => r === ranks[seat]).length > 1;
  const lost = result.nobody_wins === true; // everyone lost: nobody is shown as the winner
  const rows = seats.map((seat) => {
    const b = (result.breakdown || [])[seat] || {};
    const rank = ranks[seat];
    const place = `${ordinal(rank)}${shared(seat) ? ' (shared)' : ''}`;
    const why = tiebreak(b);
    return `<tr class="${seatClass(seat)}${seat === me ? ' score-me' : ''}${rank === 1 && !lost ? ' score-winner' : ''}" data-testid="score-row-${seat}">`
      + `<td class="score-rank">${esc(place)}</td>`
      + `<th scope="row" class="score-name">${esc(names[seat] ?? `Seat ${seat + 1}`)}${seat === me ? ' <span class="tag tag-you">you</span>' : ''}</th>`
      + columns.map(([key]) => `<td data-testid="score-${esc(key)}-${seat}">${esc(b[key] ?? '')}</td>`).join('')
      + `<td class="score-total">${b.total ?? result.scores[seat]}</td>`
      + (tiebreakColumns
        ? tiebreakColumns.map(([key]) => `<td class="score-tb" data-testid="score-${esc(key)}-${seat}">${esc(b[key] ?? '')}</td>`).join('')
        : `<td class="score-tb">${b.tiebreak ?? result.tiebreaks?.[seat] ?? ''}${why ? ` <small>(${esc(why)})</small>` : ''}</td>`)
      + (extra ? extra.cells(seat) : '')
      + '</tr>';
  });
  const triggers = (result.end_triggers || []).map((t) => words[t] || t).join('; ');
  const heads = columns.map(([, head]) => `<th>${esc(head)}</th>`).join('');
  const tbHeads = tiebreakColumns ? tiebreakColumns.map(([, head]) => `<th>${esc(head)}</th>`).join('') : '<th>Tie-break</th>';
  return `<section class="score" data-testid="score-table" aria-label="Final scores">
    <h2>Final scores</h2>
    ${triggers ? `<p class="score-why">The game ended because ${esc(triggers)}.</p>` : ''}
    ${lost ? '<p class="score-why" data-testid="nobody-wins"><strong>Nobody wins:</strong> every player lost this game.</p>' : ''}
    <table>
      <thead><tr><th>Place</th><th>Player</th>${heads}<th>Total</th>${tbHeads}${extra ? extra.heads : ''}</tr></thead>
      <tbody>${rows.join('')}</tbody>
    </table>
    ${extra?.rated ? `<p class="score-why" data-testid="score-ranked">${esc(RATING_WORDS.ranked)}</p>` : ''}
  </section>`;
}

/**
 * The ways on under the final scores, whatever the game: back to the lobby, the replay and the
 * game record (for everyone: the game is over), and for the table's players the same seats again
 * (`data-ui="again"`: the table page asks the server). Once someone has set the same seats up again (`table.again`), the others are told and join with one click.
 */
export function scoreWayOn(table, me) {
  const id = encodeURIComponent(table.id);
  const key = esc(location.search); // a private table's invite key (?key=) goes along
  const lobby = '<a class="btn" href="/" data-testid="back-to-lobby">Back to the lobby</a>'
    + `<a class="btn" href="/tables/${esc(id)}/replay${key}" data-testid="replay-link">Replay</a>`
    + `<a class="btn btn-quiet" href="/api/tables/${esc(id)}/record${key}" download="isla-${esc(id)}.json" data-testid="download-record">Download record</a>`;
  if (me === null || me === undefined) return `<div class="score-next">${lobby}</div>`;
  const label = table.again ? 'Join the new table' : 'Play again with the same seats';
  const note = table.again
    ? '<p class="score-again" data-testid="again-waiting">A new table with the same seats is waiting for you.</p>'
    : '';
  return `<div class="score-next">${note}<button type="button" class="btn btn-primary" data-ui="again" data-testid="play-again">${label}</button>${lobby}</div>`;
}
