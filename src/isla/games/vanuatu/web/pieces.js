// The Vanuatu pieces as small SVG drawings of our own: huts, boats, discs, goods cubes, tourists,
// sand drawings, and the same as inline icons for HTML (panels, buttons, the demand display).

import { attrs, esc } from '/static/js/shared/html.js';

export const GOOD_COLOR = { kava: '#7fa84a', copra: '#e6d6ab', beef: '#b4493a' };

export function hutSvg(x, y, fill, extra = {}) {
  return `<path${attrs({ ...extra, d: `M${x - 4.5} ${y + 4} V${y - 0.5} L${x} ${y - 5} L${x + 4.5} ${y - 0.5} V${y + 4} Z`, fill, class: `hut${extra.class ? ` ${extra.class}` : ''}` })}/>`;
}

export function emptyHutSvg(x, y) {
  return `<path d="M${x - 4.5} ${y + 4} V${y - 0.5} L${x} ${y - 5} L${x + 4.5} ${y - 0.5} V${y + 4} Z" class="hut-space"/>`;
}

export function boatSvg(x, y, fill, extra = {}) {
  return `<g${attrs({ ...extra, class: `boat${extra.class ? ` ${extra.class}` : ''}` })}>`
    + `<path d="M${x - 7} ${y} H${x + 7} L${x + 4.5} ${y + 4} H${x - 4.5} Z" fill="${fill}" class="boat-hull"/>`
    + `<path d="M${x} ${y - 8} V${y} M${x} ${y - 8} L${x + 5} ${y - 1.5} H${x}" class="boat-sail"/></g>`;
}

export function discSvg(x, y, kind) {
  return `<circle cx="${x}" cy="${y}" r="4.2" class="disc disc-${kind}"/>`;
}

export function cubeSvg(x, y, good, extra = {}) {
  return `<rect${attrs({ ...extra, x: x - 3.6, y: y - 3.6, width: 7.2, height: 7.2, rx: 1.2, fill: GOOD_COLOR[good] || '#ccc', class: `cube cube-${good}${extra.class ? ` ${extra.class}` : ''}` })}/>`;
}

export function drawingSvg(x, y, made) {
  if (!made) return `<circle cx="${x}" cy="${y}" r="4" class="drawing-space"/>`;
  return `<g class="drawing"><circle cx="${x}" cy="${y}" r="4" class="drawing-made"/>`
    + `<path d="M${x} ${y} m-2 0 a2 2 0 1 1 2 2" class="drawing-line"/></g>`;
}

export function touristSvg(x, y) {
  return `<g class="tourist"><circle cx="${x}" cy="${y - 3}" r="1.8"/><path d="M${x - 2.4} ${y + 3.5} L${x} ${y - 1} L${x + 2.4} ${y + 3.5} Z"/></g>`;
}

function icon(viewBox, w, h, body, title = '') {
  return `<svg class="icon" viewBox="${viewBox}" width="${w}" height="${h}" aria-hidden="true">${title ? `<title>${esc(title)}</title>` : ''}${body}</svg>`;
}

export function cubeIcon(good, size = 11) {
  return icon('-4 -4 8 8', size, size, cubeSvg(0, 0, good));
}

export function vatuIcon(size = 14) {
  return icon('0 0 12 12', size, size, '<circle cx="6" cy="6" r="5.3" class="vatu"/><path d="M3.5 6 h5" class="vatu-line"/>');
}

export function ppIcon(size = 14) {
  return icon('0 0 14 12', size, size * 0.86, '<path d="M7 0.7 L13.3 6 L7 11.3 L0.7 6 Z" class="pp-chip"/>');
}

export function hutIcon(fill, size = 13) {
  return icon('-5 -5.5 10 10', size, size, hutSvg(0, 0, fill));
}

export function markerIcon(fill, size = 12) {
  return icon('0 0 10 10', size, size, `<circle cx="5" cy="5" r="4.2" fill="${fill}" class="marker"/>`);
}

export function touristIcon(size = 12) {
  return icon('-4 -6 8 10', size * 0.8, size, touristSvg(0, 0));
}

/** A fish or treasure tile of the given value, as a small HTML chip. */
export function valueTile(kind, value, extra = {}) {
  const glyph = kind === 'fish'
    ? '<path d="M2 6 Q6 1.5 10 6 Q6 10.5 2 6 Z M10 6 L13 3.5 V8.5 Z" class="fish-glyph"/>'
    : '<path d="M3 4 H11 V10 H3 Z M2.5 4 Q7 0 11.5 4" class="chest-glyph"/>';
  return `<span${attrs({ ...extra, class: `vtile vtile-${kind}${extra.class ? ` ${extra.class}` : ''}` })}>`
    + `${icon('0 0 14 12', 15, 13, glyph)}<b>${value}</b></span>`;
}
