"""Who follows what, and pushing to them: the WebSocket side of the table service.

Each open WebSocket is a `Connection` that follows at most one table, or the lobby. The table
service calls `Hub.table_changed` (and `lobby_changed`) after every change it makes; the hub then
sends every follower of that table its own snapshot - its seat's view and legal actions, never
anyone else's - and the log lines it has not had yet. Each snapshot is built and serialized once per
change and per audience (each seat, the creator, the spectators), not once per connection: a
hundred spectators cost one snapshot and one JSON text. Pushes are coalesced: a table that changes
five times while a push is being prepared is pushed once more, with its latest state, and the log
entries are counted per connection, so nothing is skipped. A connection whose client reads too
slowly is dropped rather than letting its queue grow without bound; it reconnects and gets the full
current state again.

A connection opened by a signed-in browser remembers the session it was opened with (its hash).
When that session ends (logout, a new sign-in in the browser, expiry) the hub closes the session's
connections with code 1008 (policy violation) and a reason: the rights they were opened with are
gone, and the page reconnects as whoever its cookie now says.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from isla.core import JSON
from isla.core.said import generic
from isla.i18n import LANGUAGES
from isla.i18n.languages import supported
from isla.server.chat import LOBBY, Chat, chat_message
from isla.server.keyed import start_once
from isla.server.language import in_language
from isla.server.store import DatabaseUnavailable
from isla.server.store.outage import MESSAGE as UNAVAILABLE
from isla.server.tables import Caller, TableError, TableService

log = logging.getLogger("isla.server")

# Messages waiting for one slow client; beyond this it is disconnected (it will reconnect).
MAX_QUEUE = 200
# Lobby pushes are batched: at most one per this many seconds.
LOBBY_DELAY = 0.3
# The close code of a connection whose session ended (RFC 6455: policy violation).
SESSION_ENDED = 1008

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


class Connection:
    """One client: who it is, what it follows, and an outgoing queue drained by its own task."""

    def __init__(self, caller: Caller, send: Send, close: Close, session: str | None = None) -> None:
        self.caller = caller
        self.session = session  # the hash of the session it was opened with (None: none)
        self.table: str | None = None
        self.slot: int | None = None  # the seat (slot) it holds at that table, for presence
        self.in_lobby = False
        self.log_sent = 0  # log entries of the followed table already sent
        self.lang = "en"  # the language of its log in words and its refusals (isla.server.language)
        self._send = send
        self._close = close
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._drain())
        self.closed = False
        self._close_with = (1000, "")

    def send(self, message: JSON) -> None:
        self.send_text(encode(message))

    def refuse(self, code: str, message: str, ref: Any = None) -> None:
        """An `error` message, its words in the connection's language (a `Said`: isla.server.language)."""
        self.send(error_message(code, message, ref, self.lang))

    def send_text(self, text: str) -> None:
        """Queue a message already serialized (one text shared by every connection it goes to)."""
        if self.closed:
            return
        if self._queue.qsize() >= MAX_QUEUE:
            log.warning("isla: a WebSocket client reads too slowly; disconnecting it")
            self.closed = True
            self._queue.put_nowait(None)
            return
        self._queue.put_nowait(text)

    async def _drain(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    break
                await self._send(text)
        except Exception:  # the socket went away while sending: the reader notices and cleans up
            self.closed = True
        if self.closed:
            with contextlib.suppress(Exception):
                await self._close(*self._close_with)

    def end(self, code: int, reason: str) -> None:
        """Close the connection after what is already queued; from now on it acts for nobody."""
        self.caller = dataclasses.replace(self.caller, user_id=None, user_name=None)
        if self.closed:
            return
        self.closed = True
        self._close_with = (code, reason)
        self._queue.put_nowait(None)

    async def stop(self) -> None:
        self.closed = True
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer


class Hub:
    """The followers of every table and of the lobby; see the module docstring."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._followers: dict[str, set[Connection]] = {}
        self._lobby: set[Connection] = set()
        self._dirty: set[str] = set()
        self._pushing: dict[str, asyncio.Task[None]] = {}
        self._lobby_task: asyncio.Task[None] | None = None
        self._sessions: dict[str, set[Connection]] = {}  # session hash -> its open connections
        self._sweeper: asyncio.Task[None] | None = None
        self._closing = False
        self.chat: Chat | None = None  # set by the app: the table and lobby chats (chat.py)
        service.listen(self.table_changed)
        service.on_watchers(self._watchers_changed)
        service.on_chat(self._chat_heard)

    # --- what connections ask -----------------------------------------------------------------

    async def watch(self, connection: Connection, table_id: str) -> None:
        """Follow `table_id` (instead of whatever the connection followed): snapshot and log now."""
        snapshot, entries = await self.service.follow(table_id, connection.caller, 0, present=True)
        await self._leave(connection)
        connection.table = table_id
        you = snapshot.get("you")
        connection.slot = you["slot"] if isinstance(you, dict) else None
        connection.log_sent = entries[-1]["n"] + 1 if entries else 0
        self._followers.setdefault(table_id, set()).add(connection)
        connection.send({"type": "table", "table": snapshot})
        told = self.service.words_in(table_id, entries, connection.lang)
        connection.send({"type": "log", "table": table_id, "entries": told})
        if self.chat is not None:
            connection.send(chat_message(table_id, await self.chat.history(table_id), history=True))
        self._watchers_changed(table_id)

    async def language(self, connection: Connection, lang: str) -> None:
        """The reader chose another language: its log in words comes again, whole, in it
        (`replace`), and every push from now on is in it too (isla.server.words)."""
        chosen = supported(lang)
        if chosen is None:
            known = ", ".join(LANGUAGES)
            connection.refuse("bad_message", generic("no language '{lang}': Isla has {known}", lang=lang,
                                                     known=known))
            return
        connection.lang = chosen
        connection.send({"type": "lang", "lang": chosen})
        table_id = connection.table
        if table_id is None:
            return
        _, entries = await self.service.follow(table_id, connection.caller, 0)
        if connection.table != table_id:  # it followed something else meanwhile
            return
        connection.log_sent = entries[-1]["n"] + 1 if entries else 0
        told = self.service.words_in(table_id, entries, chosen)
        connection.send({"type": "log", "table": table_id, "entries": told, "replace": True})

    async def lobby(self, connection: Connection) -> None:
        await self._leave(connection)
        connection.in_lobby = True
        self._lobby.add(connection)
        connection.send({"type": "lobby", "tables": await self.service.tables()})
        if self.chat is not None:
            connection.send(chat_message(LOBBY, await self.chat.history(LOBBY), history=True))

    async def say(self, connection: Connection, text: object) -> None:
        """A chat message from the connection, in the room it follows (its table's, or the lobby's);
        checked, stored, then sent to everyone in the room (chat.py). Never a change to a game."""
        if self.chat is None:
            raise TableError("unavailable", generic("this server has no chat"))
        table_id = connection.table
        if table_id is not None:
            speaker = await self.service.speaker(table_id, connection.caller)
            line = await self.chat.say_at_table(table_id, connection.caller, speaker, text)
            shared = encode(chat_message(table_id, [line]))
            self._chat_heard(table_id, shared)
            self.service.share_chat(table_id, shared)
        elif connection.in_lobby:
            line = await self.chat.say_in_lobby(connection.caller, text)
            shared = encode(chat_message(LOBBY, [line]))
            self._chat_heard(LOBBY, shared)
            self.service.share_chat(LOBBY, shared)
        else:
            raise TableError("invalid", generic("follow a table ('watch') or the lobby ('lobby') before "
                                                "chatting"))

    def _chat_heard(self, room: str, shared: str) -> None:
        """Send a chat message (said here, or on another process) to this process's followers of the room."""
        followers = self._lobby if room == LOBBY else self._followers.get(room, ())
        for follower in list(followers):
            follower.send_text(shared)

    def _watchers_changed(self, table_id: str) -> None:
        """Tell everyone at the table how many people without a seat there watch it now (on every
        process: the others' are the service's to know)."""
        followers = self._followers.get(table_id, set())
        count = sum(1 for c in followers if c.slot is None) + self.service.watching_elsewhere(table_id)
        shared = encode({"type": "watchers", "table": table_id, "count": count})
        for follower in list(followers):
            follower.send_text(shared)

    def connect(self, connection: Connection) -> None:
        """A new connection: remember it under its session, to close it when the session ends."""
        if connection.session is not None:
            self._sessions.setdefault(connection.session, set()).add(connection)

    async def disconnect(self, connection: Connection) -> None:
        if connection.session is not None:
            same = self._sessions.get(connection.session)
            if same is not None:
                same.discard(connection)
                if not same:
                    del self._sessions[connection.session]
        await self._leave(connection)
        await connection.stop()

    # --- sessions -------------------------------------------------------------------------

    def session_ended(self, session: str, reason: str = "signed out: the session ended") -> None:
        """Close every connection opened with the session whose hash is `session`."""
        for connection in self._sessions.pop(session, set()):
            connection.end(SESSION_ENDED, reason)

    def check_sessions(self, alive: Callable[[str], Awaitable[bool]], every: float) -> None:
        """Every `every` seconds, close the connections of sessions that `alive` says have expired."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep(alive, every))

    async def _sweep(self, alive: Callable[[str], Awaitable[bool]], every: float) -> None:
        while not self._closing:
            await asyncio.sleep(every)
            for session in list(self._sessions):
                try:
                    ended = not await alive(session)
                except Exception as error:  # the database is away: look again next time
                    log.warning("isla: checking the sessions of open WebSockets failed (%s)", error)
                    break
                if ended:
                    self.session_ended(session, "the session expired: sign in again")

    async def _leave(self, connection: Connection) -> None:
        if connection.in_lobby:
            self._lobby.discard(connection)
            connection.in_lobby = False
        table_id, slot = connection.table, connection.slot
        if table_id is None:
            return
        followers = self._followers.get(table_id)
        if followers is not None:
            followers.discard(connection)
            if not followers:
                del self._followers[table_id]
        connection.table, connection.slot = None, None
        if slot is None:
            self._watchers_changed(table_id)
        with contextlib.suppress(TableError):
            await self.service.detach(table_id, slot)

    # --- pushes ---------------------------------------------------------------------------

    def table_changed(self, table_id: str, lobby: bool = True) -> None:
        """Called by the service after a change: push to the table's followers (and the lobby)."""
        if self._closing:
            return
        if lobby:
            self.lobby_changed()
        if table_id not in self._followers:
            return
        self._dirty.add(table_id)
        start_once(self._pushing, table_id, lambda: self._push(table_id))

    def lobby_changed(self) -> None:
        if self._closing or not self._lobby:
            return
        if self._lobby_task is None or self._lobby_task.done():
            self._lobby_task = asyncio.get_running_loop().create_task(self._push_lobby())

    async def _push(self, table_id: str) -> None:
        while table_id in self._dirty and not self._closing:
            self._dirty.discard(table_id)
            followers = [c for c in self._followers.get(table_id, ()) if c.table == table_id]
            if not followers:
                continue
            log_from = min(c.log_sent for c in followers)
            try:
                which, snapshots, entries = await self.service.views(
                    table_id, [c.caller for c in followers], log_from
                )
            except (TableError, DatabaseUnavailable) as failed:  # the store logs an outage once
                code = failed.code if isinstance(failed, TableError) else "unavailable"
                text = failed.message if isinstance(failed, TableError) else UNAVAILABLE
                refusals: dict[str, str] = {}  # one text per language
                for connection in followers:
                    if connection.lang not in refusals:
                        refusals[connection.lang] = encode(error_message(code, text, None, connection.lang))
                    connection.send_text(refusals[connection.lang])
                continue
            except Exception:
                log.exception("isla: table %s: a push failed", table_id)
                continue
            # One serialization per snapshot and per log tail, shared by the connections they go to.
            tables: dict[int, str] = {}
            logs: dict[tuple[int, str], str] = {}
            for connection, seen in zip(followers, which, strict=True):
                if connection.table != table_id:  # it followed something else meanwhile
                    continue
                if isinstance(seen, TableError):
                    connection.refuse(seen.code, seen.message)
                    continue
                if seen not in tables:
                    tables[seen] = encode({"type": "table", "table": snapshots[seen]})
                connection.send_text(tables[seen])
                sent = connection.log_sent
                tail = entries[max(0, sent - log_from):]
                if tail:
                    connection.log_sent = max(sent, tail[-1]["n"] + 1)
                    key = (sent, connection.lang)
                    if key not in logs:
                        told = self.service.words_in(table_id, tail, connection.lang)
                        logs[key] = encode({"type": "log", "table": table_id, "entries": told})
                    connection.send_text(logs[key])

    async def _push_lobby(self) -> None:
        await asyncio.sleep(LOBBY_DELAY)
        if self._closing or not self._lobby:
            return
        try:
            tables = await self.service.tables()
        except DatabaseUnavailable:  # logged once per outage by the store; the next change pushes
            return
        except Exception:
            log.exception("isla: the lobby push failed")
            return
        message = {"type": "lobby", "tables": tables}
        for connection in list(self._lobby):
            connection.send(message)

    async def close(self) -> None:
        self._closing = True
        tasks = [*self._pushing.values(), *(t for t in (self._lobby_task, self._sweeper) if t is not None)]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def encode(message: JSON) -> str:
    """A message as the compact JSON text sent on the socket (orjson: the push path's hot spot)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def error_message(code: str, message: str, ref: Any = None, lang: str = "en") -> JSON:
    """An `error` message: `message` (a `Said`, or a text as it is) in `lang`, the code as it is."""
    return {"type": "error", "code": code, "error": in_language(message, lang), "ref": ref}
