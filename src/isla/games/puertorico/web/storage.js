// The goods a seat keeps after shipping, tried out in the page before it is sent: whole kinds in the
// warehouses (small: 1 kind, large: 2, both: 3, if manned) and one barrel on the wind rose. Everything
// else goes back to the supply. The server turns the confirmed choice into actions (plan "storage").

import { GOODS } from './util.js';
import { manned } from './words.js';

/** How many kinds the seat's warehouses take in this decision (0 in the `keep` decision). */
export function warehouseSlots(view, me) {
  const phase = view.phase || {};
  if (phase.name !== 'store') return 0;
  const seat = view.seats?.[me];
  return (manned(seat, 'small-warehouse') ? 1 : 0) + (manned(seat, 'large-warehouse') ? 2 : 0);
}

export class Storage {
  constructor(view, catalog, me) {
    this.goods = { ...(view.seats?.[me]?.goods || {}) };
    this.kinds = GOODS.filter((g) => (this.goods[g] ?? 0) > 0);
    // Kinds already put into warehouses earlier in this decision stay there.
    this.fixed = (view.phase?.stored || []).filter((g) => this.kinds.includes(g));
    this.slots = Math.max(warehouseSlots(view, me), this.fixed.length);
    const price = (g) => catalog.goods.get(g)?.price ?? GOODS.indexOf(g);
    // A sensible start: the biggest piles in the warehouses, then the most valuable barrel kept.
    const byPile = [...this.kinds].filter((g) => !this.fixed.includes(g))
      .sort((a, b) => (this.goods[b] - this.goods[a]) || (price(b) - price(a)));
    const warehouse = [...this.fixed];
    for (const g of byPile) if (warehouse.length < this.slots) warehouse.push(g);
    const rest = this.kinds.filter((g) => !warehouse.includes(g)).sort((a, b) => price(b) - price(a));
    this.initial = { warehouse, keep: rest[0] ?? null };
    this.warehouse = [...warehouse];
    this.keep = this.initial.keep;
    this.history = [];
  }

  fate(good) {
    if (this.warehouse.includes(good)) return 'warehouse';
    if (this.keep === good) return 'keep';
    return 'lose';
  }

  /** Can `good` be given fate `to` now. */
  allowed(good, to) {
    if (!this.kinds.includes(good)) return false;
    if (this.fixed.includes(good)) return to === 'warehouse';
    if (to === 'warehouse') return this.warehouse.includes(good) || this.warehouse.length < this.slots;
    return true;
  }

  set(good, to) {
    if (!this.allowed(good, to) || this.fate(good) === to) return false;
    this.history.push({ warehouse: [...this.warehouse], keep: this.keep });
    this.warehouse = this.warehouse.filter((g) => g !== good);
    if (this.keep === good) this.keep = null;
    if (to === 'warehouse') this.warehouse.push(good);
    if (to === 'keep') this.keep = good;
    return true;
  }

  /** A click on a good's counter: the next fate in the cycle warehouse -> keep -> lose. */
  cycle(good) {
    const order = ['warehouse', 'keep', 'lose'];
    const start = order.indexOf(this.fate(good));
    for (let i = 1; i <= order.length; i += 1) {
      const next = order[(start + i) % order.length];
      if (this.allowed(good, next)) return this.set(good, next);
    }
    return false;
  }

  undo() {
    const last = this.history.pop();
    if (!last) return false;
    this.warehouse = last.warehouse;
    this.keep = last.keep;
    return true;
  }

  reset() {
    this.history.push({ warehouse: [...this.warehouse], keep: this.keep });
    this.warehouse = [...this.initial.warehouse];
    this.keep = this.initial.keep;
  }

  /** Barrels that go back to the supply with this choice. */
  lost() {
    let n = 0;
    for (const g of this.kinds) {
      const fate = this.fate(g);
      if (fate === 'lose') n += this.goods[g];
      else if (fate === 'keep') n += this.goods[g] - 1;
    }
    return n;
  }

  plan() {
    const warehouse = GOODS.filter((g) => this.warehouse.includes(g));
    return { warehouse, keep: this.keep };
  }
}
