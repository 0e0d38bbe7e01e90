"""A mover who goes away while the move is being logged (its WebSocket closes, its task is
cancelled) does not leave the table in memory a move behind its log: the move, once written, is
the table's, and the next move goes on from it instead of losing with `conflict`."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from isla.server import ServerConfig
from isla.server.store import Store
from isla.server.tables import Caller, LocalTableService, NewTable, SeatRequest


def test_a_move_whose_mover_was_cancelled_while_it_was_logged_is_the_tables_and_play_goes_on(
    config: ServerConfig,
) -> None:
    async def scenario() -> dict[str, Any]:
        store = await Store.open(config.url())
        service = LocalTableService(store, config)
        try:
            await service.open()
            people = [SeatRequest("human", name="Ann"), SeatRequest("human", name="Bob")]
            created = await service.create(NewTable("puertorico", people, seating="fixed"))
            table_id = created["table"]["id"]
            callers = [Caller(token["token"]) for token in created["tokens"]]
            table = await service.table(table_id, callers[0])
            mover = callers[table["to_move"]]
            moving = asyncio.ensure_future(service.submit(table_id, mover, 0, [table["legal"][0]]))
            for _ in range(1000):  # until the move waits in the store's queue to be written
                if store._appends._waiting:
                    break
                await asyncio.sleep(0)
            assert store._appends._waiting, "the move never reached the store"
            moving.cancel()
            with pytest.raises(asyncio.CancelledError):
                await moving
            logged = await store.load(table_id)
            assert logged is not None
            after = await service.table(table_id, callers[0])
            next_mover = callers[after["to_move"]]
            answer = await service.submit(table_id, next_mover, after["seq"], [after["legal"][0]])
            return {"logged": len(logged.actions), "seq": after["seq"], "answer": answer}
        finally:
            await service.close()
            await store.close()

    seen = asyncio.run(scenario())
    assert seen["logged"] == 1  # the cancelled caller's move was written...
    assert seen["seq"] == 1  # ...and the table in memory took it
    assert seen["answer"]["seq"] == 2  # the next move is not refused as a conflict
