"""`isla ratings import-arena DIR`: an arena run's finished games, as rated bot-against-bot games.

Each finished game of a run directory (`run.json` and `games.jsonl`, docs/arena.md) becomes a rated
game of its bots, each under its resolved spec as the run recorded it (`Plan.budgets`: what the
level stood for when the run was planned) and the run's engine version, exactly as a bot at a
ranked table is rated. It is kept as a table of status `imported` (never listed in the lobby, never
played) with its seats' results, and rated through the same step as a ranked table's end, so
`isla ratings rebuild` replays it like any other rated game.

The key of an imported game is the run's id (a digest of the run's identity: game, players, bots,
seed, options, engine version, budgets, so the parts of a run split over machines share it) and
the game's index: importing a run twice, or a merged run after its parts, adds nothing twice.
Games that ended with a bot's failure are not rated (they did not finish).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from isla.arena.plan import ArenaError, Plan
from isla.arena.runner import read_run
from isla.core import game as find_game
from isla.core.protocol import Result
from isla.ratings import standings
from isla.server.ranked import resolved_bot
from isla.server.store import ImportedGame, SeatResult
from isla.server.store.rated import IMPORTED


def run_id(plan: Plan) -> str:
    """A short, stable id of a run: the digest of what decides its games."""
    text = json.dumps(plan.identity(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def table_id(run: str, index: int) -> str:
    """The key of one imported game: `arena-<run id>-<index>` (fits the table id column)."""
    return f"arena-{run}-{index}"


def bot_identity(plan: Plan, entrant: int) -> str:
    """The resolved spec of an entrant: as the run recorded it, else as this server resolves it."""
    if plan.budgets and entrant < len(plan.budgets):
        return plan.budgets[entrant]
    return resolved_bot(plan.bots[entrant], plan.game)


def imported_games(run_dir: Path) -> tuple[str, list[ImportedGame], int]:
    """The run's id, its finished games to rate, and how many games it holds that are not (a bot
    failed). ArenaError (one line) if `run_dir` is not an arena run directory."""
    if not run_dir.is_dir():
        raise ArenaError(f"{str(run_dir)!r} is not a directory (an arena run directory holds run.json "
                         "and games.jsonl: isla tournament --out DIR)")
    plan, games = read_run(run_dir)
    try:
        rules = find_game(plan.game)
    except Exception as error:
        raise ArenaError(f"{str(run_dir)!r}: {error}") from None
    run = run_id(plan)
    places_that_win = rules.info.places_that_win(plan.players)
    out, skipped = [], 0
    for game in sorted(games, key=lambda g: int(g["index"])):
        if game.get("failure") is not None or not game.get("over"):
            skipped += 1
            continue
        out.append(_imported(plan, run, game, places_that_win))
    return run, out, skipped


def _imported(plan: Plan, run: str, game: dict[str, Any], places_that_win: int) -> ImportedGame:
    index = int(game["index"])
    try:
        result = Result(True, list(game["scores"]), list(game["tiebreaks"]), list(game["ranks"]),
                        list(game.get("breakdown", [])), list(game.get("end_triggers", [])),
                        bool(game.get("nobody_wins", False)))
        entrants: Sequence[int] = list(game["entrants"])
        placed = standings(result, places_that_win)
    except (KeyError, TypeError, ValueError) as error:
        raise ArenaError(f"game {index} of the run is damaged: {error}") from None
    if len(entrants) != plan.players or len(placed) != plan.players:
        raise ArenaError(f"game {index} of the run has {len(placed)} seats, not {plan.players}")
    seats = []
    for seat, (entrant, standing) in enumerate(zip(entrants, placed, strict=True)):
        bot = bot_identity(plan, entrant)
        seats.append(SeatResult(
            seat=seat, slot=seat, player=f"bot:{bot}@{plan.engine_version}", place=standing.place,
            score=int(result.scores[seat]), won=standing.won, stood_in=False, bot=bot,
            name=plan.bots[entrant],
        ))
    return ImportedGame(table_id(run, index), plan.game, plan.players, int(game["seed"]), dict(plan.options),
                        plan.engine_version, result.to_json(), places_that_win, tuple(seats))


__all__ = ["IMPORTED", "ImportedGame", "imported_games", "run_id", "table_id"]
