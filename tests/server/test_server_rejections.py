"""Every refusal: a 4xx with a one-line JSON error, no traceback, and nothing changed on the server.

Each rejection is followed by a look at the table and its log, which must be exactly as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from servertools import OPEN, Running, act, bot, create, get, human, table_log, timeless

from isla.server.config import ServerConfig


def assert_refused(response: httpx2.Response, status: int, code: str, *needles: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "code"}, body
    assert body["code"] == code, body
    message = body["error"]
    assert message and "\n" not in message and "Traceback" not in message
    for needle in needles:
        assert needle in message, message


class Table:
    """A two-player table of Ann (seat 0, to move) and Bob, with a way to check nothing changed."""

    def __init__(self, server: Running) -> None:
        with server.client() as anon:
            created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
        self.id = created["table"]["id"]
        self.ann = server.client(created["tokens"][0]["token"])
        self.bob = server.client(created["tokens"][1]["token"])
        self.anon = server.client()
        self.before = self.look()

    def look(self) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        ann, bob = timeless(get(self.ann, self.id)), timeless(get(self.bob, self.id))
        return ann, bob, table_log(self.anon, self.id)

    def unchanged(self) -> None:
        assert self.look() == self.before

    def post(self, client: httpx2.Client, **kwargs: Any) -> httpx2.Response:
        return client.post(f"/api/tables/{self.id}/actions", **kwargs)

    def close(self) -> None:
        for client in (self.ann, self.bob, self.anon):
            client.close()


@pytest.fixture
def table(server: Running) -> Iterator[Table]:
    made = Table(server)
    yield made
    made.close()


def test_malformed_and_badly_shaped_bodies(table: Table) -> None:
    json_type = {"content-type": "application/json"}
    assert_refused(table.post(table.ann, content=b'{"seq": 0, "actions": [', headers=json_type),
                   400, "bad_request", "malformed JSON")
    assert_refused(table.post(table.ann, content=b"\xff\xfe", headers=json_type), 400, "bad_request")
    assert_refused(table.post(table.ann, content=b'{"seq": 0}', headers={"content-type": "text/plain"}),
                   400, "bad_request", "JSON object")
    assert_refused(table.post(table.ann, json=["role:settler"]), 400, "bad_request", "JSON object")
    assert_refused(table.post(table.ann, json={"actions": ["role:settler"]}), 422, "invalid", "seq")
    assert_refused(table.post(table.ann, json={"seq": "0", "actions": ["role:settler"]}),
                   422, "invalid", "seq")
    assert_refused(table.post(table.ann, json={"seq": 0.0, "actions": ["role:settler"]}), 422, "invalid")
    assert_refused(table.post(table.ann, json={"seq": -1, "actions": ["role:settler"]}), 422, "invalid")
    assert_refused(table.post(table.ann, json={"seq": 0, "actions": []}), 422, "invalid", "actions")
    assert_refused(table.post(table.ann, json={"seq": 0, "actions": "role:settler"}), 422, "invalid")
    assert_refused(table.post(table.ann, json={"seq": 0, "actions": [1]}), 422, "invalid")
    assert_refused(table.post(table.ann, json={"seq": 0, "actions": ["role:settler"], "x": 1}),
                   422, "invalid", "x")
    table.unchanged()


def test_oversized_bodies_are_refused_before_reading(table: Table, config: ServerConfig) -> None:
    limit = config.max_body_bytes
    padding = "role:settler " * (limit // 10)
    assert_refused(table.post(table.ann, json={"seq": 0, "actions": [padding]}), 413, "too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the size shows only while reading
        yield b'{"seq": 0, "actions": ["'
        for _ in range(limit // 1000 + 2):
            yield b"x" * 1000
        yield b'"]}'

    assert_refused(table.post(table.ann, content=chunks(), headers={"content-type": "application/json"}),
                   413, "too_large")
    assert_refused(table.anon.post("/api/tables", content=b"{" + b" " * (limit + 1) + b"}",
                                   headers={"content-type": "application/json"}), 413, "too_large")
    table.unchanged()


def test_unknown_tables_and_endpoints(table: Table) -> None:
    assert_refused(table.ann.get("/api/tables/nosuchtable"), 404, "not_found", "nosuchtable")
    assert_refused(act(table.ann, "nosuchtable", 0, "role:settler"), 404, "not_found")
    assert_refused(table.anon.post("/api/tables/nosuchtable/join", json={"name": "Cy"}), 404, "not_found")
    assert_refused(table.anon.get("/api/tables/nosuchtable/log"), 404, "not_found")
    assert_refused(table.anon.get("/api/nothing/here"), 404, "not_found", "/api/nothing/here")
    assert_refused(table.anon.delete(f"/api/tables/{table.id}"), 405, "method_not_allowed")
    table.unchanged()


def test_who_may_act(table: Table, server: Running) -> None:
    legal = table.before[0]["legal"]
    assert_refused(act(table.anon, table.id, 0, legal[0]), 401, "unauthorized", "player token")
    with server.client("forged-token") as forged:
        assert_refused(act(forged, table.id, 0, legal[0]), 403, "forbidden")
        assert_refused(forged.get(f"/api/tables/{table.id}"), 403, "forbidden")
    with server.client() as anon:
        other = create(anon, [human("Cy"), human("Di")])
    with server.client(other["tokens"][0]["token"]) as stranger:  # a real token, of another table
        assert_refused(act(stranger, table.id, 0, legal[0]), 403, "forbidden")
    assert_refused(act(table.bob, table.id, 0, legal[0]), 409, "not_your_turn", "seat 0")
    table.unchanged()


def test_illegal_actions_change_nothing(table: Table) -> None:
    legal = table.before[0]["legal"]
    assert_refused(act(table.ann, table.id, 0, "build:large-market"), 422, "illegal", "build:large-market")
    assert_refused(act(table.ann, table.id, 0, "no such thing"), 422, "illegal")
    # All or nothing: a legal first action followed by an illegal one applies neither.
    assert_refused(act(table.ann, table.id, 0, legal[0], "role:nonsense"), 422, "illegal", "action 2 of 2")
    table.unchanged()


def test_stale_ahead_and_duplicate_sequence_numbers(table: Table) -> None:
    legal = table.before[0]["legal"]
    assert_refused(act(table.ann, table.id, 5, legal[0]), 409, "stale", "ahead")
    table.unchanged()
    assert act(table.ann, table.id, 0, legal[0]).status_code == 200
    table.before = table.look()
    assert table.before[0]["seq"] == 1
    # The same submission again (a retry after a lost answer): already applied, nothing changes.
    assert_refused(act(table.ann, table.id, 0, legal[0]), 409, "duplicate", "already applied")
    # Another decision at the old seq: stale.
    assert_refused(act(table.ann, table.id, 0, legal[1]), 409, "stale", "seq 1")
    # A move that is legal now, but sent with the old number.
    mover = table.ann if table.before[0]["to_move"] == 0 else table.bob
    now_legal = get(mover, table.id)["legal"]
    assert_refused(act(mover, table.id, 0, now_legal[0]), 409, "stale")
    table.unchanged()


def test_acting_before_the_start_and_joining_mistakes(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), OPEN, bot()])
        table_id = created["table"]["id"]
        with server.client(created["tokens"][0]["token"]) as ann:
            assert_refused(act(ann, table_id, 0, "role:settler"), 409, "not_started")
        join = f"/api/tables/{table_id}/join"
        assert_refused(anon.post(join, json={"name": "Cy", "slot": 0}), 409, "seat_taken", "slot 0")
        assert_refused(anon.post(join, json={"name": "Cy", "slot": 2}), 409, "seat_taken")
        assert_refused(anon.post(join, json={"name": "Cy", "slot": 3}), 422, "invalid", "slots 0 to 2")
        assert_refused(anon.post(join, json={"name": "   "}), 422, "invalid", "empty")
        assert_refused(anon.post(join, json={"name": "x" * 41}), 422, "invalid", "40")
        assert_refused(anon.post(join, json={"name": "a\u0000b"}), 422, "invalid", "control")
        assert_refused(anon.post(join, json={}), 422, "invalid", "name")
        before = get(anon, table_id)
        assert before["status"] == "open" and [s["kind"] for s in before["seats"]] == ["human", "open", "bot"]
        assert anon.post(join, json={"name": "Cy"}).status_code == 200
        assert_refused(anon.post(join, json={"name": "Di"}), 409, "seat_taken", "started")


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"game": "chess", "seats": [{"kind": "open"}] * 2}, "chess"),
        ({"seats": [{"kind": "bot", "bot": "random"}]}, "2 to 5 players"),
        ({"seats": [{"kind": "bot", "bot": "random"}] * 6}, "2 to 5 players"),
        ({"seats": [{"kind": "open"}] * 3, "options": {"vp_supply": "many"}}, "vp_supply"),
        ({"seats": [{"kind": "open"}] * 3, "options": {"balanced": 1}}, "balanced"),
        ({"seats": [{"kind": "open"}] * 3, "options": {"no_such_option": True}}, "no_such_option"),
        ({"seats": [{"kind": "open"}] * 3, "options": {"two_player_roles": "craftsman_angst"}}, "2"),
        ({"seats": [{"kind": "bot", "bot": "genius"}, {"kind": "open"}]}, "genius"),
        ({"seats": [{"kind": "bot"}, {"kind": "open"}]}, "needs a bot"),
        ({"seats": [{"kind": "open", "name": "  "}, {"kind": "open"}]}, "empty"),  # kept for nobody
        ({"seats": [{"kind": "human"}, {"kind": "open"}]}, "name"),
        ({"seats": [{"kind": "robot"}, {"kind": "open"}]}, "kind"),
        ({"seats": [{"kind": "open"}] * 2, "seating": "alphabetical"}, "seating"),
        ({"seats": []}, "seats"),
    ],
)
def test_bad_tables_are_not_created(sqlite_server: Running, body: dict[str, Any], needle: str) -> None:
    with sqlite_server.client() as client:
        assert_refused(client.post("/api/tables", json=body), 422, "invalid", needle)
        assert client.get("/api/tables").json()["tables"] == []


def test_a_server_bug_is_a_json_500_and_the_server_goes_on(
    sqlite_server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    from isla.server.tables import LocalTableService

    async def broken(*_args: Any) -> Any:
        raise RuntimeError("a bug with a secret in its message")

    monkeypatch.setattr(LocalTableService, "tables", broken)
    with sqlite_server.client() as client:
        response = client.get("/api/tables")
        assert response.status_code == 500
        assert response.json() == {
            "error": "internal server error (the server log has the details)", "code": "internal"
        }
        assert client.get("/api/health").json()["ok"] is True
