// Every word the clocks and the turn notices show, in one place (the lobby and the table pages),
// each in the reader's language (t(): the `isla` domain). The entries are read when they are
// shown, so a page that switches language shows its next drawing in the new one.

import { t } from './i18n.js';

export const CLOCK_WORDS = {
  get speeds() {
    return {
      // i18n: a table's speed: no clock at all
      none: t('no time limit'),
      // i18n: a table's speed: a bank of 3 minutes, and 5 seconds more for every move
      fast: t('real-time, fast (3 min + 5 s a move)'),
      // i18n: a table's speed: a bank of 10 minutes, and 20 seconds more for every move
      normal: t('real-time, normal (10 min + 20 s a move)'),
      // i18n: a table's speed: a bank of 30 minutes, and 1 minute more for every move
      slow: t('real-time, slow (30 min + 1 min a move)'),
      // i18n: a table's speed: each move may take up to 12 hours
      '12h': t('turn-based, 12 hours a move'),
      // i18n: a table's speed: each move may take up to 24 hours
      '24h': t('turn-based, 24 hours a move'),
      // i18n: a table's speed: each move may take up to 72 hours
      '72h': t('turn-based, 72 hours a move'),
    };
  },
  // i18n: the label of the lobby's choice of a table's speed
  get speedLabel() { return t('Speed'); },
  // i18n: the label of the lobby's choice of what happens when a player's clock runs out
  get onTimeoutLabel() { return t('When time runs out'); },
  get onTimeout() {
    return {
      // i18n: what happens when a player's clock runs out
      'stand-in:easy': t('an easy bot plays until the player is back'),
      // i18n: what happens when a player's clock runs out
      'stand-in:medium': t('a medium bot plays until the player is back'),
      // i18n: what happens when a player's clock runs out
      'stand-in:hard': t('a hard bot plays until the player is back'),
      // i18n: what happens when a player's clock runs out
      end: t('the table ends'),
    };
  },
  realtime: (bank, increment) => `${shortTime(bank * 1000)} + ${shortTime(increment * 1000)}`,
  // i18n: a turn-based table's speed; {time} is a time ("24:00:00")
  turnBased: (perMove) => t('{time} a move', { time: shortTime(perMove * 1000) }),
  // i18n: a table's speed in the lobby's list: no clock
  get untimed() { return t('no limit'); },
  // i18n: what a seat's clock shows (for screen readers)
  get timeLeft() { return t('time left'); },
  // i18n: a seat's clock once it has run out
  get outOfTime() { return t('out of time'); },
  // i18n: the lobby's list of the tables the player sits at
  get myGames() { return t('My games'); },
  get myGamesEmpty() { return t('You sit at no table right now.'); },
  // i18n: in the list of the player's tables: they are to move
  get yourTurn() { return t('your turn'); },
  // i18n: in the list of the player's tables: who is to move
  theirTurn: (name) => t('{name} to move', { name }),
  // i18n: in the list of the player's tables: a table whose seats are not all taken
  get waiting() { return t('waiting for players'); },
  // i18n: in the list of the player's tables; {when} is a date and time
  lastMove: (when) => t('last move {when}', { when }),
  get noMoveYet() { return t('no move yet'); },
  // i18n: the link that opens one of the player's tables
  get open() { return t('Open'); },
  // i18n: the page's title while the player is to move at {n} tables
  titleTurns: (n) => t('({n}) Your turn', { n }),
  get notifyLabel() { return t('Tell me when it is my turn (browser notification)'); },
  // i18n: beside "Tell me when it is my turn": also play a sound
  get soundLabel() { return t('with a sound'); },
  get notifyDenied() { return t('Notifications are blocked for this site in the browser settings.'); },
  // i18n: the title of the browser notification that it is the player's turn
  get notifyTitle() { return t('Your turn'); },
  // i18n: the browser notification that it is the player's turn; {game} is the game's name
  notifyBody: (game) => t('It is your turn at {game}.', { game }),
};

/** 600000 ms as "10:00", 3725000 as "1:02:05", two days and more as "2 d 3 h". */
export function shortTime(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  // i18n: a long time left on a clock, in days and hours (short units)
  if (days >= 2) return t('{days} d {hours} h', { days, hours: Math.floor((total % 86400) / 3600) });
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
