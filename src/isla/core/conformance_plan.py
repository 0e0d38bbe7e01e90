"""Which setups a conformance run plays, for any game: a bounded sample, or every combination.

The checks themselves (conformance.py) take one setup at a time. A game's bugs hide in its player
counts and options, so a run must cover them without knowing the game: every player count with
the default options, each option value on its own (the sample, a few seconds per game), or every
combination of player count and option values (`thorough`, minutes).

An option's values are read from its spec: both values of a bool, every choice, and for a whole
number its minimum, its default and its maximum (every value when the range is that small or
smaller). A combination the game refuses (an option that applies to some player counts only) is
not a setup.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from isla.core.conformance import ConformanceFailure, Report, check_game
from isla.core.errors import BadOption
from isla.core.protocol import Game, OptionSpec

# Seeds of the playouts: the sample plays two games with the default options at each player count
# and one game for each option value; a thorough run plays three games for every combination.
SAMPLE_SEEDS = (1, 2)
THOROUGH_SEEDS = (1, 2, 3)
# How often the hidden-information checks (the costliest) run: every 4th step in the sample,
# every step in a thorough run.
SAMPLE_HIDDEN_EVERY = 4
THOROUGH_HIDDEN_EVERY = 1


@dataclass(frozen=True)
class Setup:
    """One player count and the options that differ from the defaults, with the seeds to play."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seeds: tuple[int, ...] = SAMPLE_SEEDS

    def describe(self) -> str:
        shown = ", ".join(f"{k}={_text(v)}" for k, v in self.options.items()) or "default options"
        seeds = " ".join(str(s) for s in self.seeds)
        return f"{self.players} players, {shown}, seed{'s' if len(self.seeds) > 1 else ''} {seeds}"


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_values(spec: OptionSpec, players: int) -> list[Any]:
    """The values of `spec` a run tries at `players`, the default first."""
    default = spec.default_value(players)
    if spec.kind == "bool":
        values: list[Any] = [False, True]
    elif spec.kind == "choice":
        values = list(spec.choices)
    elif spec.minimum is not None and spec.maximum is not None and spec.maximum - spec.minimum <= 2:
        values = list(range(spec.minimum, spec.maximum + 1))
    else:
        values = [v for v in (spec.minimum, default, spec.maximum) if v is not None]
    return [default, *(v for v in dict.fromkeys(values) if v != default)]


def _accepted(game: Game, players: int, options: Mapping[str, Any]) -> bool:
    try:
        game.resolve_options(players, options)
    except BadOption:
        return False
    return True


def sample_setups(game: Game, players: Sequence[int] | None = None) -> list[Setup]:
    """Every player count with the default options, then each option value on its own.

    Each option value is played at one player count, taken in turn from the counts it applies to,
    so the variants spread over the counts instead of all landing on the smallest.
    """
    counts = list(players) if players is not None else list(range(game.min_players, game.max_players + 1))
    setups = [Setup(n, {}, SAMPLE_SEEDS) for n in counts]
    turn = 0
    seed = SAMPLE_SEEDS[-1] + 1
    for spec in game.option_specs:
        wanted = {v: None for n in counts for v in option_values(spec, n)[1:]}
        for value in wanted:
            for attempt in range(len(counts)):
                n = counts[(turn + attempt) % len(counts)]
                if value != spec.default_value(n) and _accepted(game, n, {spec.name: value}):
                    setups.append(Setup(n, {spec.name: value}, (seed,)))
                    turn += attempt + 1
                    seed += 1
                    break
    return setups


def thorough_setups(game: Game, players: Sequence[int] | None = None) -> list[Setup]:
    """Every player count with every combination of option values the game accepts."""
    counts = list(players) if players is not None else list(range(game.min_players, game.max_players + 1))
    setups: list[Setup] = []
    for n in counts:
        specs = game.option_specs
        for values in itertools.product(*(option_values(spec, n) for spec in specs)):
            options = {
                spec.name: value
                for spec, value in zip(specs, values, strict=True)
                if value != spec.default_value(n)
            }
            if _accepted(game, n, options):
                setups.append(Setup(n, options, THOROUGH_SEEDS))
    return setups


@dataclass
class RunReport:
    """What a whole run covered, setup by setup; `failure` is the first broken check, if any."""

    game: str
    thorough: bool
    setups: list[Setup] = field(default_factory=list)
    checked: Report | None = None
    failure: ConformanceFailure | None = None
    failed_setup: Setup | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def run_checks(
    game: Game,
    *,
    thorough: bool = False,
    players: Sequence[int] | None = None,
    progress: Callable[[Setup, Report], None] | None = None,
) -> RunReport:
    """Check `game` on the sample (or every combination); stop at the first failure.

    `progress` is called after each setup that held, with the report so far (counts add up).
    """
    setups = (thorough_setups if thorough else sample_setups)(game, players)
    hidden_every = THOROUGH_HIDDEN_EVERY if thorough else SAMPLE_HIDDEN_EVERY
    run = RunReport(game.name, thorough, setups)
    report = Report(game.name)
    run.checked = report
    for setup in setups:
        try:
            check_game(
                game, setup.players, setup.seeds, options=setup.options, hidden_every=hidden_every,
                report=report,
            )
        except ConformanceFailure as failure:
            run.failure = failure
            run.failed_setup = setup
            return run
        if progress is not None:
            progress(setup, report)
    return run


__all__ = [
    "RunReport",
    "Setup",
    "option_values",
    "run_checks",
    "sample_setups",
    "thorough_setups",
]
