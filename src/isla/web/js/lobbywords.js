// The lobby's composed words (lobby.js, mygames.js), in the page's language (shared/i18n.js): bots
// by level, lists of names, the create form's speeds. Each variant is a message of its own; a
// level a game declares beyond the usual three is shown by its name.

import { listed, t } from './shared/i18n.js';

export { listed }; // the shared list joining, as the lobby's other words

/** A bot seat's name as the table page shows it: "Easy bot", "Easy bot 2" (`number`: among equals). */
export function botName(level, number = null) {
  const numbered = number !== null && number !== undefined;
  if (level === 'easy') return numbered ? t('Easy bot {number}', { number }) : t('Easy bot');
  if (level === 'medium') return numbered ? t('Medium bot {number}', { number }) : t('Medium bot');
  if (level === 'hard') return numbered ? t('Hard bot {number}', { number }) : t('Hard bot');
  // i18n: a bot of a level the game names itself ({level} is that name)
  return numbered ? t('{level} bot {number}', { level, number }) : t('{level} bot', { level });
}

/** A choice of the create form's seat menus: a bot of `level`. */
export function botChoice(level) {
  // i18n: a choice for a seat of a new table: a bot plays it, at this level
  if (level === 'easy') return t('bot: easy');
  if (level === 'medium') return t('bot: medium');
  if (level === 'hard') return t('bot: hard');
  // i18n: as "bot: easy", for a level the game names itself ({level} is that name)
  return t('bot: {level}', { level });
}

/** The note on a seat whose player is away and a bot of `level` plays for them. */
export function standInNote(level) {
  if (level === 'easy') return t('an easy bot plays for them');
  if (level === 'medium') return t('a medium bot plays for them');
  if (level === 'hard') return t('a hard bot plays for them');
  // i18n: as "an easy bot plays for them", for a level the game names itself
  return t('a {level} bot plays for them', { level });
}

/** "A; B; C": notes on one thing. */
export function notes(words) {
  return listed(words, ';');
}

/** The create form's speeds, by the preset names the server accepts (docs/clocks.md). */
export function speedChoices() {
  return [
    ['none', t('no time limit')],
    ['fast', t('real-time, fast (3 min + 5 s a move)')],
    ['normal', t('real-time, normal (10 min + 20 s a move)')],
    ['slow', t('real-time, slow (30 min + 1 min a move)')],
    // i18n: a speed of the create form that shows fields for the time bank and the increment
    ['custom-realtime', t('real-time, custom…')],
    ['12h', t('turn-based, 12 hours a move')],
    ['24h', t('turn-based, 24 hours a move')],
    ['72h', t('turn-based, 72 hours a move')],
    // i18n: a speed of the create form that shows fields for the hours a move and playing hours
    ['custom-turn-based', t('turn-based, custom…')],
  ];
}

/** What happens when a player's time runs out, as the create form offers it. */
export function timeoutChoices() {
  return [
    ['stand-in:easy', t('an easy bot plays until the player is back')],
    ['stand-in:medium', t('a medium bot plays until the player is back')],
    ['stand-in:hard', t('a hard bot plays until the player is back')],
    ['end', t('the table ends')],
  ];
}
