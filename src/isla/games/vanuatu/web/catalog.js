// Vanuatu's static facts from GET /api/games/vanuatu/catalog (the board's cells, the tiles, the nine
// actions, the characters, the demand tiles, the rest tokens), indexed by name for the drawing
// modules. The server's catalog is made from the engine's own tables, so the page never carries a
// copy of the rules; without it the page still draws the board from the view, with bare names.

import { api } from '/static/js/net.js';
import { humanize } from '/static/js/shared/html.js';

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

export function label(catalog, kind, name) {
  return catalog[kind]?.get(name)?.label || humanize(name);
}

export function tileLabel(name) {
  if (name === 'efate') return 'Efate';
  if (String(name).startsWith('start-')) return humanize(name).replace('Start ', 'Start: ');
  return String(name ?? '');
}

/** An action space's tooltip: its effect, and the character linked to it. */
export function actionTip(catalog, space) {
  const a = catalog.actions.get(space);
  const linked = [...catalog.characters.values()].find((c) => c.action === space);
  const lines = [label(catalog, 'actions', space)];
  if (a?.effect) lines.push(a.effect);
  if (linked) lines.push(`Linked character: ${linked.label}.`);
  return lines.join('\n');
}

export function characterTip(catalog, name) {
  const c = catalog.characters.get(name);
  const lines = [label(catalog, 'characters', name)];
  if (c?.effect) lines.push(c.effect);
  if (c?.action) lines.push(`Linked action: ${label(catalog, 'actions', c.action)}.`);
  return lines.join('\n');
}

export function restTip(catalog, name) {
  const t = catalog.rest.get(name);
  if (!t) return 'Rest token';
  if (name === 'first') return 'Rest token: first player\nIts holder becomes the first player next round.';
  const parts = [];
  if (t.vatus) parts.push(`${t.vatus} vatu`);
  if (t.pp) parts.push(`${t.pp} PP`);
  return `Rest token: ${parts.join(' + ')}\nPaid at the end of the round.`;
}
