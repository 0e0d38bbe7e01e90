// Vanuatu's static facts from GET /api/games/vanuatu/catalog (the board's cells, the tiles, the nine
// actions, the characters, the demand tiles, the rest tokens), indexed by name for the drawing
// modules. The server's catalog is made from the engine's own tables, so the page never carries a
// copy of the rules; without it the page still draws the board from the view, with bare names.

import { api } from '/static/js/net.js';
import { humanize } from '/static/js/shared/html.js';
import { pp, say, term, vatus } from './words.js';

export const SPACES = ['sail', 'build', 'explore', 'fish', 'sell', 'buy', 'draw', 'tourist', 'rest'];
export const GOODS = ['kava', 'copra', 'beef'];
export const ROUNDS = 8;

function byName(list) {
  return new Map((Array.isArray(list) ? list : []).filter((x) => x && typeof x.name === 'string').map((x) => [x.name, x]));
}

/** The catalog in one shape: maps by name, and the cells with their neighbours. */
export function normalize(raw) {
  const data = raw && typeof raw === 'object' ? raw : {};
  return {
    cells: byName(data.cells),
    tiles: byName(data.tiles),
    goods: byName(data.goods),
    actions: byName(data.actions),
    characters: byName(data.characters),
    demand: byName(data.demand_tiles),
    rest: byName(data.rest_tokens),
    notes: Array.isArray(data.notes) ? data.notes : [],
    loaded: Boolean(data.cells),
  };
}

export async function loadCatalog() {
  try {
    return normalize(await api('GET', '/api/games/vanuatu/catalog'));
  } catch (error) {
    const catalog = normalize(null);
    catalog.error = error;
    return catalog;
  }
}

// The term catalog's kind of each list of the catalog (`action.sail`, `character.navigator`).
const TERM_KIND = { actions: 'action', characters: 'character', goods: 'good' };

/** A piece's name in the reader's language: the term catalog's, else the server's English label. */
export function label(catalog, kind, name) {
  const english = catalog[kind]?.get(name)?.label || humanize(name);
  return TERM_KIND[kind] ? term(`${TERM_KIND[kind]}.${name}`, english) : english;
}

/** A piece's help text (its effect) in the reader's language: `<kind>.<name>.help`, else the server's. */
function effect(catalog, kind, name) {
  const english = catalog[kind]?.get(name)?.effect || '';
  return english && TERM_KIND[kind] ? term(`${TERM_KIND[kind]}.${name}.help`, english) : english;
}

// The three start tiles have names of what lies on them; the other tiles' names are letters.
const START_TILES = {
  get 'start-fish'() { return say('Start: fish'); },
  get 'start-wreck'() { return say('Start: wreck'); },
  get 'start-boats'() { return say('Start: boats'); },
};

export function tileLabel(name) {
  if (name === 'efate') return 'Efate';
  if (String(name).startsWith('start-')) return START_TILES[name] ?? humanize(name);
  return String(name ?? '');
}

/** An action space's tooltip: its effect, and the character linked to it. */
export function actionTip(catalog, space) {
  const a = catalog.actions.get(space);
  const linked = [...catalog.characters.values()].find((c) => c.action === space);
  const lines = [label(catalog, 'actions', space)];
  if (a?.effect) lines.push(effect(catalog, 'actions', space));
  // i18n: an action space's tooltip: the character whose bonus changes it
  if (linked) lines.push(say('Linked character: {character}.', { character: label(catalog, 'characters', linked.name) }));
  return lines.join('\n');
}

export function characterTip(catalog, name) {
  const c = catalog.characters.get(name);
  const lines = [label(catalog, 'characters', name)];
  if (c?.effect) lines.push(effect(catalog, 'characters', name));
  // i18n: a character's tooltip: the action space its bonus changes
  if (c?.action) lines.push(say('Linked action: {space}.', { space: label(catalog, 'actions', c.action) }));
  return lines.join('\n');
}

export function restTip(catalog, name) {
  const t = catalog.rest.get(name);
  if (!t) return term('place.rest-token', 'Rest token');
  if (name === 'first') return [say('Rest token: first player'), say('Its holder becomes the first player next round.')].join('\n');
  const parts = [];
  if (t.vatus) parts.push(vatus(t.vatus));
  if (t.pp) parts.push(pp(t.pp));
  // i18n: a rest token's tooltip ({bonus}: e.g. "1 vatu + 1 PP")
  return [say('Rest token: {bonus}', { bonus: parts.join(' + ') }), say('Paid at the end of the round.')].join('\n');
}
