// Vanuatu in words: what a decision asks of the seat to move, and what an action text does, for the
// status line, the buttons and the fallback list. Action texts are the notation's (docs/vanuatu.md).

import { count } from '/static/js/shared/html.js';
import { seatName, statusLine as sharedStatusLine } from '/static/js/shared/status.js';
import { label, tileLabel } from './catalog.js';
import { boardIndex, neighbours, sailDistances } from './geometry.js';

function character(view, seat) {
  return view.seats?.[seat]?.character ?? null;
}

export const NOBONUS = ':nobonus';

/** The viewer's character if its bonus applies to the action described (not to a `:nobonus` one). */
function bonus(ctx) {
  return ctx.nobonus ? null : character(ctx.view, ctx.me);
}

/** What a sail to the ocean tile costs `me` (the Navigator sails free unless `paid`), or null if out of reach. */
export function sailCost(view, catalog, me, tile, paid = false) {
  const { cellOf } = boardIndex(view);
  const steps = sailDistances(view, catalog, me).get(cellOf.get(tile));
  if (steps === undefined) return null;
  return character(view, me) === 'navigator' && !paid ? 0 : steps;
}

/** An empty hex as the map shows it: by the placed tiles next to it (the map has no coordinates). */
export function besideWords(view, catalog, cell) {
  const { byCell } = boardIndex(view);
  const names = neighbours(catalog, cell).filter((c) => byCell.has(c)).map((c) => tileLabel(byCell.get(c).tile));
  if (!names.length) return 'on an empty space';
  if (names.length === 1) return `next to ${names[0]}`;
  return `next to ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The tile on a cell, as the map labels it (or the cell's name if the view has no tile there). */
function tileAt(view, cell) {
  const entry = boardIndex(view).byCell.get(cell);
  return entry ? tileLabel(entry.tile) : cell;
}

function drawings(view, tile) {
  return (view.board || []).find((t) => t.tile === tile)?.drawings ?? 0;
}

function boatEntry(view, me) {
  const { byCell, cellOf } = boardIndex(view);
  return byCell.get(cellOf.get(view.seats?.[me]?.boat));
}

function huts(view, tile) {
  const entry = (view.board || []).find((t) => t.tile === tile);
  return (entry?.huts || []).reduce((a, b) => a + b, 0);
}

/** The values of a sell text ("sell:1+2+2" -> [1, 2, 2]). */
export function saleValues(text) {
  return String(text).slice(5).split('+').map(Number).filter((v) => v > 0);
}

export function saleVatus(view, values) {
  return values.reduce((a, b) => a + b, 0) * (view.fish_price || 0);
}

const SPACE_WORDS = (catalog, space) => label(catalog, 'actions', space);

/** A legal action text in words, for a button (the viewer is the one who would act). */
export function describeAction(text, ctx) {
  if (String(text).endsWith(NOBONUS)) {
    const base = String(text).slice(0, -NOBONUS.length);
    const who = label(ctx.catalog, 'characters', character(ctx.view, ctx.me) ?? '');
    return `${describeAction(base, { ...ctx, nobonus: true })}, without the ${who}'s bonus`;
  }
  const { view, catalog, me } = ctx;
  const [verb, ...rest] = String(text).split(':');
  const arg = rest.join(':');
  switch (verb) {
    case 'tile': {
      const [tile, cell] = arg.split('@');
      return `Place ${tileLabel(tile)} ${besideWords(view, catalog, cell)}`;
    }
    case 'neutral': return `Neutral marker on ${SPACE_WORDS(catalog, arg)}`;
    case 'char': return `Take the ${label(catalog, 'characters', arg)}`;
    case 'plan': return `Plan ${SPACE_WORDS(catalog, arg)}`;
    case 'sail': {
      const cost = sailCost(view, catalog, me, arg, ctx.nobonus);
      return `Sail to ${tileLabel(arg)}${cost === null ? '' : cost === 0 ? ' (free)' : ` (${count(cost, 'vatu')})`}`;
    }
    case 'build': return `Build a hut on ${tileLabel(arg)} (${count(bonus(ctx) === 'builder' ? 1 : 3, 'vatu')})`;
    case 'explore': {
      const n = boatEntry(view, me)?.treasure ?? 0;
      return `Explore: a treasure worth ${n}${bonus(ctx) === 'diver' ? ` (+${count(n, 'vatu')}, Diver)` : ''}`;
    }
    case 'fish': {
      const n = boatEntry(view, me)?.fish ?? 0;
      return `Fish: a fish worth ${n}${bonus(ctx) === 'fisherman' ? ` (+${n} PP, Fisherman)` : ''}`;
    }
    case 'sell': {
      const values = saleValues(text);
      return `Sell fish ${values.join('+')} for ${count(saleVatus(view, values), 'vatu')}`;
    }
    case 'buy': {
      const [good, tile] = arg.split('@');
      const price = catalog.goods.get(good)?.price;
      return `Buy ${good} on ${tileLabel(tile)}${price ? ` for ${count(price, 'vatu')}` : ''}`;
    }
    case 'buyer': return arg === 'take'
      ? `Export a second ${view.phase?.pending ?? ''} cube from the reserve (Buyer)`.replace('  ', ' ')
      : 'No second cube';
    case 'draw': return `Sand drawing on ${tileLabel(arg)} (${bonus(ctx) === 'artist' ? 5 : 3} PP)`;
    case 'tourist': {
      const guide = bonus(ctx) === 'guide' && drawings(view, arg) ? `, +${2 * drawings(view, arg)} PP` : '';
      return `Bring a tourist to ${tileLabel(arg)} (${count(huts(view, arg), 'vatu')}${guide})`;
    }
    case 'rest': return 'Rest: draw a rest token';
    case 'dike': {
      if (arg === 'skip') return 'No dike';
      const [tile, cell] = arg.split('@');
      return `Dike on ${tileLabel(tile)} facing ${tileAt(view, cell)} (1 vatu)`;
    }
    case 'clear': return `Take back your markers from ${SPACE_WORDS(catalog, arg)} (no effect)`;
    case 'govern': {
      const [from, to] = arg.split(':');
      return `Governor: move your markers from ${SPACE_WORDS(catalog, from)} to ${SPACE_WORDS(catalog, to)}`;
    }
    case 'cash': return `Sell a treasure worth ${arg} for ${count(Number(arg), 'vatu')}`;
    case 'beg': return `Beggar: trade ${arg} PP for ${count(Number(arg), 'vatu')}`;
    case 'finish': return 'Done: on to the final scoring';
    default: return text;
  }
}

function markersLeft(view, seat) {
  return 5 - (view.seats?.[seat]?.placed ?? 0);
}

/** The decision in progress, in words: [clause for "you", clause for others]. */
function decision(view) {
  const phase = view.phase || {};
  const me = view.seat;
  switch (phase.name) {
    case 'tiles': return ['place the shown archipelago tiles: pick a tile, then a glowing hex', 'is placing archipelago tiles'];
    case 'neutral': return ['put a neutral marker on an action space', 'is placing neutral markers'];
    case 'characters': return ['choose a character', 'is choosing a character'];
    case 'planning': return [`put an action marker on a space (${markersLeft(view, me)} left)`, 'is planning'];
    case 'resolution': return ['act on a space where you have the most markers: click it', 'is resolving an action'];
    case 'buyer': return [`export a second ${phase.pending} cube (Buyer), or not`, 'is deciding about the Buyer\'s cube'];
    case 'dike': return ['add a dike next to your new hut, or not', 'is deciding about a dike'];
    case 'final': return ['sell treasures or trade with the Beggar before the scoring, or finish', 'is making a last decision'];
    default: return ['', ''];
  }
}

/** The status line: {text, mine}. */
export function statusLine(table, catalog, names, me) {
  return sharedStatusLine(table, names, me, decision);
}

const PHASE_TITLES = {
  tiles: 'Preparation: new tiles', neutral: 'Neutral markers', characters: 'Characters', planning: 'Planning',
  resolution: 'Resolution', buyer: 'Resolution', dike: 'Resolution', final: 'Last decisions', over: 'Game over',
};

/** "Round 3 of 8 · Planning · first player: Ann". */
export function roundTitle({ view, names, me }) {
  const phase = PHASE_TITLES[view.phase?.name] || view.phase?.name || '';
  const first = view.phase?.name === 'over' ? '' : ` · first player: ${seatName(names, view.first, me, { you: true })}`;
  return `Round ${view.round} of 8 · ${phase}${first}`;
}

export const TRIGGER_WORDS = {
  rounds: 'the eighth round is over',
  flood: 'the sea took three islands (everyone loses)',
};
