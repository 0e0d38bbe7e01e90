"""The WebSocket endpoint `/ws`: one connection per page, JSON messages, pushes from the hub.

A browser is identified by its session cookie, an API client by `Authorization: Bearer TOKEN`.
The handshake is refused before it reaches this module when its `Origin` is another site's, or a
signed-in browser's names none (auth.py's OriginCheck, by the rule in origin.py): cookies ride
along with any page's WebSocket, so without this check a hostile page could play for a visitor.
A WebSocket past `max_websockets_per_client` open ones from one client address is closed at once.
After that, every message is checked on its own (and counted: a connection sending too many is
slowed, then closed, see ratelimit.py); a bad one (not JSON, nested deeper than the protocol needs,
too large, an unknown type, a forged table or seat, an illegal move) gets an `error` message on this
connection only, the connection stays open and nothing changes. docs/api.md describes the messages.
A socket opened with a session is closed (code 1008) when that session ends: logout, another
sign-in in the browser, expiry (hub.py); the page reconnects as whoever it now is.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections import Counter
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.requests import HTTPConnection

from isla.core.said import generic
from isla.server.auth import COOKIE, Accounts, current_user, session_hash
from isla.server.clients import client_address
from isla.server.hub import Connection, Hub
from isla.server.jsondepth import MAX_DEPTH, too_deep
from isla.server.language import INTERNAL, reader_language
from isla.server.privacy import MAX_KEY
from isla.server.ratelimit import TokenBucket
from isla.server.store import DatabaseUnavailable
from isla.server.store.outage import MESSAGE as UNAVAILABLE
from isla.server.tables import MAX_ACTION_TEXT, MAX_ACTIONS, Caller, TableError

log = logging.getLogger("isla.server")
router = APIRouter()

MAX_REF = 64
MAX_ID = 64
TRY_AGAIN_LATER = 1013  # the WebSocket close code for "the server is overloaded, come back later"


async def identify(connection: HTTPConnection) -> Caller:
    """The caller behind a request or socket: bearer token, and the signed-in user if any."""
    return (await _identify(connection))[0]


async def _identify(connection: HTTPConnection) -> tuple[Caller, str | None]:
    """The caller, and the hash of the session that signs them in (None: not signed in)."""
    token = None
    authorization = connection.headers.get("authorization", "")
    scheme, _, credentials = authorization.partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        token = credentials.strip()
    cookie = connection.cookies.get(COOKIE)
    user = await current_user(connection) if cookie else None
    client = client_address(connection.scope)
    key = connection.query_params.get("key") or None  # a private table's invite secret (privacy.py)
    if user is None or cookie is None:
        return Caller(token, client=client, key=key), None
    return Caller(token, user.id, user.name, client=client, key=key), session_hash(cookie)


class BadMessage(Exception):
    """A message that is not one of the protocol's; `message` says why (a `Said`, generic(...))."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(str(message))


def _text(message: dict[str, Any], key: str, limit: int) -> str:
    value = message.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise BadMessage(generic("'{key}' must be a non-empty text of at most {limit} characters", key=key,
                                 limit=limit))
    return value


async def refuse_too_many(websocket: WebSocket, limit: int) -> None:
    """Close one WebSocket too many from a client at once, with code 1013 (try again later) and the
    reason, which pages and programs can read (a refused handshake would carry no reason: browsers
    report a bare failure, and uvicorn logs an error for each handshake answered with a denial)."""
    await websocket.accept()
    problem = f"too many WebSockets from your address: at most {limit} at once; close a page and try again"
    await websocket.close(code=TRY_AGAIN_LATER, reason=problem)


@router.websocket("/ws")
async def socket(websocket: WebSocket) -> None:
    config = websocket.app.state.config
    held: Counter[str] = websocket.app.state.websockets
    client = client_address(websocket.scope)
    if held[client] >= config.max_websockets_per_client:
        await refuse_too_many(websocket, config.max_websockets_per_client)
        return
    held[client] += 1  # no await since the check: two handshakes cannot both take the last place
    try:
        await _serve(websocket)
    finally:
        held[client] -= 1
        if held[client] <= 0:
            del held[client]


async def _serve(websocket: WebSocket) -> None:
    """One accepted WebSocket: identify the caller, then read and answer messages until it closes."""
    hub: Hub = websocket.app.state.hub
    config = websocket.app.state.config
    limit: int = config.max_message_bytes
    bucket = TokenBucket(config.ws_messages_per_second, config.ws_message_burst)
    try:
        caller, session = await _identify(websocket)
    except DatabaseUnavailable:  # the store has logged it; 1013: try again later
        await websocket.close(code=1013, reason="the database is not available: try again in a moment")
        return
    await websocket.accept()
    connection = Connection(caller, websocket.send_text, websocket.close, session)
    # `?lang=`, else the account's language, else Accept-Language; `{"type": "lang"}` changes it.
    connection.lang = await reader_language(websocket)
    hub.connect(connection)
    try:
        accounts: Accounts | None = getattr(websocket.app.state, "accounts", None)
        if session is not None and accounts is not None and not await accounts.session_alive(session):
            hub.session_ended(session)  # it ended while this socket was being opened
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if connection.closed:  # being closed (its session ended, it read too slowly): ignore it
                continue
            if not bucket.take():
                if bucket.flooding():
                    await websocket.close(code=1008, reason="too many messages")
                    break
                rate = f"{config.ws_messages_per_second:g}"
                problem = generic("too many messages: at most {rate} a second (this one was ignored)",
                                  rate=rate)
                connection.refuse("rate_limited", problem)
                continue
            raw = message.get("text")
            if raw is None:
                data = message.get("bytes") or b""
                size = len(data)
            else:
                size = len(raw.encode("utf-8"))
            if size > limit:
                connection.refuse("too_large", generic("a message is at most {limit} bytes", limit=limit))
                continue
            if raw is None:
                connection.refuse("bad_message", generic("send JSON text frames, not binary ones"))
                continue
            await _handle(hub, connection, raw)
    finally:
        await hub.disconnect(connection)


async def _handle(hub: Hub, connection: Connection, raw: str) -> None:
    ref: Any = None
    try:
        if too_deep(raw):
            raise BadMessage(generic("a message nests at most {depth} lists or objects deep",
                                     depth=MAX_DEPTH))
        try:
            message = json.loads(raw)
        except ValueError:
            problem = generic("malformed JSON: send one JSON object with a 'type' per message")
            raise BadMessage(problem) from None
        if not isinstance(message, dict):
            raise BadMessage(generic("a message must be a JSON object with a 'type'"))
        ref = message.get("ref")
        if ref is not None and (not isinstance(ref, str) or len(ref) > MAX_REF):
            ref = None
            raise BadMessage(generic("'ref' must be a text of at most {limit} characters", limit=MAX_REF))
        kind = message.get("type")
        if kind == "ping":
            connection.send({"type": "pong", "ref": ref})
        elif kind == "watch":
            key = message.get("key")
            if key is not None and (not isinstance(key, str) or len(key) > MAX_KEY):
                raise BadMessage(generic("'key' must be a text of at most {limit} characters", limit=MAX_KEY))
            if key is not None:  # else the one the socket was opened with (`/ws?key=`), if any
                connection.caller = dataclasses.replace(connection.caller, key=key)
            await hub.watch(connection, _text(message, "table", MAX_ID))
        elif kind == "lobby":
            await hub.lobby(connection)
        elif kind == "lang":
            await hub.language(connection, _text(message, "lang", 35))
        elif kind == "submit":
            await _submit(hub, connection, message, ref)
        elif kind == "chat":
            await hub.say(connection, message.get("text"))
            connection.send({"type": "ok", "ref": ref})
        elif kind == "spectator_chat":
            await _spectator_chat(hub, connection, message, ref)
        else:
            known = "watch, lobby, submit, chat, spectator_chat, lang, ping"
            raise BadMessage(generic("unknown message type {kind} (known: {known})",
                                     kind=repr(kind), known=known))
    except BadMessage as error:
        connection.refuse("bad_message", error.message, ref)
    except TableError as error:
        connection.refuse(error.code, error.message, ref)
    except DatabaseUnavailable:  # the store has logged the outage, once
        connection.refuse("unavailable", UNAVAILABLE, ref)
    except Exception:
        log.exception("isla: a WebSocket message failed")
        connection.refuse("internal", INTERNAL, ref)


async def _submit(hub: Hub, connection: Connection, message: dict[str, Any], ref: Any) -> None:
    table_id = _text(message, "table", MAX_ID)
    seq = message.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise BadMessage(generic("'seq' must be the table's sequence number (a whole number ≥ 0)"))
    actions = message.get("actions")
    plan = message.get("plan")
    if (actions is None) == (plan is None):
        raise BadMessage(generic("send 'actions' (a list of action texts) or a 'plan', one of the two"))
    if actions is not None:
        if not isinstance(actions, list) or not actions or not all(isinstance(a, str) for a in actions):
            raise BadMessage(generic("'actions' must be a non-empty list of action texts"))
        if len(actions) > MAX_ACTIONS:
            raise BadMessage(generic("at most {limit} actions at once", limit=MAX_ACTIONS))
        if any(len(action) > MAX_ACTION_TEXT for action in actions):
            raise BadMessage(generic("an action text has at most {limit} characters", limit=MAX_ACTION_TEXT))
    if plan is not None and not isinstance(plan, dict):
        raise BadMessage(generic("'plan' must be a JSON object"))
    snapshot = await hub.service.submit(table_id, connection.caller, seq, actions or (), plan)
    connection.send({"type": "ok", "ref": ref, "seq": snapshot["seq"]})


async def _spectator_chat(hub: Hub, connection: Connection, message: dict[str, Any], ref: Any) -> None:
    """The creator opens or closes the followed table's chat to spectators."""
    wanted = message.get("open")
    if not isinstance(wanted, bool):
        raise BadMessage(generic("'open' must be true or false: whether spectators may write in the chat"))
    if connection.table is None:
        raise BadMessage(generic("watch the table first: 'spectator_chat' is about the table you follow"))
    snapshot = await hub.service.set_spectator_chat(connection.table, connection.caller, wanted)
    connection.send({"type": "ok", "ref": ref, "seq": snapshot["seq"]})
