"""Turn-based deadlines that count only within daily playing hours: local wall-clock times in an IANA
zone, windows across midnight, days on which the clocks change (23 and 25 hour days, skipped local
times), and a deadline that always falls inside playing hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from isla.clocks import ClockState, PlayingHours, TurnBased

UNTIMED = settings(deadline=None)
S = 1000
MINUTE = 60 * S
HOUR = 60 * MINUTE
BERLIN_ZONE = ZoneInfo("Europe/Berlin")


def hours(start: str, end: str, zone: str = "Europe/Berlin") -> PlayingHours:
    return PlayingHours.parse({"from": start, "to": end, "zone": zone})


def local(year: int, month: int, day: int, hour: int, minute: int = 0) -> int:
    """Epoch ms of a Berlin wall-clock time (one that exists that day)."""
    return round(datetime(year, month, day, hour, minute, tzinfo=BERLIN_ZONE).timestamp()) * 1000


def wall(moment: int) -> str:
    """How a clock on a Berlin wall reads `moment`."""
    return datetime.fromtimestamp(moment / 1000, BERLIN_ZONE).strftime("%Y-%m-%d %H:%M %Z")


def due(playing: PlayingHours, per_move: int, start: int) -> int:
    deadline = ClockState.new(TurnBased(per_move, playing), 2).start(0, start).deadline()
    assert deadline is not None
    return deadline


def test_a_move_at_21_59_with_an_hour_inside_08_to_22_is_due_at_08_59_next_day() -> None:
    assert wall(due(hours("08:00", "22:00"), 3600, local(2026, 6, 10, 21, 59))) == "2026-06-11 08:59 CEST"


def test_a_move_begun_outside_playing_hours_starts_counting_when_they_open() -> None:
    assert wall(due(hours("08:00", "22:00"), 3600, local(2026, 6, 10, 23, 30))) == "2026-06-11 09:00 CEST"
    assert wall(due(hours("08:00", "22:00"), 3600, local(2026, 6, 11, 3, 0))) == "2026-06-11 09:00 CEST"


def test_the_time_left_does_not_run_outside_playing_hours() -> None:
    clocks = ClockState.new(TurnBased(3600, hours("08:00", "22:00")), 2).start(0, local(2026, 6, 10, 21, 30))
    assert clocks.time_left(0, local(2026, 6, 10, 22, 0)) == 30 * MINUTE
    assert clocks.time_left(0, local(2026, 6, 11, 7, 59)) == 30 * MINUTE
    assert clocks.time_left(0, local(2026, 6, 11, 8, 10)) == 20 * MINUTE


def test_playing_hours_across_midnight() -> None:
    night = hours("20:00", "02:00")
    assert wall(due(night, 3600, local(2026, 6, 10, 1, 30))) == "2026-06-10 20:30 CEST"
    assert wall(due(night, 3600, local(2026, 6, 10, 23, 30))) == "2026-06-11 00:30 CEST"
    assert wall(due(night, 8 * 3600, local(2026, 6, 10, 21, 0))) == "2026-06-11 23:00 CEST"
    assert night.counted(local(2026, 6, 10, 12, 0), local(2026, 6, 11, 12, 0)) == 6 * HOUR


def test_a_day_the_clocks_go_forward_has_an_hour_less_to_play_in_its_window() -> None:
    # 29 March 2026: Berlin's clocks jump from 02:00 to 03:00, so 01:00-05:00 is three real hours.
    early = hours("01:00", "05:00")
    start = local(2026, 3, 29, 1, 0)
    assert early.counted(start, local(2026, 3, 29, 6, 0)) == 3 * HOUR
    assert wall(due(early, 4 * 3600, start)) == "2026-03-30 02:00 CEST"
    assert wall(due(hours("08:00", "22:00"), 2 * 3600, local(2026, 3, 28, 21, 0))) == "2026-03-29 09:00 CEST"


def test_a_day_the_clocks_go_back_has_an_hour_more_to_play_in_its_window() -> None:
    # 25 October 2026: Berlin's clocks go back from 03:00 to 02:00, so 01:00-05:00 is five real hours.
    early = hours("01:00", "05:00")
    start = local(2026, 10, 25, 1, 0)
    assert early.counted(start, local(2026, 10, 25, 6, 0)) == 5 * HOUR
    assert wall(due(early, 5 * 3600, start)) == "2026-10-25 05:00 CET"


def test_a_window_opening_at_a_skipped_time_opens_when_the_clocks_read_it_an_hour_on() -> None:
    assert wall(due(hours("02:30", "06:00"), 3600, local(2026, 3, 29, 0, 0))) == "2026-03-29 04:30 CEST"


def test_windows_that_meet_across_a_skipped_hour_count_no_instant_twice() -> None:
    # 03:00 to 02:59: the window of the 28th closes at the skipped 02:59 (read as 03:59), after the
    # window of the 29th opens at 03:00; the second starts where the first ended.
    almost_always = hours("03:00", "02:59")
    begin, end = local(2026, 3, 28, 12, 0), local(2026, 3, 29, 12, 0)
    assert almost_always.counted(begin, end) == end - begin


def test_utc_hours_are_plain_arithmetic() -> None:
    office = hours("09:00", "17:00", "UTC")
    monday_noon = round(datetime(2026, 6, 8, 12, tzinfo=UTC).timestamp()) * 1000
    assert office.advance(monday_noon, 6 * HOUR) == monday_noon + 21 * HOUR + HOUR
    assert office.counted(monday_noon, monday_noon + 24 * HOUR) == 8 * HOUR


ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC"]
# Days on which some of these zones change their clocks (2026), and around them.
CHANGES = [datetime(2026, month, day, 12, tzinfo=UTC) for month, day in
           [(3, 8), (3, 29), (4, 5), (9, 27), (10, 4), (10, 25), (11, 1)]]
NEAR_CHANGES = st.builds(lambda base, off: round((base + timedelta(milliseconds=off)).timestamp() * 1000),
                         st.sampled_from(CHANGES), st.integers(-3 * 24 * HOUR, 3 * 24 * HOUR))
ANY_TIME = st.integers(local(2026, 1, 1, 0), local(2028, 1, 1, 0))
INSTANTS = NEAR_CHANGES | ANY_TIME
MINUTES = st.sampled_from([0, 1, 15, 30, 59])
CLOCK_TIMES = st.builds(lambda h, m: f"{h:02d}:{m:02d}", st.integers(0, 23), MINUTES)


@st.composite
def playing_hours(draw: st.DrawFn) -> PlayingHours:
    start = draw(CLOCK_TIMES)
    end = draw(CLOCK_TIMES.filter(lambda end: (_minutes(end) - _minutes(start)) % 1440 >= 60))
    return hours(start, end, draw(st.sampled_from(ZONES)))


def _minutes(clock: str) -> int:
    return int(clock[:2]) * 60 + int(clock[3:])


@UNTIMED
@given(playing=playing_hours(), start=INSTANTS, amount=st.integers(1, 72 * HOUR))
def test_a_deadline_is_always_within_playing_hours(playing: PlayingHours, start: int, amount: int) -> None:
    deadline = playing.advance(start, amount)
    assert playing.inside(deadline)
    assert playing.counted(start, deadline) == amount
    assert deadline - start >= amount


@UNTIMED
@given(playing=playing_hours(), first=INSTANTS, lengths=st.tuples(*[st.integers(0, 80 * HOUR)] * 2))
def test_playing_time_adds_up_and_never_exceeds_real_time(
    playing: PlayingHours, first: int, lengths: tuple[int, int]
) -> None:
    second, third = first + lengths[0], first + lengths[0] + lengths[1]
    assert playing.counted(first, second) + playing.counted(second, third) == playing.counted(first, third)
    assert 0 <= playing.counted(first, third) <= third - first
