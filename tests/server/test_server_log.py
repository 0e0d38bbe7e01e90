"""The action log is the truth: the unique (table, seq) decides races, and restarts rebuild from it.

Every test runs on a SQLite file and on PostgreSQL.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

import httpx2
import pytest
from servertools import (
    PATIENCE,
    act,
    bot,
    create,
    get,
    human,
    run_async,
    serve,
    table_log,
    timeless,
    wait_for,
)
from sqlalchemy import inspect

from isla.core import Record, replay
from isla.server.config import ServerConfig
from isla.server.store import SeqTaken, Store, StoredSeat, StoredTable
from isla.server.store.db import MIGRATIONS, current_revision


def test_migrations_reach_head_and_the_log_is_unique_per_table_and_seq(database_url: str) -> None:
    from alembic.script import ScriptDirectory

    from isla.server.store.db import alembic_config

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert MIGRATIONS.is_dir() and head is not None

    async def check(store: Store) -> tuple[str | None, list[dict[str, Any]]]:
        async with store.engine.connect() as connection:
            uniques = await connection.run_sync(
                lambda sync: inspect(sync).get_unique_constraints("table_actions")
            )
        return await current_revision(store.engine), uniques

    revision, uniques = run_async(check, database_url)
    assert revision == head
    assert ["table_id", "seq"] in [u["column_names"] for u in uniques]


def test_the_store_refuses_a_second_writer_at_the_same_seq(database_url: str) -> None:
    async def job(store: Store) -> StoredTable | None:
        seats = [StoredSeat(0, "human", 0, name="Ann"), StoredSeat(1, "human", 1, name="Bob")]
        await store.insert_table(
            StoredTable("t-race", "puertorico", 2, {}, 7, "x", "fixed", "playing", seats)
        )
        await store.append("t-race", 0, 0, ["role:settler", "settle:corn"], source="player")
        with pytest.raises(SeqTaken):  # one of the two seqs is taken: neither row is written
            await store.append("t-race", 1, 1, ["role:mayor", "mayor:take"], source="player")
        await store.append("t-race", 2, 1, ["role:mayor"], source="player")
        return await store.load("t-race")

    stored = run_async(job, database_url)
    assert stored is not None
    assert [(a.seq, a.seat, a.action) for a in stored.actions] == [
        (0, 0, "role:settler"), (1, 0, "settle:corn"), (2, 1, "role:mayor")
    ]


def two_player_table(client: httpx2.Client) -> tuple[str, str, str]:
    created = create(client, [human("Ann"), human("Bob")], seating="fixed")
    tokens = [t["token"] for t in created["tokens"]]
    return created["table"]["id"], tokens[0], tokens[1]


def test_concurrent_submissions_with_one_seq_exactly_one_wins(config: ServerConfig) -> None:
    with serve(config) as server, server.client() as anon:
        table_id, ann_token, _ = two_player_table(anon)
        with server.client(ann_token) as ann:
            legal = get(ann, table_id)["legal"]
        answers: list[httpx2.Response] = []
        start = threading.Barrier(2, timeout=PATIENCE)

        def submit(action: str) -> None:
            with server.client(ann_token) as client:
                start.wait()
                answers.append(act(client, table_id, 0, action))

        threads = [threading.Thread(target=submit, args=(a,)) for a in legal[:2]]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(PATIENCE)
            assert not thread.is_alive(), "a submission never returned"
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 409], [a.text for a in answers]
        [winner] = [a.json() for a in answers if a.status_code == 200]
        [loser] = [a.json() for a in answers if a.status_code == 409]
        assert loser["code"] == "stale"
        logged = table_log(anon, table_id)["actions"]
        assert len(logged) == 1 and logged[0]["seq"] == 0
        assert winner["seq"] == 1 and logged[0]["action"] in legal[:2]


def test_a_second_server_on_the_same_database_loses_cleanly(config: ServerConfig) -> None:
    with serve(config) as first, first.client() as anon:
        table_id, ann_token, _ = two_player_table(anon)
        # The second server loads the table when it starts, at seq 0.
        with serve(config) as second, first.client(ann_token) as ann_first, \
                second.client(ann_token) as ann_second:
            legal = get(ann_second, table_id)["legal"]
            assert get(ann_first, table_id)["seq"] == 0
            assert act(ann_first, table_id, 0, legal[0]).status_code == 200
            # The second server still believes the table is at seq 0: the database says no.
            lost = act(ann_second, table_id, 0, legal[1])
            assert lost.status_code == 409, lost.text
            assert lost.json()["code"] == "conflict"
            # It has reloaded the table from the log and now agrees with the first server.
            assert timeless(get(ann_second, table_id)) == timeless(get(ann_first, table_id))
            assert [a["action"] for a in table_log(anon, table_id)["actions"]] == [legal[0]]


def test_a_restarted_server_continues_a_game_with_a_person_and_bots(config: ServerConfig) -> None:
    rng = random.Random(4)
    seen: list[dict[str, Any]] = []

    def play_some(server_url: str, token: str, table_id: str, moves: int | None) -> dict[str, Any]:
        """Ann plays random legal moves; the bots answer. Stop after `moves`, or at the end."""
        with httpx2.Client(base_url=server_url, headers={"Authorization": f"Bearer {token}"}) as ann:

            def ready() -> dict[str, Any] | None:
                table = get(ann, table_id)
                return table if table["to_move"] == 0 or table["status"] == "finished" else None

            while True:
                table = wait_for("Ann's turn or the end", ready)
                if table["status"] == "finished" or moves == 0:
                    return table
                seen.append(table)
                answer = act(ann, table_id, table["seq"], rng.choice(table["legal"]))
                assert answer.status_code == 200, answer.text
                if moves is not None:
                    moves -= 1

    with serve(config) as first, first.client() as anon:
        created = create(anon, [human("Ann"), bot("random"), bot("random")], seating="fixed")
        table_id = created["table"]["id"]
        token = created["tokens"][0]["token"]
        before = play_some(first.url, token, table_id, moves=4)
        assert before["status"] == "playing" and before["seq"] > 4

    with serve(config) as second:
        with second.client(token) as ann:
            # the very same table, rebuilt from the log
            assert timeless(get(ann, table_id)) == timeless(before)
        end = play_some(second.url, token, table_id, moves=None)
        with second.client(token) as ann:
            late = act(ann, table_id, end["seq"], "role:settler")
            assert late.status_code == 409 and late.json()["code"] == "finished"
        with second.client() as anon:
            record = Record.from_json(table_log(anon, table_id)["record"])
    assert record.seats == ["Ann", "Random bot 1", "Random bot 2"]  # alike bots are numbered
    final = record.replay()
    assert end["result"] == final.result().to_json() and end["view"] == final.view(0)
    for table in seen:  # every view Ann was shown is the engine's view of the logged game
        assert replay(record, upto=table["seq"]).view(0) == table["view"]


def test_a_restarted_server_lets_its_bots_carry_on(config: ServerConfig) -> None:
    with serve(replace(config, bot_pace=0.01)) as first, first.client() as client:
        created = create(client, [bot("random"), bot("random"), bot("random")])
        table_id = created["table"]["id"]
        wait_for("a few bot moves", lambda: get(client, table_id)["seq"] >= 5)
        early = [a["action"] for a in table_log(client, table_id)["actions"]]
    with serve(config) as second, second.client() as client:
        # Nobody looks at the table: the server resumed its bots on its own at start.
        wait_for("the bots to finish", lambda: table_log(client, table_id)["record"])
        logged = table_log(client, table_id)
    record = Record.from_json(logged["record"])
    assert record.actions[: len(early)] == early
    assert [a["seq"] for a in logged["actions"]] == list(range(len(record.actions)))
    assert record.replay().is_over
