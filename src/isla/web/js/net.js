// The browser's two ways to talk to the Isla server: JSON over HTTP (`api`) and one WebSocket per
// page (`connect`) that survives dropped connections and server restarts by reconnecting by itself.
//
// Every page imports this module, so it stays small and has no knowledge of any game: it only knows
// the envelope of the protocol (docs/api.md) — HTTP errors as {"error", "code"}, WebSocket messages
// as JSON objects with a "type".

import { savedLanguage } from './shared/langpick.js';

/** A refusal from the server (its one-line message and stable code) or a network failure. */
export class ApiError extends Error {
  code;
  status;

  constructor(message, code, status) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

/**
 * One HTTP request with a JSON body (if any) and a JSON answer; the session cookie goes along.
 * Resolves to the parsed answer (null for an empty one); rejects with an ApiError carrying the
 * server's own message, so a page can show it as it is.
 */
export async function api(method, path, body) {
  path = withLanguage(withInviteKey(path));
  const init = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError('Cannot reach the server; check the connection and try again.', 'network', 0);
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    throw new ApiError('The connection to the server broke off; try again.', 'network', response.status);
  }
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = data && typeof data.error === 'string'
      ? data.error
      : `The server answered ${response.status} ${response.statusText}.`.replace(' .', '.');
    const code = data && typeof data.code === 'string' ? data.code : 'http';
    throw new ApiError(message, code, response.status);
  }
  if (text && data === null) {
    throw new ApiError('The server sent an answer that is not JSON.', 'bad_answer', response.status);
  }
  return data;
}

// Reconnection: the first retry comes quickly (a server restart takes about a second), then the
// waits double up to a cap; a random part keeps many pages from knocking at the same instant.
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 5000;
const PING_EVERY_MS = 25000;
// No message at all (not even a pong) for this long: the connection is dead although the browser
// has not noticed (a suspended laptop, a proxy that dropped it); drop it and reconnect.
const SILENCE_MS = 65000;

function socketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return withLanguage(withInviteKey(`${scheme}//${location.host}/ws`));
}

// The language this browser chose (the picker), if any, rides along on every request and the
// socket: the server's words (the log, its refusals) come in it. Without a choice the server
// decides: the account's language, else Accept-Language (docs/i18n.md).
function withLanguage(path) {
  const lang = savedLanguage();
  return lang ? `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : path;
}

/** A private table's invite secret, from the page's own address (`?key=`), or null. */
export function inviteKey() {
  return new URLSearchParams(location.search).get('key');
}

// The page's invite key rides along on its table requests and its socket (docs/chat.md).
function withInviteKey(path) {
  const key = inviteKey();
  if (!key || !(path.includes('/api/tables/') || path.endsWith('/ws'))) return path;
  return `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
}

/**
 * The page's WebSocket. `onMessage(obj)` gets every message from the server; `onStatus(s)` hears
 * "open", "reconnecting" (lost, or not yet reached: retrying) and "closed" (after close()).
 *
 * The subscription (`watch(table)` or `lobby()`) is remembered and sent again on every new
 * connection, so after any outage the server pushes the full current state once more. Other
 * messages sent while disconnected wait in a queue and go out, in order, after it.
 */
export function connect({ onMessage = () => {}, onStatus = () => {} } = {}) {
  let socket = null;
  let subscription = null;
  let queue = [];
  let closed = false;
  let failures = 0;
  let retryTimer = null;
  let pingTimer = null;
  let lastHeard = 0;
  let status = null;

  function report(next) {
    if (next !== status) {
      status = next;
      try {
        onStatus(next);
      } catch (error) {
        console.error('isla: the status handler failed', error);
      }
    }
  }

  function isOpen() {
    return socket !== null && socket.readyState === WebSocket.OPEN;
  }

  function transmit(obj) {
    socket.send(JSON.stringify(obj));
  }

  function open() {
    retryTimer = null;
    if (closed) return;
    let ws;
    try {
      ws = new WebSocket(socketUrl());
    } catch (error) {
      console.error('isla: cannot open the WebSocket', error);
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.addEventListener('open', () => {
      if (ws !== socket) return;
      failures = 0;
      lastHeard = Date.now();
      report('open');
      if (subscription) transmit(subscription);
      const waiting = queue;
      queue = [];
      for (const obj of waiting) transmit(obj);
      startPings();
    });
    ws.addEventListener('message', (event) => {
      if (ws !== socket) return;
      lastHeard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        console.error('isla: a WebSocket message that is not JSON', event.data);
        return;
      }
      if (message && message.type === 'pong') return;
      try {
        onMessage(message);
      } catch (error) {
        console.error('isla: the message handler failed', error);
      }
    });
    ws.addEventListener('close', () => {
      if (ws !== socket) return;
      socket = null;
      stopPings();
      if (closed) {
        report('closed');
      } else {
        scheduleRetry();
      }
    });
    // An error is always followed by a close event, which does the work.
  }

  function scheduleRetry() {
    if (closed || retryTimer !== null) return;
    report('reconnecting');
    const ceiling = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** failures);
    failures += 1;
    const wait = ceiling / 2 + Math.random() * (ceiling / 2);
    retryTimer = setTimeout(open, wait);
  }

  function retryNow() {
    // The browser says the network is back, or the tab is visible again: do not sit out the wait.
    if (closed || socket !== null) return;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    failures = 0;
    open();
  }

  function startPings() {
    stopPings();
    pingTimer = setInterval(() => {
      if (!isOpen()) return;
      if (Date.now() - lastHeard > SILENCE_MS) {
        socket.close();
        return;
      }
      transmit({ type: 'ping' });
    }, PING_EVERY_MS);
  }

  function stopPings() {
    if (pingTimer !== null) clearInterval(pingTimer);
    pingTimer = null;
  }

  function onVisible() {
    if (document.visibilityState === 'visible') retryNow();
  }

  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', onVisible);
  open();

  function subscribe(message) {
    subscription = message;
    if (isOpen()) transmit(message);
  }

  return {
    send(obj) {
      if (closed) return;
      if (isOpen()) {
        transmit(obj);
      } else {
        queue.push(obj);
      }
    },
    watch(tableId) {
      subscribe({ type: 'watch', table: tableId });
    },
    lobby() {
      subscribe({ type: 'lobby' });
    },
    close() {
      if (closed) return;
      closed = true;
      queue = [];
      stopPings();
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', onVisible);
      if (socket !== null) {
        socket.close(1000);
      } else {
        report('closed');
      }
    },
  };
}
