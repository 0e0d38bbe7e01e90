// What the viewer may do on the generic board: one button for each legal action (the table's
// `legal` texts), grouped by verb (the text before its first ':'), each with what the game's words
// say it does. A click sends exactly that action; nothing else on the board is clickable.
//
// Hooks (as on the games' own boards): data-action="<action text>" on each button (absent while a
// move is on its way), data-testid="generic-moves" on the list.

import { esc } from '/static/js/shared/html.js';
import { takeSnapshot } from '/static/js/shared/prompt.js';
import { t } from '/static/js/shared/i18n.js';
import { actionHelp, gameWords, label, verbOf } from './words.js';

export class Interaction {
  constructor() {
    this.busy = false;
    this.legal = new Set();
    this.key = null;
    this.words = gameWords(null);
  }

  sync(table, catalog) {
    this.words = catalog?.words || gameWords(null);
    takeSnapshot(this, table, catalog);
  }

  setBusy(busy) {
    this.busy = busy;
  }

  handle(el) {
    const action = el.getAttribute('data-action');
    if (action === null || this.busy || !this.legal.has(action)) return null;
    return { actions: [action] };
  }

  /** The legal actions by verb, in the game's order: [[verb, [text, ...]], ...]. */
  groups() {
    const byVerb = new Map();
    for (const text of this.legal) {
      const verb = verbOf(text);
      if (!byVerb.has(verb)) byVerb.set(verb, []);
      byVerb.get(verb).push(text);
    }
    return [...byVerb];
  }

  promptHtml() {
    if (!this.legal.size) return '';
    const groups = this.groups().map(([verb, texts]) => {
      // The verb's words describe the group when its actions say more than the verb ("take:3").
      const shared = texts.some((text) => text !== verb) ? actionHelp(this.words, verb) : null;
      const head = texts.length > 1 || shared
        ? `<div class="g-group-head"><span class="g-verb">${esc(label(this.words, verb))}</span>`
          + `${shared ? `<span class="g-group-help">${esc(shared)}</span>` : ''}</div>`
        : '';
      const buttons = texts.map((text) => {
        const help = actionHelp(this.words, text);
        const own = help ? `<span class="g-move-help">${esc(help)}</span>` : '';
        const hook = this.busy ? ' disabled' : ` data-action="${esc(text)}"`;
        return `<button type="button" class="btn g-move${own ? ' g-move-described' : ''}"${hook}>`
          + `<span class="g-move-text">${esc(text)}</span>${own}</button>`;
      }).join('');
      return `<div class="g-group">${head}<div class="g-group-moves">${buttons}</div></div>`;
    });
    // i18n: the name (for screen readers) of the generic board's list of the viewer's moves
    const title = t('Your moves');
    return `<div class="g-moves" data-testid="generic-moves" role="group" aria-label="${esc(title)}">${groups.join('')}</div>`;
  }

  /** Every legal action has its button: nothing for the fallback list. */
  missing() {
    return [];
  }

  fallbackHtml() {
    return '';
  }
}
