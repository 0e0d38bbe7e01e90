"""The record and replay endpoints: the record only after the end (it holds the seed), and replay
payloads that carry nothing hidden from their viewer at that step (docs/replay.md, docs/api.md).

Every test runs on a SQLite file and on PostgreSQL.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx2
import pytest
from servertools import Running, act, bot, create, get, human, run_async, table_log, wait_for

from isla.core import Record
from isla.core.replays import REVEALED, Replay
from isla.server.replaying import ReplayCache

# The replay tests' own redaction checks (the live per-seat test's), run here on what the server sends.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "replay"))
from hiddenchecks import hidden_keys, problems


def finished(client: httpx2.Client, table_id: str) -> dict[str, Any] | None:
    table = get(client, table_id)
    return table if table["status"] == "finished" else None


def bots_game(server: Running, game: str = "puertorico", players: int = 3) -> str:
    """A game the bots play to the end; its table id once it is over."""
    with server.client() as client:
        table_id: str = create(client, [bot()] * players, game=game)["table"]["id"]
        wait_for("the bots to finish", lambda: finished(client, table_id))
    return table_id


def two_players(server: Running, game: str, moves: int) -> tuple[str, list[httpx2.Client]]:
    """A live table of two people who have made `moves` moves; their clients (seat 0, seat 1)."""
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], game=game, seating="fixed")
    table_id = created["table"]["id"]
    clients = [server.client(t["token"]) for t in created["tokens"]]
    for _ in range(moves):
        seat = get(clients[0], table_id)["to_move"]
        mover = get(clients[seat], table_id)
        assert act(clients[seat], table_id, mover["seq"], mover["legal"][-1]).status_code == 200
    return table_id, clients


def stored_record(server: Running, table_id: str) -> Record:
    """The live game's record with its secret seed, read from the database (as the server holds it)."""
    stored = run_async(lambda store: store.load(table_id), server.config.database_url or "")
    actions = [a.action for a in stored.actions]
    return Record(stored.game, stored.players, stored.seed, stored.options, actions, ["Ann", "Bob"])


def refused(response: httpx2.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code, body
    assert "\n" not in body["error"]
    message: str = body["error"]
    return message


def test_the_record_is_given_once_the_game_is_over_and_refused_before(server: Running) -> None:
    table_id = bots_game(server)
    live_id, clients = two_players(server, "puertorico", 2)
    try:
        with server.client() as client:
            record = client.get(f"/api/tables/{table_id}/record")
            assert record.status_code == 200, record.text
            assert record.json() == table_log(client, table_id)["record"]
            assert Record.from_json(record.json()).replay().is_over
            message = refused(client.get(f"/api/tables/{live_id}/record"), 409, "not_finished")
            assert "seed" in message
            # Not even its players get it: the seed fixes every draw still to come.
            refused(clients[0].get(f"/api/tables/{live_id}/record"), 409, "not_finished")
            refused(client.get("/api/tables/nosuchtable/record"), 404, "not_found")
            with server.client() as anon:
                waiting = create(anon, [human("Cy"), {"kind": "open"}])
            refused(client.get(f"/api/tables/{waiting['table']['id']}/record"), 409, "not_finished")
        # Abandoned: the record of the moves made so far is given.
        assert clients[0].post(f"/api/tables/{live_id}/abandon").status_code == 200
        abandoned = clients[1].get(f"/api/tables/{live_id}/record")
        assert abandoned.status_code == 200, abandoned.text
        assert Record.from_json(abandoned.json()).actions == stored_record(server, live_id).actions
    finally:
        for c in clients:
            c.close()


@pytest.mark.parametrize("game", ["puertorico", "vanuatu"])
def test_a_live_replay_shows_each_viewer_only_what_it_could_see(server: Running, game: str) -> None:
    table_id, clients = two_players(server, game, 8)
    record = stored_record(server, table_id)
    model = Replay(record)
    try:
        with server.client() as spectator:
            steps = spectator.get(f"/api/tables/{table_id}/replay")
            assert steps.status_code == 200, steps.text
            body = steps.json()
            assert body["last"] == 8 and not body["ended"] and body["viewer"] is None
            assert [s["index"] for s in body["steps"]] == list(range(9))
            assert body["log"] == model.log_json()
            assert hidden_keys(body) == []
            scores = [model.payload(i, None)["scores"] for i in range(9)]
            assert [s["scores"] for s in body["steps"]] == scores
            for viewer, client in ((None, spectator), (0, clients[0]), (1, clients[1])):
                for index in range(9):
                    answer = client.get(f"/api/tables/{table_id}/replay/{index}")
                    assert answer.status_code == 200, answer.text
                    payload = answer.json()
                    assert payload["viewer"] == viewer and payload["index"] == index
                    assert problems(payload, viewer, game) == [], (viewer, index)
                    assert payload == {**model.payload(index, viewer), "last": 8}
            # A player may look as a spectator, not through another seat's eyes, nor see everything.
            as_spectator = clients[0].get(f"/api/tables/{table_id}/replay/3", params={"as": "spectator"})
            assert as_spectator.json()["viewer"] is None
            refused(clients[0].get(f"/api/tables/{table_id}/replay/3", params={"as": "1"}), 403, "forbidden")
            refused(spectator.get(f"/api/tables/{table_id}/replay/3", params={"as": "0"}), 403, "forbidden")
            refused(spectator.get(f"/api/tables/{table_id}/replay", params={"as": "1"}), 403, "forbidden")
            everything = clients[0].get(f"/api/tables/{table_id}/replay/3", params={"as": REVEALED})
            refused(everything, 403, "forbidden")
            # Nothing beyond the present.
            message = refused(spectator.get(f"/api/tables/{table_id}/replay/9"), 404, "not_found")
            assert "0 to 8" in message
            # The next move is in the replay at once (a replay kept is one of the table as it was).
            seat = get(clients[0], table_id)["to_move"]
            mover = get(clients[seat], table_id)
            assert act(clients[seat], table_id, mover["seq"], mover["legal"][0]).status_code == 200
            assert spectator.get(f"/api/tables/{table_id}/replay").json()["last"] == 9
            assert spectator.get(f"/api/tables/{table_id}/replay/9").json()["index"] == 9
    finally:
        for c in clients:
            c.close()


def test_a_finished_replay_reveals_everything_or_shows_one_seat(server: Running) -> None:
    table_id = bots_game(server)
    with server.client() as client:
        record = Record.from_json(client.get(f"/api/tables/{table_id}/record").json())
        model = Replay(record, ended=True)
        body = client.get(f"/api/tables/{table_id}/replay").json()
        assert body["ended"] and body["over"] and body["viewer"] == REVEALED and body["last"] == model.last
        assert body["names"] == ["Random bot 1", "Random bot 2", "Random bot 3"]
        final = body["steps"][-1]["scores"]
        assert final == record.replay().result().scores  # revealed: every seat's score
        for index in (0, model.last // 2, model.last):
            payload = client.get(f"/api/tables/{table_id}/replay/{index}").json()
            assert payload == {**model.payload(index, REVEALED), "last": model.last}
            assert all(isinstance(seat.get("vp"), int) for seat in payload["view"]["seats"])
            seat = client.get(f"/api/tables/{table_id}/replay/{index}", params={"as": "2"}).json()
            assert seat["viewer"] == 2 and problems(seat, 2, "puertorico") == []
            url = f"/api/tables/{table_id}/replay/{index}"
            spectator = client.get(url, params={"as": "spectator"}).json()
            assert spectator["viewer"] is None and problems(spectator, None, "puertorico") == []


def test_bad_replay_requests_are_clear_refusals(server: Running) -> None:
    table_id = bots_game(server)
    with server.client() as client:
        last = client.get(f"/api/tables/{table_id}/replay").json()["last"]
        beyond = client.get(f"/api/tables/{table_id}/replay/{last + 1}")
        assert f"0 to {last}" in refused(beyond, 404, "not_found")
        refused(client.get(f"/api/tables/{table_id}/replay/-1"), 404, "not_found")
        refused(client.get(f"/api/tables/{table_id}/replay/ten"), 422, "invalid")
        refused(client.get(f"/api/tables/{table_id}/replay/1", params={"as": "3"}), 422, "invalid")
        refused(client.get(f"/api/tables/{table_id}/replay/1", params={"as": "<b>"}), 422, "invalid")
        refused(client.get("/api/tables/nosuchtable/replay"), 404, "not_found")
        with server.client() as anon:
            waiting = create(anon, [human("Cy"), {"kind": "open"}])
        refused(client.get(f"/api/tables/{waiting['table']['id']}/replay"), 409, "not_started")
        refused(client.get(f"/api/tables/{waiting['table']['id']}/replay/0"), 409, "not_started")


def test_the_replays_kept_are_the_newest_used() -> None:
    record = Record("puertorico", 3, 1, {}, [])
    cache = ReplayCache(size=2)
    first = cache.keep(("a", 0, False), Replay(record))
    cache.keep(("b", 0, False), Replay(record))
    assert cache.find(("a", 0, False)) is first  # used: now the newest
    cache.keep(("c", 0, False), Replay(record))
    assert cache.find(("b", 0, False)) is None
    assert cache.find(("a", 0, False)) is first and cache.find(("c", 0, False)) is not None
    assert first.steps(None) is first.steps(None)  # each viewer's steps are made once


def test_the_replay_carries_each_seats_score_over_the_rounds_ending_at_the_final_score(
    server: Running,
) -> None:
    with server.client() as client:
        table_id = create(client, [bot(), bot(), bot()])["table"]["id"]
        wait_for("the bots to finish", lambda: get(client, table_id)["status"] == "finished")
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        final = get(client, table_id)["result"]["scores"]
    series = replay["series"]
    assert [point["round"] for point in series] == list(range(1, len(series) + 1))
    assert series[-1]["scores"] == final
