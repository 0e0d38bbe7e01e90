"""The one step every rating goes through, and the replay of many games with it.

`rate_game` takes a finished game and the seats' standings before it and gives what the game
changes: each seat's new rating, game and win counts and the ladder points it earned, and the
season they count in. The incremental update when a game ends (the server, later) and the rebuild
from the stored results (`isla ratings rebuild`, later) both call it, one game at a time in the
order the games ended, so they agree by construction; `Ladder` is the rebuild's memory of everyone
rated so far. Everything here is pure: no clock, no I/O; a game carries the time it ended.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from isla.core.protocol import Result
from isla.ratings.elo import ELO, EloSettings, changes
from isla.ratings.places import Standing, standings
from isla.ratings.points import PointsTable, Seasons, game_points


@dataclass(frozen=True)
class FinishedGame:
    """A finished, rated game: who sat where, how each seat placed, and when it ended.

    `players` names each seat's rated player (an account or a resolved bot spec, as the store
    names them). An account sits once; a bot may sit at several seats (its pairs against itself
    are skipped: see `rate_game`). `places_that_win` is the game's declaration for this player count
    (`GameInfo.places_that_win`), which the default ladder points need.
    """

    game: str
    players: tuple[str, ...]
    standings: tuple[Standing, ...]
    ended: datetime
    places_that_win: int = 1

    def __post_init__(self) -> None:
        if len(self.players) != len(self.standings):
            raise ValueError(f"{len(self.players)} players need {len(self.players)} standings")

    @classmethod
    def of_result(
        cls, game: str, players: Sequence[str], result: Result, ended: datetime, places_that_win: int = 1
    ) -> FinishedGame:
        """The rated game of a Result (ValueError if the game is not over)."""
        return cls(game, tuple(players), standings(result, places_that_win), ended, places_that_win)


@dataclass(frozen=True)
class PlayerState:
    """A player's rating in one game, with the rated games and wins it rests on."""

    rating: float = ELO.start
    games: int = 0
    wins: int = 0


@dataclass(frozen=True)
class Settings:
    """What the ratings depend on: the Elo's constants, the points table, the season length."""

    elo: EloSettings = ELO
    points: PointsTable | None = None  # None: default_points for each player count
    seasons: Seasons = field(default_factory=Seasons)

    def fresh(self) -> PlayerState:
        """The standing of a player before its first rated game."""
        return PlayerState(self.elo.start)


SETTINGS = Settings()


@dataclass(frozen=True)
class SeatOutcome:
    """What a game did to one seat's player (a player at several seats: the same for each)."""

    player: str
    standing: Standing
    before: PlayerState
    after: PlayerState
    points: int

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating


@dataclass(frozen=True)
class GameOutcome:
    """What a game did to each seat, and the season its points count in."""

    season: int
    seats: tuple[SeatOutcome, ...]

    def players(self) -> tuple[SeatOutcome, ...]:
        """One outcome per player (the first seat of each): what the store and a ladder keep."""
        seen: dict[str, SeatOutcome] = {}
        for seat in self.seats:
            seen.setdefault(seat.player, seat)
        return tuple(seen.values())


def rate_game(
    game: FinishedGame, before: Sequence[PlayerState], settings: Settings = SETTINGS
) -> GameOutcome:
    """The step: each seat's standing after `game`, from its standing before (one per seat).

    A player at several seats (a bot seated twice) is one player: its seats' pairs against each
    other are skipped, its change is the mean of its seats' changes (so that between equal K the
    game stays zero-sum), the game counts once (a win if any of its seats won), and it earns the
    points of its best seat. Each of its seats shows that.
    """
    if len(before) != len(game.players):
        raise ValueError(f"{len(game.players)} seats need {len(game.players)} standings before the game")
    deltas = changes([s.rating for s in before], [s.games for s in before],
                     [s.place for s in game.standings], settings.elo, game.players)
    points = game_points(game.standings, game.places_that_win, settings.points)
    seats_of: dict[str, list[int]] = {}
    for index, player in enumerate(game.players):
        seats_of.setdefault(player, []).append(index)
    done: dict[str, tuple[PlayerState, int]] = {}
    for player, indexes in seats_of.items():
        change = deltas[indexes[0]] if len(indexes) == 1 else math.fsum(deltas[i] for i in indexes) / len(
            indexes)
        won = any(game.standings[i].won for i in indexes)
        done[player] = (after(before[indexes[0]], change, won), max(points[i] for i in indexes))
    seats = tuple(
        SeatOutcome(player, standing, old, *done[player])
        for player, standing, old in zip(game.players, game.standings, before, strict=True)
    )
    return GameOutcome(settings.seasons.season_of(game.ended), seats)


def after(before: PlayerState, change: float, won: bool) -> PlayerState:
    """A player's standing after one more rated game."""
    return PlayerState(before.rating + change, before.games + 1, before.wins + int(won))


@dataclass
class Ladder:
    """Everyone rated so far: per (game, player) the standing, per (game, season, player) the points."""

    settings: Settings = SETTINGS
    players: dict[tuple[str, str], PlayerState] = field(default_factory=dict)
    points: dict[tuple[str, int, str], int] = field(default_factory=dict)

    def standing(self, game: str, player: str) -> PlayerState:
        """The player's standing in `game` (a fresh one before its first rated game)."""
        found = self.players.get((game, player))
        return self.settings.fresh() if found is None else found

    def season_points(self, game: str, season: int, player: str) -> int:
        return self.points.get((game, season, player), 0)

    def add(self, game: FinishedGame) -> GameOutcome:
        """Rate one more game (it ended after every game added before) and remember the result."""
        outcome = rate_game(game, [self.standing(game.game, p) for p in game.players], self.settings)
        for seat in outcome.players():
            self.players[game.game, seat.player] = seat.after
            key = (game.game, outcome.season, seat.player)
            self.points[key] = self.points.get(key, 0) + seat.points
        return outcome


def replay(games: Iterable[FinishedGame], settings: Settings = SETTINGS) -> Ladder:
    """Every rating and ladder total from scratch: `games` rated one by one, in the order given."""
    ladder = Ladder(settings)
    for game in games:
        ladder.add(game)
    return ladder


def leaders(ladder: Ladder, game: str) -> list[tuple[str, PlayerState]]:
    """The players of `game`, best rating first (equal ratings by name, so the order is stable)."""
    rows = [(player, state) for (name, player), state in ladder.players.items() if name == game]
    return sorted(rows, key=lambda row: (-row[1].rating, row[0]))


def totals(points: Mapping[tuple[str, int, str], int], game: str, season: int) -> dict[str, int]:
    """Each player's ladder points in one season of one game."""
    return {player: total for (name, number, player), total in points.items()
            if name == game and number == season}


__all__ = [
    "SETTINGS", "FinishedGame", "GameOutcome", "Ladder", "PlayerState", "SeatOutcome", "Settings", "leaders",
    "rate_game", "replay", "totals",
]
