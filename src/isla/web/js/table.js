// The table page (/tables/{id}) for every game: follows one table over the WebSocket, draws what the
// viewer may see from each snapshot, and turns clicks on legal elements into submissions. The server
// is the only judge: the page sends action texts (or a whole plan) with the sequence number it saw,
// and redraws from whatever the server pushes next.
//
// This module is the game-independent shell: the connection, accepting snapshots, submitting, the
// error banner, the seat controls (stand-in, reclaim, abandon), the waiting room (shared/waiting.js:
// the invite, sitting down), the way on from the final scores (playing again), the glow of changed
// values, the polling for absent players, the log, and the panes of a short screen
// (shared/panes.js). It names no game. Each game's board is the ES module (and stylesheet) the game
// declares, which GET /api/games gives as `board` (served from the game's own folder; shared/boards.js
// loads it); a game that declares none is drawn by the generic board (generic/board.js: its view and
// its legal actions).
// A board module's default export has `loadCatalog(game)`, `interaction(tableId, game)` (sync,
// setBusy, busy, handle, promptHtml, missing, fallbackHtml), `statusLine`, `roundTitle`,
// `render(ctx)` -> {players, supply} (HTML, or lists of HTML parts) and
// `renderScore(result, names, me, table, catalog)` (docs/browser.md).
//
// Every word the shell shows is a t() of the `isla` domain (shared/i18n.js), loaded with the texts of
// the table's game before the first drawing (shared/pagelang.js); a switch of the header's picker
// tells the server (the log in words comes again in the new language) and draws the whole page again
// from the snapshot it holds, so the game stays where it is.
//
// Drawing is cheap: pushes are drawn at most once per animation frame, a snapshot equal to the one
// drawn is not drawn again, and each region is patched to its new HTML (shared/morph.js) instead of
// being rebuilt, so an unchanged part of the board costs the browser no style or layout work.

import { currentUser, signInAsGuest } from './auth.js';
import { api, connect } from './net.js';
import { showBanner } from './shared/banner.js';
import { ChatBox } from './shared/chat.js';
import { scoreChart } from './shared/scorechart.js';
import { loadBoard } from './shared/boards.js';
import { stampClocks, tickClocks } from './shared/clocks.js';
import { capitalize, esc, seatColor } from './shared/html.js';
import { language, t } from './shared/i18n.js';
import { savedLanguage } from './shared/langpick.js';
import { startPageLanguage } from './shared/pagelang.js';
import { GameLog } from './shared/log.js';
import { patchHtml } from './shared/morph.js';
import { installPanes } from './shared/panes.js';
import { scoreWayOn } from './shared/score.js';
import { announceTurn, markTurn } from './shared/notices.js';
import { installTooltips } from './shared/tooltip.js';
import { seatNames, viewerSeat } from './shared/seats.js';
import { copyInvite, renderWaiting } from './shared/waiting.js';

// Clicks the shell answers itself, whatever the game (everything else goes to the game's interaction).
const SHELL_UI = new Set(['stand-in', 'reclaim', 'abandon', 'abandon-yes', 'abandon-no', 'dismiss', 'copy-invite', 'sit', 'again', 'log-toggle']);

const tableId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const $ = (id) => document.getElementById(id);
const app = $('app');

let table = null;
let game = null; // {board, catalog, ix, info} once the table's game module and catalog have loaded
let gameLoading = null;
let conn = null;
let tooltips = null;
let panes = null;
let lastValues = null;
let lastFlashSeq = null;
let busyTimer = null;
let confirmAbandon = false;
let viewer = null; // the signed-in user (null: nobody), for the waiting room's "Sit here"
let drawn = null; // the snapshot last accepted, as JSON: the same snapshot again is not drawn again
let frameQueued = false;
let drawWanted = false;
const gameLog = new GameLog($('log'));
let pendingLog = [];
let myTurnShown = false; // whether the last drawing was of the viewer's turn (for the turn notice)
let chat = null; // the table's chat box (shared/chat.js)
let chartAsked = false; // the score chart, under the final scores, is fetched once
let chartData = null; // what it was drawn from (drawn again after a change of language)
let connection = 'connecting'; // the WebSocket's status, as the top bar shows it

/** The score over the rounds under the final scores (the replay's series: shared/scorechart.js). */
async function showScoreChart() {
  chartAsked = true;
  try {
    chartData = await api('GET', `/api/tables/${encodeURIComponent(tableId)}/replay`);
    drawScoreChart();
  } catch {
    chartAsked = false; // the next snapshot asks again
  }
}

function drawScoreChart() {
  if (!chartData) return;
  // The table's names in the page's language (a bot's level is a word of it), not the record's.
  const names = table ? seatNames(table) : chartData.names;
  $('score-chart').replaceChildren(...[scoreChart(chartData.series, names)].filter(Boolean));
}

// --- names ----------------------------------------------------------------------------------

const mySeat = viewerSeat;

// --- the game's module ----------------------------------------------------------------------

/** Load the board of `name`, its stylesheet and its catalog once; then draw the table and the log held back. */
function loadGame(name) {
  if (gameLoading) return gameLoading;
  gameLoading = (async () => {
    let info;
    let board;
    try {
      ({ info, board } = await loadBoard(name));
    } catch (error) {
      // i18n: the status line when the table's game has no page this browser could load
      $('status').textContent = t('This table cannot be shown.');
      // i18n: the banner when the page of the table's game could not be loaded; {error} says why
      showBanner(t('The page for this game could not be loaded: {error}', { error: error.message }));
      gameLoading = null;
      return;
    }
    const catalog = await board.loadCatalog(name);
    if (catalog.error) showBanner(`${board.catalogError}: ${catalog.error.message}`);
    game = { board, catalog, ix: board.interaction(tableId, info), info };
    app.dataset.game = name;
    $('game-name').textContent = info.title;
    rulesLink();
    if (table) {
      game.ix.sync(table, catalog);
      draw();
    }
    if (pendingLog.length && gameLog.add(pendingLog)) frame();
    pendingLog = [];
  })();
  return gameLoading;
}

// --- messages -------------------------------------------------------------------------------

function accept(snapshot) {
  if (!snapshot || snapshot.id !== tableId) return;
  if (table && typeof snapshot.seq === 'number' && snapshot.seq < table.seq) return;
  const json = JSON.stringify(snapshot);
  if (json === drawn) return; // nothing new (a push repeating what an answer already showed)
  drawn = json;
  stampClocks(snapshot.clocks); // the banks count down from the moment it arrived (shared/clocks.js)
  table = snapshot;
  $('ranked').hidden = !table.ranked; // issue 14: the header says a ranked table is one
  chat?.setTable(table, viewer?.name);
  if (table.status === 'finished' && !chartAsked) showScoreChart();
  if (!game) {
    loadGame(snapshot.game);
    return;
  }
  game.ix.sync(table, game.catalog);
  draw();
}

/** Draw at the next animation frame (several pushes in one frame are drawn once). */
function draw() {
  drawWanted = true;
  frame();
}

function frame() {
  if (frameQueued) return;
  frameQueued = true;
  const run = () => {
    if (!frameQueued) return;
    frameQueued = false;
    if (drawWanted) render();
    gameLog.follow(); // after the drawing: the log reads the layout the frame needs anyway
  };
  requestAnimationFrame(run);
  // A hidden tab gets no animation frames, but its title still tells the player it is their turn.
  setTimeout(run, 250);
}

function onMessage(message) {
  switch (message.type) {
    case 'table':
      accept(message.table);
      break;
    case 'log':
      if (message.table !== tableId) break;
      if (message.replace) { // the whole log again, in the language just chosen
        gameLog.clear();
        pendingLog.length = 0;
      }
      if (game) {
        if (gameLog.add(message.entries)) frame();
      } else {
        pendingLog.push(...(message.entries || []));
      }
      break;
    case 'chat':
      if (message.room === tableId) chat?.receive(message);
      break;
    case 'watchers':
      if (message.table === tableId) chat?.setWatchers(message.count);
      break;
    case 'error':
      // i18n: the banner when the server refused a move without saying why
      showBanner(message.error || t('The server refused that.'), message.code);
      unbusy();
      break;
    default:
      break;
  }
}

function onStatus(status) {
  // The socket opens in the language this browser remembers (net.js); one the page speaks for
  // another reason (the account's) is asked for on every connection, before the table is followed.
  if (status === 'open' && conn && savedLanguage() !== language()) conn.send({ type: 'lang', lang: language() });
  connection = status;
  const el = $('connection');
  el.dataset.status = status;
  const words = {
    // i18n: the top bar's connection state, before the page has reached the server
    connecting: t('connecting…'),
    // i18n: the top bar's connection state: the page follows the table live
    open: t('connected'),
    // i18n: the top bar's connection state: the connection was lost and is being made again
    reconnecting: t('reconnecting…'),
    // i18n: the top bar's connection state: the page gave up its connection
    closed: t('offline'),
  };
  el.textContent = words[status] || status;
  // i18n: the tooltip of the top bar's connection state, while connected / while not
  el.title = status === 'open' ? t('Live: moves appear as they happen') : t('The page reconnects by itself');
}

/** The header's link to the game's rules, in the page's language. */
function rulesLink() {
  const name = table?.game || app.dataset.game;
  const link = $('rules-link');
  if (!name || !link) return;
  link.href = `/rules/${encodeURIComponent(name)}?lang=${encodeURIComponent(language())}`;
  link.hidden = false;
}

/**
 * The reader chose another language (the texts are loaded, the marked markup translated): the
 * server sends the log in words again in it, and everything this page drew is drawn again from the
 * snapshot it holds. The game stays where it is: nothing is fetched but the game's descriptions.
 */
async function switchLanguage(lang) {
  conn?.send({ type: 'lang', lang });
  onStatus(connection);
  panes?.relabel();
  rulesLink();
  drawScoreChart();
  if (game) {
    const catalog = await game.board.loadCatalog(table?.game || app.dataset.game);
    if (!catalog.error) game.catalog = catalog;
    if (table) game.ix.sync(table, game.catalog);
  }
  render();
}

function unbusy() {
  clearTimeout(busyTimer);
  if (game?.ix.busy) {
    game.ix.setBusy(false);
    render();
  }
}

// --- acting ---------------------------------------------------------------------------------

function submit(body) {
  if (!table || !conn || !game) return;
  game.ix.setBusy(true);
  conn.send({ type: 'submit', table: tableId, seq: table.seq, ...body, ref: `m${table.seq}` });
  render();
  clearTimeout(busyTimer);
  // No answer at all (a lost connection is retried by net.js): let the player try again.
  busyTimer = setTimeout(unbusy, 15000);
}

async function seatControl(op, arg) {
  const paths = {
    'stand-in': `/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(arg)}/stand-in`,
    reclaim: `/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(mySeat(table))}/reclaim`,
    abandon: `/api/tables/${encodeURIComponent(tableId)}/abandon`,
  };
  try {
    const answer = await api('POST', paths[op], {});
    if (answer && answer.id === tableId) accept(answer);
    else if (answer?.table?.id === tableId) accept(answer.table);
  } catch (error) {
    showBanner(error.message, error.code);
  }
}

function shellControl(op, arg) {
  switch (op) {
    case 'stand-in':
    case 'reclaim':
      seatControl(op, arg);
      break;
    case 'abandon':
      confirmAbandon = true;
      render();
      break;
    case 'abandon-yes':
      confirmAbandon = false;
      seatControl('abandon');
      break;
    case 'abandon-no':
      confirmAbandon = false;
      render();
      break;
    case 'dismiss':
      $('banner').hidden = true;
      break;
    case 'copy-invite':
      copyInvite(app, tableId);
      break;
    case 'sit':
      sit(Number(arg));
      break;
    case 'again':
      playAgain();
      break;
    case 'log-toggle':
      panes.toggle();
      break;
    default:
      break;
  }
}

/** A visitor sits down in the waiting room (signing in as a guest first if nobody is signed in). */
async function sit(slot) {
  try {
    let fresh = false;
    if (!viewer) {
      const name = app.querySelector('[data-testid="sit-name"]')?.value.trim() || '';
      if (!name) {
        // i18n: the banner when a visitor clicks "Sit here" without a name
        showBanner(t('Type your name first: the other players see it.'));
        app.querySelector('[data-testid="sit-name"]')?.focus();
        return;
      }
      viewer = await signInAsGuest(name);
      fresh = true;
    }
    const answer = await api('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, { slot });
    // The page's WebSocket was opened before the sign-in: a new page follows the table as you.
    if (fresh) location.reload();
    else accept(answer.table);
  } catch (error) {
    showBanner(error.message, error.code);
  }
}

/** Play this finished game again with the same seats: the new table (made now, or joined). */
async function playAgain() {
  const button = app.querySelector('[data-ui="again"]');
  if (button) button.disabled = true;
  try {
    const answer = await api('POST', `/api/tables/${encodeURIComponent(tableId)}/again`, {});
    location.assign(`/tables/${encodeURIComponent(answer.table.id)}`);
  } catch (error) {
    showBanner(error.message, error.code);
    if (button) button.disabled = false;
  }
}

function dispatch(result) {
  if (!result) return;
  if (result === 'render') {
    render();
  } else if (result.actions) {
    submit({ actions: result.actions });
  } else if (result.plan) {
    submit({ plan: result.plan });
  }
}

function clickable(target) {
  const el = target.closest?.('[data-action],[data-same],[data-ui]');
  if (!el || !document.body.contains(el) || el.disabled) return null;
  return el;
}

function click(el) {
  const [op, ...rest] = (el.getAttribute('data-ui') || '').split(':');
  if (SHELL_UI.has(op) && !el.hasAttribute('data-action')) {
    shellControl(op, rest.join(':'));
  } else if (game) {
    dispatch(game.ix.handle(el));
  }
}

document.addEventListener('click', (event) => {
  const el = clickable(event.target);
  if (!el) return;
  event.preventDefault();
  click(el);
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  if (event.target.tagName === 'BUTTON') return; // buttons click by themselves
  const el = clickable(event.target);
  if (!el || el !== event.target) return;
  event.preventDefault();
  click(el);
});

// --- drawing --------------------------------------------------------------------------------

function flash() {
  const values = new Map();
  const glow = lastValues && table.seq !== lastFlashSeq;
  for (const el of app.querySelectorAll('[data-k]')) {
    const k = el.getAttribute('data-k');
    const v = el.getAttribute('data-v');
    values.set(k, v);
    if (glow && (!lastValues.has(k) || lastValues.get(k) !== v)) el.classList.add('flash');
  }
  lastValues = values;
  lastFlashSeq = table.seq;
}

function renderControls() {
  const controls = [];
  if (table.status === 'playing') {
    // The game so far, move by move, as this viewer may see it (a finished game's is under its scores).
    // i18n: the top bar's link to the replay of the game being played, up to now
    const label = esc(t('Replay so far'));
    controls.push(`<a class="btn btn-small" href="/tables/${encodeURIComponent(tableId)}/replay${esc(location.search)}" data-testid="replay-so-far">${label}</a>`);
  }
  if (table.can?.abandon) {
    // i18n: the question after "Abandon table", and its two answers
    const [ask, yes, no] = [t('Abandon this table for everyone?'), t('Yes, abandon'), t('No')];
    // i18n: the top bar's button of the table's creator that ends the table for everyone
    const abandon = t('Abandon table');
    controls.push(confirmAbandon
      ? `<span class="confirm-abandon">${esc(ask)} `
        + `<button type="button" class="btn btn-small btn-danger" data-ui="abandon-yes" data-testid="abandon-confirm">${esc(yes)}</button> `
        + `<button type="button" class="btn btn-small" data-ui="abandon-no" data-testid="abandon-cancel">${esc(no)}</button></span>`
      : `<button type="button" class="btn btn-small" data-ui="abandon" data-testid="abandon">${esc(abandon)}</button>`);
  }
  patchHtml($('controls'), controls.join(''));
}

/** Set an element's text only when it changes (the same text again would still replace its node). */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setData(el, name, value) {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

/** The final scores with the ways on (the lobby, playing again) at the end of their box. */
function scoreHtml(board, names, me) {
  const scores = board.renderScore(table.result, names, me, table, game.catalog);
  const wayOn = scoreWayOn(table, me);
  const end = scores.lastIndexOf('</section>');
  return end < 0 ? scores + wayOn : `${scores.slice(0, end)}${wayOn}${scores.slice(end)}`;
}

function render() {
  drawWanted = false;
  if (!table || !game) return;
  const { board, catalog, ix, info } = game;
  const view = table.view;
  const me = mySeat(table);
  const names = seatNames(table);
  setData(app, 'seq', String(table.seq));
  setData(app, 'busy', ix.busy ? 'true' : 'false');
  setData(app, 'status', table.status);
  const status = board.statusLine(table, catalog, names, me);
  const statusEl = $('status');
  setText(statusEl, status.text);
  statusEl.classList.toggle('mine', status.mine);
  const ctx = { table, view, catalog, me, names, ix };
  const round = view ? board.roundTitle(ctx) : '';
  // i18n: the top bar of a spectator; {round} is where the game is ("Round 3 of 8")
  setText($('round'), view && me === null && table.status === 'playing' ? t('{round} · you are watching', { round }) : round);
  const title = `${status.mine ? '● ' : ''}${info.title} · Isla`;
  if (document.title !== title) document.title = title;
  if (status.mine && !myTurnShown && document.hidden) announceTurn(info.title, location.pathname);
  myTurnShown = status.mine;
  markTurn(status.mine);
  renderControls();
  if (!view) {
    patchHtml($('actions'), '');
    patchHtml($('fallback'), '');
    // Patched, not rebuilt: a name being typed in the waiting room survives a push.
    patchHtml($('players'), table.status === 'open' ? renderWaiting(table, viewer) : '');
    patchHtml($('supply'), '');
    patchHtml($('score'), '');
    return;
  }
  patchHtml($('actions'), table.status === 'playing' ? ix.promptHtml() : '');
  const drawnBoard = board.render(ctx);
  patchHtml($('players'), drawnBoard.players);
  patchHtml($('supply'), drawnBoard.supply);
  const over = table.status === 'finished' && table.result;
  patchHtml($('score'), over ? scoreHtml(board, names, me) : '');
  const missing = table.status === 'playing' ? ix.missing(app) : [];
  // i18n: before the buttons of the legal moves the board shows nowhere else
  const also = esc(t('Also possible:'));
  patchHtml($('fallback'), missing.length ? `<span class="hint">${also}</span>${ix.fallbackHtml(missing)}` : '');
  $('prompt').classList.toggle('prompt-mine', status.mine);
  const color = me === null ? '#777' : seatColor(me);
  if (app.style.getPropertyValue('--me') !== color) app.style.setProperty('--me', color);
  flash();
  tooltips.refresh();
  panes.decision(status.mine, table.seq);
}

/**
 * Whether a seat may soon be handed to a bot (its player is away, or another person is to move):
 * the server decides when that becomes allowed, and the page only hears of it by asking again.
 */
function someoneAbsent() {
  if (!table || table.status !== 'playing' || mySeat(table) === null) return false;
  const me = mySeat(table);
  return (table.seats || []).some((s) => s.kind === 'human' && s.seat !== me
    && (!s.connected || s.seat === table.to_move));
}

async function refresh() {
  if (document.visibilityState !== 'visible' || !someoneAbsent()) return;
  try {
    accept(await api('GET', `/api/tables/${encodeURIComponent(tableId)}`));
  } catch {
    // the WebSocket status and its banner tell the player about a lost server
  }
}

// --- start ----------------------------------------------------------------------------------

/** The page's language (the table's game's texts with it), before anything is drawn in words. */
async function startLanguage(gameName, user) {
  try {
    await startPageLanguage({ game: gameName, user, onSwitch: switchLanguage });
  } catch (error) {
    console.error('isla: the page\'s texts could not be loaded', error); // the page speaks English
  }
  panes.relabel();
}

async function main() {
  tooltips = installTooltips(document.body);
  $('banner').addEventListener('click', () => {
    $('banner').hidden = true;
  });
  panes = installPanes(app, $('layout'), app.querySelector('[data-ui="log-toggle"]'));
  if (!tableId) {
    await startLanguage(null, undefined);
    // i18n: the banner of a table page opened without a table's id
    showBanner(t('No table in the address: open a table from the lobby.'));
    return;
  }
  // Not known: the waiting room then asks for a name, and sitting down says what went wrong.
  const who = currentUser().catch(() => null);
  let first = null;
  let failed = null;
  try {
    first = await api('GET', `/api/tables/${encodeURIComponent(tableId)}`);
  } catch (error) {
    failed = error;
  }
  viewer = await who;
  await startLanguage(first?.game ?? null, viewer);
  onStatus(connection);
  conn = connect({ onMessage, onStatus });
  chat = new ChatBox($('chat'), {
    send: (text) => conn.send({ type: 'chat', text }),
    onSpectatorChat: (open) => conn.send({ type: 'spectator_chat', open }),
  });
  conn.watch(tableId);
  setInterval(refresh, 5000);
  tickClocks(app, () => table);
  if (first) accept(first);
  else showBanner(failed.message, failed.code);
  if (table) chat.setTable(table, viewer?.name);
  render();
}

main();
