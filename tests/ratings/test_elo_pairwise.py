"""The pairwise multiplayer Elo: every pair of seats one result by place (a shared place a draw),
K by experience and divided by the number of opponents, start 1500; exact enough to replay."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.ratings import ELO, EloSettings, changes, display, expected, shown_change, updated, win_chances

UNTIMED = settings(deadline=None)  # no property test may fail for being slow on a loaded machine

RATINGS = st.floats(min_value=100.0, max_value=3000.0, allow_nan=False)
COUNTS = st.integers(min_value=0, max_value=60)
PLACES = st.integers(min_value=1, max_value=5)


@st.composite
def games(draw: st.DrawFn) -> tuple[list[float], list[int], list[int]]:
    n = draw(st.integers(min_value=2, max_value=5))
    keys = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    places = [1 + sum(1 for other in keys if other > key) for key in keys]
    return (draw(st.lists(RATINGS, min_size=n, max_size=n)), draw(st.lists(COUNTS, min_size=n, max_size=n)),
            places)


@UNTIMED
@given(RATINGS, RATINGS, COUNTS, COUNTS, st.sampled_from([(1, 2), (2, 1), (1, 1)]))
def test_a_2_player_game_with_equal_k_changes_the_two_ratings_by_opposite_amounts(
    a: float, b: float, games_a: int, games_b: int, places: tuple[int, int]
) -> None:
    settings = EloSettings(k_provisional=32.0, k_established=32.0)  # equal K whatever the experience
    delta_a, delta_b = changes([a, b], [games_a, games_b], list(places), settings)
    assert delta_a == -delta_b
    new_a, new_b = updated([a, b], [games_a, games_b], list(places), settings)
    assert math.isclose(new_a + new_b, a + b, rel_tol=0, abs_tol=1e-9)


@UNTIMED
@given(games(), st.randoms(use_true_random=False))
def test_permuting_seats_together_with_their_places_changes_nothing(
    game: tuple[list[float], list[int], list[int]], rng: random.Random
) -> None:

    ratings, counts, places = game
    order = list(range(len(ratings)))
    rng.shuffle(order)
    moved = changes([ratings[i] for i in order], [counts[i] for i in order], [places[i] for i in order])
    assert moved == [changes(ratings, counts, places)[i] for i in order]


@UNTIMED
@given(RATINGS, st.integers(min_value=2, max_value=5), st.lists(COUNTS, min_size=5, max_size=5))
def test_a_full_tie_changes_nothing_between_equal_ratings(rating: float, n: int, counts: list[int]) -> None:
    assert updated([rating] * n, counts[:n], [1] * n) == [rating] * n


@UNTIMED
@given(games())
def test_the_better_place_never_loses_to_the_worse_between_equal_ratings(
    game: tuple[list[float], list[int], list[int]]
) -> None:
    places = game[2]
    deltas = changes([1500.0] * len(places), [25] * len(places), places)
    for i, place in enumerate(places):
        for j, other in enumerate(places):
            if place < other:
                assert deltas[i] > deltas[j]
            elif place == other:
                assert deltas[i] == deltas[j]


def test_a_pair_is_a_draw_at_a_shared_place_and_k_is_divided_by_the_opponents() -> None:
    # Four established players at 1500: 1st beats three (3 x 0.5 above expectation), K/(n-1) = 20/3.
    assert changes([1500.0] * 4, [30] * 4, [1, 2, 2, 4]) == pytest.approx([10.0, 0.0, 0.0, -10.0])


def test_provisional_players_move_by_the_higher_k_for_their_first_games() -> None:
    assert ELO.k(0) == ELO.k(ELO.provisional_games - 1) == 40.0
    assert ELO.k(ELO.provisional_games) == 20.0
    new, established = changes([1500.0, 1500.0], [0, ELO.provisional_games], [1, 2])
    assert (new, established) == (20.0, -10.0)


@UNTIMED
@given(RATINGS, RATINGS)
def test_the_two_expected_scores_of_a_pair_add_up_to_exactly_one(a: float, b: float) -> None:
    assert expected(a, b) + expected(b, a) == 1.0
    assert expected(1900.0, 1500.0) == pytest.approx(10 / 11)


def test_a_rating_is_shown_rounded_to_a_whole_number() -> None:
    assert [display(1512.4999), display(1512.5), display(1487.5), display(1500.0)] == [1512, 1513, 1488, 1500]


def test_the_change_shown_is_the_difference_of_the_ratings_shown() -> None:
    assert shown_change(1499.6, 1500.4) == 0
    assert shown_change(1500.0, 1502.784693041323133) == 3
    assert shown_change(1550.0, 1529.047158434554916) == -21


def test_a_game_of_one_seat_changes_nothing_and_mismatched_lengths_are_refused() -> None:
    assert updated([1600.0], [3], [1]) == [1600.0]
    with pytest.raises(ValueError, match="2 ratings need 2 game counts, 2 places"):
        changes([1500.0, 1500.0], [0], [1, 2])


@UNTIMED
@given(RATINGS, RATINGS)
def test_the_win_chance_of_two_seats_is_their_expected_score(a: float, b: float) -> None:
    chance_a, chance_b = win_chances([a, b])
    assert math.isclose(chance_a, expected(a, b), rel_tol=1e-12, abs_tol=1e-15)
    assert math.isclose(chance_a + chance_b, 1.0, rel_tol=1e-12)


@UNTIMED
@given(st.lists(RATINGS, min_size=1, max_size=5))
def test_win_chances_add_up_to_one_and_follow_the_ratings(ratings: list[float]) -> None:
    chances = win_chances(ratings)
    assert math.isclose(math.fsum(chances), 1.0, rel_tol=1e-12)
    for i in range(len(ratings)):
        for j in range(len(ratings)):
            if ratings[i] < ratings[j]:
                assert chances[i] <= chances[j]
