"""Game records: everything needed to replay a game exactly (game, options, seed, seats, actions).

Because a state owns its RNG and forced steps are applied by the engine, `new_state` plus the list of
chosen actions determines every later position; a record is therefore small and replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from isla.core.errors import BadState, IllegalAction, IslaError
from isla.core.protocol import JSON, State
from isla.core.registry import game as find_game

RECORD_VERSION = 1


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    engine_version: str = ""

    def to_json(self) -> JSON:
        data: JSON = {
            "record": RECORD_VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": list(self.actions),
        }
        if self.engine_version:
            data["engine_version"] = self.engine_version
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        if not isinstance(data, Mapping):
            raise BadState("a record must be a JSON object")
        version = data.get("record", RECORD_VERSION)
        if version != RECORD_VERSION:
            raise BadState(f"unsupported record version {version!r} (this Isla reads {RECORD_VERSION})")
        unknown = sorted(
            set(data) - {"record", "game", "players", "seed", "options", "seats", "actions", "engine_version"}
        )
        if unknown:
            raise BadState(f"unknown record field {unknown[0]!r}")
        try:
            game_name = data["game"]
            players = data["players"]
            seed = data.get("seed", 0)
        except KeyError as missing:
            raise BadState(f"a record needs the field {missing.args[0]!r}") from None
        if not isinstance(game_name, str):
            raise BadState("record field 'game' must be a string")
        for name, value in (("players", players), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadState(f"record field {name!r} must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise BadState("record field 'options' must be an object")
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise BadState("record field 'actions' must be a list of action texts")
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadState("record field 'seats' must be a list of names")
        engine_version = data.get("engine_version", "")
        if not isinstance(engine_version, str):
            raise BadState("record field 'engine_version' must be a string")
        return cls(game_name, players, seed, dict(options), list(actions), list(seats), engine_version)

    def start(self) -> State:
        """The position before the first action (options the record does not name take the value
        games had before those options existed: `Game.stored_options`)."""
        found = find_game(self.game)
        return found.new_state(self.players, self.seed, found.stored_options(self.players, self.options))

    def replay(self) -> State:
        """Replay every action; raise IllegalAction naming the first action that does not apply."""
        return replay(self)


def replay(record: Record, upto: int | None = None) -> State:
    state = record.start()
    actions: Sequence[str] = record.actions if upto is None else record.actions[:upto]
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except IllegalAction as error:
            raise IllegalAction(text, f"record action {number} does not apply: {error.reason}") from None
    return state


def record_of(state_start: State, actions: Sequence[str], seed: int, options: Mapping[str, Any]) -> Record:
    """Build a record for a game started with `new_state(players, seed, options)` (the record keeps
    the options resolved, so it names every option the game was played with)."""
    game_obj = state_start.game
    return Record(
        game=game_obj.name,
        players=state_start.players,
        seed=seed,
        options=game_obj.resolve_options(state_start.players, options),
        actions=list(actions),
        engine_version=game_obj.version,
    )


__all__ = ["RECORD_VERSION", "IslaError", "Record", "record_of", "replay"]
