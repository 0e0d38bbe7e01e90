"""A rebuild from scratch gives exactly the ratings and ladder totals that the game-by-game updates
gave: both go through `rate_game`, and floats survive being stored (here: as JSON text)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isla.core.protocol import Result, shared_ranks
from isla.ratings import (
    EloSettings,
    FinishedGame,
    PlayerState,
    Seasons,
    Settings,
    leaders,
    rate_game,
    replay,
    totals,
)

NAMES = ["ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy", "jon"]
PLAYERS = [f"account:{name}" for name in NAMES] + ["bot:heuristic@pr-1", "bot:mcts-round:600@pr-1"]
START = datetime(2026, 1, 1, tzinfo=UTC)
WEEKLY = Settings(seasons=Seasons(days=7))


def random_games(rng: random.Random, count: int) -> list[FinishedGame]:
    """`count` finished games in the order they ended: 2-5 players, ties, now and then a flood, and
    now and then a bot at two seats (its pairs against itself are skipped)."""
    games, when = [], START
    for _ in range(count):
        n = rng.randint(2, 5)
        players = rng.sample(PLAYERS, n)
        if rng.random() < 0.1:
            players[rng.randrange(n)] = rng.choice(PLAYERS[-2:])  # a bot seated twice, as like as not
        if rng.random() < 0.05:
            result = Result(True, [0] * n, [0] * n, [1] * n, nobody_wins=True)
        else:
            keys = [(rng.randint(30, 40), rng.randint(0, 2)) for _ in range(n)]
            result = Result(True, [k[0] for k in keys], [k[1] for k in keys], shared_ranks(keys))
        when += timedelta(minutes=rng.randint(1, 3000))
        games.append(FinishedGame.of_result(rng.choice(["puertorico", "vanuatu"]), players, result, when,
                                            places_that_win=2 if n == 5 and rng.random() < 0.5 else 1))
    return games


class Store:
    """What the server keeps: each player's standing as stored text, points per season, one game at a time."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rows: dict[tuple[str, str], str] = {}
        self.points: dict[tuple[str, int, str], int] = {}

    def load(self, game: str, player: str) -> PlayerState:
        row = self.rows.get((game, player))
        return self.settings.fresh() if row is None else PlayerState(**json.loads(row))

    def game_ended(self, game: FinishedGame) -> None:
        outcome = rate_game(game, [self.load(game.game, p) for p in game.players], self.settings)
        for seat in outcome.players():
            after = seat.after
            self.rows[game.game, seat.player] = json.dumps(
                {"rating": after.rating, "games": after.games, "wins": after.wins})
            key = (game.game, outcome.season, seat.player)
            self.points[key] = self.points.get(key, 0) + seat.points


def assert_same(store: Store, games: list[FinishedGame], settings: Settings) -> None:
    rebuilt = replay(games, settings)
    assert {key: PlayerState(**json.loads(row)) for key, row in store.rows.items()} == rebuilt.players
    assert store.points == rebuilt.points


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rebuild_equals_incremental_over_hundreds_of_random_finished_games(seed: int) -> None:
    games = random_games(random.Random(seed), 400)
    store = Store(WEEKLY)
    for game in games:
        store.game_ended(game)
    assert_same(store, games, WEEKLY)
    assert len({outcome_season for (_, outcome_season, _) in store.points}) > 10  # many weekly seasons


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 80), st.integers(0, 80), st.integers(0, 30), st.integers(1, 40))
def test_rebuild_equals_incremental_whatever_the_games_and_settings(
    seed: int, count: int, cut: int, days: int, provisional: int
) -> None:
    chosen = Settings(EloSettings(provisional_games=provisional), seasons=Seasons(days=days))
    games = random_games(random.Random(seed), count)
    store = Store(chosen)
    for game in games[:cut]:  # the games before a restart, then the rest
        store.game_ended(game)
    assert_same(store, games[:cut], chosen)
    for game in games[cut:]:
        store.game_ended(game)
    assert_same(store, games, chosen)


def test_replay_counts_games_wins_and_points_per_game_and_season() -> None:
    ended = START + timedelta(days=3)
    win = Result(True, [50, 40, 30, 20, 10], [0] * 5, [1, 2, 3, 4, 5])
    five = ["account:ann", "account:bob", "account:cyd", "account:dee", "account:eve"]
    ladder = replay([
        FinishedGame.of_result("puertorico", five, win, ended, places_that_win=2),
        FinishedGame.of_result("vanuatu", five, win, ended + timedelta(days=7)),
    ], WEEKLY)
    assert ladder.standing("puertorico", "account:bob").wins == 1
    assert ladder.standing("vanuatu", "account:bob").wins == 0
    assert totals(ladder.points, "puertorico", 1) == {"account:ann": 3, "account:bob": 2, "account:cyd": 0,
                                                       "account:dee": 0, "account:eve": 0}
    assert totals(ladder.points, "vanuatu", 2)["account:ann"] == 5
    assert [player for player, _ in leaders(ladder, "vanuatu")] == five
    assert ladder.standing("vanuatu", "account:nobody") == PlayerState(1500.0, 0, 0)
