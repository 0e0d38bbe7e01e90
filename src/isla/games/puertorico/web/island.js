// A player's island: 12 spaces in a 4×3 grid of plantation and quarry tiles, each with its colonist
// place. Positions carry no rule meaning, so tiles are laid out by kind (occupied ones first).

import { tileTip } from './catalog.js';
import { GOOD_COLOR, TILE_KINDS, attrs, circleSvg, colonistSvg, goodMark } from './util.js';
import { say, tileName } from './words.js';

export const TILE = 36;
export const GAP = 4;
export const COLS = 4;
export const ROWS = 3;
export const WIDTH = COLS * TILE + (COLS - 1) * GAP;
export const HEIGHT = ROWS * TILE + (ROWS - 1) * GAP;

function furrows(x, y, kind) {
  if (kind === 'quarry') {
    return `<path d="M${x + 6} ${y + 12} l7 -4 l6 3 l-2 6 l-8 1 z M${x + 21} ${y + 9} l8 1 l1 7 l-7 2 l-4 -5 z`
      + ` M${x + 7} ${y + 23} l6 -1 l3 5 l-5 4 l-5 -3 z M${x + 22} ${y + 24} l7 -2 l2 6 l-7 3 z" class="rocks"/>`;
  }
  let d = '';
  for (let i = 1; i <= 4; i += 1) {
    const yy = y + (TILE * i) / 5;
    d += `M${x + 3} ${yy} Q${x + TILE / 2} ${yy - 3} ${x + TILE - 3} ${yy} `;
  }
  return `<path d="${d}" class="furrows furrows-${kind}"/>`;
}

/**
 * SVG for `seatView`'s island at (x0, y0). `occupied` (kind -> n) overrides the view's occupied
 * counts while the player tries an arrangement; `placing` is that Arrangement (or null): free tiles
 * then take a colonist on click, placed colonists go back to San Juan on click.
 */
export function renderIsland(x0, y0, seatView, catalog, { occupied, placing = null, keyPrefix = '' } = {}) {
  const tiles = [];
  const occ = occupied || seatView?.occupied || {};
  for (const kind of TILE_KINDS) {
    const n = seatView?.island?.[kind] ?? 0;
    const busy = Math.min(n, occ instanceof Map ? (occ.get(kind) ?? 0) : (occ[kind] ?? 0));
    for (let i = 0; i < n; i += 1) tiles.push({ kind, manned: i < busy, nth: i, firstFree: i === busy });
  }
  let out = `<g class="island" transform="translate(${x0} ${y0})">`;
  for (let i = 0; i < COLS * ROWS; i += 1) {
    const x = (i % COLS) * (TILE + GAP);
    const y = Math.floor(i / COLS) * (TILE + GAP);
    const tile = tiles[i];
    if (!tile) {
      out += `<rect x="${x + 0.5}" y="${y + 0.5}" width="${TILE - 1}" height="${TILE - 1}" rx="4" class="space-empty"/>`;
      continue;
    }
    const { kind } = tile;
    const canPut = placing && !tile.manned && tile.firstFree && placing.canPut(kind);
    const tileAttrs = attrs({
      class: `tile tile-${kind}${canPut ? ' hot' : ''}`,
      'data-tip': tileTip(catalog, kind),
      'data-ui': canPut ? `put:${kind}` : null,
      'data-testid': canPut ? `put-${kind}` : null,
      'data-k': `${keyPrefix}tile-${i}`,
      'data-v': `${kind}${tile.manned ? '+' : ''}`,
      role: canPut ? 'button' : null,
      tabindex: canPut ? 0 : null,
      'aria-label': tile.manned ? say('{tile}, manned', { tile: catalog.tiles.get(kind)?.label ?? kind }) : catalog.tiles.get(kind)?.label ?? kind,
    });
    out += `<g${tileAttrs}><rect x="${x}" y="${y}" width="${TILE}" height="${TILE}" rx="4"`
      + ` fill="${GOOD_COLOR[kind]}" class="tile-bg"/>${furrows(x, y, kind)}${goodMark(kind, x + 8, y + 8, 9.5)}`;
    const cx = x + TILE / 2;
    const cy = y + TILE / 2 + 1;
    if (tile.manned) {
      const canTake = Boolean(placing && placing.canTake(kind));
      const takeAttrs = canTake ? {
        'data-ui': `take:${kind}`,
        'data-testid': tile.nth === 0 ? `take-${kind}` : null,
        class: 'hot-piece',
        role: 'button',
        'aria-label': say('send the colonist on a {tile} back to San Juan', { tile: tileName(kind) }),
      } : {};
      out += colonistSvg(cx, cy, 7.5, takeAttrs);
    } else {
      out += circleSvg(cx, cy, 7.5);
    }
    out += '</g>';
  }
  return `${out}</g>`;
}
