// The leaderboard page (/leaderboards/{game}): everyone rated in one game, best first (GET
// /api/leaderboards/{game}), accounts in one table and bots apart in another, with a switcher for
// the games the server offers (GET /api/games). /leaderboards alone shows the first game.
//
// Names come from users: every cell is set as text (shared/dom.js), never as HTML. The words are
// the page's language (shared/i18n.js); the header's picker redraws the tables from what was loaded.

import { api } from './net.js';
import { el, playerHref } from './shared/dom.js';
import { language, t } from './shared/i18n.js';
import { startPageLanguage } from './shared/pagelang.js';
import { dateText } from './shared/ratings.js';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const parts = location.pathname.split('/').filter(Boolean); // ['leaderboards', game?]
const page = { games: [], name: '', board: null, error: '' };

function showError(message) {
  page.error = message;
  const box = $('board-error');
  box.textContent = message;
  box.hidden = !message;
}

function head(bots) {
  const titles = [
    // i18n: the leaderboard's columns
    t('Rank'), t('Name'), t('Rating'), t('Games'), t('Wins'), t('Last played'),
    // i18n: the bots' leaderboard's extra columns: the levels a bot plays as, its engine's version
    ...(bots ? [t('Levels'), t('Engine')] : []),
  ];
  return el('thead', {}, el('tr', {}, ...titles.map((title) => el('th', { scope: 'col' }, title))));
}

/** The rating cell: the shown number, and a mark while it is provisional. */
function ratingCell(row) {
  // i18n: the tooltip of a rating on the leaderboard: the rating before rounding
  return el('td', { class: 'num', title: t('exactly {rating}', { rating: row.exact }) }, String(row.rating),
    row.provisional ? el('span', {
      class: 'provisional', title: t('provisional: too few rated games yet'), 'data-testid': 'provisional',
    }, ' ', t('provisional')) : null);
}

function playerRow(row) {
  return el('tr', { 'data-testid': 'player-row' },
    el('td', { class: 'num' }, String(row.rank)),
    el('td', {}, el('a', { href: playerHref(row.name), 'data-testid': 'player-link' }, row.name)),
    ratingCell(row),
    el('td', { class: 'num' }, String(row.games)),
    el('td', { class: 'num' }, String(row.wins)),
    el('td', {}, dateText(row.last_played)));
}

function botRow(row) {
  return el('tr', { 'data-testid': 'bot-row' },
    el('td', { class: 'num' }, String(row.rank)),
    el('td', {}, el('span', { class: 'bot-name' }, row.name)),
    ratingCell(row),
    el('td', { class: 'num' }, String(row.games)),
    el('td', { class: 'num' }, String(row.wins)),
    el('td', {}, dateText(row.last_played)),
    el('td', {}, (row.levels || []).join(', ') || '–'),
    el('td', {}, row.engine_version || '–'));
}

function fill(testid, rows, makeRow, bots = false) {
  const table = $(testid);
  table.replaceChildren();
  if (rows.length) table.append(head(bots), el('tbody', {}, ...rows.map(makeRow)));
  table.hidden = rows.length === 0;
}

function switcher() {
  const nav = $('game-switch');
  // i18n: before the buttons that switch the leaderboard to another game
  nav.replaceChildren(el('span', { class: 'muted' }, t('Game:')), ...page.games.map((game) => el('a', {
    class: game.name === page.name ? 'btn btn-small btn-primary' : 'btn btn-small',
    href: `/leaderboards/${encodeURIComponent(game.name)}`,
    'aria-current': game.name === page.name ? 'page' : null,
    'data-testid': `switch-${game.name}`,
  }, game.title || game.name)));
}

/** Everything the page drew itself, from what it loaded, in the page's language. */
function render() {
  switcher();
  const game = page.games.find((g) => g.name === page.name);
  const title = game ? game.title || game.name : page.name;
  // i18n: the leaderboard's heading ({game}: the game's name)
  $('board-title').textContent = t('{game}: leaderboard', { game: title });
  // i18n: the browser tab's title of a game's leaderboard
  document.title = t('{game} · Leaderboard · Isla', { game: title });
  const board = page.board;
  if (!board) return;
  $('board-note').textContent = t("Ratings are marked provisional for a player's first {n} rated games.", { n: board.provisional_games });
  fill('players-board', board.players || [], playerRow);
  fill('bots-board', board.bots || [], botRow, true);
  $('players-empty').hidden = (board.players || []).length > 0;
  $('bots-empty').hidden = (board.bots || []).length > 0;
}

async function loadGames() {
  try {
    page.games = (await api('GET', `/api/games?lang=${encodeURIComponent(language())}`)).games || [];
  } catch (error) {
    showError(t('Cannot load the games: {error}', { error: error.message }));
  }
}

async function start() {
  try {
    await startPageLanguage({ onSwitch: render });
  } catch (error) {
    console.error('isla: the page stays in English', error); // its texts could not be loaded
  }
  await loadGames();
  page.name = decodeURIComponent(parts[1] || '') || (page.games[0] && page.games[0].name) || '';
  try {
    page.board = await api('GET', `/api/leaderboards/${encodeURIComponent(page.name)}`);
  } catch (error) {
    showError(error.message);
  }
  render();
  document.body.dataset.ready = 'true';
}

start();
