// Small shared pieces of the Puerto Rico table: names of things in game order, colours and icons.
// The game-independent helpers (escaping, seat colours) live in ../shared/html.js and are passed on
// from here, so the Puerto Rico modules import everything from one place.

import { attrs, esc } from '/static/js/shared/html.js';

export {
  SEAT_COLOR, attrs, capitalize, esc, humanize, seatClass, seatColor,
} from '/static/js/shared/html.js';

export const GOODS = ['corn', 'indigo', 'sugar', 'tobacco', 'coffee'];
export const TILE_KINDS = [...GOODS, 'quarry'];

// Barrel and tile colours: our own palette, chosen so each good reads at a glance on paper tones.
export const GOOD_COLOR = {
  corn: '#e4bd34',
  indigo: '#34479a',
  sugar: '#f4f1e7',
  tobacco: '#9c6a3a',
  coffee: '#3d2b21',
  quarry: '#8e8b83',
};
export const GOOD_INK = {
  corn: '#3b2f06',
  indigo: '#ffffff',
  sugar: '#3a3a3a',
  tobacco: '#ffffff',
  coffee: '#ffffff',
  quarry: '#ffffff',
};

// Each good's own mark, drawn on its barrels and plantations in the good's ink colour, so that goods
// are told apart by shape as well as by colour (tobacco and coffee are both brown): corn rows of
// kernels, an indigo diamond, a sugar cube, a tobacco leaf point, a round coffee bean. Paths in a
// unit box centred on 0, scaled by goodMark.
const MARK_PATH = {
  corn: 'M-0.42 -0.4 H0.42 V-0.2 H-0.42 Z M-0.42 -0.1 H0.42 V0.1 H-0.42 Z M-0.42 0.2 H0.42 V0.4 H-0.42 Z',
  indigo: 'M0 -0.5 L0.45 0 L0 0.5 L-0.45 0 Z',
  sugar: 'M-0.38 -0.38 H0.38 V0.38 H-0.38 Z',
  tobacco: 'M0 -0.48 L0.48 0.42 H-0.48 Z',
  coffee: 'M0.42 0 A0.42 0.42 0 1 1 -0.42 0 A0.42 0.42 0 1 1 0.42 0 Z',
};

/** The mark of `good` (see MARK_PATH) as an SVG path of size `s` centred at (cx, cy), or ''. */
export function goodMark(good, cx, cy, s) {
  const d = MARK_PATH[good];
  if (!d) return '';
  return `<path d="${d}" transform="translate(${cx} ${cy}) scale(${s})" fill="${GOOD_INK[good]}" class="good-mark"/>`;
}

// Glyph widths (in ems) of the bold labels, by kind of character, measured on a wide sans serif
// (DejaVu Sans, Debian's default for system-ui); narrower fonts only make the estimate generous.
const NARROW = new Set(" .,:;!'|iljI");
const SEMI = new Set('frt-()[]/');
const WIDE = new Set('mwMW');

/** An estimate of a text's width in SVG user units: wrap or squeeze beyond it, and it never overflows. */
export function textWidth(text, size) {
  let ems = 0;
  for (const c of String(text)) {
    if (NARROW.has(c)) ems += 0.37;
    else if (SEMI.has(c)) ems += 0.5;
    else if (WIDE.has(c)) ems += 1.05;
    else if (c >= 'A' && c <= 'Z') ems += 0.8;
    else ems += 0.72;
  }
  return ems * size;
}

/** `text` in at most two lines of at most `max` units at `size` (words kept whole where they fit). */
export function wrapText(text, size, max) {
  const words = String(text).split(' ');
  if (words.length < 2 || textWidth(text, size) <= max) return [String(text)];
  let first = words[0];
  let i = 1;
  while (i < words.length - 1 && textWidth(`${first} ${words[i]}`, size) <= max) {
    first = `${first} ${words[i]}`;
    i += 1;
  }
  return [first, words.slice(i).join(' ')];
}

/** An SVG <text> that is compressed (never cut) when it would be wider than `max`. */
export function svgText(x, y, text, { size = 10, max = 0, cls = '', anchor = 'start', weight = '' } = {}) {
  const squeeze = max > 0 && textWidth(text, size) > max;
  return `<text${attrs({
    x, y, class: cls || null, 'font-size': size, 'text-anchor': anchor === 'start' ? null : anchor,
    'font-weight': weight || null,
    textLength: squeeze ? max : null, lengthAdjust: squeeze ? 'spacingAndGlyphs' : null,
  })}>${esc(text)}</text>`;
}

/** A colonist piece: a dark disc with a soft highlight. */
export function colonistSvg(cx, cy, r, extra = {}) {
  const cls = extra.class ? `colonist ${extra.class}` : 'colonist';
  return `<g${attrs({ ...extra, class: cls })}><circle cx="${cx}" cy="${cy}" r="${r}" class="colonist-body"/>`
    + `<circle cx="${cx - r * 0.3}" cy="${cy - r * 0.35}" r="${r * 0.35}" class="colonist-shine"/></g>`;
}

/** An empty colonist circle (a free place on a tile or a building). */
export function circleSvg(cx, cy, r, extra = {}) {
  const cls = extra.class ? `place-ring ${extra.class}` : 'place-ring';
  return `<circle${attrs({ cx, cy, r, ...extra, class: cls })}/>`;
}

/** A barrel of a good, drawn upright in a w×h box at (x, y). */
export function barrelSvg(x, y, w, h, good, extra = {}) {
  const fill = GOOD_COLOR[good] || '#ccc';
  const rx = w * 0.28;
  const cls = `barrel barrel-${good}${extra.class ? ` ${extra.class}` : ''}`;
  return `<g${attrs({ ...extra, class: cls })}>`
    + `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" class="barrel-body"/>`
    + `<line x1="${x + 1}" y1="${y + h * 0.16}" x2="${x + w - 1}" y2="${y + h * 0.16}" class="barrel-hoop"/>`
    + `<line x1="${x + 1}" y1="${y + h * 0.84}" x2="${x + w - 1}" y2="${y + h * 0.84}" class="barrel-hoop"/>`
    + `${goodMark(good, x + w / 2, y + h / 2, Math.min(w * 0.78, h * 0.55))}</g>`;
}

/** A small inline barrel icon for HTML (chips, buttons, the log). */
export function barrelIcon(good, size = 14) {
  return `<svg class="icon" viewBox="0 0 10 13" width="${size * 0.77}" height="${size}" aria-hidden="true">`
    + `${barrelSvg(0.5, 0.5, 9, 12, good)}</svg>`;
}

/** A doubloon icon for HTML. */
export function coinIcon(size = 14) {
  return `<svg class="icon" viewBox="0 0 12 12" width="${size}" height="${size}" aria-hidden="true">`
    + '<circle cx="6" cy="6" r="5.3" class="coin"/><circle cx="6" cy="6" r="3.3" class="coin-inner"/></svg>';
}

/** A colonist icon for HTML. */
export function colonistIcon(size = 12) {
  return `<svg class="icon" viewBox="0 0 12 12" width="${size}" height="${size}" aria-hidden="true">`
    + `${colonistSvg(6, 6, 5)}</svg>`;
}

/** A VP chip icon for HTML. */
export function vpIcon(size = 14) {
  return `<svg class="icon" viewBox="0 0 14 12" width="${size}" height="${size * 0.86}" aria-hidden="true">`
    + '<path d="M7 0.7 L13.3 6 L7 11.3 L0.7 6 Z" class="vp-chip"/></svg>';
}
