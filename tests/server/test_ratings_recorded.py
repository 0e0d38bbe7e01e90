"""A finished game's seats and (at a ranked table) its ratings are written with its final action."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

import httpx2
from rankedtools import account, finished, play_out, rows
from servertools import OPEN, Running, bot, create, get, wait_for

from isla.ratings import SETTINGS, FinishedGame, Standing, rate_game
from isla.server import ServerConfig

ME = {"kind": "me"}


def user_id(client: httpx2.Client) -> str:
    found: str = client.get("/api/auth/me").json()["user"]["id"]
    return found


def play_between(players: list[httpx2.Client], table_id: str) -> httpx2.Response:
    """Both people play random legal moves; the answer to the move that ended the game."""
    rng = random.Random(3)
    ended: list[httpx2.Response] = []

    def step() -> bool:
        for client in players:
            table = get(client, table_id)
            if table["legal"]:
                answer = client.post(f"/api/tables/{table_id}/actions",
                                     json={"seq": table["seq"], "actions": [rng.choice(table["legal"])]})
                assert answer.status_code == 200, answer.text
                if answer.json()["status"] == "finished":
                    ended.append(answer)
                    return True
        return False

    wait_for(f"the game at table {table_id} to end", step, interval=0.0)
    return ended[0]


def test_the_ratings_of_a_ranked_game_are_stored_by_the_time_its_final_move_is_answered(
    server: Running,
) -> None:
    url = server.config.database_url
    assert url is not None
    with account(server, "Ann") as ann, account(server, "Bob") as bob:
        table = create(ann, [ME, OPEN], game="puertorico", ranked=True, seating="fixed")["table"]
        assert bob.post(f"/api/tables/{table['id']}/join", json={}).status_code == 200
        play_between([ann, bob], table["id"])
        rated = rows(url, "SELECT player, games FROM ratings ORDER BY player")
        players = sorted([f"account:{user_id(ann)}", f"account:{user_id(bob)}"])
        assert rated == [(players[0], 1), (players[1], 1)]


def test_each_seat_of_a_finished_ranked_game_is_stored_and_rated_with_the_step(server: Running) -> None:
    url = server.config.database_url
    assert url is not None
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("easy")], game="puertorico", ranked=True, seating="fixed")["table"]
        play_out(ann, table["id"])
        done = finished(ann, table["id"])
        me = f"account:{user_id(ann)}"
    scores, ranks = done["result"]["scores"], done["result"]["ranks"]
    seats = rows(url, "SELECT seat, slot, player, user_id, bot, place, score, won, stood_in "
                 "FROM seat_results WHERE table_id = :t ORDER BY seat", t=table["id"])
    bot_player = f"bot:rush:0@{done['engine_version']}"
    assert [s[:5] for s in seats] == [(0, 0, me, me.split(":")[1], None), (1, 1, bot_player, None, "rush:0")]
    assert [s[5] for s in seats] == ranks and [s[6] for s in seats] == scores
    assert [bool(s[7]) for s in seats] == [rank == 1 for rank in ranks]
    assert [bool(s[8]) for s in seats] == [False, False]
    # The stored ratings are the step's from fresh players (1500, no games), to the last bit.
    game = FinishedGame("puertorico", (me, bot_player),
                        tuple(Standing(s[5], bool(s[7])) for s in seats), datetime(2026, 1, 1))
    outcome = rate_game(game, [SETTINGS.fresh(), SETTINGS.fresh()])
    rated = dict(rows(url, "SELECT player, rating FROM ratings"))
    assert rated == {seat.player: seat.after.rating for seat in outcome.seats}
    history = rows(url, "SELECT player, rating_before, rating_after, games, points FROM rating_history "
                   "WHERE table_id = :t ORDER BY player", t=table["id"])
    assert sorted(history) == sorted(
        (seat.player, 1500.0, seat.after.rating, 1, seat.points) for seat in outcome.seats
    )
    points = dict(rows(url, "SELECT player, points FROM ladder_points WHERE season = 1"))
    assert points == {seat.player: seat.points for seat in outcome.seats}
    assert rows(url, "SELECT number, places_that_win FROM rated_games WHERE table_id = :t",
                t=table["id"]) == [(1, 1)]


def test_an_unranked_game_keeps_its_seats_results_and_rates_nobody(server: Running) -> None:
    url = server.config.database_url
    assert url is not None
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("easy")], game="puertorico", seating="fixed")["table"]
        play_out(ann, table["id"])
        finished(ann, table["id"])
    assert len(rows(url, "SELECT seat FROM seat_results WHERE table_id = :t", t=table["id"])) == 2
    assert rows(url, "SELECT * FROM ratings") == []
    assert rows(url, "SELECT * FROM rated_games") == []


def test_an_abandoned_ranked_table_is_not_rated(server: Running) -> None:
    url = server.config.database_url
    assert url is not None
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("easy")], game="puertorico", ranked=True, seating="fixed")["table"]
        assert ann.post(f"/api/tables/{table['id']}/abandon").status_code == 200
    assert rows(url, "SELECT * FROM seat_results") == []
    assert rows(url, "SELECT * FROM ratings") == []


def test_a_seat_a_stand_in_played_is_rated_and_says_so(
    config: ServerConfig, servers: Callable[..., Running]
) -> None:
    server = servers(config, away_seconds=0.0)
    url = config.database_url
    assert url is not None
    with account(server, "Ann") as ann, account(server, "Bob") as bob:
        table = create(ann, [ME, OPEN], game="puertorico", ranked=True, seating="fixed")["table"]
        assert bob.post(f"/api/tables/{table['id']}/join", json={}).status_code == 200
        handed = ann.post(f"/api/tables/{table['id']}/seats/1/stand-in", json={"level": "random"})
        assert handed.status_code == 200, handed.text
        play_out(ann, table["id"])
        finished(ann, table["id"])
        bob_id = user_id(bob)
    stood = dict(rows(url, "SELECT user_id, stood_in FROM seat_results WHERE table_id = :t", t=table["id"]))
    assert {k: bool(v) for k, v in stood.items()} == {user_id_of(url, "Ann"): False, bob_id: True}
    assert rows(url, "SELECT games FROM ratings WHERE player = :p", p=f"account:{bob_id}") == [(1,)]


def user_id_of(url: str, name: str) -> str:
    found: str = rows(url, "SELECT id FROM users WHERE name = :n", n=name)[0][0]
    return found
