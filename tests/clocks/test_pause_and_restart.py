"""No clock runs while the server is down: stopping and resuming changes no seat's time left, and a
state stored as JSON in the middle of a running decision resumes later with exactly what it had.
A damaged stored state is a ClockError, never a clock that misbehaves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.clocks import ClockError, ClockState, PlayingHours, Realtime, TurnBased

UNTIMED = settings(deadline=None)
T0 = 1_780_000_000_000
S = 1000
HOUR = 3600 * S
NORMAL = Realtime(bank=600, increment=20)
BERLIN = PlayingHours.parse({"from": "08:00", "to": "22:00", "zone": "Europe/Berlin"})
CLOCKS = st.sampled_from([NORMAL, Realtime(1, 0), TurnBased(3600), TurnBased(86400, BERLIN)])


def restarted(clocks: ClockState) -> ClockState:
    """The state as a server would store it and read it back after a restart."""
    return ClockState.from_json(json.loads(json.dumps(clocks.to_json())))


def test_a_restart_in_the_middle_of_a_decision_resumes_with_the_time_left_at_the_stop() -> None:
    running = ClockState.new(NORMAL, 3).start(2, T0)
    down = T0 + 100 * S
    stored = restarted(running.stop(down))
    assert stored.stopped and stored.deadline() is None
    up = down + 5 * HOUR
    back = stored.resume(up)
    assert back.time_left(2, up) == 500 * S
    assert back.deadline() == up + 500 * S
    assert back.end(up + 50 * S).time_left(2, up + 50 * S) == (450 + 20) * S


def test_a_state_stored_while_running_is_read_back_running() -> None:
    running = ClockState.new(NORMAL, 2).start(0, T0)
    assert restarted(running) == running
    assert restarted(running).time_left(0, T0 + 7 * S) == 593 * S


WALL_CLOCKS = st.sampled_from([NORMAL, Realtime(1, 0), TurnBased(3600)])
STRETCH = {"started": st.integers(0, 10 * HOUR), "down": st.integers(0, 40 * HOUR),
           "gap": st.integers(0, 400 * HOUR), "after": st.integers(0, 40 * HOUR)}


@UNTIMED
@given(clock=WALL_CLOCKS, **STRETCH)
def test_a_pause_changes_nothing(
    clock: Realtime | TurnBased, started: int, down: int, gap: int, after: int
) -> None:
    """Stop at t_down, resume at t_up: the time left afterwards is as if the gap never happened."""
    begin = T0 + started
    clocks = ClockState.new(clock, 2).start(1, begin)
    t_down = begin + down
    paused = restarted(clocks.stop(t_down)).resume(t_down + gap)
    assert paused.time_left(1, t_down + gap + after) == clocks.time_left(1, t_down + after)
    assert paused.time_left(0, t_down + gap) == clocks.time_left(0, t_down)
    deadline, unpaused = paused.deadline(), clocks.deadline()
    assert deadline is not None and unpaused is not None
    ran_out = clocks.time_left(1, t_down) == 0  # before the stop: due as soon as the server is back
    assert deadline == (t_down + gap if ran_out else unpaused + gap)


@UNTIMED
@given(**STRETCH)
def test_a_pause_changes_nothing_within_playing_hours(started: int, down: int, gap: int, after: int) -> None:
    """With playing hours the clock, resumed at t_up, counts on from t_up what it had at t_down."""
    begin = T0 + started
    clocks = ClockState.new(TurnBased(86400, BERLIN), 2).start(1, begin)
    t_down, t_up = begin + down, begin + down + gap
    left = clocks.time_left(1, t_down)
    assert left is not None
    paused = restarted(clocks.stop(t_down)).resume(t_up)
    assert paused.time_left(1, t_up) == left
    assert paused.time_left(1, t_up + after) == max(left - BERLIN.counted(t_up, t_up + after), 0)
    assert paused.deadline() == BERLIN.advance(t_up, left)


@UNTIMED
@given(clock=CLOCKS, down=st.integers(0, 40 * HOUR), gap=st.integers(0, 400 * HOUR))
def test_resuming_after_a_restart_gives_the_same_time_left(
    clock: Realtime | TurnBased, down: int, gap: int
) -> None:
    clocks = ClockState.new(clock, 2).start(0, T0)
    left = clocks.time_left(0, T0 + down)
    stopped = restarted(clocks.stop(T0 + down))
    assert stopped.time_left(0, T0 + down + gap) == left
    assert stopped.resume(T0 + down + gap).time_left(0, T0 + down + gap) == left


def test_a_clock_that_ran_out_while_the_server_was_down_is_due_when_it_comes_back() -> None:
    clocks = ClockState.new(Realtime(60, 0), 2).start(0, T0)
    back = clocks.stop(T0 + 90 * S).resume(T0 + HOUR)
    assert back.time_left(0, T0 + HOUR) == 0
    assert back.deadline() == T0 + HOUR and back.due(T0 + HOUR)


def test_a_decision_started_or_ended_while_stopped_runs_no_clock() -> None:
    stopped = ClockState.new(NORMAL, 2).stop(T0)
    started = stopped.start(0, T0 + S)
    assert started.since is None and started.time_left(0, T0 + HOUR) == 600 * S
    assert started.resume(T0 + HOUR).deadline() == T0 + HOUR + 600 * S
    assert stopped.stop(T0 + 5) == stopped and started.resume(T0).resume(T0 + 9) == started.resume(T0)


def test_an_out_seat_stays_out_and_still_across_a_restart() -> None:
    out = ClockState.new(NORMAL, 2).start(0, T0).time_out(T0 + 600 * S)
    back = restarted(out.stop(T0 + 700 * S)).resume(T0 + HOUR)
    assert back.out == {0} and back.deadline() is None
    assert back.reclaim(0, T0 + 2 * HOUR).deadline() == T0 + 2 * HOUR + 30 * S


GOOD = ClockState.new(NORMAL, 2).start(0, T0).to_json()


@pytest.mark.parametrize(("damage", "says"), [
    ({"left": []}, '"left" must be'),
    ({"left": [1, -1]}, '"left" must be'),
    ({"left": [1, True]}, '"left" must be'),
    ({"left": "600000"}, '"left" must be'),
    ({"out": [0, 0]}, '"out" must list'),
    ({"out": [7]}, '"out" must list'),
    ({"out": [[0]]}, '"out" must list'),
    ({"running": 2}, '"running" must be'),
    ({"running": "0"}, '"running" must be'),
    ({"stopped": "no"}, '"stopped" must be'),
    ({"since": None}, '"since" is set only'),
    ({"since": -1}, '"since" is set only'),
    ({"stopped": True}, '"since" is set only'),
    ({"out": [0]}, '"since" is set only'),
    ({"clock": {"mode": "realtime", "bank": 0, "increment": 0}}, 'clock "bank" must be'),
    ({"extra": 1}, "'extra' is missing or unknown"),
    ({"since": 10**17}, '"since" is set only'),
])
def test_a_damaged_stored_state_is_refused_in_one_line(damage: dict[str, Any], says: str) -> None:
    with pytest.raises(ClockError) as refused:
        ClockState.from_json({**GOOD, **damage})
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_a_stored_turn_based_move_with_more_than_a_move_left_is_refused() -> None:
    moving = ClockState.new(TurnBased(3600, BERLIN), 2).start(0, T0).to_json()
    assert ClockState.from_json(moving).time_left(0, T0) == HOUR
    with pytest.raises(ClockError, match="holds more than a move's 3600000 ms"):
        ClockState.from_json({**moving, "left": [HOUR + 1, HOUR]})


def test_a_stored_state_missing_a_field_or_not_an_object_is_refused() -> None:
    with pytest.raises(ClockError, match="'since' is missing or unknown"):
        ClockState.from_json({key: value for key, value in GOOD.items() if key != "since"})
    with pytest.raises(ClockError, match="must be an object"):
        ClockState.from_json([GOOD])
