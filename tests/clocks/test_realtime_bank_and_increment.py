"""A real-time clock: the bank runs while its seat decides, ending a decision adds the increment
exactly once, time never goes negative, a timeout leaves a stand-in playing until the seat is
reclaimed with a grace period (its increment, at least 30 s), and the log event carries the state."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.clocks import ClockState, OnTimeout, Realtime, TurnBased, Untimed

UNTIMED = settings(deadline=None)
T0 = 1_780_000_000_000  # an instant in 2026, epoch ms
S = 1000
NORMAL = Realtime(bank=600, increment=20)


def test_a_new_table_gives_every_seat_a_full_bank() -> None:
    clocks = ClockState.new(NORMAL, 3)
    assert [clocks.time_left(seat, T0) for seat in range(3)] == [600 * S] * 3
    assert clocks.deadline() is None


def test_the_bank_of_the_seat_deciding_runs_down_and_only_its_bank() -> None:
    clocks = ClockState.new(NORMAL, 3).start(1, T0)
    assert clocks.time_left(1, T0 + 45 * S) == 555 * S
    assert clocks.time_left(0, T0 + 45 * S) == 600 * S
    assert clocks.deadline() == T0 + 600 * S


def test_ending_a_decision_takes_the_time_used_and_adds_the_increment() -> None:
    clocks = ClockState.new(NORMAL, 2).start(0, T0).end(T0 + 45 * S)
    assert clocks.time_left(0, T0 + 10_000 * S) == (600 - 45 + 20) * S
    assert clocks.running is None and clocks.deadline() is None


@UNTIMED
@given(
    bank=st.integers(1, 24 * 3600), increment=st.integers(0, 3600),
    used=st.lists(st.integers(0, 10**7), min_size=1, max_size=8),
)
def test_ending_a_decision_adds_the_increment_exactly_once(
    bank: int, increment: int, used: list[int]
) -> None:
    clocks, at = ClockState.new(Realtime(bank, increment), 1), T0
    for spent in used:
        before = clocks.time_left(0, at)
        assert before is not None
        clocks = clocks.start(0, at)
        at += spent
        clocks = clocks.end(at)
        assert clocks.time_left(0, at) == max(before - spent, 0) + increment * S


@UNTIMED
@given(bank=st.integers(1, 3600), later=st.integers(0, 10**8))
def test_time_never_goes_negative(bank: int, later: int) -> None:
    clocks = ClockState.new(Realtime(bank, 0), 2).start(0, T0)
    left = clocks.time_left(0, T0 + later)
    assert left is not None and 0 <= left <= bank * S
    assert clocks.end(T0 + later).left[0] >= 0


def test_a_clock_set_back_in_time_gives_no_time_back() -> None:
    clocks = ClockState.new(NORMAL, 2).start(0, T0)
    assert clocks.time_left(0, T0 - 60 * S) == 600 * S


def test_the_first_decision_of_the_game_runs_the_clock_like_any_other() -> None:
    clocks = ClockState.new(Realtime(bank=1, increment=0), 2).start(0, T0)
    assert clocks.deadline() == T0 + S
    assert not clocks.due(T0 + S - 1) and clocks.due(T0 + S)


def test_a_seat_cannot_start_while_another_is_deciding() -> None:
    clocks = ClockState.new(NORMAL, 2).start(0, T0)
    with pytest.raises(ValueError, match="still deciding"):
        clocks.start(1, T0)
    with pytest.raises(ValueError, match="no seat 5"):
        clocks.time_left(5, T0)


def test_a_timeout_empties_the_bank_and_the_seat_is_out_with_no_deadline() -> None:
    clocks = ClockState.new(NORMAL, 2).start(0, T0)
    with pytest.raises(ValueError, match="cannot time out yet"):
        clocks.time_out(T0 + 599 * S)
    out = clocks.time_out(T0 + 600 * S)
    assert out.out == {0} and out.time_left(0, T0 + 700 * S) == 0
    assert out.deadline() is None and not out.due(T0 + 10**6)


def test_a_stand_in_moving_for_an_out_seat_gains_no_increment() -> None:
    out = ClockState.new(NORMAL, 2).start(0, T0).time_out(T0 + 600 * S)
    played = out.end(T0 + 601 * S).start(1, T0 + 601 * S).end(T0 + 602 * S).start(0, T0 + 602 * S)
    assert played.time_left(0, T0 + 900 * S) == 0 and played.deadline() is None
    assert played.end(T0 + 603 * S).left[0] == 0


@pytest.mark.parametrize(("increment", "grace"), [(0, 30), (20, 30), (45, 45)])
def test_a_reclaimed_seat_gets_its_increment_at_least_30_s_to_move(increment: int, grace: int) -> None:
    out = ClockState.new(Realtime(600, increment), 2).start(0, T0).time_out(T0 + 600 * S)
    back = out.reclaim(0, T0 + 700 * S)
    assert back.out == frozenset()
    assert back.deadline() == T0 + (700 + grace) * S
    assert not back.due(T0 + (700 + grace) * S - 1)


def test_a_seat_reclaimed_between_its_decisions_starts_its_next_with_the_grace() -> None:
    out = ClockState.new(NORMAL, 2).start(0, T0).time_out(T0 + 600 * S).end(T0 + 601 * S)
    back = out.reclaim(0, T0 + 650 * S)
    assert back.since is None and back.time_left(0, T0 + 650 * S) == 30 * S
    assert back.start(0, T0 + 700 * S).deadline() == T0 + 730 * S


def test_reclaiming_a_seat_that_is_not_out_changes_nothing() -> None:
    clocks = ClockState.new(NORMAL, 2).start(0, T0)
    assert clocks.reclaim(0, T0 + 5 * S) == clocks


def test_the_timeout_event_names_the_seat_the_action_and_the_clock_state() -> None:
    clocks = ClockState.new(Realtime(60, 0, OnTimeout(end=True)), 2).start(1, T0)
    detail = clocks.timeout_detail(T0 + 60 * S)
    assert detail == {"seat": 1, "at": T0 + 60 * S, "action": "end", "clock": clocks.to_json()}
    assert ClockState.from_json(detail["clock"]) == clocks
    stand_in = ClockState.new(NORMAL, 2).start(0, T0).timeout_detail(T0 + 600 * S)
    assert stand_in["action"] == "stand-in" and stand_in["clock"]["clock"]["stand_in_level"] == "easy"


def test_a_turn_based_move_gets_a_fresh_per_move_each_time() -> None:
    clocks = ClockState.new(TurnBased(per_move=3600), 2).start(0, T0)
    assert clocks.deadline() == T0 + 3600 * S
    again = clocks.end(T0 + 3000 * S).start(0, T0 + 4000 * S)
    assert again.deadline() == T0 + 7600 * S
    grace = again.time_out(T0 + 7600 * S).reclaim(0, T0 + 8000 * S)
    assert grace.deadline() == T0 + 8030 * S


def test_a_table_without_a_clock_never_times_out() -> None:
    clocks = ClockState.new(Untimed(), 2).start(0, T0)
    assert clocks.time_left(0, T0 + 10**9) is None
    assert clocks.deadline() is None and not clocks.due(T0 + 10**12)
    assert clocks.end(T0 + 10**9).start(1, T0 + 10**9).running == 1
