// Vanuatu in words: what a decision asks of the seat to move, and what an action text does, for the
// status line, the buttons and the fallback list. Action texts are the notation's (docs/vanuatu.md).
//
// Every word a player reads is in the reader's language: the page's own sentences through say() and
// say_n() (the `vanuatu-page` domain, keyed by their English: docs/i18n.md), the game's pieces and
// counts through term() and counted() (the `vanuatu` term catalog).

import { gameWords, listed, tn } from '/static/js/shared/i18n.js';
import { statusLine as sharedStatusLine } from '/static/js/shared/status.js';
import { label, tileLabel } from './catalog.js';
import { boardIndex, neighbours, sailDistances } from './geometry.js';

export const PAGE_DOMAIN = 'vanuatu-page';
export const TERM_DOMAIN = 'vanuatu';

/** say(msg, params), say_n(one, many, n, params): the page's sentences in the reader's language;
 * term(id, fallback): a term of the game's catalog (`action.sail`). */
export const { say, say_n, term } = gameWords(PAGE_DOMAIN, TERM_DOMAIN);
export { listed }; // the shared list joining, for the game's other scripts

/** "1 vatu", "3 vatus", "2 PP" (the term catalog's counts, in the reader's language). */
export function vatus(n) {
  return tn('{n} vatu', '{n} vatus', n, {}, TERM_DOMAIN);
}

export function pp(n) {
  return tn('{n} PP', '{n} PP', n, {}, TERM_DOMAIN);
}

export function markers(n) {
  return tn('{n} marker', '{n} markers', n, {}, TERM_DOMAIN);
}

/** A good's name in the reader's language ("kava", "Kopra"). */
export function goodName(good) {
  return term(`good.${good}`, String(good ?? ''));
}


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
  if (!names.length) return say('on an empty space');
  // i18n: where a new tile goes ({tiles}: the tiles next to the hex, e.g. "A1, B2 and Efate")
  return say('next to {tiles}', { tiles: listed(names) });
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
    // i18n: a button: an action done without the character's bonus ({action}: the action in words)
    return say("{action}, without the {character}'s bonus", { action: describeAction(base, { ...ctx, nobonus: true }), character: who });
  }
  const { view, catalog, me } = ctx;
  const [verb, ...rest] = String(text).split(':');
  const arg = rest.join(':');
  switch (verb) {
    case 'tile': {
      const [tile, cell] = arg.split('@');
      // i18n: a button ({tile}: a tile's name; {where}: e.g. "next to A1 and Efate")
      return say('Place {tile} {where}', { tile: tileLabel(tile), where: besideWords(view, catalog, cell) });
    }
    // i18n: a button ({space}: an action space, e.g. "Fish")
    case 'neutral': return say('Neutral marker on {space}', { space: SPACE_WORDS(catalog, arg) });
    case 'char': return say('Take the {character}', { character: label(catalog, 'characters', arg) });
    case 'plan': return say('Plan {space}', { space: SPACE_WORDS(catalog, arg) });
    case 'sail': {
      const cost = sailCost(view, catalog, me, arg, ctx.nobonus);
      const tile = tileLabel(arg);
      if (cost === null) return say('Sail to {tile}', { tile });
      if (cost === 0) return say('Sail to {tile} (free)', { tile });
      // i18n: a button ({cost}: e.g. "2 vatus")
      return say('Sail to {tile} ({cost})', { tile, cost: vatus(cost) });
    }
    case 'build': return say('Build a hut on {tile} ({cost})', { tile: tileLabel(arg), cost: vatus(bonus(ctx) === 'builder' ? 1 : 3) });
    case 'explore': {
      const n = boatEntry(view, me)?.treasure ?? 0;
      // i18n: a button; with the Diver, {gain} is the vatus the Diver's bonus adds (e.g. "2 vatus")
      if (bonus(ctx) === 'diver') return say('Explore: a treasure worth {n} (+{gain}, Diver)', { n, gain: vatus(n) });
      return say('Explore: a treasure worth {n}', { n });
    }
    case 'fish': {
      const n = boatEntry(view, me)?.fish ?? 0;
      if (bonus(ctx) === 'fisherman') return say('Fish: a fish worth {n} (+{n} PP, Fisherman)', { n });
      return say('Fish: a fish worth {n}', { n });
    }
    case 'sell': {
      const values = saleValues(text);
      // i18n: a button ({values}: the fish sold, e.g. "1+2"; {price}: e.g. "6 vatus")
      return say('Sell fish {values} for {price}', { values: values.join('+'), price: vatus(saleVatus(view, values)) });
    }
    case 'buy': {
      const [good, tile] = arg.split('@');
      const price = catalog.goods.get(good)?.price;
      if (price) return say('Buy {good} on {tile} for {price}', { good: goodName(good), tile: tileLabel(tile), price: vatus(price) });
      return say('Buy {good} on {tile}', { good: goodName(good), tile: tileLabel(tile) });
    }
    case 'buyer': return arg === 'take'
      // i18n: a button of the Buyer's bonus ({good}: the good just exported)
      ? say('Export a second {good} cube from the reserve (Buyer)', { good: goodName(view.phase?.pending ?? '') })
      : say('No second cube');
    case 'draw': return say('Sand drawing on {tile} ({points})', { tile: tileLabel(arg), points: pp(bonus(ctx) === 'artist' ? 5 : 3) });
    case 'tourist': {
      const tile = tileLabel(arg);
      const pay = vatus(huts(view, arg));
      // i18n: a button ({pay}: the vatus the tourist pays, e.g. "2 vatus"; {points}: the Guide's bonus, e.g. "4 PP")
      if (bonus(ctx) === 'guide' && drawings(view, arg)) return say('Bring a tourist to {tile} ({pay}, +{points})', { tile, pay, points: pp(2 * drawings(view, arg)) });
      return say('Bring a tourist to {tile} ({pay})', { tile, pay });
    }
    case 'rest': return say('Rest: draw a rest token');
    case 'dike': {
      if (arg === 'skip') return say('No dike');
      const [tile, cell] = arg.split('@');
      // i18n: a button of Rising Waters ({tile}: the island; {facing}: the tile on the dike's other side)
      return say('Dike on {tile} facing {facing} (1 vatu)', { tile: tileLabel(tile), facing: tileAt(view, cell) });
    }
    case 'clear': return say('Take back your markers from {space} (no effect)', { space: SPACE_WORDS(catalog, arg) });
    case 'govern': {
      const [from, to] = arg.split(':');
      return say('Governor: move your markers from {from} to {to}', { from: SPACE_WORDS(catalog, from), to: SPACE_WORDS(catalog, to) });
    }
    // i18n: a button ({n}: the treasure's value; {price}: e.g. "2 vatus")
    case 'cash': return say('Sell a treasure worth {n} for {price}', { n: arg, price: vatus(Number(arg)) });
    case 'beg': return say('Beggar: trade {n} PP for {price}', { n: arg, price: vatus(Number(arg)) });
    case 'finish': return say('Done: on to the final scoring');
    default: return text;
  }
}

function markersLeft(view, seat) {
  return 5 - (view.seats?.[seat]?.placed ?? 0);
}

/** The decision in progress, in words: [sentence for the viewer, sentence for another seat {name}], or null. */
function decision(view) {
  const phase = view.phase || {};
  const me = view.seat;
  switch (phase.name) {
    case 'tiles': return [say('Your turn: place the shown archipelago tiles: pick a tile, then a glowing hex.'), say('{name} is placing archipelago tiles.')];
    case 'neutral': return [say('Your turn: put a neutral marker on an action space.'), say('{name} is placing neutral markers.')];
    case 'characters': return [say('Your turn: choose a character.'), say('{name} is choosing a character.')];
    // i18n: the status line ({n}: the viewer's action markers still to place)
    case 'planning': return [say('Your turn: put an action marker on a space ({n} left).', { n: markersLeft(view, me) }), say('{name} is planning.')];
    case 'resolution': return [say('Your turn: act on a space where you have the most markers: click it.'), say('{name} is resolving an action.')];
    // i18n: the status line ({good}: the good just exported)
    case 'buyer': return [say('Your turn: export a second {good} cube (Buyer), or not.', { good: goodName(phase.pending) }),
      say("{name} is deciding about the Buyer's cube.")];
    case 'dike': return [say('Your turn: add a dike next to your new hut, or not.'), say('{name} is deciding about a dike.')];
    case 'final': return [say('Your turn: sell treasures or trade with the Beggar before the scoring, or finish.'), say('{name} is making a last decision.')];
    default: return null;
  }
}

/** The status line: {text, mine}. The shared line says the states every game has (open, over, a stand-in). */
export function statusLine(table, catalog, names, me) {
  const shared = sharedStatusLine(table, names, me, () => ['', '']);
  const view = table.view;
  const seated = me !== null && me !== undefined;
  const standIn = seated && (table.seats || []).find((s) => s.seat === me)?.stand_in;
  if (!view || table.status !== 'playing' || view.phase?.name === 'over' || standIn) return shared;
  const words = decision(view);
  if (!words) return shared;
  const seat = view.to_move ?? table.to_move;
  if (seated && seat === me) return { text: words[0], mine: true };
  return { text: words[1].replace('{name}', names[seat] ?? say('Seat {n}', { n: seat + 1 })), mine: false };
}

/** "Round 3 of 8 · Planning · first player: Ann". */
export function roundTitle({ view, names, me }) {
  const name = view.phase?.name;
  const phase = name ? term(`phase.${name}`, name) : '';
  if (name === 'over') return say('Round {round} of {rounds} · {phase}', { round: view.round, rounds: 8, phase });
  // i18n: above the board ({first}: the first player's name)
  if (view.first === me) return say('Round {round} of {rounds} · {phase} · first player: you', { round: view.round, rounds: 8, phase });
  return say('Round {round} of {rounds} · {phase} · first player: {first}', {
    round: view.round, rounds: 8, phase, first: names[view.first] ?? say('Seat {n}', { n: view.first + 1 }),
  });
}

// Why the game ended, each a clause ("The game ended because ...").
export const TRIGGER_WORDS = {
  get rounds() { return say('the eighth round is over'); },
  get flood() { return say('the sea took three islands (everyone loses)'); },
};
