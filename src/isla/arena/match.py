"""One tournament game: a pure function of the plan and the game's index (timing aside).

`play_game` is what every backend runs, in this process, in a local worker process or on a Ray
node. It returns plain JSON-ready data, the same whichever runs it, except the `timing` field
(seconds spent inside each bot), which is measured and so varies from run to run.

A bot failure (`BotError`: it raised, or proposed an illegal action) ends that game as failed; the
game is reported with the failure and the actions played so far, and the tournament goes on.
"""

from __future__ import annotations

import time
from typing import Any

from isla.arena.plan import Plan
from isla.bots import BotError, bot_move, make_bot
from isla.core import Record
from isla.core import game as find_game

# Fields of a game result that are measured rather than determined by the plan.
TIMING = "timing"


def play_game(plan: Plan, index: int) -> dict[str, Any]:
    """Play game `index` of `plan` to the end (or to a bot's failure) and return its result."""
    game_obj = find_game(plan.game)
    seats = plan.seats(index)
    players = plan.players
    seed = plan.game_seed(index)
    bot_seed = plan.bot_seed(index)
    decisions = [0] * players
    thinking = [0.0] * players
    actions: list[str] = []
    failure: dict[str, Any] | None = None
    state = game_obj.new_state(players, seed, plan.options)
    try:
        bots = [make_bot(spec, seat, bot_seed, game=plan.game) for seat, spec in enumerate(seats)]
        clock = time.perf_counter
        while (seat := state.to_move) is not None:
            started = clock()
            action = bot_move(bots[seat], state, seats[seat])
            thinking[seat] += clock() - started
            decisions[seat] += 1
            # bot_move has already checked the action against legal_actions().
            state.apply_unchecked(action)
            actions.append(action.text)
    except BotError as error:
        failure = {"seat": error.seat, "bot": error.bot, "problem": error.problem}
    except Exception as error:  # an engine or bot-construction bug: report it, keep the run going
        failure = {"seat": state.to_move, "bot": None, "problem": f"{type(error).__name__}: {error}"}
    result = state.result()
    rounds = state.to_json().get("round")
    return {
        "index": index,
        "block": index // players,
        "rotation": index % players,
        "seed": seed,
        "seats": seats,
        "entrants": plan.seating(index),
        **result.to_json(),
        "rounds": rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else None,
        "decisions": decisions,
        "actions": actions,
        "failure": failure,
        TIMING: {"think_seconds": thinking},
    }


def outcome(game: dict[str, Any]) -> dict[str, Any]:
    """A game result without its measured timing: the part every backend must agree on."""
    return {key: value for key, value in game.items() if key != TIMING}


def record_of_game(plan: Plan, game: dict[str, Any]) -> Record:
    """The replayable record of a played game (its `seats` are the bot specs)."""
    return Record(
        game=plan.game,
        players=plan.players,
        seed=int(game["seed"]),
        options=dict(plan.options),
        actions=list(game["actions"]),
        seats=list(game["seats"]),
        engine_version=plan.engine_version,
    )
