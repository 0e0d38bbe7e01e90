"""The table service: tables in memory, their truth in the action log, bots that play by themselves.

`TableService` is the small interface the HTTP routes (and, later, the WebSocket endpoint) talk to.
`LocalTableService` is the one-process implementation: each live table is held in memory with its
game state and an asyncio lock, and every change follows the path of ARCHITECTURE.md, "How a move
travels": check the caller holds the seat to move and the sequence number is current, apply the
actions all or nothing on a copy, append them to the log in one transaction (the unique
(table, seq) makes a second writer lose), and only then make the copy the table's state. A server
that starts serves at once: it rebuilds every live table by replaying its log in the background,
one table at a time, and any table sooner when a request asks for it (that request waits for that
table only); each table's bots carry on once it is rebuilt.

Several processes on one PostgreSQL database (`--redis-url`) run `cluster.SharedTableService`, this
service told of the other processes' changes and owning only some tables (`owns`); nothing outside
these modules touches `LiveTable` or the store directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging
import random
import secrets
import time
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from isla.bots import UnknownBot, bot_names, parse_spec
from isla.clocks import Clock, ClockError, ClockState, TurnBased, Untimed, parse_clock
from isla.core import JSON, Action, BadOption, IllegalAction, Record, State, UnknownGame
from isla.core import game as find_game
from isla.core.replays import Replay, ReplayError, Viewer
from isla.core.said import Said, generic, generic_n
from isla.server import clocking
from isla.server.botpool import BotPool, BotWorkerLost
from isla.server.botwork import BotJob
from isla.server.config import ServerConfig
from isla.server.names import MAX_NAME as MAX_NAME  # noqa: PLC0414 (names.py has the rules; importable here too)
from isla.server.names import account_name_taken, bot_name, name_key, person_name, reads_as_bot
from isla.server.names import clean_name as clean_name  # noqa: PLC0414
from isla.server.privacy import key_matches, new_invite, no_such_table
from isla.server.ranked import seat_results
from isla.server.replaying import Kept, ReplayCache, ViewerRefused, viewer_for
from isla.server.seat_ratings import add_ratings, rated_seats, table_ratings
from isla.server.store import (
    DatabaseUnavailable,
    Finish,
    NotApplied,
    SeqTaken,
    Store,
    StoredAction,
    StoredClocks,
    StoredEvent,
    StoredSeat,
    StoredTable,
)
from isla.server.wallclock import WallClock
from isla.server.words import LogWords, in_language

log = logging.getLogger("isla.server")

# One submission (HTTP or WebSocket) carries at most MAX_ACTIONS actions of MAX_ACTION_TEXT characters.
MAX_ACTIONS = 100
MAX_ACTION_TEXT = 200
SEATINGS = ("random", "fixed")
SEAT_KINDS = ("open", "bot", "human", "me")
LIVE = ("open", "playing")
# A failed bot turn is tried again after RETRY_FIRST seconds, then twice as long each time (at most
# RETRY_LAST).
RETRY_FIRST = 0.5
RETRY_LAST = 30.0


class TableError(Exception):
    """A request the service refuses; nothing has changed. `code` says which kind of refusal.

    Codes: not_found, unauthorized (no player token), forbidden (a token holding no seat here),
    invalid (a bad request: options, seats, names), illegal (an action the rules forbid), stale (a
    sequence number that is not the table's), duplicate (actions already applied), conflict (another
    writer took the sequence number first), not_your_turn, not_started, finished, not_finished (a
    record asked for before the end), seat_taken, unavailable (a table whose log cannot be replayed),
    too_many (a creation past a limit of the server's: the caller holds as many live tables as it
    allows).

    `message` is English, and a `Said` of the `isla` domain (`generic(...)`) wherever the server
    words it, so that each client reads it in its own language (isla.server.language renders it
    where it is answered); its str is the English.
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        # always one line (a Said's English is written on one line)
        self.message = message if isinstance(message, Said) else " ".join(message.split())
        super().__init__(str(self.message))


@dataclass(frozen=True)
class Caller:
    """Who is asking: a player token (API clients, external bots) and/or a signed-in user (browsers).

    A token holds exactly one seat; a user holds every seat they took while signed in.
    """

    token: str | None = None
    user_id: str | None = None
    user_name: str | None = None
    # The client address the request came from (clients.py), which the creation limits count by.
    client: str | None = None
    # A private table's invite secret, as the caller brought it (privacy.py).
    key: str | None = None


@dataclass(frozen=True)
class Speaker:
    """Who is about to speak in a table's chat (chat.py), as the table knows them."""

    name: str | None  # None: nobody to name (not signed in, no seat)
    seat: int | None
    spectator: bool
    allowed: bool  # False: a spectator while spectator chat is closed
    seq: int


@dataclass(frozen=True)
class SeatRequest:
    """One seat of a new table: open for someone to join, a bot (level or kind), or a named person."""

    kind: str
    bot: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class NewTable:
    game: str
    seats: Sequence[SeatRequest]
    options: dict[str, Any] = field(default_factory=dict)
    seating: str = "random"
    ranked: bool = False  # only accounts and bots may sit, and the finished game is rated
    clock: Any = None  # the table's speed, the API's `clock` (isla.clocks.parse_clock); None: no limit
    private: bool = False  # never listed; only holders of its invite link see it (privacy.py)


class TableService(ABC):
    """What the routes may ask of the tables. Every method raises TableError for a refusal."""

    @abstractmethod
    async def open(self) -> None:
        """Get ready to serve at once: rebuild live tables (in the background) and let their bots continue."""

    @abstractmethod
    async def close(self) -> None:
        """Stop the bots; after this the service takes no more requests."""

    @abstractmethod
    async def create(self, request: NewTable, caller: Caller | None = None) -> JSON:
        """Create a table; return it and the player tokens of its `human` seats."""

    @abstractmethod
    async def join(
        self, table_id: str, name: str | None, slot: int | None = None, caller: Caller | None = None
    ) -> JSON:
        """Take an open seat (the first one if `slot` is None); return the player token."""

    @abstractmethod
    async def leave(self, table_id: str, caller: Caller) -> JSON:
        """Give the caller's seat back (open) before the table starts."""

    @abstractmethod
    async def table(self, table_id: str, caller: Caller) -> JSON:
        """The table as the caller may see it: their seat's view and legal actions."""

    @abstractmethod
    async def submit(
        self,
        table_id: str,
        caller: Caller,
        seq: int,
        actions: Sequence[str] = (),
        plan: Mapping[str, Any] | None = None,
    ) -> JSON:
        """Apply the caller's actions (or the game's actions for `plan`) at `seq`, all or nothing."""

    @abstractmethod
    async def tables(self, status: str | None = None) -> list[JSON]:
        """Public summaries of the newest tables."""

    @abstractmethod
    async def log(self, table_id: str, lang: str = "en", caller: Caller | None = None) -> JSON:
        """The public action log and events (as `caller` may see them), the log in words in `lang`;
        the record once over."""

    @abstractmethod
    def words_in(self, table_id: str, entries: Sequence[JSON], lang: str) -> list[JSON]:
        """Log entries of the table in `lang`, each line's structure beside (the hub's pushes)."""

    @abstractmethod
    async def record(self, table_id: str, caller: Caller | None = None) -> JSON:
        """The game record (it holds the seed): only once the game is over or abandoned."""

    @abstractmethod
    async def replay(self, table_id: str, caller: Caller, wanted: str | None = None) -> JSON:
        """The replay's steps and log in words, with the scores as the caller's viewer may see them."""

    @abstractmethod
    async def replay_step(self, table_id: str, caller: Caller, step: int, wanted: str | None = None) -> JSON:
        """One step of the replay as the caller's viewer (`wanted`: isla.server.replaying) may see it."""

    @abstractmethod
    async def speaker(self, table_id: str, caller: Caller) -> Speaker:
        """Who the caller is in the table's chat (a private table unseen is not there)."""

    @abstractmethod
    async def set_spectator_chat(self, table_id: str, caller: Caller, open_: bool) -> JSON:
        """Open or close the table's chat to spectators (its creator only)."""

    @abstractmethod
    def listen(self, listener: Callable[[str], None]) -> None:
        """Call `listener(table_id)` after every change to a table (moves, seats, presence, status)."""

    @abstractmethod
    async def follow(
        self, table_id: str, caller: Caller, log_from: int, present: bool = False
    ) -> tuple[JSON, list[JSON]]:
        """The caller's snapshot and the log entries (in words) from position `log_from` on.

        With `present`, a new connection of the caller now follows the table: if they hold a seat,
        it shows as connected (in this very snapshot) until `detach`.
        """

    @abstractmethod
    async def views(
        self, table_id: str, callers: Sequence[Caller], log_from: int
    ) -> tuple[list[int | TableError], list[JSON], list[JSON]]:
        """For one push to all of a table's followers: which snapshot each caller gets (an index into
        the snapshots, or the TableError refusing it), the snapshots, and the log from `log_from` on.

        A snapshot depends only on its audience - the seat held, and whether it is the creator - so
        each is built once per change however many connections share it (all the spectators, every
        connection of one seat), not once per connection.
        """

    @abstractmethod
    async def detach(self, table_id: str, slot: int | None) -> None:
        """A connection that followed the table (`present`) left: a player's (`slot`) or a spectator's."""

    def watching_elsewhere(self, table_id: str) -> int:  # noqa: ARG002 (several processes: cluster.py)
        """The table's spectators connected to other processes (one process: none)."""
        return 0

    def on_watchers(self, listener: Callable[[str], None]) -> None:  # noqa: B027 (one process: nothing)
        """Call `listener(table_id)` when the table's spectators on other processes change (one
        process: never)."""

    def share_chat(self, room: str, message: str) -> None:  # noqa: B027 (one process: nothing)
        """Tell the other processes of a chat message (its `chat` message's text) said here in `room`
        (one process: nobody to tell)."""

    def on_chat(self, listener: Callable[[str, str], None]) -> None:  # noqa: B027 (one process: nothing)
        """Call `listener(room, message)` for each chat message said on another process (one process:
        never)."""

    @abstractmethod
    async def stand_in(self, table_id: str, caller: Caller, seat: int, level: str | None = None) -> JSON:
        """Hand an absent or idle player's seat to a bot until they reclaim it."""

    @abstractmethod
    async def reclaim(self, table_id: str, caller: Caller, seat: int) -> JSON:
        """The caller takes back their seat (`seat`) from the bot standing in for them."""

    @abstractmethod
    async def abandon(self, table_id: str, caller: Caller) -> JSON:
        """The creator ends a table that has not finished; its log and record are kept."""

    @abstractmethod
    async def again(self, table_id: str, caller: Caller) -> JSON:
        """A player of a finished table plays it again with the same seats: the table already set
        up for that (joined, if the caller has no seat there yet), or a new one."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class LiveTable:
    """One table in memory: its setup, seats, game state (once started), log, log in words, presence."""

    def __init__(
        self,
        stored: StoredTable,
        events: Sequence[StoredEvent] = (),
        wall_ms: Callable[[], int] | None = None,
    ) -> None:
        self.lock = asyncio.Lock()
        self.wall_ms = wall_ms or WallClock().now  # the wall time the clocks read (the service's)
        self.bot_task: asyncio.Task[None] | None = None
        self.present: dict[int, int] = {}  # slot -> open connections following the table
        self.elsewhere: dict[int, int] = {}  # slot -> its connections on other processes (cluster.py)
        self.followers = 0  # open connections following the table, players' and spectators'
        self.gone_since: dict[int, float] = {}  # slot -> when its last connection went (monotonic)
        self.reminders: dict[str, asyncio.TimerHandle] = {}  # pending re-pushes, by what they are for
        self.rated: dict[int, JSON | None] = {}  # slot -> the rating shown beside it (seat_ratings.py)
        self.final: list[JSON] | None = None  # a finished game's standings by seat (seat_ratings.py)
        self.reset(stored, events)

    def reset(self, stored: StoredTable, events: Sequence[StoredEvent] = ()) -> None:
        """(Re)build from the stored table by replaying its log; raise TableError if it cannot."""
        game = find_game(stored.game)
        self.stored = stored
        self.id = stored.id
        self.game = game
        self.seats = sorted(stored.seats, key=lambda s: s.slot)
        self.told = LogWords(stored.id, game, _names_of(self))
        state: State | None = None
        pending = sorted(events, key=lambda e: e.seq)
        if stored.status != "open":
            options = game.stored_options(stored.players, stored.options)  # as the game was played
            state = game.new_state(stored.players, stored.seed, options)
            for index, action in enumerate(stored.actions):
                if action.seq != index:
                    raise TableError("unavailable", generic("table {id}: its log has a gap at seq {index}",
                                                            id=stored.id, index=index))
                while pending and pending[0].seq <= index:
                    self.tell_event(pending.pop(0))
                try:
                    chosen = state.parse_action(action.action)
                except IllegalAction as error:
                    raise TableError(
                        "unavailable", generic("table {id} cannot be rebuilt: log seq {index}: {error}",
                                               id=stored.id, index=index, error=str(error))
                    ) from None
                self.told.action(state, chosen.text, action.seat, index)
                state.apply_unchecked(chosen)
                self.told.after(state)
        for event in pending:
            self.tell_event(event)
        self.state = state
        self.log = list(stored.actions)
        self.clock = clocking.table_clock(stored)  # the table's speed
        self.clocks: ClockState | None = clocking.read_clocks(stored)  # its running clocks (clocking.py)
        now = time.monotonic()
        self.turn_since = now
        for seat in self.seats:
            self.gone_since.setdefault(seat.slot, now)

    @property
    def status(self) -> str:
        return self.stored.status

    @property
    def seq(self) -> int:
        """The next sequence number: how many actions the log holds."""
        return len(self.log)

    def by_seat(self, seat: int) -> StoredSeat:
        return next(s for s in self.seats if s.seat == seat)

    def holder(self, caller: Caller) -> StoredSeat | None:
        """The seat the caller holds here: by player token, else by signed-in user; None: spectator.

        A token that holds no seat here is refused (it was meant for another table, or forged),
        unless it is the table's creator token, which holds no seat but gives the creator's rights;
        a user without a seat here is simply a spectator.
        """
        if caller.token is not None:
            wanted = token_hash(caller.token)
            for seat in self.seats:
                if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, wanted):
                    return seat
            if not self.has_creator_token(caller):
                raise TableError("forbidden", generic("this player token holds no seat at table {id}",
                                                      id=self.id))
        if caller.user_id is not None:
            return next((s for s in self.seats if s.user_id == caller.user_id), None)
        return None

    def player_of(self, seat: StoredSeat) -> str | None:
        """The bot spec that moves for `seat`: its own bot, or the one standing in for its player."""
        if seat.kind == "bot":
            return seat.bot
        return seat.stand_in if seat.kind == "human" else None

    def bot_to_move(self) -> StoredSeat | None:
        if self.state is None or self.status != "playing" or self.state.to_move is None:
            return None
        seat = self.by_seat(self.state.to_move)
        return seat if self.player_of(seat) is not None else None

    def seat_names(self) -> list[str]:
        """Names by seat: people's own, bots' by level, numbered when a table has several alike
        (a bot's name is a message, told in each reader's language: see bot_name)."""
        ordered = sorted(self.seats, key=lambda s: s.seat if s.seat is not None else s.slot)
        alike: dict[str | None, int] = {}
        for s in ordered:
            if s.kind == "bot":
                alike[s.bot] = alike.get(s.bot, 0) + 1
        names, counted = [], dict.fromkeys(alike, 0)
        for s in ordered:
            if s.kind == "human" and s.name:
                names.append(s.name)
                continue
            counted[s.bot] = counted.get(s.bot, 0) + 1
            names.append(bot_name(s.bot or "bot", counted[s.bot] if alike.get(s.bot, 0) > 1 else None))
        return names

    def record(self, actions: list[str]) -> Record:
        s = self.stored
        names = self.seat_names()
        return Record(s.game, s.players, s.seed, dict(s.options), actions, names, s.engine_version)

    def has_creator_token(self, caller: Caller) -> bool:
        """Whether the caller's bearer token is the one recorded as the creator's."""
        recorded = self.stored.creator_token_hash
        if caller.token is None or recorded is None:
            return False
        return secrets.compare_digest(recorded, token_hash(caller.token))

    def is_creator(self, holder: StoredSeat | None, caller: Caller) -> bool:
        """The creator: the caller who made the table, whatever slot anyone sits in.

        That is the signed-in user who made it, or (made without signing in) the holder of the
        creator token recorded with it. Tables made before creators were recorded (neither set)
        keep the old rule: the holder of the first `human` seat listed.
        """
        creator = self.stored.creator_id
        if creator is not None:
            return caller.user_id == creator
        if self.stored.creator_token_hash is not None:
            return self.has_creator_token(caller)
        first = next((s for s in self.seats if s.kind == "human"), None)
        return holder is not None and first is not None and holder.slot == first.slot

    def may_see(self, caller: Caller) -> bool:
        """Public tables: anyone; a private one: its seats, its creator and holders of its invite
        secret (privacy.py)."""
        if not self.stored.private or key_matches(self.stored, caller.key):
            return True
        try:
            holder = self.holder(caller)
        except TableError:  # a token of another table: no more than a stranger
            return False
        return holder is not None or self.is_creator(holder, caller)

    # --- the log in words -----------------------------------------------------------------

    @property
    def words(self) -> list[JSON]:
        return self.told.entries

    def tell(self, seq: int, seat: int | None, kind: str, detail: str) -> None:
        """Tell an event (in the log in words, as a rebuilt table will)."""
        self.told.event(seq, seat, kind, detail)

    def tell_event(self, event: StoredEvent) -> None:
        self.tell(event.seq, event.seat, event.kind, event.words())

    # --- presence -------------------------------------------------------------------------

    def connected(self, seat: StoredSeat) -> bool:
        return seat.kind == "bot" or self.present.get(seat.slot, 0) + self.elsewhere.get(seat.slot, 0) > 0

    def away_seconds(self, seat: StoredSeat, now: float) -> float | None:
        if seat.kind != "human" or self.connected(seat):
            return None
        return now - self.gone_since.get(seat.slot, now)

    def idle_seconds(self, seat: StoredSeat, now: float) -> float | None:
        if self.state is None or self.status != "playing" or self.state.to_move != seat.seat:
            return None
        return now - self.turn_since

    # --- what callers see -----------------------------------------------------------------

    def summary(self) -> JSON:
        """Public facts about the table (what the lobby shows)."""
        started = self.status != "open"
        ordered = sorted(self.seats, key=lambda s: (s.seat if started and s.seat is not None else s.slot))
        s = self.stored
        now = time.monotonic()
        return {
            "id": self.id,
            "game": s.game,
            "status": s.status,
            "players": s.players,
            "seating": s.seating,
            "options": dict(s.options),
            "engine_version": s.engine_version,
            "seq": self.seq,
            "to_move": self.state.to_move if self.state is not None and self.status == "playing" else None,
            "seats": [self._seat_json(seat, now) for seat in ordered],
            "result": s.result if s.status == "finished" else None,
            "creator": s.creator_id,
            "again": s.again_id,
            "ranked": s.ranked,
            "clock": self.clock.to_json(),
            "clocks": clocking.clocks_json(self.clocks, self.wall_ms()),
            "private": s.private,
            "spectator_chat": s.spectator_chat,
        }

    def _seat_json(self, seat: StoredSeat, now: float) -> JSON:
        data = _seat_json(seat)
        away, idle = self.away_seconds(seat, now), self.idle_seconds(seat, now)
        data["connected"] = self.connected(seat)
        data["away_seconds"] = None if away is None else round(away, 1)
        data["idle_seconds"] = None if idle is None else round(idle, 1)
        data["rating"] = self.rated.get(seat.slot)
        return data

    def snapshot(self, holder: StoredSeat | None, caller: Caller, config: ServerConfig) -> JSON:
        """The summary plus the caller's view of the game and, on their turn, their legal actions."""
        data = self.summary()
        seat = holder.seat if holder is not None else None
        creator = self.is_creator(holder, caller)
        data["you"] = (
            None
            if holder is None
            else {"slot": holder.slot, "seat": seat, "name": holder.name, "creator": creator}
        )
        data["view"] = self.state.view(seat) if self.state is not None else None
        legal: list[str] = []
        playing = self.status == "playing" and self.state is not None
        if playing and seat is not None and self.state is not None and self.state.to_move == seat:
            if holder is not None and holder.stand_in is None:
                legal = [a.text for a in self.state.legal_actions()]
        data["legal"] = legal
        data["standings"] = self.final
        data["invite"] = self.stored.invite if creator else None  # a private table's secret: its creator's
        data["can"] = {
            "stand_in": self.stand_in_candidates(holder, config) if playing else [],
            "reclaim": playing and holder is not None and holder.stand_in is not None,
            "abandon": creator and self.status in LIVE,
        }
        return data

    def stand_in_candidates(self, holder: StoredSeat | None, config: ServerConfig) -> list[int]:
        """The seats the holder may hand to a bot now: other people gone or idle long enough."""
        if holder is None or holder.kind != "human" or holder.stand_in is not None:
            return []
        if isinstance(self.clock, TurnBased):  # its players come and go: the deadline decides
            return []
        now = time.monotonic()
        seats = []
        for seat in self.seats:
            if seat.slot == holder.slot or seat.kind != "human" or seat.stand_in is not None:
                continue
            away, idle = self.away_seconds(seat, now), self.idle_seconds(seat, now)
            if (away is not None and away >= config.away_seconds) or (
                idle is not None and idle >= config.idle_seconds
            ):
                assert seat.seat is not None
                seats.append(seat.seat)
        return sorted(seats)


def _names_of(live: LiveTable) -> Callable[[], list[str]]:
    """The seats' names, as the table's log in words asks for them, without holding the table: a
    table let go from memory must be freed by reference counting alone, not wait in a cycle for a
    full garbage collection (test_released_table_is_freed.py)."""
    table = weakref.ref(live)

    def names() -> list[str]:
        held = table()
        return [] if held is None else held.seat_names()

    return names


def _seat_json(seat: StoredSeat) -> JSON:
    return {
        "slot": seat.slot, "seat": seat.seat, "kind": seat.kind, "name": seat.name, "bot": seat.bot,
        "stand_in": seat.stand_in, "user": seat.user_id,
    }


class LocalTableService(TableService):
    """Tables of one server process, persisted in the store."""

    def __init__(self, store: Store, config: ServerConfig) -> None:
        self.store = store
        self.config = config
        self.bots = BotPool(config.workers())
        self._live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task[LiveTable]] = {}  # tables being read back, by id
        self._broken: dict[str, TableError] = {}  # tables whose log this engine cannot replay
        self._rebuilding: asyncio.Task[None] | None = None
        self._creating = asyncio.Lock()
        self._closing = False
        self._listeners: list[Callable[[str], None]] = []
        self._replays = ReplayCache()
        self._turn_listeners: list[Callable[[str, str, str], None]] = []  # issue 16: see on_turn
        self.clocks = clocking.TableClocks(config.wall_clock)  # timers, wall time, turn listeners

    # --- lifecycle ------------------------------------------------------------------------

    async def open(self) -> None:
        """Serve at once: replaying hundreds of logs takes minutes, so it happens in the background."""
        self._rebuilding = asyncio.get_running_loop().create_task(self._rebuild_all(), name="rebuild tables")

    async def rebuilt(self) -> None:
        """Wait until the live tables rebuilt in the background (by `open`) are all in memory."""
        if self._rebuilding is not None:
            await asyncio.shield(self._rebuilding)

    async def _rebuild_all(self) -> None:
        """Rebuild every live table, one at a time, letting requests in between (a table a request
        asked for first is in memory already). A database that does not answer is asked again after
        a growing pause; a table whose log cannot be replayed is skipped (`_load` logs it)."""
        failures = 0
        while True:
            try:
                pending = await self.store.live_ids()
                break
            except DatabaseUnavailable:
                failures += 1
                await asyncio.sleep(min(RETRY_LAST, RETRY_FIRST * 2 ** (failures - 1)))
        while pending and not self._closing:
            try:
                await self._get(pending[0])
            except DatabaseUnavailable:
                failures += 1
                await asyncio.sleep(min(RETRY_LAST, RETRY_FIRST * 2 ** (failures - 1)))
                continue
            except TableError:
                pass
            except Exception:
                log.exception("isla: table %s could not be rebuilt", pending[0])
            failures = 0
            pending.pop(0)
            await asyncio.sleep(0)  # let waiting requests in before the next replay

    async def close(self) -> None:
        self._closing = True
        loads: list[asyncio.Task[Any]] = [*self._loading.values()]
        if self._rebuilding is not None:
            loads.append(self._rebuilding)
        for load in loads:
            load.cancel()
        for load in loads:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await load
        for live in list(self._live.values()):
            for reminder in live.reminders.values():
                reminder.cancel()
            task = live.bot_task
            if task is None or task.done():
                continue
            # Holding the lock, the bot cannot be inside a commit: it is waiting, sleeping or
            # thinking, and cancelling it there leaves no transaction half done.
            async with live.lock:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        owned = [live for live in self._live.values() if self.owns(live.id)]
        await self.clocks.close(self, owned)  # stored stopped: paused while down
        await self.bots.close()

    def listen(self, listener: Callable[[str], None]) -> None:
        self._listeners.append(listener)

    def turn_based(self, table_id: str) -> bool:
        """Whether the table (in memory: it just moved) is played at a turn-based speed."""
        live = self._live.get(table_id)
        return live is not None and live.clocks is not None and isinstance(live.clocks.clock, TurnBased)

    def on_turn(self, listener: Callable[[str, str, str], None]) -> None:
        """Call `listener(table_id, account_id, game_title)` when a seat held by a signed-in player
        (no bot standing in) gets the next decision: after a move, or as the table starts (issue 16:
        turn notices)."""
        self._turn_listeners.append(listener)

    def _turn_started(self, live: LiveTable, mover: int) -> None:
        if not self._turn_listeners or live.state is None or live.status != "playing":
            return
        to_move = live.state.to_move
        if to_move is None or to_move == mover:
            return
        seat = live.by_seat(to_move)
        if seat.kind != "human" or seat.user_id is None or seat.stand_in is not None:
            return
        for listener in self._turn_listeners:
            try:
                listener(live.id, seat.user_id, live.game.title)
            except Exception:  # a notice must never undo or block a move already made
                log.exception("isla: table %s: a turn listener failed", live.id)

    def _changed(self, live: LiveTable) -> None:
        for listener in self._listeners:
            try:
                listener(live.id)
            except Exception:  # a listener's bug must not undo or block a change already made
                log.exception("isla: table %s: a change listener failed", live.id)

    # --- the interface --------------------------------------------------------------------

    async def create(self, request: NewTable, caller: Caller | None = None) -> JSON:
        return await self._create(request, caller or Caller())

    async def _create(self, request: NewTable, caller: Caller, own_bots: Collection[str] = ()) -> JSON:
        """Create a table; bot seats may name the bots the game offers and `own_bots` (those of the
        table played again)."""
        try:
            game = find_game(request.game)
        except UnknownGame as error:
            raise TableError("invalid", str(error)) from None
        players = len(request.seats)
        try:
            options = game.resolve_options(players, request.options)
        except BadOption as error:
            raise TableError("invalid", str(error)) from None
        if request.seating not in SEATINGS:
            allowed = ", ".join(SEATINGS)
            raise TableError("invalid", generic("seating must be one of {allowed}, not '{seating}'",
                                                allowed=allowed, seating=request.seating))
        if sum(1 for wanted in request.seats if wanted.kind == "me") > 1:
            raise TableError("invalid", generic("only one seat can be yours ('me')"))
        clock = _clock(request.clock, game.name)
        seats: list[StoredSeat] = []
        tokens: list[JSON] = []
        for slot, wanted in enumerate(request.seats):
            seat = _new_seat(slot, wanted, caller, game.name, own_bots)
            if seat.kind == "human":
                token = secrets.token_urlsafe(24)
                seat.token_hash = token_hash(token)
                tokens.append({"slot": slot, "name": seat.name, "token": token})
            seats.append(seat)
        await self._check_people(seats, caller)
        if request.ranked:
            await self._check_ranked(seats, caller)
        # The creator: a signed-in caller by id; else the first `human` seat's token (an API
        # client's own seat, as before), else a token of its own that holds no seat.
        creator_token: str | None = None
        creator_hash: str | None = None
        if caller.user_id is None:
            first_person = next((s for s in seats if s.kind == "human"), None)
            if first_person is not None:
                creator_hash = first_person.token_hash
            else:
                creator_token = secrets.token_urlsafe(24)
                creator_hash = token_hash(creator_token)
        stored = StoredTable(
            id=secrets.token_hex(6),
            game=game.name,
            players=players,
            options=options,
            seed=secrets.randbelow(2**53),  # hidden until the game is over: it fixes every draw
            engine_version=game.version,
            seating=request.seating,
            status="open",
            creator_id=caller.user_id,
            creator_client=caller.client,
            creator_token_hash=creator_hash,
            ranked=request.ranked,
            clock=None if isinstance(clock, Untimed) else clock.to_json(),
            private=request.private,
            invite=new_invite() if request.private else None,
        )
        full = all(seat.kind != "open" for seat in seats)
        if full:
            for slot, seat_number in self._seating(stored.seating, players).items():
                seats[slot].seat = seat_number
            stored.status = "playing"
        stored.seats = seats
        first_clocks = self._first_clocks(stored, seats) if full else None
        if first_clocks is not None:
            stored.clock_state, stored.clock_deadline = first_clocks.to_json(), first_clocks.deadline()
        async with self._creating:  # one count-then-insert at a time: two creates cannot both pass
            await self._within_limits(caller, bots_only=all(seat.kind == "bot" for seat in seats))
            await self.store.insert_table(stored)
        live = LiveTable(stored, wall_ms=self.clocks.now)
        self._live[live.id] = live
        async with live.lock:
            await self._rate_seats(live)
            self.clocks.apply(self, live, live.clocks, began=True)
            self._kick(live)
            mine = next((s for s in live.seats if caller.user_id and s.user_id == caller.user_id), None)
            first = mine or next((s for s in live.seats if s.kind == "human"), None)
            shown = next((t["token"] for t in tokens if first is not None and t["slot"] == first.slot), None)
            you = Caller(token=None if mine is not None else shown or creator_token, user_id=caller.user_id)
            table = live.snapshot(first, you, self.config)
            answer = {"table": table, "tokens": tokens, "creator_token": creator_token}
        self._changed(live)
        return answer

    async def join(
        self, table_id: str, name: str | None, slot: int | None = None, caller: Caller | None = None
    ) -> JSON:
        caller = caller or Caller()
        if name is None:
            if caller.user_name is None:
                raise TableError("invalid", generic("joining needs a name (or sign in first)"))
            name = caller.user_name
        name = await self._own_name(name, caller)
        live = await self._get_seen(table_id, caller)
        if live.stored.ranked:
            await self._ranked_account(caller, generic("table {table_id} is ranked", table_id=table_id))
        async with live.lock:
            if live.status != "open":
                raise TableError("seat_taken", generic("table {table_id} has already started: no seat is "
                                                       "open", table_id=table_id))
            if caller.user_id is not None and any(s.user_id == caller.user_id for s in live.seats):
                raise TableError("seat_taken", generic("you already have a seat at table {table_id}",
                                                       table_id=table_id))
            key = name_key(name)
            if any(s.kind == "human" and s.name is not None and name_key(s.name) == key for s in live.seats):
                message = generic("someone at table {table_id} is already called '{name}'; choose another "
                                  "name", table_id=table_id, name=name)
                raise TableError("name_taken", message)
            if slot is None:
                # A seat kept for this name first, then one kept for nobody, then any open one.
                open_seats = [s for s in live.seats if s.kind == "open"]
                chosen = min(open_seats, key=lambda s: (s.name is None or name_key(s.name) != key,
                                                        s.name is not None, s.slot))
            else:
                if not 0 <= slot < len(live.seats):
                    raise TableError(
                        "invalid", generic("table {table_id} has slots 0 to {last}, not {slot}",
                                           table_id=table_id, last=len(live.seats) - 1, slot=slot)
                    )
                chosen = live.seats[slot]
                if chosen.kind != "open":
                    raise TableError("seat_taken", generic("slot {slot} of table {table_id} is not open",
                                                           slot=slot, table_id=table_id))
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            last = sum(1 for s in live.seats if s.kind == "open") == 1
            start = self._seating(live.stored.seating, live.stored.players) if last else None
            first_clocks = None
            if start is not None:
                placed = [replace(s, seat=start[s.slot]) for s in live.seats]
                placed[chosen.slot] = replace(placed[chosen.slot], kind="human")
                first_clocks = self._first_clocks(live.stored, placed)
            try:
                await self.store.join(table_id, chosen.slot, name, hashed, start, user_id=caller.user_id,
                                      clocks=clocking.stored(first_clocks))
            except NotApplied:
                await self._reload(live)
                message = generic("slot {slot} of table {table_id} was just taken", slot=chosen.slot,
                                  table_id=table_id)
                raise TableError("seat_taken", message) from None
            chosen.kind, chosen.name, chosen.token_hash = "human", name, hashed
            chosen.user_id = caller.user_id
            if start is not None:
                for seat in live.seats:
                    seat.seat = start[seat.slot]
                live.stored.status = "playing"
                stored_options = live.game.stored_options(live.stored.players, live.stored.options)
                live.state = live.game.new_state(live.stored.players, live.stored.seed, stored_options)
                live.turn_since = time.monotonic()
                self.clocks.apply(self, live, first_clocks, began=True)
                self._kick(live)
                self._turn_started(live, -1)  # issue 16: the first decision is a turn too
            await self._rate_seats(live)
            snapshot = live.snapshot(chosen, caller, self.config)
            answer = {"token": token, "slot": chosen.slot, "table": snapshot}
        self._changed(live)
        return answer

    async def leave(self, table_id: str, caller: Caller) -> JSON:
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            if holder is None:
                raise TableError("forbidden", generic("you have no seat at table {table_id}",
                                                      table_id=table_id))
            if live.status != "open":
                raise TableError(
                    "conflict", generic("table {table_id} has started: a seat can only be left before the "
                                        "start", table_id=table_id)
                )
            if live.is_creator(holder, caller):
                raise TableError("conflict", generic("you created this table: abandon it instead of leaving "
                                                     "it"))
            try:
                await self.store.leave(table_id, holder.slot)
            except NotApplied:
                await self._reload(live)
                raise TableError("conflict", generic("table {table_id} has just started",
                                                     table_id=table_id)) from None
            holder.kind, holder.name, holder.token_hash, holder.user_id = "open", None, None, None
            answer = live.snapshot(None, Caller(), self.config)
        self._changed(live)
        return answer

    async def table(self, table_id: str, caller: Caller) -> JSON:
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            self._kick(live)  # a safety net: a bot to move always has a task (see `_bots`)
            return live.snapshot(holder, caller, self.config)

    async def follow(
        self, table_id: str, caller: Caller, log_from: int, present: bool = False
    ) -> tuple[JSON, list[JSON]]:
        while True:
            live = await self._get_seen(table_id, caller)
            async with live.lock:
                if present and self._live.setdefault(table_id, live) is not live:
                    continue  # released and read back meanwhile: follow the one in memory
                holder = live.holder(caller)
                if present:
                    live.followers += 1
                arrived = present and holder is not None
                if arrived and holder is not None:
                    live.present[holder.slot] = live.present.get(holder.slot, 0) + 1
                    live.gone_since.pop(holder.slot, None)
                if present:
                    self._here(live, None if holder is None else holder.slot)
                self._kick(live)
                answer = live.snapshot(holder, caller, self.config), live.words[max(0, log_from):]
            break
        if arrived:
            self._changed(live)
        return answer

    async def views(
        self, table_id: str, callers: Sequence[Caller], log_from: int
    ) -> tuple[list[int | TableError], list[JSON], list[JSON]]:
        live = await self._get(table_id)
        which: list[int | TableError] = []
        snapshots: list[JSON] = []
        audiences: dict[tuple[int | None, bool], int] = {}
        async with live.lock:
            self._kick(live)
            for caller in callers:
                try:
                    if not live.may_see(caller):
                        raise TableError("not_found", no_such_table(table_id))
                    holder = live.holder(caller)
                except TableError as error:
                    which.append(error)
                    continue
                audience = (None if holder is None else holder.slot, live.is_creator(holder, caller))
                if audience not in audiences:
                    audiences[audience] = len(snapshots)
                    snapshots.append(live.snapshot(holder, caller, self.config))
                which.append(audiences[audience])
            return which, snapshots, live.words[max(0, log_from):]

    async def detach(self, table_id: str, slot: int | None) -> None:
        live = self._live.get(table_id)
        if live is None:
            return  # released from memory: nobody was following it
        live.followers = max(0, live.followers - 1)
        self._release_later(live)
        if slot is None:
            self._here(live, None)
            return
        left = live.present.get(slot, 0) - 1
        if left > 0:
            live.present[slot] = left
            self._here(live, slot)
            return
        live.present.pop(slot, None)
        self._here(live, slot)
        self._gone(live, slot)

    def _here(self, live: LiveTable, slot: int | None) -> None:
        """This process's connections following the table changed: the seat's (`slot`), or its
        spectators' (None). One process tells nobody; several tell each other (cluster.py)."""

    def _gone(self, live: LiveTable, slot: int) -> None:
        """The seat's last connection (here or elsewhere) went: the others may hand it over soon."""
        seat = next((s for s in live.seats if s.slot == slot), None)
        if seat is not None and live.connected(seat):
            return
        live.gone_since[slot] = time.monotonic()
        self._changed(live)
        self._remind(live, f"away:{slot}", self.config.away_seconds)  # the others may then hand it over

    async def submit(
        self,
        table_id: str,
        caller: Caller,
        seq: int,
        actions: Sequence[str] = (),
        plan: Mapping[str, Any] | None = None,
    ) -> JSON:
        live = await self._get_seen(table_id, caller)
        if caller.token is None and caller.user_id is None:
            raise TableError(
                "unauthorized",
                generic("sending actions needs a seat: sign in, or send your player token (header "
                        "'Authorization: Bearer TOKEN')"),
            )
        if not actions and plan is None:
            raise TableError("invalid", generic("send at least one action (or a plan)"))
        if actions and plan is not None:
            raise TableError("invalid", generic("send either actions or a plan, not both"))
        async with live.lock:
            holder = live.holder(caller)
            if holder is None:
                raise TableError("forbidden", generic("you have no seat at table {table_id}",
                                                      table_id=table_id))
            if live.status == "open":
                raise TableError("not_started", generic("table {table_id} has not started: seats are still "
                                                        "open", table_id=table_id))
            if live.status == "abandoned":
                raise TableError("finished", generic("table {table_id} was abandoned", table_id=table_id))
            if live.status != "playing" or live.state is None or live.state.to_move is None:
                raise TableError("finished", generic("the game at table {table_id} is over",
                                                     table_id=table_id))
            if seq != live.seq:
                raise self._seq_error(live, holder, seq, actions)
            to_move = live.state.to_move
            if holder.seat != to_move:
                message = generic("it is seat {to_move}'s turn, not yours (seat {seat})", to_move=to_move,
                                  seat=str(holder.seat))
                raise TableError("not_your_turn", message)
            if holder.stand_in is not None:
                message = generic("a {level} bot is playing for you: take your seat back first",
                                  level=holder.stand_in)
                raise TableError("not_your_turn", message)
            texts = list(actions)
            if plan is not None:
                try:
                    texts = list(live.game.actions_for(live.state, plan))
                except IllegalAction as error:
                    raise TableError("illegal", str(error)) from None
                if not texts:
                    raise TableError("illegal", generic("that plan needs no action: nothing to send"))
            await self._commit(live, to_move, texts, "player")
            return live.snapshot(holder, caller, self.config)

    async def stand_in(self, table_id: str, caller: Caller, seat: int, level: str | None = None) -> JSON:
        live = await self._get_seen(table_id, caller)
        own = [seat.bot for seat in live.seats if seat.bot is not None]
        level = offered_bot(level or self.config.stand_in_level, live.game.name, own)
        async with live.lock:
            holder = live.holder(caller)
            if live.status != "playing":
                raise TableError("finished" if live.status != "open" else "not_started",
                                 generic("table {table_id} is not being played", table_id=table_id))
            if holder is None or holder.kind != "human":
                raise TableError("forbidden", generic("only a player at table {table_id} can hand a seat to "
                                                      "a bot", table_id=table_id))
            target = next((s for s in live.seats if s.seat == seat), None)
            if target is None:
                last = len(live.seats) - 1
                raise TableError("invalid", generic("table {table_id} has seats 0 to {last}, not {seat}",
                                                    table_id=table_id, last=last, seat=seat))
            if seat not in live.stand_in_candidates(holder, self.config):
                if target.slot == holder.slot:
                    reason = generic("you cannot hand your own seat to a bot this way")
                elif target.kind != "human" or target.stand_in is not None:
                    reason = generic("seat {seat} is already played by a bot", seat=seat)
                elif isinstance(live.clock, TurnBased):
                    reason = generic("at a turn-based table a seat goes to a bot only when its time runs out")
                else:
                    reason = generic("seat {seat}'s player is here: a seat can be handed to a bot after its "
                                     "player has been gone {away} s or has not moved for {idle} s",
                                     seat=seat, away=format(self.config.away_seconds, "g"),
                                     idle=format(self.config.idle_seconds, "g"))
                raise TableError("conflict", reason)
            detail = generic("{name} let a bot ({level}) play for {other} (seat {seat}).",
                             name=holder.name or "", level=level, other=target.name or "", seat=seat)
            clocks = live.clocks and clocking.handed_over(live.clocks, seat, self.clocks.now())
            await self.store.set_stand_in(
                table_id, target.slot, level, seq=live.seq, seat=seat, kind="stand_in", detail=detail,
                clocks=clocking.stored(clocks),
            )
            target.stand_in = level
            if clocks is not None:
                self.clocks.apply(self, live, clocks)
            live.tell(live.seq, seat, "stand_in", detail)
            self._kick(live)
            answer = live.snapshot(holder, caller, self.config)
        self._changed(live)
        return answer

    async def reclaim(self, table_id: str, caller: Caller, seat: int) -> JSON:
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            if holder is None or holder.seat != seat:
                raise TableError("forbidden", generic("seat {seat} of table {table_id} is not yours",
                                                      seat=seat, table_id=table_id))
            if holder.stand_in is None:
                raise TableError("conflict", generic("no bot is playing for you at this table"))
            if live.status != "playing":
                raise TableError("finished", generic("table {table_id} is not being played",
                                                     table_id=table_id))
            detail = generic("{name} took their seat back from the bot ({level}).",
                             name=holder.name or "", level=holder.stand_in)
            clocks = None
            if live.clocks is not None and live.state is not None:
                back = [replace(s, stand_in=None) if s.slot == holder.slot else s for s in live.seats]
                clocks = clocking.taken_back(live.clocks, seat, live.state.to_move, back, self.clocks.now())
            await self.store.set_stand_in(
                table_id, holder.slot, None, seq=live.seq, seat=holder.seat, kind="reclaim", detail=detail,
                clocks=clocking.stored(clocks),
            )
            holder.stand_in = None
            if clocks is not None:
                self.clocks.apply(self, live, clocks)
            live.turn_since = time.monotonic()
            live.tell(live.seq, holder.seat, "reclaim", detail)
            answer = live.snapshot(holder, caller, self.config)
        self._changed(live)
        return answer

    async def abandon(self, table_id: str, caller: Caller) -> JSON:
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            if not live.is_creator(holder, caller):
                raise TableError("forbidden", generic("only the creator of table {table_id} can abandon it",
                                                      table_id=table_id))
            if live.status not in LIVE:
                raise TableError("finished", generic("table {table_id} is already over ({status})",
                                                     table_id=table_id, status=live.status))
            who = holder.name if holder is not None and holder.name else caller.user_name
            detail = (generic("{name} abandoned the table.", name=who) if who
                      else generic("The creator abandoned the table."))
            record = live.record([a.action for a in live.log]).to_json() if live.state is not None else None
            try:
                await self.store.abandon(table_id, record, live.seq, detail)
            except NotApplied:
                await self._reload(live)
                raise TableError("finished", generic("table {table_id} is already over",
                                                     table_id=table_id)) from None
            live.stored.status = "abandoned"
            live.stored.record = record
            live.tell(live.seq, None, "abandon", detail)
            self.clocks.arm(self, live)  # no clock runs at an abandoned table
            answer = live.snapshot(holder, caller, self.config)
            self._release_later(live)
        self._changed(live)
        return answer

    async def again(self, table_id: str, caller: Caller) -> JSON:
        live = await self._get_seen(table_id, caller)
        async with live.lock:  # held throughout: two players clicking at once make one new table
            holder = live.holder(caller)
            if holder is None or holder.kind != "human":
                raise TableError("forbidden", generic("only a player of table {table_id} can play it again",
                                                      table_id=table_id))
            if live.status != "finished":
                raise TableError("conflict", generic("the game at table {table_id} is not over: finish it "
                                                     "first", table_id=table_id))
            name = holder.name or caller.user_name or "player"
            if live.stored.again_id is not None:
                answer = await self._join_again(live.stored.again_id, holder.slot, name, caller)
                if answer is not None:
                    return answer
            seats = []
            for seat in sorted(live.seats, key=lambda s: s.slot):
                if seat.slot == holder.slot:
                    signed_in = caller.user_id is not None and caller.user_name is not None
                    seats.append(SeatRequest("me") if signed_in else SeatRequest("human", name=name))
                elif seat.kind == "bot":
                    seats.append(SeatRequest("bot", bot=seat.bot))
                else:  # kept for its player, unless an old table let a person go by a bot's name
                    kept = seat.name if seat.name is not None and not reads_as_bot(seat.name) else None
                    seats.append(SeatRequest("open", name=kept))
            s = live.stored
            own = [seat.bot for seat in live.seats if seat.bot is not None]
            again = NewTable(s.game, seats, dict(s.options), s.seating, ranked=s.ranked, clock=s.clock,
                             private=s.private)
            answer = await self._create(again, caller, own)
            again_id = answer["table"]["id"]
            await self.store.set_again(live.id, again_id)
            live.stored.again_id = again_id
        self._changed(live)
        return answer

    async def _own_name(self, name: str, caller: Caller) -> str:
        """`name` as the caller's own: a person's name, and not another person's account name."""
        name = person_name(name)
        account = await self.store.user_by_name_key(name_key(name))
        if account is not None and account.id != caller.user_id:
            raise account_name_taken(name)
        return name

    async def _check_people(self, seats: Sequence[StoredSeat], caller: Caller) -> None:
        """The people of a new table: each goes by a name of their own, and no two by the same one."""
        seen: set[str] = set()
        for seat in seats:
            if seat.kind != "human" or seat.name is None:
                continue
            await self._own_name(seat.name, caller)
            key = name_key(seat.name)
            if key in seen:
                raise TableError(
                    "name_taken",
                    generic("two seats are named '{name}': people at one table need different names",
                            name=seat.name),
                )
            seen.add(key)

    async def _ranked_account(self, caller: Caller, why: str) -> None:
        """Refuse (forbidden) a caller who is not signed in with an account: a ranked seat is an account's."""
        user = None if caller.user_id is None else await self.store.user(caller.user_id)
        if user is None or user.guest:
            raise TableError("forbidden", generic("{why}: only accounts and bots sit at a ranked table; "
                                                  "register or sign in with an account, or choose an "
                                                  "unranked table", why=why))

    async def _check_ranked(self, seats: Sequence[StoredSeat], caller: Caller) -> None:
        """A ranked table's seats: accounts ('me', or open for an account to join), each once, and bots
        (a bot may sit twice: its pairs against itself are not rated, docs/ratings.md)."""
        for seat in seats:
            if seat.kind == "human" and seat.user_id is None:
                raise TableError("invalid", generic("seat {slot}: a ranked table has no 'human' seats (a "
                                                    "name with a player token is nobody's account): seat "
                                                    "'me', a bot, or leave it open for an account to join",
                                                    slot=seat.slot))
        if any(seat.user_id is not None for seat in seats):
            await self._ranked_account(caller, generic("this table is ranked"))

    async def _join_again(self, table_id: str, slot: int, name: str, caller: Caller) -> JSON | None:
        """The table set up again, as `create` answers, for the caller: their seat there, or a seat
        taken now (their old slot if still open). None if it has started or ended without them."""
        try:
            target = await self._get(table_id)
        except TableError:
            return None
        # A seat at the old table is the invitation to a private new one.
        key = target.stored.invite
        caller = dataclasses.replace(caller, key=key)
        if caller.user_id is not None and any(s.user_id == caller.user_id for s in target.seats):
            mine_now = await self.table(table_id, Caller(user_id=caller.user_id, key=key))
            return {"table": mine_now, "tokens": []}
        # A player token holds a seat at one table only: a person who came with the old table's
        # token and already sits at the new one (same slot, same name) gets it without a token.
        mine = next((s for s in target.seats if s.slot == slot and s.kind == "human"), None)
        if caller.user_id is None and mine is not None and mine.name == name:
            return {"table": await self.table(table_id, Caller(key=key)), "tokens": []}
        if target.status != "open":
            return None
        kept = next((s for s in target.seats if s.slot == slot and s.kind == "open"), None)
        try:
            joined = await self.join(table_id, name, kept.slot if kept is not None else None, caller)
        except TableError as error:
            if error.code == "seat_taken":  # the last seat went to someone else just now
                return None
            raise
        token = {"slot": joined["slot"], "name": name, "token": joined["token"]}
        return {"table": joined["table"], "tokens": [token]}

    async def tables(self, status: str | None = None) -> list[JSON]:
        summaries = []
        listed = await self.store.summaries(status)
        resting = [stored for stored in listed if stored.id not in self._live]
        rated = await rated_seats(self.store, resting) if resting else {}
        for stored in listed:
            live = self._live.get(stored.id)
            if live is not None:
                summaries.append(live.summary())
            else:
                summaries.append(add_ratings(_summary(stored), rated[stored.id]))
        return summaries

    async def _rate_seats(self, live: LiveTable) -> None:
        """Read the seats' ratings (and a finished game's standings) to show beside the table; a
        database that does not answer leaves the ones read before (they are only shown)."""
        with contextlib.suppress(DatabaseUnavailable):
            live.rated, live.final = await table_ratings(self.store, live.stored)

    async def log(self, table_id: str, lang: str = "en", caller: Caller | None = None) -> JSON:
        caller = caller or Caller()
        live = await self._get_seen(table_id, caller)
        events = await self.store.events(table_id)
        async with live.lock:
            over = live.status in ("finished", "abandoned")
            return {
                "id": live.id,
                "seq": live.seq,
                "actions": [
                    {"seq": a.seq, "seat": a.seat, "action": a.action, "source": a.source} for a in live.log
                ],
                "events": [
                    {"seq": e.seq, "seat": e.seat, "kind": e.kind, "detail": e.detail, "data": e.data}
                    for e in events
                ],
                "words": in_language(live.words, live.told.teller, lang),
                # The record holds the seed, which fixes every future draw: only for a game that is over.
                "record": live.stored.record if over else None,
            }

    async def record(self, table_id: str, caller: Caller | None = None) -> JSON:
        caller = caller or Caller()
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            if live.status not in ("finished", "abandoned"):
                raise TableError("not_finished", generic("the game at table {table_id} is not over: its "
                                                         "record (which holds the seed) can be downloaded "
                                                         "once it has ended", table_id=table_id))
            if live.stored.record is None:
                raise TableError("not_started",
                                 generic("table {table_id} was abandoned before it started: it has no record",
                                         table_id=table_id))
            return dict(live.stored.record)

    async def replay(self, table_id: str, caller: Caller, wanted: str | None = None) -> JSON:
        live, kept, viewer = await self._replay(table_id, caller, wanted)
        replay = kept.replay
        steps = await asyncio.to_thread(kept.steps, viewer)
        series = await asyncio.to_thread(replay.score_series, viewer)  # the score chart's points
        return {
            "id": live.id,
            "game": live.game.name,
            "status": live.status,
            "players": replay.record.players,
            "names": list(replay.record.seats),
            "ended": replay.ended,
            "over": replay.over,
            "viewer": viewer,
            "last": replay.last,
            "steps": steps,
            "log": replay.log_json(),
            "series": series,
        }

    async def replay_step(self, table_id: str, caller: Caller, step: int, wanted: str | None = None) -> JSON:
        _, kept, viewer = await self._replay(table_id, caller, wanted)
        replay = kept.replay
        try:
            payload = replay.payload(step, viewer)
        except ReplayError as error:
            if replay.ended:
                missing = generic("there is no step {step}: this replay has steps 0 to {last}", step=step,
                                  last=replay.last)
            else:
                missing = generic("there is no step {step}: the game has reached steps 0 to {last}",
                                  step=step, last=replay.last)
            raise TableError("not_found", missing) from error
        return {**payload, "last": replay.last}

    async def _replay(
        self, table_id: str, caller: Caller, wanted: str | None
    ) -> tuple[LiveTable, Kept, Viewer]:
        """The table's replay up to now (built once per move: `ReplayCache`) and the caller's viewer.

        Built in a thread: a long game takes a good part of a second to replay, and the other tables'
        requests and moves go on meanwhile (two askers at once may both build it; one is kept)."""
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            if live.state is None:
                raise TableError("not_started",
                                 generic("table {table_id} has not started: there is nothing to replay yet",
                                         table_id=table_id))
            ended = live.status in ("finished", "abandoned")
            try:
                viewer = viewer_for(wanted, ended=ended, seat=holder.seat if holder is not None else None,
                                    players=live.stored.players)
            except ViewerRefused as refused:
                raise TableError(refused.code, refused.message) from None
            record = live.record([a.action for a in live.log])
        # Built outside the lock: the record is a copy, and moves need not wait for a replay.
        key = (live.id, len(record.actions), ended)
        kept = self._replays.find(key)
        if kept is None:
            kept = self._replays.keep(key, await asyncio.to_thread(Replay, record, ended=ended))
        return live, kept, viewer

    # --- chat (chat.py has the rest) ---------------------------------------------------------

    async def speaker(self, table_id: str, caller: Caller) -> Speaker:
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            seated = holder is not None and holder.kind == "human"
            name = holder.name if holder is not None and seated else caller.user_name
            seat = holder.seat if holder is not None and seated else None
            return Speaker(name, seat, not seated, seated or live.stored.spectator_chat, live.seq)

    async def set_spectator_chat(self, table_id: str, caller: Caller, open_: bool) -> JSON:
        live = await self._get_seen(table_id, caller)
        async with live.lock:
            holder = live.holder(caller)
            if not live.is_creator(holder, caller):
                raise TableError("forbidden",
                                 generic("only the table's creator may open or close its chat to spectators"))
            await self.store.set_spectator_chat(table_id, open_)
            live.stored.spectator_chat = open_
            answer = live.snapshot(holder, caller, self.config)
        self._changed(live)
        return answer

    # --- internals ------------------------------------------------------------------------

    async def _within_limits(self, caller: Caller, bots_only: bool) -> None:
        """Refuse (too_many) a new table past the live tables one player or one address may hold."""
        config, store = self.config, self.store
        then = generic("finish or abandon one of them first")
        if caller.user_id is not None:
            held = await store.count_live(creator_id=caller.user_id)
            if held >= config.max_tables_per_player:
                raise TableError("too_many", generic("you already have {tables} that are not over, the most "
                                                     "one player may have: {then}",
                                                     tables=_tables(held), then=then))
        if caller.client is None:
            return
        held = await store.count_live(client=caller.client)
        if held >= config.max_tables_per_client:
            raise TableError("too_many", generic("{tables} created from your address are not over, the most "
                                                 "one address may have: {then}",
                                                 tables=_tables(held), then=then))
        if bots_only:
            held = await store.count_live(client=caller.client, bots_only=True)
            if held >= config.max_bot_tables_per_client:
                raise TableError("too_many", generic("{tables} of bots only created from your address are "
                                                     "not over, the most one address may have: {then}, or "
                                                     "seat a person",
                                                     tables=_tables(held), then=then))

    def words_in(self, table_id: str, entries: Sequence[JSON], lang: str) -> list[JSON]:
        """Log entries of a table in memory in `lang` (isla.server.words.in_language)."""
        live = self._live.get(table_id)
        return in_language(entries, live.told.teller, lang) if live is not None else list(entries)

    async def _get(self, table_id: str) -> LiveTable:
        """The table in memory, read back from the log first if need be.

        Requests for a table being read back wait for that one load (shared, so a table is never
        replayed twice at once, and not cancelled when the first asker goes away); requests for
        other tables do not wait for it.
        """
        live = self._live.get(table_id)
        if live is not None:
            return live
        broken = self._broken.get(table_id)
        if broken is not None:
            raise TableError(broken.code, broken.message)
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._load(table_id), name=f"load:{table_id}")
            self._loading[table_id] = task
            task.add_done_callback(lambda done: self._loaded(table_id, done))
        return await asyncio.shield(task)

    async def _get_seen(self, table_id: str, caller: Caller) -> LiveTable:
        """The table, unless it is private and the caller may not see it: then, as for an unknown
        id, `not_found` (privacy.py)."""
        live = await self._get(table_id)
        if live.stored.private and not live.may_see(caller):
            raise TableError("not_found", no_such_table(table_id))
        return live

    def _loaded(self, table_id: str, task: asyncio.Task[LiveTable]) -> None:
        if self._loading.get(table_id) is task:
            del self._loading[table_id]
        if not task.cancelled():
            task.exception()  # retrieved here: a failure reaches its askers, not asyncio's log

    async def _load(self, table_id: str) -> LiveTable:
        """Read a table back and replay its log; its bots carry on. A log this engine cannot replay
        is logged once and remembered: the table is `unavailable` until the server is upgraded."""
        stored = await self.store.load(table_id)
        if stored is None:
            raise TableError("not_found", no_such_table(table_id))
        events = await self.store.events(table_id)
        try:
            live = LiveTable(stored, events, wall_ms=self.clocks.now)
        except TableError as error:
            if error.code == "unavailable":
                self._broken[table_id] = error
                log.error("isla: %s", error.message)
            raise
        await self._rate_seats(live)
        owner = live.status == "playing" and self.owns(table_id)
        resumed = self.clocks.resumed(live.clocks) if owner else None
        if resumed is not None:  # the time the server was down is paused (clocking.py)
            await self.store.set_clocks(table_id, StoredClocks(resumed.to_json(), resumed.deadline()))
        self._live[table_id] = live
        self._release_later(live)  # a finished table read back for one look leaves again
        async with live.lock:
            if resumed is not None:
                self.clocks.apply(self, live, resumed)
            self._kick(live)
        return live

    def owns(self, table_id: str) -> bool:  # noqa: ARG002 (the shared service's answer depends on it)
        """Whether this process runs the table's bots, clocks and stand-ins: one process always
        does; of several, the one holding its lease (cluster.py)."""
        return True

    def holds(self, table_id: str) -> bool:
        """Whether the table is in this process's memory now (finished ones leave it, see `_release`)."""
        return table_id in self._live

    def _release_later(self, live: LiveTable) -> None:
        """Plan to drop a finished table from memory, `release_seconds` after nobody follows it."""
        if self._closing or live.followers > 0 or live.status in LIVE:
            return
        pending = live.reminders.pop("release", None)
        if pending is not None:
            pending.cancel()
        loop = asyncio.get_running_loop()
        live.reminders["release"] = loop.call_later(self.config.release_seconds, self._release, live)

    def _release(self, live: LiveTable) -> None:
        """Drop a finished table nobody follows; its log is the truth, `_get` reads it back when asked."""
        live.reminders.pop("release", None)
        if live.followers > 0 or live.status in LIVE or self._live.get(live.id) is not live:
            return
        if live.lock.locked():  # someone is reading it right now: look again later
            self._release_later(live)
            return
        del self._live[live.id]
        for reminder in live.reminders.values():
            reminder.cancel()
        live.reminders.clear()

    async def _reload(self, live: LiveTable) -> None:
        """Another writer changed the table under us: rebuild it from the log."""
        stored = await self.store.load(live.id)
        if stored is not None:
            live.reset(stored, await self.store.events(live.id))
            await self._rate_seats(live)
            self.clocks.arm(self, live)  # the other writer's clocks: watch their deadline
            self._release_later(live)  # the other writer may have ended it: it leaves memory as ours do

    def _first_clocks(self, stored: StoredTable, seats: Sequence[StoredSeat]) -> ClockState | None:
        """The clocks of a table whose game starts now, the first decision's running (None: no limit)."""
        clock = clocking.table_clock(stored)
        if isinstance(clock, Untimed):
            return None
        game = find_game(stored.game)
        options = game.stored_options(stored.players, stored.options)
        state = game.new_state(stored.players, stored.seed, options)
        return clocking.settle(ClockState.new(clock, stored.players), state.to_move, seats, self.clocks.now())

    def _seating(self, seating: str, players: int) -> dict[int, int]:
        """slot -> seat. Random seating shuffles who sits where; the seat 0 is the first governor (R16)."""
        seats = list(range(players))
        if seating == "random":
            random.SystemRandom().shuffle(seats)
        return dict(enumerate(seats))

    def _seq_error(self, live: LiveTable, holder: StoredSeat, seq: int, actions: Sequence[str]) -> TableError:
        if seq > live.seq:
            return TableError("stale", generic("seq {seq} is ahead of the table, which is at seq {now}",
                                               seq=seq, now=live.seq))
        logged = live.log[seq : seq + len(actions)]
        mine = all(a.seat == holder.seat for a in logged)
        if actions and [a.action for a in logged] == list(actions) and mine:
            message = generic("these actions were already applied at seq {seq}; the table is at seq {now}",
                              seq=seq, now=live.seq)
            return TableError("duplicate", message)
        return TableError(
            "stale", generic("stale seq {seq}: the table is at seq {now}; look at the table again and decide",
                             seq=seq, now=live.seq)
        )

    async def _commit(
        self, live: LiveTable, seat: int, texts: list[str], source: str, event: tuple[str, str] | None = None
    ) -> None:
        """Check on a copy, log in one transaction, then apply. Call with the table's lock held."""
        assert live.state is not None
        trial = live.state.clone()
        chosen: list[Action] = []
        for index, text in enumerate(texts):
            try:
                action = trial.parse_action(text)
            except IllegalAction as error:
                if len(texts) > 1:  # the reason is the game's own words (English), as it gives them
                    told = generic("action {index} of {count}: {reason}", index=index + 1, count=len(texts),
                                   reason=str(error))
                    raise TableError("illegal", told) from None
                raise TableError("illegal", str(error)) from None
            trial.apply_unchecked(action)
            chosen.append(action)
        done = [action.text for action in chosen]
        first = live.seq
        finish = None
        if trial.is_over:
            finish = self._finish(live, trial, [a.action for a in live.log] + done)
        clocks = None
        if live.clocks is not None:
            to_move = None if trial.is_over else trial.to_move
            clocks = clocking.after_move(live.clocks, to_move, live.seats, self.clocks.now())
        writing = asyncio.ensure_future(self.store.append(
            live.id, first, seat, done, source=source, finish=finish, event=event,
            clocks=clocking.stored(clocks),
        ))
        try:
            caller_left = await _outlive_caller(writing)
        except SeqTaken:
            await self._reload(live)
            raise TableError(
                "conflict", generic("another submission took seq {first} first; the table is now at seq "
                                    "{seq}", first=first, seq=live.seq)
            ) from None
        if event is not None:
            live.tell(first, seat, event[0], event[1])
        before, live.state = live.state, trial
        for offset, action in enumerate(chosen):  # `before` is no longer the table's: replay on it
            live.log.append(StoredAction(first + offset, seat, action.text, source))
            live.told.action(before, action.text, seat, first + offset)
            before.apply_unchecked(action)
            live.told.after(before)
        live.turn_since = time.monotonic()
        self._remind(live, "idle", self.config.idle_seconds)
        if finish is not None:
            live.stored.status = "finished"
            live.stored.result = finish.result
            live.stored.record = finish.record
            await self._rate_seats(live)  # the ratings and standings the end just wrote
            self._release_later(live)
        if clocks is not None:
            self.clocks.apply(self, live, clocks)
        self._kick(live)
        self._turn_started(live, seat)  # issue 16: your-turn notices (server/mail/turns.py)
        self._changed(live)
        if caller_left:
            raise asyncio.CancelledError

    def _finish(self, live: LiveTable, over: State, actions: list[str]) -> Finish:
        """What the game's end leaves in the store: result, record, each seat's result, and for a
        ranked table what the ratings need."""
        result, s = over.result(), live.stored
        places_that_win = live.game.info.places_that_win(s.players)
        stood_in = {entry["seat"] for entry in live.words if entry["kind"] in ("stand_in", "timeout")}
        seats = seat_results(live.seats, result, places_that_win=places_that_win, game=s.game,
                             engine_version=s.engine_version, names=live.seat_names(), stood_in=stood_in)
        return Finish(result.to_json(), live.record(actions).to_json(), seats, s.ranked, s.game,
                      places_that_win)

    def _remind(self, live: LiveTable, reason: str, seconds: float) -> None:
        """Tell the listeners again after `seconds`, when a seat may have become one to hand over.

        One pending reminder per reason: a newer one (the next move, say) replaces it.
        """
        if self._closing:
            return
        pending = live.reminders.pop(reason, None)
        if pending is not None:
            pending.cancel()
        live.reminders[reason] = asyncio.get_running_loop().call_later(seconds + 0.1, self._changed, live)

    def _kick(self, live: LiveTable) -> None:
        """Start the table's bot task if a bot is to move and none runs. Call with the lock held."""
        if self._closing or live.bot_to_move() is None or not self.owns(live.id):
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._bots(live), name=f"bots:{live.id}")

    async def _bots(self, live: LiveTable) -> None:
        """Let the bots move, one turn at a time at the configured pace, until a person is to move.

        A turn that fails (the database refused, a worker process died, anything) is tried again
        after a pause that grows from RETRY_FIRST to RETRY_LAST seconds: a table never stays with
        a bot to move and nothing to move it. The first failure of a run is logged in full; a
        database that does not answer is not logged here at all (the store logs each outage once).
        """
        failures = logged = 0
        while not self._closing:
            try:
                if not await self._bot_turn(live):
                    return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                failures += 1
                pause = min(RETRY_LAST, RETRY_FIRST * 2 ** (failures - 1))
                if isinstance(error, DatabaseUnavailable):
                    await asyncio.sleep(pause)
                    continue
                logged += 1
                if logged == 1 and not isinstance(error, BotWorkerLost):
                    log.exception("isla: table %s: a bot turn failed; trying again in %g s", live.id, pause)
                else:
                    log.warning("isla: table %s: a bot turn failed (%s); trying again in %g s",
                                live.id, _reason(error), pause)
                await asyncio.sleep(pause)
                continue
            if logged:
                log.warning("isla: table %s: the bots move again after %d failed turns", live.id, failures)
            failures = logged = 0

    async def _bot_turn(self, live: LiveTable) -> bool:
        """One bot turn: a decision, or a whole plan (`Game.plan_kind`) as one step. False: no bot to move."""
        async with live.lock:
            seat = live.bot_to_move()
            spec = live.player_of(seat) if seat is not None else None
            if seat is None or live.state is None or seat.seat is None or spec is None:
                live.bot_task = None
                return False
            job = BotJob(live.game.name, seat.seat, spec, live.seq, live.stored.seed, self.config.bot_seconds)
            state = live.state.clone()
        await asyncio.sleep(self.config.bot_pace)
        plan = await self.bots.choose(job, state)
        async with live.lock:
            if self._closing or live.seq != job.seq or live.bot_to_move() is None:
                return True  # the table moved on meanwhile (another writer): look again
            if not self.owns(live.id):  # another process took the table over: its bots move there
                live.bot_task = None
                return False
            source, event = "bot", None
            if plan.problem is not None:
                log.warning("isla: table %s: %s; playing a random legal move", live.id, plan.problem)
                source, event = "fallback", ("bot_error", plan.problem)
            try:
                await self._commit(live, job.seat, plan.actions, source, event)
            except TableError as error:
                if error.code != "conflict":
                    raise
                log.warning("isla: table %s: bot move not applied: %s", live.id, error.message)
        return True


async def _outlive_caller(writing: asyncio.Future[None]) -> bool:
    """Wait for a move's write even if the caller is cancelled meanwhile (a WebSocket closed, a bot's
    task stopped): the move may be committed all the same, and the table in memory must then take
    it too, or it would stay a move behind its own log. True if the caller was cancelled: the move
    is applied, then the cancellation goes on. A write cancelled itself (the store closing) is
    raised at once."""
    caller_left = False
    while True:
        try:
            await asyncio.shield(writing)
            return caller_left
        except asyncio.CancelledError:
            if writing.done():
                raise
            caller_left = True


def _reason(error: BaseException) -> str:
    """The first line of an error, for a one-line log entry."""
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


def _new_seat(
    slot: int, wanted: SeatRequest, caller: Caller, game: str, own_bots: Collection[str] = ()
) -> StoredSeat:
    if wanted.kind not in SEAT_KINDS:
        allowed = ", ".join(SEAT_KINDS)
        raise TableError("invalid", generic("seat {slot}: kind must be one of {allowed}, not '{kind}'",
                                            slot=slot, allowed=allowed, kind=wanted.kind))
    if wanted.kind == "bot":
        if wanted.name is not None:
            raise TableError("invalid", generic("seat {slot}: a bot seat takes no name", slot=slot))
        if not wanted.bot:
            raise TableError("invalid", generic("seat {slot}: a bot seat needs a bot (a level or kind)",
                                                slot=slot))
        return StoredSeat(slot, "bot", bot=offered_bot(wanted.bot, game, own_bots, f"seat {slot}: "))
    if wanted.bot is not None:
        raise TableError("invalid", generic("seat {slot}: only a bot seat names a bot", slot=slot))
    if wanted.kind == "me":
        if caller.user_id is None or caller.user_name is None:
            raise TableError("unauthorized", generic("seat {slot}: a seat of your own ('me') needs you to "
                                                     "sign in", slot=slot))
        if wanted.name is not None:
            raise TableError("invalid", generic("seat {slot}: your own seat takes your name; send no name",
                                                slot=slot))
        return StoredSeat(slot, "human", name=caller.user_name, user_id=caller.user_id)
    if wanted.kind == "open":
        # A name on an open seat says whom it is kept for (who sat there when the table is played
        # again); whoever joins names themselves.
        return StoredSeat(slot, "open", name=None if wanted.name is None else person_name(wanted.name))
    return StoredSeat(slot, "human", name=person_name(wanted.name))


def _clock(data: Any, game: str) -> Clock:
    """The `clock` of a new table, refused (invalid) with the clocks' one-line reason; a stand-in
    level must be one the server offers for the game."""
    try:
        clock = parse_clock(data)
    except ClockError as error:
        raise TableError("invalid", str(error)) from None
    if not isinstance(clock, Untimed) and not clock.on_timeout.end:
        offered_bot(clock.on_timeout.level, game, where="clock stand_in_level: ")
    return clock


def _tables(count: int) -> Said:
    return generic_n("{n} table", "{n} tables", count)


def offered_bot(spec: str, game: str, own: Collection[str] = (), where: str = "") -> str:
    """The bot `spec` if a seat of `game` may have it: a level or kind the server offers for the game
    (GET /api/games), or one of `own` (the table's own bots); else TableError `invalid`.

    A spec with a budget of its own (`mcts:100000000`) is refused: the server's levels bound what one
    bot turn costs, and one request must not occupy a core for hours.
    """
    try:
        parse_spec(spec, game)
    except UnknownBot as error:
        raise TableError("invalid", f"{where}{error}") from None
    spec = spec.strip()
    accepted = bot_names(game)
    accepted += [bot for bot in dict.fromkeys(own) if bot not in accepted]
    if spec not in accepted:
        raise TableError("invalid", generic("{where}bot '{spec}' is not offered for {game}: choose one of "
                                            "{accepted}",
                                            where=where, spec=spec, game=game, accepted=', '.join(accepted)))
    return spec


def _summary(stored: StoredTable) -> JSON:
    """A summary of a table not in memory, without replaying it (a finished or open one, usually)."""
    seq: int | None = None
    if stored.status == "open":
        seq = 0
    elif stored.record is not None:
        seq = len(stored.record.get("actions", []))
    elif stored.logged is not None:  # being played, not rebuilt yet (just after a restart)
        seq = stored.logged
    ordered = sorted(stored.seats, key=lambda s: s.seat if s.seat is not None else s.slot)
    return {
        "id": stored.id,
        "game": stored.game,
        "status": stored.status,
        "players": stored.players,
        "seating": stored.seating,
        "options": dict(stored.options),
        "engine_version": stored.engine_version,
        "seq": seq,
        "to_move": None,
        "seats": [_seat_json(seat) for seat in ordered],
        "result": stored.result if stored.status == "finished" else None,
        "creator": stored.creator_id,
        "again": stored.again_id,
        "ranked": stored.ranked,
        "clock": clocking.table_clock(stored).to_json(),
        "clocks": None,  # not in memory: its clocks are read back with it (they are stopped until then)
        "private": stored.private,
        "spectator_chat": stored.spectator_chat,
    }
