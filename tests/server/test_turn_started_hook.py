"""The turn notice hook: `service.clocks.on_turn_started(listener)` hears of every person's turn that
begins at a turn-based table (the first one included), and of none at a real-time table."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from isla.server import ServerConfig
from isla.server.store import Store
from isla.server.tables import Caller, LocalTableService, NewTable, SeatRequest
from isla.server.wallclock import ManualClock


def test_every_turn_that_begins_at_a_turn_based_table_is_told_to_the_turn_listeners(
    config: ServerConfig,
) -> None:
    async def scenario() -> list[tuple[str, int, str | None]]:
        store = await Store.open(config.url())
        service = LocalTableService(store, replace(config, wall_clock=ManualClock()))
        heard: list[tuple[str, int, str | None]] = []
        service.clocks.on_turn_started(lambda table, seat, account: heard.append((table, seat, account)))
        try:
            await service.open()
            people = [SeatRequest("human", name="Ann"), SeatRequest("human", name="Bob")]
            realtime = await service.create(NewTable("puertorico", people, seating="fixed", clock="fast"))
            assert heard == [], "a real-time table tells nobody"
            created = await service.create(NewTable("puertorico", people, seating="fixed", clock="24h"))
            table_id = created["table"]["id"]
            assert heard == [(table_id, 0, None)]  # the first decision of the game
            ann = Caller(created["tokens"][0]["token"])
            while (table := await service.table(table_id, ann))["to_move"] == 0:
                await service.submit(table_id, ann, table["seq"], [table["legal"][0]])
            assert heard == [(table_id, 0, None), (table_id, 1, None)]  # Ann's next decisions: no news
            assert realtime["table"]["clocks"]["running"] == 0
            return heard
        finally:
            await service.close()
            await store.close()

    assert len(asyncio.run(scenario())) == 2
