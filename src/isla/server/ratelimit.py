"""A token bucket per WebSocket connection, so one page or script cannot flood the tables.

A person clicking never comes near the limit (the page sends one message per click); a runaway
script does, and then its extra messages are refused one by one with an error while everyone
else's connections carry on. A connection that keeps sending after being refused a whole burst's
worth is closed: it is not listening. The clock is injected so the arithmetic can be tested
without waiting.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

# A bucket shared by several processes (cluster.py): (key, rate, burst) -> (taken, tokens left), or
# None: count here.
Shared = Callable[[str, float, int], Awaitable[tuple[bool, float] | None]]


class TokenBucket:
    """`rate` messages per second on average, with bursts of up to `burst` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a token bucket needs a positive rate and a burst of at least 1")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()
        self.refused_in_a_row = 0

    def take(self) -> bool:
        """True if a message may pass now (and count it); False if it must be refused."""
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        return False

    def full(self) -> bool:
        """True if a whole burst could pass now: the sender has been quiet long enough to be forgotten."""
        return self._tokens + (self._clock() - self._last) * self.rate >= self.burst

    def flooding(self) -> bool:
        """True once a whole burst in a row has been refused: the sender ignores the errors."""
        return self.refused_in_a_row >= self.burst
