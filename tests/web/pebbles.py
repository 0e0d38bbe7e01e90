"""Pebbles: a tiny game that declares no board of its own, for the browser tests of the generic board.

Players take 1, 2 or 3 pebbles in turn from one pile; each pebble is a point, and whoever takes the
last one scores 2 more. It lives in the tests only and joins Isla as any outside game would, through
`isla.core.registry.register` (the `pebbles` fixture in conftest.py registers it for a test).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from isla.core import (
    JSON,
    PERFECT,
    Action,
    BadState,
    Bounds,
    Game,
    GameInfo,
    OptionSpec,
    Result,
    State,
    shared_ranks,
)

LAST_PEBBLE = 2
TAKES = {n: Action(n - 1, f"take:{n}") for n in (1, 2, 3)}


class PebblesState(State):
    def __init__(self, players: int, pile: int, taken: list[list[int]], turn: int = 0) -> None:
        self.n, self.pile, self.taken, self.turn = players, pile, taken, turn

    @property
    def game(self) -> Game:
        return GAME

    @property
    def players(self) -> int:
        return self.n

    @property
    def to_move(self) -> int | None:
        return None if self.pile == 0 else self.turn % self.n

    def legal_actions(self) -> list[Action]:
        return [TAKES[n] for n in TAKES if n <= self.pile]

    def apply_unchecked(self, action: Action) -> None:
        self.taken[self.turn % self.n].append(int(action.text.split(":")[1]))
        self.pile -= int(action.text.split(":")[1])
        self.turn += 1

    def clone(self) -> Self:
        return type(self)(self.n, self.pile, [list(t) for t in self.taken], self.turn)

    def last_taker(self) -> int | None:
        return (self.turn - 1) % self.n if self.pile == 0 and self.turn else None

    def view(self, seat: int | None) -> JSON:
        history = [{"seat": (t % self.n), "took": took} for t, took in enumerate(self._order())]
        return {
            "game": "pebbles", "schema": 1, "players": self.n, "seat": seat, "to_move": self.to_move,
            "round": self.turn // self.n + 1,
            "pile": {"left": self.pile, "taken": sum(map(sum, self.taken))},
            "history": history[-4:],
            "seats": [{"pebbles": sum(t), "takes": list(t)} for t in self.taken],
        }

    def _order(self) -> list[int]:
        return [self.taken[t % self.n][t // self.n] for t in range(self.turn)]

    def result(self) -> Result:
        bonus = [LAST_PEBBLE if seat == self.last_taker() else 0 for seat in range(self.n)]
        scores = [sum(t) + b for t, b in zip(self.taken, bonus, strict=True)]
        breakdown = [{"pebbles": sum(t), "last_pebble": b, "total": sum(t) + b}
                     for t, b in zip(self.taken, bonus, strict=True)]
        return Result(self.pile == 0, scores, [0] * self.n, shared_ranks([(s,) for s in scores]),
                      breakdown, ["pile-empty"] if self.pile == 0 else [])

    def to_json(self) -> JSON:
        return {"game": "pebbles", "players": self.n, "pile": self.pile, "taken": self.taken,
                "turn": self.turn}

    def determinize(self, seat: int, rng: random.Random) -> Self:  # noqa: ARG002 - nothing is hidden
        return self.clone()


class PebblesGame(Game):
    name, title, version = "pebbles", "Pebbles", "pebbles-1"
    min_players, max_players = 2, 3
    option_specs = (OptionSpec("pile", "int", 9, "Pebbles in the pile at the start.", minimum=3, maximum=30),)
    info = GameInfo(information=PERFECT, action_count=len(TAKES),
                    bounds=lambda _players, options: Bounds((0, options["pile"] + LAST_PEBBLE), options["pile"]))

    def new_state(  # the seed changes nothing: the game has no chance
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None  # noqa: ARG002
    ) -> PebblesState:
        resolved = self.resolve_options(players, options)
        return PebblesState(players, resolved["pile"], [[] for _ in range(players)])

    def state_from_json(self, data: Mapping[str, Any]) -> PebblesState:
        try:
            taken = [list(t) for t in data["taken"]]
            state = PebblesState(data["players"], data["pile"], taken, data["turn"])
            state.clone()._order()
        except (KeyError, TypeError, IndexError) as error:
            raise BadState(f"not a Pebbles position: {error}") from None
        return state

    def narrate(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        assert isinstance(state, PebblesState) and state.to_move is not None
        took = int(action.text.split(":")[1])
        left = state.pile - took
        return [f"{names[state.to_move]} takes {took} pebble{'s' * (took > 1)}: {left} left."]

    def catalog(self) -> JSON:
        return {"words": {
            "labels": {"pile": "The pile", "left": "Pebbles left", "taken": "Taken so far",
                       "history": "Last takes", "took": "Pebbles", "takes": "Takes",
                       "last_pebble": "Last pebble"},
            "actions": {"take": "Take pebbles from the pile: each one is a point.",
                        "take:3": "Take 3 pebbles (the most at once)."},
            "end_triggers": {"pile-empty": "the pile is empty"},
        }}


GAME = PebblesGame()
