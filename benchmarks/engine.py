"""Engine speed: random games per second and the cost of apply, clone and legal_actions.

Run: `python benchmarks/engine.py [--game puertorico|vanuatu] [--players 4] [--games 400] [--seed 1]`.
It prints its figures; nothing here is a test (ARCHITECTURE.md: speed is measured, never asserted).
One process, one core. Everything goes through the protocol, except the cost of generating Puerto
Rico's legal actions from scratch (its states cache them), which only that game reports.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time

import isla
from isla.core import State


def random_games(name: str, players: int, games: int, seed: int) -> tuple[float, float]:
    """Play `games` random games on the unchecked path; return (games per second, steps per game)."""
    game = isla.game(name)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new_state(players, seed=seed * 100_003 + i)
        while state.to_move is not None:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def sample_positions(name: str, players: int, count: int, seed: int) -> list[tuple[State, isla.Action]]:
    """Positions met in random play, each with the random action taken there."""
    game = isla.game(name)
    rng = random.Random(seed)
    out: list[tuple[State, isla.Action]] = []
    i = 0
    while len(out) < count:
        state = game.new_state(players, seed=i)
        i += 1
        while state.to_move is not None and len(out) < count:
            action = rng.choice(state.legal_actions())
            out.append((state.clone(), action))
            state.apply_unchecked(action)
    return out


def _settled() -> None:
    """Collect and freeze what exists, so a timing loop does not pay for scanning earlier garbage."""
    gc.collect()
    gc.freeze()


def per_call_us(name: str, players: int, seed: int, count: int = 20_000) -> dict[str, float]:
    positions = sample_positions(name, players, count, seed)
    copies = [s.clone() for s, _ in positions]
    _settled()
    start = time.perf_counter()
    for state, (_, action) in zip(copies, positions, strict=True):
        state.apply_unchecked(action)
    apply_us = (time.perf_counter() - start) / count * 1e6

    copies = [s.clone() for s, _ in positions]
    _settled()
    start = time.perf_counter()
    for state, (_, action) in zip(copies, positions, strict=True):
        state.apply(action.text)
    checked_us = (time.perf_counter() - start) / count * 1e6

    _settled()
    start = time.perf_counter()
    for state, _ in positions:
        state.clone()
    clone_us = (time.perf_counter() - start) / count * 1e6

    start = time.perf_counter()
    for state, _ in positions:
        state.legal_actions()
    legal_us = (time.perf_counter() - start) / count * 1e6
    figures = {
        "apply_unchecked_us": apply_us,
        "apply_checked_text_us": checked_us,
        "clone_us": clone_us,
        "legal_actions_us": legal_us,
    }
    if name == "puertorico":
        from isla.games.puertorico import rules
        from isla.games.puertorico.game import PuertoRicoState

        cores = [state.core for state, _ in positions if isinstance(state, PuertoRicoState)]
        start = time.perf_counter()
        for core in cores:
            rules.legal(core)
        figures["legal_generation_us"] = (time.perf_counter() - start) / count * 1e6
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puertorico", choices=isla.game_names())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rate, steps = random_games(args.game, args.players, args.games, args.seed)
    version = ".".join(str(part) for part in sys.version_info[:3])
    print(f"{args.game}, {args.players} players, one core, python {version}")
    print(f"random games per second : {rate:8.1f}  ({args.games} games)")
    print(f"steps (decisions) / game: {steps:8.1f}")
    for name, value in per_call_us(args.game, args.players, args.seed).items():
        print(f"{name:24s}: {value:8.2f} us")
    try:
        from isla.sim import format_stats, run_random_games
    except ImportError:  # the statistics module arrives with the CLI
        return
    stats = run_random_games(args.game, args.players, args.games, args.seed, {})
    print()
    print(format_stats(stats))


if __name__ == "__main__":
    main()
