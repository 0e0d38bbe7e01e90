"""Bot speed: decisions per second of each bot level, on one core, in real games.

Run: `python benchmarks/bot_speed.py [--game puertorico] [--bots random,easy,heuristic,medium,hard]
[--games 2] [--players 4] [--seed 1]`. Each bot plays `--games` whole games against heuristics (its
seat moves round the table), and every one of its decisions is timed around `bot_move`, as the arena
does. A decision's cost depends on the position (a role choice gets the whole MCTS budget, a colonist
placed a fifth), so the figures are over whole games, not one position. It prints its figures;
nothing here is a test. Run it on a quiet machine: the levels' budgets are tuned by these numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import isla
from isla.bots import bot_move, make_bot


def decision_times(game_name: str, spec: str, players: int, games: int, seed: int) -> list[float]:
    """Seconds per decision of `spec` over `games` games against heuristics."""
    game = isla.game(game_name)
    times: list[float] = []
    for i in range(games):
        seat = i % players
        state = game.new_state(players, seed=seed * 1_000 + i)
        specs = [spec if s == seat else "heuristic" for s in range(players)]
        bots = [make_bot(name, s, seed + i, game=game_name) for s, name in enumerate(specs)]
        while state.to_move is not None:
            mover = state.to_move
            start = time.perf_counter()
            action = bot_move(bots[mover], state)
            if mover == seat:
                times.append(time.perf_counter() - start)
            state.apply(action)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puertorico")
    parser.add_argument("--bots", default="random,easy,heuristic,medium,hard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.game}, {args.players} players, {args.games} games per bot against heuristics, one core")
    columns = ("decisions", "per s", "mean ms", "median ms", "p90 ms", "max ms")
    print(f"{'bot':<16}" + "".join(f"{c:>11}" for c in columns))
    for spec in args.bots.split(","):
        times = decision_times(args.game, spec, args.players, args.games, args.seed)
        mean = statistics.fmean(times)
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        figures = (1 / mean, 1000 * mean, 1000 * statistics.median(times), 1000 * p90, 1000 * max(times))
        print(f"{spec:<16}{len(times):>11}" + "".join(f"{f:>11.2f}" for f in figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
