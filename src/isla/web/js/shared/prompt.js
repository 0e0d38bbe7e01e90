// The fallback every game's interaction offers: a button for each legal action the board shows no
// element for, so whatever the board draws, every legal action can be clicked.

import { button, esc } from './html.js';

/** Legal actions without any element to click on the page (and not reached through a page mode). */
export function missingActions(legal, covered, root) {
  const out = [];
  for (const text of legal) {
    if (covered(text)) continue;
    if (!root.querySelector(`[data-action="${CSS.escape(text)}"]`)) out.push(text);
  }
  return out;
}

export function fallbackButtons(texts, describe, busy) {
  return texts.map((t) => button(esc(describe(t)), { 'data-action': busy ? null : t, disabled: busy }, 'btn btn-small')).join('');
}
