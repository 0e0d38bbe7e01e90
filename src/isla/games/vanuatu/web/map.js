// The archipelago: the 16 hex spaces with the placed tiles on them. Islands show their huts (in seat
// colours), sand drawings, tourists, goods cubes and, with Rising Waters, water and dikes; oceans
// their fish and treasure discs and the boats. Legal targets glow: empty hexes for a tile, oceans
// for a sail (with its cost), islands for an island action, cubes for a purchase, sides for a dike.

import { attrs, esc, seatColor } from '/static/js/shared/html.js';
import { tn } from '/static/js/shared/i18n.js';
import { label, tileLabel } from './catalog.js';
import {
  R, boardIndex, cellNames, center, hexPoints, isIsland, sailDistances, sharedSide,
} from './geometry.js';
import {
  boatSvg, cubeSvg, discSvg, drawingSvg, emptyHutSvg, hutSvg, touristSvg,
} from './pieces.js';
import { describeAction, goodName, listed, say, say_n } from './words.js';

const GOODS = ['kava', 'copra', 'beef'];

function hotAttrs(hot, testid, tip) {
  return {
    'data-action': hot?.action ?? null,
    'data-ui': hot?.ui ?? null,
    'data-testid': testid,
    'data-tip': tip || null,
    role: hot ? 'button' : null,
    tabindex: hot ? 0 : null,
  };
}

function row(n, y, width, draw, maxGap = 11) {
  const gap = Math.min(maxGap, width / Math.max(n, 1));
  const x0 = -((n - 1) * gap) / 2;
  let out = '';
  for (let i = 0; i < n; i += 1) out += draw(x0 + i * gap, y, i);
  return out;
}

function islandSvg(entry, ctx, cx, cy) {
  const { catalog, ix, names, view } = ctx;
  const facts = catalog.tiles.get(entry.tile) || {};
  const owners = [];
  (entry.huts || []).forEach((n, seat) => { for (let i = 0; i < n; i += 1) owners.push(seat); });
  const spaces = Math.max(facts.huts ?? owners.length, owners.length);
  const huts = row(spaces, -13, 40, (x, y, i) => (i < owners.length
    ? hutSvg(x, y, seatColor(owners[i]), { 'data-tip': say('Hut of {name}', { name: names[owners[i]] ?? say('Seat {n}', { n: owners[i] + 1 }) }) })
    : emptyHutSvg(x, y)));
  const drawingSpaces = Math.max(facts.drawings ?? entry.drawings, entry.drawings);
  const drawings = row(drawingSpaces, 0, 36, (x, y, i) => drawingSvg(x, y, i < entry.drawings));
  const cubes = [];
  for (const good of GOODS) {
    const n = entry.goods?.[good] ?? 0;
    for (let i = 0; i < n; i += 1) cubes.push([good, i === 0]);
  }
  const goods = row(cubes.length, 12, 40, (x, y, i) => {
    const [good, first] = cubes[i];
    const hot = first ? ix.cubeHot(entry.tile, good) : null;
    // i18n: a goods cube's tooltip on an island ({price}: what it costs)
    const tip = hot ? describeAction(hot.action, ctx) : say('{good} ({price} vatus)', { good: label(catalog, 'goods', good), price: catalog.goods.get(good)?.price ?? '?' });
    return cubeSvg(x, y, good, { ...hotAttrs(hot, first ? `cube-${good}-${entry.tile}` : null, tip), class: hot ? 'hot-piece' : '' });
  });
  const cap = facts.tourists ?? '?';
  const touristTip = say('Tourists: {n} of at most {max}', { n: entry.tourists, max: cap });
  const waterTip = say_n('{n} water marker (5 submerge the island)', '{n} water markers (5 submerge the island)', entry.water);
  const tourists = `<g class="tourists" data-tip="${esc(touristTip)}">${touristSvg(-6, 25)}`
    + `<text x="-1" y="28" class="hex-small">${entry.tourists}/${cap}</text></g>`;
  const water = entry.water ? `<text x="${R * 0.55}" y="-18" class="water-count" data-tip="${esc(waterTip)}">≈${entry.water}</text>` : '';
  const body = `${huts}${drawings}${goods}${tourists}${water}`;
  return { cls: 'hex-island', body: `<g transform="translate(${cx} ${cy})">${body}</g>`, tip: islandTip(entry, facts, view) };
}

function islandTip(entry, facts, view) {
  const huts = (entry.huts || []).reduce((a, b) => a + b, 0);
  // i18n: an island's tooltip, first line ({tile}: its name)
  const lines = [say('{tile} (island)', { tile: tileLabel(entry.tile) }),
    // i18n: an island's tooltip: what is on it, of how many spaces
    say('Huts {huts} of {hutSpaces}, sand drawings {drawings} of {drawingSpaces}, tourists {tourists} of {touristSpaces}.', {
      huts, hutSpaces: facts.huts ?? '?', drawings: entry.drawings, drawingSpaces: facts.drawings ?? '?',
      tourists: entry.tourists, touristSpaces: facts.tourists ?? '?',
    })];
  const goods = GOODS.filter((g) => entry.goods?.[g]).map((g) => `${entry.goods[g]} ${goodName(g)}`);
  // i18n: an island's tooltip: the goods cubes on it ({goods}: e.g. "2 kava, 1 beef")
  lines.push(goods.length ? say('Goods: {goods}.', { goods: listed(goods, ',') }) : say('No goods left (refilled next round).'));
  if (view.options?.rising_waters) {
    // i18n: an island's tooltip with Rising Waters ({water}: water markers on it; {dikes}: its dikes)
    lines.push(say('Water: {water} of 5; dikes: {dikes}.', { water: entry.water ?? 0, dikes: (entry.dikes || []).length }));
  }
  return lines.join('\n');
}

function oceanSvg(entry, ctx, cx, cy, boats) {
  const discs = [];
  for (let i = 0; i < entry.fish; i += 1) discs.push('fish');
  for (let i = 0; i < entry.treasure; i += 1) discs.push('treasure');
  const discRow = row(discs.length, -8, 42, (x, y, i) => discSvg(x, y, discs[i]));
  // Boats are 14 wide: side by side up to 4 (5 overlap a little, still showing each sail).
  const boatRow = row(boats.length, 14, 58, (x, y, i) => boatSvg(x, y, seatColor(boats[i]), { 'data-tip': say('Boat of {name}', { name: ctx.names[boats[i]] ?? '' }) }), 16);
  const who = boats.map((s) => ctx.names[s] ?? say('Seat {n}', { n: s + 1 }));
  // i18n: an ocean tile's tooltip ({tile}: its name; then its discs and the boats on it)
  const lines = [say('{tile} (ocean)', { tile: tileLabel(entry.tile) }),
    listed([say_n('{n} fish disc', '{n} fish discs', entry.fish), say_n('{n} treasure disc', '{n} treasure discs', entry.treasure)], ',')];
  if (boats.length) lines.push(say('Boats: {names}', { names: listed(who, ',') }));
  const tip = lines.join('\n');
  return { cls: 'hex-ocean', body: `<g transform="translate(${cx} ${cy})">${discRow}${boatRow}</g>`, tip };
}

function dikesSvg(entry, ctx) {
  let out = '';
  for (const facing of entry.dikes || []) {
    const s = sharedSide(entry.cell, facing);
    out += `<line x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}" class="dike"/>`;
  }
  for (const text of ctx.ix.legal) {
    if (!text.startsWith(`dike:${entry.tile}@`)) continue;
    const facing = text.split('@')[1];
    const hot = ctx.ix.dikeHot(entry.tile, facing);
    if (!hot) continue;
    const s = sharedSide(entry.cell, facing);
    out += `<line${attrs({
      x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, class: 'dike-spot hot-piece',
      ...hotAttrs(hot, `dike-${entry.tile}-${facing}`, describeAction(text, ctx)),
    })}/>`;
  }
  return out;
}

/** The whole archipelago as one SVG. */
export function renderMap(ctx) {
  const { view, catalog, ix, me } = ctx;
  const { byCell } = boardIndex(view);
  const cells = cellNames(view, catalog);
  const boatsOn = new Map();
  (view.seats || []).forEach((s, seat) => {
    if (!boatsOn.has(s.boat)) boatsOn.set(s.boat, []);
    boatsOn.get(s.boat).push(seat);
  });
  const sailing = me !== null && [...ix.legal].some((t) => t.startsWith('sail:'));
  const distances = sailing ? sailDistances(view, catalog, me) : new Map();
  const navigator = view.seats?.[me]?.character === 'navigator' && ix.useBonus; // free unless declined
  let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
  const hexes = [];
  const overlays = [];
  for (const cell of cells) {
    const { x, y } = center(cell);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    const entry = byCell.get(cell);
    const hot = ix.cellHot(cell, entry);
    let drawn;
    if (!entry) {
      drawn = { cls: 'hex-empty', body: hot ? `<text x="${x}" y="${y + 4}" class="hex-place" text-anchor="middle">${esc(ix.tile)}?</text>` : '', tip: hot ? describeAction(hot.action, ctx) : '' };
    } else if (isIsland(entry)) {
      drawn = islandSvg(entry, ctx, x, y);
      overlays.push(dikesSvg(entry, ctx));
    } else {
      drawn = oceanSvg(entry, ctx, x, y, boatsOn.get(entry.tile) || []);
    }
    // Every tile is named as the players' panels name it (a boat is "on Start: fish").
    const name = entry ? `<text x="${x}" y="${y - R * 0.62}" class="hex-name${entry.tile.startsWith('start-') ? ' hex-start' : ''}" text-anchor="middle">${esc(tileLabel(entry.tile))}</text>` : '';
    let cost = '';
    if (hot?.action?.startsWith('sail:')) {
      // Under the boats and above the hex's lower corner, clear of the names of the hexes below.
      const steps = distances.get(cell);
      // i18n: written on an ocean hex the viewer may sail to: the sail is free
      const words = navigator || steps === 0 ? say('free') : tn('{n} vatu', '{n} vatus', steps, {}, 'vanuatu');
      cost = `<g class="sail-cost"><rect x="${x - 17}" y="${y + 19}" width="34" height="11" rx="5.5"/><text x="${x}" y="${y + 27.5}" text-anchor="middle">${esc(words)}</text></g>`;
    }
    const choices = entry && isIsland(entry) && !hot ? ix.islandChoices(entry) : [];
    const wanted = choices.length > 0;
    let tip = hot ? `${describeAction(hot.action, ctx)}\n${drawn.tip}`.trim() : drawn.tip;
    if (wanted) {
      const spaces = choices.map((t) => label(catalog, 'actions', t.split(':')[0]));
      // i18n: an island's tooltip when a click there could mean several actions ({spaces}: e.g. "Build or Draw")
      const either = spaces.slice(1).reduce((all, next) => say('{first} or {next}', { first: all, next }), spaces[0]);
      tip = [say('Several actions are possible here: click {spaces} first.', { spaces: either }), tip].join('\n');
    }
    const cls = ['hex', drawn.cls, hot ? 'hot' : '', wanted ? 'wanted' : ''].filter(Boolean).join(' ');
    const k = entry ? `${entry.tile}|${JSON.stringify(entry.huts || [])}|${entry.drawings ?? ''}|${entry.tourists ?? ''}|${JSON.stringify(entry.goods || {})}|${entry.fish ?? ''}|${entry.treasure ?? ''}|${(boatsOn.get(entry.tile) || []).join(',')}|${entry.water ?? ''}` : '';
    hexes.push(`<g${attrs({ class: cls, ...hotAttrs(hot, `cell-${cell}`, tip), 'data-k': `cell-${cell}`, 'data-v': k })}>`
      + `<polygon points="${hexPoints(x, y, R - 1)}" class="hex-bg"/>${name}${drawn.body}${cost}</g>`);
  }
  const pad = R + 4;
  const box = `${(minX - pad).toFixed(1)} ${(minY - pad).toFixed(1)} ${(maxX - minX + 2 * pad).toFixed(1)} ${(maxY - minY + 2 * pad).toFixed(1)}`;
  // The box's shape, for the narrow layouts where the map's height follows its width (board.css),
  // as data-style: the shell sets it through the CSSOM (a strict CSP refuses style attributes).
  const ratio = `${(maxX - minX + 2 * pad).toFixed(1)} / ${(maxY - minY + 2 * pad).toFixed(1)}`;
  const named = esc(say('The archipelago'));
  return `<section class="v-map" data-style="--map-ratio: ${ratio}" aria-label="${named}"><svg class="map-svg" viewBox="${box}" role="img" aria-label="${named}">`
    + `${hexes.join('')}${overlays.join('')}</svg></section>`;
}
