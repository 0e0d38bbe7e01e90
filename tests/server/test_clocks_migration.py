"""Migration 0007 (clocks) on a database as revision 0005 left it: every table stays, untimed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from rankedtools import rows
from servertools import Running, get
from test_ratings_migration import OLD, add_ann_0004, fresh_url, insert_finished_0004, migrate, old_rows

from isla.server import ServerConfig
from isla.server.config import parse_database_url
from isla.server.store.db import make_engine

__all__ = ["fresh_url"]  # the fixture, shared with the ratings migration's test

EVENTS = ("id", "table_id", "seq", "seat", "kind", "detail", "created_at")


def test_a_0005_database_migrates_keeping_every_table_and_event_and_its_tables_have_no_clock(
    fresh_url: str, tmp_path: Path, servers: Callable[..., Running]
) -> None:
    migrate(fresh_url, "0005")
    user_id = "b" * 32
    events = sa.table("table_events", *(sa.column(c) for c in EVENTS if c != "id"))

    add_ann_0004(fresh_url, user_id)
    insert_finished_0004(fresh_url, "old-0", user_id, seed=7)

    async def add_event() -> None:
        engine = make_engine(parse_database_url(fresh_url))
        try:
            async with engine.begin() as connection:
                await connection.execute(events.insert().values(
                    table_id="old-0", seq=3, seat=0, kind="stand_in", detail="Bob let a bot play.",
                    created_at=datetime.now(UTC)))
        finally:
            await engine.dispose()

    asyncio.run(add_event())
    before = {table: old_rows(fresh_url, table) for table in OLD}
    before_events = rows(fresh_url, f"SELECT {', '.join(EVENTS)} FROM table_events")

    migrate(fresh_url, "head")

    assert {table: old_rows(fresh_url, table) for table in OLD} == before
    assert rows(fresh_url, f"SELECT {', '.join(EVENTS)} FROM table_events") == before_events
    clocks = "SELECT clock, clock_state, clock_deadline FROM game_tables"
    assert rows(fresh_url, clocks) == [(None, None, None)]
    server = servers(ServerConfig(data_dir=tmp_path, database_url=fresh_url, bot_pace=0.0, bot_seconds=None))
    with server.client() as client:
        table = get(client, "old-0")
        assert table["clock"] == {"mode": "none"} and table["clocks"] is None
        assert client.get("/api/tables").json()["tables"][0]["clock"] == {"mode": "none"}
        logged = client.get("/api/tables/old-0/log").json()["events"]
        assert [(e["kind"], e["data"]) for e in logged] == [("stand_in", None)]
