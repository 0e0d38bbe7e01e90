"""Bot names players and tools use: kinds (`random`, `heuristic`, `rush`, the MCTS kinds) and levels.

A spec is a kind or a level, optionally with an iteration budget: `hard`, `mcts`, `mcts:400`.
Levels are the names players see; each is a kind plus a budget tuned on this machine class (see
docs/bots.md for the measured strength of each).
"""

from __future__ import annotations

import random

from isla.bots.base import Bot, Budget
from isla.bots.heuristic import BaselineBot, HeuristicBot
from isla.bots.randombot import RandomBot
from isla.core.errors import IslaError

KINDS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "rush": BaselineBot,
}

# level -> (kind, iterations). easy is the scripted shipping rush (a gentle, readable opponent);
# medium and hard are MCTS with the heuristic as the other seats' model (hard's playouts run on
# through a round of roles), with budgets measured by benchmarks/bot_speed.py to take about 0.2 s
# and 1 s per decision on one core of this machine class (docs/bots.md has the figures and the
# commands behind them).
LEVELS: dict[str, tuple[str, int]] = {
    "easy": ("rush", 0),
    "medium": ("mcts-model", 600),
    "hard": ("mcts-round", 600),
}
# Games whose search costs differ get their own budgets for a level, so each level keeps its time
# per decision: an MCTS iteration of Vanuatu plays on to the next round (about 8 ms, against about
# 0.2 ms for Puerto Rico). docs/bots.md and docs/vanuatu.md give the figures.
GAME_LEVELS: dict[str, dict[str, tuple[str, int]]] = {
    "vanuatu": {"medium": ("mcts", 25), "hard": ("mcts", 120)},
}


class UnknownBot(IslaError):
    """A bot spec that names no kind or level, or has a bad budget."""


def _search_kinds() -> dict[str, type[Bot]]:
    """Kinds that search, so take an iteration budget (the medium level's when a spec gives none)."""
    from isla.bots.mcts import MctsBot, ModelMctsBot, RoundMctsBot

    return {bot.kind: bot for bot in (MctsBot, ModelMctsBot, RoundMctsBot)}


def _kinds() -> dict[str, type[Bot]]:
    return {**KINDS, **_search_kinds()}


def bot_names() -> list[str]:
    return [*LEVELS, *_kinds()]


def level(name: str, game: str | None = None) -> tuple[str, int]:
    """(kind, iterations) of a level, for `game` if it has its own budgets."""
    return GAME_LEVELS.get(game or "", {}).get(name, LEVELS[name])


def parse_spec(spec: str, game: str | None = None) -> tuple[str, int]:
    """(kind, iterations) for a spec (for `game`'s level budgets); raise UnknownBot with the known names."""
    name, _, budget_text = spec.strip().partition(":")
    if name in LEVELS:
        kind, iterations = level(name, game)
    elif name in _kinds():
        kind, iterations = name, level("medium", game)[1] if name in _search_kinds() else 0
    else:
        raise UnknownBot(f"unknown bot {spec!r} (known: {', '.join(bot_names())})")
    if budget_text:
        try:
            iterations = int(budget_text)
        except ValueError:
            raise UnknownBot(f"bot {spec!r}: the budget after ':' must be a whole number") from None
        if iterations < 1:
            raise UnknownBot(f"bot {spec!r}: the budget must be at least 1 iteration")
    return kind, iterations


def make_bot(
    spec: str, seat: int, seed: int, seconds: float | None = None, game: str | None = None
) -> Bot:
    """Build the bot `spec` for `seat` (levels sized for `game`), its RNG seeded from (seed, seat, spec)."""
    kind, iterations = parse_spec(spec, game)
    rng = random.Random(f"isla-bot:{seed}:{seat}:{spec}")
    return _kinds()[kind](seat, rng, Budget(iterations, seconds))
