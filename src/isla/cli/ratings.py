"""`isla ratings rebuild` and `isla ratings import-arena DIR`: the ratings from the stored results.

    isla ratings rebuild                        # the SQLite database in the data directory
    isla ratings rebuild --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/isla

Ratings are a projection of the stored per-seat results (docs/ratings.md): the rebuild throws the
ratings, their history and the ladder points away and rates every finished ranked game again, in
the order the games were rated, with the same step the server takes as each game ends. So the
numbers come out the same, and a changed formula rerates every game without losing any. It runs
in one transaction: a server using the database meanwhile sees the old numbers or the new ones.
Give it the server's own --points and --season-days, so it rates the games as the server does.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from isla.cli.common import CliError
from isla.cli.serve import open_store
from isla.cli.server_options import add_database_options, add_ladder_options, stored_config
from isla.server.config import DATABASE_FILE, ServerConfig

if TYPE_CHECKING:
    from isla.server.store import ImportedGame


async def _rebuild(config: ServerConfig) -> int:
    store = await open_store(config)
    store.ratings = config.ratings()
    try:
        return await store.rebuild_ratings()
    finally:
        await store.close()


def existing_config(args: argparse.Namespace) -> ServerConfig:
    """The server's settings from the shared options, for a database that must exist already."""
    config = stored_config(args)
    config.ratings()  # a points table or season length that cannot work: one line, before anything
    if config.database_url is None and not (config.data_dir / DATABASE_FILE).exists():
        raise CliError(f"there is no Isla database in {str(config.data_dir)!r} (see --data-dir)")
    return config


def cmd_rebuild(args: argparse.Namespace) -> int:
    config = existing_config(args)
    games = asyncio.run(_rebuild(config))
    sys.stdout.write(f"rebuilt the ratings from {games} rated game{'' if games == 1 else 's'}\n")
    return 0


async def _import(config: ServerConfig, games: list[ImportedGame]) -> int:
    store = await open_store(config)
    store.ratings = config.ratings()
    try:
        return await store.import_games(games)
    finally:
        await store.close()


def cmd_import_arena(args: argparse.Namespace) -> int:
    from isla.server.arena_import import imported_games

    run, games, failed = imported_games(Path(args.run_dir).expanduser())  # not a run: one line, first
    config = existing_config(args)
    added = asyncio.run(_import(config, games))
    known = len(games) - added
    note = f"; {failed} ended with a bot's failure and are not rated" if failed else ""
    sys.stdout.write(f"arena run {run}: rated {added} new game{'' if added == 1 else 's'}, "
                     f"{known} imported before{note}\n")
    return 0


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    p = commands.add_parser(
        "ratings",
        help="the ratings kept from finished ranked games (rebuild them from the stored results)",
        description="The ratings of the server's players and bots (docs/ratings.md).",
    )
    sub = p.add_subparsers(dest="ratings_command", metavar="COMMAND", required=True)
    rebuild = sub.add_parser(
        "rebuild",
        help="recompute every rating from the stored results of the rated games",
        description="Recompute every rating, its history and the ladder points from the stored "
        "per-seat results of the finished ranked games, in the order they were rated, with the step "
        "the server uses as each game ends (the same numbers). One transaction.",
        epilog="examples:\n  isla ratings rebuild\n  isla ratings rebuild --data-dir ./isla-data\n"
        "  isla ratings rebuild --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/isla",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_database_options(rebuild)
    add_ladder_options(rebuild)
    rebuild.set_defaults(handler=cmd_rebuild)
    arena = sub.add_parser(
        "import-arena",
        help="rate the bots on the finished games of an arena run directory (isla tournament --out DIR)",
        description="Rate every finished game of an arena run directory (run.json and games.jsonl) as a "
        "rated game of its bots, each under its resolved spec and the run's engine version, as at a "
        "ranked table. Importing the same run (or its parts) again adds nothing: each game is keyed by "
        "the run's id and its index. One transaction (docs/ratings.md, \"Bots rated from arena runs\").",
        epilog="examples:\n  isla tournament puertorico --bots hard,heuristic,rush --games 300 --out r/pr1\n"
        "  isla ratings import-arena r/pr1 --data-dir ./isla-data",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    arena.add_argument("run_dir", metavar="DIR", help="the arena run directory (isla tournament --out DIR)")
    add_database_options(arena)
    add_ladder_options(arena)
    arena.set_defaults(handler=cmd_import_arena)
