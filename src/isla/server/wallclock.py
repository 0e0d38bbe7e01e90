"""The wall time the server's clocks read, and waiting for an instant of it: injectable for tests.

`isla.clocks` never reads the time; the server asks one `WallClock` (ServerConfig.wall_clock, the
system's by default) for the instant of every change, in epoch milliseconds, and waits on it for
each deadline. A test gives the server a `ManualClock` it moves forward by hand: a bank of ten
minutes then runs out in a moment, and no test sleeps to see a clock run down.
"""

from __future__ import annotations

import asyncio
import threading
import time


class WallClock:
    """The system's wall time. `wait_until` looks at the time again at least every `poll` seconds,
    so a deadline is still met after the machine's time was changed."""

    poll: float = 30.0

    def now(self) -> int:
        """The current instant in epoch milliseconds."""
        return time.time_ns() // 1_000_000

    async def wait_until(self, at: int) -> None:
        """Return once the time is `at` or later (at once if it is already)."""
        while (left := at - self.now()) > 0:
            await asyncio.sleep(min(left / 1000, self.poll))


class ManualClock(WallClock):
    """A wall time that moves only when told (`advance`, `set`), from any thread: the test's clock.

    Waiters look again every `poll` seconds of real time, so a deadline passed by `advance` is
    noticed within a few milliseconds, however far the clock jumped.
    """

    poll = 0.01

    def __init__(self, start: int = 1_800_000_000_000) -> None:
        self._now = start
        self._lock = threading.Lock()

    def now(self) -> int:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> int:
        """Move the time `seconds` on; the new instant."""
        with self._lock:
            self._now += round(seconds * 1000)
            return self._now

    def set(self, at: int) -> None:
        with self._lock:
            self._now = at
