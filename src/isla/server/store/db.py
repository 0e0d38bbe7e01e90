"""Connecting to the database and bringing its schema up to date.

SQLite (the embedded default) gets WAL journaling, a busy timeout and `BEGIN IMMEDIATE` for
transactions that write: a move's transaction takes the write lock when it starts instead of failing
halfway when another connection writes, so concurrent writers wait their turn rather than error;
the store sends all its own writes through one connection (`make_engine(..., writer=True)`).
Transactions that only read (a connection with the execution option READ_ONLY, see the store's
read sessions) begin DEFERRED: under WAL they read a snapshot and never wait for a writer, so the
lobby answers while a move is being written. PostgreSQL's pool checks its connections without a
round trip per transaction (`_server_engine`). Migrations are
Alembic revisions shipped inside the package and applied on every start (a no-op when the schema is
current), so a self-hoster never runs a migration by hand.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event, exc
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.util import await_only

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# How long a SQLite writer waits for the write lock before giving up (the default of
# ServerConfig.sqlite_busy_ms).
SQLITE_BUSY_MS = 30_000
# Seconds after which a pooled connection to a database server is replaced rather than reused.
POOL_RECYCLE = 1800
# The execution option that marks a read-only transaction (begun DEFERRED on SQLite).
READ_ONLY = "isla_read_only"


def make_engine(url: URL, sqlite_busy_ms: int = SQLITE_BUSY_MS, writer: bool = False) -> AsyncEngine:
    """The engine for `url`. On SQLite, `writer` makes it the store's one writing connection: a pool
    of one, which writers wait for in turn (up to the busy timeout) instead of several pooled
    connections contending for the file's write lock, each retrying and sleeping in SQLite's busy
    handler (issue 18's profile: that contention set the p99 of a move)."""
    if url.get_backend_name() != "sqlite":
        return _server_engine(url)
    if url.database:
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    pool: dict[str, Any] = {}
    if writer:
        pool = {"pool_size": 1, "max_overflow": 0, "pool_timeout": sqlite_busy_ms / 1000}
    engine = create_async_engine(url, connect_args={"timeout": sqlite_busy_ms / 1000}, **pool)

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling would start transactions lazily (deferred); turn it
        # off and begin every transaction ourselves, below.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(sqlite_busy_ms)}")
        cursor.execute("PRAGMA synchronous=NORMAL")  # safe with WAL: a crash loses no committed data
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Connection) -> None:
        reading = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN DEFERRED" if reading else "BEGIN IMMEDIATE")

    return engine


def _server_engine(url: URL) -> AsyncEngine:
    """A pool for a database server (PostgreSQL) that checks its connections without a round trip.

    `pool_pre_ping` would send a query before every transaction: a round trip and a good share of a
    move's CPU. Instead a connection is discarded at checkout if its driver already knows it is
    closed (the server ended it: a restart, pg_terminate_backend, an idle timeout; the driver reads
    that as soon as it arrives) and a fresh one is opened in its place; connections are replaced
    after POOL_RECYCLE seconds, before a firewall or the server's timeouts drop them silently. A
    connection that dies unannounced fails its transaction: that is the outage rule (503
    `unavailable`, nothing written; outage.py), and the pool replaces it for the next one.
    """
    engine = create_async_engine(url, pool_recycle=POOL_RECYCLE)

    @event.listens_for(engine.sync_engine, "checkout")
    def _on_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        # One turn of the event loop first: a server's farewell (its error, then the end of the
        # stream) is read in two turns, and a connection is only seen closed after the second.
        await_only(asyncio.sleep(0))
        closed = getattr(getattr(dbapi_connection, "driver_connection", None), "is_closed", None)
        if callable(closed) and closed():
            raise exc.DisconnectionError("the database server closed this connection")

    return engine


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


async def upgrade(engine: AsyncEngine) -> None:
    """Apply every migration the database lacks (Alembic's `upgrade head`).

    A database already at the head is only read: a server starting beside a long write (another
    process's) does not wait for it.
    """
    from alembic.script import ScriptDirectory

    if await current_revision(engine) == ScriptDirectory.from_config(alembic_config()).get_current_head():
        return

    def run(connection: Connection) -> None:
        command.upgrade(alembic_config(connection), "head")

    async with engine.begin() as connection:
        await connection.run_sync(run)


async def current_revision(engine: AsyncEngine) -> str | None:
    """The schema revision the database is at (None before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    def read(connection: Connection) -> str | None:
        return MigrationContext.configure(connection).get_current_revision()

    async with engine.execution_options(**{READ_ONLY: True}).connect() as connection:
        return await connection.run_sync(read)
