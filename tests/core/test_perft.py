"""`isla.core.perft`: counting decision sequences over the protocol, on the conformance toy.

Pebbles (see test_conformance_suite): a turn takes 1 or 2 pebbles, draws a card while the deck
lasts, or rolls the die once per game; the game ends when the pile is empty.
"""

from __future__ import annotations

import pytest
from test_conformance_suite import Pebbles

from isla.core.perft import divide, perft


def test_counts_follow_the_toys_rules() -> None:
    state = Pebbles().new_state(2, seed=1)
    # Depth 1: take:1, take:2, draw, roll. Depth 2: the other seat has the same 4 after any of them.
    # Depth 3: the first seat again: 3 choices after its own roll (no second roll), 4 otherwise:
    # 4 * 3 + 12 * 4 = 60.
    assert [perft(state, depth) for depth in (0, 1, 2, 3)] == [1, 4, 16, 60]
    assert divide(state, 3) == {"take:1": 16, "take:2": 16, "draw": 16, "roll": 12}


def test_a_sequence_the_game_ends_before_the_depth_counts_nothing() -> None:
    # One pebble left, no card, both seats rolled: take:1 is the only decision, and it ends the game.
    state = Pebbles().state_from_json({
        "players": 2, "start": 12, "pile": 1, "deck": [], "scores": [5, 6], "rolled": [1, 1],
        "turn": 0, "laps": 0,
    })
    assert [perft(state, depth) for depth in (1, 2, 3)] == [1, 0, 0]


def test_counting_leaves_the_state_as_it_was() -> None:
    state = Pebbles().new_state(3, seed=2)
    before = state.to_json()
    perft(state, 4)
    divide(state, 2)
    assert state.to_json() == before


@pytest.mark.parametrize("depth", [-1, 1.5, True, "2"])
def test_a_depth_that_is_not_a_whole_number_from_zero_is_refused(depth: object) -> None:
    state = Pebbles().new_state(2)
    with pytest.raises(ValueError, match="depth"):
        perft(state, depth)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="depth"):
        divide(state, 0 if depth == -1 else depth)  # type: ignore[arg-type]
