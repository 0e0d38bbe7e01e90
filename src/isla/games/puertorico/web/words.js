// Puerto Rico in words: what a phase asks of the seat to move, and what an action text does, for the
// status line, the buttons and the fallback list. Action texts are the notation's (docs/notation.md).
//
// Every word a player reads is in the reader's language: the page's own sentences through say() and
// say_n() (the `puertorico-page` domain, keyed by their English: docs/i18n.md), the game's pieces
// through term() (the `puertorico` term catalog: roles, buildings, goods, tiles, phases).

import { gameWords, language, listed } from '/static/js/shared/i18n.js';
import { statusLine as sharedStatusLine } from '/static/js/shared/status.js';
import { buildingLabel, roleLabel } from './catalog.js';
import { doubloons } from './nouns.js';
import { humanize } from './util.js';

export const PAGE_DOMAIN = 'puertorico-page';
export const TERM_DOMAIN = 'puertorico';

/** say(msg, params), say_n(one, many, n, params): the page's sentences in the reader's language;
 * term(id, fallback): a term of the game's catalog (`good.corn`). */
export const { say, say_n, term } = gameWords(PAGE_DOMAIN, TERM_DOMAIN);
export { listed }; // the shared list joining, for the game's other scripts

/**
 * A label in the middle of a sentence: "Small market" -> "small market". German writes its nouns
 * with a capital wherever they stand, so a German label is left as it is.
 */
export function inline(label) {
  const text = String(label ?? '');
  if (!text || language() === 'de') return text;
  return text[0].toLowerCase() + text.slice(1);
}

/** A good as it stands in a sentence ("corn", "Mais"). */
export function goodName(good) {
  return inline(term(`good.${good}`, String(good ?? '')));
}

/** A tile as it stands in a sentence ("corn plantation", "quarry"). */
export function tileName(kind) {
  return inline(term(`tile.${kind}`, kind === 'quarry' ? 'quarry' : `${kind} plantation`));
}

/** Occupied-building helper: is `name` in the seat's city with at least one colonist. */
export function manned(seatView, name) {
  return (seatView?.city?.[name] ?? 0) > 0;
}

/** What a good sells for to `me` right now (price + trader privilege + markets). */
export function salePrice(view, catalog, me, good) {
  const base = catalog.goods.get(good)?.price ?? 0;
  const seatView = view.seats?.[me];
  let price = base;
  if (view.phase?.chooser === me && view.phase?.name === 'trader') price += 1;
  if (manned(seatView, 'small-market')) price += 1;
  if (manned(seatView, 'large-market')) price += 2;
  return price;
}

/** How many barrels a `ship:good:where` action moves, and the VP it brings `me`. */
export function shipment(view, me, good, where) {
  const held = view.seats?.[me]?.goods?.[good] ?? 0;
  let barrels = held;
  if (where !== 'wharf') {
    const ship = (view.ships || []).find((s) => String(s.capacity) === String(where));
    if (ship) barrels = Math.min(held, ship.capacity - ship.load);
  }
  let vp = barrels;
  if (manned(view.seats?.[me], 'harbor')) vp += 1;
  if (view.phase?.name === 'captain' && view.phase?.chooser === me && !view.phase?.captain_bonus_paid) vp += 1;
  return { barrels, vp };
}

/** A legal action text in words, for a button (the viewer is the one who would act). */
export function describeAction(text, { view, catalog, me }) {
  const [verb, arg, extra] = String(text).split(':');
  switch (verb) {
    // i18n: a button: choose a role card ({role}: its name, e.g. "builder")
    case 'role': return say('Choose the {role}', { role: inline(roleLabel(catalog, arg)) });
    case 'settle':
      if (arg === 'pass') return say('Take no plantation');
      if (arg === 'quarry') return say('Take a quarry');
      // i18n: a button of the settler phase ({tile}: e.g. "corn plantation")
      return say('Take a {tile}', { tile: tileName(arg) });
    case 'hacienda': return say('Draw a face-down plantation (hacienda)');
    case 'hospice': return arg === 'take' ? say('Put a colonist on the new tile (hospice)') : say('No colonist from the hospice');
    case 'mayor': return arg === 'take' ? say('Take the extra colonist') : say('Refuse the extra colonist');
    case 'place':
      if (arg === 'done') return say('Done placing colonists');
      if (catalog.buildings.has(arg)) {
        // i18n: a button of the mayor phase ({building}: e.g. "small market")
        return say('Place a colonist on the {building}', { building: inline(buildingLabel(catalog, arg)) });
      }
      // i18n: a button of the mayor phase ({tile}: e.g. "corn plantation")
      return say('Place a colonist on a {tile}', { tile: tileName(arg) });
    case 'build': {
      if (arg === 'pass') return say('Build nothing');
      const price = view?.building_costs?.[arg];
      const building = inline(buildingLabel(catalog, arg));
      // i18n: a button of the builder phase ({cost}: a count, e.g. "3 doubloons")
      if (price !== undefined) return say('Build the {building} for {cost}', { building, cost: doubloons(price) });
      return say('Build the {building}', { building });
    }
    case 'university':
      return arg === 'take' ? say('Put a colonist on the new building (university)') : say('No colonist from the university');
    case 'bonus':
      if (arg === 'pass') return say('No bonus barrel');
      // i18n: a button of the craftsman phase ({good}: e.g. "corn")
      return say("Take 1 more {good} (craftsman's privilege)", { good: goodName(arg) });
    case 'sell':
      if (arg === 'pass') return say('Sell nothing');
      // i18n: a button of the trader phase ({price}: a count, e.g. "3 doubloons")
      return say('Sell {good} for {price}', { good: goodName(arg), price: doubloons(salePrice(view, catalog, me, arg)) });
    case 'ship': {
      if (arg === 'pass') return say('Do not use the wharf now');
      const { barrels, vp } = shipment(view, me, arg, extra);
      const good = goodName(arg);
      // i18n: a button of the captain phase: load {n} barrels of {good} with the wharf, for {vp} victory points
      if (extra === 'wharf') return say('Ship {n} {good} with the wharf (+{vp} VP)', { n: barrels, good, vp });
      // i18n: a button of the captain phase: load {n} barrels of {good} onto the ship of {size} places
      return say('Ship {n} {good} on the {size}-ship (+{vp} VP)', { n: barrels, good, size: extra, vp });
    }
    case 'store':
      if (arg === 'done') return say('No more goods in warehouses');
      return say('Keep all {good} in a warehouse', { good: goodName(arg) });
    case 'keep':
      if (arg === 'none') return say('Keep no barrel');
      return say('Keep 1 {good}', { good: goodName(arg) });
    default: return humanize(text);
  }
}

/** The decision in progress, in words: [sentence for the viewer, sentence for another seat {name}]. */
function decision(view, catalog) {
  const phase = view.phase || {};
  switch (phase.name) {
    case 'role': return [say('Your turn: choose a role.'), say('{name} is choosing a role.')];
    case 'settler': return [say('Your turn: take a plantation or quarry, or pass.'), say('{name} is choosing a plantation.')];
    case 'hospice': return [
      // i18n: the status line ({tile}: e.g. "corn plantation")
      say('Your turn: put a colonist on the new {tile} with the hospice, or not.', { tile: tileName(phase.tile) }),
      say('{name} is deciding about the hospice colonist.')];
    case 'mayor': return [say('Your turn: take the extra colonist from the supply, or refuse it.'),
      say('{name} is deciding about the extra colonist.')];
    case 'place': return [say('Your turn: arrange your colonists, then confirm.'), say('{name} is arranging colonists.')];
    case 'builder': return [say('Your turn: choose a building to buy, or pass.'), say('{name} is choosing a building.')];
    case 'university': return [
      // i18n: the status line ({building}: e.g. "small market")
      say('Your turn: put a colonist on the new {building} with the university, or not.',
        { building: inline(buildingLabel(catalog, phase.building)) }),
      say('{name} is deciding about the university colonist.')];
    case 'craftsman': return [say("Your turn: choose your bonus barrel (craftsman's privilege)."), say('{name} is choosing a bonus barrel.')];
    case 'trader': return [say('Your turn: choose a good to sell, or pass.'), say('{name} is deciding what to sell.')];
    case 'captain': return [say('Your turn: load goods onto a ship: click a ship, then a good.'), say('{name} is loading goods.')];
    case 'store': return [say('Your turn: choose the goods to keep (warehouses and one barrel), then confirm.'),
      say('{name} is choosing goods to keep.')];
    case 'keep': return [say('Your turn: choose the one barrel to keep, then confirm.'), say('{name} is choosing a barrel to keep.')];
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
  const words = decision(view, catalog);
  if (!words) return shared;
  const seat = view.to_move ?? table.to_move;
  if (seated && seat === me) return { text: words[0], mine: true };
  return { text: words[1].replace('{name}', names[seat] ?? say('Seat {n}', { n: seat + 1 })), mine: false };
}

const ROLE_OF_PHASE = {
  settler: 'settler', hospice: 'settler', mayor: 'mayor', place: 'mayor', builder: 'builder',
  university: 'builder', craftsman: 'craftsman', trader: 'trader', captain: 'captain', store: 'captain',
  keep: 'captain',
};

/** "Builder phase · chosen by Ann" or "Choosing roles". */
export function phaseTitle(view, catalog, names, me) {
  const phase = view.phase || {};
  if (phase.name === 'role' || phase.name === 'over') return term(`phase.${phase.name}`);
  const role = ROLE_OF_PHASE[phase.name];
  if (!role) return humanize(phase.name);
  const title = term(`phase.${role}`, `${roleLabel(catalog, role)} phase`);
  const chooser = phase.chooser;
  if (chooser === undefined || chooser === null) return title;
  // i18n: above the board: the phase and who chose its role
  if (chooser === me) return say('{phase} · chosen by you', { phase: title });
  // i18n: above the board: the phase and who chose its role ({name}: a player's name)
  return say('{phase} · chosen by {name}', { phase: title, name: names[chooser] ?? say('Seat {n}', { n: chooser + 1 }) });
}

/** "Round 3 · Builder phase · chosen by Ann". */
export function roundTitle({ view, catalog, names, me }) {
  return say('Round {round} · {phase}', { round: view.round, phase: phaseTitle(view, catalog, names, me) });
}

// Why the game ends, each a clause ("the game ends after this round (...)", "The game ended because ...").
export const TRIGGER_WORDS = {
  get colonists() { return say('the colonists ran out'); },
  get city() { return say('a city is full'); },
  get vp() { return say('the VP chips ran out'); },
};

