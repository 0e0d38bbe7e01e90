"""Short name -> Game. Games are imported on first use, so `import isla` stays light.

Isla's own games are one line each in `_GAMES`; a game from elsewhere (a test's game, a third-party
package) joins with `register(game)`. `game_names()` lists Isla's games first, then the registered
ones in the order they came; the first is the default game.
"""

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
_registered: dict[str, Game] = {}


def game_names() -> list[str]:
    return [*sorted(_GAMES), *_registered]


def game(name: str) -> Game:
    """The game registered under `name`; raise UnknownGame naming the known ones."""
    found = _loaded.get(name) or _registered.get(name)
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


def register(game: Game) -> Game:
    """Add `game` to the registry under its name; return it. Registering the same game again does
    nothing; another game under a name already taken is an error."""
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} is not a Game")
    taken = _registered.get(game.name)
    if taken is game:
        return game
    if taken is not None or game.name in _GAMES:
        raise ValueError(f"a game named {game.name!r} is already registered")
    _registered[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game added by `register` (for tests); Isla's own games stay."""
    _registered.pop(name, None)
