"""Tables over HTTP on a real server and database: create, join, start, views, seating, bot games.

Every test here that touches the database runs twice: on a SQLite file and on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest
from servertools import (
    OPEN,
    Running,
    act,
    bot,
    create,
    get,
    human,
    run_async,
    table_log,
    wait_for,
)

from isla.bots import Bot, bot_move, make_bot
from isla.core import Action, Record, game_names, replay
from isla.core import game as find_game


def finished(client: httpx2.Client, table_id: str) -> dict[str, Any] | None:
    table = get(client, table_id)
    return table if table["status"] == "finished" else None


def test_health_and_games_list_every_option_and_bot(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        assert client.get("/api/health").json()["ok"] is True
        games = client.get("/api/games").json()
        assert client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/actions"]
        assert client.get("/docs").status_code == 404  # no page that loads JavaScript from a CDN
    puertorico = next(g for g in games["games"] if g["name"] == "puertorico")
    assert (puertorico["min_players"], puertorico["max_players"]) == (2, 5)
    assert {o["name"] for o in puertorico["options"]} == {
        spec.name for spec in find_game("puertorico").option_specs
    }
    # The players' words for each option come with it (the lobby shows them).
    texts = find_game("puertorico").option_texts()
    assert all(o["label"] == texts[o["name"]].label and o["help"] for o in puertorico["options"])
    assert {"random", "easy", "medium", "hard"} <= set(games["bots"])
    assert puertorico["levels"] == ["easy", "medium", "hard"] and puertorico["information"] == "imperfect"
    assert set(puertorico["bots"]) == set(games["bots"])  # its heuristic serves every kind
    # Every registered game is served, in the registry's order (a test's games too); the browser
    # offers those it has a table page for.
    listed = {g["name"]: g["browser"] for g in games["games"]}
    assert list(listed) == game_names()
    assert listed["puertorico"] and listed["vanuatu"]


def test_create_join_and_start(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), OPEN, bot("random")], seating="fixed")
        table = created["table"]
        assert table["status"] == "open" and table["seq"] == 0
        assert [s["kind"] for s in table["seats"]] == ["human", "open", "bot"]
        assert table["you"] == {"slot": 0, "seat": None, "name": "Ann", "creator": True}
        assert table["view"] is None and table["legal"] == []
        [ann_token] = [t["token"] for t in created["tokens"]]
        table_id = table["id"]
        # The resolved options are stored: the game's defaults for 3 players fill what was not given.
        assert table["options"] == find_game("puertorico").resolve_options(3, {})

        joined = anon.post(f"/api/tables/{table_id}/join", json={"name": "  Bob  "})
        assert joined.status_code == 200, joined.text
        bob = joined.json()
        assert bob["slot"] == 1 and bob["table"]["status"] == "playing"
        assert bob["table"]["you"] == {"slot": 1, "seat": 1, "name": "Bob", "creator": False}
        # Fixed seating: the seat listed first is seat 0, the first governor (R16).
        seats = {s["slot"]: s["seat"] for s in bob["table"]["seats"]}
        assert seats == {0: 0, 1: 1, 2: 2}

    with server.client(ann_token) as ann, server.client(bob["token"]) as bob_client:
        mine = get(ann, table_id)
        assert mine["you"]["seat"] == 0 and mine["to_move"] == 0
        assert mine["view"]["seat"] == 0 and mine["view"]["governor"] == 0
        assert mine["legal"] == mine["view"]["legal"] and mine["legal"]
        theirs = get(bob_client, table_id)
        assert theirs["view"]["seat"] == 1 and theirs["legal"] == []
        with server.client() as spectator:
            public = get(spectator, table_id)
        assert public["you"] is None and public["view"]["seat"] is None and public["legal"] == []
        assert "legal" not in public["view"]

        answer = act(ann, table_id, 0, mine["legal"][0])
        assert answer.status_code == 200, answer.text
        after = answer.json()
        assert after["seq"] == 1 and after["view"] != mine["view"]
        assert after["legal"] == after["view"].get("legal", [])
        assert table_log(ann, table_id)["actions"] == [
            {"seq": 0, "seat": 0, "action": mine["legal"][0], "source": "player"}
        ]


def test_views_are_the_engine_views_of_the_logged_game(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id = created["table"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    seen: list[tuple[int, int, dict[str, Any]]] = []
    clients = [server.client(token) for token in tokens]
    try:
        for _ in range(6):
            table = get(clients[0], table_id)
            seat = table["to_move"]
            mover = get(clients[seat], table_id)
            seen.append((mover["seq"], seat, mover["view"]))
            assert act(clients[seat], table_id, mover["seq"], mover["legal"][-1]).status_code == 200
        # The seed is secret while the game goes on; rebuild the game from the log with the stored
        # seed read from the database instead, and compare every view the players were shown.
        stored = run_async(lambda store: store.load(table_id), server.config.database_url or "")
        record = Record("puertorico", 2, stored.seed, stored.options, [a.action for a in stored.actions])
        for seq, seat, view in seen:
            assert replay(record, upto=seq).view(seat) == view
    finally:
        for client in clients:
            client.close()


def test_random_seating_shuffles_who_sits_where(server: Running) -> None:
    layouts = set()
    with server.client() as anon:
        for _ in range(12):
            created = create(anon, [human("A"), human("B"), human("C")])  # random is the default
            table = created["table"]
            assert table["status"] == "playing" and table["seating"] == "random"
            seat_of = {s["slot"]: s["seat"] for s in table["seats"]}
            assert sorted(seat_of.values()) == [0, 1, 2]
            for token in created["tokens"]:
                with server.client(token["token"]) as player:
                    you = get(player, table["id"])["you"]
                assert you["slot"] == token["slot"] and you["seat"] == seat_of[token["slot"]]
            layouts.add(tuple(seat_of[slot] for slot in range(3)))
    # Twelve identity layouts in a row would happen with probability (1/6)^12 if seating shuffles.
    assert len(layouts) > 1


def test_a_bots_only_game_plays_to_a_stored_result(server: Running) -> None:
    with server.client() as client:
        created = create(client, [bot(), bot(), bot(), bot()])
        assert created["tokens"] == [] and created["table"]["status"] == "playing"
        table_id = created["table"]["id"]
        table = wait_for("the bots to finish", lambda: finished(client, table_id))
        logged = table_log(client, table_id)
        listed = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
    record = Record.from_json(logged["record"])
    assert record.actions == [a["action"] for a in logged["actions"]]
    assert [a["seq"] for a in logged["actions"]] == list(range(len(record.actions)))
    assert {a["source"] for a in logged["actions"]} == {"bot"}
    assert record.seats == [f"Random bot {n}" for n in (1, 2, 3, 4)]
    assert record.engine_version == table["engine_version"]
    final = record.replay()
    assert final.is_over
    assert table["result"] == final.result().to_json() and table["result"]["over"] is True
    assert table["seq"] == len(record.actions) and table["to_move"] is None
    assert table["view"] == final.view(None)
    assert next(t for t in listed if t["id"] == table_id)["result"] == table["result"]
    # Each move is the one the seat's bot makes when built from the table's seed and the seq, so a
    # table rebuilt after a restart goes on exactly as it would have.
    state = record.start()
    for seq, text in enumerate(record.actions):
        seat = state.to_move
        assert seat is not None
        chosen = bot_move(make_bot("random", seat, (record.seed << 32) | seq), state)
        assert chosen.text == text
        state.apply(text)


class Broken(Bot):
    kind = "broken"

    def choose(self, access: Any) -> Action:  # noqa: ARG002 - it fails before looking
        raise RuntimeError("this bot always fails")


def test_a_failing_bot_is_recorded_and_replaced_by_a_random_move(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    from isla.server import botwork

    def some_broken(
        spec: str, seat: int, seed: int, seconds: float | None = None, game: str | None = None
    ) -> Bot:
        if spec == "heuristic":
            import random

            return Broken(seat, random.Random(seed))
        return make_bot(spec, seat, seed, seconds, game)

    monkeypatch.setattr(botwork, "make_bot", some_broken)  # the heuristic thinks in the server process
    with server.client() as client:
        created = create(client, [bot("random"), bot("heuristic")], seating="fixed")
        table_id = created["table"]["id"]
        table = wait_for("the game to finish", lambda: finished(client, table_id))
        logged = table_log(client, table_id)
    sources = {(a["seat"], a["source"]) for a in logged["actions"]}
    assert sources == {(0, "bot"), (1, "fallback")}
    failures = logged["events"]
    assert failures and {e["kind"] for e in failures} == {"bot_error"}
    assert {e["seat"] for e in failures} == {1}
    assert "this bot always fails" in failures[0]["detail"]
    # Each failure is logged with the random move that replaced it (one transaction, same seq).
    assert [e["seq"] for e in failures] == [a["seq"] for a in logged["actions"] if a["source"] == "fallback"]
    assert table["result"] == Record.from_json(logged["record"]).replay().result().to_json()


def test_list_shows_public_facts_only(server: Running) -> None:
    with server.client() as client:
        created = create(client, [human("Ann"), OPEN])
        listed = client.get("/api/tables").json()["tables"]
        open_only = client.get("/api/tables", params={"status": "open"}).json()["tables"]
    [entry] = [t for t in listed if t["id"] == created["table"]["id"]]
    assert entry["status"] == "open" and entry["seq"] == 0
    assert [s["name"] for s in entry["seats"]] == ["Ann", None]
    assert set(entry) >= {"id", "game", "players", "seats", "options"}
    assert not {"view", "legal", "you", "seed", "record"} & set(entry)
    assert not any("token" in str(seat) for seat in entry["seats"])
    assert [t["id"] for t in open_only] == [created["table"]["id"]]


def test_a_player_leaves_an_open_table_and_the_seat_opens_again(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), OPEN, OPEN])
        table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
        bob = anon.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        refused = anon.post(f"/api/tables/{table_id}/leave")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    leave = f"/api/tables/{table_id}/leave"
    with server.client(bob["token"]) as bob_http:
        left = bob_http.post(leave)
        assert left.status_code == 200, left.text
        assert [s["kind"] for s in left.json()["seats"]] == ["human", "open", "open"]
        assert bob_http.post(leave).json()["code"] == "forbidden"  # the token holds no seat any more
    with server.client(ann_token) as ann_http:
        own = ann_http.post(leave)
        assert own.status_code == 409 and "abandon" in own.json()["error"]
    with server.client() as anon:
        tokens = [anon.post(f"/api/tables/{table_id}/join", json={"name": n}).json()["token"] for n in "CD"]
        assert get(anon, table_id)["status"] == "playing"
    with server.client(tokens[0]) as cy:
        late = cy.post(leave)
        assert late.status_code == 409 and "started" in late.json()["error"]
