"""A server that went down without stopping its clocks (a crash) resumes each clock with the time it
had at the last stored change: the time it was down counts for nobody, nor does the part of the
decision in progress that was never stored."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from isla.server import ServerConfig
from isla.server.store import Store
from isla.server.tables import Caller, LocalTableService, NewTable, SeatRequest
from isla.server.wallclock import ManualClock


def test_after_a_crash_each_clock_resumes_with_what_it_had_at_the_last_stored_change(
    config: ServerConfig,
) -> None:
    clock = ManualClock()
    settings = replace(config, wall_clock=clock, bot_workers=0)
    people = [SeatRequest("human", name="Ann"), SeatRequest("human", name="Bob")]
    clocked = {"mode": "realtime", "bank": 60, "increment": 5}

    async def crash() -> str:
        store = await Store.open(settings.url())
        service = LocalTableService(store, settings)
        await service.open()
        created = await service.create(NewTable("puertorico", people, seating="fixed", clock=clocked))
        table_id = created["table"]["id"]
        ann = Caller(created["tokens"][0]["token"])
        clock.advance(10)
        table = await service.submit(table_id, ann, 0, [created["table"]["legal"][0]])
        assert table["clocks"]["left"][0] == 55_000  # stored with the move: 60 - 10 + 5
        clock.advance(20)  # 20 s into the next decision, then the process dies: nothing stops it
        await store.close()
        return str(table_id)

    async def restart(table_id: str) -> dict[str, object]:
        store = await Store.open(settings.url())
        service = LocalTableService(store, settings)
        try:
            await service.open()
            clocks: dict[str, object] = (await service.table(table_id, Caller()))["clocks"]
            return clocks
        finally:
            await service.close()
            await store.close()

    table_id = asyncio.run(crash())
    clock.advance(7200)  # two hours down
    clocks = asyncio.run(restart(table_id))
    running = clocks["running"]
    assert isinstance(running, int) and isinstance(clocks["left"], list)
    assert clocks["left"][running] == (55_000 if running == 0 else 60_000)
    assert clocks["deadline"] == clock.now() + clocks["left"][running]
