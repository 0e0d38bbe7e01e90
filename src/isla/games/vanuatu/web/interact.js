// What the viewer may click now on the Vanuatu board, and what a click does. Everything clickable
// comes from the table's `legal` list (the action texts legal for this seat now, docs/vanuatu.md);
// anything else is inert.
//
// Hooks for tests and scripts (stable; end-to-end tests click by these):
//
//   data-action="<action text>"  a click sends exactly this action (present only while it is legal):
//       action spaces (data-testid="space-<space>")  "plan:fish", "neutral:sail"; in the resolution
//                 the space's one performance ("fish", "rest", "explore", "build:A1"), "clear:<space>"
//                 when the stack cannot be performed, and on Sell the sale of every fish held;
//       characters (data-testid="char-<name>")        "char:navigator";
//       hexes (data-testid="cell-<q,r>")              "tile:A1@2,1" (for the picked shown tile),
//                 "sail:B2" (the cost is written on the hex), and on islands "build:A1",
//                 "draw:A1", "tourist:A1" when only one of them is legal there (or its space is picked);
//       goods cubes (data-testid="cube-<good>-<tile>") "buy:kava@A1";
//       dike sides (data-testid="dike-<tile>-<q,r>")  "dike:A1@2,2";
//       own treasure tiles (data-testid="treasure-<i>") "cash:2";
//       buttons   every other one-click action: "buyer:take", "buyer:skip", "dike:skip", "finish",
//                 "beg:<n>", "clear:<space>" (beside a possible performance), the sale of the fish
//                 picked; the fallback list (data-testid="fallback") adds a button for any legal action
//                 the board does not show and no page mode reaches, so every legal action has one;
//       action spaces in the Governor's mode (below)  "govern:<from>:<to>" on every legal target
//                 once the source is picked.
//   data-ui="..."  a click changes only the page:
//       pick:<space>       (on a space with several ways to act) the islands then act for that space;
//       pick-tile:<tile>   (on a shown tile, data-testid="preview-<tile>") which tile the hexes place;
//       fish:<i>           (on the viewer's fish, data-testid="fish-<i>") into or out of the sale;
//       govern             (the prompt's button data-testid="govern", while "govern:" actions are
//                          legal) enters the Governor's mode: only the action spaces react, the
//                          hint (data-testid="govern-hint") says what to click, nothing else glows;
//       govern-from:<space> (in that mode, on a space holding the viewer's markers) the source; the
//                          picked source clicked again drops it;
//       undo               (data-testid="undo", "Cancel") drops the picks and leaves the Governor's
//                          mode. Any new snapshot of the table (a new seq, phase or legal list)
//                          drops them too.
//       bonus              (the prompt's "Use my <character>'s bonus" box, data-testid="use-bonus",
//                          shown while some "<action>:nobonus" is legal) is checked at every new
//                          decision, so the bonus stays one click; unchecked, the board's elements
//                          for the character's action send "<action>:nobonus" instead (a Navigator's
//                          sail beyond what its vatus pay is then not offered).
//
// A bonus declined by clearing the stack (the action is possible only with it, V11) is the
// "clear:<space>" button beside the performance, worded as declining the bonus.
//
// The Governor's up to 56 moves (from any of the viewer's stacks to any space not yet resolved) have
// no element of their own: listed as buttons they would fill the screen, so they are two clicks on
// the spaces the move is about, behind one button.

import { button, esc } from '/static/js/shared/html.js';
import { fallbackButtons, missingActions, takeSnapshot } from '/static/js/shared/prompt.js';
import { SPACES, label } from './catalog.js';
import { NOBONUS, describeAction, markers, saleValues, say } from './words.js';

const ISLAND_VERBS = ['build', 'draw', 'tourist'];
const BUTTON_VERBS = new Set(['buyer', 'finish', 'beg']);

/** The action space a resolution text belongs to (a dike alone is a build action). */
function spaceOf(text) {
  const verb = text.split(':')[0];
  if (verb === 'dike') return text === 'dike:skip' ? null : 'build';
  return SPACES.includes(verb) ? verb : null;
}

export class Interaction {
  constructor() {
    this.key = null;
    this.busy = false;
    this.legal = new Set();
    this.view = null;
    this.me = null;
    this.picked = null; // a space whose island targets the hexes act for
    this.tile = null; // the shown tile the empty hexes place
    this.fishPick = new Set(); // indices into the viewer's fish, for a partial sale
    this.spaces = new Map(); // space -> {perform: [texts], clear: text|null} (resolution)
    this.governSources = new Set(); // the spaces the legal `govern:<from>:<to>` actions move from
    this.governing = false; // the Governor's mode: the spaces pick a source, then a target
    this.governFrom = null; // the source picked in that mode
    this.twins = new Set(); // the legal "<action>:nobonus" texts
    this.useBonus = true; // the prompt's box: the board's elements take the bonus
  }

  sync(table, catalog) {
    if (!takeSnapshot(this, table, catalog)) return;
    this.picked = null;
    this.fishPick = new Set();
    this.spaces = new Map();
    this.governSources = new Set();
    this.governing = false;
    this.governFrom = null;
    this.twins = new Set();
    this.useBonus = true;
    for (const text of this.legal) {
      if (text.endsWith(NOBONUS)) {
        this.twins.add(text);
      } else if (text.startsWith('govern:')) {
        this.governSources.add(text.split(':')[1]);
      } else if (this.phase === 'resolution' || this.phase === 'dike') {
        if (text.startsWith('clear:')) this.group(text.slice(6)).clear = text;
        else if (this.phase === 'resolution' && spaceOf(text)) this.group(spaceOf(text)).perform.push(text);
      }
    }
    const placeable = (this.view?.archipelago?.preview || []).filter((t) => this.placements(t).length);
    this.tile = placeable[0] ?? null;
  }

  group(space) {
    if (!this.spaces.has(space)) this.spaces.set(space, { perform: [], clear: null });
    return this.spaces.get(space);
  }

  get phase() {
    return this.view?.phase?.name ?? null;
  }

  setBusy(busy) {
    this.busy = busy;
  }

  can(action) {
    return !this.busy && this.legal.has(action);
  }

  /** The linked action space of the viewer's character (whose bonus changes it), or null. */
  get bonusSpace() {
    const name = this.view?.seats?.[this.me]?.character;
    return (name && this.catalog?.characters?.get(name)?.action) || null;
  }

  /** Whether `text` performs the viewer's character's action (a dike alone is no hut: no bonus). */
  linked(text) {
    return !text.startsWith('dike:') && spaceOf(text) !== null && spaceOf(text) === this.bonusSpace;
  }

  /** What an element for the legal `action` sends: itself, or without the bonus when the box is
   * unchecked (its twin; the same action where the bonus changes nothing; null where only the bonus
   * makes it possible: a Navigator's sail its vatus do not pay). */
  choose(action) {
    if (this.useBonus || !this.twins.size || !this.linked(action)) return action;
    if (this.legal.has(action + NOBONUS)) return action + NOBONUS;
    return action.startsWith('sail:') ? null : action;
  }

  /** An element that sends `action` when clicked, outside the Governor's mode (where only spaces react). */
  hot(action) {
    if (this.governing || !this.can(action)) return null;
    const chosen = this.choose(action);
    return chosen ? { action: chosen } : null;
  }

  /** The legal `tile:` actions placing this shown tile. */
  placements(tile) {
    return [...this.legal].filter((t) => t.startsWith(`tile:${tile}@`));
  }

  /** The sale of every fish the viewer holds (the longest legal sell text), or null. */
  fullSale() {
    let best = null;
    for (const text of this.legal) {
      if (text.startsWith('sell:') && (!best || saleValues(text).length > saleValues(best).length)) best = text;
    }
    return best;
  }

  /** The sale of the fish picked on the viewer's panel, if it is legal. */
  pickedSale() {
    const fish = this.view?.seats?.[this.me]?.fish || [];
    const values = [...this.fishPick].map((i) => fish[i]).filter((v) => v).sort((a, b) => a - b);
    return values.length ? `sell:${values.join('+')}` : null;
  }

  // --- what each board element does -----------------------------------------------------

  /** An action space: {action} to send, {ui} to pick it, or null. */
  spaceHot(space) {
    if (this.busy) return null;
    if (this.governing) return this.governHot(space);
    if (this.legal.has(`plan:${space}`)) return { action: `plan:${space}` };
    if (this.legal.has(`neutral:${space}`)) return { action: `neutral:${space}` };
    const g = this.spaces.get(space);
    if (!g) return null;
    if (space === 'sell' && g.perform.length) return { action: this.fullSale() };
    const perform = g.perform.map((t) => this.choose(t)).filter(Boolean);
    if (perform.length === 1) return { action: perform[0] };
    if (perform.length > 1) return { ui: `pick:${space}` };
    return g.clear ? { action: g.clear } : null;
  }

  /** A space in the Governor's mode: a source to pick (or drop), then a target to move to. */
  governHot(space) {
    if (this.governFrom === null || this.governFrom === space) {
      return this.governSources.has(space) ? { ui: `govern-from:${space}` } : null;
    }
    const action = `govern:${this.governFrom}:${space}`;
    return this.legal.has(action) ? { action } : null;
  }

  characterHot(name) {
    return this.hot(`char:${name}`);
  }

  /** A hex: an empty one places the picked tile; an ocean is a sail; an island one of its actions. */
  cellHot(cell, entry) {
    if (this.busy || this.governing) return null;
    if (!entry) return this.tile ? this.hot(`tile:${this.tile}@${cell}`) : null;
    if (!Array.isArray(entry.huts)) return this.hot(`sail:${entry.tile}`);
    let options = ISLAND_VERBS.map((v) => `${v}:${entry.tile}`).filter((t) => this.legal.has(t));
    if (this.picked) options = options.filter((t) => t.startsWith(`${this.picked}:`));
    return options.length === 1 ? this.hot(options[0]) : null;
  }

  /** The island actions legal on this island when a click there would be ambiguous (pick a space first). */
  islandChoices(entry) {
    if (this.busy || this.picked || this.governing) return [];
    const options = ISLAND_VERBS.map((v) => `${v}:${entry.tile}`).filter((t) => this.legal.has(t));
    return options.length > 1 ? options : [];
  }

  cubeHot(tile, good) {
    return this.hot(`buy:${good}@${tile}`);
  }

  dikeHot(tile, facing) {
    return this.hot(`dike:${tile}@${facing}`);
  }

  previewHot(tile) {
    if (this.busy || this.governing || tile === this.tile || !this.placements(tile).length) return null;
    return { ui: `pick-tile:${tile}` };
  }

  fishHot(index) {
    if (this.busy || this.governing || !this.fullSale()) return null;
    return { ui: `fish:${index}`, picked: this.fishPick.has(index) };
  }

  treasureHot(value) {
    return this.hot(`cash:${value}`);
  }

  /**
   * Legal actions the page reaches through a pick or a page mode (no element of their own until
   * then): the Governor's moves through its mode, and in that mode every other action by Cancel.
   */
  covered(action) {
    if (action.startsWith('govern:') || this.governing) return true;
    // The bonus box reaches both versions of the character's action: one of them has no element.
    if (action.endsWith(NOBONUS)) return true;
    if (!this.useBonus && this.twins.size && this.linked(action)) return true;
    if (action.startsWith('sell:')) return Boolean(this.fullSale());
    if (action.startsWith('tile:')) {
      const tile = action.slice(5).split('@')[0];
      return tile !== this.tile && this.placements(tile).length > 0;
    }
    return false;
  }

  /** A click: {actions} to send, 'render' when only the page changed, or null. */
  handle(el) {
    const action = el.getAttribute('data-action') || el.getAttribute('data-same');
    if (action) return this.can(action) ? { actions: [action] } : null;
    const ui = el.getAttribute('data-ui');
    if (!ui || this.busy) return null;
    const [op, ...rest] = ui.split(':');
    const arg = rest.join(':');
    switch (op) {
      case 'pick':
        this.picked = this.picked === arg ? null : arg;
        return 'render';
      case 'pick-tile':
        if (!this.placements(arg).length) return null;
        this.tile = arg;
        return 'render';
      case 'fish': {
        const i = Number(arg);
        if (this.fishPick.has(i)) this.fishPick.delete(i);
        else this.fishPick.add(i);
        return 'render';
      }
      case 'govern':
        if (!this.governSources.size) return null;
        this.governing = true;
        this.governFrom = null;
        this.picked = null;
        this.fishPick = new Set();
        return 'render';
      case 'govern-from':
        if (!this.governing || !this.governSources.has(arg)) return null;
        this.governFrom = this.governFrom === arg ? null : arg;
        return 'render';
      case 'bonus':
        if (!this.twins.size) return null;
        this.useBonus = !this.useBonus;
        return 'render';
      case 'undo':
        this.picked = null;
        this.fishPick = new Set();
        this.governing = false;
        this.governFrom = null;
        return 'render';
      default:
        return null;
    }
  }

  // --- the prompt -----------------------------------------------------------------------

  describe(text) {
    return describeAction(text, { view: this.view, catalog: this.catalog, me: this.me });
  }

  actionButton(text, cls = 'btn') {
    return button(esc(this.describe(text)), { 'data-action': this.busy ? null : text, disabled: this.busy }, cls);
  }

  /** The Governor's mode in the prompt: what to click now, and Cancel. */
  governPromptHtml() {
    let hint = esc(say('Governor: click the space to move all your markers from.'));
    if (this.governFrom !== null) {
      const n = this.view?.seats?.[this.me]?.markers?.[this.governFrom] ?? 0;
      // i18n: the Governor's prompt ({markers}: e.g. "2 markers"; {space}: an action space, shown in bold)
      const words = say('Governor: moving your {markers} from {space}: click the space to move them to (or the same space again to pick another).',
        { markers: markers(n), space: '\u0000' });
      const [before, after = ''] = words.split('\u0000');
      hint = `${esc(before)}<b>${esc(label(this.catalog, 'actions', this.governFrom))}</b>${esc(after)}`;
    }
    return `<span class="hint" data-testid="govern-hint">${hint}</span>`
      + button(esc(say('Cancel')), { 'data-ui': 'undo', 'data-testid': 'undo', disabled: this.busy });
  }

  /** The hints and buttons under the status line for the decision at hand. */
  promptHtml() {
    if (this.governing) return this.governPromptHtml();
    const parts = [];
    if (this.phase === 'tiles' && this.tile) {
      // i18n: the prompt of the preparation ({tile}: the tile being placed, shown in bold)
      const [before, after = ''] = say('Placing {tile}: click a glowing hex.', { tile: '\u0000' }).split('\u0000');
      const other = say('(Click the other shown tile to place it first.)');
      parts.push(`<span class="hint">${esc(before)}<b>${esc(this.tile)}</b>${esc(after)}`
        + `<span class="hint-long"> ${esc(other)}</span></span>`);
    }
    if (this.picked) {
      // i18n: the prompt after a click on an action space ({space}: its name)
      const hint = say('{space}: click a glowing island.', { space: label(this.catalog, 'actions', this.picked) });
      parts.push(`<span class="hint">${esc(hint)}</span>`);
      parts.push(button(esc(say('Cancel')), { 'data-ui': 'undo', 'data-testid': 'undo', disabled: this.busy }));
    } else if ([...this.spaces.values()].some((g) => g.perform.length > 1 && !g.perform[0].startsWith('sell'))) {
      const hint = say('Click a glowing space or hex.');
      parts.push(`<span class="hint hint-long">${esc(hint)}</span>`);
    }
    const all = this.fullSale();
    if (all) {
      parts.push(this.actionButton(all, 'btn btn-primary'));
      const picked = this.pickedSale();
      const some = say('or click your fish to sell only some.');
      if (picked && picked !== all && this.legal.has(picked)) parts.push(this.actionButton(picked));
      else if (saleValues(all).length > 1) parts.push(`<span class="hint hint-long">${esc(some)}</span>`);
    }
    if (this.twins.size) parts.push(this.bonusBoxHtml());
    for (const [space, g] of this.spaces) {
      if (!g.clear || !g.perform.length) continue;
      if (space === this.bonusSpace) {
        // Possible only with the bonus (the rules offer the clear only then): declining it is clearing.
        const who = label(this.catalog, 'characters', this.view.seats[this.me].character);
        const space = label(this.catalog, 'actions', g.clear.slice(6));
        // i18n: a button: decline the character's bonus by taking back the markers from the space
        parts.push(button(esc(say("Decline the {character}'s bonus: take back your markers from {space} (no effect)", { character: who, space })),
          { 'data-action': this.busy ? null : g.clear, disabled: this.busy }));
      } else {
        parts.push(this.actionButton(g.clear));
      }
    }
    for (const text of this.legal) {
      const verb = text.split(':')[0];
      if (BUTTON_VERBS.has(verb) || text === 'dike:skip') {
        parts.push(this.actionButton(text, text === 'buyer:take' ? 'btn btn-primary' : 'btn'));
      }
    }
    if (this.governSources.size) {
      parts.push(button(esc(say('Use the Governor…')), {
        'data-ui': 'govern', 'data-testid': 'govern', disabled: this.busy,
        title: say('Instead of acting: move all your markers from one space to another'),
      }));
    }
    return parts.join('');
  }

  /** The box that keeps the bonus one click: checked at every new decision. */
  bonusBoxHtml() {
    const who = label(this.catalog, 'characters', this.view?.seats?.[this.me]?.character ?? '');
    // i18n: a check box: use the bonus of the viewer's character
    const use = say("Use my {character}'s bonus", { character: who });
    return `<label class="bonus-box" data-ui="bonus" data-testid="use-bonus"${this.busy ? ' aria-disabled="true"' : ''}>`
      + `<input type="checkbox"${this.useBonus ? ' checked' : ''}${this.busy ? ' disabled' : ''} tabindex="-1"> `
      + `${esc(use)}</label>`;
  }

  missing(root) {
    return missingActions(this.legal, (text) => this.covered(text), root);
  }

  fallbackHtml(texts) {
    return fallbackButtons(texts, (t) => this.describe(t), this.busy);
  }
}

