"""Migration 0006 (email notices) on a database as the code before it left one: nothing is lost,
nobody has an address, and the accounts sign in and set one as usual."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx2
import sqlalchemy as sa
from mailtools import link_in, plain, smtp_server
from rankedtools import rows
from servertools import PATIENCE, Running
from test_ratings_migration import OLD, fresh_url, insert_finished_0004, migrate, old_rows

from isla.server import ServerConfig
from isla.server.auth import session_hash
from isla.server.config import parse_database_url
from isla.server.store.db import make_engine

__all__ = ["fresh_url"]  # the fixture, shared with the ratings migration's test


def test_a_0005_database_migrates_to_0006_and_loses_nothing(
    fresh_url: str, tmp_path: Path, servers: Callable[..., Running]
) -> None:
    migrate(fresh_url, "0005")
    user_id, cookie = "b" * 32, "a-session-cookie-from-before"

    async def add_ann() -> None:
        engine = make_engine(parse_database_url(fresh_url))
        users = sa.table("users", *(sa.column(c) for c in OLD["users"]))
        sessions = sa.table("sessions", *(sa.column(c) for c in ("id_hash", "user_id", "created_at",
                                                                   "expires_at")))
        stamp = datetime.now(UTC)
        try:
            async with engine.begin() as connection:
                await connection.execute(users.insert().values(
                    id=user_id, name="Ann", name_key="ann", password_hash="x", guest=False, created_at=stamp))
                await connection.execute(sessions.insert().values(
                    id_hash=session_hash(cookie), user_id=user_id, created_at=stamp,
                    expires_at=stamp + timedelta(days=1)))
        finally:
            await engine.dispose()

    asyncio.run(add_ann())
    for number in range(2):
        insert_finished_0004(fresh_url, f"old-{number}", user_id, seed=number + 1)
    before = {table: old_rows(fresh_url, table) for table in OLD}
    sessions_before = rows(fresh_url, "SELECT id_hash, user_id FROM sessions")

    migrate(fresh_url, "head")

    assert {table: old_rows(fresh_url, table) for table in OLD} == before
    assert rows(fresh_url, "SELECT id_hash, user_id FROM sessions") == sessions_before
    assert rows(fresh_url, "SELECT * FROM account_emails") == []
    assert rows(fresh_url, "SELECT * FROM turn_notices_sent") == []

    with smtp_server() as (inbox, port):
        config = ServerConfig(data_dir=tmp_path, database_url=fresh_url, bot_pace=0.0, bot_seconds=None)
        server = servers(replace(config, mail=plain(port)))
        with httpx2.Client(base_url=server.url, headers={"Origin": server.url}, timeout=PATIENCE,
                           cookies={"isla_session": cookie}) as ann:
            assert ann.get("/api/auth/me").json()["user"]["name"] == "Ann"  # her session survived
            nothing = {"address": None, "pending": None, "turn_notices": False}
            assert ann.get("/api/me/email").json() == nothing
            assert ann.put("/api/me/email", json={"address": "ann@example.org"}).status_code == 202
            assert ann.get(link_in(inbox.wait_for("ann@example.org")[0])).status_code == 200
            assert ann.get("/api/me/email").json()["address"] == "ann@example.org"
            assert ann.get("/api/tables/old-0").json()["status"] == "finished"
