"""The one small interface every bot implements, and the guard that keeps bots honest.

A bot is built with its seat, a seeded RNG and a budget, and picks an action for the state it is
shown. It sees the state only through `SeatAccess`: the seat's own view, the legal actions and
determinizations (copies in which everything the seat cannot know is resampled). So a bot cannot
read hidden information, and the same seed, state and budget always give the same choice.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from isla.core.errors import IslaError
from isla.core.protocol import JSON, Action, Game, State


class BotError(IslaError):
    """A bot failed (raised, or proposed an illegal action); the game itself is untouched."""

    def __init__(self, bot: str, seat: int, problem: str) -> None:
        self.bot = bot
        self.seat = seat
        self.problem = problem
        super().__init__(f"bot {bot!r} at seat {seat} failed: {problem}")


@dataclass(frozen=True)
class Budget:
    """How much a bot may think: iterations make results reproducible; seconds caps a live table."""

    iterations: int = 0
    seconds: float | None = None


class SeatAccess:
    """What a bot may read of a state: its seat's view, the legal actions, and determinizations."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def players(self) -> int:
        return self._state.players

    def view(self) -> JSON:
        return self._state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what this seat knows; hidden parts resampled from `rng`."""
        return self._state.determinize(self.seat, rng)


class Bot(ABC):
    """A player. Subclasses implement `choose`; `kind` names them in the registry.

    `needs` says what of a game's declarations the kind cannot play without: "" nothing,
    "heuristic" the game's heuristic, "baseline" its heuristic's scripted baseline. The registry
    offers a kind for a game only when the game has what it needs.
    """

    kind: ClassVar[str]
    needs: ClassVar[str] = ""

    def __init__(self, seat: int, rng: random.Random, budget: Budget | None = None) -> None:
        self.seat = seat
        self.rng = rng
        self.budget = budget or Budget()

    @abstractmethod
    def choose(self, access: SeatAccess) -> Action:
        """The action to play; must be one of `access.legal_actions()`."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} budget={self.budget}>"


def bot_move(bot: Bot, state: State, name: str | None = None) -> Action:
    """Ask `bot` for its move in `state`; any failure becomes a BotError and the state is untouched."""
    label = name or bot.kind
    seat = state.to_move
    if seat is None:
        raise BotError(label, bot.seat, "asked to move in a finished game")
    if seat != bot.seat:
        raise BotError(label, bot.seat, f"asked to move for seat {seat}")
    legal = state.legal_actions()
    try:
        action = bot.choose(SeatAccess(state, seat))
    except BotError:
        raise
    except Exception as error:  # a bot's bug must not break the table
        raise BotError(label, seat, f"{type(error).__name__}: {error}") from error
    if not isinstance(action, Action) or action not in legal:
        raise BotError(label, seat, f"proposed {action!r}, which is not legal here")
    return action
