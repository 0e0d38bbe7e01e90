"""A database that cannot take writes is `unavailable` (503), logged once, and nothing is lost.

Real failures, no mocks: on SQLite another connection holds `BEGIN EXCLUSIVE` past the server's
(small) busy timeout; on PostgreSQL the database is made read-only and its connections are ended,
so the server's pool reconnects to a read-only database. While it lasts, a move (over HTTP and over
the WebSocket) and a new table are answered 503 `unavailable` in one line, `/api/health` says the
database is unavailable, and the log has one warning line and no traceback; once it ends, the same
move is accepted, the health is ok again, the log says so once, and every earlier move is there.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from servertools import Running, act, create, get, human, serve, table_log
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from wstools import Socket

from isla.server import ServerConfig


async def _admin(admin_url: str, *statements: str) -> None:
    engine = create_async_engine(make_url(admin_url), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            for statement in statements:
                await connection.execute(text(statement))
    finally:
        await engine.dispose()


def _read_only(admin_url: str, database: str, on: bool) -> None:
    """Make the database read-only (or writable again) and end its connections, so that every
    connection the server opens next has the new setting."""
    setting = "SET default_transaction_read_only = on" if on else "RESET default_transaction_read_only"
    asyncio.run(_admin(
        admin_url,
        f'ALTER DATABASE "{database}" {setting}',
        f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}' "
        "AND pid <> pg_backend_pid()",
    ))


@contextmanager
def outage(config: ServerConfig, request: pytest.FixtureRequest) -> Iterator[None]:
    """The server's database refuses writes until the block ends."""
    url = make_url(config.database_url or "")
    assert url.database is not None
    if url.get_backend_name() == "sqlite":
        holder = sqlite3.connect(url.database, isolation_level=None)
        try:
            holder.execute("BEGIN EXCLUSIVE")  # held until the block ends: longer than any busy timeout
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    admin: str = request.getfixturevalue("postgres_admin_url")
    _read_only(admin, url.database, True)
    try:
        yield
    finally:
        _read_only(admin, url.database, False)


def _outage_lines(caplog: pytest.LogCaptureFixture, needle: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "isla.server" and needle in r.getMessage()]


def _assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["code"] == "unavailable", body
    assert "\n" not in body["error"] and "database" in body["error"], body


def _legal(server: Running, table_id: str, token: str) -> str:
    with server.client(token) as client:
        legal: list[str] = get(client, table_id)["legal"]
    assert legal
    return legal[0]


def test_a_database_that_refuses_writes_is_unavailable_logged_once_and_loses_nothing(
    config: ServerConfig, request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="isla.server")
    # A small busy timeout, so a write gives up soon on SQLite (the setting under test).
    config = replace(config, sqlite_busy_ms=200)
    with serve(config) as server:
        with server.client() as client:
            created = create(client, [human("Ann"), human("Bob")], seating="fixed")
            table_id = created["table"]["id"]
            ann, bob = (t["token"] for t in created["tokens"])
            first = _legal(server, table_id, ann)
            with server.client(ann) as player:
                assert act(player, table_id, 0, first).status_code == 200
                mover = ann if get(player, table_id)["legal"] else bob
            assert client.get("/api/health").json() == {
                "ok": True, "status": "ok", "database": "ok", "version": client.get("/api").json()["version"]
            }
        second = _legal(server, table_id, mover)
        with outage(config, request):
            with server.client(mover) as client:
                _assert_unavailable(act(client, table_id, 1, second))
                _assert_unavailable(client.post("/api/tables", json={"seats": [human("Cy"), human("Di")]}))
                health = client.get("/api/health")
                _assert_unavailable(health)
                assert health.json()["database"] == "unavailable"
                assert health.json()["status"] == "unavailable"
            socket = Socket(server.url, token=mover)
            try:
                socket.send({"type": "submit", "table": table_id, "seq": 1, "actions": [second], "ref": "m1"})
                error = socket.refused("unavailable", "database")
                assert error["ref"] == "m1"
                socket.alive()
            finally:
                socket.close()
        with server.client(mover) as client:
            assert client.get("/api/health").status_code == 200
            assert act(client, table_id, 1, second).status_code == 200, "the same move, once it is over"
            logged = table_log(client, table_id)
            listed = client.get("/api/tables").json()["tables"]
    assert [(a["seq"], a["action"]) for a in logged["actions"]] == [(0, first), (1, second)]
    assert [t["id"] for t in listed] == [table_id], "the table refused during the outage was not made"
    began = _outage_lines(caplog, "is not available")
    assert len(began) == 1, [r.getMessage() for r in began]
    assert began[0].levelno == logging.WARNING and "\n" not in began[0].getMessage()
    assert len(_outage_lines(caplog, "the database answers again")) == 1
    assert not [r for r in caplog.records if r.exc_info], "no traceback for a database outage"
    assert not _outage_lines(caplog, "failed")
