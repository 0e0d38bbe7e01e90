"""A pairwise multiplayer Elo: every pair of seats in a game is one result by place.

For seat i with rating R_i among n seats, after the game

    R_i' = R_i + K_i / (n - 1) * sum over the other seats j of (S_ij - E_ij)

where S_ij is 1 when i placed better than j, 1/2 for a shared place and 0 when worse, and
E_ij = 1 / (1 + 10 ** ((R_j - R_i) / 400)) is the expected score of i against j. K_i depends on
i's experience (a higher, provisional K for the first games), and dividing by n - 1 keeps a game's
total weight the same whatever the number of opponents. docs/ratings.md works an example.

The arithmetic is exact enough to be replayed: E_ji is computed as 1 - E_ij from the larger of the
two, so a pair's two terms are exact opposites, and each seat's terms are added with `math.fsum`
(correctly rounded, so the order of the seats does not matter). Ratings are kept as floats at full
precision and rounded for display only (`display`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class EloSettings:
    """The Elo's constants; changing any of them and rebuilding rerates every game."""

    start: float = 1500.0
    k_provisional: float = 40.0
    k_established: float = 20.0
    provisional_games: int = 20  # a player's first 20 rated games of a game use k_provisional
    scale: float = 400.0  # a rating difference of `scale` is 10 to 1 odds

    def k(self, games_before: int) -> float:
        """K for a player who had played `games_before` rated games of this game before this one."""
        return self.k_provisional if self.provisional(games_before) else self.k_established

    def provisional(self, games: int) -> bool:
        """A player with fewer than `provisional_games` rated games has a provisional rating."""
        return games < self.provisional_games


ELO = EloSettings()


def expected(rating: float, opponent: float, scale: float = ELO.scale) -> float:
    """The expected score (win 1, draw 1/2) of `rating` against `opponent`.

    Computed from the larger rating's side, so that expected(a, b) + expected(b, a) is exactly 1
    (1 - x is exact for x in [1/2, 1]).
    """
    if rating >= opponent:
        return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / scale))
    return 1.0 - expected(opponent, rating, scale)


def pair_score(place: int, other: int) -> float:
    """The result of one pair by place: 1 for the better place, 1/2 for a shared one, 0 for worse."""
    if place < other:
        return 1.0
    return 0.5 if place == other else 0.0


def changes(
    ratings: Sequence[float],
    games_before: Sequence[int],
    places: Sequence[int],
    settings: EloSettings = ELO,
    players: Sequence[str] | None = None,
) -> list[float]:
    """Each seat's rating change in a game, from the ratings and game counts before and the places.

    `players` (optional) names each seat's rated player: a pair of seats of one player (a bot
    seated twice) says nothing about its strength and is skipped, and a seat's K is shared out over
    the pairs that count (n - 1 when every seat is someone else). A seat with no pair that counts
    (a game of one seat, or of one player only) changes nothing. Raises ValueError when the
    sequences differ in length.
    """
    n = len(ratings)
    if len(games_before) != n or len(places) != n or (players is not None and len(players) != n):
        raise ValueError(f"{n} ratings need {n} game counts, {n} places and (if given) {n} players")
    out = []
    for i in range(n):
        others = [j for j in range(n) if j != i and (players is None or players[j] != players[i])]
        if not others:
            out.append(0.0)
            continue
        terms = [pair_score(places[i], places[j]) - expected(ratings[i], ratings[j], settings.scale)
                 for j in others]
        out.append(settings.k(games_before[i]) / len(others) * math.fsum(terms))
    return out


def updated(
    ratings: Sequence[float], games_before: Sequence[int], places: Sequence[int], settings: EloSettings = ELO
) -> list[float]:
    """Each seat's rating after the game: its rating before plus its `changes`."""
    return [r + d for r, d in zip(ratings, changes(ratings, games_before, places, settings), strict=True)]


def win_chances(ratings: Sequence[float], scale: float = ELO.scale) -> list[float]:
    """Each seat's chance of 1st place by the ratings: 10^(R/scale) shared out over the seats.

    For two seats it is the expected score (`expected`); for more, the same odds between any two
    (Bradley-Terry). benchmarks/ratings_models.py measures how well it predicts (docs/ratings.md).
    """
    if not ratings:
        return []
    top = max(ratings)
    weights = [math.pow(10.0, (rating - top) / scale) for rating in ratings]
    total = math.fsum(weights)
    return [weight / total for weight in weights]


def display(rating: float) -> int:
    """The rating a player is shown: rounded to the nearest whole number (halves away from zero)."""
    return math.floor(rating + 0.5)


def shown_change(before: float, after: float) -> int:
    """The change a player is shown: the shown rating after less the shown rating before, so the
    numbers on the screen add up (1499.6 -> 1500.4 is shown as 1500 -> 1500, a change of 0)."""
    return display(after) - display(before)


__all__ = [
    "ELO", "EloSettings", "changes", "display", "expected", "pair_score", "shown_change", "updated",
    "win_chances",
]
