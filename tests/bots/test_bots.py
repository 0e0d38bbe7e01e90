"""Every bot kind and level: legal moves only, reproducible, blind to hidden information, and
failures reported as BotError without touching the game."""

from __future__ import annotations

import random

import pytest

import isla
from isla.bots import (
    LEVELS,
    Bot,
    BotError,
    Budget,
    SeatAccess,
    UnknownBot,
    bot_move,
    make_bot,
    parse_spec,
)
from isla.core.protocol import Action, State

GAME = isla.game("puertorico")
# Tiny budgets keep CI fast; the levels' real budgets are measured in benchmarks, not here.
SPECS = [
    "random", "heuristic", "rush", "mcts:6", "mcts-model:6", "mcts-round:3", "easy", "medium:5", "hard:7",
]
VARIANTS = [
    (2, {}),
    (2, {"two_player_roles": "craftsman_angst"}),
    (3, {}),
    (4, {"balanced": True}),
    (5, {"forced_placement": True}),
]


def play(specs: list[str], players: int, seed: int, options: dict[str, object]) -> tuple[State, list[str]]:
    state = GAME.new_state(players, seed, options)
    bots = [make_bot(specs[seat % len(specs)], seat, seed) for seat in range(players)]
    moves: list[str] = []
    while state.to_move is not None:
        action = bot_move(bots[state.to_move], state)
        assert action in state.legal_actions()
        state.apply(action)
        moves.append(action.text)
    return state, moves


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_every_bot_finishes_games_with_legal_moves_in_every_variant(
    players: int, options: dict[str, object]
) -> None:
    # A rotating mix so each kind meets each seat position across variants.
    specs = SPECS[players % len(SPECS):] + SPECS[:players % len(SPECS)]
    state, moves = play(specs, players, seed=11, options=options)
    assert state.result().over
    assert len(moves) > 20


@pytest.mark.parametrize("spec", ["heuristic", "rush", "mcts:5", "hard:4"])
def test_same_seed_same_state_same_budget_gives_the_same_game(spec: str) -> None:
    first = play([spec, "random", spec], 3, seed=5, options={})[1]
    second = play([spec, "random", spec], 3, seed=5, options={})[1]
    assert first == second


def _mid_game(seed: int, steps: int) -> State:
    state = GAME.new_state(4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("spec", ["random", "heuristic", "rush", "mcts:12"])
def test_bot_ignores_hidden_information(spec: str) -> None:
    """Two states that differ only in what the seat to move cannot know get the same answer."""
    for steps in (3, 40, 90):
        state = _mid_game(seed=steps, steps=steps)
        seat = state.to_move
        assert seat is not None
        other = state.determinize(seat, random.Random(99))
        # They really differ in hidden information (the face-down order and the RNG) ...
        assert other.to_json() != state.to_json()
        # ... but not in anything the seat can see.
        assert other.view(seat) == state.view(seat)
        a = bot_move(make_bot(spec, seat, seed=3), state)
        b = bot_move(make_bot(spec, seat, seed=3), other)
        assert a.text == b.text


class _Raises(Bot):
    kind = "raises"

    def choose(self, access: SeatAccess) -> Action:  # noqa: ARG002 - a broken bot
        raise ZeroDivisionError("thinking too hard")


class _Cheats(Bot):
    kind = "cheats"

    def choose(self, access: SeatAccess) -> Action:  # noqa: ARG002 - a broken bot
        return Action(10_000, "build:everything")


@pytest.mark.parametrize(("bot_class", "problem"), [(_Raises, "ZeroDivisionError"), (_Cheats, "not legal")])
def test_a_failing_bot_is_reported_and_the_state_is_untouched(bot_class: type[Bot], problem: str) -> None:
    state = _mid_game(seed=4, steps=10)
    seat = state.to_move
    assert seat is not None
    before = state.to_json()
    with pytest.raises(BotError) as error:
        bot_move(bot_class(seat, random.Random(1), Budget()), state)
    assert problem in str(error.value)
    assert f"seat {seat}" in str(error.value)
    assert state.to_json() == before


def test_a_bot_asked_out_of_turn_is_an_error() -> None:
    state = GAME.new_state(3, 1)
    with pytest.raises(BotError, match="asked to move for seat 0"):
        bot_move(make_bot("random", 2, 1), state)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_level_is_a_kind_with_its_tuned_budget(level: str) -> None:
    assert parse_spec(level) == LEVELS[level]


def test_a_game_with_costlier_search_has_its_own_level_budgets() -> None:
    # A Vanuatu MCTS iteration plays on to the next round: its levels take fewer iterations, so
    # each level keeps its time per decision; Puerto Rico keeps the common budgets.
    declared = isla.game("vanuatu").info.levels
    assert parse_spec("medium", "vanuatu") == declared["medium"]
    assert parse_spec("hard", "vanuatu")[1] < LEVELS["hard"][1]
    assert parse_spec("mcts", "vanuatu") == declared["medium"]
    assert parse_spec("easy", "vanuatu") == LEVELS["easy"]
    assert parse_spec("hard", "puertorico") == LEVELS["hard"]
    assert parse_spec("hard:9", "vanuatu") == ("mcts", 9)
    assert make_bot("medium", 0, 0, game="vanuatu").budget.iterations == parse_spec("medium", "vanuatu")[1]


@pytest.mark.parametrize(("spec", "expected"), [
    ("mcts:40", ("mcts", 40)),
    ("hard:9", ("mcts-round", 9)),
    ("mcts-model", ("mcts-model", LEVELS["medium"][1])),
])
def test_a_budget_after_the_colon_overrides_the_iterations(spec: str, expected: tuple[str, int]) -> None:
    assert parse_spec(spec) == expected


@pytest.mark.parametrize(("spec", "message"), [
    ("grandmaster", "unknown bot 'grandmaster'"),
    ("mcts:many", "must be a whole number"),
    ("mcts:0", "at least 1"),
])
def test_bad_bot_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(UnknownBot, match=message):
        make_bot(spec, 0, 0)


def test_the_mcts_wall_clock_cap_stops_early_but_still_answers_legally() -> None:
    state = _mid_game(seed=8, steps=30)
    seat = state.to_move
    assert seat is not None
    bot = make_bot("mcts:1000000", seat, 1, seconds=0.0)
    assert bot_move(bot, state) in state.legal_actions()
