"""The options `isla serve` and `isla ratings` share, declared once: the database and the ladder.

`isla ratings` works on the server's database and must rate games the way the server does, so both
commands take the same `--data-dir`/`--database-url` and `--points`/`--season-days`, and build the
same ServerConfig fields from them (`stored_config`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from isla.cli.common import CliError, whole_number
from isla.server.config import ServerConfig, default_data_dir
from isla.server.ladder_settings import MAX_SEASON_DAYS, parse_points, parse_points_row


def add_database_options(p: argparse.ArgumentParser) -> None:
    """--data-dir and --database-url: where the server keeps its games."""
    p.add_argument(
        "--data-dir", metavar="DIR",
        help=f"where the SQLite database is kept (default {default_data_dir()})",
    )
    p.add_argument(
        "--database-url", metavar="URL",
        help="use this database instead of the SQLite file, e.g. postgresql+asyncpg://user@host:5432/name",
    )


def _points_row(text: str) -> str:
    if text.startswith("@"):
        return text  # a file: read (and checked) when the options are read
    try:
        parse_points_row(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_ladder_options(p: argparse.ArgumentParser) -> None:
    """--points and --season-days: the ladder points table and the season length (docs/ratings.md)."""
    ladder = p.add_argument_group("the ladder (docs/ratings.md, \"Ladder points and seasons\")")
    ladder.add_argument(
        "--points", action="append", default=[], type=_points_row, metavar="N=P1,P2,...",
        help="the ladder points of each place in an N-player game, best place first, e.g. 4=10,6,3,1 "
        "(only seats that won earn their place's points); repeat for other player counts, or give "
        "@FILE with one such row a line; a count not named keeps the default (the winning places "
        "share N points)",
    )
    ladder.add_argument(
        "--season-days", type=whole_number(0, MAX_SEASON_DAYS), default=0, metavar="DAYS",
        help="the length of a ladder season in days, season 1 starting on 2026-01-01 UTC "
        "(default 0: one endless season)",
    )


def stored_config(args: argparse.Namespace, **more: Any) -> ServerConfig:
    """The ServerConfig of these options (and `more` fields); a bad points file is one CliError line."""
    try:
        points = parse_points(args.points)
    except ValueError as error:
        raise CliError(str(error)) from None
    return ServerConfig(
        data_dir=Path(args.data_dir).expanduser() if args.data_dir else default_data_dir(),
        database_url=args.database_url,
        points_table=points,
        season_days=args.season_days,
        **more,
    )


__all__ = ["add_database_options", "add_ladder_options", "stored_config"]
