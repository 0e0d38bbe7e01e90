"""Migration 0008 (private tables, chat) on a database as the code before it left one: its tables
stay, public, with spectator chat open, and every chat is empty."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rankedtools import rows
from servertools import Running, get
from test_ratings_migration import OLD, add_ann_0004, fresh_url, insert_finished_0004, migrate, old_rows

from isla.server import ServerConfig

__all__ = ["fresh_url"]  # the fixture, used by name below


def test_a_0005_database_migrates_to_0008_and_its_tables_stay_public(
    fresh_url: str, tmp_path: Path, servers: Callable[..., Running]
) -> None:
    migrate(fresh_url, "0005")

    add_ann_0004(fresh_url, "a" * 32)
    insert_finished_0004(fresh_url, "old-0", "a" * 32, seed=3)
    before = {table: old_rows(fresh_url, table) for table in OLD}

    migrate(fresh_url, "head")

    assert {table: old_rows(fresh_url, table) for table in OLD} == before
    assert rows(fresh_url, "SELECT id, private, invite, spectator_chat FROM game_tables") == [
        ("old-0", False, None, True)]
    assert rows(fresh_url, "SELECT * FROM chat_messages") == []
    server = servers(ServerConfig(data_dir=tmp_path, database_url=fresh_url, bot_pace=0.0, bot_seconds=None))
    with server.client() as client:
        assert get(client, "old-0")["private"] is False
        assert "old-0" in [t["id"] for t in client.get("/api/tables").json()["tables"]]
