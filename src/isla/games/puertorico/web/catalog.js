// The game's static facts (buildings, roles, goods, tiles) from GET /api/games/puertorico/catalog,
// put into one shape the drawing modules can rely on whatever the exact JSON layout.
//
// The server is the source of these facts. The small table below is only a safety net so the board
// can still be drawn (without effect texts) if the catalog cannot be loaded.

import { api } from '/static/js/net.js';
import { tn } from '/static/js/shared/i18n.js';
import { colonists } from './nouns.js';
import { GOODS, TILE_KINDS, humanize } from './util.js';
import { listed, say, term } from './words.js';

// name, cost, vp, column, circles, size, good produced ('' for violet buildings)
const FALLBACK_BUILDINGS = [
  ['small-indigo-plant', 1, 1, 1, 1, 1, 'indigo'], ['small-sugar-mill', 2, 1, 1, 1, 1, 'sugar'],
  ['indigo-plant', 3, 2, 2, 3, 1, 'indigo'], ['sugar-mill', 4, 2, 2, 3, 1, 'sugar'],
  ['tobacco-storage', 5, 3, 3, 3, 1, 'tobacco'], ['coffee-roaster', 6, 3, 3, 2, 1, 'coffee'],
  ['small-market', 1, 1, 1, 1, 1, ''], ['hacienda', 2, 1, 1, 1, 1, ''],
  ['construction-hut', 2, 1, 1, 1, 1, ''], ['small-warehouse', 3, 1, 1, 1, 1, ''],
  ['hospice', 4, 2, 2, 1, 1, ''], ['office', 5, 2, 2, 1, 1, ''], ['large-market', 5, 2, 2, 1, 1, ''],
  ['large-warehouse', 6, 2, 2, 1, 1, ''], ['factory', 7, 3, 3, 1, 1, ''], ['university', 8, 3, 3, 1, 1, ''],
  ['harbor', 8, 3, 3, 1, 1, ''], ['wharf', 9, 3, 3, 1, 1, ''], ['guild-hall', 10, 4, 4, 1, 2, ''],
  ['residence', 10, 4, 4, 1, 2, ''], ['fortress', 10, 4, 4, 1, 2, ''], ['customs-house', 10, 4, 4, 1, 2, ''],
  ['city-hall', 10, 4, 4, 1, 2, ''],
];
const ROLE_NAMES = ['settler', 'mayor', 'builder', 'craftsman', 'trader', 'captain', 'prospector', 'prospector2'];

/** A list of objects, or an object keyed by name, as a list of objects that each carry `name`. */
function entries(value) {
  if (Array.isArray(value)) return value.filter((v) => v && typeof v === 'object');
  if (value && typeof value === 'object') {
    return Object.entries(value).map(([name, v]) => (v && typeof v === 'object' ? { name, ...v } : { name, value: v }));
  }
  return [];
}

function num(...values) {
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) return v;
  return undefined;
}

function text(...values) {
  for (const v of values) if (typeof v === 'string' && v) return v;
  return '';
}

/** The catalog in one shape: {buildings: Map, buildingOrder: [], roles: Map, goods: Map, tiles: Map, loaded}. */
export function normalize(raw) {
  const data = raw && typeof raw === 'object' ? (raw.catalog || raw) : {};
  const buildings = new Map();
  FALLBACK_BUILDINGS.forEach(([name, cost, vp, column, circles, size, good], index) => {
    buildings.set(name, {
      name, label: humanize(name), cost, vp, column, capacity: circles, size, good, index,
      kind: size === 2 ? 'large' : good ? 'production' : 'violet', effect: '',
    });
  });
  const buildingOrder = FALLBACK_BUILDINGS.map((b) => b[0]);
  for (const b of entries(data.buildings)) {
    const name = text(b.name, b.id);
    if (!name) continue;
    const old = buildings.get(name) || { name, index: buildings.size };
    if (!buildingOrder.includes(name)) buildingOrder.push(name);
    const size = num(b.size, b.spaces, old.size) ?? 1;
    const good = typeof b.good === 'string' ? b.good : typeof b.produces === 'string' ? b.produces : old.good || '';
    buildings.set(name, {
      ...old,
      name,
      label: text(b.label, b.title, old.label, humanize(name)),
      cost: num(b.cost, b.price, old.cost) ?? 0,
      balanced_cost: num(b.balanced_cost, b.cost, old.cost) ?? 0,
      vp: num(b.vp, b.points, old.vp) ?? 0,
      column: num(b.column, b.col, old.column) ?? 1,
      capacity: num(b.capacity, b.circles, b.colonists, old.capacity) ?? 1,
      size,
      good,
      kind: text(b.kind, b.type, old.kind, size === 2 ? 'large' : good ? 'production' : 'violet'),
      effect: text(b.effect, b.text, b.description, old.effect),
    });
  }
  const roles = new Map(ROLE_NAMES.map((name) => [name, {
    name, label: name === 'prospector2' ? 'Prospector' : humanize(name), effect: '',
  }]));
  for (const r of entries(data.roles)) {
    const name = text(r.name, r.id);
    if (!name) continue;
    const old = roles.get(name) || { name };
    roles.set(name, { ...old, label: text(r.label, r.title, old.label, humanize(name)), effect: text(r.effect, r.text, r.description) });
  }
  const goods = new Map(GOODS.map((name, price) => [name, { name, label: humanize(name), price }]));
  for (const g of entries(data.goods)) {
    const name = text(g.name, g.id);
    if (!name) continue;
    const old = goods.get(name) || { name, price: 0 };
    goods.set(name, { ...old, label: text(g.label, old.label, humanize(name)), price: num(g.price, g.value, old.price) ?? 0 });
  }
  const tiles = new Map(TILE_KINDS.map((name) => [name, {
    name, label: name === 'quarry' ? 'Quarry' : `${humanize(name)} plantation`, effect: '',
  }]));
  for (const t of entries(data.tiles || data.tile_kinds || data.plantations)) {
    const name = text(t.name, t.id);
    if (!name) continue;
    const old = tiles.get(name) || { name };
    tiles.set(name, { ...old, label: text(t.label, old.label, humanize(name)), effect: text(t.effect, t.text, old.effect) });
  }
  const loaded = Boolean(data.buildings);
  inReadersLanguage(buildings, 'building');
  inReadersLanguage(roles, 'role');
  inReadersLanguage(goods, 'good');
  inReadersLanguage(tiles, 'tile');
  return { buildings, buildingOrder, roles, goods, tiles, loaded };
}

/**
 * Each entry's `label` and `effect` in the reader's language, read when shown (so a switch of
 * language needs no new catalog): the term catalog's `<kind>.<name>` and `<kind>.<name>.help`,
 * else the server's English.
 */
function inReadersLanguage(map, kind) {
  for (const [name, entry] of map) {
    const { label, effect } = entry;
    Object.defineProperty(entry, 'label', { get: () => term(`${kind}.${name}`, label), enumerable: true });
    Object.defineProperty(entry, 'effect', {
      get: () => (effect ? term(`${kind}.${name}.help`, effect) : ''), enumerable: true,
    });
  }
}

/** Load the catalog; never rejects (a failure gives the fallback facts and `error`). */
export async function loadCatalog(game = 'puertorico') {
  try {
    const raw = await api('GET', `/api/games/${encodeURIComponent(game)}/catalog`);
    return normalize(raw);
  } catch (error) {
    const catalog = normalize(null);
    catalog.error = error;
    return catalog;
  }
}

/** The tooltip text of a building: its facts and full effect. */
export function buildingTip(catalog, name, price, cost) {
  const b = catalog.buildings.get(name);
  if (!b) return humanize(name);
  const base = cost ?? b.cost;
  // i18n: a building's tooltip: what it costs ({n}: doubloons)
  const facts = [say('cost {n}', { n: base })];
  // i18n: a building's tooltip: what it costs the viewer now ({n}: doubloons)
  if (price !== undefined && price !== null && price !== base) facts.push(say('you pay {n}', { n: price }));
  facts.push(tn('{n} VP', '{n} VP', b.vp, {}, 'puertorico'), colonists(b.capacity));
  if (b.size === 2) facts.push(say('takes 2 city spaces'));
  // i18n: a building's tooltip: its name and its facts ("cost 2, 1 VP, 1 colonist")
  const head = say('{name} ({facts})', { name: b.label, facts: listed(facts, ',') });
  return b.effect ? `${head}\n${b.effect}` : head;
}

export function roleTip(catalog, name) {
  const r = catalog.roles.get(name);
  if (!r) return humanize(name);
  return r.effect ? `${r.label}\n${r.effect}` : r.label;
}

export function tileTip(catalog, kind) {
  const t = catalog.tiles.get(kind);
  if (!t) return humanize(kind);
  return t.effect ? `${t.label}\n${t.effect}` : t.label;
}

export function buildingLabel(catalog, name) {
  return catalog.buildings.get(name)?.label || humanize(name);
}

export function roleLabel(catalog, name) {
  return catalog.roles.get(name)?.label || humanize(name);
}
