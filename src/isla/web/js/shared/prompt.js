// The fallback every game's interaction offers: a button for each legal action the board shows no
// element for, so whatever the board draws, every legal action can be clicked.

import { button, esc } from './html.js';
import { decisionKey, legalTexts, viewerSeat } from './seats.js';

/**
 * What every board's interaction does with a new snapshot: keep the table, the catalog, the view,
 * the viewer's seat and the legal actions (a Set) on `ix`. Returns true when a new decision began
 * (a new key; `ix.busy` is then cleared), false while the same one stays open.
 */
export function takeSnapshot(ix, table, catalog) {
  ix.table = table;
  ix.catalog = catalog;
  ix.view = table.view;
  ix.me = viewerSeat(table);
  ix.legal = new Set(legalTexts(table));
  const key = decisionKey(table);
  if (key === ix.key) return false;
  ix.key = key;
  ix.busy = false;
  return true;
}

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
