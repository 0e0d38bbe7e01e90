"""A table's speed, the API's `clock` field: real-time, turn-based or none, and what a timeout does.

The settings are values (frozen dataclasses) read from JSON by `parse_clock` and written back by
`to_json`, so what a table was created with is exactly what every table summary shows. Seconds in
the JSON (what a person types); the running state (isla.clocks.state) keeps milliseconds.

Parsing refuses every value it cannot honour with a one-line ClockError saying what to give
instead: an unknown mode or field, a number that is not a whole number of seconds, a negative or
absurd one. docs/clocks.md lists every field and its limits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from isla.clocks.errors import ClockError, shown
from isla.clocks.hours import PlayingHours

# The bot levels a stand-in can play at (isla.bots.LEVELS; a test keeps the two the same). The
# clocks do not import the bots: a clock is only data.
LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "easy"
ON_TIMEOUT = ("stand-in", "end")

BANK_MAX = 24 * 3600  # a real-time bank of more than a day is a turn-based table
INCREMENT_MAX = 3600
PER_MOVE_MIN = 60
PER_MOVE_MAX = 30 * 24 * 3600
GRACE_MIN = 30  # a reclaimed seat never has less than this before it can time out again


@dataclass(frozen=True)
class OnTimeout:
    """What happens when a seat's time runs out: a stand-in bot at `level` plays it, or the table ends."""

    end: bool = False
    level: str = DEFAULT_LEVEL

    def to_json(self) -> dict[str, str]:
        if self.end:
            return {"on_timeout": "end"}
        return {"on_timeout": "stand-in", "stand_in_level": self.level}


@dataclass(frozen=True)
class Realtime:
    """A bank per seat (`bank` seconds) that runs while the seat decides, plus `increment` per decision."""

    bank: int
    increment: int
    on_timeout: OnTimeout = field(default_factory=OnTimeout)
    mode: ClassVar[str] = "realtime"

    @property
    def grace(self) -> int:
        """Seconds a reclaimed seat has at least before it can time out again: its increment, >= 30 s."""
        return max(self.increment, GRACE_MIN)

    def to_json(self) -> dict[str, Any]:
        timing = {"bank": self.bank, "increment": self.increment}
        return {"mode": self.mode, **timing, **self.on_timeout.to_json()}


@dataclass(frozen=True)
class TurnBased:
    """`per_move` seconds for each decision, counted only within `hours` when the table has them."""

    per_move: int
    hours: PlayingHours | None = None
    on_timeout: OnTimeout = field(default_factory=OnTimeout)
    mode: ClassVar[str] = "turn-based"

    @property
    def grace(self) -> int:
        """Turn-based tables have no increment, so a reclaimed seat gets the 30 s minimum."""
        return GRACE_MIN

    def to_json(self) -> dict[str, Any]:
        hours = {"hours": self.hours.to_json()} if self.hours is not None else {}
        return {"mode": self.mode, "per_move": self.per_move, **hours, **self.on_timeout.to_json()}


@dataclass(frozen=True)
class Untimed:
    """No limit: as tables were before clocks (friends' tables). Nothing ever times out."""

    mode: ClassVar[str] = "none"

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode}


Clock = Realtime | TurnBased | Untimed

# Named speeds a table may be created with (`"clock": "normal"` or `{"preset": "normal", ...}`).
PRESETS: dict[str, Clock] = {
    "fast": Realtime(bank=180, increment=5),
    "normal": Realtime(bank=600, increment=20),
    "slow": Realtime(bank=1800, increment=60),
    "12h": TurnBased(per_move=12 * 3600),
    "24h": TurnBased(per_move=24 * 3600),
    "72h": TurnBased(per_move=72 * 3600),
    "none": Untimed(),
}
DEFAULT = PRESETS["none"]


def preset_name(clock: Clock) -> str | None:
    """The preset `clock` is (whatever its timeout choice and hours), or None for custom values."""
    for name, preset in PRESETS.items():
        if isinstance(clock, Realtime) and isinstance(preset, Realtime):
            if (clock.bank, clock.increment) == (preset.bank, preset.increment):
                return name
        elif isinstance(clock, TurnBased) and isinstance(preset, TurnBased):
            if clock.per_move == preset.per_move:
                return name
        elif isinstance(clock, Untimed) and isinstance(preset, Untimed):
            return name
    return None


def _seconds(data: dict[str, Any], name: str, low: int, high: int) -> int:
    value = data[name]
    integral_float = isinstance(value, float) and math.isfinite(value) and value.is_integer()
    whole = isinstance(value, int) or integral_float
    if isinstance(value, bool) or not whole:
        raise ClockError(f'clock "{name}" must be a whole number of seconds, got {shown(value)}')
    seconds = int(value)
    if not low <= seconds <= high:
        raise ClockError(f'clock "{name}" must be from {low} to {high} seconds, got {seconds}')
    return seconds


def _on_timeout(data: dict[str, Any]) -> OnTimeout:
    choice = data.get("on_timeout", "stand-in")
    if not isinstance(choice, str) or choice not in ON_TIMEOUT:
        raise ClockError(f'clock "on_timeout" must be "stand-in" or "end", got {shown(choice)}')
    level = data.get("stand_in_level", DEFAULT_LEVEL)
    if choice == "end" and "stand_in_level" in data:
        raise ClockError('clock "stand_in_level" goes with "on_timeout": "stand-in", not "end": drop one')
    if not isinstance(level, str) or level not in LEVELS:
        raise ClockError(f'clock "stand_in_level" must be one of {", ".join(LEVELS)}, got {shown(level)}')
    return OnTimeout(end=choice == "end", level=level)


TIMEOUT_FIELDS = ("on_timeout", "stand_in_level")
FIELDS: dict[str, tuple[str, ...]] = {
    "realtime": ("mode", "bank", "increment", *TIMEOUT_FIELDS),
    "turn-based": ("mode", "per_move", "hours", *TIMEOUT_FIELDS),
    "none": ("mode",),
}
NEEDED = {"realtime": ("bank", "increment"), "turn-based": ("per_move",), "none": ()}


def _check_fields(data: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    for key in data:
        if key not in allowed:
            takes = ", ".join(f'"{name}"' for name in allowed)
            raise ClockError(f'a {what} clock has no field {shown(str(key))}: it takes {takes}')


def _from_preset(data: dict[str, Any]) -> Clock:
    name = data["preset"]
    if not isinstance(name, str) or name not in PRESETS:
        raise ClockError(f'clock "preset" must be one of {", ".join(PRESETS)}, got {shown(name)}')
    clock = PRESETS[name]
    if isinstance(clock, Untimed):
        _check_fields(data, ("preset",), '"none"')
        return clock
    allowed = ("preset", *TIMEOUT_FIELDS, *(("hours",) if isinstance(clock, TurnBased) else ()))
    _check_fields(data, allowed, f'"{name}" preset')
    clock = replace(clock, on_timeout=_on_timeout(data))
    if isinstance(clock, TurnBased) and "hours" in data:
        clock = replace(clock, hours=PlayingHours.parse(data["hours"]))
    return clock


def parse_clock(data: Any) -> Clock:
    """The table speed `data` describes (a `clock` JSON value), or a ClockError saying what is wrong.

    Accepts the full form (`{"mode": "realtime", "bank": 600, "increment": 20}`), a preset name
    (`"normal"`) and a preset with a timeout choice or hours (`{"preset": "24h", "hours": {...}}`).
    No value (None) is the default, no limit.
    """
    if data is None:
        return DEFAULT
    if isinstance(data, str):
        if data not in PRESETS:
            names = ", ".join(PRESETS)
            raise ClockError(f'clock must be one of {names} or an object with a "mode", got {shown(data)}')
        return PRESETS[data]
    if not isinstance(data, dict):
        example = '{"mode": "realtime", "bank": 600, "increment": 20}'
        raise ClockError(f"clock must be an object such as {example}, got {shown(data)}")
    if "preset" in data:
        if "mode" in data:
            raise ClockError('a clock takes either "preset" or "mode", not both')
        return _from_preset(data)
    mode = data.get("mode")
    if not isinstance(mode, str) or mode not in FIELDS:
        raise ClockError(f'clock "mode" must be "realtime", "turn-based" or "none", got {shown(mode)}')
    _check_fields(data, FIELDS[mode], f'"{mode}"')
    for name in NEEDED[mode]:
        if name not in data:
            raise ClockError(f'a "{mode}" clock needs "{name}" (seconds)')
    if mode == "realtime":
        return Realtime(
            bank=_seconds(data, "bank", 1, BANK_MAX),
            increment=_seconds(data, "increment", 0, INCREMENT_MAX),
            on_timeout=_on_timeout(data),
        )
    if mode == "turn-based":
        hours = PlayingHours.parse(data["hours"]) if data.get("hours") is not None else None
        per_move = _seconds(data, "per_move", PER_MOVE_MIN, PER_MOVE_MAX)
        return TurnBased(per_move=per_move, hours=hours, on_timeout=_on_timeout(data))
    return Untimed()
