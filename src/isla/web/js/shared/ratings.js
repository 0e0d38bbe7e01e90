// Ratings beside names and in the final scores, whatever the game: the server sends each seat's
// `rating` ({rating, games, provisional}, or null for nobody's account) and a finished table's
// `standings` (place, win, and at a ranked table the rating before and after, its change and the
// ladder points; docs/api.md, "Ratings at the table"). Every word these show is here.

import { esc } from './html.js';

export const RATING_WORDS = {
  tip: 'Rating in this game',
  provisional: 'provisional',
  provisionalTip: 'provisional: too few rated games yet',
  won: 'Won',
  yes: 'yes',
  no: 'no',
  rating: 'Rating',
  points: 'Points',
  ranked: 'Ranked game: ratings and ladder points changed as shown.',
};

/** The rating's text: "1523", and "1523?" while provisional (the title says what the mark means). */
export function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? '?' : ''}`;
}

/** The tooltip of a rating: "Rating in this game: 1523 (provisional: too few rated games yet)". */
export function ratingTip(rating) {
  return `${RATING_WORDS.tip}: ${rating.rating}${rating.provisional ? ` (${RATING_WORDS.provisionalTip})` : ''}`;
}

/** A tag for a player panel: the seat's rating, or nothing for a seat without one. */
export function ratingTag(info) {
  const rating = info?.rating;
  if (!rating) return null;
  const seat = typeof info.seat === 'number' ? info.seat : info.slot;
  return `<span class="tag tag-rating${rating.provisional ? ' tag-provisional' : ''}" data-testid="rating-${seat}" data-tip="${esc(ratingTip(rating))}" aria-label="${esc(ratingTip(rating))}">${esc(ratingText(rating))}</span>`;
}

function signed(n) {
  if (n > 0) return `+${n}`;
  return n < 0 ? `−${-n}` : '±0';
}

/**
 * The extra columns of the final scores: heads and, per seat, cells. `Won` always (when the table
 * has standings); `Rating` (before → after, ±change) and `Points` when the game was rated.
 */
export function standingColumns(standings) {
  if (!Array.isArray(standings) || !standings.length) return null;
  const bySeat = new Map(standings.map((s) => [s.seat, s]));
  const rated = standings.some((s) => s.change !== null && s.change !== undefined);
  const heads = `<th>${esc(RATING_WORDS.won)}</th>${rated ? `<th>${esc(RATING_WORDS.rating)}</th><th>${esc(RATING_WORDS.points)}</th>` : ''}`;
  const cells = (seat) => {
    const s = bySeat.get(seat);
    if (!s) return `<td></td>${rated ? '<td></td><td></td>' : ''}`;
    const won = `<td class="score-won" data-testid="score-won-${seat}">${esc(s.won ? RATING_WORDS.yes : RATING_WORDS.no)}</td>`;
    if (!rated) return won;
    const change = s.change === null ? ''
      : `${s.rating_before} → ${s.rating_after} (${signed(s.change)})`;
    return `${won}<td class="score-rating" data-testid="score-rating-${seat}">${esc(change)}</td>`
      + `<td class="score-points" data-testid="score-points-${seat}">${esc(s.points ?? '')}</td>`;
  };
  return { heads, cells, rated };
}
