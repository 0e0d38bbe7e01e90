// Every word the clocks and the turn notices show, in one place (the lobby and the table pages).

export const CLOCK_WORDS = {
  speeds: {
    none: 'no time limit',
    fast: 'real-time, fast (3 min + 5 s a move)',
    normal: 'real-time, normal (10 min + 20 s a move)',
    slow: 'real-time, slow (30 min + 1 min a move)',
    '12h': 'turn-based, 12 hours a move',
    '24h': 'turn-based, 24 hours a move',
    '72h': 'turn-based, 72 hours a move',
  },
  speedLabel: 'Speed',
  onTimeoutLabel: 'When time runs out',
  onTimeout: {
    'stand-in:easy': 'an easy bot plays until the player is back',
    'stand-in:medium': 'a medium bot plays until the player is back',
    'stand-in:hard': 'a hard bot plays until the player is back',
    end: 'the table ends',
  },
  realtime: (bank, increment) => `${shortTime(bank * 1000)} + ${shortTime(increment * 1000)}`,
  turnBased: (perMove) => `${shortTime(perMove * 1000)} a move`,
  untimed: 'no limit',
  timeLeft: 'time left',
  outOfTime: 'out of time',
  myGames: 'My games',
  myGamesEmpty: 'You sit at no table right now.',
  yourTurn: 'your turn',
  theirTurn: (name) => `${name} to move`,
  waiting: 'waiting for players',
  lastMove: (when) => `last move ${when}`,
  noMoveYet: 'no move yet',
  open: 'Open',
  titleTurns: (n) => `(${n}) Your turn`,
  notifyLabel: 'Tell me when it is my turn (browser notification)',
  soundLabel: 'with a sound',
  notifyDenied: 'Notifications are blocked for this site in the browser settings.',
  notifyTitle: 'Your turn',
  notifyBody: (game) => `It is your turn at ${game}.`,
};

/** 600000 ms as "10:00", 3725000 as "1:02:05", two days and more as "2 d 3 h". */
export function shortTime(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  if (days >= 2) return `${days} d ${Math.floor((total % 86400) / 3600)} h`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
