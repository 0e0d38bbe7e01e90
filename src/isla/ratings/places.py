"""Each seat's place and whether it won, from a finished game's Result.

The Result already ranks the seats by competition ranking (ties share the better place: 1, 1, 3;
Puerto Rico breaks VP ties by doubloons + goods first, R11). What counts as a win is the game's
declaration (`GameInfo.places_that_win`): 1st place, and in Puerto Rico's 5-player game 2nd place
too (seed 003, R12). A game nobody wins (a Vanuatu flood) has no winner, and every seat shares 1st
place, so for ratings every pair of seats is a draw. No game is named here.
"""

from __future__ import annotations

from dataclasses import dataclass

from isla.core.protocol import Result


@dataclass(frozen=True)
class Standing:
    """One seat's outcome: its place (1 = first; tied seats share the better one) and its win."""

    place: int
    won: bool


def standings(result: Result, places_that_win: int = 1) -> tuple[Standing, ...]:
    """Each seat's Standing; a seat whose place is at most `places_that_win` has won.

    Raises ValueError for a game that is not over (its ranks are provisional, and nothing
    provisional is rated) or for ranks that are not a competition ranking.
    """
    if not result.over:
        raise ValueError("the game is not over: only a finished game has places")
    if places_that_win < 1:
        raise ValueError(f"places_that_win must be at least 1, not {places_that_win}")
    ranks = list(result.ranks)
    if not is_competition_ranking(ranks):
        raise ValueError(f"ranks {ranks} are not a competition ranking (ties share the better place)")
    if result.nobody_wins:
        return tuple(Standing(1, False) for _ in ranks)
    return tuple(Standing(rank, rank <= places_that_win) for rank in ranks)


def is_competition_ranking(ranks: list[int]) -> bool:
    """True when each place is 1 + the number of seats placed strictly better (1, 1, 3 but not 1, 1, 2)."""
    return all(rank == 1 + sum(1 for other in ranks if other < rank) for rank in ranks)


__all__ = ["Standing", "is_competition_ranking", "standings"]
