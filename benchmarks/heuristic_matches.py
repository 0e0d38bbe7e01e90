"""Seat-rotated matches between rule-based bots, in one process: a stopgap until `isla tournament`.

Run: `python benchmarks/heuristic_matches.py --bots heuristic,random,random,random --games 200 --seed 1`.
Game i seats the line-up rotated by i, so every bot plays every seat equally often. It prints each
bot's win rate (ties share the win) with a 95% Wilson interval against par, mean score, mean rounds,
mean winning score, end triggers and per-seat win rates; plus the time per `choose` and `evaluate`
call of the heuristic. Nothing here is a test: speed and strength are measured, never asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter, defaultdict

import isla
from isla.bots import bot_move, make_bot
from isla.games.puertorico import heuristic
from isla.games.puertorico.game import PuertoRicoState

SPLIT = ("shipping", "buildings", "bonus")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def play(lineup: list[str], seed: int, options: dict[str, object]) -> tuple[PuertoRicoState, int]:
    """One game; `lineup[s]` plays seat s. Returns the final state and the number of decisions."""
    players = len(lineup)
    state = isla.game("puertorico").new_state(players, seed=seed, options=options)
    assert isinstance(state, PuertoRicoState)
    bots = [make_bot(spec, seat, seed) for seat, spec in enumerate(lineup)]
    decisions = 0
    while state.to_move is not None:
        seat = state.to_move
        state.apply_unchecked(bot_move(bots[seat], state, lineup[seat]))
        decisions += 1
    return state, decisions


def timing(players: int, seed: int, positions: int = 3000) -> tuple[float, float, float]:
    """Microseconds per heuristic `choose`, per role choice, and per `evaluate`, on self-play positions."""
    game = isla.game("puertorico")
    rng = random.Random(seed)
    states: list[PuertoRicoState] = []
    i = 0
    while len(states) < positions:
        state = game.new_state(players, seed=seed * 7919 + i)
        assert isinstance(state, PuertoRicoState)
        i += 1
        while state.to_move is not None and len(states) < positions:
            states.append(state.clone())
            state.apply_unchecked(heuristic.choose(state, rng))
    start = time.perf_counter()
    for state in states:
        heuristic.choose(state, rng)
    choose_us = (time.perf_counter() - start) / len(states) * 1e6
    roles = [s for s in states if s.core.phase == 0]
    start = time.perf_counter()
    for state in roles:
        heuristic.choose(state, rng)
    role_us = (time.perf_counter() - start) / max(1, len(roles)) * 1e6
    start = time.perf_counter()
    for state in states:
        heuristic.evaluate(state)
    evaluate_us = (time.perf_counter() - start) / len(states) * 1e6
    return choose_us, role_us, evaluate_us


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="heuristic,random,random,random",
                        help="comma-separated line-up, one bot per seat (heuristic, rush, random)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--balanced", action="store_true")
    parser.add_argument("--forced-placement", action="store_true")
    parser.add_argument("--timing", action="store_true", help="also time choose and evaluate")
    args = parser.parse_args(argv)
    lineup = [b.strip() for b in args.bots.split(",")]
    players = len(lineup)
    options: dict[str, object] = {"balanced": args.balanced, "forced_placement": args.forced_placement}

    wins: dict[str, float] = defaultdict(float)
    seats_played: Counter[str] = Counter()
    score_sum: dict[str, float] = defaultdict(float)
    split_sum: dict[str, Counter[str]] = defaultdict(Counter)
    seat_wins = [0.0] * players
    triggers: Counter[str] = Counter()
    rounds = 0
    winner_scores = 0.0
    decisions = 0
    start = time.perf_counter()
    for i in range(args.games):
        rot = i % players
        seated = [lineup[(s + rot) % players] for s in range(players)]
        state, count = play(seated, args.seed * 1_000_003 + i, options)
        decisions += count
        result = state.result()
        winners = [s for s in range(players) if result.ranks[s] == 1]
        for s in range(players):
            seats_played[seated[s]] += 1
            score_sum[seated[s]] += result.scores[s]
            for k in SPLIT:
                split_sum[seated[s]][k] += result.breakdown[s][k]
        for s in winners:
            wins[seated[s]] += 1 / len(winners)
            seat_wins[s] += 1 / len(winners)
        rounds += state.core.round
        winner_scores += max(result.scores)
        for name in result.end_triggers:
            triggers[name] += 1
        if (i + 1) % max(1, args.games // 10) == 0:
            print(f"  {i + 1}/{args.games} games", file=sys.stderr)
    elapsed = time.perf_counter() - start
    games = args.games
    par = 1 / players
    print(f"{games} games, {players} players, line-up {','.join(lineup)}, seed {args.seed}, "
          f"options {options}")
    print(f"{'bot':<12}{'seats':>7}{'win %':>8}{'95% Wilson':>18}{'par':>7}{'mean VP':>9}"
          "   shipping / buildings / bonus")
    for name in dict.fromkeys(lineup):
        played = seats_played[name]
        low, high = wilson(wins[name], played)
        interval = f"[{100 * low:.1f}, {100 * high:.1f}]"
        split = " / ".join(f"{split_sum[name][k] / played:.1f}" for k in SPLIT)
        print(f"{name:<12}{played:>7}{100 * wins[name] / played:>8.1f}{interval:>18}{100 * par:>7.1f}"
              f"{score_sum[name] / played:>9.1f}   {split}")
    print(f"mean rounds {rounds / games:.2f}; mean winning score {winner_scores / games:.1f}; "
          f"decisions/game {decisions / games:.0f}; {games / elapsed:.1f} games/s")
    ends = ", ".join(f"{k} {v} ({100 * v / games:.0f}%)" for k, v in triggers.most_common())
    print(f"end triggers (several can fire in the last round): {ends}")
    print("seat win %: " + " / ".join(f"{100 * w / games:.1f}" for w in seat_wins))
    if args.timing:
        choose_us, role_us, evaluate_us = timing(players, args.seed)
        print(f"heuristic.choose {choose_us:.0f} us/call (role choice {role_us:.0f} us); "
              f"evaluate {evaluate_us:.0f} us/call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
