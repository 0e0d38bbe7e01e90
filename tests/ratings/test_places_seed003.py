"""Places and wins follow seed 003 and rulings R11/R12: ties share the better place, 5-player 2nd
place also wins in Puerto Rico (a declaration of that game, not Vanuatu's), a flood has no winner."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.core import game
from isla.core.protocol import Result, shared_ranks
from isla.ratings import Standing, standings
from isla.ratings.places import is_competition_ranking

UNTIMED = settings(deadline=None)  # no property test may fail for being slow on a loaded machine
PR = game("puertorico")
VANUATU = game("vanuatu")


def finished(scores: list[int], tiebreaks: list[int] | None = None) -> Result:
    """A finished result ranked the engines' way: by (score, tiebreak), equal keys sharing a place."""
    breaks = tiebreaks or [0] * len(scores)
    return Result(True, scores, breaks, shared_ranks(list(zip(scores, breaks, strict=True))))


def test_seed003_equal_prestige_shares_the_better_place_and_skips_the_next() -> None:
    places = [s.place for s in standings(finished([40, 52, 52, 31]))]
    assert places == [3, 1, 1, 4]


def test_r11_doubloons_and_goods_break_a_vp_tie_before_places_are_shared() -> None:
    broken = standings(finished([50, 50, 44], tiebreaks=[7, 3, 9]))
    assert [s.place for s in broken] == [1, 2, 3]
    still_tied = standings(finished([50, 50, 44], tiebreaks=[5, 5, 9]))
    assert still_tied == (Standing(1, True), Standing(1, True), Standing(3, False))


def test_r12_in_a_5_player_puerto_rico_game_2nd_place_also_wins() -> None:
    assert PR.info.places_that_win(5) == 2
    outcome = standings(finished([60, 55, 50, 45, 40]), PR.info.places_that_win(5))
    assert [s.won for s in outcome] == [True, True, False, False, False]


def test_r12_a_shared_2nd_place_in_5_player_puerto_rico_is_a_win_for_both() -> None:
    outcome = standings(finished([60, 55, 55, 45, 40]), PR.info.places_that_win(5))
    assert [(s.place, s.won) for s in outcome] == [(1, True), (2, True), (2, True), (4, False), (5, False)]


def test_r12_two_sharing_1st_in_5_player_puerto_rico_leave_3rd_place_a_loss() -> None:
    outcome = standings(finished([60, 60, 55, 45, 40]), PR.info.places_that_win(5))
    assert [(s.place, s.won) for s in outcome] == [(1, True), (1, True), (3, False), (4, False), (5, False)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r12_below_5_players_only_1st_place_wins_puerto_rico(players: int) -> None:
    assert PR.info.places_that_win(players) == 1
    outcome = standings(finished(list(range(50, 50 - players, -1))), PR.info.places_that_win(players))
    assert [s.won for s in outcome] == [True] + [False] * (players - 1)


def test_seed003_is_puerto_rico_s_so_in_5_player_vanuatu_only_1st_wins() -> None:
    assert [VANUATU.info.places_that_win(n) for n in range(2, 6)] == [1, 1, 1, 1]
    outcome = standings(finished([30, 25, 20, 15, 10]), VANUATU.info.places_that_win(5))
    assert [s.won for s in outcome] == [True, False, False, False, False]


def test_a_vanuatu_flood_has_no_winner_and_every_seat_shares_the_place() -> None:
    flood = Result(True, [0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1], end_triggers=["flood"], nobody_wins=True)
    assert standings(flood) == (Standing(1, False),) * 4


def test_a_game_not_over_has_no_places_to_rate() -> None:
    with pytest.raises(ValueError, match="not over"):
        standings(Result(False, [3, 1], [0, 0], [1, 2]))


def test_ranks_that_are_not_a_competition_ranking_are_refused() -> None:
    with pytest.raises(ValueError, match="competition ranking"):
        standings(Result(True, [9, 9, 5], [0, 0, 0], [1, 1, 2]))


def test_a_finished_5_player_puerto_rico_game_gives_its_engine_ranks_as_places() -> None:
    state = PR.new_state(5, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply_unchecked(rng.choice(state.legal_actions()))
    result = state.result()
    outcome = standings(result, PR.info.places_that_win(5))
    assert [s.place for s in outcome] == result.ranks
    assert [s.won for s in outcome] == [rank <= 2 for rank in result.ranks]


@UNTIMED
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 3)), min_size=1, max_size=5), st.integers(1, 2))
def test_seed003_places_are_competition_ranks_and_wins_the_places_up_to_the_declared_count(
    keys: list[tuple[int, int]], winning: int
) -> None:
    ranks = shared_ranks(keys)
    outcome = standings(Result(True, [k[0] for k in keys], [k[1] for k in keys], ranks), winning)
    assert is_competition_ranking([s.place for s in outcome])
    for standing, key in zip(outcome, keys, strict=True):
        assert standing.place == 1 + sum(1 for other in keys if other > key)
        assert standing.won == (standing.place <= winning)
    # seats with equal keys (a true tie) share their place and their win
    for a, b in zip(outcome, keys, strict=True):
        for c, d in zip(outcome, keys, strict=True):
            if b == d:
                assert a == c
