"""Bot names players and tools use: kinds (`random`, `heuristic`, `rush`, the MCTS kinds) and levels.

A spec is a kind or a level, optionally with an iteration budget: `hard`, `mcts`, `mcts:400`.
Levels are the names players see; each is a kind plus a budget tuned on this machine class (see
docs/bots.md for the measured strength of each). A game may give a level its own kind and budget
(`GameInfo.levels`), and a kind is offered for a game only when the game declares what the kind
needs (`Bot.needs`): a game without a heuristic has no `heuristic`, `rush` or opponent-model MCTS,
nor the levels played by them, and asking for one is an UnknownBot saying why.
"""

from __future__ import annotations

import random

from isla.bots.base import Bot, Budget
from isla.bots.heuristic import BaselineBot, HeuristicBot
from isla.bots.knowledge import has_baseline, has_heuristic
from isla.bots.randombot import RandomBot
from isla.core import game as find_game
from isla.core.errors import IslaError
from isla.core.info import Level

KINDS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "rush": BaselineBot,
}

# The default levels. easy is the scripted shipping rush (a gentle, readable opponent); medium and
# hard are MCTS with the heuristic as the other seats' model (hard's playouts run on through a
# round of roles), with budgets measured by benchmarks/bot_speed.py to take about 0.2 s and 1 s per
# decision on one core of this machine class (docs/bots.md has the figures and the commands behind
# them). A game whose search costs differ declares its own budgets (GameInfo.levels).
LEVELS: dict[str, Level] = {
    "easy": Level("rush", 0),
    "medium": Level("mcts-model", 600),
    "hard": Level("mcts-round", 600),
}


class UnknownBot(IslaError):
    """A bot spec that names no kind or level, or has a bad budget, or is not offered for the game."""


def _search_kinds() -> dict[str, type[Bot]]:
    """Kinds that search, so take an iteration budget (the medium level's when a spec gives none)."""
    from isla.bots.mcts import MctsBot, ModelMctsBot, RoundMctsBot

    return {bot.kind: bot for bot in (MctsBot, ModelMctsBot, RoundMctsBot)}


def _kinds() -> dict[str, type[Bot]]:
    return {**KINDS, **_search_kinds()}


def _missing(kind: str, game: str) -> str | None:
    """Why `kind` cannot play `game` (None: it can)."""
    needs = _kinds()[kind].needs
    if needs and not has_heuristic(game):
        return f"{game} declares no heuristic"
    if needs == "baseline" and not has_baseline(game):
        return f"{game}'s heuristic has no scripted baseline (baseline_choose)"
    return None


def _game_levels(game: str | None) -> dict[str, Level]:
    """Every level with the game's own kinds and budgets (the defaults for no game)."""
    if game is None:
        return dict(LEVELS)
    declared = find_game(game).info.levels
    for name, chosen in declared.items():
        if chosen.kind not in _kinds():
            raise UnknownBot(
                f"{game} declares the level {name!r} with the kind {chosen.kind!r}, which is no bot kind "
                f"(known: {', '.join(_kinds())})"
            )
    return {**LEVELS, **declared}


def bot_names(game: str | None = None) -> list[str]:
    """The levels and kinds a seat may name (for `game`: those offered for it)."""
    if game is None:
        return [*LEVELS, *_kinds()]
    return [*levels(game), *(kind for kind in _kinds() if _missing(kind, game) is None)]


def levels(game: str) -> dict[str, Level]:
    """The levels offered for `game`, with their kinds and budgets for it."""
    offered = _game_levels(game).items()
    return {name: chosen for name, chosen in offered if _missing(chosen.kind, game) is None}


def level(name: str, game: str | None = None) -> Level:
    """(kind, iterations) of a level, for `game` if it has its own budgets."""
    return _game_levels(game)[name]


def parse_spec(spec: str, game: str | None = None) -> tuple[str, int]:
    """(kind, iterations) for a spec (for `game`: its level budgets, and only what it offers).

    Raise UnknownBot naming the known names, or saying why the spec is not offered for the game.
    """
    name, _, budget_text = spec.strip().partition(":")
    known = _game_levels(game)
    if name in known:
        kind, iterations = known[name]
    elif name in _kinds():
        medium = known.get("medium", LEVELS["medium"]).iterations
        kind, iterations = name, medium if name in _search_kinds() else 0
    else:
        raise UnknownBot(f"unknown bot {spec!r} (known: {', '.join(bot_names(game))})")
    if game is not None:
        reason = _missing(kind, game)
        if reason is not None:
            offered = ", ".join(bot_names(game))
            raise UnknownBot(f"bot {spec!r} is not offered for {game}: {reason} (offered: {offered})")
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
