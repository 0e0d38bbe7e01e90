"""Game knowledge for bots: the heuristic and search hints a game declares (`GameInfo`).

A heuristic module (in the game's folder, so it is pure rules knowledge with no I/O) provides:
  choose(state, rng) -> Action           a good move for the seat to move of a full state
  evaluate(state) -> list[float]         each seat's prospects in [0, 1] (1 = sure win)
and may provide:
  baseline_choose(state, rng) -> Action  the game's simple scripted baseline player (the "rush" kind)
  estimates(state) -> list[float]        each seat's expected final score (MCTS's margin values)
A search hints module provides is_quiet(state) -> bool (a leaf `evaluate` can judge fairly) and
effort(state) -> float (the share of the iteration budget the decision deserves).
Bots call these only on determinized states, so they never see what their seat cannot know.

A game that declares no heuristic still has bots: `score_values` judges a position from its
provisional scores, and the kinds that need a heuristic are not offered (isla.bots.registry).
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from isla.core import game as find_game
from isla.core.errors import BadGame
from isla.core.protocol import Action, Game, State

Policy = Callable[[State, random.Random], Action]
Evaluator = Callable[[State], list[float]]


@dataclass(frozen=True)
class Knowledge:
    """A game's heuristic, as the bots use it (None: the module does not provide that function)."""

    choose: Policy
    evaluate: Evaluator
    baseline_choose: Policy | None = None
    estimates: Evaluator | None = None


@dataclass(frozen=True)
class SearchHints:
    is_quiet: Callable[[State], bool]
    effort: Callable[[State], float]


_knowledge: dict[str, Knowledge] = {}  # by module name
_hints: dict[str, SearchHints] = {}


def _game(game: Game | str) -> Game:
    return find_game(game) if isinstance(game, str) else game


def _declared(game: Game, field: str) -> str | None:
    """The module the game declares in `field` (None for none, or for a game that declares nothing)."""
    info = getattr(game, "info", None)
    return getattr(info, field, None)


def _functions(game: Game, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
               ) -> dict[str, Any]:
    module_name = _declared(game, field)
    module = importlib.import_module(str(module_name))
    found = {name: getattr(module, name, None) for name in (*required, *optional)}
    missing = [name for name in required if not callable(found[name])]
    if missing:
        raise BadGame(
            f"the {field} module {module_name} of {game.name} lacks {', '.join(f'{m}()' for m in missing)}"
        )
    return {name: function for name, function in found.items() if callable(function)}


def knowledge(game: Game | str) -> Knowledge | None:
    """The game's heuristic, or None when the game declares none."""
    found = _game(game)
    module = _declared(found, "heuristic")
    if module is None:
        return None
    if module not in _knowledge:
        functions = _functions(found, "heuristic", ("choose", "evaluate"), ("baseline_choose", "estimates"))
        _knowledge[module] = Knowledge(**functions)
    return _knowledge[module]


def search_hints(game: Game | str) -> SearchHints | None:
    """The game's hints for search (is_quiet, effort), or None when the game declares none."""
    found = _game(game)
    module = _declared(found, "search_hints")
    if module is None:
        return None
    if module not in _hints:
        _hints[module] = SearchHints(**_functions(found, "search_hints", ("is_quiet", "effort")))
    return _hints[module]


def has_heuristic(game: Game | str) -> bool:
    """Whether the game declares a heuristic (without importing it)."""
    return _declared(_game(game), "heuristic") is not None


def has_baseline(game: Game | str) -> bool:
    """Whether the game's heuristic has a scripted baseline player (imports the heuristic)."""
    known = knowledge(game)
    return known is not None and known.baseline_choose is not None


def has_bounds(game: Game) -> bool:
    """Whether `score_values` can judge the game's positions (it declares its bounds)."""
    return callable(getattr(getattr(game, "info", None), "bounds", None))


def score_values(state: State) -> list[float]:
    """Each seat's prospects in [0, 1] from the provisional scores: the generic evaluation.

    For a game without a heuristic, a playout cut off before the end is judged by how far each
    seat leads (or trails) the best other seat, as a share of the game's score range with the
    default options (`GameInfo.bounds`), so a seat well ahead counts as nearly won; level is 0.5.
    A seat playing alone is judged by its score's place in the range.
    """
    scores = state.result().scores
    low, span = _score_range(state.game, state.players)
    if len(scores) == 1:
        return [min(1.0, max(0.0, (scores[0] - low) / span))]
    values = []
    for seat, mine in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        values.append(min(1.0, max(0.0, 0.5 + (mine - best_other) / (2 * span))))
    return values


@functools.cache
def _score_range(game: Game, players: int) -> tuple[int, int]:
    """The lowest score and the width of the score range (at least 1), with the default options."""
    low, high = game.info.bounds(players, game.resolve_options(players, {})).scores
    return low, max(1, high - low)
