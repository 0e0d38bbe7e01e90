"""Input helpers shared by the commands: reading JSON files or stdin, options, and states.

Every problem with what the user typed or handed us becomes an `IslaError` (or a `CliError` for the
CLI's own checks) with a one-line message, so `main` can report it uniformly and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from isla.core import BadOption, BadState, Game, IslaError, State, default_game, game_names
from isla.core import game as find_game


class CliError(IslaError):
    """A usage problem the CLI itself detects (a seat that does not exist, a bad --upto, ...)."""


def read_json(path: str) -> Any:
    """Parse the JSON in file `path` (or stdin for "-"); name the source in any error."""
    source = "stdin" if path == "-" else repr(path)
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise CliError(f"cannot read {source}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CliError(f"cannot read {source}: it is not UTF-8 text") from None
    if not text.strip():
        raise CliError(f"{source} is empty (expected a JSON document)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(
            f"malformed JSON in {source} at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except (ValueError, RecursionError) as error:  # e.g. a number too long to convert
        raise CliError(f"malformed JSON in {source}: {error}") from None


def game_of(data: Any, what: str = "state") -> Game:
    """The game named by a document's "game" field (default: the first registered game)."""
    if not isinstance(data, dict):
        raise BadState(f"a {what} must be a JSON object, not {type(data).__name__}")
    name = data.get("game", default_game())
    if not isinstance(name, str):
        raise BadState(f"the {what}'s field 'game' must be a game name, not {name!r}")
    return find_game(name)


def load_state(path: str) -> State:
    """Read and validate a state document (full save or hand-written position)."""
    data = read_json(path)
    return game_of(data).state_from_json(data)


def parse_options(game: Game, pairs: Sequence[str] | None) -> dict[str, Any]:
    """Turn repeated `--option key=value` texts into typed values (the game validates them later)."""
    specs = {spec.name: spec for spec in game.option_specs}
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadOption(f"an option must be given as key=value, not {pair!r}")
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise BadOption(f"unknown option {key!r} for {game.name} (known: {known})")
        if key in options:
            raise BadOption(f"option {key!r} is given twice")
        options[key] = spec.parse(value.strip())
    return options


def game_help() -> str:
    """The help text of a GAME argument: the registered games' names."""
    return f"the game's short name: {', '.join(game_names())}"


def check_seat(state: State, seat: int) -> None:
    if not 0 <= seat < state.players:
        raise CliError(f"there is no seat {seat}: this game has seats 0 to {state.players - 1}")


def dump(data: Any) -> None:
    """Print a JSON document the way every command prints one (indented, stable key order)."""
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse `type` accepting whole numbers in [minimum, maximum], complaining in one line."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if maximum is not None and not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"must be between {minimum} and {maximum}, not {value}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return parse
