"""Lagoon's bots: every level and kind offered for it plays whole games with legal moves, and each
reads what Lagoon declares (its heuristic, its baseline, its own budget for hard)."""

from __future__ import annotations

import random

import pytest
from lagoon.game import GAME

from isla.bots import SeatAccess, bot_move, bot_names, levels, make_bot, parse_spec
from isla.bots.knowledge import knowledge
from lagoon import heuristic


def test_every_level_is_offered_and_hard_has_the_budget_lagoon_declares() -> None:
    assert list(levels("lagoon")) == ["easy", "medium", "hard"]
    assert parse_spec("hard", "lagoon") == ("mcts", 400)
    assert parse_spec("medium", "lagoon") == parse_spec("medium")  # the default level
    assert set(bot_names("lagoon")) >= {"random", "heuristic", "rush", "mcts", "mcts-model", "mcts-round"}


@pytest.mark.parametrize("spec", bot_names("lagoon"))
def test_every_offered_bot_plays_whole_races_with_legal_moves(spec: str) -> None:
    for players in (2, 4):
        state = GAME.new_state(players, seed=players)
        # Small budgets for the searching bots: the levels' real ones are measured elsewhere.
        small = f"{spec}:20" if parse_spec(spec, "lagoon")[1] else spec
        bots = [make_bot(small, seat, 7, game="lagoon") for seat in range(players)]
        while (seat := state.to_move) is not None:
            action = bot_move(bots[seat], state, spec)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.result().over


def test_the_heuristic_bot_plays_the_move_of_lagoons_heuristic() -> None:
    state = GAME.new_state(3, seed=2)
    state.apply("paddle")
    known = knowledge("lagoon")
    assert known is not None and known.choose is heuristic.choose
    chosen = make_bot("heuristic", 1, 0, game="lagoon").choose(SeatAccess(state, 1))
    # The bot decides on a determinized copy; its own card, the one the choice rests on, is kept.
    assert chosen == heuristic.choose(state.clone(), random.Random(0))


def test_the_rush_level_is_lagoons_scripted_baseline() -> None:
    state = GAME.new_state(2, seed=3)
    assert make_bot("easy", 0, 0, game="lagoon").choose(SeatAccess(state, 0)).text == "sail"
