// The words the clocks and the turn notices show, in one place (the lobby and the table pages;
// the lobby's speed choices and My games word themselves: lobbywords.js, mygames.js),
// each in the reader's language (t(): the `isla` domain). The entries are read when they are
// shown, so a page that switches language shows its next drawing in the new one.

import { t } from './i18n.js';

export const CLOCK_WORDS = {
  realtime: (bank, increment) => `${shortTime(bank * 1000)} + ${shortTime(increment * 1000)}`,
  // i18n: a turn-based table's speed; {time} is a time ("24:00:00")
  turnBased: (perMove) => t('{time} a move', { time: shortTime(perMove * 1000) }),
  // i18n: a table's speed in the lobby's list: no clock
  get untimed() { return t('no limit'); },
  // i18n: what a seat's clock shows (for screen readers)
  get timeLeft() { return t('time left'); },
  // i18n: a seat's clock once it has run out
  get outOfTime() { return t('out of time'); },
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
