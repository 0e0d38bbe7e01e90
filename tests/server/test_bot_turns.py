"""Bots at a real server: they think in worker processes, get over failures by themselves, and make
a whole decision (a plan) in one turn. SQLite and PostgreSQL, except where PostgreSQL alone can
refuse for a moment."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from servertools import Running, bot, create, run_async, serve, table_log, wait_for
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from isla.bots import bot_move, make_bot
from isla.core import Record
from isla.server import ServerConfig
from isla.server.store import Store


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                found += [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                continue
    except OSError:
        return []
    return found


def bot_workers() -> list[int]:
    """The bot worker processes of the servers this test process runs (children of its fork server)."""
    workers = []
    for child in _children(os.getpid()):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"multiprocessing.forkserver" in command:
            workers += _children(child)
    return sorted(workers)


def logged_seq(server: Running, table_id: str) -> int:
    """The table's seq read from its log (which, unlike looking at the table, restarts no bot)."""
    with server.client() as client:
        seq: int = table_log(client, table_id)["seq"]
    return seq


def bot_trouble(caplog: pytest.LogCaptureFixture, needle: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING and needle in r.getMessage()]


def test_searching_bots_think_in_worker_processes_and_choose_as_the_table_would(config: ServerConfig) -> None:
    with serve(replace(config, bot_workers=1)) as server, server.client() as client:
        # Vanuatu's medium level is a small search (mcts, 25 iterations): a whole game stays quick.
        seats = [bot("medium"), bot("random")]
        table_id = create(client, seats, game="vanuatu", seating="fixed")["table"]["id"]
        wait_for("the game to finish", lambda: table_log(client, table_id)["record"])
        logged = table_log(client, table_id)
        assert len(bot_workers()) == 1
    assert bot_workers() == []  # a stopped server leaves no worker behind
    record = Record.from_json(logged["record"])
    state = record.start()
    # The worker rebuilt each position from its JSON and each step of a plan got its own bot,
    # seeded by the table's seed and the step's seq: the moves are those of a bot asked in place.
    for seq, action in enumerate(record.actions):
        seat = state.to_move
        assert seat is not None and logged["actions"][seq]["source"] == "bot"
        spec = "medium" if seat == 0 else "random"
        asked = make_bot(spec, seat, (record.seed << 32) | seq, None, "vanuatu")
        assert bot_move(asked, state).text == action
        state.apply(action)
    assert state.is_over


def test_a_killed_bot_worker_is_replaced_and_the_bot_turn_tried_again(
    config: ServerConfig, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="isla.server")
    others = set(bot_workers())  # processes an earlier test's pool left in the fork server: not ours
    with serve(replace(config, bot_workers=1)) as server, server.client() as client:
        table_id = create(client, [bot("medium"), bot("random")], seating="fixed")["table"]["id"]
        (killed,) = wait_for("the bot worker process", lambda: [p for p in bot_workers() if p not in others])
        os.kill(killed, signal.SIGKILL)
        wait_for("the lost worker to be noticed", lambda: bot_trouble(caplog, "worker process died"))
        then = logged_seq(server, table_id)
        wait_for("the bots to move on", lambda: logged_seq(server, table_id) >= then + 3)
        (replacement,) = [p for p in bot_workers() if p not in others]
        assert replacement != killed
        assert get_status(client, table_id) == "playing"


def get_status(client: Any, table_id: str) -> str:
    status: str = client.get(f"/api/tables/{table_id}").json()["status"]
    return status


async def _allow_connections(admin: str, database: str, allowed: bool) -> None:
    engine = create_async_engine(make_url(admin), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(
                text(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS {"true" if allowed else "false"}')
            )
            if not allowed:  # and end the connections the server holds
                await connection.execute(
                    text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = :name AND pid <> pg_backend_pid()"),
                    {"name": database},
                )
    finally:
        await engine.dispose()


def test_bots_carry_on_by_themselves_after_the_database_refused_them_for_a_while(
    postgres_database: str, postgres_admin_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="isla.server")
    database = make_url(postgres_database).database
    assert database is not None
    config = ServerConfig(data_dir=tmp_path, database_url=postgres_database, bot_pace=0.02, bot_seconds=None)
    with serve(config) as server:
        with server.client() as client:
            table_id = create(client, [bot("random"), bot("random"), bot("random")])["table"]["id"]
        wait_for("a few bot moves", lambda: logged_seq(server, table_id) >= 5)
        try:
            asyncio.run(_allow_connections(postgres_admin_url, database, False))
            wait_for("a bot turn to fail", lambda: bot_trouble(caplog, "is not available"))
        finally:
            asyncio.run(_allow_connections(postgres_admin_url, database, True))
        # Nobody looks at the table (that would restart stopped bots): they must go on by themselves.
        with server.client() as client:
            wait_for("the bots to finish", lambda: table_log(client, table_id)["record"])
    # One line when the outage began, one when it ended: no traceback, nothing per failed turn.
    assert len(bot_trouble(caplog, "is not available")) == 1
    assert bot_trouble(caplog, "the database answers again")
    assert not bot_trouble(caplog, "bot turn failed")
    assert not any(record.exc_info for record in caplog.records)


async def _action_rows(store: Store, table_id: str) -> list[Any]:
    async with store.engine.connect() as connection:
        rows = await connection.execute(
            text("SELECT seq, seat, action, created_at FROM table_actions WHERE table_id = :id ORDER BY seq"),
            {"id": table_id},
        )
        return list(rows)


def test_a_bots_mayor_arrangement_and_storage_are_one_step_and_one_log_entry(server: Running) -> None:
    with server.client() as client:
        # Heuristic bots: random ones hardly ever keep goods after shipping, so never store any.
        table_id = create(client, [bot("heuristic"), bot("heuristic"), bot("heuristic")])["table"]["id"]
        wait_for("the game to finish", lambda: table_log(client, table_id)["record"])
        words = table_log(client, table_id)["words"]
    rows = run_async(lambda store: _action_rows(store, table_id), server.config.database_url or "")
    entries = {entry["seq"]: entry for entry in words if entry["kind"] == "action"}
    runs: list[list[Any]] = []  # each seat's consecutive placements, and its consecutive storage choices
    for row in rows:
        kind = row.action.split(":")[0]
        step = "mayor" if kind == "place" else "storage" if kind in ("store", "keep") else None
        last = runs[-1][-1] if runs else None
        if step and last and (last.row.seq, last.seat, last.step) == (row.seq - 1, row.seat, step):
            runs[-1].append(_Step(row, step))
        elif step:
            runs.append([_Step(row, step)])
    assert any(len(run) > 1 for run in runs if run[0].step == "mayor")
    assert any(run[0].step == "storage" for run in runs)
    for run in runs:
        assert len({step.row.created_at for step in run}) == 1, run  # one transaction: one paced step
        first, last = run[0].row.seq, run[-1].row.seq
        assert first in entries and not any(seq in entries for seq in range(first + 1, last + 1))
        if run[0].step == "mayor":  # the arrangement is told once, not colonist by colonist
            lines = entries[first]["lines"]
            assert "colonists:" in lines[0] or "has no colonists" in lines[0], lines
            assert not any("places a colonist" in line for line in lines), lines


class _Step:
    def __init__(self, row: Any, step: str) -> None:
        self.row = row
        self.step = step
        self.seat = row.seat

    def __repr__(self) -> str:
        return f"{self.row.seq}:{self.row.action}@{self.row.created_at}"
