"""The game protocol shared by every Isla game (see ARCHITECTURE.md, "The protocol")."""

from isla.core.errors import BadOption, BadState, IllegalAction, IslaError, UnknownGame
from isla.core.protocol import (
    JSON,
    Action,
    BrowserBoard,
    Game,
    OptionSpec,
    OptionText,
    Result,
    State,
    shared_ranks,
)
from isla.core.record import Record, replay
from isla.core.registry import game, game_names

__all__ = [
    "JSON",
    "Action",
    "BadOption",
    "BadState",
    "BrowserBoard",
    "Game",
    "IllegalAction",
    "IslaError",
    "OptionSpec",
    "OptionText",
    "Record",
    "Result",
    "State",
    "UnknownGame",
    "game",
    "game_names",
    "replay",
    "shared_ranks",
]
