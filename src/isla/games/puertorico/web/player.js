// One player's board: name, seat facts (bot, stand-in, connection, governor, turn), doubloons, own VP
// chips, the island and the city (SVG), the goods and San Juan. The viewer's own goods are the
// counters clicked to sell, to take the craftsman's bonus, to load a ship or to choose what to keep.

import { seatControls, seatTags } from '/static/js/shared/seats.js';
import { renderCity, WIDTH as CITY_W, HEIGHT as CITY_H } from './city.js';
import { renderIsland, WIDTH as ISLAND_W } from './island.js';
import {
  GOODS, attrs, barrelIcon, coinIcon, colonistIcon, colonistSvg, esc, seatClass, vpIcon,
} from './util.js';
import { barrels, doubloons } from './nouns.js';
import { goodName, inline, say, term } from './words.js';

const PAD = 4;
// What becomes of a kind of goods in the storage decision (a goods counter's tooltip).
const FATE_WORDS = {
  get warehouse() { return say('all kept in a warehouse'); },
  get keep() { return say('one barrel kept'); },
  get lose() { return say('all go back to the supply'); },
};
const CITY_X = ISLAND_W + 2 * PAD + 6;
const VIEW_W = CITY_X + CITY_W + PAD;
const VIEW_H = CITY_H + PAD;

function crown() {
  return '<svg class="icon" viewBox="0 0 16 12" width="16" height="12" aria-hidden="true">'
    + '<path d="M1 10 L2 3 L5.5 6.5 L8 1.5 L10.5 6.5 L14 3 L15 10 Z" class="crown"/></svg>';
}

/** The goods counters, with the interaction hooks `goodHot(good)` gives (attrs or null). */
function goodsColumn(seatView, { goodHot, fate, keyPrefix }) {
  // i18n: one letter on a goods counter: its goods go into a warehouse (the first of "Warehouse")
  const warehouseMark = say('W');
  let out = '<div class="goods-col">';
  for (const good of GOODS) {
    const n = seatView?.goods?.[good] ?? 0;
    const hot = goodHot ? goodHot(good) : null;
    const f = fate ? fate(good) : null;
    // i18n: a goods counter's tooltip ({barrels}: e.g. "3 barrels"; {fate}: what becomes of them)
    const tip = f ? say('{good}: {barrels} ({fate})', { good: goodName(good), barrels: barrels(n), fate: FATE_WORDS[f] })
      : say('{good}: {barrels}', { good: goodName(good), barrels: barrels(n) });
    const cls = ['good-chip', n ? '' : 'good-none', hot ? 'hot' : '', f ? `fate-${f}` : ''].filter(Boolean).join(' ');
    out += `<div${attrs({
      class: cls,
      'data-k': `${keyPrefix}good-${good}`,
      'data-v': String(n),
      'data-tip': hot?.tip ?? tip,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
      ...(hot ? { 'data-action': hot.action, 'data-ui': hot.ui, 'data-testid': hot.testid } : {}),
    })}>${barrelIcon(good, 15)}<span class="good-n">${n}</span>`
      + `${f ? `<span class="fate-tag" aria-label="${esc(FATE_WORDS[f])}">${esc(f === 'warehouse' ? warehouseMark : f === 'keep' ? '1' : '✕')}</span>` : ''}</div>`;
  }
  return `${out}</div>`;
}

function sanJuan(n) {
  let pieces = '';
  const shown = Math.min(n, 8);
  for (let i = 0; i < shown; i += 1) pieces += colonistSvg(7 + (i % 4) * 12, 7 + Math.floor(i / 4) * 12, 5);
  const rows = Math.max(1, Math.ceil(shown / 4));
  const svg = `<svg viewBox="0 0 48 ${rows * 12 + 2}" width="48" height="${rows * 12 + 2}" aria-hidden="true">${pieces}</svg>`;
  const tip = say('San Juan: colonists waiting for a place');
  return `<div class="san-juan" data-tip="${esc(tip)}">`
    + `<span class="sj-label">${esc(term('place.san-juan'))}</span>${n ? svg : ''}<span class="sj-n">${n}</span></div>`;
}

/**
 * A player's panel. `seat` is the engine seat; `ctx` has table, view, catalog, me, names and the
 * interaction `ix` (see interact.js) which says what is clickable.
 */
export function renderPlayer(seat, ctx) {
  const { table, view, catalog, me, names, ix } = ctx;
  const seatView = view.seats[seat];
  const info = (table.seats || []).find((s) => s.seat === seat);
  const mine = seat === me;
  const keyPrefix = `s${seat}-`;
  const toMove = view.to_move === seat && table.status === 'playing';
  const placing = mine ? ix.placing : null;
  const storing = mine ? ix.storing : null;
  const head = [];
  head.push(`<span class="player-name">${esc(names[seat] ?? say('Seat {n}', { n: seat + 1 }))}</span>`);
  // i18n: a tag beside the viewer's own name
  if (mine) head.push(`<span class="tag tag-you">${esc(say('you'))}</span>`);
  head.push(...seatTags(info, table));
  if (view.governor === seat) {
    const tip = say('The governor chooses the first role this round.');
    head.push(`<span class="tag tag-gov" data-tip="${esc(tip)}">${crown()} ${esc(inline(term('place.governor')))}</span>`);
  }
  // i18n: a tag beside the name of the player whose turn it is
  const toMoveTag = say('to move');
  if (toMove) head.push(`<span class="tag tag-turn">${esc(toMoveTag)}</span>`);
  const stats = [];
  const sj = placing ? placing.sanJuan : seatView.san_juan ?? 0;
  stats.push(`<span class="stat" data-k="${keyPrefix}doubloons" data-v="${seatView.doubloons}" data-tip="${esc(doubloons(seatView.doubloons))}">${coinIcon(15)}<b>${seatView.doubloons}</b></span>`);
  const shipped = table.result?.breakdown?.[seat]?.shipping;
  if (typeof seatView.vp === 'number' || typeof shipped === 'number') {
    const vp = typeof seatView.vp === 'number' ? seatView.vp : shipped;
    const tip = mine && table.status === 'playing' ? say('Your VP chips (only you see them)') : say('VP chips');
    stats.push(`<span class="stat stat-vp" data-k="${keyPrefix}vp" data-v="${vp}" data-tip="${esc(tip)}">${vpIcon(15)}<b>${vp}</b></span>`);
  } else {
    const hidden = say('VP chips are shown only to their owner');
    stats.push(`<span class="stat stat-hidden" data-tip="${esc(hidden)}">${vpIcon(15)}<b>?</b></span>`);
  }
  const sjTip = say('Colonists in San Juan');
  stats.push(`<span class="stat" data-k="${keyPrefix}sj" data-v="${sj}" data-tip="${esc(sjTip)}">${colonistIcon(13)}<b>${sj}</b></span>`);
  const controls = seatControls(seat, ctx);
  const grounds = `<rect x="${-PAD}" y="${-PAD}" width="${ISLAND_W + 2 * PAD}" height="${VIEW_H + PAD}" rx="6" class="island-bg"/>`
    + `<rect x="${CITY_X - PAD}" y="${-PAD}" width="${CITY_W + 2 * PAD}" height="${VIEW_H + PAD}" rx="6" class="city-bg"/>`;
  const island = renderIsland(0, 0, seatView, catalog, {
    occupied: placing ? placing.arr : null, placing, keyPrefix,
  });
  const city = renderCity(CITY_X, 0, seatView, catalog, {
    colonists: placing ? (n) => placing.count(n) : null,
    placing,
    hot: mine ? (name) => ix.buildingHot(name) : () => null,
    keyPrefix,
  });
  const goodHot = mine ? (good) => ix.goodHot(good) : null;
  const fate = storing ? (good) => ((seatView.goods?.[good] ?? 0) > 0 ? storing.fate(good) : null) : null;
  const boardName = say('{name}: island and city', { name: names[seat] ?? '' });
  return `<section${attrs({
    class: `player ${seatClass(seat)}${mine ? ' player-me' : ''}${toMove ? ' player-turn' : ''}`,
    'data-seat': seat,
    'data-testid': `player-${seat}`,
  })}>
    <header class="player-head">${head.join(' ')}<span class="spacer"></span>${controls.join('')}${stats.join('')}</header>
    <div class="player-body">
      <svg class="board-svg" viewBox="${-PAD - 1} ${-PAD - 1} ${VIEW_W + PAD + 2} ${VIEW_H + PAD + 2}" role="img" aria-label="${esc(boardName)}">${grounds}${island}${city}</svg>
      <div class="player-side">${goodsColumn(seatView, { goodHot, fate, keyPrefix })}${sanJuan(sj)}</div>
    </div>
  </section>`;
}
