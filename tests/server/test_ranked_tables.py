"""Ranked tables: chosen at creation, shown in every summary, kept by play again; only accounts and
bots sit there, an account once (a bot may sit twice) (docs/api.md, "Ranked tables")."""

from __future__ import annotations

import httpx2
from rankedtools import account, finished, guest, play_out, rows
from servertools import OPEN, Running, bot, create, get, human, wait_for

ME = {"kind": "me"}


def refused(response: httpx2.Response, status: int, code: str, needle: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and needle in body["error"], body


def test_ranked_is_false_by_default_and_shown_in_summaries_and_the_lobby(server: Running) -> None:
    with account(server, "Ann") as ann:
        plain = create(ann, [ME, OPEN], game="puertorico")["table"]
        ranked = create(ann, [ME, OPEN], game="puertorico", ranked=True)["table"]
        assert plain["ranked"] is False and ranked["ranked"] is True
        assert get(ann, ranked["id"])["ranked"] is True
        lobby = {t["id"]: t["ranked"] for t in ann.get("/api/tables").json()["tables"]}
        assert lobby == {plain["id"]: False, ranked["id"]: True}
        refused(ann.post("/api/tables", json={"seats": [ME, OPEN], "ranked": "yes"}), 422, "invalid", "")


def test_a_ranked_table_refuses_token_only_human_seats(server: Running) -> None:
    with account(server, "Ann") as ann:
        refused(ann.post("/api/tables", json={"seats": [ME, human("Bob")], "ranked": True}),
                422, "invalid", "ranked table has no 'human' seats")
    with server.client() as anonymous:
        refused(anonymous.post("/api/tables", json={"seats": [human("Cy"), bot()], "ranked": True}),
                422, "invalid", "ranked table has no 'human' seats")


def test_a_guest_cannot_sit_at_a_ranked_table(server: Running) -> None:
    with guest(server, "Gus") as gus, account(server, "Ann") as ann:
        refused(gus.post("/api/tables", json={"seats": [ME, bot()], "ranked": True}),
                403, "forbidden", "only accounts and bots")
        table = create(ann, [ME, OPEN], game="puertorico", ranked=True)["table"]
        refused(gus.post(f"/api/tables/{table['id']}/join", json={}), 403, "forbidden", "only accounts")
        assert get(ann, table["id"])["status"] == "open"


def test_joining_a_ranked_table_by_name_without_an_account_is_refused(server: Running) -> None:
    with account(server, "Ann") as ann, server.client() as anonymous:
        table = create(ann, [ME, OPEN], game="puertorico", ranked=True)["table"]
        refused(anonymous.post(f"/api/tables/{table['id']}/join", json={"name": "Dan"}),
                403, "forbidden", "only accounts and bots")
    with account(server, "Bob") as bob:
        joined = bob.post(f"/api/tables/{table['id']}/join", json={})
        assert joined.status_code == 200, joined.text
        assert joined.json()["table"]["status"] == "playing"


def test_an_account_takes_one_seat_of_a_ranked_table(server: Running) -> None:
    with account(server, "Ann") as ann:
        refused(ann.post("/api/tables", json={"seats": [ME, ME], "ranked": True}), 422, "invalid", "one seat")
        table = create(ann, [ME, OPEN, OPEN], game="puertorico", ranked=True)["table"]
        joined = ann.post(f"/api/tables/{table['id']}/join", json={})
        refused(joined, 409, "seat_taken", "already have a seat")


def test_a_ranked_table_may_seat_one_bot_twice_and_rates_only_its_pairs_against_others(
    server: Running,
) -> None:
    url = server.config.database_url
    assert url is not None
    with account(server, "Ann") as ann:
        # `easy` and `rush` are one bot (rush:0): two seats of one rated player.
        table = create(ann, [ME, bot("easy"), bot("rush")], game="puertorico", ranked=True)["table"]
        play_out(ann, table["id"])
        done = finished(ann, table["id"])
    players = rows(url, "SELECT player, place FROM seat_results WHERE table_id = :t", t=done["id"])
    assert len(players) == 3 and len({player for player, _ in players}) == 2
    history = rows(url, "SELECT player, rating_before, rating_after, games FROM rating_history "
                        "WHERE table_id = :t", t=done["id"])
    assert sorted(row[0].split(":")[0] for row in history) == ["account", "bot"]  # one row per player
    assert all(games == 1 for *_, games in history)


def test_a_ranked_table_of_one_bot_only_is_not_rated(server: Running) -> None:
    url = server.config.database_url
    assert url is not None
    with server.client() as client:
        table_id = create(client, [bot("random"), bot("random")], ranked=True)["table"]["id"]
        wait_for("the bots' game to end", lambda: get(client, table_id)["status"] == "finished")
    assert rows(url, "SELECT table_id FROM rated_games WHERE table_id = :t", t=table_id) == []
    assert len(rows(url, "SELECT seat FROM seat_results WHERE table_id = :t", t=table_id)) == 2


def test_play_again_keeps_ranked(server: Running) -> None:
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("random")], game="puertorico", ranked=True, seating="fixed")["table"]
        play_out(ann, table["id"])
        finished(ann, table["id"])
        again = ann.post(f"/api/tables/{table['id']}/again")
        assert again.status_code == 200, again.text
        assert again.json()["table"]["ranked"] is True
