"""The `isla` command: `rules` (the engine on the command line), `sim` (random-play statistics),
`play` (a game in the terminal against bots), `tournament` (bots against bots), `serve` (the server)
and `ratings rebuild` (the ratings again from the stored results).

`main(argv)` returns the exit status instead of exiting, so tests can call it in-process. Every
mistake in the input (an illegal action, malformed or schema-invalid JSON, a bad option, an unknown
game, a missing file, a bad argument) ends with status 2 and one line on stderr starting with
"isla: " that names the problem; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import NoReturn

import isla
from isla.cli import play, ratings, rules, serve, tournament
from isla.cli.common import game_help, parse_options, whole_number
from isla.core import IslaError, default_game, game_names
from isla.core import game as find_game
from isla.sim import format_stats, run_random_games

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors in the same "isla: ..." form as every other failure."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"isla: {message} (see '{self.prog} --help')\n")


def _options_help() -> str:
    """The table options of every registered game, for the epilogs of commands that take --option."""
    lines = ["table options (--option KEY=VALUE):"]
    for name in game_names():
        lines.append(f"  {name}:")
        for spec in find_game(name).option_specs:
            if spec.kind == "choice":
                kind = "|".join(spec.choices)
            elif spec.kind == "bool":
                kind = "true|false"
            else:
                kind = "number"
            default = "by player count" if spec.default_for is not None else spec.default
            if isinstance(default, bool):
                default = str(default).lower()
            lines.append(f"    {spec.name}={kind} (default {default})")
            lines += textwrap.wrap(spec.description, 96, initial_indent=" " * 8, subsequent_indent=" " * 8)
    return "\n".join(lines)


def cmd_sim(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    options = parse_options(game, args.option)
    stats = run_random_games(game.name, args.players, args.games, args.seed, options)
    if args.json:
        sys.stdout.write(json.dumps(stats.to_json(), indent=2) + "\n")
    else:
        sys.stdout.write(format_stats(stats) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    first = default_game()
    parser = _Parser(
        prog="isla",
        description=textwrap.fill(
            "Isla: exact rules engines for board games, bots that play them, and a server to play them "
            "in the browser with friends and bots. Games: " + ", ".join(game_names()) + ".", 96
        ),
        epilog="examples:\n"
        f"  isla play {first} --players 4\n"
        f"  isla rules new {first} --players 3 --seed 7 > game.json\n"
        "  isla rules show game.json --seat 0\n"
        f"  isla sim {first} --players 4 --games 1000 --seed 1\n"
        "  isla serve",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"isla {isla.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    options_help = _options_help()
    rules.add_parser(commands, options_help)

    p = commands.add_parser(
        "sim",
        help="play random games and print statistics",
        description="Play games in which every seat picks uniformly random legal actions, and print "
        "games, mean rounds, mean steps (decisions) per game, mean and winner score, how often each "
        "end trigger fired, seat win rates (a shared first place counts for each tied seat), elapsed "
        "time and games per second. The same seed gives the same games.",
        epilog=options_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help=game_help())
    p.add_argument("--players", type=int, default=4, metavar="N", help="number of players (default 4)")
    p.add_argument(
        "--games", type=whole_number(1), default=100, metavar="G", help="games to play (default 100)"
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the whole run (default 0)")
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a table option; repeat for several"
    )
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.set_defaults(handler=cmd_sim)

    play.add_parser(commands, options_help)
    tournament.add_parser(commands, options_help)
    serve.add_parser(commands)
    ratings.add_parser(commands)
    return parser


def _fail(message: str) -> int:
    # One line, whatever the message held, so scripts can rely on it.
    sys.stderr.write("isla: " + " ".join(message.split()) + "\n")
    return USAGE_ERROR


def main(argv: Sequence[str] | None = None) -> int:
    """Run the isla command with `argv` (default: sys.argv[1:]) and return the exit status."""
    try:
        parser = build_parser()  # reads the registry: an installed game may be broken
    except IslaError as error:
        return _fail(str(error))
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and usage errors
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else USAGE_ERROR)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except IslaError as error:
        return _fail(str(error))
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            # The reader went away (e.g. `| head`); stop quietly as other command-line tools do.
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        return _fail(f"{error.filename or 'file'}: {error.strerror or error}")
    except KeyboardInterrupt:
        sys.stderr.write("isla: interrupted\n")
        return 130
    return status
