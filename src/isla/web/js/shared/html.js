// Small pieces every table page shares, whatever the game: seat colours, and the escaping every
// module uses before it puts text into HTML or SVG (player names come from users).

// One accent per seat (seat 0 first), used for stripes, markers, pieces and the log. The same
// colours are table.css's .seat-0 ... .seat-4 (which set --seat), for HTML that needs no inline style.

import { language, t } from './i18n.js';

export const SEAT_COLOR = ['#b3432f', '#2e6aa8', '#3d8a4c', '#b8862a', '#7b4f9e'];

export function seatColor(seat) {
  return SEAT_COLOR[(Number(seat) || 0) % SEAT_COLOR.length];
}

/** The class that gives an element its seat's colour as --seat (table.css). */
export function seatClass(seat) {
  return `seat-${(Number(seat) || 0) % SEAT_COLOR.length}`;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML/SVG content and attribute values. */
export function esc(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** ` name="value"` pairs for the truthy entries of `attrs` (true gives a bare attribute). */
export function attrs(map) {
  let out = '';
  for (const [name, value] of Object.entries(map)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${esc(value)}"`;
  }
  return out;
}

/** A seat without a name, as the pages show it: "Seat 3" for engine seat 2. */
export function seatLabel(seat) {
  // i18n: a seat nobody has named yet; {n} counts from 1
  return t('Seat {n}', { n: (Number(seat) || 0) + 1 });
}

/** The tag beside the viewer's own name (the score table, the waiting room, the players' panels). */
export function youWord() {
  // i18n: the tag beside the viewer's own name, as in "Ann (you)"
  return t('you');
}

/** A bot level (or kind) as a word of the reader's language: "easy", "medium", "hard". */
export function botLevel(level) {
  // i18n: a bot's level, as in "bot · easy"
  if (level === 'easy') return t('easy');
  // i18n: a bot's level, as in "bot · medium"
  if (level === 'medium') return t('medium');
  // i18n: a bot's level, as in "bot · hard"
  if (level === 'hard') return t('hard');
  return String(level ?? '');
}

/** A bot's name by its level ("Easy bot"); `number` tells apart several bots of one level ("Easy bot 2"). */
export function botName(level, number = null) {
  const n = number;
  const kind = capitalize(level || 'bot');
  if (level === 'easy') {
    // i18n: the name of a bot seat of the easy level
    if (n === null) return t('Easy bot');
    // i18n: one of several easy bots at a table; {n} counts them from 1
    return t('Easy bot {n}', { n });
  }
  if (level === 'medium') {
    // i18n: the name of a bot seat of the medium level
    if (n === null) return t('Medium bot');
    // i18n: one of several medium bots at a table; {n} counts them from 1
    return t('Medium bot {n}', { n });
  }
  if (level === 'hard') {
    // i18n: the name of a bot seat of the hard level
    if (n === null) return t('Hard bot');
    // i18n: one of several hard bots at a table; {n} counts them from 1
    return t('Hard bot {n}', { n });
  }
  // i18n: the name of a bot seat of another kind; {kind} is its name in the code ("Random")
  if (n === null) return t('{kind} bot', { kind });
  // i18n: one of several bots of another kind ("Random bot 2")
  return t('{kind} bot {n}', { kind, n });
}

/** A number in the reader's language (digits and separators as they write them). */
export function numberText(n) {
  return typeof n === 'number' ? new Intl.NumberFormat(language()).format(n) : String(n ?? '');
}

export function capitalize(text) {
  const s = String(text ?? '');
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "1 doubloon", "3 doubloons". */
export function count(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

/** A name from the notation made readable when the catalog has no label: "small-market" -> "Small market". */
export function humanize(name) {
  return capitalize(String(name ?? '').replace(/-/g, ' '));
}

/** A button for the prompt or the fallback list (`map` holds its data-* hooks). */
export function button(label, map, cls = 'btn') {
  return `<button type="button"${attrs({ class: cls, ...map })}>${label}</button>`;
}
