"""Reading and writing tables, their action logs, users and sessions: every write is one short transaction.

The store knows rows, not games: it never imports a rules engine. The table service decides what
is legal and asks the store to make it permanent; the store's own guards (a seat is joined only if
still open, a table starts only once, an action is logged only at a free (table, seq)) make a second
writer - another request or, later, another server process - lose cleanly instead of corrupting
the log.

Writes run in `_write` transactions, reads in `_read` ones (on SQLite those begin DEFERRED and never
wait for a writer, see db.py). Both turn a database that cannot serve (locked, full, read-only,
gone) into `DatabaseUnavailable`, and report to the store's `Outage`, which logs once per episode.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, text, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from isla.core.said import Said, from_json
from isla.ratings import SETTINGS
from isla.server.store import chats, rated
from isla.server.store.appends import Appends, Move
from isla.server.store.chats import ChatLine
from isla.server.store.db import READ_ONLY, SQLITE_BUSY_MS, make_engine, upgrade
from isla.server.store.models import ActionRow, EventRow, SeatRow, SessionRow, TableRow, UserRow
from isla.server.store.outage import DatabaseUnavailable, Outage, unavailable
from isla.server.store.rated import (
    IMPORTED,
    Finish,
    ImportedGame,
    PlayerRecord,
    Rated,
    SeatFinal,
    record_finish,
)

log = logging.getLogger("isla.server")


class SeqTaken(Exception):
    """Another writer already logged an action at this (table, seq): this submission lost."""


class NotApplied(Exception):
    """A guarded update found the row no longer in the expected state (another writer was first)."""


class NameTaken(Exception):
    """An account with this name (case-folded) exists already; nothing was written."""


def now() -> datetime:
    return datetime.now(UTC)


@dataclass
class StoredSeat:
    slot: int
    kind: str  # open | human | bot
    seat: int | None = None
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    user_id: str | None = None  # the signed-in user holding the seat
    stand_in: str | None = None  # the bot level playing for an absent human


@dataclass
class StoredAction:
    seq: int
    seat: int
    action: str
    source: str


def _event(table_id: str, seq: int, seat: int | None, kind: str, detail: str, *, stamp: datetime,
           data: dict[str, Any] | None = None) -> EventRow:
    """An event's row: its words as English text (`detail`), and when they are a structured line
    (a `Said`) that structure too, in `data["said"]`, so a rebuilt table tells it in each reader's
    language (`StoredEvent.words`)."""
    if isinstance(detail, Said):
        data = {**(data or {}), "said": detail.to_json()}
    return EventRow(table_id=table_id, seq=seq, seat=seat, kind=kind, detail=str(detail), data=data,
                    created_at=stamp)


@dataclass
class StoredEvent:
    seq: int
    seat: int | None
    kind: str
    detail: str
    data: dict[str, Any] | None = None  # what a program reads of it (a timeout's clock state)

    def words(self) -> str:
        """The event's line: its structure when it was kept (rendered per reader), else its text."""
        said = (self.data or {}).get("said")
        return from_json(said) if isinstance(said, dict) else self.detail


@dataclass(frozen=True)
class StoredClocks:
    """A table's running clocks as stored: the `ClockState` JSON and its deadline (epoch ms or None)."""

    state: dict[str, Any]
    deadline: int | None


@dataclass(frozen=True)
class TimedOut:
    """What a timeout writes: the clocks after it, the deadline it fired at (the guard: a second
    writer that saw the same deadline finds it gone and changes nothing), the seat's stand-in level
    (None: the table ends, with `record`), and the `timeout` event."""

    clocks: StoredClocks
    fired: int
    slot: int
    seat: int
    seq: int
    detail: str
    data: dict[str, Any]
    level: str | None
    record: dict[str, Any] | None = None
    ended: str = ""  # the words of the `abandon` event of a table that ends


@dataclass
class StoredTable:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    engine_version: str
    seating: str
    status: str
    seats: list[StoredSeat] = field(default_factory=list)
    actions: list[StoredAction] = field(default_factory=list)
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    created_at: datetime | None = None
    creator_id: str | None = None  # the signed-in user who created the table
    again_id: str | None = None  # the newest table set up to play this one again
    creator_token_hash: str | None = None  # creator rights of a table made without signing in
    creator_client: str | None = None  # the client address the table was created from
    logged: int | None = None  # how many actions the log holds, for a table read without its log
    ranked: bool = False  # only accounts and bots sit here, and the finished game is rated
    clock: dict[str, Any] | None = None  # the table's speed (isla.clocks, full form); None: no limit
    clock_state: dict[str, Any] | None = None  # the running clocks (a ClockState as JSON)
    clock_deadline: int | None = None  # when the running seat times out (epoch ms)
    private: bool = False  # never listed; seen only with its invite secret (privacy.py)
    invite: str | None = None  # a private table's invite secret
    spectator_chat: bool = True  # whether spectators may write in the table's chat


@dataclass
class Tail:
    """A table's row (without its seats), its newest actions and how many events it has (`Store.tail`)."""

    table: StoredTable
    actions: list[StoredAction]
    events: int


@dataclass(frozen=True)
class LastMove:
    """A table's newest logged action, and when it was logged."""

    seq: int
    seat: int
    action: str
    at: datetime


@dataclass
class StoredUser:
    """An account (name_key and password_hash set) or a guest (both None)."""

    id: str
    name: str
    guest: bool
    name_key: str | None = None
    password_hash: str | None = None
    created_at: datetime | None = None
    lang: str | None = None  # the language the account chose (None: none; guests never have one)


class Store:
    """The database behind the table service (SQLite or PostgreSQL through async SQLAlchemy)."""

    def __init__(self, engine: AsyncEngine, writer: AsyncEngine | None = None) -> None:
        self.engine = engine
        # Writes go through `writer` when given (SQLite: one connection, see make_engine).
        self.writer = writer or engine
        self.outage = Outage(engine.url.render_as_string(hide_password=True))
        self.ratings = SETTINGS  # the Elo, points table and seasons every rated game goes through
        # Called with (table id, its log's length after a move, else None, the move itself if it
        # was a move and nothing else: no end of the game) after each committed change to a
        # table: several processes tell each other through Redis (cluster.py).
        self.on_write: list[Callable[[str, int | None, Move | None], None]] = []
        self._sessions = async_sessionmaker(self.writer, expire_on_commit=False)
        self._reading = async_sessionmaker(engine.execution_options(**{READ_ONLY: True}),
                                           expire_on_commit=False)
        self._appends = Appends(self._append_together, self._append_alone,
                                lost=lambda error: isinstance(error, IntegrityError))

    @classmethod
    async def open(cls, url: URL, sqlite_busy_ms: int = SQLITE_BUSY_MS) -> Store:
        """Connect, apply any missing migrations, and return the store."""
        engine = make_engine(url, sqlite_busy_ms)
        try:
            await upgrade(engine)
        except BaseException:
            await engine.dispose()
            raise
        if url.get_backend_name() != "sqlite":
            return cls(engine)
        return cls(engine, make_engine(url, sqlite_busy_ms, writer=True))

    async def close(self) -> None:
        if self.writer is not self.engine:
            await self.writer.dispose()
        await self.engine.dispose()

    def _write(
        self, table: str | None = None, seq: int | None = None
    ) -> AbstractAsyncContextManager[AsyncSession]:
        """A transaction that may write (SQLite: it takes the write lock as it begins); one that
        changes `table` (its log now `seq` long, for a move) tells the `on_write` listeners once
        it is committed."""
        return self._transaction(write=True, written=[] if table is None else [(table, seq, None)])

    def _read(self) -> AbstractAsyncContextManager[AsyncSession]:
        """A transaction that only reads (SQLite: begun DEFERRED, it never waits for a writer)."""
        return self._transaction(write=False)

    @asynccontextmanager
    async def _transaction(
        self, *, write: bool, written: Sequence[tuple[str, int | None, Move | None]] = ()
    ) -> AsyncIterator[AsyncSession]:
        """One transaction; a database that cannot serve raises DatabaseUnavailable and starts an
        outage. Only a write's success ends one: reads still work while the database refuses
        writes (locked, full, read-only)."""
        sessions = self._sessions if write else self._reading
        try:
            async with sessions() as session, session.begin():
                yield session
        except Exception as error:
            if unavailable(error):
                raise self.outage.failed(error) from None
            raise
        if write:
            self.outage.answered()
        for table, seq, move in written:
            for listener in self.on_write:
                try:
                    listener(table, seq, move)
                except Exception:  # a listener's bug must not undo or block what was committed
                    log.exception("isla: table %s: a write listener failed", table)

    async def check(self) -> None:
        """Raise DatabaseUnavailable unless the database would take a write now (the health check).

        It writes nothing: on SQLite it takes the write lock and lets it go; on PostgreSQL it asks
        whether transactions are read-only.
        """
        async with self._write() as session:
            if self.engine.dialect.name == "postgresql":
                read_only = await session.scalar(text("SELECT current_setting('transaction_read_only')"))
                if read_only == "on":
                    raise self.outage.failed(DatabaseUnavailable("its transactions are read-only"))
            else:
                await session.execute(text("SELECT 1"))

    # --- writes ---------------------------------------------------------------------------

    async def insert_table(self, table: StoredTable) -> None:
        stamp = now()
        async with self._write(table.id) as session:
            session.add(
                TableRow(
                    id=table.id, game=table.game, players=table.players, options=table.options,
                    seed=table.seed, engine_version=table.engine_version, seating=table.seating,
                    status=table.status, created_at=stamp, creator_id=table.creator_id, ranked=table.ranked,
                    creator_token_hash=table.creator_token_hash, creator_client=table.creator_client,
                    private=table.private, invite=table.invite, spectator_chat=table.spectator_chat,
                    started_at=stamp if table.status == "playing" else None,
                    clock=table.clock, clock_state=table.clock_state,
                    clock_deadline=table.clock_deadline,
                )
            )
            await session.flush()  # the table row first: the seats refer to it
            for seat in table.seats:
                session.add(
                    SeatRow(
                        table_id=table.id, slot=seat.slot, seat=seat.seat, kind=seat.kind, bot=seat.bot,
                        name=seat.name, token_hash=seat.token_hash, user_id=seat.user_id,
                        stand_in=seat.stand_in, joined_at=stamp if seat.kind == "human" else None,
                    )
                )

    async def join(
        self,
        table_id: str,
        slot: int,
        name: str,
        token_hash: str,
        start: dict[int, int] | None,
        *,
        user_id: str | None = None,
        clocks: StoredClocks | None = None,
    ) -> None:
        """Give an open slot to a player (a signed-in user, with `user_id`); with `start` (slot ->
        seat) also start the table.

        Raises NotApplied, changing nothing, if the slot is no longer open.
        """
        async with self._write(table_id) as session:
            taken = await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.slot == slot, SeatRow.kind == "open")
                .values(
                    kind="human", name=name, token_hash=token_hash, user_id=user_id, joined_at=now()
                )
            )
            if taken.rowcount != 1:  # type: ignore[attr-defined]
                raise NotApplied(f"slot {slot} is no longer open")
            if start is not None:
                await self._start(session, table_id, start)
            await _set_clocks(session, table_id, clocks)

    async def start(self, table_id: str, seats: dict[int, int]) -> None:
        """Start a table whose slots are all taken, placing slot -> seat."""
        async with self._write(table_id) as session:
            await self._start(session, table_id, seats)

    async def _start(self, session: AsyncSession, table_id: str, seats: dict[int, int]) -> None:
        started = await session.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.status == "open")
            .values(status="playing", started_at=now())
        )
        if started.rowcount != 1:  # type: ignore[attr-defined]
            raise NotApplied("the table has already started")
        for slot, seat in seats.items():
            await session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.slot == slot).values(seat=seat)
            )

    async def append(
        self,
        table_id: str,
        first_seq: int,
        seat: int,
        actions: Sequence[str],
        *,
        source: str,
        finish: Finish | None = None,
        event: tuple[str, str] | None = None,
        clocks: StoredClocks | None = None,
    ) -> None:
        """Log `actions` at first_seq, first_seq + 1, ... in one transaction, all or nothing; return
        once that is committed (with other tables' moves waiting at the same time: appends.py).

        `finish` marks the game over with its result and record; `event` (kind, detail) records
        why the actions were taken (a bot's failure) in the same transaction. Raises SeqTaken if
        another writer already holds one of those sequence numbers.
        """
        move = Move(table_id, first_seq, seat, list(actions), source, now(), event, clocks)
        if finish is None:
            await self._appends.log(move)
        else:  # the end of a game (results, ratings) is written in a transaction of its own
            await self._append_alone(move, finish)

    async def _append_alone(self, move: Move, finish: Finish | None = None) -> None:
        try:
            table, seq, _ = move.written  # a game's end is told as a change, not as a move
            written = move.written if finish is None else (table, seq, None)
            async with self._transaction(write=True, written=[written]) as session:
                await _log_moves(session, [move])
                if finish is not None:
                    await session.execute(
                        update(TableRow)
                        .where(TableRow.id == move.table_id)
                        .values(status="finished", finished_at=move.stamp, result=finish.result,
                                record=finish.record)
                    )
                    await record_finish(session, move.table_id, finish, move.stamp, self.ratings)
        except IntegrityError:
            raise SeqTaken(f"sequence number {move.first_seq} of table {move.table_id} is taken") from None

    async def _append_together(self, moves: list[Move]) -> None:
        async with self._transaction(write=True, written=[move.written for move in moves]) as session:
            await _log_moves(session, moves)

    async def leave(self, table_id: str, slot: int) -> None:
        """Open a person's seat again; only while the table has not started (else NotApplied)."""
        async with self._write(table_id) as session:
            waiting = await session.scalar(
                select(TableRow.id).where(TableRow.id == table_id, TableRow.status == "open")
            )
            if waiting is None:
                raise NotApplied("the table has started")
            await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.slot == slot)
                .values(kind="open", name=None, token_hash=None, user_id=None, joined_at=None)
            )

    async def set_stand_in(
        self,
        table_id: str,
        slot: int,
        level: str | None,
        *,
        seq: int,
        seat: int | None,
        kind: str,
        detail: str,
        clocks: StoredClocks | None = None,
    ) -> None:
        """Let a bot play for a person's seat (`level`), or give it back (None); recorded as an event."""
        stamp = now()
        async with self._write(table_id) as session:
            await _set_clocks(session, table_id, clocks)
            await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.slot == slot)
                .values(stand_in=level)
            )
            session.add(
                _event(table_id, seq, seat, kind, detail, stamp=stamp)
            )

    async def set_clocks(self, table_id: str, clocks: StoredClocks) -> None:
        """Store a table's clocks as they are now (resumed after a restart, stopped at a shutdown)."""
        async with self._write(table_id) as session:
            await _set_clocks(session, table_id, clocks)

    async def time_out(self, table_id: str, out: TimedOut) -> None:
        """Record a timeout in one transaction: the clocks, the `timeout` event, and the seat handed
        to its stand-in or the table ended (abandoned, with its record and an `abandon` event).

        Guarded by the deadline that fired: raises NotApplied, changing nothing, if the stored
        deadline is another (a move or another process got there first) or the table is not played.
        """
        stamp = now()
        async with self._write(table_id) as session:
            values: dict[str, Any] = {"clock_state": out.clocks.state, "clock_deadline": out.clocks.deadline}
            if out.level is None:
                values.update(status="abandoned", finished_at=stamp, record=out.record)
            fired = await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "playing",
                       TableRow.clock_deadline == out.fired)
                .values(**values)
            )
            if fired.rowcount != 1:  # type: ignore[attr-defined]
                raise NotApplied("the clock this timeout was for has moved on")
            if out.level is not None:
                await session.execute(
                    update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.slot == out.slot)
                    .values(stand_in=out.level)
                )
            timeout = _event(table_id, out.seq, out.seat, "timeout", out.detail, stamp=stamp, data=out.data)
            session.add(timeout)
            if out.level is None:
                session.add(_event(table_id, out.seq, None, "abandon", out.ended, stamp=stamp))

    async def abandon(self, table_id: str, record: dict[str, Any] | None, seq: int, detail: str) -> None:
        """End a table that is open or being played, keeping its record so far; recorded as an event.

        Raises NotApplied, changing nothing, if the table is over already.
        """
        stamp = now()
        async with self._write(table_id) as session:
            ended = await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status.in_(("open", "playing")))
                .values(status="abandoned", finished_at=stamp, record=record)
            )
            if ended.rowcount != 1:  # type: ignore[attr-defined]
                raise NotApplied("the table is over already")
            session.add(_event(table_id, seq, None, "abandon", detail, stamp=stamp))

    async def set_again(self, table_id: str, again_id: str) -> None:
        """Point a table at the newest table set up to play it again."""
        async with self._write(table_id) as session:
            await session.execute(update(TableRow).where(TableRow.id == table_id).values(again_id=again_id))

    # --- users and sessions ---------------------------------------------------------------

    async def create_user(self, user: StoredUser, session: tuple[str, datetime] | None = None) -> None:
        """Add a user and, with `session` (id hash, expiry), sign them in, in one transaction
        (sweeping away sessions that have expired meanwhile).

        Raises NameTaken, writing nothing, if an account already has the user's name_key.
        """
        stamp = now()
        try:
            async with self._write() as db:
                db.add(
                    UserRow(
                        id=user.id, name=user.name, name_key=user.name_key,
                        password_hash=user.password_hash, guest=user.guest, created_at=stamp,
                        lang=user.lang,
                    )
                )
                await db.flush()  # the user first: the session refers to it
                if session is not None:
                    await db.execute(delete(SessionRow).where(SessionRow.expires_at <= stamp))
                    id_hash, expires = session
                    db.add(SessionRow(id_hash=id_hash, user_id=user.id, created_at=stamp, expires_at=expires))
        except IntegrityError:
            raise NameTaken(f"the name {user.name!r} is taken") from None
        user.created_at = stamp

    async def user(self, user_id: str) -> StoredUser | None:
        async with self._read() as db:
            row = await db.get(UserRow, user_id)
            return None if row is None else _user(row)

    async def user_by_name_key(self, name_key: str) -> StoredUser | None:
        """The account whose case-folded name is `name_key` (guests have none, so are never found)."""
        async with self._read() as db:
            row = await db.scalar(select(UserRow).where(UserRow.name_key == name_key))
            return None if row is None else _user(row)

    async def set_password_hash(self, user_id: str, password_hash: str) -> None:
        async with self._write() as db:
            await db.execute(update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash))

    async def set_user_language(self, user_id: str, lang: str | None) -> None:
        """Remember the language an account chose (None: forget it)."""
        async with self._write() as db:
            await db.execute(update(UserRow).where(UserRow.id == user_id).values(lang=lang))

    async def create_session(self, id_hash: str, user_id: str, expires_at: datetime) -> None:
        """Sign a user in; sessions that have expired meanwhile are swept away in the same transaction."""
        stamp = now()
        async with self._write() as db:
            await db.execute(delete(SessionRow).where(SessionRow.expires_at <= stamp))
            db.add(SessionRow(id_hash=id_hash, user_id=user_id, created_at=stamp, expires_at=expires_at))

    async def session_user(self, id_hash: str) -> StoredUser | None:
        """The user signed in by the session with this hash, if it exists and has not expired."""
        async with self._read() as db:
            row = await db.scalar(
                select(UserRow)
                .join(SessionRow, SessionRow.user_id == UserRow.id)
                .where(SessionRow.id_hash == id_hash, SessionRow.expires_at > now())
            )
            return None if row is None else _user(row)

    async def delete_session(self, id_hash: str) -> None:
        async with self._write() as db:
            await db.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    async def delete_expired_sessions(self) -> int:
        """Remove every expired session; how many there were."""
        async with self._write() as db:
            gone = await db.execute(delete(SessionRow).where(SessionRow.expires_at <= now()))
            return int(gone.rowcount)  # type: ignore[attr-defined]

    # --- reads ----------------------------------------------------------------------------

    async def load(self, table_id: str) -> StoredTable | None:
        """A table with its seats and its whole action log (None if there is no such table)."""
        async with self._read() as session:
            row = await session.get(TableRow, table_id)
            if row is None or row.status == IMPORTED:  # an imported arena game is rated, not a table
                return None
            table = _table(row)
            table.seats = await _seats(session, table_id)
            actions = await session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            )
            table.actions = [StoredAction(a.seq, a.seat, a.action, a.source) for a in actions]
        return table

    async def tail(self, table_id: str, seq: int) -> Tail | None:
        """What another process needs to bring its copy of a table up to date after moves made
        elsewhere: the table's row (no seats), its actions from `seq` on, and how many events it has
        (None if there is no such table)."""
        async with self._read() as session:
            row = await session.get(TableRow, table_id)
            if row is None or row.status == IMPORTED:
                return None
            actions = await session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq >= seq)
                .order_by(ActionRow.seq)
            )
            moves = [StoredAction(a.seq, a.seat, a.action, a.source) for a in actions]
            events = await session.scalar(
                select(func.count()).select_from(EventRow).where(EventRow.table_id == table_id)
            )
        return Tail(_table(row), moves, events or 0)

    async def live_ids(self) -> list[str]:
        """Tables that are not over: the ones a starting server rebuilds."""
        async with self._read() as session:
            ids = await session.scalars(
                select(TableRow.id).where(TableRow.status.in_(("open", "playing"))).order_by(TableRow.id)
            )
            return list(ids)

    async def count_live(
        self, *, creator_id: str | None = None, client: str | None = None, bots_only: bool = False
    ) -> int:
        """How many tables that are not over were created by this user, or from this client address
        (`bots_only`: of those, the ones where every seat is a bot), to bound what one client holds."""
        query = select(func.count()).select_from(TableRow).where(TableRow.status.in_(("open", "playing")))
        if creator_id is not None:
            query = query.where(TableRow.creator_id == creator_id)
        if client is not None:
            query = query.where(TableRow.creator_client == client)
        if bots_only:
            person = select(SeatRow.slot).where(SeatRow.table_id == TableRow.id, SeatRow.kind != "bot")
            query = query.where(~person.exists())
        async with self._read() as session:
            return int(await session.scalar(query) or 0)

    async def summaries(self, status: str | None = None, limit: int = 100) -> list[StoredTable]:
        """The newest tables (optionally of one status) with their seats, without their logs; a table
        being played says how many actions its log holds (`logged`): a server that has not rebuilt
        it yet still lists it as it is."""
        async with self._read() as session:
            query = (
                select(TableRow).where(TableRow.private.is_(False))
                .order_by(TableRow.created_at.desc(), TableRow.id).limit(limit)
            )
            if status is not None:
                query = query.where(TableRow.status == status)
            else:  # games imported from arena runs are rated, not tables anyone sat at
                query = query.where(TableRow.status != IMPORTED)
            tables = [_table(row) for row in await session.scalars(query)]
            for table in tables:
                table.seats = await _seats(session, table.id)
            playing = {table.id: table for table in tables if table.status == "playing"}
            if playing:
                counted = await session.execute(
                    select(ActionRow.table_id, func.count())
                    .where(ActionRow.table_id.in_(playing))
                    .group_by(ActionRow.table_id)
                )
                for table_id, count in counted:
                    playing[table_id].logged = count
                for table in playing.values():
                    table.logged = table.logged or 0
        return tables

    async def seated(self, user_id: str) -> list[tuple[StoredTable, LastMove | None]]:
        """The tables that are not over where the user holds a seat, each with its seats (no log)
        and its newest action (None: none yet), newest table first."""
        async with self._read() as session:
            held = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
            query = (select(TableRow).where(TableRow.id.in_(held), TableRow.status.in_(("open", "playing")))
                     .order_by(TableRow.created_at.desc(), TableRow.id))
            tables = [_table(row) for row in await session.scalars(query)]
            found: list[tuple[StoredTable, LastMove | None]] = []
            for table in tables:
                table.seats = await _seats(session, table.id)
                last = await session.scalar(
                    select(ActionRow).where(ActionRow.table_id == table.id)
                    .order_by(ActionRow.seq.desc()).limit(1)
                )
                moved = None if last is None else LastMove(last.seq, last.seat, last.action, last.created_at)
                found.append((table, moved))
        return found

    async def leaderboard(self, game: str) -> list[Rated]:
        """Everyone rated in `game`, best first."""
        async with self._read() as session:
            return await rated.leaderboard(session, game)

    async def player(self, name_key: str) -> PlayerRecord | None:
        """The account whose case-folded name is `name_key`: its ratings, games and rating history."""
        async with self._read() as session:
            user = await session.scalar(select(UserRow).where(UserRow.name_key == name_key))
            return None if user is None else await rated.player(session, user)

    async def current_ratings(
        self, wanted: Sequence[tuple[str, str]], user_ids: Sequence[str] = ()
    ) -> tuple[dict[tuple[str, str], tuple[float, int]], set[str]]:
        """The current ratings of these (game, player) pairs, and which user ids are accounts."""
        async with self._read() as session:
            return await rated.current(session, wanted, user_ids)

    async def final(self, table_id: str) -> list[SeatFinal]:
        """Each seat's place, win and (rated) rating change and points at a finished table."""
        async with self._read() as session:
            return await rated.final(session, table_id)

    async def import_games(self, games: Sequence[ImportedGame]) -> int:
        """Rate games played elsewhere (an arena run) in one transaction; how many were new."""
        async with self._write() as session:
            return await rated.import_games(session, games, now(), self.ratings)

    async def rebuild_ratings(self) -> int:
        """Recompute every rating from the stored results in one transaction; how many games it rated."""
        async with self._write() as session:
            return await rated.rebuild(session, self.ratings)

    async def set_spectator_chat(self, table_id: str, open_: bool) -> None:
        async with self._write(table_id) as session:
            await session.execute(
                update(TableRow).where(TableRow.id == table_id).values(spectator_chat=open_)
            )

    async def add_chat(self, message: ChatLine) -> ChatLine:
        """Keep one chat message; it comes back with its id and time."""
        async with self._write() as session:
            return await chats.add(session, message)

    async def chat_history(self, room: str, limit: int) -> list[ChatLine]:
        """The last `limit` messages of a room, oldest first."""
        async with self._read() as session:
            return await chats.history(session, room, limit)

    async def events(self, table_id: str) -> list[StoredEvent]:
        async with self._read() as session:
            rows = await session.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.id)
            )
            return [StoredEvent(e.seq, e.seat, e.kind, e.detail, e.data) for e in rows]


def _table(row: TableRow) -> StoredTable:
    return StoredTable(
        id=row.id, game=row.game, players=row.players, options=dict(row.options), seed=row.seed,
        engine_version=row.engine_version, seating=row.seating, status=row.status, result=row.result,
        record=row.record, created_at=row.created_at, creator_id=row.creator_id, again_id=row.again_id,
        creator_token_hash=row.creator_token_hash, creator_client=row.creator_client, ranked=row.ranked,
        clock=row.clock, clock_state=row.clock_state, clock_deadline=row.clock_deadline,
        private=row.private, invite=row.invite, spectator_chat=row.spectator_chat,
    )


async def _log_moves(session: AsyncSession, moves: Sequence[Move]) -> None:
    """The moves' actions (one INSERT for them all), events and clocks, in the caller's transaction."""
    await session.execute(insert(ActionRow), [
        {"table_id": move.table_id, "seq": move.first_seq + offset, "seat": move.seat, "action": text,
         "source": move.source, "created_at": move.stamp}
        for move in moves for offset, text in enumerate(move.actions)
    ])
    for move in moves:
        if move.event is not None:
            session.add(_event(move.table_id, move.first_seq, move.seat, move.event[0], move.event[1],
                               stamp=move.stamp))
    await session.flush()
    for move in moves:
        await _set_clocks(session, move.table_id, move.clocks)


async def _set_clocks(session: AsyncSession, table_id: str, clocks: StoredClocks | None) -> None:
    """Rewrite the table's running clocks in the caller's transaction (None: they did not change)."""
    if clocks is not None:
        await session.execute(
            update(TableRow).where(TableRow.id == table_id)
            .values(clock_state=clocks.state, clock_deadline=clocks.deadline)
        )


def _user(row: UserRow) -> StoredUser:
    return StoredUser(
        id=row.id, name=row.name, guest=row.guest, name_key=row.name_key,
        password_hash=row.password_hash, created_at=row.created_at, lang=row.lang,
    )


async def _seats(session: AsyncSession, table_id: str) -> list[StoredSeat]:
    rows = await session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.slot))
    return [
        StoredSeat(
            s.slot, s.kind, s.seat, s.bot, s.name, s.token_hash, user_id=s.user_id, stand_in=s.stand_in
        )
        for s in rows
    ]
