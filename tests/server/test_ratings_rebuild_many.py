"""Rebuild equals incremental over hundreds of finished games, on SQLite and PostgreSQL (issue 14).

test_ratings_rebuild.py plays 40 ranked games through the server; this one rates 300 games with
random seats, places (ties included) and player counts through the store's own end-of-game step
(`Store.import_games`, one game a transaction, as tables end one by one: record_finish, the very
step a ranked table's last action takes), then spoils the projection and rebuilds it: every rating,
history row and ladder total must come back exactly."""

from __future__ import annotations

import asyncio
import random

from rankedtools import execute
from sqlalchemy.engine import make_url
from test_ratings_rebuild import projection

from isla.server.store import Store
from isla.server.store.rated import ImportedGame, SeatResult

GAMES = 300
BOTS = [f"bot:kind{n}:0@1" for n in range(9)]


def random_game(rng: random.Random, number: int) -> ImportedGame:
    game = rng.choice(("puertorico", "vanuatu"))
    players = rng.randint(2, 5)
    scores = [rng.randint(10, 14) for _ in range(players)]  # a narrow range: many ties
    places = [1 + sum(other > mine for other in scores) for mine in scores]
    wins = 2 if players == 5 and game == "puertorico" else 1
    seats = tuple(
        SeatResult(seat=seat, slot=seat, player=player, place=places[seat], score=scores[seat],
                   won=places[seat] <= wins, stood_in=False, bot=player.split(":", 1)[1].split("@")[0])
        for seat, player in enumerate(rng.sample(BOTS, players))
    )
    return ImportedGame(
        table_id=f"many-{number:04d}", game=game, players=players, seed=number, options={},
        engine_version="1", result={"scores": scores, "ranks": places}, places_that_win=wins, seats=seats,
    )


async def rate_one_by_one(url: str, games: list[ImportedGame]) -> None:
    store = await Store.open(make_url(url))
    try:
        for game in games:
            assert await store.import_games([game]) == 1
    finally:
        await store.close()


async def rebuild(url: str) -> int:
    store = await Store.open(make_url(url))
    try:
        return await store.rebuild_ratings()
    finally:
        await store.close()


def test_rebuild_equals_the_incremental_ratings_over_hundreds_of_games(database_url: str) -> None:
    rng = random.Random(300)
    asyncio.run(rate_one_by_one(database_url, [random_game(rng, n) for n in range(GAMES)]))
    stored = projection(database_url)
    assert len(stored["history"]) > 2 * GAMES
    assert max(row[5] for row in stored["ratings"]) > 50  # players carried ratings through many games
    execute(database_url, "UPDATE ratings SET rating = 1500, games = 0, wins = 0",
            "DELETE FROM ladder_points", "DELETE FROM rating_history")
    assert projection(database_url) != stored
    assert asyncio.run(rebuild(database_url)) == GAMES
    assert projection(database_url) == stored
