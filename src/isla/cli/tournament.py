"""`isla tournament`: bots against bots, seats rotated, in parallel, resumable; and `tournament merge`.

    isla tournament puertorico --players 4 --bots hard,heuristic,heuristic,heuristic --games 200 --seed 1
    isla tournament merge RUN1 RUN2 --json merged.json

The work is done by `isla.arena`; this module only reads the command line and prints. See docs/arena.md.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from isla.arena import Plan, format_table, make_plan, merge_runs, run_tournament, summarize
from isla.arena.runner import (
    BACKENDS,
    default_jobs,
    full_results,
    make_dir,
    progress_stream,
    save_json,
    write_record,
)
from isla.cli.common import CliError, game_help, parse_options, whole_number
from isla.core import default_game
from isla.core import game as find_game

MERGE = "merge"
# Options that only make sense when playing (merge takes only --json, --records, --quiet).
_PLAY_ONLY = ("players", "bots", "games", "seed", "first", "option", "jobs", "backend", "address", "out")


def _note(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        sys.stderr.write(f"isla: {text}\n")


def _check_json_target(args: argparse.Namespace) -> None:
    """Fail before hours of play, not after, when --json cannot be written."""
    if not args.json:
        return
    target = Path(args.json)
    if target.is_dir() or not target.parent.is_dir():
        raise CliError(f"cannot write --json {args.json!r}: not a file in an existing directory")


def _report(args: argparse.Namespace, plan: Plan, games: list[dict[str, Any]]) -> dict[str, Any]:
    summary = summarize(plan, games)
    if args.json:
        save_json(Path(args.json), full_results(plan, games, summary))
    sys.stdout.write(format_table(summary) + "\n")
    return summary


def cmd_merge(args: argparse.Namespace) -> int:
    given = [name for name in _PLAY_ONLY if getattr(args, name) is not None]
    if given:
        raise CliError(f"tournament merge takes only run directories, --json and --records, not --{given[0]}")
    if not args.dirs:
        raise CliError("tournament merge needs at least one run directory (made with --out)")
    _check_json_target(args)
    plan, games = merge_runs([Path(d) for d in args.dirs])
    if args.records:
        records = Path(args.records)
        make_dir(records, "records directory")
        for game in games:
            write_record(records, plan, game)
    _report(args, plan, games)
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    if args.target == MERGE:
        return cmd_merge(args)
    if args.dirs:
        raise CliError(f"unexpected argument {args.dirs[0]!r} (only 'tournament merge' takes directories)")
    if args.bots is None:
        raise CliError("--bots is required: one bot spec per seat, e.g. --bots heuristic,random,random")
    game = find_game(args.target)
    options = parse_options(game, args.option)
    requested = 100 if args.games is None else args.games
    plan = make_plan(
        game.name,
        args.players,
        args.bots.split(","),
        seed=0 if args.seed is None else args.seed,
        games=requested,
        options=options,
        first=0 if args.first is None else args.first,
    )
    if plan.games != requested:
        _note(args, f"{requested} games rounded up to {plan.games}: "
              f"whole blocks of {plan.players} seat rotations")
    _check_json_target(args)
    backend = args.backend or "local"
    if args.address and backend != "ray":
        raise CliError("--address is for --backend ray")
    jobs = args.jobs if args.jobs is not None else (None if backend == "ray" else default_jobs())
    out = Path(args.out) if args.out else None
    played = 0
    started = time.perf_counter()

    def count(_game: dict[str, Any]) -> None:
        nonlocal played
        played += 1

    try:
        games = run_tournament(
            plan,
            jobs=jobs or 0,
            backend=backend,
            address=args.address,
            out=out,
            records=Path(args.records) if args.records else None,
            progress=progress_stream(args.quiet),
            on_game=count,
        )
    except KeyboardInterrupt:
        where = f"; {played} new games are saved in {out}: run the same command to continue" if out else ""
        sys.stderr.write(f"isla: interrupted{where}\n")
        return 130
    elapsed = time.perf_counter() - started
    if out is not None and played < plan.games:
        _note(args, f"{plan.games - played} of {plan.games} games were already in {out}")
    _report(args, plan, games)
    rate = f" ({played / elapsed:.2f} games/s)" if played and elapsed > 0 else ""
    sys.stdout.write(f"  this run: played {played} games in {elapsed:.1f} s{rate}, backend {backend}"
                     + (f", jobs {jobs}" if jobs else "") + "\n")
    return 0


def add_parser(commands: argparse._SubParsersAction[Any], options_help: str) -> None:
    first = default_game()
    p = commands.add_parser(
        "tournament",
        help="play bots against each other and print win rates (also: tournament merge)",
        usage="isla tournament GAME --bots A,B,... [options]\n"
        "       isla tournament merge DIR [DIR ...] [--json FILE] [--records DIR]",
        description=textwrap.fill(
            "Play GAME between bots, every bot in every seat: games come in blocks of N (players) "
            "seat rotations that share one deal, so --games is rounded up to a multiple of N. Prints win "
            "rates with 95% Wilson intervals against par (a first place shared by k players counts 1/k), "
            "mean score and its split, mean rank, per-seat win rates, rounds, end triggers, thinking time "
            "and failed games. Results depend only on the parameters, never on --jobs or --backend. "
            "With --out DIR the run is saved game by game and the same command continues it; "
            "'isla tournament merge' combines run directories of one tournament. See docs/arena.md.",
            96,
        ),
        epilog="examples:\n"
        f"  isla tournament {first} --bots hard,heuristic,heuristic,heuristic --games 200 --seed 1\n"
        f"  isla tournament {first} --bots random,random,random --games 30 --out runs/r1 --json r1.json\n"
        "  isla tournament merge runs/a runs/b --json merged.json\n\n" + options_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("target", metavar="GAME", help=game_help() + " (or 'merge')")
    p.add_argument("dirs", metavar="DIR", nargs="*", help="run directories, for 'tournament merge' only")
    p.add_argument("--players", type=whole_number(1), metavar="N",
                   help="number of players (default: as many as --bots)")
    p.add_argument("--bots", metavar="A,B,...",
                   help="one bot spec per seat, e.g. hard,heuristic,random,mcts:50")
    p.add_argument("--games", type=whole_number(1), metavar="G",
                   help="games to play (default 100), rounded up to a multiple of the player count")
    p.add_argument("--seed", type=int, metavar="S", help="seed of the whole tournament (default 0)")
    p.add_argument("--first", type=whole_number(0), metavar="K",
                   help="index of the first game (default 0; a multiple of N): to split one tournament "
                   "over machines, give each a different range and merge the runs")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a table option; repeat for several")
    p.add_argument("--jobs", type=whole_number(1), metavar="N",
                   help="games played at once (default: all cores for local; all cluster CPUs for ray)")
    p.add_argument("--backend", choices=BACKENDS, help="local processes (default) or a Ray cluster")
    p.add_argument("--address", metavar="ADDR", help="the Ray cluster to join (default: start a local one)")
    p.add_argument("--out", metavar="DIR", help="run directory: save each game as it ends; rerun to continue")
    p.add_argument("--json", metavar="FILE", help="write the full results (every game and the summary)")
    p.add_argument("--records", metavar="DIR",
                   help="save every game's record (replay with isla rules replay)")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no notes on stderr")
    p.set_defaults(handler=cmd_tournament)

