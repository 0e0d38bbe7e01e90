"""The server's ladder settings: the points table and the season length, read and checked.

`isla serve` (and `isla ratings`, which must rate games the way the server does) take the points
table as `--points N=P1,P2,...` (one player count per flag, repeatable, or `@FILE` with one such
line per count) and the season length as `--season-days DAYS` (0, the default, is one endless
season); `ServerConfig.ratings()` turns them into the `isla.ratings.Settings` every rated game goes
through. A bad value is a ValueError with a one-line message, so the command ends before serving.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path

from isla.ratings import Seasons, Settings

# (player count, the points of each place from 1st), as ServerConfig keeps them (hashable, frozen).
PointsRows = tuple[tuple[int, tuple[int, ...]], ...]

MAX_PLAYERS = 100  # no game seats more; a larger count is surely a typing mistake
MAX_SEASON_DAYS = 36_600  # a century


def parse_points_row(text: str) -> tuple[int, tuple[int, ...]]:
    """`4=10,6,3,1` -> (4, (10, 6, 3, 1)): a player count and its places' points, best first.

    The points are whole numbers from 0 up, never more for a worse place, and at most one per
    place (fewer: the places past the end earn 0).
    """
    count_text, sep, points_text = text.strip().partition("=")
    if not sep:
        raise ValueError(f"a points row is PLAYERS=P1,P2,... (e.g. 4=10,6,3,1), not {text.strip()!r}")
    try:
        players = int(count_text)
        points = tuple(int(p) for p in points_text.split(","))
    except ValueError:
        raise ValueError(f"a points row is whole numbers, PLAYERS=P1,P2,... (e.g. 4=10,6,3,1), "
                         f"not {text.strip()!r}") from None
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"points row {text.strip()!r}: the player count must be 1 to {MAX_PLAYERS}")
    if len(points) > players:
        raise ValueError(f"points row {text.strip()!r}: {len(points)} places' points for {players} players")
    if any(p < 0 for p in points):
        raise ValueError(f"points row {text.strip()!r}: points cannot be negative")
    if any(worse > better for better, worse in itertools.pairwise(points)):
        raise ValueError(f"points row {text.strip()!r}: a worse place cannot earn more points "
                         "than a better one")
    return players, points


def parse_points(values: Iterable[str]) -> PointsRows:
    """The rows of `--points` flags (each a row, or @FILE of rows, one a line; # starts a comment)."""
    rows: dict[int, tuple[int, ...]] = {}
    for value in values:
        for line in _lines(value):
            players, points = parse_points_row(line)
            if players in rows:
                raise ValueError(f"the points table names {players} players twice")
            rows[players] = points
    return tuple(sorted(rows.items()))


def _lines(value: str) -> list[str]:
    if not value.startswith("@"):
        return [value]
    path = Path(value[1:]).expanduser()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read the points table {str(path)!r}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"cannot read the points table {str(path)!r}: it is not UTF-8 text") from None
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    found = [line for line in lines if line]
    if not found:
        raise ValueError(f"the points table {str(path)!r} has no rows (PLAYERS=P1,P2,... one a line)")
    return found


def check_season_days(days: int) -> int:
    if not 0 <= days <= MAX_SEASON_DAYS:
        raise ValueError(f"a season lasts 0 days (one endless season) to {MAX_SEASON_DAYS}, not {days}")
    return days


def ratings_settings(points: PointsRows, season_days: int) -> Settings:
    """The Settings of a server with these rows (replacing the default for their player counts)."""
    seasons = Seasons(days=check_season_days(season_days))
    return Settings(points=dict(points) if points else None, seasons=seasons)


__all__ = ["PointsRows", "check_season_days", "parse_points", "parse_points_row", "ratings_settings"]
