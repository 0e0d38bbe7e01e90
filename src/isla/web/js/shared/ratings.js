// Ratings beside names and in the final scores, whatever the game: the server sends each seat's
// `rating` ({rating, games, provisional}, or null for nobody's account) and a finished table's
// `standings` (place, win, and at a ranked table the rating before and after, its change and the
// ladder points; docs/api.md, "Ratings at the table"). Every word these show is here, in the
// page's language (shared/i18n.js), and so are the places and dates of the ratings pages.

import { esc } from './html.js';
import { language, t } from './i18n.js';

// The words, looked up when shown (the page's language may change); score.js reads `ranked`.
export const RATING_WORDS = {
  // i18n: the column of the final scores saying whether a seat won
  get won() { return t('Won'); },
  // i18n: a seat won (the final scores' Won column)
  get yes() { return t('yes'); },
  // i18n: a seat did not win (the final scores' Won column)
  get no() { return t('no'); },
  // i18n: a column heading: a player's rating in a game
  get rating() { return t('Rating'); },
  // i18n: a column heading: the ladder points of a season
  get points() { return t('Points'); },
  get ranked() { return t('Ranked game: ratings and ladder points changed as shown.'); },
};

/** The rating's text: "1523", and "1523?" while provisional (the title says what the mark means). */
export function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? '?' : ''}`;
}

/** The tooltip of a rating: "Rating in this game: 1523 (provisional: too few rated games yet)". */
export function ratingTip(rating) {
  return rating.provisional
    ? t('Rating in this game: {rating} (provisional: too few rated games yet)', { rating: rating.rating })
    : t('Rating in this game: {rating}', { rating: rating.rating });
}

/** A place in a game's order: "1st", "2nd" in English, "1." in German, "第1" in Chinese. */
export function place(n) {
  const kind = new Intl.PluralRules(language(), { type: 'ordinal' }).select(n);
  // i18n: a place in a game (English: 1st, 21st); write it as your language writes every place
  if (kind === 'one') return t('{n}st', { n });
  // i18n: a place in a game (English: 2nd, 22nd); write it as your language writes every place
  if (kind === 'two') return t('{n}nd', { n });
  // i18n: a place in a game (English: 3rd, 23rd); write it as your language writes every place
  if (kind === 'few') return t('{n}rd', { n });
  // i18n: a place in a game (English: 4th, 11th, 12th); write it as your language writes every place
  return t('{n}th', { n });
}

/** A date and time of the API (ISO 8601, UTC) as the page's language writes it, or a dash (the
 * ratings pages, My games). */
export function dateText(iso) {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
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
