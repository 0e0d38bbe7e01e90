"""`isla play`: one person at one seat against bots, in the terminal.

The person sees only their seat's view (the same renderer as `isla rules show --seat N`); the other
seats are `isla.bots` bots (a level such as `medium`, or a kind), each seeded from the game's seed.
Input ends cleanly on `quit` or a closed stdin; with `--record` the game's record is saved either way.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Sequence
from typing import Any

from isla.bots import bot_move, bot_names, make_bot
from isla.cli.common import CliError, check_seat, game_help, parse_options
from isla.core import IllegalAction, Record, State, default_game
from isla.core import game as find_game
from isla.core.said import joined
from isla.i18n import GENERIC, negotiate, ngettext, translate
from isla.i18n.told import Teller
from isla.render import describe_action, render_view


class _Leave(Exception):
    """The person asked to leave (quit, or the input ended)."""


def _help(lang: str, example: str) -> str:
    # i18n: The help of the terminal game (isla play). Keep the words typed as they are: a number,
    # the action notation, board, ?, help, quit; {example} is an action's notation.
    return translate(GENERIC, lang, """How to answer:
  a number        choose that action from the numbered list
  action text     type the notation itself, e.g. {example}
  several texts   separated by spaces, applied all or nothing (a whole decision in several steps)
  board           show the board again
  ? or help       show this help and what each legal action does
  quit            leave the game (also: end of input)
Seats are numbered from 0.""", example=example)


def _ask(prompt: str, lang: str) -> str:
    """One line of input; raise _Leave at end of input so a closed stdin ends the game cleanly."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        # i18n: The terminal game: the input ended (stdin was closed), so the game ends.
        sys.stdout.write("\n" + translate(GENERIC, lang, "(end of input)") + "\n")
        raise _Leave
    if not sys.stdin.isatty():
        # Scripted input is not echoed by a terminal; echo it so the transcript reads like a session.
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line.strip()


def _human_turn(state: State, seat: int, lang: str) -> list[str]:
    """Ask until the person gives something legal; return the action texts they chose."""
    game_name = state.game.name
    sys.stdout.write(render_view(state.view(seat), lang) + "\n")
    legal = [action.text for action in state.legal_actions()]
    while True:
        # i18n: The terminal game's prompt; keep "?" and "quit", which are typed as they are.
        prompt = translate(GENERIC, lang, "seat {seat}, your move (1-{n}, an action, ? for help, quit): ",
                           seat=seat, n=len(legal))
        answer = _ask(prompt, lang)
        lowered = answer.lower()
        if not answer:
            continue
        if lowered in ("quit", "exit", "q"):
            raise _Leave
        if lowered in ("?", "help", "h"):
            # i18n: The terminal game's help: the heading of the list of legal actions, each explained.
            heading = translate(GENERIC, lang, "Your legal actions:")
            sys.stdout.write(_help(lang, legal[-1]) + "\n" + heading + "\n")
            for number, text in enumerate(legal, start=1):
                sys.stdout.write(f"  {number:>2}. {text:<28} {describe_action(game_name, text, lang)}\n")
            continue
        if lowered == "board":
            sys.stdout.write(render_view(state.view(seat), lang) + "\n")
            continue
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return [legal[number - 1]]
            # i18n: The terminal game: an answer that is no action's number.
            sys.stdout.write(translate(GENERIC, lang, "There is no action {number}; choose 1 to {n}.",
                                       number=number, n=len(legal)) + "\n")
            continue
        texts = answer.split()
        try:
            state.clone().apply_all(texts)
        except IllegalAction as error:
            # i18n: The terminal game: the answer is not a legal action; {error} says why (in English).
            sys.stdout.write(translate(GENERIC, lang, "Not possible: {error}", error=error) + "\n")
            continue
        return texts


def _listed(items: Sequence[str], lang: str) -> str:
    """Items as a list in `lang`, with its own list comma ("a, b" in English, "a、b" in Chinese)."""
    return Teller(None, None).render(joined(list(items), "comma"), lang)


def _seat(seat: int, lang: str) -> str:
    # i18n: A seat in the terminal game; {seat} is its number.
    return translate(GENERIC, lang, "seat {seat}", seat=seat)


def _score_table(state: State, human: int, lang: str) -> str:
    result = state.result()
    keys = list(result.breakdown[0]) if result.breakdown else []
    # i18n: The heading of the first column of the terminal game's final scores: a place.
    rank = translate(GENERIC, lang, "rank")
    # i18n: The heading of the second column of the terminal game's final scores.
    seat_head = translate(GENERIC, lang, "seat")
    head = f"{rank:<5} {seat_head:<13}" + "".join(f" {k:>10}" for k in keys)
    # i18n: The heading of the terminal game's final scores.
    title = translate(GENERIC, lang, "Final scores")
    if result.end_triggers:
        # i18n: The heading of the terminal game's final scores, with what ended the game.
        title = translate(GENERIC, lang, "Final scores (game end triggered by {triggers})",
                          triggers=_listed(result.end_triggers, lang))
    lines = [title, head]
    order = sorted(range(state.players), key=lambda s: (result.ranks[s], s))
    for seat in order:
        # i18n: The player's own seat in the terminal game's final scores.
        name = (translate(GENERIC, lang, "seat {seat} (you)", seat=seat) if seat == human
                else _seat(seat, lang))
        parts = result.breakdown[seat] if result.breakdown else {}
        lines.append(
            f"{result.ranks[seat]:<5} {name:<13}" + "".join(f" {parts.get(k, ''):>10}" for k in keys)
        )
    winners = [s for s in range(state.players) if result.ranks[s] == 1]
    if result.nobody_wins:
        lines.append(translate(GENERIC, lang, "Nobody wins: every seat lost this game."))
    elif human in winners:
        lines.append(translate(GENERIC, lang, "You win!") if len(winners) == 1
                     else translate(GENERIC, lang, "You share first place."))
    else:
        # i18n: The terminal game's winners; {seats} is a list of seats.
        lines.append(translate(GENERIC, lang, "Winner: {seats}.",
                               seats=_listed([_seat(s, lang) for s in winners], lang)))
    return "\n".join(lines)


def _save_record(path: str, record: Record, lang: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(record.to_json(), handle, indent=2)
        handle.write("\n")
    # i18n: The terminal game saved its record; keep the command "isla rules replay" as it is.
    saved = translate(GENERIC, lang, "Game record saved to {path} (replay: isla rules replay {path}).",
                      path=path)
    sys.stdout.write(saved + "\n")


def _bot_specs(text: str, count: int) -> list[str]:
    """One spec for every other seat: a single spec is repeated; a list must match the seats."""
    specs = [part.strip() for part in text.split(",")]
    if len(specs) == 1:
        specs = specs * count
    if len(specs) != count:
        raise CliError(f"--bots names {len(specs)} bots but there are {count} other seats")
    for spec in specs:
        make_bot(spec, 0, 0)  # raises UnknownBot with the known names
    return specs


def terminal_language(chosen: str | None, environ: dict[str, str] | None = None) -> str:
    """The player's language: `--lang`, else the LANG environment variable ("de_DE.UTF-8"), else English."""
    env = os.environ if environ is None else environ
    posix = env.get("LANG", "").split(".")[0].split("@")[0]
    return negotiate(None, chosen or (posix if posix not in ("C", "POSIX") else None))


def cmd_play(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    lang = terminal_language(args.lang)
    teller = Teller.of(game)
    options = parse_options(game, args.option)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    state = game.new_state(args.players, seed, options)
    human = args.seat
    check_seat(state, human)
    specs = _bot_specs(args.bots, state.players - 1)
    others = [s for s in range(state.players) if s != human]
    seat_specs = dict(zip(others, specs, strict=True))
    bots = {s: make_bot(seat_specs[s], s, seed, game=game.name) for s in others}
    record = Record(
        game=game.name, players=state.players, seed=seed,
        options=game.resolve_options(state.players, options),  # every option, so it replays as played
        seats=["you" if s == human else seat_specs[s] for s in range(state.players)],
        engine_version=game.version,
    )
    # i18n: A bot at a seat of the terminal game: {bot} is its level or kind (easy, mcts...).
    bots_named = _listed([translate(GENERIC, lang, "seat {seat} {bot}", seat=s, bot=seat_specs[s])
                          for s in others], lang)
    # i18n: The first line of the terminal game; "?" is typed as it is.
    sys.stdout.write(translate(
        GENERIC, lang, "{game}: {players} players, seed {seed}. You are seat {seat}; the other seats are "
        "bots: {bots}. Type ? for help.", game=game.title, players=state.players, seed=seed, seat=human,
        bots=bots_named) + "\n")
    last_round = None
    # The game's own log in words names the seats like this (and says what the engine did next).
    # i18n: The player's own seat as the terminal game's log names it, at the start of a sentence.
    names = [translate(GENERIC, lang, "Seat {seat} (you)", seat=s) if s == human
             # i18n: A seat as the terminal game's log names it, at the start of a sentence.
             else translate(GENERIC, lang, "Seat {seat}", seat=s) for s in range(state.players)]
    # i18n: The player's own seat in the terminal game, as in "you (seat 0) chose role:mayor".
    movers = [translate(GENERIC, lang, "you (seat {seat})", seat=s) if s == human else _seat(s, lang)
              for s in range(state.players)]
    try:
        while state.to_move is not None:
            public = state.view(None)
            round_number = public.get("round")  # a game with rounds shows them in its view
            if round_number is not None and round_number != last_round:
                # i18n: The terminal game: a new round begins; {round} is its number.
                sys.stdout.write(translate(GENERIC, lang, "=== round {round} ===", round=round_number) + "\n")
                last_round = round_number
            mover = state.to_move
            if mover == human:
                chosen = state.clone().apply_all(_human_turn(state, human, lang))  # all or nothing
            else:
                chosen = [state.parse_action(bot_move(bots[mover], state))]
            for action in chosen:
                lines = teller.lines(game.narrate(state, action, names), lang)
                told = " ".join(lines) or describe_action(game.name, action.text, lang)
                state.apply_unchecked(action)
                # i18n: The terminal game: a seat chose an action ({action}: its notation); {told}: what
                # happened.
                sys.stdout.write(translate(GENERIC, lang, "{who} chose {action}: {told}", who=movers[mover],
                                           action=action.text, told=told) + "\n")
                record.actions.append(action.text)
    except _Leave:
        # i18n: The terminal game: the player left; {n} is how many actions were played.
        sys.stdout.write(ngettext(GENERIC, lang, "You left the game after {n} action (seed {seed}).",
                                  "You left the game after {n} actions (seed {seed}).", len(record.actions),
                                  seed=seed) + "\n")
        if args.record:
            _save_record(args.record, record, lang)
        return 0
    sys.stdout.write(render_view(state.view(human), lang) + "\n")
    sys.stdout.write(_score_table(state, human, lang) + "\n")
    if args.record:
        _save_record(args.record, record, lang)
    return 0


def add_parser(commands: argparse._SubParsersAction[Any], options_help: str) -> None:
    p = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play at one seat against bots. On your turn you see the board as your seat sees "
        "it and a numbered list of legal actions; answer with a number or the action text. "
        "? explains, quit leaves.",
        epilog=f"example: isla play {default_game()} --players 4 --seat 0\n\n" + options_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help=game_help())
    p.add_argument("--players", type=int, default=4, metavar="N", help="number of players (default 4)")
    p.add_argument("--seat", type=int, default=0, metavar="N", help="your seat, from 0 (default 0)")
    p.add_argument("--seed", type=int, metavar="S", help="the game's seed (default: a random one, printed)")
    p.add_argument(
        "--bots", default="medium", metavar="BOT[,BOT...]",
        help="the bots at the other seats, in seat order: one for all, or one per seat. "
        f"Levels and kinds: {', '.join(bot_names())} (default medium)",
    )
    p.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a table option; repeat for several"
    )
    p.add_argument("--record", metavar="PATH", help="save the game record (JSON) here when the game ends")
    p.add_argument("--lang", metavar="LANG", help="the language of the board, the prompts and the game log: "
                   "en pt nl de zh "
                   "(default: the LANG environment variable, else English)")
    p.set_defaults(handler=cmd_play)
