"""A table's clocks while it is played: what each seat has left, who is running since when.

The state is a value: every operation takes the instant it happens at (`at`, integer milliseconds
since the Unix epoch, read by the caller) and returns a new state, and `to_json`/`from_json` store
it. That is what lets a stopped server resume every clock exactly: it `stop`s the clocks as it
goes down (or the last stored state is read as stopped), and `resume`s them when it is up again,
with the same time left and nothing elapsed in between.

Only one seat decides at a time (`Game.to_move`). A running seat's clock counts from `since`:
wall time for a real-time table, playing hours only for a turn-based table that has them. A seat
whose time ran out is `out` (a stand-in bot plays it, and its clock does not run) until its player
reclaims it, when it gets a fresh grace period before it can time out again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from isla.clocks.errors import ClockError, shown
from isla.clocks.settings import Clock, Realtime, TurnBased, Untimed, parse_clock

SECOND_MS = 1000
MAX_SEATS = 16
MAX_INSTANT = 221_845_392_000_000  # 9000-01-01: a stored instant beyond it is not a time a server wrote


@dataclass(frozen=True)
class ClockState:
    """Each seat's time left (ms), the running seat and since when, and whether the clocks are stopped.

    `since` is set exactly when a seat is running, the clocks are not stopped and that seat is not
    out; `left[seat]` is what the seat had when its clock last started (it is the time left now
    minus what has elapsed since).
    """

    clock: Clock
    left: tuple[int, ...]
    out: frozenset[int] = frozenset()
    running: int | None = None
    since: int | None = None
    stopped: bool = False

    @classmethod
    def new(cls, clock: Clock, seats: int) -> ClockState:
        """The clocks of a game about to start: every seat with a full bank (or one move's time)."""
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a table has 1 to {MAX_SEATS} seats, not {seats}")
        return cls(clock, (_fresh(clock),) * seats)

    # -- reading --------------------------------------------------------------------------------

    def time_left(self, seat: int, at: int) -> int | None:
        """The ms `seat` has left at `at` (never negative); None on a table without a clock."""
        self._seat(seat)
        if isinstance(self.clock, Untimed):
            return None
        left = self.left[seat]
        if seat == self.running and self.since is not None:
            left -= _counted(self.clock, self.since, at)
        return max(left, 0)

    def deadline(self) -> int | None:
        """When the running seat times out (epoch ms), or None: nobody running, stopped, out, no clock."""
        if self.running is None or self.since is None or isinstance(self.clock, Untimed):
            return None
        return _advance(self.clock, self.since, self.left[self.running])

    def due(self, at: int) -> bool:
        """Whether the running seat's time has run out at `at` (the server then calls `time_out`)."""
        deadline = self.deadline()
        return deadline is not None and at >= deadline

    # -- a decision -----------------------------------------------------------------------------

    def start(self, seat: int, at: int) -> ClockState:
        """`seat` has a decision from `at`: it runs unless stopped or out (turn-based: a fresh move)."""
        self._seat(seat)
        if self.running is not None:
            raise ValueError(f"seat {self.running} is still deciding: end it before seat {seat} starts")
        left = self.left
        if isinstance(self.clock, TurnBased):
            left = _set(left, seat, _fresh(self.clock))
        runs = not self.stopped and seat not in self.out
        return replace(self, left=left, running=seat, since=at if runs else None)

    def end(self, at: int) -> ClockState:
        """The running seat decided at `at`: real-time bank - elapsed (never below 0) + increment.

        A seat that is out (a stand-in moved) gains no increment; a turn-based seat's next move gets a
        fresh `per_move` when it starts, so nothing carries over.
        """
        seat = self._running()
        left = self.time_left(seat, at) or 0
        if isinstance(self.clock, Realtime) and seat not in self.out:
            left += self.clock.increment * SECOND_MS
        elif isinstance(self.clock, TurnBased):
            left = _fresh(self.clock)
        return replace(self, left=_set(self.left, seat, left), running=None, since=None)

    # -- the server going down and coming back ----------------------------------------------------

    def stop(self, at: int) -> ClockState:
        """Stop every clock at `at` (the server goes down): the running seat keeps what it had left."""
        if self.stopped:
            return self
        left = self.left
        if self.running is not None and self.since is not None:
            left = _set(left, self.running, self.time_left(self.running, at) or 0)
        return replace(self, left=left, since=None, stopped=True)

    def resume(self, at: int) -> ClockState:
        """Restart the clocks at `at` (the server is up) with the time they had when they stopped."""
        if not self.stopped:
            return self
        runs = self.running is not None and self.running not in self.out
        return replace(self, since=at if runs else None, stopped=False)

    # -- a timeout and a reclaimed seat ---------------------------------------------------------

    def time_out(self, at: int) -> ClockState:
        """The running seat's time ran out (`due(at)`): it is out, with nothing left, until reclaimed."""
        seat = self._running()
        if not self.due(at):
            raise ValueError(f"seat {seat} has time left at {at}: it cannot time out yet")
        return replace(self, left=_set(self.left, seat, 0), out=self.out | {seat}, since=None)

    def reclaim(self, seat: int, at: int) -> ClockState:
        """`seat`'s player takes it back at `at`: it has at least its grace period before a new timeout."""
        self._seat(seat)
        if seat not in self.out:
            return self
        grace = 0 if isinstance(self.clock, Untimed) else self.clock.grace * SECOND_MS
        left = _set(self.left, seat, max(self.left[seat], grace))
        runs = seat == self.running and not self.stopped
        return replace(self, left=left, out=self.out - {seat}, since=at if runs else self.since)

    def timeout_detail(self, at: int) -> dict[str, Any]:
        """The `detail` of the log's `timeout` event: when, what the table does, and the clock state."""
        seat = self._running()
        ends = isinstance(self.clock, Realtime | TurnBased) and self.clock.on_timeout.end
        action = "end" if ends else "stand-in"
        return {"seat": seat, "at": at, "action": action, "clock": self.to_json()}

    # -- storing --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "clock": self.clock.to_json(),
            "left": list(self.left),
            "out": sorted(self.out),
            "running": self.running,
            "since": self.since,
            "stopped": self.stopped,
        }

    @classmethod
    def from_json(cls, data: Any) -> ClockState:
        """A stored state, checked so a damaged one is a ClockError, never a clock that misbehaves."""
        if not isinstance(data, dict):
            raise ClockError(f"a clock state must be an object, got {type(data).__name__}")
        expected = {"clock", "left", "out", "running", "since", "stopped"}
        if set(data) != expected:
            wrong = sorted(str(key) for key in set(data) ^ expected)
            names = ", ".join(sorted(expected))
            raise ClockError(f"a clock state has the fields {names}: {shown(wrong[0])} is missing or unknown")
        clock = parse_clock(data["clock"])
        left = data["left"]
        if not (isinstance(left, list) and 1 <= len(left) <= MAX_SEATS and all(_instant(v) for v in left)):
            raise ClockError(f'a clock state\'s "left" must be 1 to {MAX_SEATS} whole ms, got {shown(left)}')
        most = _most(clock)
        if most is not None and any(value > most for value in left):
            raise ClockError(f'a clock state\'s "left" holds more than a move\'s {most} ms: {shown(left)}')
        seats = range(len(left))
        out = data["out"]
        seated = isinstance(out, list) and all(_is_int(s) and s in seats for s in out)
        if not seated or len(set(out)) != len(out):
            raise ClockError(f'a clock state\'s "out" must list distinct seats, got {shown(out)}')
        running, since, stopped = data["running"], data["since"], data["stopped"]
        if running is not None and not (_is_int(running) and running in seats):
            raise ClockError(f'a clock state\'s "running" must be a seat or null, got {shown(running)}')
        if not isinstance(stopped, bool):
            raise ClockError(f'a clock state\'s "stopped" must be true or false, got {shown(stopped)}')
        runs = running is not None and not stopped and running not in out
        if (since is not None and not _instant(since)) or (since is not None) != runs:
            raise ClockError(f'a clock state\'s "since" is set only while a clock runs, got {shown(since)}')
        return cls(clock, tuple(left), frozenset(out), running, since, stopped)

    # -- checks ---------------------------------------------------------------------------------

    def _seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.left):
            raise ValueError(f"no seat {seat} at a table of {len(self.left)}")

    def _running(self) -> int:
        if self.running is None:
            raise ValueError("no seat is deciding")
        return self.running


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _instant(value: Any) -> bool:
    return _is_int(value) and 0 <= value < MAX_INSTANT


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _most(clock: Clock) -> int | None:
    """The most a seat can have left (turn-based: one move, or the grace period), None for no bound."""
    if isinstance(clock, TurnBased):
        return max(clock.per_move, clock.grace) * SECOND_MS
    return None


def _fresh(clock: Clock) -> int:
    """What a seat has at the start of the game (real-time) or of each move (turn-based), in ms."""
    if isinstance(clock, Realtime):
        return clock.bank * SECOND_MS
    if isinstance(clock, TurnBased):
        return clock.per_move * SECOND_MS
    return 0


def _counted(clock: Clock, begin: int, end: int) -> int:
    """The ms that count against a clock between two instants (a clock stepped back counts nothing)."""
    if isinstance(clock, TurnBased) and clock.hours is not None:
        return clock.hours.counted(begin, end)
    return max(end - begin, 0)


def _advance(clock: Clock, begin: int, amount: int) -> int:
    """The instant at which `amount` ms will have counted since `begin`."""
    if isinstance(clock, TurnBased) and clock.hours is not None:
        return clock.hours.advance(begin, amount)
    return begin + max(amount, 0)
