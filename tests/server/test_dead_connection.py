"""A pooled PostgreSQL connection killed between two moves costs the next move nothing.

The server does not ping the database before every transaction (a round trip per move, issue 18's
profile); a connection the database ended while it sat in the pool (a restart, an administrator's
pg_terminate_backend, an idle timeout) is noticed as it is checked out and replaced. Real parts: a
real server and PostgreSQL, whose backends are terminated from another connection.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from servertools import PATIENCE, Running, act, create, get, human, serve, table_log
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from wstools import Socket

from isla.server import ServerConfig


async def _end_connections(admin_url: str, database: str) -> None:
    """Terminate every connection to `database` but this one, and wait until they are gone."""
    engine = create_async_engine(make_url(admin_url), isolation_level="AUTOCOMMIT")
    others = f"FROM pg_stat_activity WHERE datname = '{database}' AND pid <> pg_backend_pid()"
    try:
        async with engine.connect() as connection:
            ended = await connection.scalar(text(f"SELECT count(pg_terminate_backend(pid)) {others}"))
            assert ended, "the server had no connection open to end"
            deadline = time.monotonic() + PATIENCE
            while await connection.scalar(text(f"SELECT count(*) {others}")):
                assert time.monotonic() < deadline, "the terminated connections did not go"
                await asyncio.sleep(0.05)
    finally:
        await engine.dispose()


def _mover(server: Running, table_id: str, tokens: list[str]) -> tuple[str, str]:
    """The token of the seat to move and its first legal action."""
    for token in tokens:
        with server.client(token) as client:
            legal: list[str] = get(client, table_id)["legal"]
        if legal:
            return token, legal[0]
    raise AssertionError("nobody is to move")


def test_a_move_after_the_database_ended_the_pooled_connections_is_accepted_and_kept(
    postgres_database: str, postgres_admin_url: str, tmp_path: Path
) -> None:
    database = make_url(postgres_database).database
    assert database is not None
    config = ServerConfig(data_dir=tmp_path, database_url=postgres_database, bot_pace=0.0, bot_seconds=None)
    with serve(config) as server:
        with server.client() as client:
            created = create(client, [human("Ann"), human("Bob")], seating="fixed")
        table_id = created["table"]["id"]
        tokens = [t["token"] for t in created["tokens"]]
        moves: list[tuple[int, str]] = []
        token, action = _mover(server, table_id, tokens)
        with server.client(token) as client:
            assert act(client, table_id, 0, action).status_code == 200
        moves.append((0, action))
        token, action = _mover(server, table_id, tokens)
        asyncio.run(_end_connections(postgres_admin_url, database))
        with server.client(token) as client:  # the first thing the server does on a dead pool
            response = act(client, table_id, 1, action)
            assert response.status_code == 200, response.text
        moves.append((1, action))
        # Again, over the WebSocket this time.
        token, action = _mover(server, table_id, tokens)
        with Socket(server.url, token) as socket:
            socket.send({"type": "watch", "table": table_id})
            socket.expect("table")
            asyncio.run(_end_connections(postgres_admin_url, database))
            socket.send({"type": "submit", "table": table_id, "seq": 2, "actions": [action], "ref": "m"})
            answer = socket.expect("ok")
            assert answer["seq"] == 3, answer
        moves.append((2, action))
        with server.client() as client:
            logged = table_log(client, table_id)
    assert [(a["seq"], a["action"]) for a in logged["actions"]] == moves
