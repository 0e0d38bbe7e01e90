"""How often one client may try to sign in: a bound on guessing names and passwords.

Two limits, kept in memory (a restart forgets them, which only helps a guesser once); with several
processes sharing Redis, both are counted there, across them (cluster.py), while it answers:

- **per client**: every sign-in attempt (as a guest, registering, logging in) takes a token from
  its client's bucket, which refills at `sign_ins_per_minute` up to `sign_in_burst`. A person signs
  in a few times a day; a script asking which names are accounts, or trying one password on many
  names (spraying), is slowed to that rate.
- **per client and name**: after LOGIN_FAILURES failed logins for one name from one client within
  LOGIN_WINDOW seconds, that client's further logins for that name wait until the window passes.
  Keyed by client too, so a stranger's guesses never lock the right password out for its owner.

The client is the network address (clients.py): behind a reverse proxy, set `trusted_proxies`, or
everybody shares the proxy's limit. The clock is injected so the arithmetic can be tested without
waiting.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Awaitable, Callable

from isla.core.said import Said, generic, generic_n
from isla.server.ratelimit import Shared
from isla.server.tables import TableError

# A sliding window shared by several processes (cluster.py): count (key, seconds, most) -> (counted,
# the wait when it was full), or None: count here; empty (key) -> False: Redis is away.
Counting = Callable[[str, float, int], Awaitable[tuple[bool, float] | None]]
Emptying = Callable[[str], Awaitable[bool]]
# Failed logins allowed per (client, name) within the window; further attempts wait until it passes.
LOGIN_FAILURES = 5
LOGIN_WINDOW = 60.0
# Beyond this many clients (or client-name pairs) remembered, the ones at rest are forgotten.
REMEMBERED = 10_000


def _seconds(wait: float) -> Said:
    return generic_n("{n} second", "{n} seconds", max(1, math.ceil(wait)))


def _too_many(wait: float) -> TableError:
    message = generic("too many sign-ins from your address; try again in {wait}", wait=_seconds(wait))
    return TableError("too_many", message)


def _too_many_failed(wait: float) -> TableError:
    message = generic("too many failed sign-ins for this name from your address; try again in {wait}",
                      wait=_seconds(wait))
    return TableError("too_many", message)


class SignInLimits:
    """The two limits of the module docstring; each check raises TableError `too_many` when it refuses."""

    def __init__(self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("sign-in limits need a positive rate and a burst of at least 1")
        self.rate = per_minute / 60.0
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when counted)
        self._failures: dict[tuple[str, str], deque[float]] = {}
        self.shared: Shared | None = None  # several processes: the per-client bucket is in Redis
        self.shared_window: tuple[Counting, Emptying] | None = None  # ... and the failed logins

    async def count(self, client: str) -> None:
        """`attempt`, counted on every process when they share Redis (while it answers)."""
        shared = self.shared
        counted = None if shared is None else await shared("sign-in:" + client, self.rate, self.burst)
        if counted is None:
            self.attempt(client)
        elif not counted[0]:
            raise _too_many((1.0 - counted[1]) / self.rate)

    def attempt(self, client: str) -> None:
        """Count one sign-in attempt of `client`; refuse it if the client has used up its burst."""
        now = self._clock()
        tokens, then = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            raise _too_many((1.0 - tokens) / self.rate)
        if client not in self._buckets and len(self._buckets) >= REMEMBERED:
            self._forget_rested(now)
        self._buckets[client] = (tokens - 1.0, now)

    async def count_login(self, client: str, key: str) -> None:
        """`login`, counted on every process when they share Redis (while it answers)."""
        shared = self.shared_window
        counted = None if shared is None else await shared[0](f"login:{client}:{key}", LOGIN_WINDOW,
                                                               LOGIN_FAILURES)
        if counted is None:
            self.login(client, key)
        elif not counted[0]:
            raise _too_many_failed(counted[1])

    async def login_succeeded(self, client: str, key: str) -> None:
        """`succeeded`, on every process when they share Redis."""
        self.succeeded(client, key)
        if self.shared_window is not None:
            await self.shared_window[1](f"login:{client}:{key}")

    def login(self, client: str, key: str) -> None:
        """Count a login for the name `key` from `client` as failed until `succeeded`; refuse it if
        too many failed lately. Counting before the (slow) check limits a parallel burst too."""
        now = self._clock()
        cutoff = now - LOGIN_WINDOW
        failures = self._failures.get((client, key))
        if failures is None:
            if len(self._failures) >= REMEMBERED:
                for old in [k for k, times in self._failures.items() if not times or times[-1] <= cutoff]:
                    del self._failures[old]
            failures = self._failures[client, key] = deque(maxlen=LOGIN_FAILURES)
        while failures and failures[0] <= cutoff:
            failures.popleft()
        if len(failures) >= LOGIN_FAILURES:
            raise _too_many_failed(failures[0] - cutoff)
        failures.append(now)

    def succeeded(self, client: str, key: str) -> None:
        """A login for `key` from `client` succeeded: its failures are forgotten."""
        self._failures.pop((client, key), None)

    def _forget_rested(self, now: float) -> None:
        """Drop the buckets that have refilled: forgetting them changes nothing."""
        for client, (tokens, then) in list(self._buckets.items()):
            if tokens + (now - then) * self.rate >= self.burst:
                del self._buckets[client]
