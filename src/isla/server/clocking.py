"""The tables' clocks in the server: when they run, storing them, firing timeouts, turn notices.

`isla.clocks` is the arithmetic (docs/clocks.md); this module decides when to call it. A table's
running clocks (`LiveTable.clocks`, a `ClockState`) follow who is to move:

- a seat's clock runs while it has a decision and a person plays it (the first decision included);
  a bot's seat, and a person's seat a bot is playing for, never runs;
- every move ends the running decision (real-time: the time taken comes off the bank, the
  increment goes on) and starts the next seat's;
- a seat handed to a bot by the others (`stand_in`) ends its running decision; a seat whose player
  takes it back (`reclaim`) starts again, a timed-out one with at least its grace period.

Every change is stored in the transaction that makes it (the `ClockState` JSON and its deadline,
migration 0007): the time left at the change and the wall time the running period began. When the
server stops it stores the clocks stopped at that instant; a server that starts treats the time it
was down as paused and resumes each clock with what it had left (after a crash, what it had at the
last stored change: the decision in progress gets back the time it had used). A deadline is
watched by one timer task per table; when it passes, the seat times out: a `timeout` event in the
table's log (its `data` holds the seat, the instant, the action and the clock state), then a stand-in
bot at the table's level plays the seat until its player takes it back, or the table ends. The
timeout is written under the deadline it fired for, so a move that got there first (or another
process) wins and the timeout changes nothing.

`TableClocks.on_turn_started(listener)` is the one place a notice (an email, later) learns that a
person's turn began at a turn-based table: `listener(table_id, seat, account_id)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from isla.clocks import ClockError, ClockState, TurnBased, Untimed, parse_clock
from isla.clocks.settings import Clock
from isla.core import JSON
from isla.core.said import generic
from isla.server.store import DatabaseUnavailable, NotApplied, StoredClocks, StoredSeat, StoredTable, TimedOut
from isla.server.wallclock import WallClock

if TYPE_CHECKING:
    from isla.server.tables import LiveTable, LocalTableService

log = logging.getLogger("isla.server")

TurnListener = Callable[[str, int, str | None], None]
# A timeout the database refused is tried again after this many seconds, then twice as long (at most LAST).
RETRY_FIRST = 0.5
RETRY_LAST = 30.0


def table_clock(stored: StoredTable) -> Clock:
    """The table's speed as stored (no clock stored: no limit, as every table before clocks)."""
    return parse_clock(stored.clock) if stored.clock is not None else Untimed()


def read_clocks(stored: StoredTable) -> ClockState | None:
    """The table's running clocks as stored (None: no limit, or not started); a damaged state is
    logged and read as none rather than stopping the table from being played."""
    if stored.clock_state is None:
        return None
    try:
        return ClockState.from_json(stored.clock_state)
    except ClockError as error:
        log.error("isla: table %s: its stored clocks cannot be read (%s); it plays on without them",
                  stored.id, error)
        return None


def stored(clocks: ClockState | None) -> StoredClocks | None:
    """What the store keeps of the clocks (None: nothing to write)."""
    return None if clocks is None else StoredClocks(clocks.to_json(), clocks.deadline())


def _person(seats: Sequence[StoredSeat], seat: int) -> bool:
    """Whether a person plays `seat` now (not a bot's seat, nor one a bot stands in for)."""
    held = next((s for s in seats if s.seat == seat), None)
    return held is not None and held.kind == "human" and held.stand_in is None


def settle(clocks: ClockState, to_move: int | None, seats: Sequence[StoredSeat], at: int) -> ClockState:
    """The clocks once `to_move` decides (None: nobody, the game is over): the seat that was
    deciding, if another, has ended; the person to move, if nobody runs, starts now."""
    if clocks.running is not None and clocks.running != to_move:
        clocks = clocks.end(at)
    if to_move is not None and clocks.running is None and _person(seats, to_move):
        clocks = clocks.start(to_move, at)
    return clocks


def after_move(clocks: ClockState, to_move: int | None, seats: Sequence[StoredSeat], at: int) -> ClockState:
    """A decision was made at `at`: it ends (bank and increment), and the next one starts."""
    if clocks.running is not None:
        clocks = clocks.end(at)
    return settle(clocks, to_move, seats, at)


def handed_over(clocks: ClockState, seat: int, at: int) -> ClockState:
    """The others handed `seat` to a bot: a decision of it that was running ends now."""
    return clocks.end(at) if clocks.running == seat else clocks


def taken_back(
    clocks: ClockState, seat: int, to_move: int | None, seats: Sequence[StoredSeat], at: int
) -> ClockState:
    """`seat`'s player took it back (their seat no longer stood in for, in `seats`): a timed-out
    seat gets its grace period, and its clock runs if it is to move."""
    return settle(clocks.reclaim(seat, at), to_move, seats, at)


def clocks_json(clocks: ClockState | None, at: int) -> JSON | None:
    """The running clocks as every page reads them: each seat's time left at `at` (ms), the seat
    whose clock runs (null: none), whether it is counting now (false outside a turn-based table's
    playing hours), its deadline, the seats that timed out; the page counts the running one down
    from the moment it receives this (no push per second)."""
    if clocks is None:
        return None
    ticking = clocks.running if clocks.since is not None else None
    left = [clocks.time_left(seat, at) or 0 for seat in range(len(clocks.left))]
    hours = clocks.clock.hours if isinstance(clocks.clock, TurnBased) else None
    counting = ticking is not None and (hours is None or hours.inside(at))
    return {"at": at, "left": left, "running": ticking, "counting": counting,
            "deadline": clocks.deadline(), "out": sorted(clocks.out), "stopped": clocks.stopped}


def timeout_words(name: str, seat: int, level: str | None) -> str:
    """The log's words for a timeout: a stand-in takes the seat (`level`), or the table ends (None)."""
    if level is None:
        return generic("{name} ran out of time (seat {seat}): the table ends.", name=name, seat=seat)
    return generic("{name} ran out of time: a {level} bot plays seat {seat} until they take it back.",
                   name=name, seat=seat, level=level)


class TableClocks:
    """One service's clocks: its wall clock, a timer per table with a deadline, the turn listeners."""

    def __init__(self, wall: WallClock | None = None) -> None:
        self.wall = wall or WallClock()
        self._timers: dict[str, tuple[int, asyncio.Task[None]]] = {}
        self._turn_listeners: list[TurnListener] = []
        self._closing = False

    def now(self) -> int:
        return self.wall.now()

    def on_turn_started(self, listener: TurnListener) -> None:
        """Call `listener(table_id, seat, account_id)` whenever a person's turn begins at a
        turn-based table (`account_id`: the signed-in user holding the seat, or None)."""
        self._turn_listeners.append(listener)

    # --- applying a change ------------------------------------------------------------------

    def apply(
        self, service: LocalTableService, live: LiveTable, clocks: ClockState | None, began: bool = False
    ) -> None:
        """Make `clocks` the table's (already stored), arm its deadline, and tell the turn listeners
        when a new seat's turn began (`began`: the game has just started, its first turn too). Call
        with the table's lock held."""
        before, live.clocks = (None if began else live.clocks), clocks
        self.arm(service, live)
        if clocks is None or not isinstance(clocks.clock, TurnBased) or clocks.since is None:
            return
        seat = clocks.running
        if seat is None or (before is not None and before.running == seat):
            return
        holder = next((s for s in live.seats if s.seat == seat), None)
        for listener in self._turn_listeners:
            try:
                listener(live.id, seat, holder.user_id if holder is not None else None)
            except Exception:  # a notice's bug must not undo or block a move already made
                log.exception("isla: table %s: a turn listener failed", live.id)

    def arm(self, service: LocalTableService, live: LiveTable) -> None:
        """Watch the table's deadline (replacing the watch of an older one); none: no watch."""
        watched = live.clocks is not None and live.status == "playing" and service.owns(live.id)
        deadline = live.clocks.deadline() if watched and live.clocks is not None else None
        current = self._timers.get(live.id)
        if current is not None:
            if current[0] == deadline and not current[1].done():
                return
            if current[1] is not asyncio.current_task():  # a watch re-arming ends by itself
                current[1].cancel()
            del self._timers[live.id]
        if deadline is None or self._closing:
            return
        task = asyncio.get_running_loop().create_task(self._watch(service, live, deadline),
                                                      name=f"clock:{live.id}")
        self._timers[live.id] = (deadline, task)

    # --- the server starting and stopping ------------------------------------------------------

    def resumed(self, clocks: ClockState | None) -> ClockState | None:
        """The clocks of a table read back when the server starts: the time it was down is paused.
        Stored stopped (a clean shutdown): as they stopped. Stored running (the server did not stop
        cleanly): as they were at the last stored change."""
        if clocks is None:
            return None
        if not clocks.stopped:
            clocks = clocks.stop(clocks.since) if clocks.since is not None else clocks.stop(self.now())
        return clocks.resume(self.now())

    async def close(self, service: LocalTableService, tables: Sequence[LiveTable]) -> None:
        """Stop the timers, and store every running clock stopped now (the server goes down)."""
        self._closing = True
        for _, task in self._timers.values():
            task.cancel()
        for _, task in self._timers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._timers.clear()
        for live in tables:
            async with live.lock:  # after any change being written: this is the last word
                clocks = live.clocks
                if clocks is None or clocks.stopped or live.status != "playing":
                    continue
                halted = clocks.stop(self.now())
                try:
                    await service.store.set_clocks(live.id, StoredClocks(halted.to_json(), None))
                except Exception as error:  # it resumes from the last stored change instead
                    log.warning("isla: table %s: its clocks could not be stored stopped (%s)", live.id, error)
                    continue
                live.clocks = halted

    # --- a deadline passing ---------------------------------------------------------------------

    async def _watch(self, service: LocalTableService, live: LiveTable, deadline: int) -> None:
        await self.wall.wait_until(deadline)
        failures = 0
        while not self._closing:
            try:
                await self._time_out(service, live, deadline)
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                failures += 1
                if not isinstance(error, DatabaseUnavailable) and failures == 1:
                    log.exception("isla: table %s: a timeout failed; trying again", live.id)
                await asyncio.sleep(min(RETRY_LAST, RETRY_FIRST * 2 ** (failures - 1)))

    async def _time_out(self, service: LocalTableService, live: LiveTable, deadline: int) -> None:
        """The running seat's deadline passed: record the timeout and hand the seat over (or end)."""
        async with live.lock:
            clocks, at = live.clocks, self.now()
            if self._closing or clocks is None or live.status != "playing" or clocks.deadline() != deadline:
                return  # a move, a restart or another change came first
            if not clocks.due(at):  # the wall clock was set back: wait for the deadline again
                self._timers.pop(live.id, None)
                self.arm(service, live)
                return
            after = clocks.time_out(at)
            data = after.timeout_detail(at)
            seat = live.by_seat(data["seat"])
            clock = after.clock
            level = None if isinstance(clock, Untimed) or clock.on_timeout.end else clock.on_timeout.level
            names = live.seat_names()
            detail = timeout_words(names[data["seat"]], data["seat"], level)
            record: dict[str, Any] | None = None
            ended = ""
            if level is None:
                record = live.record([a.action for a in live.log]).to_json()
                ended = generic("The table ended: a seat ran out of time.")
            out = TimedOut(stored(after) or StoredClocks(after.to_json(), None), deadline, seat.slot,
                           data["seat"], live.seq, detail, data, level, record, ended)
            try:
                await service.store.time_out(live.id, out)
            except NotApplied:
                await service._reload(live)  # it arms the deadline the other writer stored
                return
            self._timers.pop(live.id, None)  # this watch has fired: what follows arms the next
            live.tell(live.seq, data["seat"], "timeout", detail)
            if level is None:
                live.stored.status = "abandoned"
                live.stored.record = record
                live.tell(live.seq, None, "abandon", ended)
                live.clocks = after
                service._release_later(live)
            else:
                seat.stand_in = level
                self.apply(service, live, after)
                service._kick(live)
        service._changed(live)
