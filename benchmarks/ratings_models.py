"""How well each rating model predicts who wins: Isla's pairwise Elo against OpenSkill's Bradley-Terry.

Run: `python benchmarks/ratings_models.py --game puertorico --games 600 --seed 1 --save FILE`
(`--load FILE` evaluates saved games again without playing them). Needs `pip install openskill`.

The players are bots of known strength, each spec twice under two names (`heuristic#1`,
`heuristic#2`: same strength, rated apart), so the models must find both the order of the specs
and that twins are equal. Each game seats 2 to 5 of them, drawn at random, and is played to the end
by the arena's `play_game` (deterministic: same seed, same games). The games are then put in a
random order (the bots do not learn, so any order is as likely) and split: the models are fitted
on the first 70% and predict the other 30% ("held out": ratings frozen) and, separately, predict
every held-out game before learning from it ("online", as a player sees the number before a game).
That is repeated over `--orders` random orders and the figures averaged.

A prediction is each seat's chance of first place: for the Elo, 10^(R/400) shared out over the
seats (the multiplayer form of the Elo's expected score, equal to it for two players); for
OpenSkill, its `predict_win`. The figures: log-loss of the first place (mean -ln of the chance
given to the seats that placed first; lower is better, uniform guessing gives the mean ln n),
accuracy (the favourite placed first; a tie among favourites counts a share), and the pairwise order
(of two seats with different places, the better-rated one placed better). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from isla.arena.match import play_game
from isla.arena.plan import make_plan
from isla.ratings import ELO, EloSettings, changes, win_chances

POOLS = {
    "puertorico": ("random", "rush", "heuristic", "mcts-model:20"),
    "vanuatu": ("random", "rush", "heuristic", "mcts:3"),
}
TWINS = 2
TRAIN = 0.7


@dataclass(frozen=True)
class Played:
    """One game: the player (bot name) at each seat and each seat's place."""

    players: tuple[str, ...]
    places: tuple[int, ...]


def lineup(game: str, seed: int, index: int) -> list[str]:
    """Game `index`'s players: 2 to 5 distinct names from the pool, at random seats."""
    rng = random.Random(f"ratings-models:{game}:{seed}:{index}")
    names = [f"{spec}#{twin}" for spec in POOLS[game] for twin in range(1, TWINS + 1)]
    return rng.sample(names, rng.randint(2, 5))


def play_one(job: tuple[str, int, int]) -> Played:
    game, seed, index = job
    players = lineup(game, seed, index)
    plan = make_plan(game, None, [name.partition("#")[0] for name in players], seed=seed * 100_003 + index,
                     games=len(players))
    result = play_game(plan, 0)
    if result["failure"]:
        raise RuntimeError(f"game {index} failed: {result['failure']}")
    return Played(tuple(players), tuple(result["ranks"]))


def play_all(game: str, games: int, seed: int, jobs: int) -> list[Played]:
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play_one, [(game, seed, i) for i in range(games)], chunksize=4))


class Model:
    """A rating model: learn from a game, and give each seat's chance of first place."""

    name = ""

    def learn(self, game: Played) -> None:
        raise NotImplementedError

    def chances(self, players: Sequence[str]) -> list[float]:
        raise NotImplementedError


class Elo(Model):
    name = "Elo (isla.ratings)"

    def __init__(self, settings: EloSettings = ELO) -> None:
        self.settings = settings
        self.ratings: dict[str, float] = {}
        self.games: dict[str, int] = {}

    def learn(self, game: Played) -> None:
        before = [self.ratings.get(p, self.settings.start) for p in game.players]
        counts = [self.games.get(p, 0) for p in game.players]
        for player, rating, delta in zip(game.players, before,
                                         changes(before, counts, game.places, self.settings), strict=True):
            self.ratings[player] = rating + delta
            self.games[player] = self.games.get(player, 0) + 1

    def chances(self, players: Sequence[str]) -> list[float]:
        return win_chances([self.ratings.get(p, self.settings.start) for p in players], self.settings.scale)


class OpenSkill(Model):
    name = "OpenSkill BradleyTerryFull"

    def __init__(self) -> None:
        try:
            from openskill.models import BradleyTerryFull
        except ImportError:
            raise SystemExit("benchmarks/ratings_models.py needs OpenSkill: pip install openskill") from None

        self.model = BradleyTerryFull()
        self.ratings: dict[str, Any] = {}

    def _rating(self, player: str) -> Any:
        if player not in self.ratings:
            self.ratings[player] = self.model.rating(name=player)
        return self.ratings[player]

    def learn(self, game: Played) -> None:
        teams = [[self._rating(p)] for p in game.players]
        rated = self.model.rate(teams, ranks=list(game.places))
        for player, (rating,) in zip(game.players, rated, strict=True):
            self.ratings[player] = rating

    def chances(self, players: Sequence[str]) -> list[float]:
        return [float(p) for p in self.model.predict_win([[self._rating(p)] for p in players])]


class Uniform(Model):
    name = "uniform (no model)"

    def learn(self, game: Played) -> None:
        pass

    def chances(self, players: Sequence[str]) -> list[float]:
        return [1 / len(players)] * len(players)


@dataclass
class Score:
    log_loss: float = 0.0
    hits: float = 0.0
    pairs_right: float = 0.0
    pairs: int = 0
    games: int = 0

    def add(self, chances: Sequence[float], places: Sequence[int]) -> None:
        firsts = [i for i, place in enumerate(places) if place == 1]
        self.log_loss -= math.log(max(sum(chances[i] for i in firsts), 1e-12))
        best = max(chances)
        favourites = [i for i, c in enumerate(chances) if c == best]
        self.hits += sum(1 for i in favourites if places[i] == 1) / len(favourites)
        for i in range(len(places)):
            for j in range(i + 1, len(places)):
                if places[i] != places[j]:
                    self.pairs += 1
                    if chances[i] == chances[j]:
                        self.pairs_right += 0.5
                    elif (chances[i] > chances[j]) == (places[i] < places[j]):
                        self.pairs_right += 1
        self.games += 1

    def figures(self) -> tuple[float, float, float]:
        return self.log_loss / self.games, self.hits / self.games, self.pairs_right / max(self.pairs, 1)


def evaluate(
    make: Callable[[], Model], games: Sequence[Played], order_seed: int, train: float
) -> tuple[Score, Score]:
    """(held out, online) scores of one model over one random order of the games.

    Fitted on the first `train` share of the games; both modes predict the last 30% (the same games
    whatever `train` is, so the figures of different `train` compare).
    """
    shuffled = list(games)
    random.Random(order_seed).shuffle(shuffled)
    test = int(len(shuffled) * (1 - TRAIN))
    cut = min(int(len(shuffled) * train), len(shuffled) - test)
    model = make()
    for game in shuffled[:cut]:
        model.learn(game)
    held, online = Score(), Score()
    for game in shuffled[-test:]:
        held.add(model.chances(game.players), game.places)
    for game in shuffled[-test:]:
        online.add(model.chances(game.players), game.places)
        model.learn(game)
    return held, online


def final_ratings(make: Callable[[], Model], games: Sequence[Played]) -> dict[str, float]:
    """Each player's chance of first place against all the others at once after every game, as a check."""
    model = make()
    for game in games:
        model.learn(game)
    players = sorted({p for g in games for p in g.players})
    return dict(zip(players, model.chances(players), strict=True))


def _mean_sd(values: Sequence[float], signed: bool = False) -> str:
    sign = "+" if signed else ""
    return f"{statistics.fmean(values):{sign}.4f} ({statistics.stdev(values):.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puertorico", choices=sorted(POOLS))
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--orders", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--train", type=lambda text: [float(x) for x in text.split(",")],
                        default=[0.05, 0.2, 0.7], help="shares of the games to fit on, comma-separated")
    parser.add_argument("--save", type=Path, help="write the played games here (JSON lines)")
    parser.add_argument("--load", type=Path, help="evaluate these saved games instead of playing")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.load:
        games = [Played(tuple(d["players"]), tuple(d["places"]))
                 for d in map(json.loads, args.load.read_text().splitlines())]
    else:
        games = play_all(args.game, args.games, args.seed, args.jobs)
    if args.save:
        lines = [json.dumps({"players": g.players, "places": g.places}) + "\n" for g in games]
        args.save.write_text("".join(lines))
    played = time.perf_counter() - started
    sizes = statistics.fmean(len(g.players) for g in games)
    players = len({p for g in games for p in g.players})
    source = f"loaded from {args.load}" if args.load else f"played in {played:.0f} s"
    print(f"{args.game}: {len(games)} games of 2-5 seats (mean {sizes:.2f}), seed {args.seed}, "
          f"players {', '.join(POOLS[args.game])} (twice each); {source}")
    print(f"{args.orders} random orders of the games; each model fitted on the first share of the games "
          f"(train) and scored on the last {1 - TRAIN:.0%}, frozen (held out) or learning as it goes "
          "(online); mean (sd over orders)")
    makers: list[Callable[[], Model]] = [Uniform, Elo, OpenSkill]
    for train in args.train:
        per_player = sizes * len(games) * train / players
        print(f"train {train:.0%} ({int(len(games) * train)} games, {per_player:.0f} per player)")
        print(f"  {'model':<28}{'mode':<10}{'log-loss':>16}{'accuracy':>16}{'pair order':>16}")
        scores = {make.name: [evaluate(make, games, args.seed * 1000 + k, train) for k in range(args.orders)]
                  for make in makers}
        for make in makers:
            for mode, index in (("held out", 0), ("online", 1)):
                figures = [run[index].figures() for run in scores[make.name]]
                print(f"  {make.name:<28}{mode:<10}" + "".join(
                    f"{_mean_sd([f[c] for f in figures]):>16}" for c in range(3)))
        for mode, index in (("held out", 0), ("online", 1)):
            gaps = [e[index].figures()[0] - o[index].figures()[0]
                    for e, o in zip(scores[Elo.name], scores[OpenSkill.name], strict=True)]
            better = sum(1 for gap in gaps if gap < 0)
            print(f"  Elo - OpenSkill log-loss, {mode}: {_mean_sd(gaps, signed=True)}, "
                  f"Elo lower in {better} of {len(gaps)} orders")
    for make in (Elo, OpenSkill):
        chances = final_ratings(make, games)
        ranked = sorted(chances, key=lambda p: -chances[p])
        print(f"{make.name} after all games, each player's chance of first place at one table of all:")
        print("  " + ", ".join(f"{p} {chances[p]:.3f}" for p in ranked))
    print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
