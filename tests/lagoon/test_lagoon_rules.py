"""Lagoon's rules, and the protocol's promises checked on it (isla.core.conformance)."""

from __future__ import annotations

import pytest
from lagoon.game import GAME, REEF_BONUS, ROUNDS, LagoonState

import isla
from isla.core.conformance import check_game


def _state(players: int = 3, seed: int = 4, **options: int) -> LagoonState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, LagoonState)
    return state


def test_lagoon_is_registered_like_any_game() -> None:
    assert isla.game("lagoon") is GAME
    assert "lagoon" in isla.game_names()
    assert isla.game_names()[0] != "lagoon"  # a game from outside never becomes the default


def test_riding_the_current_moves_the_cards_value_plus_one_once_and_shows_the_card() -> None:
    state = _state()
    card = state.cards[0]
    state.apply("current")
    assert state.positions[0] == card + 1 and state.shown[0]
    assert state.view(1)["cards"][0] == card
    for _ in range(2):
        state.apply("paddle")
    assert "current" not in [a.text for a in state.legal_actions()]


def test_a_seat_sees_its_own_current_but_not_the_others_unshown_ones() -> None:
    state = _state()
    assert state.view(1)["cards"] == [None, state.cards[1], None]
    assert state.view(None)["cards"] == [None, None, None]


def test_the_first_canoe_at_the_reef_ends_the_race_at_once_and_scores_three_more() -> None:
    state = _state(course=6)
    while state.to_move is not None:
        state.apply("sail")
    result = state.result()
    assert result.end_triggers == ["reef"]
    winner = state.positions.index(6)
    assert result.scores[winner] == 6 + REEF_BONUS and result.ranks[winner] == 1


def test_the_tide_ends_the_race_after_round_eight() -> None:
    state = _state(players=2, course=30)
    for _ in range(2 * ROUNDS):
        assert state.to_move is not None
        state.apply("paddle")
    assert state.to_move is None and state.result().end_triggers == ["tide"]
    assert state.result().scores == [ROUNDS, ROUNDS] and state.result().ranks == [1, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lagoon_keeps_every_promise_of_the_protocol(players: int) -> None:
    report = check_game(GAME, players, [1, 2, 3])
    assert report.playouts == 3
    assert report.longest <= GAME.info.bounds(players, {"course": 12}).steps
