"""Readable text boards, built from a seat's `view` only (never the full state).

Each game declares its text board module (`GameInfo.text_board`, in the game's folder); this module
finds it by the view's "game" field. A renderer receives exactly what `State.view(seat)` returns,
so it cannot show anything that seat may not know: hidden information is left out before the
renderer ever sees the data.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any, cast

from isla.core import UnknownGame
from isla.core import game as find_game
from isla.core.textboard import columns


def _board_function(game_name: object, function: str) -> Callable[..., str] | None:
    """The game's text board function `function`, or None when the game declares no text board."""
    if not isinstance(game_name, str):
        return None
    try:
        game = find_game(game_name)
    except UnknownGame:
        return None
    module = game.info.text_board
    if module is None:
        return None
    found = getattr(importlib.import_module(module), function, None)
    if not callable(found):
        raise TypeError(f"the text board {module} of {game.name} has no function {function}()")
    return cast(Callable[..., str], found)


def render_view(view: dict[str, Any]) -> str:
    """The text board for a view; a game without a text board gets its view as indented JSON."""
    render = _board_function(view.get("game"), "render")
    return json.dumps(view, indent=2) if render is None else render(view)


def describe_action(game: str, text: str) -> str:
    """An action's notation in words for move logs; a game without a text board gets the text back."""
    describe = _board_function(game, "describe_action")
    return text if describe is None else describe(text)


__all__ = ["columns", "describe_action", "render_view"]
