// The lobby's "My games": every table I sit at that is not over (GET /api/me/tables), my turn
// first, each with whose turn it is, my time left (counting down on the page) and the last move.
// When a table becomes my turn while the lobby is open, the title and favicon say so, and a
// notification and a sound where the player asked for them (shared/notices.js). Its words are the
// page's language (shared/i18n.js).
//
// Hooks for tests: my-games (the section), my-games-list, my-game-<id> (data-my-turn), my-time-<id>,
// my-games-empty, notify-turns, turn-sound.

import { api } from './net.js';
import { shortTime } from './shared/clockwords.js';
import { stampClocks, timeLeft } from './shared/clocks.js';
import { t } from './shared/i18n.js';
import { announceTurn, markTurn, noticeControls } from './shared/notices.js';
import { dateText } from './shared/ratings.js';
import { botName } from './lobbywords.js';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const state = { entries: null, myTurns: null, asking: null, again: false, titles: null };

/** The page's own title in its language (the <title> is marked data-t; shared/i18n.js keeps its English). */
function baseTitle() {
  const title = document.querySelector('title');
  return title?.dataset.t ? t(title.dataset.t) : document.title;
}

function item(entry) {
  const table = entry.table;
  const url = `/tables/${encodeURIComponent(table.id)}`;
  const li = document.createElement('li');
  li.className = `table-item my-game${entry.my_turn ? ' my-turn' : ''}`;
  li.dataset.testid = `my-game-${table.id}`;
  li.dataset.myTurn = entry.my_turn ? 'true' : 'false';
  const link = document.createElement('a');
  link.href = url;
  link.className = 'btn btn-small' + (entry.my_turn ? ' btn-primary' : '');
  // i18n: the button of one of My games: go to its table
  link.textContent = t('Open');
  const title = document.createElement('span');
  title.className = 'table-game';
  title.textContent = state.titles?.(table.game) || table.game;
  const turn = document.createElement('span');
  turn.className = 'table-state';
  if (table.status === 'open') turn.textContent = t('waiting for players');
  else if (entry.my_turn) turn.textContent = t('your turn');
  else {
    const mover = (table.seats || []).find((s) => s.seat === table.to_move);
    // i18n: whose turn it is at one of My games ({name}: a player's or a bot's name)
    turn.textContent = t('{name} to move', { name: mover?.name || (mover?.bot ? botName(mover.bot) : '…') });
  }
  const parts = [title, turn];
  if (entry.seat !== null && table.clocks) {
    const time = document.createElement('span');
    time.className = 'tag tag-clock';
    time.dataset.testid = `my-time-${table.id}`;
    time.dataset.clockTable = table.id;
    time.textContent = shortTime(timeLeft(table.clocks, entry.seat));
    parts.push(time);
  }
  const last = document.createElement('span');
  last.className = 'muted';
  // i18n: when the last move of one of My games was made ({when}: a date and time)
  last.textContent = entry.last_move ? t('last move {when}', { when: dateText(entry.last_move.at) }) : t('no move yet');
  parts.push(last, link);
  li.append(...parts);
  return li;
}

function render() {
  const entries = state.entries || [];
  $('my-games-list').replaceChildren(...entries.map(item));
  $('my-games-empty').hidden = entries.length > 0;
  const turns = entries.filter((e) => e.my_turn);
  // i18n: the browser tab's title while it is my turn at {n} of My games, before the page's title
  document.title = turns.length ? t('({n}) Your turn · {title}', { n: turns.length, title: baseTitle() }) : baseTitle();
  markTurn(turns.length > 0);
  const now = new Set(turns.map((e) => e.table.id));
  if (state.myTurns !== null) {
    for (const entry of turns) {
      if (!state.myTurns.has(entry.table.id)) {
        announceTurn(state.titles?.(entry.table.game) || entry.table.game, `/tables/${encodeURIComponent(entry.table.id)}`);
      }
    }
  }
  state.myTurns = now;
}

/** Word the list again in the page's language (after a switch). */
export function redrawMyGames() {
  noticeControls($('notice-controls')); // the notification choices' words too (they keep their state)
  if (state.entries !== null) render();
}

/** Ask the server for My games again (one request at a time; a change meanwhile asks once more). */
export async function refreshMyGames(signedIn) {
  $('my-games').hidden = !signedIn;
  if (!signedIn) {
    state.entries = null;
    state.myTurns = null;
    document.title = baseTitle();
    markTurn(false);
    return;
  }
  if (state.asking) {
    state.again = true;
    return;
  }
  state.asking = (async () => {
    do {
      state.again = false;
      try {
        const answer = await api('GET', '/api/me/tables');
        for (const entry of answer.tables) stampClocks(entry.table.clocks);
        state.entries = answer.tables;
        render();
      } catch {
        // signed out meanwhile, or the server is away: the next lobby push asks again
      }
    } while (state.again);
  })();
  await state.asking;
  state.asking = null;
}

/**
 * What of the lobby's list concerns me: my tables' turns and moves. The lobby is pushed after every
 * change at any table; My games is asked for again only when this changes (and every
 * `SLOW_REFRESH_MS`, for my tables older than the lobby's newest hundred), so a busy server is not
 * asked once per push by every lobby open.
 */
export function myPart(tables, userId) {
  if (!userId) return '';
  return (tables || [])
    .filter((t) => (t.seats || []).some((s) => s.user === userId))
    .map((t) => `${t.id}:${t.status}:${t.seq}:${t.to_move}:${(t.seats || []).map((s) => s.stand_in || '').join(',')}`)
    .join('|');
}

const SLOW_REFRESH_MS = 30_000;

/** Set the list up: the opt-in controls, the titles of the games, the countdown of my time left. */
export function installMyGames(gameTitle) {
  state.titles = gameTitle;
  noticeControls($('notice-controls'));
  setInterval(() => refreshMyGames(state.entries !== null), SLOW_REFRESH_MS);
  setInterval(() => {
    for (const entry of state.entries || []) {
      const el = document.querySelector(`[data-clock-table="${CSS.escape(entry.table.id)}"]`);
      if (el && entry.seat !== null) el.textContent = shortTime(timeLeft(entry.table.clocks, entry.seat));
    }
  }, 250);
}
