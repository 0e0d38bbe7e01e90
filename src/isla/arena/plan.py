"""What a tournament plays: its parameters, its seatings and its seeds.

A tournament is a list of games numbered 0, 1, 2, ... Game `i` belongs to block `i // N` (N players)
and is rotation `i % N` of that block. Every game of a block shares one game seed (the same deal,
"duplicate" style) and rotation r seats entrant e (the e-th bot of --bots) at seat (e + r) mod N,
so over a block every entrant plays every seat exactly once with the same cards. That cancels most
of the luck of the deal and all of the seat advantage from the comparison between bots.

Everything a game does follows from (game, players, options, seed, bots, index): the game seed is
derived from (seed, block) and each bot's RNG from (seed, index, seat, spec). So a game gives the
same result whichever process, backend or run plays it, which is what makes parallel runs, resumed
runs and merged runs agree with one sequential run.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from isla.bots import UnknownBot, make_bot, parse_spec
from isla.core import IslaError
from isla.core import game as find_game

ARENA_VERSION = 1


class ArenaError(IslaError):
    """A tournament that cannot run as asked (bad parameters, a run directory that does not match)."""


@dataclass(frozen=True)
class Plan:
    """The parameters of a tournament; `identity()` is what two runs must share to be combined."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    # Resolved options (defaults filled in), so `balanced=false` and no option are the same plan.
    options: Mapping[str, Any] = field(default_factory=dict)
    first: int = 0  # index of the first game (a multiple of `players`, so blocks stay whole)
    games: int = 0  # how many games from `first` on (a multiple of `players`)
    engine_version: str = ""
    # Each bot spec resolved to "kind:iterations" when the run was planned: a level's budget may be
    # retuned later, and a run resumed then must not mix budgets. Empty in runs planned before this
    # was recorded (their comparisons skip it).
    budgets: tuple[str, ...] = ()

    def identity(self, with_budgets: bool = True) -> dict[str, Any]:
        """The fields that decide every game's outcome; runs with equal identities can be merged."""
        identity = {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "options": dict(self.options),
            "engine_version": self.engine_version,
        }
        if with_budgets and self.budgets:
            identity["budgets"] = list(self.budgets)
        return identity

    def same_tournament(self, other: Plan) -> bool:
        """Equal identities; budgets count only when both plans recorded them."""
        both = bool(self.budgets) and bool(other.budgets)
        return self.identity(both) == other.identity(both)

    def to_json(self) -> dict[str, Any]:
        return {"arena": ARENA_VERSION, **self.identity(), "first": self.first, "games": self.games}

    @property
    def indices(self) -> range:
        return range(self.first, self.first + self.games)

    def seating(self, index: int) -> list[int]:
        """The entrant (position in `bots`) at each seat in game `index`."""
        return seating(self.players, index)

    def seats(self, index: int) -> list[str]:
        """The bot spec at each seat in game `index`."""
        return [self.bots[entrant] for entrant in self.seating(index)]

    def game_seed(self, index: int) -> int:
        return game_seed(self.seed, index // self.players)

    def bot_seed(self, index: int) -> int:
        return bot_seed(self.seed, index)


def seating(players: int, index: int) -> list[int]:
    """Entrant at each seat: rotation r = index mod N puts entrant e at seat (e + r) mod N."""
    rotation = index % players
    return [(seat - rotation) % players for seat in range(players)]


def game_seed(seed: int, block: int) -> int:
    """The shared deal of a block; string seeding is stable across processes and Python runs."""
    return random.Random(f"isla-arena:game:{seed}:{block}").getrandbits(63)


def bot_seed(seed: int, index: int) -> int:
    """The seed handed to `make_bot` for every seat of game `index` (which also mixes in the seat)."""
    return random.Random(f"isla-arena:bots:{seed}:{index}").getrandbits(63)


def round_up_games(games: int, players: int) -> int:
    """Whole blocks only: a partial block would give some entrants more seats than others."""
    return -(-games // players) * players


def make_plan(
    game: str,
    players: int | None,
    bots: Sequence[str],
    *,
    seed: int,
    games: int,
    options: Mapping[str, Any] | None = None,
    first: int = 0,
) -> Plan:
    """Check every parameter and return the plan; `games` is rounded up to whole blocks.

    Raises an IslaError (UnknownGame, BadOption, UnknownBot or ArenaError) naming the problem, so a
    bad command fails before any game is played.
    """
    game_obj = find_game(game)
    specs = tuple(spec.strip() for spec in bots)
    if not specs or any(not spec for spec in specs):
        raise ArenaError("--bots needs one bot spec per seat, separated by commas")
    count = len(specs) if players is None else players
    if len(specs) != count:
        raise ArenaError(f"{count} players need {count} bots, but --bots names {len(specs)}")
    resolved = game_obj.resolve_options(count, options)
    for spec in specs:
        parse_spec(spec)
        try:
            make_bot(spec, 0, 0)
        except (UnknownBot, ArenaError):
            raise
        except Exception as error:  # e.g. a bot kind whose module is missing
            raise ArenaError(f"bot {spec!r} cannot be built: {type(error).__name__}: {error}") from None
    if games < 1:
        raise ArenaError(f"--games must be at least 1, not {games}")
    if first < 0 or first % count:
        raise ArenaError(
            f"--first must be a multiple of the player count {count} (whole blocks), not {first}"
        )
    return Plan(
        game=game_obj.name,
        players=count,
        bots=specs,
        seed=seed,
        options=resolved,
        first=first,
        games=round_up_games(games, count),
        engine_version=game_obj.version,
        budgets=tuple("{}:{}".format(*parse_spec(spec, game_obj.name)) for spec in specs),
    )


def plan_from_json(data: Any, source: str) -> Plan:
    """Read a run's `run.json`; ArenaError naming `source` if it is not one."""
    if not isinstance(data, dict) or data.get("arena") != ARENA_VERSION:
        raise ArenaError(f"{source} is not an Isla tournament run (arena version {ARENA_VERSION})")
    try:
        plan = Plan(
            game=str(data["game"]),
            players=int(data["players"]),
            bots=tuple(str(b) for b in data["bots"]),
            seed=int(data["seed"]),
            options=dict(data["options"]),
            first=int(data["first"]),
            games=int(data["games"]),
            engine_version=str(data["engine_version"]),
            budgets=tuple(str(b) for b in data.get("budgets", ())),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ArenaError(f"{source} is damaged: {type(error).__name__}: {error}") from None
    if plan.budgets and len(plan.budgets) != plan.players:
        raise ArenaError(f"{source} is damaged: {plan.players} players but {len(plan.budgets)} budgets")
    if plan.players < 1 or len(plan.bots) != plan.players:
        raise ArenaError(f"{source} is damaged: {plan.players} players but {len(plan.bots)} bots")
    return plan
