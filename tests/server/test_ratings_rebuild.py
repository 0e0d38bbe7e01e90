"""`isla ratings rebuild` recomputes the very numbers the server stored as each ranked game ended."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rankedtools import execute, rows
from servertools import Running, bot, create, get, wait_for

from isla.cli import main
from isla.server import ServerConfig

# Cheap bots, so that many games finish quickly; a ranked table seats each once.
CHEAP = ("random", "rush", "heuristic")
GAMES = 40

PROJECTION = {
    "ratings": "SELECT game, player, user_id, bot, rating, games, wins, last_played FROM ratings",
    "history": "SELECT table_id, player, game, rating_before, rating_after, games, season, points, at "
               "FROM rating_history",
    "points": "SELECT game, season, player, points FROM ladder_points",
}


def projection(url: str) -> dict[str, list[tuple[Any, ...]]]:
    return {name: sorted(rows(url, query), key=repr) for name, query in PROJECTION.items()}


def test_rebuild_gives_the_ratings_stored_as_each_game_ended(
    config: ServerConfig, servers: Callable[..., Running]
) -> None:
    url = config.database_url
    assert url is not None
    server = servers(config, max_bot_tables_per_client=GAMES, max_tables_per_client=GAMES)
    rng = random.Random(14)
    with server.client() as client:
        ids = []
        for _ in range(GAMES):
            game = rng.choice(("puertorico", "vanuatu"))
            seats = [bot(spec) for spec in rng.sample(CHEAP, rng.choice((2, 3)))]
            ids.append(create(client, seats, game=game, ranked=True)["table"]["id"])
        for table_id in ids:
            wait_for(f"table {table_id} to finish", lambda t=table_id: get(client, t)["status"] == "finished")
    stored = projection(url)
    assert len(rows(url, "SELECT table_id FROM rated_games")) == GAMES
    assert {row[3] for row in stored["ratings"]} == {"random:0", "rush:0", "heuristic:0"}
    assert len(stored["ratings"]) >= 6 and len(stored["history"]) >= 2 * GAMES
    assert max(row[5] for row in stored["ratings"]) > 1  # players carried ratings from game to game

    # Spoil the projection, then rebuild it from the stored results.
    execute(url, "UPDATE ratings SET rating = 0, games = 0, wins = 0", "DELETE FROM ladder_points",
            "DELETE FROM rating_history WHERE games > 1")
    assert projection(url) != stored
    assert main(["ratings", "rebuild", "--database-url", url]) == 0
    assert projection(url) == stored


def test_rebuild_without_a_database_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", "rebuild", "--data-dir", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("isla: there is no Isla database in") and err.count("\n") == 1


def test_rebuild_of_a_database_without_rated_games_rates_nothing(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", "rebuild", "--database-url", database_url]) == 0
    assert capsys.readouterr().out == "rebuilt the ratings from 0 rated games\n"
