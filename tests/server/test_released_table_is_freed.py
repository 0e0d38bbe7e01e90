"""A finished table let go from memory is freed at once, by reference counting alone.

The server freezes what start-up made and collects the young generations often, but a full
collection of what came later is rare (collector.py): a released table caught in a reference
cycle (its log in words asking it for the seats' names, a timer holding it) would stay in memory,
with its whole log, until such a collection came. Under load that was most of a process's growth.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from dataclasses import replace

from isla.server import ServerConfig
from isla.server.store import Store
from isla.server.tables import Caller, LocalTableService, NewTable, SeatRequest

SHORT = {"vp_supply": 3}  # a game of about 50-150 actions


def test_a_finished_table_let_go_from_memory_is_freed_without_the_cycle_collector(
    config: ServerConfig,
) -> None:
    async def scenario() -> tuple[bool, bool]:
        store = await Store.open(config.url())
        service = LocalTableService(store, replace(config, release_seconds=0.01))
        try:
            await service.open()
            people = [SeatRequest("human", name="Ann"), SeatRequest("human", name="Bob")]
            created = await service.create(NewTable("puertorico", people, seating="fixed", options=SHORT))
            table_id = created["table"]["id"]
            callers = [Caller(token["token"]) for token in created["tokens"]]
            held = weakref.ref(service._live[table_id])
            gc.disable()  # from here on only reference counting frees anything
            while (table := await service.table(table_id, callers[0]))["status"] == "playing":
                mover = callers[table["to_move"]]
                legal = (await service.table(table_id, mover))["legal"]
                await service.submit(table_id, mover, table["seq"], [legal[0]])
            for _ in range(500):  # until it is let go (release_seconds after the end)
                if not service.holds(table_id):
                    break
                await asyncio.sleep(0.01)
            released = not service.holds(table_id)
            await asyncio.sleep(0)
            return released, held() is None
        finally:
            gc.enable()
            await service.close()
            await store.close()

    released, freed = asyncio.run(scenario())
    assert released
    assert freed
