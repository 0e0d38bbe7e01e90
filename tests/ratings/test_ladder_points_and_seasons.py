"""Ladder points per the table (seed 003: in 5-player Puerto Rico 1st and 2nd win and earn points;
the values are ours, docs/ratings.md) and the season a date falls in (one endless season by default)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.ratings import Seasons, Standing, default_points, game_points

UNTIMED = settings(deadline=None)  # no property test may fail for being slow on a loaded machine


def test_the_default_table_hands_a_game_s_winners_as_many_points_as_it_has_players() -> None:
    assert [default_points(n) for n in (2, 3, 4, 5)] == [(2, 0), (3, 0, 0), (4, 0, 0, 0), (5, 0, 0, 0, 0)]


def test_seed003_5_player_1st_and_2nd_are_wins_and_earn_3_and_2_points() -> None:
    assert default_points(5, places_that_win=2) == (3, 2, 0, 0, 0)
    seats = [Standing(1, True), Standing(2, True), Standing(3, False), Standing(4, False), Standing(5, False)]
    assert game_points(seats, places_that_win=2) == [3, 2, 0, 0, 0]


@UNTIMED
@given(st.integers(1, 8), st.data())
def test_the_default_winning_places_share_exactly_the_player_count_best_first(
    players: int, data: st.DataObject
) -> None:

    winning = data.draw(st.integers(1, players))
    row = default_points(players, winning)
    assert len(row) == players and sum(row) == players
    assert list(row) == sorted(row, reverse=True)
    assert all(points == 0 for points in row[winning:])


def test_tied_seats_share_the_better_place_and_each_earn_its_points() -> None:
    seats = [Standing(1, True), Standing(1, True), Standing(3, False), Standing(4, False)]
    assert game_points(seats) == [4, 4, 0, 0]


def test_a_game_nobody_wins_gives_nobody_points() -> None:
    assert game_points([Standing(1, False)] * 4) == [0, 0, 0, 0]


def test_a_configured_table_replaces_the_default_for_the_player_counts_it_names() -> None:
    table = {4: (10, 6, 3, 1)}
    four = [Standing(2, True), Standing(1, True), Standing(4, True), Standing(3, True)]
    assert game_points(four, table=table) == [6, 10, 1, 3]
    three = [Standing(1, True), Standing(2, False), Standing(3, False)]
    assert game_points(three, table=table) == [3, 0, 0]  # 3 players: not in the table, the default
    assert game_points([Standing(1, True), Standing(2, False)], table={2: (1,)}) == [1, 0]


def test_only_a_seat_that_won_earns_its_place_s_points() -> None:
    lost = [Standing(1, False), Standing(1, False)]
    assert game_points(lost, table={2: (5, 5)}) == [0, 0]


def test_one_endless_season_by_default() -> None:
    seasons = Seasons()
    assert seasons.endless
    assert {seasons.season_of(date(y, 6, 1)) for y in (1999, 2026, 2090)} == {1}
    assert seasons.first_day(1) is None and seasons.last_day(1) is None


def test_a_season_length_numbers_seasons_from_the_epoch() -> None:
    seasons = Seasons(days=90)
    assert seasons.season_of(date(2026, 1, 1)) == 1
    assert seasons.season_of(date(2026, 3, 31)) == 1  # day 89
    assert seasons.season_of(date(2026, 4, 1)) == 2
    assert seasons.season_of(date(2025, 12, 31)) == 0
    assert (seasons.first_day(2), seasons.last_day(2)) == (date(2026, 4, 1), date(2026, 6, 29))


def test_a_season_is_decided_by_the_utc_day() -> None:
    seasons = Seasons(days=1)
    late_in_new_york = datetime(2026, 1, 1, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert seasons.season_of(late_in_new_york) == 2  # already 2 January in UTC
    assert seasons.season_of(datetime(2026, 1, 1, 23, 30)) == 1  # naive: taken as UTC
    assert seasons.season_of(datetime(2026, 1, 2, 0, 0, tzinfo=UTC)) == 2


@UNTIMED
@given(st.integers(1, 400), st.dates(date(2000, 1, 1), date(2100, 1, 1)))
def test_every_day_falls_in_the_season_whose_first_and_last_days_hold_it(days: int, day: date) -> None:
    seasons = Seasons(days=days)
    season = seasons.season_of(day)
    first, last = seasons.first_day(season), seasons.last_day(season)
    assert first is not None and last is not None and first <= day <= last


def test_a_negative_season_length_is_refused() -> None:
    with pytest.raises(ValueError, match="0 days"):
        Seasons(days=-1)
