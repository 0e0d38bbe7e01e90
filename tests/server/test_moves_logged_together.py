"""Moves of several tables waiting at once are committed in one transaction (store/appends.py),
and a move that lost its (table, seq) to another writer loses alone: the others are logged."""

from __future__ import annotations

import asyncio
from typing import Any

from servertools import run_async

from isla.server.store import Store
from isla.server.store.repository import SeqTaken, StoredSeat, StoredTable

TABLES = ["t-one", "t-two", "t-three", "t-four"]


async def tables(store: Store) -> None:
    for table_id in TABLES:
        await store.insert_table(StoredTable(
            id=table_id, game="puertorico", players=2, options={}, seed=1, engine_version="test",
            seating="fixed", status="playing",
            seats=[StoredSeat(0, "bot", seat=0, bot="random"), StoredSeat(1, "bot", seat=1, bot="random")],
        ))


async def logged(store: Store, table_id: str) -> list[tuple[int, str]]:
    table = await store.load(table_id)
    assert table is not None
    return [(action.seq, action.action) for action in table.actions]


def test_moves_of_several_tables_waiting_at_once_share_one_transaction(database_url: str) -> None:
    async def job(store: Store) -> dict[str, Any]:
        await tables(store)
        await store.append("t-one", 0, 0, ["first"], source="bot")  # alone: nothing else waits
        before = (store._appends.batches, store._appends.moves)
        told: list[tuple[str, int | None]] = []
        store.on_write.append(lambda table, seq, _move: told.append((table, seq)))
        await asyncio.gather(*(store.append(t, 1 if t == "t-one" else 0, 1, ["a", "b"], source="player")
                               for t in TABLES))
        return {"before": before, "after": (store._appends.batches, store._appends.moves), "told": told,
                "logs": {t: await logged(store, t) for t in TABLES}}

    seen = run_async(job, database_url)
    assert seen["before"] == (1, 1)
    assert seen["after"] == (2, 5)  # the four moves waiting together went in one transaction
    assert seen["logs"]["t-one"] == [(0, "first"), (1, "a"), (2, "b")]
    for table_id in TABLES[1:]:
        assert seen["logs"][table_id] == [(0, "a"), (1, "b")]
    assert sorted(seen["told"]) == sorted([("t-one", 3), ("t-two", 2), ("t-three", 2), ("t-four", 2)])


def test_a_move_whose_seq_another_writer_took_loses_alone_and_the_others_are_logged(
    database_url: str,
) -> None:
    async def job(store: Store) -> dict[str, Any]:
        await tables(store)
        await store.append("t-two", 0, 0, ["elsewhere"], source="player")  # the other writer's move
        told: list[tuple[str, int | None]] = []
        store.on_write.append(lambda table, seq, _move: told.append((table, seq)))
        results = await asyncio.gather(*(store.append(t, 0, 1, ["mine"], source="player") for t in TABLES),
                                       return_exceptions=True)
        return {"results": dict(zip(TABLES, results, strict=True)), "told": told,
                "logs": {t: await logged(store, t) for t in TABLES}}

    seen = run_async(job, database_url)
    assert isinstance(seen["results"]["t-two"], SeqTaken)
    assert [t for t, result in seen["results"].items() if result is not None] == ["t-two"]
    assert seen["logs"]["t-two"] == [(0, "elsewhere")]  # not overwritten, nothing added
    for table_id in ("t-one", "t-three", "t-four"):
        assert seen["logs"][table_id] == [(0, "mine")]
    assert sorted(seen["told"]) == sorted([("t-one", 1), ("t-three", 1), ("t-four", 1)])
