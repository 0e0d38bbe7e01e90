// The player page (/players/{name}): per game the account's rating, games, wins and ladder points,
// a chart of its rating over time (our own SVG, drawn with DOM calls), its finished games (each
// linked to its table and replay), its wins by seat, its average score and each part's average
// (`average_breakdown`, each part named by the server in the reader's language) and
// the bots it played most (`bot_opponents`) (GET /api/players/{name};
// a name no account has is a 404, told on the page in words).
//
// Names come from users: everything is set as text (shared/dom.js), never as HTML; the chart's
// looks come from classes (the CSP allows no inline style). The words are the page's language
// (shared/i18n.js); the header's picker redraws the page from what was loaded.

import { api } from './net.js';
import { el, svg } from './shared/dom.js';
import { language, t, tn } from './shared/i18n.js';
import { startPageLanguage } from './shared/pagelang.js';
import { dateText as when, place } from './shared/ratings.js';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const parts = location.pathname.split('/').filter(Boolean); // ['players', name]
const name = decodeURIComponent(parts[1] || '');
const WIDTH = 600;
const HEIGHT = 180;
const PAD = 32;
const loaded = { player: null, titles: new Map(), error: null };

function fact(label, value, testid) {
  return el('div', { class: 'fact' }, el('dt', {}, label), el('dd', { 'data-testid': testid }, value));
}

/** The rating after each rated game, as a line: one point per entry of `history`, oldest left. */
function chart(history) {
  if (!history.length) return el('p', { class: 'empty' }, t('No rated game yet: the chart starts with the first ranked game.'));
  const ratings = history.map((h) => h.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 20) { low -= 10; high += 10; }
  const x = (i) => (history.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (history.length - 1));
  const y = (r) => HEIGHT - PAD + ((r - low) * (2 * PAD - HEIGHT)) / (high - low);
  const points = history.map((h, i) => [x(i).toFixed(1), y(h.rating).toFixed(1)]);
  const d = points.map(([px, py], i) => `${i ? 'L' : 'M'}${px} ${py}`).join(' ');
  const picture = svg('svg', {
    class: 'rating-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'aria-label': tn('Rating over {n} rated game', 'Rating over {n} rated games', history.length), 'data-testid': 'rating-chart',
  },
  svg('line', { class: 'chart-axis', x1: PAD, y1: HEIGHT - PAD, x2: WIDTH - PAD, y2: HEIGHT - PAD }),
  svg('text', { class: 'chart-label', x: 4, y: PAD }, String(Math.round(high))),
  svg('text', { class: 'chart-label', x: 4, y: HEIGHT - PAD }, String(Math.round(low))),
  svg('path', { class: 'chart-line', d, 'data-points': history.length, 'data-testid': 'chart-path' }));
  history.forEach((h, i) => {
    picture.append(svg('circle', { class: 'chart-point', cx: points[i][0], cy: points[i][1], r: 3.5 },
      // i18n: the tooltip of a point of the rating chart
      svg('title', {}, t('{rating} after table {table} ({when})', { rating: Math.round(h.rating), table: h.table, when: when(h.date) }))));
  });
  return picture;
}

function playedTable(played) {
  if (!played.length) return el('p', { class: 'empty' }, t('No finished game yet.'));
  const head = [
    // i18n: the columns of a player's finished games
    t('Date'), t('Table'), t('Players'), t('Seat'), t('Place'), t('Score'), t('Won'), t('Rating after'), t('Points'), t('Notes'),
  ];
  return el('div', { class: 'table-wrap' }, el('table', { class: 'board', 'data-testid': 'played' },
    el('thead', {}, el('tr', {}, ...head.map((title) => el('th', { scope: 'col' }, title)))),
    el('tbody', {}, ...played.map((game) => el('tr', { 'data-testid': 'played-row', 'data-table': game.table },
      el('td', {}, when(game.finished_at)),
      el('td', {}, el('a', { href: `/tables/${encodeURIComponent(game.table)}`, 'data-testid': 'table-link' }, game.table), ' ',
        el('a', { href: `/tables/${encodeURIComponent(game.table)}/replay`, class: 'muted', 'data-testid': 'replay-link' }, t('replay'))),
      el('td', { class: 'num' }, String(game.players)),
      el('td', { class: 'num' }, String(game.seat + 1)),
      el('td', { class: 'num' }, game.place ? place(game.place) : '–'),
      el('td', { class: 'num' }, String(game.score ?? '–')),
      // i18n: a finished game of the player's that they won
      el('td', {}, game.won ? t('won') : ''),
      // i18n: a finished game that changed no rating
      el('td', { class: 'num' }, game.rating_after === null ? (game.ranked ? '–' : t('unranked')) : String(Math.round(game.rating_after))),
      el('td', { class: 'num' }, game.points === null ? '–' : String(game.points)),
      // i18n: a note on a finished game: a bot played part of it for the player
      el('td', {}, game.stood_in ? t('stood in for (timed out or handed over)') : ''))))));
}

function seatsTable(bySeat) {
  if (!bySeat.length) return null;
  return el('table', { class: 'board seats-board', 'data-testid': 'wins-by-seat' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('Seat')), el('th', { scope: 'col' }, t('Games')), el('th', { scope: 'col' }, t('Wins')))),
    el('tbody', {}, ...bySeat.map((s) => el('tr', {},
      el('td', { class: 'num' }, String(s.seat + 1)), el('td', { class: 'num' }, String(s.games)), el('td', { class: 'num' }, String(s.wins))))));
}

function oneDecimal(value) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** The average of each part of the score (shipping, buildings, bonus; Vanuatu's columns). */
function breakdownFacts(parts) {
  if (!parts.length) return null;
  return el('dl', { class: 'facts', 'data-testid': 'average-breakdown' },
    ...parts.map((part) => fact(part.label, oneDecimal(part.average), `average-${part.key}`)));
}

/** The bots played most: games against each, wins among them, and how often the player finished ahead. */
function botsTable(bots) {
  if (!bots.length) return null;
  // i18n: the columns of the bots a player played most
  const head = [t('Bot'), t('Games'), t('Wins'), t('Finished ahead')];
  return el('table', { class: 'board', 'data-testid': 'bot-opponents' },
    el('thead', {}, el('tr', {}, ...head.map((title) => el('th', { scope: 'col' }, title)))),
    el('tbody', {}, ...bots.map((b) => el('tr', { 'data-testid': 'bot-opponent', 'data-bot': b.bot },
      el('td', {}, b.bot), el('td', { class: 'num' }, String(b.games)),
      el('td', { class: 'num' }, String(b.wins)), el('td', { class: 'num' }, String(b.ahead))))));
}

function gameSection(entry, titles) {
  const title = titles.get(entry.game) || entry.game;
  const average = entry.average_score === null || entry.average_score === undefined ? '–'
    : oneDecimal(entry.average_score);
  return el('section', { class: 'card player-game', 'data-testid': `game-${entry.game}` },
    // i18n: a link beside a game's name on a player's page
    el('h2', {}, title, ' ', el('a', { class: 'small-link', href: `/leaderboards/${encodeURIComponent(entry.game)}` }, t('leaderboard'))),
    el('dl', { class: 'facts' },
      fact(t('Rating'), ratingFact(entry), 'rating'),
      fact(t('Games'), String(entry.games), 'games'),
      fact(t('Wins'), String(entry.wins), 'wins'),
      // i18n: a player's ladder points in the season numbered {season}
      fact(t('Points (season {season})', { season: entry.season }), String(entry.points), 'points'),
      fact(t('Average score'), average, 'average-score'),
      fact(t('Last played'), when(entry.last_played), 'last-played')),
    el('h3', {}, t('Rating over time')),
    chart(entry.history || []),
    // i18n: a heading of a player's page: the average of each part of their score
    entry.average_breakdown?.length ? el('h3', {}, t('Average score by part')) : null,
    breakdownFacts(entry.average_breakdown || []),
    el('h3', {}, t('Wins by seat')),
    seatsTable(entry.wins_by_seat || []) || el('p', { class: 'empty' }, t('No game yet.')),
    // i18n: a heading of a player's page: the bots they played against most
    el('h3', {}, t('Bots played most')),
    botsTable(entry.bot_opponents || []) || el('p', { class: 'empty' }, t('No game against a bot yet.')),
    el('h3', {}, t('Games played')),
    playedTable(entry.played || []));
}

function ratingFact(entry) {
  if (entry.rating === null) return t('unrated (no ranked game yet)');
  // i18n: a player's rating in a game while it is provisional
  return entry.provisional ? t('{rating} (provisional)', { rating: entry.rating }) : String(entry.rating);
}

/** Everything the page drew itself, from what it loaded, in the page's language. */
function render() {
  document.title = `${loaded.player?.name || name} · Isla`;
  const box = $('player-error');
  const failed = loaded.error;
  if (failed) {
    box.textContent = failed.status === 404
      ? t('No account is called “{name}”: check the spelling (guests have no player page).', { name })
      : t('Cannot load the player: {error}', { error: failed.message });
  }
  box.hidden = !failed;
  if (!loaded.player) return;
  const list = loaded.player.games || [];
  $('player-games').replaceChildren(...(list.length
    ? list.map((entry) => gameSection(entry, loaded.titles))
    : [el('p', { class: 'card empty' }, t('No finished game yet.'))]));
}

/** After a switch of language: the parts' names come from the server, so ask again, then redraw. */
async function relabel() {
  try {
    loaded.player = await api('GET', `/api/players/${encodeURIComponent(name)}`);
  } catch {
    // keep what the page has: its own words are redrawn all the same
  }
  render();
}

async function start() {
  $('player-name').textContent = name;
  const [player, games] = await Promise.allSettled([
    api('GET', `/api/players/${encodeURIComponent(name)}`),
    api('GET', '/api/games'),
    startPageLanguage({ onSwitch: relabel }).catch((error) => console.error('isla: the page stays in English', error)),
  ]);
  $('player-loading').hidden = true;
  if (player.status === 'rejected') loaded.error = player.reason;
  else {
    loaded.player = player.value;
    $('player-name').textContent = player.value.name;
  }
  loaded.titles = new Map(games.status === 'fulfilled' ? (games.value.games || []).map((g) => [g.name, g.title || g.name]) : []);
  render();
  document.body.dataset.ready = 'true';
}

start();
