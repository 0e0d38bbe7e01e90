// Puerto Rico in words: what a phase asks of the seat to move, and what an action text does, for the
// status line, the buttons and the fallback list. Action texts are the notation's (docs/notation.md).

import { seatName, statusLine as sharedStatusLine } from '/static/js/shared/status.js';
import { buildingLabel, roleLabel } from './catalog.js';
import { counted } from './nouns.js';
import { humanize } from './util.js';

export function goodName(good) {
  return String(good ?? '');
}

/** A label in the middle of a sentence: "Small market" -> "small market". */
function inline(label) {
  const text = String(label ?? '');
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

function tileName(kind) {
  return kind === 'quarry' ? 'quarry' : `${kind} plantation`;
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
    case 'role': return `Choose the ${inline(roleLabel(catalog, arg))}`;
    case 'settle':
      if (arg === 'pass') return 'Take no plantation';
      return arg === 'quarry' ? 'Take a quarry' : `Take a ${tileName(arg)}`;
    case 'hacienda': return 'Draw a face-down plantation (hacienda)';
    case 'hospice': return arg === 'take' ? 'Put a colonist on the new tile (hospice)' : 'No colonist from the hospice';
    case 'mayor': return arg === 'take' ? 'Take the extra colonist' : 'Refuse the extra colonist';
    case 'place':
      if (arg === 'done') return 'Done placing colonists';
      return `Place a colonist on ${catalog.buildings.has(arg) ? `the ${inline(buildingLabel(catalog, arg))}` : `a ${tileName(arg)}`}`;
    case 'build': {
      if (arg === 'pass') return 'Build nothing';
      const price = view?.building_costs?.[arg];
      return `Build the ${inline(buildingLabel(catalog, arg))}${price !== undefined ? ` for ${counted(price, 'doubloon')}` : ''}`;
    }
    case 'university':
      return arg === 'take' ? 'Put a colonist on the new building (university)' : 'No colonist from the university';
    case 'bonus': return arg === 'pass' ? 'No bonus barrel' : `Take 1 more ${goodName(arg)} (craftsman's privilege)`;
    case 'sell':
      if (arg === 'pass') return 'Sell nothing';
      return `Sell ${goodName(arg)} for ${counted(salePrice(view, catalog, me, arg), 'doubloon')}`;
    case 'ship': {
      if (arg === 'pass') return 'Do not use the wharf now';
      const { barrels, vp } = shipment(view, me, arg, extra);
      const where = extra === 'wharf' ? 'with the wharf' : `on the ${extra}-ship`;
      return `Ship ${barrels} ${goodName(arg)} ${where} (+${vp} VP)`;
    }
    case 'store': return arg === 'done' ? 'No more goods in warehouses' : `Keep all ${goodName(arg)} in a warehouse`;
    case 'keep': return arg === 'none' ? 'Keep no barrel' : `Keep 1 ${goodName(arg)}`;
    default: return humanize(text);
  }
}

/** The decision in progress, in words: [subject-less clause for "you", clause for others]. */
function decision(view, catalog) {
  const phase = view.phase || {};
  switch (phase.name) {
    case 'role': return ['choose a role', 'is choosing a role'];
    case 'settler': return ['take a plantation or quarry, or pass', 'is choosing a plantation'];
    case 'hospice': return [`put a colonist on the new ${tileName(phase.tile)} with the hospice, or not`,
      'is deciding about the hospice colonist'];
    case 'mayor': return ['take the extra colonist from the supply, or refuse it',
      'is deciding about the extra colonist'];
    case 'place': return ['arrange your colonists, then confirm', 'is arranging colonists'];
    case 'builder': return ['choose a building to buy, or pass', 'is choosing a building'];
    case 'university': return [`put a colonist on the new ${inline(buildingLabel(catalog, phase.building))} with the university, or not`,
      'is deciding about the university colonist'];
    case 'craftsman': return ['choose your bonus barrel (craftsman\'s privilege)', 'is choosing a bonus barrel'];
    case 'trader': return ['choose a good to sell, or pass', 'is deciding what to sell'];
    case 'captain': return ['load goods onto a ship: click a ship, then a good', 'is loading goods'];
    case 'store': return ['choose the goods to keep (warehouses and one barrel), then confirm',
      'is choosing goods to keep'];
    case 'keep': return ['choose the one barrel to keep, then confirm', 'is choosing a barrel to keep'];
    default: return ['', ''];
  }
}

/** The status line: {text, mine}. */
export function statusLine(table, catalog, names, me) {
  return sharedStatusLine(table, names, me, (view) => decision(view, catalog));
}

/** "Builder phase (chosen by Ann)" or "Role choice". */
export function phaseTitle(view, catalog, names, me) {
  const phase = view.phase || {};
  const byRole = {
    settler: 'settler', hospice: 'settler', mayor: 'mayor', place: 'mayor', builder: 'builder',
    university: 'builder', craftsman: 'craftsman', trader: 'trader', captain: 'captain', store: 'captain',
    keep: 'captain',
  };
  if (phase.name === 'role') return 'Choosing roles';
  if (phase.name === 'over') return 'Game over';
  const role = byRole[phase.name];
  if (!role) return humanize(phase.name);
  const chooser = phase.chooser;
  const who = chooser === undefined || chooser === null ? '' : ` · chosen by ${seatName(names, chooser, me, { you: true })}`;
  return `${roleLabel(catalog, role)} phase${who}`;
}

export const TRIGGER_WORDS = {
  colonists: 'the colonists ran out',
  city: 'a city is full',
  vp: 'the VP chips ran out',
};
