"""What a bot's turn at a table computes: its whole decision, on its own copy of the position.

This is the part of the table service that runs in the bots' worker processes (botpool.py), so it
imports only the games and the bots, never the web framework or the database. A job carries
everything needed to rebuild the position (the game's name and the state's full JSON, RNG
included) and to rebuild the bot exactly as the table would (spec, seat, the table's seed and the
sequence number), so a worker, a thread of the server and a server restarted from the log all
choose the same moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from isla.bots import BotError, bot_move, make_bot
from isla.core import JSON, State, game_names
from isla.core import game as find_game
from isla.core.registry import Snapshot, restore

# How much lower a worker's scheduling priority is than the server's (Unix niceness, 0 to 19).
WORKER_NICENESS = 10


@dataclass(frozen=True)
class BotJob:
    game: str
    seat: int
    spec: str
    seq: int  # the sequence number of the bot's first action
    seed: int  # the table's seed
    seconds: float | None  # thinking time cap per decision
    state: JSON | None = None  # the position, for a worker process (None: given as a State)


@dataclass(frozen=True)
class BotPlan:
    """The actions of the bot's turn: one decision, or the steps of one whole decision (a plan).

    `problem` says the bot failed: `actions` is then one random legal move played in its stead.
    """

    actions: list[str]
    problem: str | None = None


def warm(games: Snapshot | None = None) -> None:
    """Set up a worker process: load every game and the search bots now, not on its first job.

    `games` is the server's registry (`isla.core.registry.snapshot()`), so a game registered in
    the server's process, not only one of Isla's own or an installed package's, is known here too.

    Ctrl+C in a terminal reaches every process of the server; a worker leaves it to the server,
    which ends its workers as it stops (a worker's own KeyboardInterrupt would only print noise).
    A worker also runs at a lower priority: when the cores are busy, the server and its database,
    which people's moves wait for, go first, and a bot waits a little longer.
    """
    import os
    import signal

    from isla.bots import mcts  # noqa: F401 - imported for its side of the warm-up

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    if games is not None:
        restore(games)
    for name in game_names():
        find_game(name)


def choose(job: BotJob, state: State | None = None) -> BotPlan:
    """The bot's decision in `state` (else in the job's JSON state), with the rest of its plan.

    When the decision is one step of a whole decision (`Game.plan_kind`), the bot goes on choosing
    until that decision is complete, each step on the position the previous one left. Every step
    has its own bot, seeded from the table's seed and that step's sequence number, exactly as if
    the steps had been asked for one at a time. `state` is changed (pass a copy).
    """
    game = find_game(job.game)
    if state is None:
        assert job.state is not None
        state = game.state_from_json(job.state)
    kind = game.plan_kind(state)
    actions: list[str] = []
    seq = job.seq
    while True:
        try:
            bot = make_bot(job.spec, job.seat, (job.seed << 32) | seq, job.seconds, game.name)
            action = bot_move(bot, state, job.spec)
        except Exception as error:  # BotError, or a bot that cannot even be built: the table goes on
            if actions:  # the steps chosen stand; the next turn meets this failure at its own seq
                return BotPlan(actions)
            problem = str(error) if isinstance(error, BotError) else f"bot {job.spec!r}: {error}"
            rng = random.Random(f"isla-fallback:{job.seed}:{seq}")
            return BotPlan([rng.choice(state.legal_actions()).text], problem)
        actions.append(action.text)
        state.apply_unchecked(action)
        seq += 1
        if kind is None or state.to_move != job.seat or game.plan_kind(state) != kind:
            return BotPlan(actions)
