"""Reads never wait for a writer: the lobby and a table answer while another connection writes.

On SQLite (WAL) a read transaction begins DEFERRED and reads its snapshot, so a connection holding
the write lock (`BEGIN IMMEDIATE`, here held by the test until it has its answers) does not hold
it up; before, every transaction began IMMEDIATE and the lobby waited for the busy timeout, then
failed. PostgreSQL readers never wait for a writer holding its tables' write lock either. The
server is started while the lock is held, so the tables it is asked for are read from the database,
not from memory.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from servertools import OPEN, PATIENCE, create, get, human, serve
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from isla.server import ServerConfig

LOCKED = "game_tables, table_seats, table_actions, table_events, users, sessions"


@contextmanager
def write_lock(database_url: str) -> Iterator[None]:
    """Another connection holds the write lock of the server's database until the block ends."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        writer = sqlite3.connect(url.database, isolation_level=None)
        try:
            writer.execute("BEGIN IMMEDIATE")
            yield
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        return
    held, release = threading.Event(), threading.Event()

    async def hold() -> None:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                await connection.execute(text(f"LOCK TABLE {LOCKED} IN EXCLUSIVE MODE"))  # writes wait
                held.set()
                await asyncio.to_thread(release.wait, PATIENCE)
                await connection.rollback()
        finally:
            await engine.dispose()

    thread = threading.Thread(target=asyncio.run, args=(hold(),), name="write lock")
    thread.start()
    try:
        assert held.wait(PATIENCE), "the write lock was not taken"
        yield
    finally:
        release.set()
        thread.join(PATIENCE)


def test_the_lobby_and_a_table_answer_while_another_connection_holds_the_write_lock(
    config: ServerConfig,
) -> None:
    # A small busy timeout: a read that did wait for the lock would fail soon, not after 30 s.
    config = replace(config, sqlite_busy_ms=200)
    with serve(config) as server, server.client() as client:
        waiting = create(client, [human("Ann"), OPEN])["table"]["id"]
    with write_lock(config.database_url or ""), serve(config) as server, server.client() as client:
        lobby = client.get("/api/tables")
        assert lobby.status_code == 200, lobby.text
        assert [t["id"] for t in lobby.json()["tables"]] == [waiting]
        table = get(client, waiting)
        assert table["status"] == "open"
        assert [s["name"] for s in table["seats"]] == ["Ann", None]
