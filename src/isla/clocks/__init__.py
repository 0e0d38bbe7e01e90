"""Clocks: a table's speed (real-time, turn-based, none) and the arithmetic of its running clocks.

Pure values and functions (docs/clocks.md): no I/O, no timers, no reading of the current time;
every operation is given the instant it happens at, in epoch milliseconds. The server (later)
stores a table's `ClockState`, arms a timer for its `deadline()`, and `stop`s and `resume`s the
clocks around a restart.
"""

from isla.clocks.errors import ClockError
from isla.clocks.hours import PlayingHours
from isla.clocks.settings import (
    DEFAULT,
    LEVELS,
    PRESETS,
    Clock,
    OnTimeout,
    Realtime,
    TurnBased,
    Untimed,
    parse_clock,
    preset_name,
)
from isla.clocks.state import ClockState

__all__ = [
    "DEFAULT",
    "LEVELS",
    "PRESETS",
    "Clock",
    "ClockError",
    "ClockState",
    "OnTimeout",
    "PlayingHours",
    "Realtime",
    "TurnBased",
    "Untimed",
    "parse_clock",
    "preset_name",
]
