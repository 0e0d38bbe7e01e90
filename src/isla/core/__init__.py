"""The game protocol shared by every Isla game (see ARCHITECTURE.md, "The protocol")."""

from isla.core.errors import BadGame, BadOption, BadState, IllegalAction, IslaError, UnknownGame
from isla.core.info import IMPERFECT, PERFECT, Bounds, GameInfo, Level
from isla.core.protocol import JSON, Action, Game, OptionSpec, OptionText, Result, State, shared_ranks
from isla.core.record import Record, replay
from isla.core.registry import default_game, game, game_names, register

__all__ = [
    "IMPERFECT",
    "JSON",
    "PERFECT",
    "Action",
    "BadGame",
    "BadOption",
    "BadState",
    "Bounds",
    "Game",
    "GameInfo",
    "IllegalAction",
    "IslaError",
    "Level",
    "OptionSpec",
    "OptionText",
    "Record",
    "Result",
    "State",
    "UnknownGame",
    "default_game",
    "game",
    "game_names",
    "register",
    "replay",
    "shared_ranks",
]
