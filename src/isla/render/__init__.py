"""Readable text boards, built from a seat's `view` only (never the full state).

Each game declares its text board module (`GameInfo.text_board`, in the game's folder); this module
finds it by the view's "game" field. A renderer receives exactly what `State.view(seat)` returns,
so it cannot show anything that seat may not know: hidden information is left out before the
renderer ever sees the data.

A board's words are structured (isla.core.textboard): a module that gives `lines(view)` (lines
of `tell` / `generic` messages and `Term`s, each line's str its English) is rendered here in the
reader's language, from the game's catalogs; one that gives only `render(view)` shows English.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any, cast

from isla.core import UnknownGame
from isla.core import game as find_game
from isla.core.textboard import Wrapped, columns, wrap
from isla.i18n.languages import ENGLISH, supported
from isla.i18n.told import Teller


def _board_function(game_name: object, function: str) -> Callable[..., Any] | None:
    """The game's text board function `function`, or None when the game declares no text board
    (or its text board has no such function)."""
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
    if found is None and function == "lines":
        return None
    if not callable(found):
        raise TypeError(f"the text board {module} of {game.name} has no function {function}()")
    return cast(Callable[..., Any], found)


def _english(lang: str | None) -> bool:
    return (supported(lang) or ENGLISH) == ENGLISH


def said_in(game: str, line: str, lang: str | None) -> str:
    """One structured line (or a plain string) of `game`'s text board in `lang`."""
    if _english(lang):
        return str(line)
    teller = Teller.of(find_game(game))
    if isinstance(line, Wrapped):
        return "\n".join(wrap(teller.render(line.line, str(lang)), line.width, line.indent))
    return teller.render(line, str(lang))


def render_view(view: dict[str, Any], lang: str | None = None) -> str:
    """The text board for a view in `lang` (default English); a game without a text board gets its
    view as indented JSON, and one whose board is not structured its English board."""
    game = view.get("game")
    lines = _board_function(game, "lines")
    if lines is not None and not _english(lang):
        return "\n".join(said_in(str(game), line, lang) for line in lines(view))
    render = _board_function(game, "render")
    return json.dumps(view, indent=2) if render is None else str(render(view))


def describe_action(game: str, text: str, lang: str | None = None) -> str:
    """An action's notation in words, for move logs and help, in `lang` (default English); a game
    without a text board gets the text back."""
    describe = _board_function(game, "describe_action")
    return text if describe is None else said_in(game, describe(text), lang)


__all__ = ["columns", "describe_action", "render_view", "said_in"]
