"""Ratings: places and wins, a pairwise multiplayer Elo, ladder points and seasons (docs/ratings.md).

Pure functions over finished games' results: no I/O, no database, no clock. The store and the
server (later) keep the results and call `rate_game` as each game ends; a rebuild replays the
stored results through the same step (`replay`), so both give the same numbers.
"""

from isla.ratings.elo import ELO, EloSettings, changes, display, expected, shown_change, updated, win_chances
from isla.ratings.ladder import (
    SETTINGS,
    FinishedGame,
    GameOutcome,
    Ladder,
    PlayerState,
    SeatOutcome,
    Settings,
    leaders,
    rate_game,
    replay,
    totals,
)
from isla.ratings.places import Standing, standings
from isla.ratings.points import SEASON_EPOCH, PointsTable, Seasons, default_points, game_points

__all__ = [
    "ELO",
    "SEASON_EPOCH",
    "SETTINGS",
    "EloSettings",
    "FinishedGame",
    "GameOutcome",
    "Ladder",
    "PlayerState",
    "PointsTable",
    "Seasons",
    "SeatOutcome",
    "Settings",
    "Standing",
    "changes",
    "default_points",
    "display",
    "expected",
    "game_points",
    "leaders",
    "rate_game",
    "replay",
    "shown_change",
    "standings",
    "totals",
    "updated",
    "win_chances",
]
