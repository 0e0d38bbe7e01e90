"""A process reading a table in while another process moves on it ends up with the move.

Two servers in this test process share one PostgreSQL database through Redis. The second reads a
table back (its start-up rebuild) while a real PostgreSQL lock holds that read halfway: it has read
the table's log, not yet its events. Meanwhile the first process logs a move and tells the second,
whose catch-up must wait for that read and then apply the move the read could not have seen,
instead of keeping the copy from before the move (the seat to move would never be shown its turn).
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace

from servertools import PATIENCE, Apps, create, get, human, serve, wait_for
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from isla.server import ServerConfig

WAITING_FOR_EVENTS = """SELECT count(*) FROM pg_stat_activity
WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%table_events%'"""


class EventsLocked:
    """`LOCK TABLE table_events IN ACCESS EXCLUSIVE MODE` held in a transaction of its own (in a
    thread with its own event loop) until `release()`; `waiting()` counts the reads it holds."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._locked = threading.Event()
        self._release = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._hold()), name="events lock")

    def __enter__(self) -> EventsLocked:
        self._thread.start()
        assert self._locked.wait(PATIENCE), "the lock was not taken"
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()

    def release(self) -> None:
        self._release.set()
        self._thread.join(PATIENCE)

    async def _hold(self) -> None:
        engine = create_async_engine(self.url)
        try:
            async with engine.connect() as connection, connection.begin():
                await connection.execute(text("LOCK TABLE table_events IN ACCESS EXCLUSIVE MODE"))
                self._locked.set()
                await asyncio.get_running_loop().run_in_executor(None, self._release.wait, PATIENCE)
        finally:
            await engine.dispose()

    def waiting(self) -> int:
        async def count() -> int:
            engine = create_async_engine(self.url)
            try:
                async with engine.connect() as connection:
                    return int((await connection.execute(text(WAITING_FOR_EVENTS))).scalar_one())
            finally:
                await engine.dispose()

        return asyncio.run(count())


def test_a_move_made_elsewhere_while_a_process_reads_the_table_in_reaches_its_copy(
    shared: ServerConfig, postgres_database: str, apps: Apps
) -> None:
    first, second = (replace(shared, data_dir=shared.data_dir / name) for name in ("one", "two"))
    with serve(first, wrap=apps.wrap) as one, one.client() as http:
        created = create(http, [human("Ann"), human("Bob"), human("Cid")], game="puertorico", seating="fixed")
        table_id, ann = created["table"]["id"], created["tokens"][0]["token"]
        with EventsLocked(postgres_database) as lock, serve(second, wrap=apps.wrap) as two:
            # The second process's rebuild has read the table's log at seq 0, and waits for its events.
            wait_for("the second process's read to wait", lambda: lock.waiting() >= 1)
            reading = apps.service(1)
            assert not reading.holds(table_id)
            with one.client(ann) as player:
                move = {"seq": 0, "actions": [get(player, table_id)["legal"][0]]}
                moved = player.post(f"/api/tables/{table_id}/actions", json=move)
                assert moved.status_code == 200, moved.text
            # The move's notice has reached the second process, which is still reading the table in.
            wait_for("the notice to arrive", lambda: table_id in reading._catching)
            assert not reading.holds(table_id)
            lock.release()
            with two.client() as reader:
                wait_for("the second process's copy at seq 1", lambda: get(reader, table_id)["seq"] == 1)
