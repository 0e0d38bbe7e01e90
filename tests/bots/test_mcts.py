"""MCTS is generic over the protocol: on a small game with a known best move it finds that move."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from isla.bots import Budget, SeatAccess
from isla.bots.mcts import MctsBot, ModelMctsBot, Node, random_policy, terminal_values
from isla.core.protocol import JSON, Action, Game, Result, State

TAKE = [Action(k, f"take:{k}") for k in (0, 1, 2, 3)]


class NimState(State):
    """Two players take 1-3 pebbles in turn; whoever takes the last one wins."""

    __slots__ = ("pile", "seat", "winner")

    def __init__(self, pile: int, seat: int = 0, winner: int | None = None) -> None:
        self.pile = pile
        self.seat = seat
        self.winner = winner

    @property
    def game(self) -> Game:
        return NIM

    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self.winner is not None else self.seat

    def legal_actions(self) -> list[Action]:
        return [] if self.winner is not None else [TAKE[k] for k in (1, 2, 3) if k <= self.pile]

    def apply_unchecked(self, action: Action) -> None:
        self.pile -= action.id
        if self.pile == 0:
            self.winner = self.seat
        self.seat = 1 - self.seat

    def clone(self) -> NimState:
        return NimState(self.pile, self.seat, self.winner)

    def view(self, seat: int | None) -> JSON:  # noqa: ARG002 - nothing is hidden in Nim
        return self.to_json()

    def result(self) -> Result:
        scores = [1 if self.winner == s else 0 for s in (0, 1)]
        ranks = [1 if self.winner in (None, s) else 2 for s in (0, 1)]
        return Result(self.winner is not None, scores, [0, 0], ranks)

    def to_json(self) -> JSON:
        return {"pile": self.pile, "seat": self.seat, "winner": self.winner}

    def determinize(self, seat: int, rng: random.Random) -> NimState:  # noqa: ARG002
        return self.clone()


class NimGame(Game):
    name = "nim-test"
    title = "Nim"
    min_players = 2
    max_players = 2
    version = "nim-1"

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None  # noqa: ARG002
    ) -> State:
        return NimState(9)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return NimState(data["pile"], data["seat"], data["winner"])


NIM = NimGame()


@pytest.mark.parametrize(("pile", "best"), [(5, "take:1"), (6, "take:2"), (7, "take:3"), (9, "take:1")])
def test_mcts_finds_the_winning_move_of_a_game_it_has_no_knowledge_of(pile: int, best: str) -> None:
    # Leaving a multiple of 4 wins; with random playouts only, the search has to discover it.
    state = NimState(pile)
    chosen = MctsBot(0, random.Random(pile), Budget(iterations=600)).choose(SeatAccess(state, 0))
    assert chosen.text == best


def test_a_single_iteration_still_answers_legally() -> None:
    state = NimState(2)
    chosen = MctsBot(0, random.Random(1), Budget(iterations=1)).choose(SeatAccess(state, 0))
    assert chosen in state.legal_actions()


def test_terminal_values_give_the_winner_everything() -> None:
    state = NimState(1)
    state.apply_unchecked(TAKE[1])
    assert terminal_values(state) == [1.0, 0.0]


@pytest.mark.parametrize("grows", [False, True])
def test_the_heuristic_prior_does_not_stop_the_search_finding_a_better_move(grows: bool) -> None:
    # Without game knowledge the "prior" is a random move; it must not outweigh what search finds.
    bot = MctsBot(0, random.Random(4), Budget(iterations=600))
    bot.prior_grows = grows
    bot.prior_bias = 0.05 if grows else 0.5
    assert bot.choose(SeatAccess(NimState(6), 0)).text == "take:2"


def _tree_after(bot: MctsBot, iterations: int) -> Node:
    root = Node()
    access = SeatAccess(NimState(9), 0)
    for _ in range(iterations):
        bot._iterate(access, root, random_policy, None)
    return root


def _widest_at(node: Node, depth: int, seat_parity: int) -> int:
    """The most children of any node at depths with this parity (0: the bot's turns, 1: the other's)."""
    own = len(node.children) if depth % 2 == seat_parity else 0
    return max([own, *(_widest_at(c, depth + 1, seat_parity) for c in node.children.values())])


def test_the_opponent_model_searches_only_one_reply_at_the_other_seats_nodes() -> None:
    modelled = _tree_after(ModelMctsBot(0, random.Random(3), Budget(iterations=400)), 400)
    plain = _tree_after(MctsBot(0, random.Random(3), Budget(iterations=400)), 400)
    assert _widest_at(modelled, 0, 1) == 1  # the other seat: the modelled move only
    assert _widest_at(modelled, 0, 0) == 3  # its own turns are still searched in full
    assert _widest_at(plain, 0, 1) == 3


def _take_one(state: State, rng: random.Random) -> Action:  # noqa: ARG001 - a fixed playout policy
    return TAKE[1]


@pytest.mark.parametrize(
    ("start", "stops", "judged"), [(9, 1, 8), (8, 1, 8), (9, 2, 6), (9, 4, 2), (3, 4, 0)]
)
def test_a_playout_is_judged_at_its_quiet_stops_th_quiet_position(
    start: int, stops: int, judged: int
) -> None:
    # Even piles are "quiet" here; the evaluation sees the pile the playout stopped at (0: game over).
    bot = MctsBot(0, random.Random(1), Budget(iterations=1))
    bot.quiet_stops = stops
    bot._quiet = lambda state: state.pile % 2 == 0  # type: ignore[attr-defined]
    seen: list[int] = []

    def evaluate(state: State) -> list[float]:
        seen.append(state.pile)  # type: ignore[attr-defined]
        return [0.5, 0.5]

    world = NimState(start)
    bot._playout(world, _take_one, evaluate)
    assert world.pile == judged
    assert seen == ([] if judged == 0 else [judged])
