"""Lagoon at a real server: listed with its bots, a table created over HTTP and played to the end by a
person (over the WebSocket and over HTTP, turn about) and bots, the searching ones in a worker
process that learns Lagoon from the server's registry. SQLite: the database is not what this tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from servertools import Running, act, bot, create, human, serve, table_log
from wstools import Socket

import isla
from isla.core import Record
from isla.server import ServerConfig


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    # The server's levels only (a seat may not name a budget of its own); a short think each keeps
    # the game quick.
    config = ServerConfig(
        data_dir=tmp_path, bot_pace=0.0, bot_seconds=0.05, bot_workers=1,
        argon2_time_cost=1, argon2_memory_kib=64,
    )
    with serve(config) as running:
        yield running


def test_the_server_lists_lagoon_with_the_bots_it_offers(server: Running) -> None:
    with server.client() as client:
        listed = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    lagoon = listed["lagoon"]
    assert (lagoon["title"], lagoon["min_players"], lagoon["max_players"]) == ("Lagoon", 2, 4)
    assert lagoon["information"] == "imperfect"
    assert lagoon["levels"] == ["easy", "medium", "hard"]
    assert {"random", "heuristic", "mcts"} <= set(lagoon["bots"])
    assert [option["name"] for option in lagoon["options"]] == ["course"]


def test_a_game_without_a_rules_summary_has_no_rules_page(server: Running) -> None:
    with server.client() as client:
        missing = client.get("/rules/lagoon", params={"lang": "de"})
        present = client.get("/rules/puertorico")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert present.status_code == 200


def test_a_table_without_a_game_is_the_first_registered_game_not_lagoon(server: Running) -> None:
    with server.client() as client:
        created = create(client, [human("Ann"), human("Bob")])
    assert created["table"]["game"] == isla.game_names()[0] != "lagoon"


def test_a_lagoon_table_is_played_to_the_end_by_a_person_and_bots(server: Running) -> None:
    seats = [human("Ann"), bot("hard"), bot("medium"), bot("easy")]
    with server.client() as client:
        created = create(client, seats, game="lagoon", seating="fixed", options={"course": 10})
        table_id, token = created["table"]["id"], created["tokens"][0]["token"]
    with Socket(server.url, token) as ann, server.client(token) as http:
        ann.send({"type": "watch", "table": table_id})
        turn = 0
        while True:
            table = ann.until("Ann's turn or the end", lambda t: t["status"] == "finished" or t["legal"])
            if table["status"] == "finished":
                break
            action = "current" if "current" in table["legal"] else "sail"
            if turn % 2 == 0:
                ann.send({"type": "submit", "table": table_id, "seq": table["seq"], "actions": [action]})
                ann.expect("ok")
            else:
                response = act(http, table_id, table["seq"], action)
                assert response.status_code == 200, response.text
            ann.until("the move to be pushed", lambda t, seq=table["seq"]: t["seq"] > seq)
            turn += 1
        logged = table_log(http, table_id)
    assert table["result"]["over"] and turn > 0
    # Every bot move was the bot's own (none a random move played after a failure), every one of
    # Ann's her own, and the record replays to the same end.
    assert {(a["seat"] == 0, a["source"]) for a in logged["actions"]} == {(True, "player"), (False, "bot")}
    final = Record.from_json(logged["record"]).replay()
    assert final.is_over and final.result().scores == table["result"]["scores"]
