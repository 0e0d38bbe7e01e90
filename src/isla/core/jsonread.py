"""Typed reading of hand-written JSON states, with errors that name the offending field's path.

Every game loads positions people write by hand (tests, tutorials, bug reports), so a mistake must
come back as a BadState saying exactly which field is wrong; the games share this reader for that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.errors import BadOption, BadState
from isla.core.protocol import Game


class Reader:
    """A JSON object; every accessor raises BadState naming the field's path."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, Mapping):
            raise BadState(f"{path or 'the state'} must be a JSON object")
        self.data = data
        self.path = path

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def check_keys(self, allowed: set[str]) -> None:
        unknown = sorted(str(k) for k in set(self.data) - allowed)
        if unknown:
            raise BadState(f"unknown field {self.where(unknown[0])!r}")

    def integer(self, key: str, default: int | None = None, low: int = 0, high: int = 10**9) -> int:
        if not self.has(key):
            if default is None:
                raise BadState(f"missing field {self.where(key)!r}")
            return default
        return whole(self.data[key], self.where(key), low, high)

    def boolean(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            raise BadState(f"{self.where(key)} must be true or false, not {value!r}")
        return value

    def name(self, key: str, names: tuple[str, ...], default: int | None = None) -> int:
        if not self.has(key):
            if default is None:
                raise BadState(f"missing field {self.where(key)!r}")
            return default
        return name_index(self.data[key], names, self.where(key))

    def names(self, key: str, names: tuple[str, ...]) -> list[int]:
        return [name_index(v, names, f"{self.where(key)}[{i}]") for i, v in enumerate(self.items(key))]

    def integers(self, key: str, low: int, high: int) -> list[int]:
        return [whole(v, f"{self.where(key)}[{i}]", low, high) for i, v in enumerate(self.items(key))]

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            raise BadState(f"{self.where(key)} must be a list")
        return value

    def counts(self, key: str, names: tuple[str, ...], high: int = 10**6) -> list[int]:
        """Counts by name (a JSON object name -> count); names left out count 0."""
        sub = self.sub(key)
        sub.check_keys(set(names))
        return [sub.integer(n, 0, 0, high) for n in names]

    def optional_counts(self, key: str, names: tuple[str, ...], high: int = 10**6) -> list[int] | None:
        """Like counts, but None when the field is absent (so the caller can derive it)."""
        return self.counts(key, names, high) if self.has(key) else None

    def seats(self, key: str, players: int) -> list[int]:
        return self.integers(key, 0, players - 1)

    def sub(self, key: str) -> Reader:
        return Reader(self.data.get(key) or {}, self.where(key))


def whole(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadState(f"{where} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BadState(f"{where} must be between {low} and {high}, not {value}")
    return value


def name_index(value: Any, names: tuple[str, ...], where: str) -> int:
    if value not in names:
        raise BadState(f"{where} must be one of {', '.join(names)}, not {value!r}")
    return names.index(value)


def state_header(
    data: Any, game: Game, schema: int, fields: set[str]
) -> tuple[Reader, list[Any], int, dict[str, Any]]:
    """Check what every game's state JSON begins with and return (top reader, seats, players, options).

    The game name and schema version, when given, must be this game's; `seats` is a list with one
    object per seat, whose length fixes `players` unless it is given; options are resolved (checked,
    defaults filled in) for that player count, as a stored game's (`Game.stored_options`).
    """
    top = Reader(data, "")
    top.check_keys(fields)
    if top.has("game") and data["game"] != game.name:
        raise BadState(f"this is a state of {data['game']!r}, not of {game.name!r}")
    if top.has("schema") and data["schema"] != schema:
        raise BadState(f"unsupported state schema {data['schema']!r} (this Isla reads {schema})")
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise BadState("missing field 'seats' (a list with one object per seat)")
    players = top.integer("players", len(seats), game.min_players, game.max_players)
    if len(seats) != players:
        raise BadState(f"seats has {len(seats)} entries but players is {players}")
    raw = data.get("options") or {}
    if not isinstance(raw, Mapping):
        raise BadState("options must be a JSON object")
    try:
        options = game.stored_options(players, raw)
    except BadOption as error:
        raise BadState(str(error)) from None
    return top, seats, players, options
