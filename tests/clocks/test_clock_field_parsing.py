"""The `clock` field: every mode and preset reads and writes back the same, every bad value is refused
with one clear line, and the timeout choice (stand-in at a level, or end) is part of it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.bots import LEVELS as BOT_LEVELS
from isla.clocks import (
    LEVELS,
    PRESETS,
    ClockError,
    OnTimeout,
    PlayingHours,
    Realtime,
    TurnBased,
    Untimed,
    parse_clock,
    preset_name,
)

UNTIMED = settings(deadline=None)
BERLIN = {"from": "08:00", "to": "22:00", "zone": "Europe/Berlin"}


def hours(field: str, value: Any) -> dict[str, Any]:
    """A turn-based clock whose playing hours have `field` set to `value`."""
    return {"mode": "turn-based", "per_move": 3600, "hours": {**BERLIN, field: value}}


def test_the_issues_examples_read_as_written() -> None:
    assert parse_clock({"mode": "realtime", "bank": 600, "increment": 20}) == Realtime(600, 20)
    assert parse_clock({"mode": "turn-based", "per_move": 86400}) == TurnBased(86400)
    assert parse_clock({"mode": "none"}) == Untimed()


def test_no_clock_given_is_no_limit() -> None:
    assert parse_clock(None) == Untimed()


def test_a_bank_of_one_second_is_accepted() -> None:
    assert parse_clock({"mode": "realtime", "bank": 1, "increment": 0}) == Realtime(1, 0)


def test_a_whole_number_written_as_a_float_is_accepted() -> None:
    assert parse_clock({"mode": "realtime", "bank": 600.0, "increment": 20}) == Realtime(600, 20)


def test_the_default_on_timeout_is_an_easy_stand_in() -> None:
    clock = parse_clock({"mode": "realtime", "bank": 600, "increment": 20})
    assert isinstance(clock, Realtime)
    assert clock.on_timeout == OnTimeout(end=False, level="easy")
    assert clock.to_json() == {
        "mode": "realtime", "bank": 600, "increment": 20, "on_timeout": "stand-in", "stand_in_level": "easy",
    }


def test_a_table_may_end_on_a_timeout_or_choose_the_stand_in_level() -> None:
    ends = parse_clock({"mode": "turn-based", "per_move": 3600, "on_timeout": "end"})
    assert isinstance(ends, TurnBased) and ends.on_timeout.end
    assert ends.to_json()["on_timeout"] == "end" and "stand_in_level" not in ends.to_json()
    hard = parse_clock({"mode": "realtime", "bank": 60, "increment": 5, "stand_in_level": "hard"})
    assert isinstance(hard, Realtime) and hard.on_timeout == OnTimeout(end=False, level="hard")


def test_the_stand_in_levels_are_the_bots_levels() -> None:
    assert set(LEVELS) == set(BOT_LEVELS)


def test_the_presets_are_named_and_read_by_name() -> None:
    assert set(PRESETS) == {"slow", "normal", "fast", "12h", "24h", "72h", "none"}
    assert parse_clock("normal") == Realtime(600, 20)
    assert parse_clock("24h") == TurnBased(86400)
    for name, clock in PRESETS.items():
        assert parse_clock(name) == clock
        assert preset_name(clock) == name
    fast, normal, slow = (PRESETS[name] for name in ("fast", "normal", "slow"))
    assert isinstance(fast, Realtime) and isinstance(normal, Realtime) and isinstance(slow, Realtime)
    assert fast.bank < normal.bank < slow.bank


def test_a_preset_takes_a_timeout_choice_and_hours() -> None:
    clock = parse_clock({"preset": "24h", "hours": BERLIN, "on_timeout": "end"})
    assert clock == TurnBased(86400, PlayingHours.parse(BERLIN), OnTimeout(end=True))
    assert preset_name(clock) == "24h"
    assert preset_name(Realtime(601, 20)) is None


@pytest.mark.parametrize("data", [
    {"mode": "realtime", "bank": 600, "increment": 20, "on_timeout": "end"},
    {"mode": "realtime", "bank": 1, "increment": 0, "stand_in_level": "medium"},
    {"mode": "turn-based", "per_move": 86400, "hours": BERLIN},
    {"mode": "turn-based", "per_move": 3600, "hours": {"from": "20:00", "to": "02:00", "zone": "UTC"}},
    {"mode": "none"},
])
def test_to_json_reads_back_as_the_same_clock(data: dict[str, Any]) -> None:
    clock = parse_clock(data)
    assert parse_clock(clock.to_json()) == clock
    assert {key: value for key, value in clock.to_json().items() if key in data} == data


@pytest.mark.parametrize(("data", "says"), [
    ("weird", "clock must be one of"),
    (600, "clock must be an object"),
    ([], "clock must be an object"),
    ({}, 'clock "mode" must be'),
    ({"mode": "blitz"}, 'clock "mode" must be'),
    ({"mode": "realtime", "bank": 600}, 'needs "increment"'),
    ({"mode": "turn-based"}, 'needs "per_move"'),
    ({"mode": "realtime", "bank": 0, "increment": 0}, 'clock "bank" must be from 1 to'),
    ({"mode": "realtime", "bank": -5, "increment": 0}, 'clock "bank" must be from 1 to'),
    ({"mode": "realtime", "bank": 10**9, "increment": 0}, 'clock "bank" must be from 1 to'),
    ({"mode": "realtime", "bank": "600", "increment": 0}, 'clock "bank" must be a whole number'),
    ({"mode": "realtime", "bank": 1.5, "increment": 0}, 'clock "bank" must be a whole number'),
    ({"mode": "realtime", "bank": float("nan"), "increment": 0}, 'clock "bank" must be a whole number'),
    ({"mode": "realtime", "bank": float("inf"), "increment": 0}, 'clock "bank" must be a whole number'),
    ({"mode": "realtime", "bank": True, "increment": 0}, 'clock "bank" must be a whole number'),
    ({"mode": "realtime", "bank": 600, "increment": -1}, 'clock "increment" must be from 0 to'),
    ({"mode": "realtime", "bank": 600, "increment": 7200}, 'clock "increment" must be from 0 to'),
    ({"mode": "realtime", "bank": 600, "increment": 20, "per_move": 60}, "has no field 'per_move'"),
    ({"mode": "none", "bank": 600}, "has no field 'bank'"),
    ({"mode": "turn-based", "per_move": 59}, 'clock "per_move" must be from 60 to'),
    ({"mode": "turn-based", "per_move": 10**8}, 'clock "per_move" must be from 60 to'),
    ({"mode": "turn-based", "per_move": None}, 'clock "per_move" must be a whole number'),
    ({"mode": "realtime", "bank": 60, "increment": 0, "on_timeout": "pause"}, '"on_timeout" must be'),
    ({"mode": "realtime", "bank": 60, "increment": 0, "stand_in_level": "god"}, '"stand_in_level" must be'),
    ({"mode": "realtime", "bank": 60, "increment": 0, "on_timeout": "end", "stand_in_level": "easy"},
     '"stand_in_level" goes with'),
    ({"preset": "bullet"}, 'clock "preset" must be one of'),
    ({"preset": "fast", "mode": "realtime"}, 'either "preset" or "mode"'),
    ({"preset": "fast", "bank": 5}, "has no field 'bank'"),
    ({"preset": "fast", "hours": BERLIN}, "has no field 'hours'"),
    ({"preset": "none", "on_timeout": "end"}, "has no field 'on_timeout'"),
    ({"mode": "turn-based", "per_move": 3600, "hours": "08-22"}, 'clock "hours" must be an object'),
    ({"mode": "turn-based", "per_move": 3600, "hours": {"from": "08:00", "to": "22:00"}}, 'needs "zone"'),
    (hours("days", "mon"), "has no field 'days'"),
    (hours("from", "8:00"), '"from" must be "HH:MM"'),
    (hours("to", "24:00"), '"to" must be "HH:MM"'),
    (hours("to", 22), '"to" must be "HH:MM"'),
    (hours("zone", "Mars/Olympus"), "not a known time zone"),
    (hours("zone", "../../etc/passwd"), '"zone" must be'),
    (hours("zone", 1), '"zone" must be'),
    (hours("zone", "localtime"), '"zone" must be'),
    (hours("zone", "right/Europe/Berlin"), '"zone" must be'),
    (hours("zone", "Europe"), "not a known time zone"),
    (hours("to", "08:00"), "shorter than an hour"),
    (hours("to", "08:59"), "shorter than an hour"),
])
def test_every_bad_value_is_refused_in_one_line(data: Any, says: str) -> None:
    with pytest.raises(ClockError) as refused:
        parse_clock(data)
    message = str(refused.value)
    assert says in message
    assert "\n" not in message and len(message) < 200
    assert refused.value.code == "invalid"


@UNTIMED
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["mode", "bank", "increment", "per_move", "hours", "from", "to", "zone", "preset",
                         "on_timeout", "stand_in_level", "x"]), inner, max_size=5),
    max_leaves=10,
))
def test_any_json_is_a_clock_or_a_clock_error(data: Any) -> None:
    try:
        clock = parse_clock(data)
    except ClockError as refused:
        assert "\n" not in str(refused)
    else:
        assert parse_clock(clock.to_json()) == clock
