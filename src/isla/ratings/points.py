"""Ladder points: a table by player count and place, and seasons to total them in.

Seed 003 leaves its points rules empty, so the default is ours (docs/ratings.md): a game of n
players hands its winning places n points between them, so a player no better than the others
earns 1 point a game on average whatever the table size, and the points are not a reward for
sitting at bigger tables. With one winning place the winner takes all n; with two (Puerto Rico's
5-player game, seed 003: 2nd place also wins and earns points) 1st gets 3 and 2nd 2. A seat that
did not win earns nothing, and a game nobody wins (a Vanuatu flood) gives nobody points. Tied seats
share the better place and each earn its points.

Seasons: a server setting gives their length in days (0: one endless season, the default); season
1 starts on `SEASON_EPOCH`, and a date before it falls in season 0 or below. Dates are UTC days.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from isla.ratings.places import Standing

# player count -> the points of each place (index 0 = 1st place); a place past the end earns 0.
PointsTable = Mapping[int, Sequence[int]]


def default_points(players: int, places_that_win: int = 1) -> tuple[int, ...]:
    """The default points of each place: the winning places share `players` points.

    Each winning place has one share more than the next (shares w, w-1, ..., 1 for w winning
    places); the points are split by shares, whole numbers by the largest remainder (a tie in the
    remainders goes to the better place). Places that do not win earn 0.
    """
    if players < 1 or not 1 <= places_that_win <= players:
        raise ValueError(f"no default points for {players} players with {places_that_win} winning places")
    shares = list(range(places_that_win, 0, -1))
    total = sum(shares)
    exact = [players * share / total for share in shares]
    points = [players * share // total for share in shares]
    left = players - sum(points)
    by_remainder = sorted(range(len(shares)), key=lambda k: (-(exact[k] - points[k]), k))
    for k in by_remainder[:left]:
        points[k] += 1
    return tuple(points) + (0,) * (players - places_that_win)


def points_of(standing: Standing, table: Sequence[int]) -> int:
    """The points one seat earns: its place's, if it won; 0 otherwise (and so in a game nobody wins)."""
    if not standing.won or standing.place > len(table):
        return 0
    return int(table[standing.place - 1])


def game_points(
    standings: Sequence[Standing], places_that_win: int = 1, table: PointsTable | None = None
) -> list[int]:
    """Each seat's points in a game: from `table` for its player count if it names it, else the default."""
    players = len(standings)
    row = table.get(players) if table is not None else None
    if row is None:
        row = default_points(players, places_that_win)
    return [points_of(standing, row) for standing in standings]


SEASON_EPOCH = date(2026, 1, 1)


@dataclass(frozen=True)
class Seasons:
    """Season arithmetic: `days` per season from `epoch` (season 1), or one endless season (days=0)."""

    days: int = 0
    epoch: date = field(default=SEASON_EPOCH)

    def __post_init__(self) -> None:
        if self.days < 0:
            raise ValueError(f"a season lasts 0 days (endless) or more, not {self.days}")

    @property
    def endless(self) -> bool:
        return self.days == 0

    def season_of(self, when: date | datetime) -> int:
        """The season `when` falls in (1 = the one that starts on the epoch; always 1 when endless).

        A datetime is taken in UTC (a naive one is taken to be UTC already).
        """
        if self.endless:
            return 1
        return (utc_day(when) - self.epoch).days // self.days + 1

    def first_day(self, season: int) -> date | None:
        """The first day of `season` (None for the endless season: it has always been on)."""
        if self.endless:
            return None
        return self.epoch + timedelta(days=(season - 1) * self.days)

    def last_day(self, season: int) -> date | None:
        """The last day of `season` (None for the endless season: it never ends)."""
        first = self.first_day(season)
        return None if first is None else first + timedelta(days=self.days - 1)


def utc_day(when: date | datetime) -> date:
    """The UTC calendar day of `when` (a naive datetime is taken to be UTC)."""
    if isinstance(when, datetime):
        if when.tzinfo is not None:
            when = when.astimezone(UTC)
        return when.date()
    return when


__all__ = ["SEASON_EPOCH", "PointsTable", "Seasons", "default_points", "game_points", "points_of", "utc_day"]
