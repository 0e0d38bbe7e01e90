"""A restarted server serves at once: live tables are rebuilt in the background and on demand.

Replaying every live table before the first request took minutes with hundreds of tables. Now
`open()` returns before any table is rebuilt, the lobby lists every table from the store, and a
request for a table waits for that table's rebuild only: here one table's read-back is held at a
gate (the real store underneath, held back until the test lets it go) while another table is asked
for, rebuilt, and its bots carry on. The table service is driven directly, on a real database
(SQLite and PostgreSQL), because what is in memory is not visible over the API.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import pytest
from servertools import PATIENCE, act, create, human, run_async, serve, table_log
from sqlalchemy import update
from test_server_memory import until

from isla.server import ServerConfig
from isla.server.store import Store, StoredTable
from isla.server.store.models import ActionRow
from isla.server.tables import Caller, LocalTableService, NewTable, SeatRequest


class GatedStore(Store):
    """The real store, except that reading back one table waits until the test opens the gate."""

    gated = ""
    entered: asyncio.Event
    gate: asyncio.Event

    async def load(self, table_id: str) -> StoredTable | None:
        if table_id == self.gated:
            self.entered.set()
            await self.gate.wait()
        return await super().load(table_id)


async def _make_tables(config: ServerConfig) -> tuple[str, str]:
    """Two tables where a bot is to move (its move not yet made): one where a person has moved once,
    one that has just started."""
    store = await Store.open(config.url())
    service = LocalTableService(store, replace(config, bot_pace=3600.0))  # no bot moves before the restart
    try:
        await service.open()
        people = [SeatRequest("human", name="Ann"), SeatRequest("bot", bot="random")]
        created = await service.create(NewTable("puertorico", people, seating="fixed"))
        waiting = created["table"]["id"]
        ann = Caller(created["tokens"][0]["token"])
        await service.submit(waiting, ann, 0, [created["table"]["legal"][0]])
        bots_first = [SeatRequest("bot", bot="random"), SeatRequest("human", name="Bob")]
        moving = (await service.create(NewTable("puertorico", bots_first, seating="fixed")))["table"]["id"]
    finally:
        await service.close()
        await store.close()
    return waiting, moving


def test_a_restarted_server_serves_at_once_and_a_table_waits_for_its_own_rebuild_only(
    config: ServerConfig,
) -> None:
    async def scenario() -> None:
        waiting, moving = await _make_tables(config)
        store = GatedStore((await Store.open(config.url())).engine)
        before = await store.load(moving)
        assert before is not None and not before.actions, "the bot's first move is left to the restart"
        store.gated, store.entered, store.gate = waiting, asyncio.Event(), asyncio.Event()
        service = LocalTableService(store, config)
        try:
            # Before, open() rebuilt every table first, and so waited at the gate for good.
            await asyncio.wait_for(service.open(), PATIENCE)
            lobby = {t["id"]: t for t in await asyncio.wait_for(service.tables(), PATIENCE)}
            assert set(lobby) == {waiting, moving}
            assert not service.holds(waiting)  # listed from the store, with its log's length
            assert (lobby[waiting]["status"], lobby[waiting]["seq"]) == ("playing", 1)
            held = asyncio.create_task(service.table(waiting, Caller()))
            await asyncio.wait_for(store.entered.wait(), PATIENCE)  # its read-back is at the gate
            table = await asyncio.wait_for(service.table(moving, Caller()), PATIENCE)
            assert table["status"] == "playing" and not held.done()

            async def bot_moved() -> bool:
                return (await service.log(moving))["seq"] >= 1

            await until("the rebuilt table's bot to move", bot_moved)
            store.gate.set()
            assert (await asyncio.wait_for(held, PATIENCE))["seq"] >= 1
        finally:
            store.gate.set()
            await service.close()
            await store.close()

    asyncio.run(scenario())


def test_a_table_whose_log_cannot_be_replayed_is_unavailable_and_logged_once(
    config: ServerConfig, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="isla.server")
    with serve(config) as server, server.client() as client:
        created = create(client, [human("Ann"), human("Bob")], seating="fixed")
        broken = created["table"]["id"]
        with server.client(created["tokens"][0]["token"]) as ann:
            legal = ann.get(f"/api/tables/{broken}").json()["legal"]
            assert act(ann, broken, 0, legal[0]).status_code == 200

    async def spoil(store: Store) -> None:  # as if a later engine version had written it
        async with store.engine.begin() as connection:
            await connection.execute(update(ActionRow).where(ActionRow.table_id == broken)
                                     .values(action="no-such-action"))

    run_async(spoil, config.database_url or "")
    with serve(config) as server, server.client() as client:
        for _ in range(3):
            answer = client.get(f"/api/tables/{broken}")
            assert answer.status_code == 503, answer.text
            assert answer.json()["code"] == "unavailable"
        assert client.get("/api/tables").status_code == 200
        with pytest.raises(AssertionError):
            table_log(client, broken)
    lines = [r for r in caplog.records if r.name == "isla.server" and "cannot be rebuilt" in r.getMessage()]
    assert len(lines) == 1, [r.getMessage() for r in lines]
    assert not [r for r in caplog.records if r.exc_info]
