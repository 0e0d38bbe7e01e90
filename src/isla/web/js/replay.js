// The replay page (/tables/{id}/replay) for every game: steps through a recorded game move by move
// with the game's own board (the table page's: shared/boards.js), the log in words beside it with
// the current step's entry highlighted, and the scores at that step.
//
// The server decides what the page may see: GET /api/tables/{id}/replay gives the steps and the
// log, GET /api/tables/{id}/replay/{step} one step's view as the viewer may see it (after the end
// everything, or one seat's view with `?as=`; during a game a player's own seat or public
// information). The page draws only what it is sent; it holds no secret to hide.
//
// Every step has its own address: `?step=143` (or `#143`), with `&as=2` for one seat's eyes. The
// page keeps the address at the step shown (replaceState: stepping adds no history entries).
// Keys: ← and → step, Home and End go to the first and last step. Names come from users: they are
// set as text (textContent) everywhere on this page; the board escapes them itself.
//
// The page speaks its reader's language (shared/pagelang.js, with the texts of the replay's game);
// a switch of the header's picker draws the controls and the step shown again in the new one (the
// log in words of the replay model comes again from the server in it).

import { api } from './net.js';
import { showBanner } from './shared/banner.js';
import { loadBoard } from './shared/boards.js';
import { numberText, seatClass, seatLabel } from './shared/html.js';
import { language, t } from './shared/i18n.js';
import { patchHtml } from './shared/morph.js';
import { scoreChart } from './shared/scorechart.js';
import { seatNames } from './shared/seats.js';
import { StepLog } from './shared/steplog.js';
import { startPageLanguage } from './shared/pagelang.js';
import { installTooltips } from './shared/tooltip.js';

const parts = location.pathname.split('/').filter(Boolean); // ['tables', id, 'replay'] or ['replays', id]
const tableId = decodeURIComponent(parts[1] || '');
const fromFile = parts[0] === 'replays'; // a record file opened at /replay (no table behind it)
const base = `/api/${fromFile ? 'replays' : 'tables'}/${encodeURIComponent(tableId)}`;
const $ = (id) => document.getElementById(id);
const app = $('app');

let summary = null; // GET /api/tables/{id}: the seats and, once over, the result
let replay = null; // GET /api/tables/{id}/replay
let game = null; // {board, catalog, ix, info}
let viewer = null; // the `as` asked for (null: the server's default for this caller)
let current = null; // the step shown, or being fetched
let shown = null; // the payload of the step drawn
let names = []; // the seats' names: the players', and the bots' in the page's language
const payloads = new Map(); // `${viewer}|${step}` -> the step's payload
let tooltips = null;
const log = new StepLog($('log'), (step) => go(step));

// --- the address --------------------------------------------------------------------------------

/** The step the address asks for (`?step=N` or `#N`), or null. */
function stepInAddress() {
  const params = new URLSearchParams(location.search);
  const text = params.get('step') ?? location.hash.replace(/^#/, '');
  return /^\d+$/.test(text) ? Number(text) : null;
}

function keepAddress(step) {
  const params = new URLSearchParams(location.search);
  params.set('step', String(step));
  if (viewer === null) params.delete('as');
  else params.set('as', viewer);
  const url = `${location.pathname}?${params}`;
  if (url !== `${location.pathname}${location.search}` || location.hash) history.replaceState(null, '', url);
}

// --- fetching -----------------------------------------------------------------------------------

function query() {
  return viewer === null ? '' : `?as=${encodeURIComponent(viewer)}`;
}

function fetchStep(step) {
  const key = `${viewer}|${step}`;
  if (!payloads.has(key)) {
    const asked = api('GET', `${base}/replay/${step}${query()}`);
    asked.catch(() => payloads.delete(key)); // a failure is asked again next time
    payloads.set(key, asked);
  }
  return payloads.get(key);
}

/** Show step `step` (clamped to the steps there are). */
async function go(step) {
  if (!replay) return;
  const wanted = Math.max(0, Math.min(replay.last, Math.trunc(Number(step) || 0)));
  current = wanted;
  showPosition(wanted);
  let payload;
  try {
    payload = await fetchStep(wanted);
  } catch (error) {
    if (current === wanted) showBanner(error.message);
    return;
  }
  if (current !== wanted) return; // the reader went on meanwhile
  draw(payload);
  if (wanted < replay.last) fetchStep(wanted + 1).catch(() => {}); // the next step is likely next
}

// --- drawing ------------------------------------------------------------------------------------

/** The controls' position (at once, before the step's payload arrives). */
function showPosition(step) {
  $('slider').value = String(step);
  // i18n: the replay's position; {step} and {last} are numbers
  $('count').textContent = t('Step {step} of {last}', { step: numberText(step), last: numberText(replay.last) });
  const ends = { first: step === 0, prev: step === 0, next: step === replay.last, last: step === replay.last };
  for (const [name, off] of Object.entries(ends)) app.querySelector(`[data-go="${name}"]`).disabled = off;
  const jump = $('jump');
  let chosen = '';
  for (const option of jump.options) {
    if (Number(option.value) <= step) chosen = option.value;
  }
  jump.value = chosen;
  log.show(replay.steps[step]?.entry ?? null);
  app.dataset.step = String(step);
  keepAddress(step);
}

/** The table the board draws: the step's view, the table's seats, nothing to click. */
function tableAt(payload) {
  const atEnd = payload.index === replay.last && replay.over;
  const seats = (summary?.seats || []).map((seat) => ({ ...seat, stand_in: null }));
  return {
    id: tableId,
    game: replay.game,
    seq: payload.index,
    status: atEnd ? 'finished' : 'playing',
    to_move: payload.view?.to_move ?? null,
    seats,
    result: atEnd ? summary?.result ?? null : null,
    you: typeof payload.viewer === 'number' ? { seat: payload.viewer, slot: null, name: names[payload.viewer], creator: false } : null,
    view: payload.view,
    legal: [],
    can: {},
    again: null,
  };
}

function statusWords(payload) {
  // i18n: the replay's status line at step 0, before the first move
  if (payload.index === 0) return t('The start of the game.');
  const entry = replay.log[payload.entry];
  // A step without words in the log: who played it, and the action's text (the notation's).
  const lines = entry?.lines?.length ? entry.lines.join(' ') : `${names[payload.seat] ?? seatLabel(payload.seat)}: ${payload.action}`;
  // i18n: the replay's status line: the step's number and what happened there
  return t('Step {n}: {lines}', { n: numberText(payload.index), lines });
}

function drawScores(scores) {
  const items = (scores || []).map((score, seat) => {
    const li = document.createElement('li');
    li.className = `replay-score ${seatClass(seat)}`;
    li.dataset.testid = `replay-score-${seat}`;
    const name = document.createElement('span');
    name.className = 'replay-score-name';
    name.textContent = names[seat] ?? seatLabel(seat);
    const value = document.createElement('b');
    value.textContent = score === null || score === undefined ? '?' : numberText(score);
    // i18n: the tooltip of a score the replay's viewer may not see at this step
    if (score === null || score === undefined) value.title = t('Hidden from this viewer at this step');
    li.append(name, value);
    return li;
  });
  $('scores').replaceChildren(...items);
}

function draw(payload) {
  if (!game) return;
  shown = payload;
  const { board, catalog, ix } = game;
  const table = tableAt(payload);
  ix.sync(table, catalog);
  const me = table.you ? table.you.seat : null;
  const ctx = { table, view: table.view, catalog, me, names, ix };
  const words = statusWords(payload);
  $('status').textContent = words;
  $('status').title = words; // all of it, where the line is cut short
  let round = payload.label || '';
  try {
    round = board.roundTitle(ctx) || round;
  } catch {
    // a board's words for an unusual position: the model's label does
  }
  $('round').textContent = round;
  const drawn = board.render(ctx);
  patchHtml($('players'), drawn.players);
  patchHtml($('supply'), drawn.supply);
  patchHtml($('score'), table.result ? board.renderScore(table.result, names, me, table, catalog) : '');
  drawScores(payload.scores);
  app.dataset.shown = String(payload.index);
  tooltips.refresh();
}

// --- the controls -------------------------------------------------------------------------------

/** The jump list: the first step of each round and phase, in the model's words. */
function fillJump() {
  const jump = $('jump');
  const options = [];
  let before = null;
  for (const step of replay.steps.slice(1)) {
    const key = `${step.round}|${step.phase}`;
    if (key === before) continue;
    before = key;
    const option = document.createElement('option');
    option.value = String(step.index);
    // i18n: an entry of the replay's jump list without a label of the game's
    option.textContent = step.label || t('Step {n}', { n: step.index });
    options.push(option);
  }
  const start = document.createElement('option');
  start.value = '0';
  // i18n: the first entry of the replay's jump list: before the first move
  start.textContent = t('The start');
  jump.replaceChildren(start, ...options);
}

/** The viewers this caller may choose: what the server offers them (docs/api.md). */
function fillViewers() {
  const select = $('viewer');
  const choices = [];
  if (replay.ended) {
    // i18n: the replay's viewer who sees everything (after the game's end)
    choices.push(['revealed', t('Everyone (all revealed)')]);
    names.forEach((name, seat) => choices.push([String(seat), name]));
  } else if (typeof replay.viewer === 'number') {
    // i18n: the replay's viewer who is the reader's own seat; {name} is theirs
    choices.push([String(replay.viewer), t('{name} (you)', { name: names[replay.viewer] })]);
  }
  // i18n: the replay's viewer who sees what a spectator sees
  choices.push(['spectator', t('A spectator')]);
  select.replaceChildren(...choices.map(([value, text]) => {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = text;
    return option;
  }));
  select.value = viewer ?? (replay.viewer === null ? 'spectator' : String(replay.viewer));
}

function step(how) {
  if (!replay || current === null) return;
  const to = { first: 0, prev: current - 1, next: current + 1, last: replay.last }[how];
  if (to !== undefined) go(to);
}

function install() {
  app.querySelector('.replay-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('[data-go]');
    if (button && !button.disabled) step(button.dataset.go);
  });
  $('slider').addEventListener('input', (event) => go(event.target.value));
  $('jump').addEventListener('change', (event) => go(event.target.value));
  $('viewer').addEventListener('change', async (event) => {
    viewer = event.target.value;
    await loadReplay();
    go(current ?? 0);
  });
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = event.target.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && event.target.type !== 'range')) return;
    const how = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[event.key];
    if (!how) return;
    event.preventDefault(); // the slider's own handling too: one step per key, as everywhere
    step(how);
  });
  window.addEventListener('hashchange', () => {
    const wanted = stepInAddress();
    if (wanted !== null) go(wanted);
  });
  $('banner').addEventListener('click', () => {
    $('banner').hidden = true;
  });
}

// --- the language -----------------------------------------------------------------------------

function replayTitle() {
  // i18n: the replay page's title; {game} is the game's name
  return game ? t('Replay · {game} · Isla', { game: game.info.title }) : document.title;
}

/** The page's language, with the texts of `gameName` (null: none); the page speaks English if they fail. */
async function startLanguage(gameName) {
  try {
    await startPageLanguage({ game: gameName, onSwitch: switchLanguage });
  } catch (error) {
    console.error('isla: the page\'s texts could not be loaded', error);
  }
}

/**
 * Another language was chosen (the texts are loaded, the marked markup translated): the replay
 * model again (its log in words, its labels) in it, and the controls and the step shown drawn
 * again; the step stays the one shown.
 */
async function switchLanguage() {
  if (!replay) return;
  document.title = replayTitle();
  try {
    if (game) game.catalog = await game.board.loadCatalog(replay.game);
    await loadReplay();
  } catch (error) {
    showBanner(error.message);
  }
  if (current !== null) showPosition(current);
  if (shown) draw(shown);
}

// --- start --------------------------------------------------------------------------------------

async function loadReplay() {
  // The log in words in the page's language (as GET /api/tables/{id}/log?lang= gives it).
  const asked = new URLSearchParams(query().slice(1));
  asked.set('lang', language());
  replay = await api('GET', `${base}/replay?${asked}`);
  payloads.clear();
  const own = summary ? seatNames(summary) : [];
  names = replay.names.map((name, seat) => own[seat] ?? name);
  $('slider').max = String(replay.last);
  fillJump();
  fillViewers();
  log.fill(replay.log);
  log.addChat(replay.chat);
  $('score-chart').replaceChildren(...[scoreChart(replay.series, names)].filter(Boolean));
}

async function main() {
  tooltips = installTooltips(document.body);
  $('table-link').href = fromFile ? '/replay' : `/tables/${encodeURIComponent(tableId)}`;
  if (!tableId) {
    await startLanguage(null);
    // i18n: the replay page opened without a table's id
    $('status').textContent = t('No table in the address: open a finished table from the lobby.');
    return;
  }
  viewer = new URLSearchParams(location.search).get('as');
  install();
  try {
    summary = await api('GET', base);
    // The language first, with the texts of the game (the summary names it, a record file's too).
    await startLanguage(summary.game);
    await loadReplay();
    const { info, board } = await loadBoard(replay.game);
    const catalog = await board.loadCatalog(replay.game);
    game = { board, catalog, ix: board.interaction(tableId, info), info };
    app.dataset.game = replay.game;
    $('game-name').textContent = info.title;
    document.title = replayTitle();
  } catch (error) {
    // i18n: the replay's status line when it cannot be drawn; {error} says why
    $('status').textContent = t('This replay cannot be shown: {error}', { error: error.message });
    return;
  }
  if (replay.ended && summary.status !== 'open' && !fromFile) {
    const link = $('record-link');
    link.href = `${base}/record`;
    link.download = `isla-${tableId}.json`;
    link.hidden = false;
  }
  const wanted = stepInAddress();
  if (wanted !== null && wanted > replay.last) {
    // i18n: the replay's banner when the address asks for a step after the last one
    showBanner(t('There is no step {n}: this game has steps 0 to {last}.', { n: wanted, last: replay.last }));
  }
  await go(wanted ?? 0);
  app.dataset.ready = 'true';
}

main();
