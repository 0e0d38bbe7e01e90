"""Bots for every Isla game: random, the game's heuristic, its scripted baseline, and MCTS."""

from isla.bots.base import Bot, BotError, Budget, SeatAccess, bot_move
from isla.bots.registry import LEVELS, UnknownBot, bot_names, levels, make_bot, parse_spec

__all__ = [
    "LEVELS",
    "Bot",
    "BotError",
    "Budget",
    "SeatAccess",
    "UnknownBot",
    "bot_move",
    "bot_names",
    "levels",
    "make_bot",
    "parse_spec",
]
