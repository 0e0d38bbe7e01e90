"""Migration 0005 on a database as the code before it left one: finished games in it stay, unrated."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from conftest import _admin
from played import random_game
from rankedtools import rows
from servertools import Running, get, run_async, sqlite_url
from sqlalchemy.engine import make_url

from isla.core import Record
from isla.core import game as find_game
from isla.server import ServerConfig
from isla.server.config import parse_database_url
from isla.server.store import Store
from isla.server.store.db import alembic_config, make_engine

OLD = {  # the tables of revision 0004 and the columns they had
    "users": ("id", "name", "name_key", "password_hash", "guest", "created_at"),
    "game_tables": ("id", "game", "players", "options", "seed", "engine_version", "seating", "status",
                    "created_at", "started_at", "finished_at", "result", "record", "creator_id",
                    "again_id", "creator_token_hash", "creator_client"),
    "table_seats": ("table_id", "slot", "seat", "kind", "bot", "name", "token_hash", "joined_at", "user_id",
                    "stand_in"),
    "table_actions": ("id", "table_id", "seq", "seat", "action", "source", "created_at"),
}


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path, postgres_admin_url: str) -> Iterator[str]:
    """An empty database with no schema at all: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "old.db")
        return
    admin = make_url(postgres_admin_url)
    name = f"isla_old_{secrets.token_hex(4)}"
    asyncio.run(_admin(admin, f'CREATE DATABASE "{name}"'))
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def migrate(url: str, target: str) -> None:
    async def main() -> None:
        engine = make_engine(parse_database_url(url))
        try:
            async with engine.begin() as connection:
                await connection.run_sync(lambda c: command.upgrade(alembic_config(c), target))
        finally:
            await engine.dispose()

    asyncio.run(main())


def old_rows(url: str, table: str) -> list[tuple[Any, ...]]:
    return sorted(rows(url, f"SELECT {', '.join(OLD[table])} FROM {table}"), key=repr)


def insert_finished_0004(url: str, table_id: str, user_id: str, seed: int) -> None:
    """A finished game of Ann (an account) against the easy bot, as revision 0004's server stored it."""
    game = find_game("puertorico")
    options = game.resolve_options(2, {})
    state, actions = random_game(game.name, 2, seed, options)
    names = ["Ann", "Easy bot"]
    record = Record(game.name, 2, seed, dict(options), [a for _, a in actions], names, game.version)
    stamp = datetime.now(UTC)
    tables = sa.table("game_tables", *(sa.column(c, sa.JSON if c in ("options", "result", "record") else None)
                                       for c in OLD["game_tables"]))
    seats = sa.table("table_seats", *(sa.column(c) for c in OLD["table_seats"]))
    logged = sa.table("table_actions", *(sa.column(c) for c in OLD["table_actions"] if c != "id"))

    async def main() -> None:
        engine = make_engine(parse_database_url(url))
        try:
            async with engine.begin() as connection:
                await connection.execute(tables.insert().values(
                    id=table_id, game=game.name, players=2, options=options, seed=seed,
                    engine_version=game.version, seating="fixed", status="finished", created_at=stamp,
                    started_at=stamp, finished_at=stamp, result=state.result().to_json(),
                    record=record.to_json(), creator_id=user_id))
                await connection.execute(seats.insert(), [
                    {"table_id": table_id, "slot": 0, "seat": 0, "kind": "human", "bot": None, "name": "Ann",
                     "user_id": user_id, "joined_at": stamp},
                    {"table_id": table_id, "slot": 1, "seat": 1, "kind": "bot", "bot": "easy", "name": None,
                     "user_id": None, "joined_at": None},
                ])
                await connection.execute(logged.insert(), [
                    {"table_id": table_id, "seq": seq, "seat": seat, "action": text, "source": "player",
                     "created_at": stamp}
                    for seq, (seat, text) in enumerate(actions)
                ])
        finally:
            await engine.dispose()

    asyncio.run(main())


def add_ann_0004(url: str, user_id: str) -> None:
    """The account Ann, as a database at revision 0004 or later keeps it."""
    users = sa.table("users", *(sa.column(c) for c in OLD["users"]))

    async def main() -> None:
        engine = make_engine(parse_database_url(url))
        try:
            async with engine.begin() as connection:
                await connection.execute(users.insert().values(
                    id=user_id, name="Ann", name_key="ann", password_hash="x", guest=False,
                    created_at=datetime.now(UTC)))
        finally:
            await engine.dispose()

    asyncio.run(main())


def test_a_0004_database_with_finished_games_migrates_and_its_games_stay_unrated(
    fresh_url: str, tmp_path: Path, servers: Callable[..., Running]
) -> None:
    migrate(fresh_url, "0004")
    user_id = "a" * 32

    add_ann_0004(fresh_url, user_id)
    for number in range(3):
        insert_finished_0004(fresh_url, f"old-{number}", user_id, seed=number + 1)
    before = {table: old_rows(fresh_url, table) for table in OLD}

    migrate(fresh_url, "head")

    assert {table: old_rows(fresh_url, table) for table in OLD} == before  # nothing lost or changed
    assert rows(fresh_url, "SELECT id, ranked FROM game_tables ORDER BY id") == [
        (f"old-{n}", False) for n in range(3)]
    for table in ("seat_results", "rated_games", "ratings", "rating_history", "ladder_points"):
        assert rows(fresh_url, f"SELECT * FROM {table}") == []

    server = servers(ServerConfig(data_dir=tmp_path, database_url=fresh_url, bot_pace=0.0, bot_seconds=None))
    with server.client() as client:
        table = get(client, "old-0")
        assert table["status"] == "finished" and table["ranked"] is False and table["result"] is not None
        assert client.get("/api/tables/old-0/log").json()["record"] == before_record(before, "old-0")
        assert client.get("/api/leaderboards/puertorico").json()["players"] == []
        assert client.get("/api/players/Ann").json() == {"name": "Ann", "games": []}

    async def rebuild(store: Store) -> int:
        return await store.rebuild_ratings()

    assert run_async(rebuild, fresh_url) == 0


def before_record(before: dict[str, list[tuple[Any, ...]]], table_id: str) -> Any:
    index = OLD["game_tables"].index("record")
    stored = next(row[index] for row in before["game_tables"] if row[0] == table_id)
    return json.loads(stored) if isinstance(stored, str) else stored
