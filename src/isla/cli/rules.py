"""`isla rules ...`: the rules engine on the command line (new, legal, apply, show, result, replay,
perft, the move count of a position, and check, the conformance suite on any registered game).

Each command reads a state or record document, goes through the `isla.core` protocol only, and
prints JSON or text. States are files or "-" for stdin, so commands chain through pipes:
`isla rules new puertorico --players 3 | isla rules apply - role:builder | isla rules show -`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from isla.cli.common import (
    CliError,
    check_seat,
    dump,
    game_help,
    game_of,
    load_state,
    parse_options,
    read_json,
    whole_number,
)
from isla.core import Record, default_game, replay
from isla.core import game as find_game
from isla.core.conformance import CHECKS, Report
from isla.core.conformance_plan import Setup, run_checks
from isla.core.perft import divide, perft
from isla.render import render_view

# `isla rules check` exits with this status when the game breaks a check (2 stays bad input).
CHECK_FAILED = 1


def cmd_new(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    options = parse_options(game, args.option)
    state = game.new_state(args.players, args.seed, options)
    dump(state.to_json())
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    texts = [action.text for action in state.legal_actions()]
    if args.json:
        sys.stdout.write(json.dumps(texts) + "\n")
    else:
        for text in texts:
            sys.stdout.write(text + "\n")
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    state.apply_all(args.actions)
    dump(state.to_json())
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    if args.seat is not None:
        check_seat(state, args.seat)
    # Only the view is rendered, so nothing the seat may not know can reach the screen.
    sys.stdout.write(render_view(state.view(args.seat)) + "\n")
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    result = state.result()
    data = result.to_json()
    dump({"over": data.pop("over"), "to_move": state.to_move, **data})
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    data = read_json(args.record)
    game_of(data, "record")  # names an unknown game before anything else
    if isinstance(data, dict):
        data = {"game": default_game(), **data}
    record = Record.from_json(data)
    upto = args.upto
    if upto is not None and upto > len(record.actions):
        raise CliError(f"--upto {upto}: the record has only {len(record.actions)} actions")
    dump(replay(record, upto).to_json())
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    if args.divide and args.depth >= 1:
        counts = divide(state, args.depth)
        for text, count in counts.items():
            sys.stdout.write(f"{text} {count}\n")
        sys.stdout.write(f"total {sum(counts.values())}\n")
    else:
        sys.stdout.write(f"{perft(state, args.depth)}\n")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    players = None
    if args.players is not None:
        game.check_players(args.players)
        players = [args.players]
    name = game.name
    started = time.perf_counter()

    def progress(setup: Setup, _report: Report) -> None:
        sys.stdout.write(f"{name}: {setup.describe()}: ok\n")
        sys.stdout.flush()

    run = run_checks(game, thorough=args.thorough, players=players, progress=progress)
    elapsed = time.perf_counter() - started
    report = run.checked
    assert report is not None
    failure = run.failure
    if failure is not None:
        assert run.failed_setup is not None
        sys.stdout.write(
            f"{name}: {run.failed_setup.describe()}: FAILED\n"
            f"{name} breaks the check {failure.check!r}: {CHECKS.get(failure.check, '')}\n"
            f"  what went wrong: {failure.detail}\n"
            f"  where: {failure.where}\n"
        )
        return CHECK_FAILED
    kind = "every combination" if args.thorough else "the sample"
    sys.stdout.write(
        f"{name}: every check holds on {kind}: {len(run.setups)} setups, {report.playouts} games, "
        f"{report.steps} decisions (longest game {report.longest}), {report.hidden_checks} "
        f"hidden-information checks, {elapsed:.1f} s\n"
    )
    for note in report.notes:
        sys.stdout.write(f"  note: {note}\n")
    return 0


def add_parser(commands: argparse._SubParsersAction[Any], options_help: str) -> None:
    rules = commands.add_parser(
        "rules",
        help="the rules engine: new, legal, apply, show, result, replay, perft, check",
        description="Work with game states as JSON. STATE and RECORD are file paths, or - for stdin; "
        "the game is taken from the document's 'game' field (default: the first game, "
        f"{default_game()}).",
        epilog=f"example: isla rules new {default_game()} --players 3 --seed 7 | isla rules show -",
    )
    sub = rules.add_subparsers(dest="rules_command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "new",
        help="print the opening state of a new game as JSON",
        description="Print the opening position of a new game as JSON (the full state, RNG included).",
        epilog=options_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help=game_help())
    p.add_argument("--players", type=int, default=4, metavar="N", help="number of players (default 4)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the game's random seed (default 0)")
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a table option; repeat for several"
    )
    p.set_defaults(handler=cmd_new)

    p = sub.add_parser(
        "legal",
        help="list the legal actions of the seat to move",
        description="Print the legal actions of the seat to move, one per line "
        "(nothing when the game is over).",
    )
    p.add_argument("state", metavar="STATE", help="a state JSON file, or - for stdin")
    p.add_argument("--json", action="store_true", help="print a JSON list instead")
    p.set_defaults(handler=cmd_legal)

    p = sub.add_parser(
        "apply",
        help="apply actions to a state and print the new state",
        description="Apply one or more actions in order, all or nothing: if any is illegal in turn, "
        "nothing is printed and the command fails naming it. Prints the new state as JSON.",
        epilog="example: isla rules apply game.json role:mayor mayor:take place:indigo place:done",
    )
    p.add_argument("state", metavar="STATE", help="a state JSON file, or - for stdin")
    p.add_argument("actions", metavar="ACTION", nargs="+", help="action notation, e.g. role:builder")
    p.set_defaults(handler=cmd_apply)

    p = sub.add_parser(
        "show",
        help="draw the board as one seat (or a spectator) sees it",
        description="Draw a readable board from the view of one seat: hidden information (the "
        "face-down plantations, other seats' VP chips unless open_vp) is never shown. Without --seat "
        "the board is drawn for a spectator. The legal actions are listed when it is that seat's turn.",
    )
    p.add_argument("state", metavar="STATE", help="a state JSON file, or - for stdin")
    p.add_argument("--seat", type=int, metavar="N", help="draw the board as seat N sees it")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser(
        "result",
        help="print scores, ranks and the score breakdown as JSON",
        description="Print JSON with over, to_move, scores, ranks (ties share a place), tiebreaks, "
        "each seat's score breakdown and the end triggers. Scores are provisional while the game goes on.",
    )
    p.add_argument("state", metavar="STATE", help="a state JSON file, or - for stdin")
    p.set_defaults(handler=cmd_result)

    p = sub.add_parser(
        "replay",
        help="replay a game record and print the final state",
        description="Replay a game record (game, players, seed, options, actions; see docs/record.md) "
        "and print the resulting state as JSON.",
    )
    p.add_argument("record", metavar="RECORD", help="a record JSON file, or - for stdin")
    p.add_argument(
        "--upto", type=whole_number(0), metavar="K", help="stop after the first K actions of the record"
    )
    p.set_defaults(handler=cmd_replay)

    p = sub.add_parser(
        "perft",
        help="count the distinct decision sequences of a given depth from a state",
        description="Print the number of distinct sequences of DEPTH decisions that can be played from "
        "the state (forced steps are not decisions; a sequence the game ends before DEPTH counts for "
        "nothing). The count grows about as fast as the legal actions multiply: try small depths first.",
        epilog="example: isla rules new puertorico --players 4 | isla rules perft - --depth 3 --divide",
    )
    p.add_argument("state", metavar="STATE", help="a state JSON file, or - for stdin")
    p.add_argument(
        "--depth", type=whole_number(0), required=True, metavar="N", help="the number of decisions"
    )
    p.add_argument(
        "--divide", action="store_true",
        help="one line per legal action: the sequences that start with it, then the total",
    )
    p.set_defaults(handler=cmd_perft)

    p = sub.add_parser(
        "check",
        help="run the conformance suite on a game (exit 1 when a check fails)",
        description="Play seeded random games of GAME and check, at every step, the promises every "
        "game makes (see docs/python.md, 'Conformance suite'): legal actions, illegal actions changing "
        "nothing, clones, saving and loading, views hiding what a seat cannot know, determinization, "
        "results, the game's declarations, record replay. By default a sample: every player count with "
        "the default options (2 seeds), then each option value on its own (1 seed). Prints a line per "
        "setup; exits 0 when every check holds, 1 naming the first one that fails.",
        epilog="example: isla rules check vanuatu --players 3",
    )
    p.add_argument("game", help="the game's short name, e.g. puertorico")
    p.add_argument(
        "--thorough", action="store_true",
        help="every combination of player count and option values, 3 seeds each, hidden-information "
        "checks at every step (minutes, not seconds)",
    )
    p.add_argument("--players", type=int, metavar="N", help="only games with N players")
    p.set_defaults(handler=cmd_check)
