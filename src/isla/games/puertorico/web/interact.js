// What the viewer may click now, and what a click does. Everything clickable comes from the table's
// `legal` list (the action texts legal for this seat now, docs/notation.md); anything else is inert.
//
// Hooks for tests and scripts (stable; end-to-end tests click by these):
//
//   data-action="<action text>"  a click sends exactly this action (present only while it is legal):
//       role cards            data-action="role:builder"
//       face-up plantations   data-action="settle:corn", quarries data-action="settle:quarry"
//       face-down stack       data-action="hacienda" (draw with the hacienda)
//       building supply       data-action="build:small-market"
//       own goods counters    data-action="sell:coffee" (trader), data-action="bonus:corn" (craftsman)
//       buttons               every other legal action that is one click, e.g. "settle:pass",
//                             "mayor:take", "mayor:refuse", "build:pass", "university:take",
//                             "hospice:pass", "sell:pass", "bonus:pass", "ship:pass", and in the
//                             captain phase one button per load: "ship:coffee:5", "ship:corn:wharf";
//                             the fallback list (data-testid="fallback") adds a button for any legal
//                             action the board does not show, so every legal action has one element.
//     Several identical face-up tiles: the first carries data-action, the others data-same.
//   data-ui="..."  a click changes only the page (nothing is sent until Confirm):
//       mayor:   data-ui="put:<target>"  (data-testid="put-corn", "put-small-market"): a colonist from
//                San Juan onto that plantation kind / building; data-ui="take:<target>"
//                (data-testid="take-corn"): a colonist back to San Juan;
//       storage: data-ui="fate:<good>:warehouse|keep|lose" (data-testid="fate-corn-keep"),
//                data-ui="cycle:<good>" on the goods counter (data-testid="good-corn");
//       captain: data-ui="pick-ship:<capacity>|wharf" (data-testid="ship-5", "ship-wharf") then
//                data-ui="pick-good:<good>" (data-testid="good-coffee"), or the other order;
//       both modes: data-testid="undo", "reset", "clear" (mayor: all to San Juan), "confirm"
//                (sends {"plan": {"mayor": {...}}} or {"plan": {"storage": {...}}}).
//       mayor:   data-testid="mayor-san-juan" holds the number of colonists left in San Juan.
//   Seat controls (data-ui, HTTP requests): data-testid="stand-in-<seat>" ("Let a bot play for X"),
//       "reclaim" ("Take my seat back"), "abandon" then "abandon-confirm" / "abandon-cancel".
//   The error banner: data-testid="error-banner" (hidden when none), closed by its data-ui="dismiss".
//   Read-only: data-testid="table-page" (the root: data-seq="<table seq>", data-status="<table
//       status>", data-busy="true" while a move is on its way), "status" (the status line), "actions"
//       (the decision's buttons), "fallback", "player-<seat>", "role-<role>", "building-<name>",
//       "price-<name>" (what the building costs the viewer now), "ship-<capacity>",
//       "plantation-<kind>" (first face-up tile of a kind), "quarries", "plantation-stack", "log",
//       "score-table", "score-row-<seat>", "connection" (data-status open|reconnecting|closed),
//       "end-triggers". Every value that can change carries data-k (a stable key) and data-v (its
//       value), which the page also uses to make pushed changes glow.

import { Arrangement, proposedArrangement } from './mayor.js';
import { Storage } from './storage.js';
import { button } from '/static/js/shared/html.js';
import { fallbackButtons, missingActions, takeSnapshot } from '/static/js/shared/prompt.js';
import { barrelIcon, esc } from './util.js';
import { barrels } from './nouns.js';
import { describeAction, goodName, say, say_n } from './words.js';

const ONE_CLICK = /^[a-z]+:(pass|take|refuse|done|none)$/;
const ROLE_OF_PHASE = {
  settler: 'settler', hospice: 'settler', mayor: 'mayor', place: 'mayor', builder: 'builder',
  university: 'builder', craftsman: 'craftsman', trader: 'trader', captain: 'captain', store: 'captain', keep: 'captain',
};

export class Interaction {
  constructor() {
    this.key = null;
    this.mode = null;
    this.captainPick = { ship: null, good: null };
    this.busy = false;
    this.legal = new Set();
    this.view = null;
    this.me = null;
  }

  /** A new snapshot: keep the page-side decision while the same decision is open, else start anew. */
  sync(table, catalog) {
    if (!takeSnapshot(this, table, catalog)) return;
    const phase = this.view?.phase || {};
    this.captainPick = { ship: null, good: null };
    this.mode = null;
    if (!this.view || !this.legal.size) return;
    const legal = [...this.legal];
    const mine = this.view.seats?.[this.me];
    if (phase.name === 'place' && legal.some((a) => a.startsWith('place:'))) {
      this.mode = { kind: 'place', arrangement: new Arrangement(mine, catalog, proposedArrangement(this.view)) };
    } else if ((phase.name === 'store' || phase.name === 'keep') && legal.some((a) => /^(store|keep):/.test(a))) {
      this.mode = { kind: 'storage', storage: new Storage(this.view, catalog, this.me) };
    } else if (phase.name === 'captain' && legal.some((a) => a.startsWith('ship:'))) {
      this.mode = { kind: 'captain' };
    }
  }

  setBusy(busy) {
    this.busy = busy;
  }

  can(action) {
    return !this.busy && this.legal.has(action);
  }

  get phaseRole() {
    return ROLE_OF_PHASE[this.view?.phase?.name] || null;
  }

  get placing() {
    if (this.mode?.kind !== 'place') return null;
    this.mode.arrangement.locked = this.busy;
    return this.mode.arrangement;
  }

  get storing() {
    return this.mode?.kind === 'storage' ? this.mode.storage : null;
  }

  /** ship:<good>:<where> actions legal now, as [good, where, text]. */
  loads() {
    const out = [];
    for (const text of this.legal) {
      const [verb, good, where] = text.split(':');
      if (verb === 'ship' && good !== 'pass') out.push([good, where, text]);
    }
    return out;
  }

  get wharfAvailable() {
    return this.mode?.kind === 'captain' && this.loads().some(([, where]) => where === 'wharf');
  }

  /** A ship (or 'wharf') is clickable if a load onto it is legal, with the good picked if any. */
  shipHot(where) {
    if (this.busy || this.mode?.kind !== 'captain') return false;
    const { good } = this.captainPick;
    return this.loads().some(([g, w]) => w === where && (!good || g === good));
  }

  /** Attributes that make one of the viewer's goods counters clickable now, or null. */
  goodHot(good) {
    if (this.busy || !this.view) return null;
    const ctx = { view: this.view, catalog: this.catalog, me: this.me };
    for (const verb of ['bonus', 'sell']) {
      const action = `${verb}:${good}`;
      if (this.legal.has(action)) return { action, testid: `good-${good}`, tip: describeAction(action, ctx) };
    }
    if (this.mode?.kind === 'captain') {
      const { ship } = this.captainPick;
      const loads = this.loads().filter(([g, w]) => g === good && (!ship || w === ship));
      if (loads.length) {
        const tip = loads.map(([, , t]) => describeAction(t, ctx)).join('\n');
        // i18n: a goods counter's tooltip in the captain phase, above the loads it can make
        const load = say('Load {good}', { good: goodName(good) });
        return { ui: `pick-good:${good}`, testid: `good-${good}`, tip: `${load}\n${tip}` };
      }
    }
    const storage = this.storing;
    if (storage && storage.kinds.includes(good)) {
      const fate = {
        warehouse: () => say('{good}: in a warehouse', { good: goodName(good) }),
        keep: () => say('{good}: keep 1 barrel', { good: goodName(good) }),
        lose: () => say('{good}: all go back', { good: goodName(good) }),
      }[storage.fate(good)]();
      const how = say('Click to switch: warehouse, keep 1, lose.');
      return { ui: `cycle:${good}`, testid: `good-${good}`, tip: `${fate}\n${how}` };
    }
    return null;
  }

  /** Extra attributes for one of the viewer's buildings when it is clickable for its own sake. */
  buildingHot(name) {
    if (this.busy) return null;
    if (name === 'hacienda' && this.legal.has('hacienda')) return { 'data-same': 'hacienda' };
    if (name === 'wharf' && this.shipHot('wharf')) return { 'data-ui': 'pick-ship:wharf' };
    return null;
  }

  /** Legal actions the page handles through a mode (no button of their own). */
  covered(action) {
    if (this.mode?.kind === 'place') return action.startsWith('place:');
    if (this.mode?.kind === 'storage') return /^(store|keep):/.test(action);
    return false;
  }

  /**
   * A click on an element with data-action / data-same / data-ui. Returns {actions} or {plan} to
   * send, 'render' when only the page changed, {ui, arg} for the page controller, or null.
   */
  handle(el) {
    const action = el.getAttribute('data-action') || el.getAttribute('data-same');
    if (action) return this.can(action) ? { actions: [action] } : null;
    const ui = el.getAttribute('data-ui');
    if (!ui) return null;
    const [op, ...rest] = ui.split(':');
    const arg = rest.join(':');
    const place = this.placing;
    const storage = this.storing;
    if (this.busy && ['put', 'take', 'undo', 'reset', 'clear', 'confirm', 'pick-ship', 'pick-good', 'cycle', 'fate'].includes(op)) {
      return null;
    }
    switch (op) {
      case 'put': return place && place.put(arg) ? 'render' : null;
      case 'take': return place && place.take(arg) ? 'render' : null;
      case 'undo':
        if (place) return place.undo() ? 'render' : null;
        if (storage) return storage.undo() ? 'render' : null;
        if (this.mode?.kind === 'captain') {
          this.captainPick = { ship: null, good: null };
          return 'render';
        }
        return null;
      case 'reset':
        if (place) place.reset();
        else if (storage) storage.reset();
        return 'render';
      case 'clear':
        if (place) place.clear();
        return 'render';
      case 'confirm':
        if (place && this.confirmable()) return { plan: { mayor: place.plan() } };
        if (storage) return { plan: { storage: storage.plan() } };
        return null;
      case 'pick-ship': return this.pick('ship', arg);
      case 'pick-good': return this.pick('good', arg);
      case 'cycle': return storage && storage.cycle(arg) ? 'render' : null;
      case 'fate': {
        const [good, to] = arg.split(':');
        return storage && storage.set(good, to) ? 'render' : null;
      }
      default: return { ui: op, arg };
    }
  }

  pick(which, value) {
    if (this.mode?.kind !== 'captain') return null;
    const other = which === 'ship' ? 'good' : 'ship';
    const pick = { ...this.captainPick, [which]: this.captainPick[which] === value ? null : value };
    if (pick.ship && pick.good) {
      const text = `ship:${pick.good}:${pick.ship}`;
      if (this.can(text)) {
        this.captainPick = { ship: null, good: null };
        return { actions: [text] };
      }
      pick[other] = null;
    }
    // Only one load possible with what was picked: nothing left to choose, but still ask the second
    // click, so a slip of the mouse never ships goods.
    this.captainPick = pick;
    return 'render';
  }

  /** The forced-placement rule (a table option): circles must be filled while colonists remain. */
  confirmable() {
    const place = this.placing;
    if (!place) return false;
    if (!this.view?.options?.forced_placement) return true;
    return place.sanJuan === 0 || place.freePlaces() === 0;
  }

  /** The buttons under the status line for the decision at hand. */
  promptHtml() {
    const ctx = { view: this.view, catalog: this.catalog, me: this.me };
    const parts = [];
    const place = this.placing;
    const storage = this.storing;
    if (place) {
      const sj = place.sanJuan;
      const ok = this.confirmable();
      // i18n: the mayor's prompt: how many colonists are still in San Juan ({n}: a number in bold)
      const inSanJuan = say('{n} in San Juan.', { n: '\u0000' }).split('\u0000').map(esc);
      const how = esc(say('Click a free plantation or building circle to place a colonist, a colonist to send it back.'));
      parts.push(`<span class="hint"><span class="hint-long">${how} </span>`
        + `${inSanJuan[0]}<b data-testid="mayor-san-juan">${sj}</b>${inSanJuan[1] ?? ''}</span>`);
      const rule = esc(say('Table rule: fill every free place before confirming.'));
      if (!ok) parts.push(`<span class="hint hint-warn">${rule}</span>`);
      parts.push(button(esc(say('Undo')), { 'data-ui': 'undo', 'data-testid': 'undo', disabled: !place.history.length || this.busy }));
      parts.push(button(esc(say('Reset')), { 'data-ui': 'reset', 'data-testid': 'reset', disabled: this.busy }));
      parts.push(button(esc(say('All to San Juan')), { 'data-ui': 'clear', 'data-testid': 'clear', disabled: this.busy }));
      parts.push(button(esc(say('Confirm')), { 'data-ui': 'confirm', 'data-testid': 'confirm', disabled: !ok || this.busy }, 'btn btn-primary'));
    } else if (storage) {
      const slots = storage.slots;
      // i18n: the storage prompt: kinds of goods put in warehouses so far, of how many the warehouses take
      const used = say_n('Warehouses: {used} of {n} kind.', 'Warehouses: {used} of {n} kinds.', slots, { used: storage.warehouse.length });
      const keep = esc(say('Keep one barrel on your wind rose; everything else goes back.'));
      // i18n: the storage prompt: how many barrels the choice sends back ({barrels}: e.g. "3 barrels")
      const lost = esc(say('({barrels} lost)', { barrels: barrels(storage.lost()) }));
      parts.push(`<span class="hint">${slots ? `${esc(used)} ` : ''}<span class="hint-long">${keep} </span>${lost}</span>`);
      const rows = storage.kinds.map((g) => {
        const n = storage.goods[g];
        const fate = storage.fate(g);
        const choice = (to, label) => button(label, {
          'data-ui': `fate:${g}:${to}`,
          'data-testid': `fate-${g}-${to}`,
          'aria-pressed': fate === to ? 'true' : 'false',
          disabled: this.busy || (!storage.allowed(g, to) && fate !== to),
        }, `btn btn-small seg${fate === to ? ' seg-on' : ''}`);
        const opts = [slots || storage.fixed.includes(g) ? choice('warehouse', esc(say('Warehouse'))) : '',
          storage.fixed.includes(g) ? '' : choice('keep', esc(say('Keep 1'))),
          storage.fixed.includes(g) ? '' : choice('lose', esc(say('Lose')))].join('');
        return `<span class="store-row">${barrelIcon(g, 14)}<span>${esc(goodName(g))} ×${n}</span><span class="segs">${opts}</span></span>`;
      });
      parts.push(`<span class="store-rows">${rows.join('')}</span>`);
      parts.push(button(esc(say('Undo')), { 'data-ui': 'undo', 'data-testid': 'undo', disabled: !storage.history.length || this.busy }));
      parts.push(button(esc(say('Reset')), { 'data-ui': 'reset', 'data-testid': 'reset', disabled: this.busy }));
      parts.push(button(esc(say('Confirm')), { 'data-ui': 'confirm', 'data-testid': 'confirm', disabled: this.busy }, 'btn btn-primary'));
    } else if (this.mode?.kind === 'captain') {
      const { ship, good } = this.captainPick;
      let hint = say('Click a ship, then one of your goods, or choose here:');
      if (ship === 'wharf') hint = say('Picked the wharf: now click a good, or choose here:');
      // i18n: the captain's prompt after a click on a ship ({size}: its number of places)
      else if (ship) hint = say('Picked the {size}-ship: now click a good, or choose here:', { size: ship });
      // i18n: the captain's prompt after a click on one of the player's goods
      else if (good) hint = say('Picked {good}: now click a ship, or choose here:', { good: goodName(good) });
      parts.push(`<span class="hint hint-long">${esc(hint)}</span>`);
      for (const [g, w, text] of this.loads()) {
        const match = (!ship || w === ship) && (!good || g === good);
        parts.push(button(esc(describeAction(text, ctx)), {
          'data-action': this.busy ? null : text, disabled: this.busy,
        }, `btn btn-option${match && (ship || good) ? ' btn-match' : ''}`));
      }
      if (ship || good) parts.push(button(esc(say('Cancel')), { 'data-ui': 'undo', 'data-testid': 'undo' }));
    }
    for (const text of this.legal) {
      if (this.covered(text) || !ONE_CLICK.test(text)) continue;
      parts.push(button(esc(describeAction(text, ctx)), {
        'data-action': this.busy ? null : text, disabled: this.busy,
      }, text.endsWith(':take') ? 'btn btn-primary' : 'btn'));
    }
    return parts.join('');
  }

  /** Legal actions without any element to click on the page: these get fallback buttons. */
  missing(root) {
    return missingActions(this.legal, (text) => this.covered(text), root);
  }

  fallbackHtml(texts) {
    const ctx = { view: this.view, catalog: this.catalog, me: this.me };
    return fallbackButtons(texts, (t) => describeAction(t, ctx), this.busy);
  }
}

