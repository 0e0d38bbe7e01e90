// The colonist ship (with the colonist supply) and the cargo ships with their loads. In the captain
// phase a ship the viewer may load onto is clickable (then a good); so is the wharf, if owned.

import { GOOD_COLOR, attrs, barrelSvg, colonistSvg, esc } from './util.js';
import { barrels } from './nouns.js';
import { goodName, say, say_n, term } from './words.js';

const SLOT = 11;

function hull(w, y, h) {
  return `<path d="M1 ${y} H${w - 1} L${w - 9} ${y + h} H9 Z" class="hull"/>`;
}

function cargoShipSvg(ship) {
  const w = ship.capacity * SLOT + 14;
  let deck = '';
  for (let i = 0; i < ship.capacity; i += 1) {
    const x = 7 + i * SLOT;
    deck += i < ship.load
      ? barrelSvg(x + 0.5, 5, SLOT - 2, 13, ship.good)
      : `<rect x="${x + 0.5}" y="8" width="${SLOT - 2}" height="10" rx="1.5" class="hold"/>`;
  }
  return `<svg class="ship-svg" viewBox="0 0 ${w} 34" width="${w * 1.6}" height="${34 * 1.6}" aria-hidden="true">`
    + `${deck}${hull(w, 19, 13)}<text x="${w / 2}" y="29" class="hull-text" text-anchor="middle">${ship.capacity}</text></svg>`;
}

function colonistShipSvg(n) {
  const perRow = Math.max(4, Math.ceil(n / 2));
  const w = perRow * 11 + 16;
  let deck = '';
  for (let i = 0; i < n; i += 1) {
    const row = i < perRow ? 1 : 0;
    const col = row === 1 ? i : i - perRow;
    deck += colonistSvg(13 + col * 11, 6 + row * 10, 4.5);
  }
  return `<svg class="ship-svg" viewBox="0 0 ${w} 34" width="${w * 1.6}" height="${34 * 1.6}" aria-hidden="true">`
    + `${deck}${hull(w, 21, 11)}<text x="${w / 2}" y="30" class="hull-text" text-anchor="middle">${n}</text></svg>`;
}

function wharfSvg() {
  return '<svg class="ship-svg" viewBox="0 0 40 34" width="64" height="54" aria-hidden="true">'
    + '<path d="M2 22 H38 V30 H2 Z" class="pier"/><path d="M6 30 V33 M14 30 V33 M26 30 V33 M34 30 V33" class="pier-leg"/>'
    + '<path d="M8 22 V9 L20 4 L32 9 V22" class="wharf-crane"/></svg>';
}

export function renderShips(ctx) {
  const { view, ix } = ctx;
  const parts = [];
  const c = view.colonists || {};
  // i18n: the colonist ship's tooltip ({n}: the colonists left in the supply)
  // i18n: under the colonist ship: the colonists left in the supply
  const supplyLeft = say('supply {n}', { n: c.supply ?? 0 });
  const colTip = say('The colonist ship brings its colonists in the next mayor phase. Colonist supply: {n}.', { n: c.supply });
  parts.push(`<div class="ship ship-colonists" data-k="colship" data-v="${c.ship}|${c.supply}" data-tip="${esc(colTip)}">`
    + `${colonistShipSvg(c.ship ?? 0)}<span class="ship-cap">${esc(term('place.colonist-ship'))}</span>`
    + `<span class="ship-sub">${esc(supplyLeft)}</span></div>`);
  for (const ship of view.ships || []) {
    const key = String(ship.capacity);
    const hot = ix.shipHot(key);
    const picked = ix.captainPick.ship === key;
    const what = ship.load ? `${ship.load}/${ship.capacity} ${goodName(ship.good)}`
      // i18n: under an empty cargo ship: its size
      : say_n('empty, {n} place', 'empty, {n} places', ship.capacity);
    const full = ship.load >= ship.capacity;
    const size = { barrels: barrels(ship.capacity), load: what };
    // i18n: a cargo ship's tooltip ({barrels}: its size, e.g. "5 barrels"; {load}: e.g. "3/5 corn")
    const tip = full ? say('Cargo ship for {barrels} of one good: {load} (full: it sails when the captain phase ends).', size)
      : say('Cargo ship for {barrels} of one good: {load}.', size);
    parts.push(`<div${attrs({
      class: `ship ship-cargo${hot ? ' hot' : ''}${picked ? ' picked' : ''}${full ? ' full' : ''}`,
      'data-ui': hot ? `pick-ship:${key}` : null,
      'data-testid': `ship-${key}`,
      'data-k': `ship-${key}`,
      'data-v': `${ship.good}|${ship.load}`,
      'data-tip': tip,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
      'data-style': ship.good ? `--cargo: ${GOOD_COLOR[ship.good]}` : null,
    })}>${cargoShipSvg(ship)}<span class="ship-cap">${esc(what)}</span></div>`);
  }
  if (ix.wharfAvailable) {
    const hot = ix.shipHot('wharf');
    const picked = ix.captainPick.ship === 'wharf';
    const wharfTip = say('Your wharf: once per captain phase, ship all barrels of one good (1 VP each) without a cargo ship.');
    const wharfName = say('Your wharf');
    parts.push(`<div${attrs({
      class: `ship ship-wharf${hot ? ' hot' : ''}${picked ? ' picked' : ''}`,
      'data-ui': hot ? 'pick-ship:wharf' : null,
      'data-testid': 'ship-wharf',
      'data-tip': wharfTip,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
    })}>${wharfSvg()}<span class="ship-cap">${esc(wharfName)}</span></div>`);
  }
  return `<div class="ships">${parts.join('')}</div>`;
}
