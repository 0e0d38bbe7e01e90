"""The arena: tournaments between bots, with seat rotation, duplicate deals, parallel and resumable runs.

Generic over games: it reaches games only through `isla.core` and bots only through `isla.bots`
(`make_bot`, `bot_move`, `BotError`). See docs/arena.md.
"""

from isla.arena.match import outcome, play_game, record_of_game
from isla.arena.plan import ArenaError, Plan, bot_seed, game_seed, make_plan, round_up_games, seating
from isla.arena.runner import merge_runs, play_games, read_run, run_tournament
from isla.arena.stats import format_table, summarize, wilson

__all__ = [
    "ArenaError",
    "Plan",
    "bot_seed",
    "format_table",
    "game_seed",
    "make_plan",
    "merge_runs",
    "outcome",
    "play_game",
    "play_games",
    "read_run",
    "record_of_game",
    "round_up_games",
    "run_tournament",
    "seating",
    "summarize",
    "wilson",
]
