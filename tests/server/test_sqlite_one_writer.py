"""On SQLite every write goes through one connection; reads keep their own (store/db.py).

Several pooled connections writing at once only fight for the file's write lock (each sleeping in
SQLite's busy handler); one writing connection, which writers take in turn, is faster under load
(issue 18's profile) and changes nothing a client sees. Real parts: a real SQLite file and the
real store, with writes and reads sent concurrently; the connections that began each are recorded.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, event
from sqlalchemy.engine import Engine, make_url

from isla.server.store import Store
from isla.server.store.db import READ_ONLY


def test_concurrent_writes_share_one_sqlite_connection_while_reads_use_others(tmp_path: Path) -> None:
    began: dict[str, set[int]] = {"write": set(), "read": set()}

    def on_begin(connection: Connection) -> None:
        kind = "read" if connection.get_execution_options().get(READ_ONLY, False) else "write"
        began[kind].add(id(connection.connection.dbapi_connection))

    async def main() -> list[Any]:
        store = await Store.open(make_url(f"sqlite+aiosqlite:///{tmp_path / 'isla.db'}"))
        try:
            event.listen(Engine, "begin", on_begin)
            jobs = [store.delete_expired_sessions() for _ in range(20)]
            jobs += [store.summaries() for _ in range(20)]
            return await asyncio.gather(*jobs)
        finally:
            event.remove(Engine, "begin", on_begin)
            await store.close()

    answers = asyncio.run(main())
    assert answers[:20] == [0] * 20 and answers[20:] == [[]] * 20
    assert len(began["write"]) == 1, began
    assert len(began["read"]) >= 1 and not began["read"] & began["write"], began
