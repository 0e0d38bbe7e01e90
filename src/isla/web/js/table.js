// The Puerto Rico table page (/tables/{id}): follows one table over the WebSocket, draws everything
// the viewer may see from the snapshot, and turns clicks on legal elements into submissions. The
// server is the only judge: the page sends action texts (or a whole mayor/storage plan) with the
// sequence number it saw, and redraws from whatever the server pushes next.

import { api, connect } from './net.js';
import { loadCatalog } from './board/catalog.js';
import { Interaction } from './board/interact.js';
import { GameLog } from './board/log.js';
import { renderMarket } from './board/market.js';
import { arrangementOf } from './board/mayor.js';
import { renderPlayer } from './board/player.js';
import { renderRoles } from './board/roles.js';
import { renderScore } from './board/score.js';
import { renderShips } from './board/ships.js';
import {
  renderGoodsSupply, renderPlantations, renderTradingHouse, renderTriggers, renderVpSupply,
} from './board/supply.js';
import { installTooltips } from './board/tooltip.js';
import { capitalize, esc, seatColor } from './board/util.js';
import { phaseTitle, statusLine } from './board/words.js';

const tableId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const $ = (id) => document.getElementById(id);
const app = $('app');
const memoryKey = `isla:arrangement:${tableId}`;

let table = null;
let catalog = null;
let conn = null;
let tooltips = null;
let lastValues = null;
let lastFlashSeq = null;
let busyTimer = null;
let bannerTimer = null;
let confirmAbandon = false;
const ix = new Interaction();
const gameLog = new GameLog($('log'));
let pendingLog = [];

// --- names and memory -----------------------------------------------------------------------

/** Display names by engine seat: the player's name, or the bot's level for a bot seat. */
function seatNames(t) {
  const names = [];
  const bots = (t.seats || []).filter((s) => s.kind === 'bot' && !s.name);
  for (const s of t.seats || []) {
    if (typeof s.seat !== 'number') continue;
    let name = s.name;
    if (!name && s.kind === 'bot') {
      const same = bots.filter((b) => b.bot === s.bot);
      name = `${capitalize(s.bot || 'bot')} bot${same.length > 1 ? ` ${same.indexOf(s) + 1}` : ''}`;
    }
    names[s.seat] = name || `Seat ${s.seat + 1}`;
  }
  return names;
}

function mySeat(t) {
  return t?.you && typeof t.you.seat === 'number' ? t.you.seat : null;
}

/** The viewer's arrangement before their placing turn (the engine gathers it when the turn starts). */
function rememberArrangement(t) {
  const me = mySeat(t);
  const view = t.view;
  if (me === null || !view || !view.seats?.[me]) return;
  if (view.phase?.name === 'place' && view.to_move === me) return;
  try {
    sessionStorage.setItem(memoryKey, JSON.stringify([...arrangementOf(view.seats[me])]));
  } catch {
    // storage may be unavailable (private mode); the automatic arrangement still works
  }
}

function previousArrangement() {
  try {
    const raw = sessionStorage.getItem(memoryKey);
    return raw ? new Map(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

// --- messages -------------------------------------------------------------------------------

function accept(snapshot) {
  if (!snapshot || snapshot.id !== tableId) return;
  if (snapshot.game !== 'puertorico') {
    // Only Puerto Rico has a table page so far; other games are played through the API.
    $('status').textContent = `This page cannot show ${snapshot.game} tables yet.`;
    return;
  }
  if (table && typeof snapshot.seq === 'number' && snapshot.seq < table.seq) return;
  table = snapshot;
  rememberArrangement(table);
  if (catalog) {
    ix.sync(table, catalog, previousArrangement());
    render();
  }
}

function onMessage(message) {
  switch (message.type) {
    case 'table':
      accept(message.table);
      break;
    case 'log':
      if (message.table !== tableId) break;
      if (table) gameLog.add(message.entries);
      else pendingLog.push(...(message.entries || []));
      break;
    case 'error':
      showBanner(message.error || 'The server refused that.', message.code);
      unbusy();
      break;
    case 'ok':
      break;
    default:
      break;
  }
}

function onStatus(status) {
  const el = $('connection');
  el.dataset.status = status;
  el.textContent = { open: 'connected', reconnecting: 'reconnecting…', closed: 'offline' }[status] || status;
  el.title = status === 'open' ? 'Live: moves appear as they happen' : 'The page reconnects by itself';
}

function showBanner(text, code = '') {
  const banner = $('banner');
  banner.querySelector('.banner-text').textContent = text;
  banner.dataset.code = code || '';
  banner.hidden = false;
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => {
    banner.hidden = true;
  }, 9000);
}

function unbusy() {
  clearTimeout(busyTimer);
  if (ix.busy) {
    ix.setBusy(false);
    render();
  }
}

// --- acting ---------------------------------------------------------------------------------

function submit(body) {
  if (!table || !conn) return;
  ix.setBusy(true);
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

function dispatch(result) {
  if (!result) return;
  if (result === 'render') {
    render();
    return;
  }
  if (result.actions) {
    submit({ actions: result.actions });
    return;
  }
  if (result.plan) {
    submit({ plan: result.plan });
    return;
  }
  switch (result.ui) {
    case 'stand-in':
    case 'reclaim':
      seatControl(result.ui, result.arg);
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
    default:
      break;
  }
}

function clickable(target) {
  const el = target.closest?.('[data-action],[data-same],[data-ui]');
  if (!el || !document.body.contains(el) || el.disabled) return null;
  return el;
}

document.addEventListener('click', (event) => {
  const el = clickable(event.target);
  if (!el) return;
  event.preventDefault();
  dispatch(ix.handle(el));
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  if (event.target.tagName === 'BUTTON') return; // buttons click by themselves
  const el = clickable(event.target);
  if (!el || el !== event.target) return;
  event.preventDefault();
  dispatch(ix.handle(el));
});

// --- drawing --------------------------------------------------------------------------------

function seatOrder(view, me) {
  const n = view.seats.length;
  const start = me === null ? 0 : me;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

function renderWaiting() {
  const seats = (table.seats || []).map((s) => {
    const who = s.kind === 'open' ? '<i>open seat</i>' : s.kind === 'bot' ? `${esc(capitalize(s.bot))} bot` : esc(s.name);
    return `<li>${who}${table.you && table.you.slot === s.slot ? ' <span class="tag tag-you">you</span>' : ''}</li>`;
  });
  return `<section class="waiting"><h2>Waiting for players</h2>
    <p>The game starts by itself when every seat is taken.</p><ul>${seats.join('')}</ul>
    <p><a href="/">Back to the lobby</a></p></section>`;
}

function flash() {
  const values = new Map();
  for (const el of app.querySelectorAll('[data-k]')) values.set(el.getAttribute('data-k'), el.getAttribute('data-v'));
  if (lastValues && table.seq !== lastFlashSeq) {
    for (const el of app.querySelectorAll('[data-k]')) {
      const k = el.getAttribute('data-k');
      if (!lastValues.has(k) || lastValues.get(k) !== el.getAttribute('data-v')) el.classList.add('flash');
    }
  }
  lastValues = values;
  lastFlashSeq = table.seq;
}

function render() {
  if (!table || !catalog) return;
  const view = table.view;
  const me = mySeat(table);
  const names = seatNames(table);
  app.dataset.seq = String(table.seq);
  app.dataset.busy = ix.busy ? 'true' : 'false';
  app.dataset.status = table.status;
  const status = statusLine(table, catalog, names, me);
  const statusEl = $('status');
  statusEl.textContent = status.text;
  statusEl.classList.toggle('mine', status.mine);
  const watching = me === null && table.status === 'playing' ? ' · you are watching' : '';
  $('round').textContent = view ? `Round ${view.round} · ${phaseTitle(view, catalog, names, me)}${watching}` : '';
  document.title = `${status.mine ? '● ' : ''}Puerto Rico · Isla`;
  const controls = [];
  if (table.can?.abandon) {
    controls.push(confirmAbandon
      ? '<span class="confirm-abandon">Abandon this table for everyone? '
        + '<button type="button" class="btn btn-small btn-danger" data-ui="abandon-yes" data-testid="abandon-confirm">Yes, abandon</button> '
        + '<button type="button" class="btn btn-small" data-ui="abandon-no" data-testid="abandon-cancel">No</button></span>'
      : '<button type="button" class="btn btn-small" data-ui="abandon" data-testid="abandon">Abandon table</button>');
  }
  $('controls').innerHTML = controls.join('');
  if (!view) {
    $('actions').innerHTML = '';
    $('fallback').innerHTML = '';
    $('players').innerHTML = table.status === 'open' ? renderWaiting() : '';
    $('supply').innerHTML = '';
    $('score').innerHTML = '';
    return;
  }
  const ctx = { table, view, catalog, me, names, ix };
  $('actions').innerHTML = table.status === 'playing' ? ix.promptHtml() : '';
  $('players').innerHTML = seatOrder(view, me).map((seat) => renderPlayer(seat, ctx)).join('');
  $('supply').innerHTML = `${table.status === 'playing' ? renderTriggers(ctx) : ''}${renderRoles(ctx)}
    <div class="supply-row-1">${renderShips(ctx)}</div>
    <div class="supply-row-2">${renderTradingHouse(ctx)}${renderGoodsSupply(ctx)}${renderVpSupply(ctx)}</div>
    ${renderPlantations(ctx)}
    ${renderMarket(ctx)}`;
  $('score').innerHTML = table.status === 'finished' && table.result ? renderScore(table.result, names, me) : '';
  const missing = table.status === 'playing' ? ix.missing(app) : [];
  const fallback = $('fallback');
  fallback.innerHTML = missing.length ? `<span class="hint">Also possible:</span>${ix.fallbackHtml(missing)}` : '';
  $('prompt').classList.toggle('prompt-mine', status.mine);
  app.style.setProperty('--me', me === null ? '#777' : seatColor(me));
  flash();
  tooltips.refresh();
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

async function main() {
  tooltips = installTooltips(document.body);
  $('banner').addEventListener('click', () => {
    $('banner').hidden = true;
  });
  if (!tableId) {
    showBanner('No table in the address: open a table from the lobby.');
    return;
  }
  conn = connect({ onMessage, onStatus });
  conn.watch(tableId);
  const first = api('GET', `/api/tables/${encodeURIComponent(tableId)}`).catch((error) => {
    showBanner(error.message, error.code);
    return null;
  });
  catalog = await loadCatalog('puertorico');
  if (catalog.error) showBanner(`Building and role descriptions are unavailable: ${catalog.error.message}`);
  setInterval(refresh, 5000);
  const snapshot = await first;
  if (snapshot && snapshot.game === 'puertorico' && (!table || snapshot.seq >= table.seq)) table = snapshot;
  if (table) {
    rememberArrangement(table);
    ix.sync(table, catalog, previousArrangement());
    render();
    if (pendingLog.length) gameLog.add(pendingLog);
    pendingLog = [];
  }
}

main();
