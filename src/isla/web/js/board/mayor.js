// The mayor's arrangement, tried out in the page before it is sent: which targets (tile kinds and
// buildings) hold how many colonists. The engine gathers all of a seat's colonists into San Juan when
// its placing turn starts; the page hands them out again at once (the last arrangement the player
// had, then a sensible order for the rest), and the player moves colonists one by one, with undo,
// before confirming. The server turns the confirmed arrangement into actions (plan "mayor").

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

/**
 * A first arrangement for `total` colonists: the previous one where it still fits, then large
 * buildings, production chains (a plantation with a matching building circle, most valuable good
 * first), quarries, the other violet buildings (dearest first), corn, and whatever is left.
 */
export function autoArrange(seatView, catalog, previous) {
  const caps = capacities(seatView, catalog);
  const total = colonistsOf(seatView);
  const arr = new Map();
  let left = total;
  const fill = (target, want = Infinity) => {
    const n = Math.min(want, left, freeAt(arr, caps, target));
    if (n > 0) {
      put(arr, target, n);
      left -= n;
    }
    return n;
  };
  if (previous) {
    for (const [target, n] of previous) if (caps.has(target)) fill(target, n);
  }
  const owned = [...caps.keys()].filter((t) => catalog.buildings.has(t));
  const info = (t) => catalog.buildings.get(t);
  for (const t of owned.filter((t) => info(t).size === 2)) fill(t);
  // Production chains, most valuable good first: one plantation and one building circle at a time.
  for (const good of ['coffee', 'tobacco', 'sugar', 'indigo']) {
    const plants = owned.filter((t) => info(t).good === good);
    let progress = true;
    while (left >= 2 && progress) {
      progress = false;
      const plant = plants.find((t) => freeAt(arr, caps, t) > 0);
      if (freeAt(arr, caps, good) > 0 && plant) {
        fill(good, 1);
        fill(plant, 1);
        progress = true;
      }
    }
    // A chain already half-manned (say, from the previous arrangement) gets its other half.
    const plantFree = plants.reduce((s, t) => s + freeAt(arr, caps, t), 0);
    const plantUsed = plants.reduce((s, t) => s + (arr.get(t) ?? 0), 0);
    const fieldUsed = arr.get(good) ?? 0;
    if (left > 0 && fieldUsed > plantUsed && plantFree > 0) {
      const plant = plants.find((t) => freeAt(arr, caps, t) > 0);
      fill(plant, Math.min(fieldUsed - plantUsed, left));
    } else if (left > 0 && plantUsed > fieldUsed) {
      fill(good, plantUsed - fieldUsed);
    }
  }
  fill('quarry');
  const violet = owned
    .filter((t) => info(t).size !== 2 && !info(t).good)
    .sort((a, b) => info(b).cost - info(a).cost);
  for (const t of violet) fill(t);
  fill('corn');
  for (const t of caps.keys()) fill(t);
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
 * automatic start for reset.
 */
export class Arrangement {
  constructor(seatView, catalog, previous) {
    this.caps = capacities(seatView, catalog);
    this.total = colonistsOf(seatView);
    this.initial = autoArrange(seatView, catalog, previous);
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
