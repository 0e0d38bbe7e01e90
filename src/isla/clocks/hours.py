"""Daily playing hours: the part of each day in which a turn-based deadline counts down.

A table may say "08:00 to 22:00, Europe/Berlin": a move's time then runs only inside those hours, so
a move begun at 21:59 with one hour per move is due at 08:59 the next morning. The hours are local
wall-clock times in an IANA zone (read with `zoneinfo`), so a day on which the clocks change is
23 or 25 hours long and the window still opens and closes at the times the players read on their
clocks. `from` later than `to` is a window across midnight (20:00 to 02:00).

Every instant here is an integer of milliseconds since the Unix epoch (UTC), given by the caller:
nothing reads the current time. Windows are half-open in the sense that counting stops at the
window's end; a deadline can fall exactly on the end, never outside a window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from isla.clocks.errors import ClockError, shown

MINUTE_MS = 60_000
DAY = timedelta(days=1)
# A window shorter than an hour would stretch a 30-day deadline over years of calendar days.
MIN_WINDOW_MINUTES = 60
_HHMM = re.compile(r"([01]\d|2[0-3]):([0-5]\d)")
_ZONE = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*")
FIELDS = ("from", "to", "zone")
# Names in the zone database that are not a place's time: the host's own zone, and copies of the
# database (right/ counts leap seconds, which epoch milliseconds do not).
_NOT_A_PLACE = ("localtime", "posixrules", "posix/", "right/")


def _ms(moment: datetime) -> int:
    """An aware datetime on a whole second as epoch milliseconds (exact: no float rounding)."""
    return round(moment.timestamp()) * 1000


def _hhmm(value: Any, name: str) -> time:
    if not isinstance(value, str) or not _HHMM.fullmatch(value):
        raise ClockError(f'clock hours "{name}" must be "HH:MM" from 00:00 to 23:59, got {shown(value)}')
    return time(int(value[:2]), int(value[3:]))


def _zone(value: Any) -> ZoneInfo:
    named = isinstance(value, str) and len(value) <= 64 and _ZONE.fullmatch(value) is not None
    if not named or value.startswith(_NOT_A_PLACE):
        raise ClockError(f'clock hours "zone" must be a zone such as "Europe/Berlin", got {shown(value)}')
    try:
        return ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        hint = 'give one such as "Europe/Berlin"'
        raise ClockError(f'clock hours "zone" {shown(value)} is not a known time zone: {hint}') from None


@dataclass(frozen=True)
class PlayingHours:
    """The daily window `start`..`end` (local times in `zone`); `end` before `start` spans midnight."""

    start: time
    end: time
    zone: str

    @classmethod
    def parse(cls, data: Any) -> PlayingHours:
        """Read `{"from": "08:00", "to": "22:00", "zone": "Europe/Berlin"}`, refusing anything else."""
        if not isinstance(data, dict):
            raise ClockError(f'clock "hours" must be an object like {{"from": "08:00", "to": "22:00", '
                             f'"zone": "Europe/Berlin"}}, got {shown(data)}')
        unknown = sorted(str(key) for key in data if key not in FIELDS)
        if unknown:
            raise ClockError(f'clock "hours" has no field {shown(unknown[0])}: it takes "from", "to", "zone"')
        missing = [key for key in FIELDS if key not in data]
        if missing:
            raise ClockError(f'clock "hours" needs "{missing[0]}" (it takes "from", "to" and "zone")')
        start, end = _hhmm(data["from"], "from"), _hhmm(data["to"], "to")
        zone = _zone(data["zone"])
        length = (end.hour * 60 + end.minute - start.hour * 60 - start.minute) % (24 * 60)
        if length < MIN_WINDOW_MINUTES:
            raise ClockError(f'clock hours from {data["from"]} to {data["to"]} are shorter than an hour: '
                             'give a window of at least one hour')
        return cls(start, end, zone.key)

    def to_json(self) -> dict[str, str]:
        return {"from": self.start.strftime("%H:%M"), "to": self.end.strftime("%H:%M"), "zone": self.zone}

    def windows(self, after: int) -> Iterator[tuple[int, int]]:
        """The playing windows (start, end) in epoch ms that end after `after`, in order, forever.

        A local time the clocks skip that day is read as the clocks would read it an hour on
        (zoneinfo's `fold=0`); a window that would then overlap the one before starts where that one
        ended, so no instant is ever counted twice.
        """
        zone = ZoneInfo(self.zone)
        day: date = datetime.fromtimestamp(after // 1000, zone).date() - DAY
        across_midnight = self.end <= self.start
        previous_end: int | None = None
        while True:
            opens = _ms(datetime.combine(day, self.start, zone))
            closes = _ms(datetime.combine(day + DAY if across_midnight else day, self.end, zone))
            if previous_end is not None:
                opens = max(opens, previous_end)
            if closes > opens:
                previous_end = closes
                if closes > after:
                    yield opens, closes
            day += DAY

    def counted(self, begin: int, end: int) -> int:
        """How many ms of playing time lie between `begin` and `end` (0 when end is not after begin)."""
        total = 0
        if end <= begin:
            return total
        for opens, closes in self.windows(begin):
            if opens >= end:
                break
            total += min(closes, end) - max(opens, begin)
        return total

    def advance(self, begin: int, amount: int) -> int:
        """The instant at which `amount` ms of playing time have passed since `begin`.

        An amount of 0 or less is due at `begin` itself (a clock with nothing left is due now, even
        outside playing hours: the server was down when it ran out). Otherwise the result always lies
        inside a window, at most on its end.
        """
        if amount <= 0:
            return begin
        remaining = amount
        for opens, closes in self.windows(begin):
            counting_from = max(opens, begin)
            if counting_from + remaining <= closes:
                return counting_from + remaining
            remaining -= closes - counting_from
        raise AssertionError("windows() never ends")  # pragma: no cover

    def inside(self, moment: int) -> bool:
        """Whether `moment` is in a window (its end included: counting stops there)."""
        opens, _ = next(self.windows(moment - 1))
        return opens < moment
