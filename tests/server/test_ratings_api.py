"""The leaderboard and player APIs: what a ranked game leaves, as players will see it."""

from __future__ import annotations

from typing import Any

import httpx2
from rankedtools import account, finished, play_out
from servertools import Running, bot, create

from isla.bots import levels
from isla.core import game as find_game
from isla.ratings import display

ME = {"kind": "me"}


def got(response: httpx2.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_leaderboard_lists_accounts_and_bots_apart_best_first(server: Running) -> None:
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("easy"), bot("random")], game="puertorico", ranked=True)["table"]
        play_out(ann, table["id"])
        done = finished(ann, table["id"])
        board = got(ann.get("/api/leaderboards/puertorico"))
        other = got(ann.get("/api/leaderboards/vanuatu"))
    assert board["game"] == "puertorico" and board["provisional_games"] == 20
    assert [(p["rank"], p["name"], p["games"], p["provisional"]) for p in board["players"]] == [
        (1, "Ann", 1, True)]
    ann_row = board["players"][0]
    assert ann_row["rating"] == display(ann_row["exact"]) and ann_row["last_played"]
    ranks = done["result"]["ranks"]
    assert ann_row["wins"] == int(ranks[next(s["seat"] for s in done["seats"] if s["name"] == "Ann")] == 1)
    bots = board["bots"]
    assert sorted(b["name"] for b in bots) == ["random:0", "rush:0"]
    assert [b["exact"] for b in bots] == sorted((b["exact"] for b in bots), reverse=True)
    assert [b["rank"] for b in bots] in ([1, 2], [1, 1])
    rush = next(b for b in bots if b["name"] == "rush:0")
    assert rush["engine_version"] == find_game("puertorico").version
    assert rush["levels"] == [name for name, level in levels("puertorico").items() if level.kind == "rush"]
    # Another game's leaderboard is its own.
    assert other == {"game": "vanuatu", "provisional_games": 20, "players": [], "bots": []}


def test_an_unrated_account_is_not_on_the_leaderboard(server: Running) -> None:
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("easy")], game="puertorico")["table"]
        play_out(ann, table["id"])
        finished(ann, table["id"])
        assert got(ann.get("/api/leaderboards/puertorico"))["players"] == []


def test_the_player_page_shows_ratings_history_games_and_seat_statistics(server: Running) -> None:
    with account(server, "Ann") as ann, account(server, "Bob") as bob:
        ids = []
        for ranked in (True, True, False):
            table = create(ann, [ME, bot("random")], game="puertorico", ranked=ranked, seating="fixed")
            ids.append(table["table"]["id"])
            play_out(ann, ids[-1])
            finished(ann, ids[-1])
        page = got(bob.get("/api/players/ann"))  # any case: names are unique among accounts
    assert page["name"] == "Ann"
    [pr] = page["games"]
    assert pr["game"] == "puertorico" and pr["games"] == 2 and pr["provisional"] is True
    assert [point["table"] for point in pr["history"]] == ids[:2]
    assert pr["exact"] == pr["history"][-1]["rating"] and pr["rating"] == display(pr["exact"])
    assert [p["table"] for p in pr["played"]] == ids[::-1]  # newest first
    assert [p["ranked"] for p in pr["played"]] == [False, True, True]
    assert {p["seat"] for p in pr["played"]} == {0} and {p["players"] for p in pr["played"]} == {2}
    assert pr["played"][0]["rating_after"] is None and pr["played"][1]["rating_after"] == pr["exact"]
    wins = sum(p["won"] for p in pr["played"])
    assert pr["wins_by_seat"] == [{"seat": 0, "games": 3, "wins": wins}]
    assert pr["average_score"] == sum(p["score"] for p in pr["played"]) / 3
    assert pr["wins"] == sum(p["won"] for p in pr["played"] if p["ranked"])
    assert pr["season"] == 1 and pr["points"] == sum(p["points"] for p in pr["played"] if p["ranked"])


def test_an_unknown_game_or_player_is_a_404_that_says_so(server: Running) -> None:
    with server.client() as client:
        missing = client.get("/api/leaderboards/chess")
        assert missing.status_code == 404 and missing.json()["code"] == "not_found"
        assert "chess" in missing.json()["error"]
        nobody = client.get("/api/players/Nobody")
        assert nobody.status_code == 404 and nobody.json() == {
            "error": "there is no account called 'Nobody' (guests have no player page)", "code": "not_found"}


def test_the_ratings_responses_are_in_the_openapi(server: Running) -> None:
    with server.client() as client:
        schema = got(client.get("/openapi.json"))
    for path, model in (("/api/leaderboards/{game}", "LeaderboardOut"), ("/api/players/{name}", "PlayerOut")):
        answer = schema["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert answer == {"$ref": f"#/components/schemas/{model}"}
    assert "ranked" in schema["components"]["schemas"]["CreateTableIn"]["properties"]


def test_the_player_page_averages_the_score_parts_and_counts_the_bots_played_against(server: Running) -> None:
    with account(server, "Ann") as ann:
        done = []
        for seats in ([ME, bot("easy"), bot("random")], [ME, bot("random")]):
            table = create(ann, seats, game="puertorico", ranked=True, seating="fixed")["table"]
            play_out(ann, table["id"])
            done.append(finished(ann, table["id"]))
        page = got(ann.get("/api/players/Ann"))
        german = got(ann.get("/api/players/Ann", params={"lang": "de"}))
    (mine,) = page["games"]
    # Each part is named by the game's own term, in the reader's language.
    labels = [p["label"] for p in mine["average_breakdown"]]
    assert labels == ["Shipping", "Buildings", "Large-building bonus"]
    assert [p["label"] for p in german["games"][0]["average_breakdown"]] == [
        "Verschiffen", "Gebäude", "Bonus der großen Gebäude"]
    # Ann sat in seat 0 of both: her parts, averaged, in the game's declared order.
    parts = [d["result"]["breakdown"][0] for d in done]
    assert [p["key"] for p in mine["average_breakdown"]] == ["shipping", "buildings", "bonus"]
    for part in mine["average_breakdown"]:
        assert part["average"] == sum(p[part["key"]] for p in parts) / 2
    ranks = [d["result"]["ranks"] for d in done]
    by_bot = {b["bot"]: b for b in mine["bot_opponents"]}
    random_bot, rush_bot = "random:0", "rush:0"  # the bots' resolved specs ("easy" is rush:0)
    assert by_bot[random_bot]["games"] == 2 and by_bot[rush_bot]["games"] == 1
    assert mine["bot_opponents"][0]["bot"] == random_bot  # the most played first
    assert by_bot[random_bot]["wins"] == sum(int(r[0] == 1) for r in ranks)
    assert by_bot[random_bot]["ahead"] == int(ranks[0][0] < ranks[0][2]) + int(ranks[1][0] < ranks[1][1])
    assert by_bot[rush_bot]["ahead"] == int(ranks[0][0] < ranks[0][1])
