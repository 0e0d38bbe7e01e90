"""Random-play statistics: play many games with uniformly random legal actions and summarise them.

`isla sim` prints these figures and `benchmarks/engine.py` reuses them, so both report the same
numbers for the same seed. Everything goes through the `isla.core` protocol, so any registered game
works. The run is reproducible: one `random.Random(seed)` draws each game's `new_state` seed and
every random choice, in a fixed order.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from isla.core import game as find_game


@dataclass
class SimStats:
    """Totals over a batch of random games; the means are derived so the totals stay exact."""

    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    total_rounds: int = 0
    games_with_rounds: int = 0
    total_steps: int = 0
    total_score: int = 0
    total_winner_score: int = 0
    # Games in which each trigger fired; several may fire in one game, so these may sum past `games`.
    end_triggers: dict[str, int] = field(default_factory=dict)
    # Games in which each seat finished first; a shared first place counts for every tied seat.
    wins: list[int] = field(default_factory=list)
    seat_scores: list[int] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def mean_rounds(self) -> float | None:
        """Mean rounds per game, or None for a game whose state has no round counter."""
        return self.total_rounds / self.games_with_rounds if self.games_with_rounds else None

    @property
    def mean_steps(self) -> float:
        return self.total_steps / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.total_score / (self.games * self.players) if self.games else 0.0

    @property
    def mean_winner_score(self) -> float:
        return self.total_winner_score / self.games if self.games else 0.0

    @property
    def win_rates(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    @property
    def seat_mean_scores(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.seat_scores]

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "mean_rounds": self.mean_rounds,
            "mean_steps": self.mean_steps,
            "mean_score": self.mean_score,
            "mean_winner_score": self.mean_winner_score,
            "end_triggers": dict(self.end_triggers),
            "win_rates": self.win_rates,
            "wins": list(self.wins),
            "shared_wins_count_for_each_tied_seat": True,
            "seat_mean_scores": self.seat_mean_scores,
            "total_steps": self.total_steps,
            "elapsed_seconds": self.elapsed,
            "games_per_second": self.games_per_second,
        }


def run_random_games(
    game_name: str,
    players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> SimStats:
    """Play `games` random games and return their statistics (IslaError on a bad game or option)."""
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    game_obj = find_game(game_name)
    opts = dict(options or {})
    # Validate once up front so a bad option fails before any game is played, even for games=0.
    game_obj.resolve_options(players, opts)
    stats = SimStats(
        game=game_obj.name,
        players=players,
        games=games,
        seed=seed,
        options=opts,
        # Every trigger the game declares is listed, even one that never fired, so a report always
        # shows each of them (a trigger absent from the table would read as "not measured").
        end_triggers=dict.fromkeys(game_obj.info.end_triggers, 0),
        wins=[0] * players,
        seat_scores=[0] * players,
    )
    rng = random.Random(seed)
    choose = rng.choice
    started = time.perf_counter()
    for _ in range(games):
        state = game_obj.new_state(players, rng.getrandbits(63), opts)
        steps = 0
        # The unchecked path: every action comes from legal_actions(), so checking it again would
        # only measure the checker.
        apply = state.apply_unchecked
        legal = state.legal_actions
        while state.to_move is not None:
            apply(choose(legal()))
            steps += 1
        result = state.result()
        stats.total_steps += steps
        stats.total_score += sum(result.scores)
        stats.total_winner_score += max(result.scores)
        for seat, (rank, score) in enumerate(zip(result.ranks, result.scores, strict=True)):
            stats.seat_scores[seat] += score
            if rank == 1 and not result.nobody_wins:
                stats.wins[seat] += 1
        for trigger in result.end_triggers:
            stats.end_triggers[trigger] = stats.end_triggers.get(trigger, 0) + 1
        rounds = state.to_json().get("round")
        if isinstance(rounds, int) and not isinstance(rounds, bool):
            stats.total_rounds += rounds
            stats.games_with_rounds += 1
    stats.elapsed = time.perf_counter() - started
    return stats


def format_stats(stats: SimStats) -> str:
    """The human-readable report printed by `isla sim`."""
    lines = [
        f"{stats.game}: {stats.games} random games, {stats.players} players, seed {stats.seed}"
        + (f", options {_options_text(stats.options)}" if stats.options else ""),
    ]
    if stats.mean_rounds is not None:
        lines.append(f"  mean rounds per game      {stats.mean_rounds:.2f}")
    lines += [
        f"  mean steps per game       {stats.mean_steps:.1f}  (player decisions; forced steps not counted)",
        f"  mean score                {stats.mean_score:.2f}",
        f"  mean winner score         {stats.mean_winner_score:.2f}",
        "  end triggers (games in which each fired; several can fire in one game):",
    ]
    for name, count in stats.end_triggers.items():
        share = count / stats.games if stats.games else 0.0
        lines.append(f"    {name:<12} {count:>8}  {share:7.1%}")
    lines.append("  seat win rates (a shared first place counts as a win for each tied seat):")
    for seat, (wins, rate, mean) in enumerate(
        zip(stats.wins, stats.win_rates, stats.seat_mean_scores, strict=True)
    ):
        lines.append(f"    seat {seat}   {wins:>8}  {rate:7.1%}   mean score {mean:.2f}")
    lines.append(
        f"  elapsed {stats.elapsed:.3f} s, {stats.games_per_second:.1f} games/s"
    )
    return "\n".join(lines)


def _options_text(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
