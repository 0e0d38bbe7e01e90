"""Group commit for moves: the moves of many tables that wait to be logged share one transaction.

Every move is acknowledged only once it is committed, and a commit is the costly part of logging
it (on SQLite the one writing connection is taken in turn, with a round trip to its thread for
each statement; on PostgreSQL each commit waits for the WAL to reach the disk). Under load, while
one transaction runs, the moves of other tables queue behind it: the next transaction takes all of
them at once (one INSERT for their actions), so the cost of a commit is shared and the queue never
grows beyond what one transaction carries. A lone move is written at once, as before: nothing waits
for a batch to fill.

Each table has at most one move waiting (the table service holds the table's lock while it logs),
so moves of one table are never reordered. If a batch fails because one of its moves lost its
(table, seq) to another writer, the batch is rolled back whole and each move is written alone, so
only that one loses (`SeqTaken`) and the others are logged. A database that cannot serve fails every
move of the batch with `DatabaseUnavailable`, as it would have failed each alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from isla.server.store.repository import StoredClocks

# At most this many moves in one transaction (a bound on how long one transaction holds the writer).
MOST = 256


@dataclass
class Move:
    """One table's actions to log at first_seq, first_seq + 1, ..., with what goes in the same
    transaction: an event (kind, detail) and the table's clocks (None: unchanged)."""

    table_id: str
    first_seq: int
    seat: int
    actions: Sequence[str]
    source: str
    stamp: datetime
    event: tuple[str, str] | None = None
    clocks: StoredClocks | None = None
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    @property
    def written(self) -> tuple[str, int, Move]:
        """(table, its log's length once written, the move), as the store tells its listeners."""
        return self.table_id, self.first_seq + len(self.actions), self


class Appends:
    """The queue of moves waiting to be logged, and the task that logs them, a batch at a time.

    `together(moves)` writes a batch in one transaction; `alone(move)` writes one move in its own
    (and raises what that move alone meets, `SeqTaken` included); `lost(error)` says whether an error
    of `together` may be one move's lost (table, seq), for which each move is tried alone.
    """

    def __init__(
        self,
        together: Callable[[list[Move]], Awaitable[None]],
        alone: Callable[[Move], Awaitable[None]],
        lost: Callable[[BaseException], bool],
    ) -> None:
        self._together = together
        self._alone = alone
        self._lost = lost
        self._waiting: list[Move] = []
        self._task: asyncio.Task[None] | None = None
        self.batches = 0  # transactions written, and the moves in them
        self.moves = 0

    async def log(self, move: Move) -> None:
        """Log the move; return once it is committed (or raise why it was not). A caller cancelled
        meanwhile does not take its move back: it is written with its batch all the same (the table
        service waits for it then, tables._outlive_caller, so that its table in memory takes it too)."""
        move.done.add_done_callback(_retrieved)  # its caller may be gone: no "never retrieved" warning
        self._waiting.append(move)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="log moves")
        await asyncio.shield(move.done)  # one caller's cancellation must not cancel the batch's write

    async def _run(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:MOST], self._waiting[MOST:]
            await self._write(batch)

    async def _write(self, batch: list[Move]) -> None:
        self.batches += 1
        self.moves += len(batch)
        try:
            if len(batch) == 1:
                await self._alone(batch[0])
            else:
                await self._together(batch)
        except Exception as error:
            if len(batch) == 1 or not self._lost(error):
                for move in batch:
                    _fail(move, error)
                return
            for move in batch:  # one of them lost its seq: find which, logging the others
                try:
                    await self._alone(move)
                except Exception as alone:
                    _fail(move, alone)
                else:
                    _succeed(move)
            return
        except BaseException:  # cancelled (the server stops): nobody waits for ever
            for move in batch:
                move.done.cancel()
            raise
        for move in batch:
            _succeed(move)


def _succeed(move: Move) -> None:
    if not move.done.done():
        move.done.set_result(None)


def _fail(move: Move, error: BaseException) -> None:
    if not move.done.done():
        move.done.set_exception(error)


def _retrieved(done: asyncio.Future[None]) -> None:
    if not done.cancelled():
        done.exception()
