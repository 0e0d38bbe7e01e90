// Every count of the Puerto Rico page that the game's term catalog holds ("{n} doubloon"), in the
// reader's language with its own plural forms (tn over the `puertorico` domain). Counts the term
// catalog has not (kinds, places) are the page's own, say_n in words.js. Goods are counted bare
// ("3 corn"): the players' way, which has no plural to get wrong.

import { tn } from '/static/js/shared/i18n.js';

const TERMS = 'puertorico';

/** "1 doubloon", "3 doubloons" (in the reader's language). */
export function doubloons(n) {
  return tn('{n} doubloon', '{n} doubloons', n, {}, TERMS);
}

export function colonists(n) {
  return tn('{n} colonist', '{n} colonists', n, {}, TERMS);
}

export function barrels(n) {
  return tn('{n} barrel', '{n} barrels', n, {}, TERMS);
}
