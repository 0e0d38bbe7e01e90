// The player page (/players/{name}): per game the account's rating, games, wins and ladder points,
// a chart of its rating over time (our own SVG, drawn with DOM calls), its finished games (each
// linked to its table and replay), its wins by seat and its average score (GET /api/players/{name};
// a name no account has is a 404, told on the page in words).
//
// Names come from users: everything is set as text (shared/dom.js), never as HTML; the chart's
// looks come from classes (the CSP allows no inline style).

import { api } from './net.js';
import { el, svg, when } from './shared/dom.js';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const parts = location.pathname.split('/').filter(Boolean); // ['players', name]
const name = decodeURIComponent(parts[1] || '');
const WIDTH = 600;
const HEIGHT = 180;
const PAD = 32;

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

function fact(label, value, testid) {
  return el('div', { class: 'fact' }, el('dt', {}, label), el('dd', { 'data-testid': testid }, value));
}

/** The rating after each rated game, as a line: one point per entry of `history`, oldest left. */
function chart(history) {
  if (!history.length) return el('p', { class: 'empty' }, 'No rated game yet: the chart starts with the first ranked game.');
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
    'aria-label': `Rating over ${history.length} rated games`, 'data-testid': 'rating-chart',
  },
  svg('line', { class: 'chart-axis', x1: PAD, y1: HEIGHT - PAD, x2: WIDTH - PAD, y2: HEIGHT - PAD }),
  svg('text', { class: 'chart-label', x: 4, y: PAD }, String(Math.round(high))),
  svg('text', { class: 'chart-label', x: 4, y: HEIGHT - PAD }, String(Math.round(low))),
  svg('path', { class: 'chart-line', d, 'data-points': history.length, 'data-testid': 'chart-path' }));
  history.forEach((h, i) => {
    picture.append(svg('circle', { class: 'chart-point', cx: points[i][0], cy: points[i][1], r: 3.5 },
      svg('title', {}, `${Math.round(h.rating)} after table ${h.table} (${when(h.date)})`)));
  });
  return picture;
}

function playedTable(played) {
  if (!played.length) return el('p', { class: 'empty' }, 'No finished game yet.');
  const head = ['Date', 'Table', 'Players', 'Seat', 'Place', 'Score', 'Won', 'Rating after', 'Points', 'Notes'];
  return el('div', { class: 'table-wrap' }, el('table', { class: 'board', 'data-testid': 'played' },
    el('thead', {}, el('tr', {}, ...head.map((t) => el('th', { scope: 'col' }, t)))),
    el('tbody', {}, ...played.map((game) => el('tr', { 'data-testid': 'played-row', 'data-table': game.table },
      el('td', {}, when(game.finished_at)),
      el('td', {}, el('a', { href: `/tables/${encodeURIComponent(game.table)}`, 'data-testid': 'table-link' }, game.table), ' ',
        el('a', { href: `/tables/${encodeURIComponent(game.table)}/replay`, class: 'muted', 'data-testid': 'replay-link' }, 'replay')),
      el('td', { class: 'num' }, String(game.players)),
      el('td', { class: 'num' }, String(game.seat + 1)),
      el('td', { class: 'num' }, game.place ? ordinal(game.place) : '–'),
      el('td', { class: 'num' }, String(game.score ?? '–')),
      el('td', {}, game.won ? 'won' : ''),
      el('td', { class: 'num' }, game.rating_after === null ? (game.ranked ? '–' : 'unranked') : String(Math.round(game.rating_after))),
      el('td', { class: 'num' }, game.points === null ? '–' : String(game.points)),
      el('td', {}, game.stood_in ? 'stood in for (timed out or handed over)' : ''))))));
}

function seatsTable(bySeat) {
  if (!bySeat.length) return null;
  return el('table', { class: 'board seats-board', 'data-testid': 'wins-by-seat' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Seat'), el('th', { scope: 'col' }, 'Games'), el('th', { scope: 'col' }, 'Wins'))),
    el('tbody', {}, ...bySeat.map((s) => el('tr', {},
      el('td', { class: 'num' }, String(s.seat + 1)), el('td', { class: 'num' }, String(s.games)), el('td', { class: 'num' }, String(s.wins))))));
}

function gameSection(entry, titles) {
  const title = titles.get(entry.game) || entry.game;
  const average = entry.average_score === null || entry.average_score === undefined ? '–' : Number(entry.average_score).toFixed(1);
  return el('section', { class: 'card player-game', 'data-testid': `game-${entry.game}` },
    el('h2', {}, title, ' ', el('a', { class: 'small-link', href: `/leaderboards/${encodeURIComponent(entry.game)}` }, 'leaderboard')),
    el('dl', { class: 'facts' },
      fact('Rating', entry.rating === null ? 'unrated (no ranked game yet)' : `${entry.rating}${entry.provisional ? ' (provisional)' : ''}`, 'rating'),
      fact('Games', String(entry.games), 'games'),
      fact('Wins', String(entry.wins), 'wins'),
      fact(`Points (season ${entry.season})`, String(entry.points), 'points'),
      fact('Average score', average, 'average-score'),
      fact('Last played', when(entry.last_played), 'last-played')),
    el('h3', {}, 'Rating over time'),
    chart(entry.history || []),
    el('h3', {}, 'Wins by seat'),
    seatsTable(entry.wins_by_seat || []) || el('p', { class: 'empty' }, 'No game yet.'),
    el('h3', {}, 'Games played'),
    playedTable(entry.played || []));
}

async function start() {
  $('player-name').textContent = name;
  document.title = `${name} · Isla`;
  const [player, games] = await Promise.allSettled([
    api('GET', `/api/players/${encodeURIComponent(name)}`),
    api('GET', '/api/games'),
  ]);
  $('player-loading').hidden = true;
  if (player.status === 'rejected') {
    const box = $('player-error');
    box.textContent = player.reason.status === 404
      ? `No account is called “${name}”: check the spelling (guests have no player page).`
      : `Cannot load the player: ${player.reason.message}`;
    box.hidden = false;
    document.body.dataset.ready = 'true';
    return;
  }
  $('player-name').textContent = player.value.name;
  const titles = new Map(games.status === 'fulfilled' ? (games.value.games || []).map((g) => [g.name, g.title || g.name]) : []);
  const list = player.value.games || [];
  $('player-games').replaceChildren(...(list.length
    ? list.map((entry) => gameSection(entry, titles))
    : [el('p', { class: 'card empty' }, 'No finished game yet.')]));
  document.body.dataset.ready = 'true';
}

start();
