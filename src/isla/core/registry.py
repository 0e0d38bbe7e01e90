"""Short name -> Game: the games this Isla knows, and how a new one joins them.

Three ways in, listed in this order by `game_names()` (the first is the default game of a new table):
- the games in this repository, one line each in `_BUILT_IN`;
- installed packages that declare an entry point in the group "isla.games"
  (`mygame = "mypackage.game:GAME"` under `[project.entry-points."isla.games"]` in pyproject.toml),
  so `isla serve`, `isla play` and every worker process find the game with no code of ours changed;
- `register(game)`, called by a program (a test, a notebook, a script that starts a server).

Games from the first two are imported on first use, so `import isla` stays light. Every game is
checked when it joins (`check_game_declarations`): a missing or malformed declaration is a `BadGame`
naming the problem, never a surprise later. A registered game must be a module-level object (an
attribute of the module that defines its class), so a worker process can import it again by name:
`snapshot()` gives the parent's registry, `restore(snapshot)` rebuilds it in a worker.
"""

from __future__ import annotations

import functools
import importlib
import os.path
import re
import sys
from dataclasses import dataclass

from isla.core.errors import BadGame, UnknownGame
from isla.core.info import INFORMATION, Bounds, GameInfo, Level
from isla.core.protocol import Game, OptionSpec

# A new game of this repository is one line here: short name -> "module:attribute" of its Game.
_BUILT_IN: dict[str, str] = {
    "puertorico": "isla.games.puertorico.game:GAME",
    "vanuatu": "isla.games.vanuatu.game:GAME",
}
ENTRY_POINT_GROUP = "isla.games"
# Short names appear in URLs, file names and command lines.
NAME_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,39}")
# A gettext domain is a file name (<domain>.po): letters, digits, "_" and "-", no path.
TEXT_DOMAIN_PATTERN = re.compile(r"[a-z][a-z0-9_-]{0,39}")
DOCS = "docs/writing-a-game.md"

_loaded: dict[str, Game] = {}
_paths: dict[str, str] = {}  # name -> the sys.path entry a registered game's package was found in


@functools.cache
def _all_sources() -> dict[str, str]:
    """name -> "module:attribute" of every game, in registration order (found once, then kept)."""
    from importlib.metadata import entry_points  # only now: it costs more to import than all of isla.core

    sources = dict(_BUILT_IN)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in sources and sources[point.name] != point.value:
            raise BadGame(
                f"two games are named {point.name!r}: {sources[point.name]} and {point.value} "
                f"(entry point group {ENTRY_POINT_GROUP!r}); uninstall one of them"
            )
        sources[point.name] = point.value
    return sources


def game_names() -> list[str]:
    """Every registered game's short name: this repository's games first, then the others in turn."""
    return list(_all_sources())


def default_game() -> str:
    """The game a new table or a document without a "game" field is: the first registered."""
    return game_names()[0]


def game(name: str) -> Game:
    """The game registered under `name`; raise UnknownGame naming the known ones."""
    found = _loaded.get(name) if isinstance(name, str) else None
    if found is not None:
        return found
    source = _all_sources().get(name) if isinstance(name, str) else None
    if source is None:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(game_names())})")
    loaded = _import(source)
    if name in _loaded:  # the module registered its game itself while it was imported
        return _loaded[name]
    check_game_declarations(loaded, source)
    if loaded.name != name:
        raise BadGame(f"{source} is the game {loaded.name!r}, but it is registered as {name!r}")
    _loaded[name] = loaded
    return loaded


def register(game: Game) -> Game:
    """Add `game` to the registry after checking its declarations; return it.

    For a game outside this repository (a third-party package, a test's game). Registering the
    same object again does nothing; another game under a name already taken is a BadGame.
    """
    check_game_declarations(game)
    locator = _locate(game)
    sources = _all_sources()
    name = game.name
    taken = _loaded.get(name)
    if taken is game:
        return game
    if taken is not None or sources.get(name, locator) != locator:
        raise BadGame(f"cannot register {locator}: a game named {name!r} is already registered")
    sources[name] = locator
    _loaded[name] = game
    folder = _package_folder(locator)
    if folder is not None:
        _paths[name] = folder
    return game


def unregister(name: str) -> None:
    """Forget a game added by `register` (for tests and notebooks); this repository's games stay."""
    if name in _BUILT_IN:
        raise BadGame(f"{name!r} is one of Isla's own games; it cannot be unregistered")
    _all_sources().pop(name, None)
    _loaded.pop(name, None)
    _paths.pop(name, None)


@dataclass(frozen=True)
class Snapshot:
    """The registry as a worker process needs it: each game's "module:attribute" and the folders
    (sys.path entries) its module is found in, for games registered from outside sys.path's
    defaults (a test's game). Plain data, so it travels to a spawned process."""

    games: tuple[tuple[str, str], ...]
    paths: tuple[str, ...] = ()


def snapshot() -> Snapshot:
    """This process's registry, for `restore` in a worker process."""
    sources = _all_sources()
    return Snapshot(tuple(sources.items()), tuple(dict.fromkeys(_paths.values())))


def restore(found: Snapshot) -> None:
    """In a worker process: know the games the parent knew (each imported when first used)."""
    for path in found.paths:
        if path not in sys.path:
            sys.path.append(path)
    sources = _all_sources()
    for name, locator in found.games:
        sources.setdefault(name, locator)


def _import(locator: str) -> Game:
    module_name, _, attribute = locator.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise BadGame(f"cannot import the game {locator}: {error}") from None
    loaded = getattr(module, attribute, None)
    if not isinstance(loaded, Game):
        raise BadGame(f"{locator} is not a Game (found {type(loaded).__name__})")
    return loaded


def _package_folder(locator: str) -> str | None:
    """The folder that holds the top-level package (or module) of `locator`'s module, if known."""
    top = sys.modules.get(locator.partition(":")[0].partition(".")[0])
    file = getattr(top, "__file__", None)
    if not isinstance(file, str):
        return None
    folder = os.path.dirname(os.path.realpath(file))
    return os.path.dirname(folder) if os.path.basename(file) == "__init__.py" else folder


def _locate(game: Game) -> str:
    """The "module:attribute" under which `game` can be imported again (a worker process does)."""
    module_name = type(game).__module__
    module = sys.modules.get(module_name)
    if module is not None and module_name != "__main__":
        for attribute, value in vars(module).items():
            if value is game:
                return f"{module_name}:{attribute}"
    raise BadGame(
        f"cannot register the game {game.name!r}: it must be a module-level object of the module "
        f"that defines its class ({module_name}), so that worker processes can import it"
    )


# --- what registration checks -----------------------------------------------------------------


def check_game_declarations(game: object, source: str | None = None) -> None:
    """Raise BadGame naming the first missing or malformed part of `game`'s declarations."""
    label = source or repr(getattr(game, "name", game))
    if not isinstance(game, Game):
        raise BadGame(f"{label} is not a Game (found {type(game).__name__})")
    problem = _problem(game)
    if problem is not None:
        raise BadGame(f"the game {label} cannot be registered: {problem} (see {DOCS})")


def _problem(game: Game) -> str | None:
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        return f"its name must be a short name ({NAME_PATTERN.pattern}), not {name!r}"
    for field in ("title", "version"):
        value = getattr(game, field, None)
        if not isinstance(value, str) or not value.strip():
            return f"its {field} must be a non-empty text, not {value!r}"
    low, high = getattr(game, "min_players", None), getattr(game, "max_players", None)
    if not (_whole(low) and _whole(high) and 1 <= low <= high):  # type: ignore[operator]
        return f"min_players and max_players must be whole numbers, 1 <= min <= max, not {low!r}, {high!r}"
    specs = game.option_specs
    if not isinstance(specs, tuple) or not all(isinstance(spec, OptionSpec) for spec in specs):
        return "option_specs must be a tuple of OptionSpec"
    info = getattr(game, "info", None)
    if not isinstance(info, GameInfo):
        return f"it declares no GameInfo (its `info` attribute is {type(info).__name__})"
    return _info_problem(game, info)


def _info_problem(game: Game, info: GameInfo) -> str | None:
    if info.information not in INFORMATION:
        return f"info.information must be one of {', '.join(INFORMATION)}, not {info.information!r}"
    if not _whole(info.action_count) or info.action_count < 1:
        return f"info.action_count must be a whole number >= 1, not {info.action_count!r}"
    if not callable(info.bounds):
        return "info.bounds must be a function bounds(players, options) -> Bounds"
    for players in range(game.min_players, game.max_players + 1):
        try:
            bounds = info.bounds(players, game.resolve_options(players, {}))
        except Exception as error:  # the game's own code: say where it failed
            return f"info.bounds({players}, defaults) raised {type(error).__name__}: {error}"
        if not isinstance(bounds, Bounds):
            return f"info.bounds({players}, defaults) must give a Bounds, not {type(bounds).__name__}"
        low, high = bounds.scores
        if not (_whole(low) and _whole(high) and low <= high and _whole(bounds.steps) and bounds.steps >= 1):
            return f"info.bounds({players}, defaults) gave {bounds!r}: scores (low <= high) and steps >= 1"
    for level, spec in info.levels.items():
        if not (isinstance(level, str) and isinstance(spec, Level) and isinstance(spec.kind, str)
                and _whole(spec.iterations) and spec.iterations >= 0):
            return f"info.levels must map level names to Level(kind, iterations >= 0), not {level!r}: {spec}"
    if not all(isinstance(trigger, str) for trigger in info.end_triggers):
        return "info.end_triggers must be a tuple of texts"
    if not all(isinstance(part, tuple) and len(part) == 2 and all(isinstance(x, str) for x in part)
               for part in info.score_split):
        return "info.score_split must be a tuple of (breakdown key, label) pairs"
    for players, places in info.winning_places.items():
        if not (_whole(players) and _whole(places) and 1 <= places < players):
            return (f"info.winning_places must map a player count to how many places win "
                    f"(1 <= places < players), not {players!r}: {places!r}")
    for field, module in info.modules().items():
        if not _findable(module):
            return f"info.{field} names the module {module!r}, which cannot be found"
    return _catalogs_problem(game, info)


def _catalogs_problem(game: Game, info: GameInfo) -> str | None:
    """A declared text domain must name catalogs that are there (isla.i18n reads them later, where
    a missing folder would only show as a page in English)."""
    domain, folder = info.text_domain, info.locale_dir
    if domain is not None and not (isinstance(domain, str) and TEXT_DOMAIN_PATTERN.fullmatch(domain)):
        return (f"info.text_domain must be None or a short name ({TEXT_DOMAIN_PATTERN.pattern}), "
                f"not {domain!r}")
    parts = folder.replace("\\", "/").split("/") if isinstance(folder, str) else []
    if not parts or not all(parts) or ".." in parts or os.path.isabs(folder):
        return f"info.locale_dir must be a folder inside the game's folder (like 'locale'), not {folder!r}"
    if domain is None:
        return None
    module = sys.modules.get(type(game).__module__)
    where = getattr(module, "__file__", None)
    if where is None or not os.path.isdir(os.path.join(os.path.dirname(where), folder)):
        return (f"info.text_domain is {domain!r}, but the game's folder has no {folder}/ holding its "
                f"catalogs")
    return None


def _findable(module: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "ENTRY_POINT_GROUP",
    "Snapshot",
    "check_game_declarations",
    "default_game",
    "game",
    "game_names",
    "register",
    "restore",
    "snapshot",
    "unregister",
]
