// The score table at the end: per seat shipping VP, building VP, large-building bonuses, total,
// the tie-break (doubloons + goods) and the rank; seats sharing a place are shown as sharing it.

import { esc, seatColor } from './util.js';
import { TRIGGER_WORDS } from './words.js';

function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] || s[v] || s[0]}`;
}

export function renderScore(result, names, me) {
  if (!result) return '';
  const seats = (result.scores || []).map((_, seat) => seat);
  const ranks = result.ranks || [];
  seats.sort((a, b) => (ranks[a] - ranks[b]) || (a - b));
  const shared = (seat) => ranks.filter((r) => r === ranks[seat]).length > 1;
  const rows = seats.map((seat) => {
    const b = (result.breakdown || [])[seat] || {};
    const rank = ranks[seat];
    const place = `${ordinal(rank)}${shared(seat) ? ' (shared)' : ''}`;
    return `<tr class="${seat === me ? 'score-me' : ''}${rank === 1 ? ' score-winner' : ''}" style="--seat: ${seatColor(seat)}" data-testid="score-row-${seat}">`
      + `<td class="score-rank">${esc(place)}</td>`
      + `<th scope="row" class="score-name">${esc(names[seat] ?? `Seat ${seat + 1}`)}${seat === me ? ' <span class="tag tag-you">you</span>' : ''}</th>`
      + `<td>${b.shipping ?? ''}</td><td>${b.buildings ?? ''}</td><td>${b.bonus ?? ''}</td>`
      + `<td class="score-total">${b.total ?? result.scores[seat]}</td>`
      + `<td class="score-tb">${b.tiebreak ?? result.tiebreaks?.[seat] ?? ''}`
      + `${b.doubloons !== undefined ? ` <small>(${b.doubloons} doubloons + ${b.goods} goods)</small>` : ''}</td></tr>`;
  });
  const triggers = (result.end_triggers || []).map((t) => TRIGGER_WORDS[t] || t).join('; ');
  return `<section class="score" data-testid="score-table" aria-label="Final scores">
    <h2>Final scores</h2>
    ${triggers ? `<p class="score-why">The game ended because ${esc(triggers)}.</p>` : ''}
    <table>
      <thead><tr><th>Place</th><th>Player</th><th>Shipping</th><th>Buildings</th><th>Large-building bonus</th><th>Total</th><th>Tie-break</th></tr></thead>
      <tbody>${rows.join('')}</tbody>
    </table>
  </section>`;
}
