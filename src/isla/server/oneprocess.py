"""One `isla serve` process per database: a second one is refused at start, with a clear line.

A server keeps its live tables in memory (tables.py): their seats, clocks, bots and followers. A
second process on the same database would know nothing of the first one's tables, load its own
copies, and both would accept moves and run bots for one table; the unique (table, seq) rows would
refuse one of the writers, but only after its players had been answered. So unless the processes
share their tables through Redis (`--redis-url`, PostgreSQL only: cluster.py, docs/deploy.md), each
database has one serving process:

- SQLite: an exclusive `flock` on `<database>.serving` beside the file, held while the process
  runs (the kernel drops it when the process ends, however it ends, so a killed server never
  leaves a stale claim); the file names the holder's pid for the message.
- PostgreSQL: a session advisory lock of the database (`pg_try_advisory_lock`), held on a
  connection of its own while the process runs (dropped when that connection ends, with the
  process). Advisory locks belong to one database, so servers of different databases on one
  PostgreSQL never meet.

Test servers started inside a test process (create_app) take no claim: only `isla serve` does.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from sqlalchemy import URL, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

# The advisory lock's key: any constant 64-bit number no other application on the database uses
# ("isla" in ASCII, then "serv").
ADVISORY_KEY = 0x69736C6173657276


class AlreadyServed(Exception):
    """Another process serves this database already; the message says which and what to do."""


def claim_path(database: Path) -> Path:
    return database.with_name(database.name + ".serving")


@contextlib.contextmanager
def sqlite_claim(database: Path) -> Iterator[None]:
    """Hold the claim on the SQLite file `database` for the block; AlreadyServed if another has it."""
    import fcntl

    path = claim_path(database)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(handle, 32, 0).decode(errors="replace").strip() or "unknown"
            raise AlreadyServed(
                f"another isla serve (pid {holder}) is serving {database}; one process serves an "
                "SQLite database (several processes need PostgreSQL and Redis: docs/deploy.md)"
            ) from None
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(handle)  # closing the file drops the lock


@contextlib.asynccontextmanager
async def postgres_claim(url: URL) -> AsyncIterator[None]:
    """Hold the database's advisory lock for the block; AlreadyServed if another process has it."""
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            held = await connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY})
            if not held:
                raise AlreadyServed(
                    f"another isla serve is serving the PostgreSQL database {url.database!r}; several "
                    "processes on one database need Redis to share their tables (docs/deploy.md)"
                )
            await connection.commit()  # the lock is the session's: it outlives the transaction
            yield
    finally:
        await engine.dispose()


def sqlite_file(url: URL) -> Path | None:
    """The file of an SQLite URL (None: not SQLite, or a database in memory)."""
    if not url.drivername.startswith("sqlite") or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database).resolve()


__all__ = ["ADVISORY_KEY", "AlreadyServed", "postgres_claim", "sqlite_claim", "sqlite_file"]
