"""Finished tables leave the server's memory and come back from their log when asked (SQLite and
PostgreSQL). The table service is driven directly here, on a real database: what is in memory is
not visible over the API, and must not change anything a client sees."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

from servertools import PATIENCE, timeless

from isla.server import ServerConfig
from isla.server.store import Store
from isla.server.tables import Caller, LocalTableService, NewTable, SeatRequest
from isla.server.words import entry_lines


async def until(what: str, check: Any) -> Any:
    deadline = time.monotonic() + PATIENCE
    while not (value := await check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.02)
    return value


def test_a_finished_table_leaves_memory_once_nobody_follows_it_and_is_read_back_from_its_log(
    config: ServerConfig,
) -> None:
    async def scenario() -> None:
        store = await Store.open(config.url())
        service = LocalTableService(store, replace(config, release_seconds=0.0))
        await service.open()
        try:
            bots = [SeatRequest("bot", bot="random")] * 3
            table_id = (await service.create(NewTable("puertorico", bots)))["table"]["id"]
            spectator = Caller()
            await service.follow(table_id, spectator, 0, present=True)

            async def over() -> Any:
                return (await service.log(table_id))["record"]

            await until("the game to finish", over)
            logged = await service.log(table_id)
            table = await service.table(table_id, spectator)
            await asyncio.sleep(0.05)  # past the release delay (0 s): kept, since it is followed
            assert service.holds(table_id)
            await service.detach(table_id, None)

            async def released() -> bool:
                return not service.holds(table_id)

            await until("the finished table to leave memory", released)
            # Asked again, it is read back from the log: the same table, log and log in words.
            assert timeless(await service.table(table_id, spectator)) == timeless(table)
            assert await service.log(table_id) == logged
            snapshot, words = await service.follow(table_id, spectator, 0, present=True)
            assert timeless(snapshot) == timeless(table)
            # the log API adds each line's structure (`said`) beside the words the pushes carry
            read_back = [{**entry, "lines": entry_lines(entry)} for entry in words]  # lines as Saids again
            assert [{k: v for k, v in e.items() if k != "said"} for e in logged["words"]] == read_back
            assert [t["id"] for t in await service.tables("finished")] == [table_id]
            await asyncio.sleep(0.05)
            assert service.holds(table_id)  # followed again: kept while followed
            await service.detach(table_id, None)
            await until("the finished table to leave memory again", released)
        finally:
            await service.close()
            await store.close()

    asyncio.run(scenario())
