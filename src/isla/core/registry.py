"""Short name -> Game. Games are imported on first use, so `import isla` stays light."""

from __future__ import annotations

import importlib

from isla.core.errors import UnknownGame
from isla.core.protocol import Game

# A new game is one line here: short name -> "module:attribute" of its Game instance.
_GAMES: dict[str, str] = {
    "puertorico": "isla.games.puertorico.game:GAME",
    "vanuatu": "isla.games.vanuatu.game:GAME",
}
_loaded: dict[str, Game] = {}


def game_names() -> list[str]:
    return sorted(_GAMES)


def game(name: str) -> Game:
    """The game registered under `name`; raise UnknownGame naming the known ones."""
    found = _loaded.get(name)
    if found is not None:
        return found
    target = _GAMES.get(name)
    if target is None:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(game_names())})")
    module_name, attribute = target.split(":")
    loaded = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(loaded, Game):
        raise TypeError(f"{target} is not a Game")
    _loaded[name] = loaded
    return loaded
