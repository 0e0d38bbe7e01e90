// A player's city: 12 spaces in a 4×3 grid; a large building takes two spaces side by side. Buildings
// are laid out in board order (positions carry no rule meaning): small ones row by row from the top
// left, large ones in pairs of spaces from the bottom right, so any legal city fits.

import { buildingTip } from './catalog.js';
import { GOOD_COLOR, attrs, circleSvg, colonistSvg, svgText, textWidth, wrapText } from './util.js';
import { colonists as colonistCount } from './nouns.js';
import { say } from './words.js';

export const CELL_W = 84;
export const CELL_H = 36;
export const GAP = 4;
export const COLS = 4;
export const ROWS = 3;
const LABEL_SIZE = 10.5;
const LABEL_SIZE_2 = 9.4;
export const WIDTH = COLS * CELL_W + (COLS - 1) * GAP;
export const HEIGHT = ROWS * CELL_H + (ROWS - 1) * GAP;

/** [{name, row, col, span}] for the owned buildings, plus [{row, col}] for the empty spaces. */
export function layoutCity(names, catalog) {
  const large = names.filter((n) => catalog.buildings.get(n)?.size === 2);
  const small = names.filter((n) => catalog.buildings.get(n)?.size !== 2);
  const taken = new Set();
  const placed = [];
  // Pair slots from the bottom right: (2, 2-3), (2, 0-1), (1, 2-3), ...
  large.forEach((name, i) => {
    const row = ROWS - 1 - Math.floor(i / 2);
    const col = i % 2 === 0 ? 2 : 0;
    if (row < 0) return;
    taken.add(row * COLS + col);
    taken.add(row * COLS + col + 1);
    placed.push({ name, row, col, span: 2 });
  });
  let cell = 0;
  for (const name of small) {
    while (taken.has(cell)) cell += 1;
    if (cell >= ROWS * COLS) break;
    taken.add(cell);
    placed.push({ name, row: Math.floor(cell / COLS), col: cell % COLS, span: 1 });
  }
  const empty = [];
  for (let i = 0; i < ROWS * COLS; i += 1) {
    if (!taken.has(i)) empty.push({ row: Math.floor(i / COLS), col: i % COLS });
  }
  return { placed, empty };
}

function fillFor(info) {
  if (info.size === 2) return 'bldg-large';
  return info.good ? 'bldg-production' : 'bldg-violet';
}

/**
 * SVG for a city at (x0, y0). `colonists(name)` gives the colonists drawn on a building (the view's,
 * or the arrangement being tried); `placing` is the Arrangement while the player arranges (free
 * circles take a colonist, colonists go back on click); `hot(name)` may return extra attributes
 * making a building clickable for another reason (the hacienda, the wharf).
 */
export function renderCity(x0, y0, seatView, catalog, { colonists, placing = null, hot = () => null, keyPrefix = '' } = {}) {
  const city = seatView?.city || {};
  const names = catalog.buildingOrder.filter((n) => n in city);
  for (const n of Object.keys(city)) if (!names.includes(n)) names.push(n);
  const { placed, empty } = layoutCity(names, catalog);
  const count = colonists || ((n) => city[n] ?? 0);
  let out = `<g class="city" transform="translate(${x0} ${y0})">`;
  for (const { row, col } of empty) {
    const x = col * (CELL_W + GAP);
    const y = row * (CELL_H + GAP);
    out += `<rect x="${x + 0.5}" y="${y + 0.5}" width="${CELL_W - 1}" height="${CELL_H - 1}" rx="3" class="space-empty"/>`;
  }
  for (const { name, row, col, span } of placed) {
    const info = catalog.buildings.get(name) || { label: name, capacity: 1, size: 1, good: '' };
    const x = col * (CELL_W + GAP);
    const y = row * (CELL_H + GAP);
    const w = span * CELL_W + (span - 1) * GAP;
    const n = count(name);
    const canPut = Boolean(placing && placing.canPut(name));
    const extra = canPut ? { 'data-ui': `put:${name}`, 'data-testid': `put-${name}` } : hot(name);
    const isHot = Boolean(extra);
    // i18n: a building read aloud: its name, and how many of its colonist places are taken
    const spoken = say('{building}, {n} of {places}', { building: info.label, n, places: colonistCount(info.capacity) });
    const sendBack = say('send a colonist on the {building} back to San Juan', { building: info.label });
    out += `<g${attrs({
      class: `bldg ${fillFor(info)}${isHot ? ' hot' : ''}`,
      'data-tip': buildingTip(catalog, name),
      'data-k': `${keyPrefix}b-${name}`,
      'data-v': String(n),
      role: isHot ? 'button' : null,
      tabindex: isHot ? 0 : null,
      'aria-label': spoken,
      ...(extra || {}),
    })}>`;
    out += `<rect x="${x}" y="${y}" width="${w}" height="${CELL_H}" rx="3" class="bldg-bg"/>`;
    const stripe = info.good ? GOOD_COLOR[info.good] : null;
    out += `<rect x="${x}" y="${y}" width="6" height="${CELL_H}" rx="2" class="bldg-stripe"${stripe ? ` fill="${stripe}"` : ''}/>`;
    // The full name, on two lines (a little smaller, the circles lower) when one is too short.
    const room = w - 12;
    const fits = textWidth(info.label, LABEL_SIZE) <= room;
    const size = fits ? LABEL_SIZE : LABEL_SIZE_2;
    const lines = fits ? [info.label] : wrapText(info.label, size, room);
    const two = lines.length > 1;
    lines.forEach((line, i) => {
      out += svgText(x + 10, y + (two ? 10.5 + i * 9.5 : 13.5), line, { size, max: room, cls: 'bldg-label' });
    });
    const r = two ? 4.6 : 5.5;
    for (let i = 0; i < info.capacity; i += 1) {
      const cx = x + 17 + i * (two ? 13 : 15);
      const cy = y + (two ? 30 : 26);
      if (i < n) {
        const take = placing && placing.canTake(name) ? {
          'data-ui': `take:${name}`,
          'data-testid': i === 0 ? `take-${name}` : null,
          class: 'hot-piece',
          role: 'button',
          'aria-label': sendBack,
        } : {};
        out += colonistSvg(cx, cy, r, take);
      } else {
        out += circleSvg(cx, cy, r);
      }
    }
    out += '</g>';
  }
  return `${out}</g>`;
}
