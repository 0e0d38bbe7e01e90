"""Game knowledge for bots: each game's heuristic module, found by the game's short name.

A heuristic module (inside the game package, so it is pure rules knowledge with no I/O) provides:
  choose(state, rng) -> Action           a good move for the seat to move of a full state
  evaluate(state) -> list[float]         each seat's prospects in [0, 1] (1 = sure win)
  baseline_choose(state, rng) -> Action  the game's simple scripted baseline player
Bots call these only on determinized states, so they never see what their seat cannot know.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Protocol, cast

from isla.core.errors import UnknownGame
from isla.core.protocol import Action, State

_MODULES = {
    "puertorico": "isla.games.puertorico.heuristic",
    "vanuatu": "isla.games.vanuatu.heuristic",
}
# Optional search hints: is_quiet(state) -> bool (a leaf `evaluate` can judge fairly) and
# effort(state) -> float (the share of the iteration budget the decision deserves).
_SEARCH = {
    "puertorico": "isla.games.puertorico.search",
    "vanuatu": "isla.games.vanuatu.search",
}


class Knowledge(Protocol):
    def choose(self, state: State, rng: random.Random) -> Action: ...

    def evaluate(self, state: State) -> list[float]: ...

    def baseline_choose(self, state: State, rng: random.Random) -> Action: ...


class SearchHints(Protocol):
    def is_quiet(self, state: State) -> bool: ...

    def effort(self, state: State) -> float: ...


def search_hints(game_name: str) -> SearchHints | None:
    """The game's hints for search: is_quiet (fit for static evaluation) and effort (budget share)."""
    target = _SEARCH.get(game_name)
    if target is None:
        return None
    return cast(SearchHints, importlib.import_module(target))


def knowledge(game_name: str) -> Knowledge:
    target = _MODULES.get(game_name)
    if target is None:
        raise UnknownGame(f"no bot knowledge for game {game_name!r}")
    module: ModuleType = importlib.import_module(target)
    return cast(Knowledge, module)
