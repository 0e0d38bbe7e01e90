// The mayor's arrangement, tried out in the page before it is sent: which targets (tile kinds and
// buildings) hold how many colonists. The engine gathers all of a seat's colonists into San Juan when
// its placing turn starts; the page hands them out again at once as the game proposes (the view's
// `mayor_proposal`, the best arrangement by the order in docs/rules.md, the one the heuristic bot
// plays), and the player moves colonists one by one, with undo, before confirming. The server turns
// the confirmed arrangement into actions (plan "mayor").

import { TILE_KINDS } from './util.js';

/** target -> number of colonist places on `seatView`'s board. */
export function capacities(seatView, catalog) {
  const caps = new Map();
  for (const kind of TILE_KINDS) {
    const n = seatView?.island?.[kind] ?? 0;
    if (n > 0) caps.set(kind, n);
  }
  for (const name of Object.keys(seatView?.city || {})) {
    caps.set(name, catalog.buildings.get(name)?.capacity ?? 1);
  }
  return caps;
}

/** target -> colonists as the view shows them (tiles: occupied count; buildings: colonists). */
export function arrangementOf(seatView) {
  const arr = new Map();
  for (const [kind, n] of Object.entries(seatView?.occupied || {})) if (n > 0) arr.set(kind, n);
  for (const [name, n] of Object.entries(seatView?.city || {})) if (n > 0) arr.set(name, n);
  return arr;
}

export function placed(arr) {
  let total = 0;
  for (const n of arr.values()) total += n;
  return total;
}

/** Every colonist the seat owns (San Juan + tiles + buildings). */
export function colonistsOf(seatView) {
  return (seatView?.san_juan ?? 0) + placed(arrangementOf(seatView));
}

function freeAt(arr, caps, target) {
  return (caps.get(target) ?? 0) - (arr.get(target) ?? 0);
}

function put(arr, target, n = 1) {
  arr.set(target, (arr.get(target) ?? 0) + n);
}

/** The server's proposed arrangement (the view's `mayor_proposal`) as target -> colonists. */
export function proposedArrangement(view) {
  const arr = new Map();
  for (const [target, n] of Object.entries(view?.mayor_proposal || {})) if (n > 0) arr.set(target, n);
  return arr;
}

/** The arrangement as a plan for the server: {target: count} for every target with colonists. */
export function toPlan(arr) {
  const plan = {};
  for (const [target, n] of arr) if (n > 0) plan[target] = n;
  return plan;
}

/**
 * The page's arrangement state for one placing turn: the arrangement, its history for undo, and the
 * proposed start for reset.
 */
export class Arrangement {
  constructor(seatView, catalog, proposal) {
    this.caps = capacities(seatView, catalog);
    this.total = colonistsOf(seatView);
    this.initial = new Map(proposal);
    this.arr = new Map(this.initial);
    this.history = [];
    this.locked = false;
  }

  get sanJuan() {
    return this.total - placed(this.arr);
  }

  count(target) {
    return this.arr.get(target) ?? 0;
  }

  free(target) {
    return freeAt(this.arr, this.caps, target);
  }

  canPut(target) {
    return !this.locked && this.sanJuan > 0 && this.free(target) > 0;
  }

  canTake(target) {
    return !this.locked && this.count(target) > 0;
  }

  /** Free places left on the board (for the forced-placement rule). */
  freePlaces() {
    let n = 0;
    for (const t of this.caps.keys()) n += this.free(t);
    return n;
  }

  remember() {
    this.history.push(new Map(this.arr));
    if (this.history.length > 200) this.history.shift();
  }

  put(target) {
    if (!this.canPut(target)) return false;
    this.remember();
    put(this.arr, target);
    return true;
  }

  take(target) {
    if (!this.canTake(target)) return false;
    this.remember();
    const n = this.count(target) - 1;
    if (n > 0) this.arr.set(target, n);
    else this.arr.delete(target);
    return true;
  }

  undo() {
    const last = this.history.pop();
    if (!last) return false;
    this.arr = last;
    return true;
  }

  reset() {
    this.remember();
    this.arr = new Map(this.initial);
  }

  clear() {
    this.remember();
    this.arr = new Map();
  }

  plan() {
    return toPlan(this.arr);
  }
}
