// The leaderboard page (/leaderboards/{game}): everyone rated in one game, best first (GET
// /api/leaderboards/{game}), accounts in one table and bots apart in another, with a switcher for
// the games the server offers (GET /api/games). /leaderboards alone shows the first game.
//
// Names come from users: every cell is set as text (shared/dom.js), never as HTML.

import { api } from './net.js';
import { el, playerHref, when } from './shared/dom.js';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const parts = location.pathname.split('/').filter(Boolean); // ['leaderboards', game?]
const COLUMNS = ['Rank', 'Name', 'Rating', 'Games', 'Wins', 'Last played'];

function showError(message) {
  const box = $('board-error');
  box.textContent = message;
  box.hidden = false;
}

function head(extra = []) {
  return el('thead', {}, el('tr', {}, ...[...COLUMNS, ...extra].map((title) => el('th', { scope: 'col' }, title))));
}

/** The rating cell: the shown number, and a mark while it is provisional. */
function ratingCell(row) {
  return el('td', { class: 'num', title: `exactly ${row.exact}` }, String(row.rating),
    row.provisional ? el('span', { class: 'provisional', title: 'provisional: too few rated games yet', 'data-testid': 'provisional' }, ' provisional') : null);
}

function playerRow(row) {
  return el('tr', { 'data-testid': 'player-row' },
    el('td', { class: 'num' }, String(row.rank)),
    el('td', {}, el('a', { href: playerHref(row.name), 'data-testid': 'player-link' }, row.name)),
    ratingCell(row),
    el('td', { class: 'num' }, String(row.games)),
    el('td', { class: 'num' }, String(row.wins)),
    el('td', {}, when(row.last_played)));
}

function botRow(row) {
  return el('tr', { 'data-testid': 'bot-row' },
    el('td', { class: 'num' }, String(row.rank)),
    el('td', {}, el('span', { class: 'bot-name' }, row.name)),
    ratingCell(row),
    el('td', { class: 'num' }, String(row.games)),
    el('td', { class: 'num' }, String(row.wins)),
    el('td', {}, when(row.last_played)),
    el('td', {}, (row.levels || []).join(', ') || '–'),
    el('td', {}, row.engine_version || '–'));
}

function fill(testid, rows, makeRow, extra = []) {
  const table = $(testid);
  table.replaceChildren();
  if (rows.length) table.append(head(extra), el('tbody', {}, ...rows.map(makeRow)));
  table.hidden = rows.length === 0;
}

function switcher(games, current) {
  const nav = $('game-switch');
  nav.replaceChildren(el('span', { class: 'muted' }, 'Game:'), ...games.map((game) => el('a', {
    class: game.name === current ? 'btn btn-small btn-primary' : 'btn btn-small',
    href: `/leaderboards/${encodeURIComponent(game.name)}`,
    'aria-current': game.name === current ? 'page' : null,
    'data-testid': `switch-${game.name}`,
  }, game.title || game.name)));
}

async function start() {
  let games = [];
  try {
    games = (await api('GET', '/api/games')).games || [];
  } catch (error) {
    showError(`Cannot load the games: ${error.message}`);
  }
  const name = decodeURIComponent(parts[1] || '') || (games[0] && games[0].name) || '';
  switcher(games, name);
  const game = games.find((g) => g.name === name);
  const title = game ? game.title || game.name : name;
  $('board-title').textContent = `${title}: leaderboard`;
  document.title = `${title} · Leaderboard · Isla`;
  let board;
  try {
    board = await api('GET', `/api/leaderboards/${encodeURIComponent(name)}`);
  } catch (error) {
    showError(error.message);
    document.body.dataset.ready = 'true';
    return;
  }
  $('board-note').textContent = `Ratings are marked provisional for a player's first ${board.provisional_games} rated games.`;
  fill('players-board', board.players || [], playerRow);
  fill('bots-board', board.bots || [], botRow, ['Levels', 'Engine']);
  $('players-empty').hidden = (board.players || []).length > 0;
  $('bots-empty').hidden = (board.bots || []).length > 0;
  document.body.dataset.ready = 'true';
}

start();
