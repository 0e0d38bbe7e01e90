// A game's view (the JSON its `view(seat)` gives) drawn as a reader expects, whatever the game:
// numbers and words as facts with their labels, lists of like records as tables, lists of plain
// values as chips, and deeper structure as labelled sections. The seats' own data (`view.seats`) is
// drawn by board.js as one panel per player; this module draws any value.
//
// Every value carries data-k (its path in the view) and data-v (the value), as on the games' own
// boards: the page makes a pushed change glow, and the tests compare boards by them.

import { esc, seatLabel } from '/static/js/shared/html.js';
import { t } from '/static/js/shared/i18n.js';
import { NOTHING, label, noneWord, valueWords, yesNo } from './words.js';

// The view's bookkeeping, which the page shows elsewhere (the top bar, the player panels, the moves'
// buttons) or not at all.
export const HIDDEN = new Set(['game', 'schema', 'players', 'seat', 'to_move', 'seats', 'round', 'options', 'legal']);
const MAX_COLUMNS = 8;

const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isPlain = (v) => v === null || v === undefined || typeof v !== 'object';
const isPlainList = (v) => Array.isArray(v) && v.every(isPlain);
const plainRecord = (v) => isRecord(v) && Object.values(v).every((x) => isPlain(x) || isPlainList(x));

function columnsOf(records) {
  const keys = [];
  for (const record of records) for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/** A key whose whole-number values are seats: `seat`, `*_seat`, or one the game lists in its words. */
function seatKey(key, ctx) {
  const k = String(key ?? '');
  return k === 'seat' || k.endsWith('_seat') || ctx.words.seatKeys.has(k);
}

/**
 * The entries of the view that hold one value per seat, which the players' panels show: `seats`
 * (a record per seat) if the view has it, else the lists of plain values as long as there are
 * seats (the game's words may name them instead: `per_seat`).
 */
export function perSeatKeys(view, players, words) {
  if (Array.isArray(view.seats)) return [];
  if (words.perSeat) return words.perSeat.filter((key) => Array.isArray(view[key]));
  return Object.keys(view).filter((key) => !HIDDEN.has(key) && Array.isArray(view[key])
    && view[key].length === players && view[key].every(isPlain));
}

/** What the view says of one seat: its `seats` entry, or its value in each per-seat list. */
export function seatData(view, seat, keys) {
  if (Array.isArray(view.seats)) return view.seats[seat];
  return Object.fromEntries(keys.map((key) => [key, view[key][seat]]));
}

export function seatChip(seat, ctx, path = null) {
  const own = ctx.names[seat] ?? seatLabel(seat);
  // i18n: the viewer's seat in a game's view on the generic board, as in "Ben (you)"
  const name = seat === ctx.me ? t('{name} (you)', { name: own }) : own;
  const hook = path === null ? '' : ` data-k="g:${esc(path)}" data-v="${seat}"`;
  return `<span class="g-seat seat-${seat % 5}${seat === ctx.me ? ' g-seat-me' : ''}"${hook}>${esc(name)}</span>`;
}

/** One plain value: a number, a word, yes/no, or a dash for nothing (or hidden). */
export function leaf(value, path, key, ctx) {
  if (typeof value === 'number' && seatKey(key, ctx) && Number.isInteger(value) && value >= 0
    && value < ctx.names.length) {
    return seatChip(value, ctx, path);
  }
  let text;
  let kind;
  if (value === null || value === undefined) [text, kind] = [NOTHING, 'g-empty'];
  else if (typeof value === 'boolean') [text, kind] = [yesNo(value), value ? 'g-yes' : 'g-no'];
  else if (typeof value === 'number') [text, kind] = [String(value), 'g-num'];
  else [text, kind] = [valueWords(ctx.words, value), 'g-word'];
  return `<span class="g-value ${kind}" data-k="g:${esc(path)}" data-v="${esc(String(value ?? ''))}">${esc(text)}</span>`;
}

function chips(list, path, key, ctx) {
  if (!list.length) return `<span class="g-value g-empty" data-k="g:${esc(path)}" data-v="0">${esc(noneWord())}</span>`;
  return `<ul class="g-chips">${list.map((v, i) => `<li>${leaf(v, `${path}.${i}`, key, ctx)}</li>`).join('')}</ul>`;
}

/** Records of like shape as a table: one row each, a column per field (numbers to the right). */
function recordTable(rows, path, ctx, rowLabels = null) {
  const columns = columnsOf(rows.map(([, record]) => record));
  const numeric = new Set(columns.filter((c) => !seatKey(c, ctx)
    && rows.every(([, record]) => typeof record[c] === 'number' || record[c] === null || record[c] === undefined)));
  const cls = (c) => (numeric.has(c) ? ' class="g-col-num"' : '');
  const head = `${rowLabels ? '<th scope="col"></th>' : ''}${columns.map((c) => `<th scope="col"${cls(c)}>${esc(label(ctx.words, c))}</th>`).join('')}`;
  const body = rows.map(([key, record]) => {
    const cells = columns.map((c) => `<td${cls(c)}>${value(record[c], `${path}.${key}.${c}`, c, ctx, 2)}</td>`).join('');
    return `<tr>${rowLabels ? `<th scope="row">${esc(label(ctx.words, key))}</th>` : ''}${cells}</tr>`;
  });
  return `<div class="g-table-wrap"><table class="g-table"><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

/** A record's plain entries as labelled facts (a list of plain values shows as chips). */
export function facts(entries, path, ctx) {
  if (!entries.length) return '';
  return `<dl class="g-facts">${entries.map(([key, v]) => `<div class="g-fact"><dt>${esc(label(ctx.words, key))}</dt>`
    + `<dd>${Array.isArray(v) ? chips(v, `${path}.${key}`, key, ctx) : leaf(v, `${path}.${key}`, key, ctx)}</dd></div>`).join('')}</dl>`;
}

function tableFits(records) {
  return records.length > 0 && records.every(isRecord) && columnsOf(records).length <= MAX_COLUMNS
    && records.every((r) => Object.values(r).every((x) => isPlain(x) || isPlainList(x) || plainRecord(x)));
}

/** Any value of the view, drawn by its shape. `depth` sets the size of nested headings. */
export function value(v, path, key, ctx, depth = 1) {
  if (isPlain(v)) return leaf(v, path, key, ctx);
  if (Array.isArray(v)) {
    if (v.every(isPlain)) return chips(v, path, key, ctx);
    if (tableFits(v)) return recordTable(v.map((r, i) => [i, r]), path, ctx);
    return `<ol class="g-list">${v.map((item, i) => `<li>${value(item, `${path}.${i}`, key, ctx, depth + 1)}</li>`).join('')}</ol>`;
  }
  return record(v, path, ctx, depth);
}

/** A record: its plain entries as facts, a set of like records as one table, the rest as sections. */
export function record(v, path, ctx, depth = 1) {
  const entries = Object.entries(v);
  if (!entries.length) return `<span class="g-value g-empty" data-k="g:${esc(path)}" data-v="">${esc(noneWord())}</span>`;
  const nested = entries.filter(([, x]) => !(isPlain(x) || isPlainList(x)));
  if (nested.length === entries.length && entries.length > 1 && tableFits(entries.map(([, x]) => x))
    && entries.every(([, x]) => isRecord(x))) {
    return recordTable(entries, path, ctx, true);
  }
  const plain = entries.filter(([, x]) => isPlain(x) || isPlainList(x));
  const level = Math.min(depth + 3, 6);
  const sections = nested.map(([key, x]) => `<section class="g-sub"><h${level} class="g-sub-title">${esc(label(ctx.words, key))}</h${level}>`
    + `${value(x, `${path}.${key}`, key, ctx, depth + 1)}</section>`);
  return facts(plain, path, ctx) + sections.join('');
}
