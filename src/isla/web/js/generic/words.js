// The generic board's own words are t() calls of the `isla` domain where they are shown (the
// reader's language); the game's own words come from its catalog's `words` (docs/browser.md):
// labels for the names in its view, descriptions of its actions, and the end of the game. This
// module reads those, and says the few words every kind of value shares.

import { capitalize } from '/static/js/shared/html.js';
import { t } from '/static/js/shared/i18n.js';

// A value nobody has (or the viewer may not see).
export const NOTHING = '—';

/** A yes/no value of a game's view, in the reader's language. */
export function yesNo(value) {
  // i18n: a true value of a game's view on the generic board
  if (value) return t('yes');
  // i18n: a false value of a game's view on the generic board
  return t('no');
}

/** An empty list or record of a game's view. */
export function noneWord() {
  // i18n: an empty list or record of a game's view on the generic board
  return t('none');
}

/** The game's words (`catalog.words`) in one shape: labels, values, actions, endTriggers, seatKeys, perSeat. */
export function gameWords(catalog) {
  const words = catalog && typeof catalog === 'object' && catalog.words && typeof catalog.words === 'object'
    ? catalog.words : {};
  const map = (value) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
  return {
    labels: map(words.labels),
    values: map(words.values),
    actions: map(words.actions),
    endTriggers: map(words.end_triggers),
    seatKeys: new Set(Array.isArray(words.seat_keys) ? words.seat_keys : []),
    perSeat: Array.isArray(words.per_seat) ? words.per_seat : null,
  };
}

/** A name from the view as a reader sees it: the game's label, else the name made readable. */
export function label(words, name) {
  const key = String(name);
  if (Object.hasOwn(words.labels, key)) return words.labels[key];
  return capitalize(key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
}

/** A text value from the view: the game's words for it, else the text with its separators as spaces. */
export function valueWords(words, value) {
  const key = String(value);
  if (Object.hasOwn(words.values, key)) return words.values[key];
  return key.replace(/[_]+/g, ' ');
}

/** What the game says an action (or, given a verb, a kind of action) does; null if it says nothing. */
export function actionHelp(words, text) {
  return Object.hasOwn(words.actions, text) ? words.actions[text] : null;
}

/** The part of an action's text before its first ':' (the whole text if it has none). */
export function verbOf(text) {
  const at = text.indexOf(':');
  return at < 0 ? text : text.slice(0, at);
}
