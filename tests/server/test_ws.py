"""The WebSocket protocol against a real server (SQLite and PostgreSQL): watching, playing, pushes,
the log in words, presence, handing a seat to a bot, abandoning, and every refusal."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from servertools import OPEN, Running, act, bot, create, get, human, table_log, timeless
from websockets.exceptions import ConnectionClosed, InvalidStatus
from wstools import Socket

from isla.server import ServerConfig


def two_people_table(server: Running) -> tuple[str, str, str]:
    """Ann (seat 0, the first governor: she moves first) and Bob, fixed seating; (id, ann, bob) tokens."""
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    return created["table"]["id"], created["tokens"][0]["token"], created["tokens"][1]["token"]


def watch(socket: Socket, table_id: str) -> dict[str, Any]:
    socket.send({"type": "watch", "table": table_id})
    table = socket.expect("table")["table"]
    socket.expect("log")
    return table


def test_a_seat_sees_its_own_view_and_legal_actions_and_plays_with_submit(server: Running) -> None:
    table_id, ann_token, bob_token = two_people_table(server)
    with (
        Socket(server.url, ann_token) as ann,
        Socket(server.url, bob_token) as bob,
        Socket(server.url) as anon,
    ):
        mine = watch(ann, table_id)
        theirs = watch(bob, table_id)
        public = watch(anon, table_id)
        assert mine["you"]["seat"] == 0 and mine["legal"] and mine["view"]["seat"] == 0
        assert theirs["you"]["seat"] == 1 and theirs["legal"] == [] and theirs["view"]["seat"] == 1
        assert public["you"] is None and public["legal"] == [] and public["view"]["seat"] is None
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"], "ref": "m1"})
        assert ann.expect("ok") == {"type": "ok", "ref": "m1", "seq": 1}
        # Everyone following the table is pushed the new state, each with their own view.
        for socket in (ann, bob, anon):
            socket.until("the move to be pushed", lambda t: t["seq"] == 1)
        # Ann took the builder, so she builds first: only she has legal actions.
        assert bob.table is not None and bob.table["legal"] == []
        assert bob.table["view"]["roles"]["builder"]["taken_by"] == 0
        assert ann.table is not None and "build:pass" in ann.table["legal"]
        # The log in words tells it, to everyone (its message follows the table's).
        anon.expect("log")
        words = [line for entry in anon.log for line in entry["lines"]]
        assert any("Ann" in line and "builder" in line.lower() for line in words), words


def test_bots_moves_are_pushed_in_order_with_contiguous_log_entries(server: Running) -> None:
    with server.client() as anon:
        table_id = create(anon, [bot(), bot(), bot()])["table"]["id"]
    with Socket(server.url) as watcher:
        watch(watcher, table_id)
        watcher.until("the bots to finish", lambda t: t["status"] == "finished")
        with server.client() as anon:
            logged = table_log(anon, table_id)
        while len(watcher.log) < len(logged["words"]):  # the last log message may trail the table's
            watcher.expect("log")
        assert watcher.log == logged["words"]
        numbers = [entry["n"] for entry in watcher.log]
        assert numbers == list(range(len(numbers)))
        assert watcher.table is not None and watcher.table["result"]["over"] is True
    # Each action entry tells the decision starting at its seq: a single action, or the steps of
    # one seat's whole decision (a plan) up to the next entry's seq.
    starts = [entry["seq"] for entry in logged["words"] if entry["kind"] == "action"]
    assert starts[0] == 0 and starts == sorted(set(starts)) and starts[-1] < logged["seq"]
    seats = [action["seat"] for action in logged["actions"]]
    for start, end in zip(starts, [*starts[1:], logged["seq"]], strict=True):
        assert set(seats[start:end]) == {seats[start]}


def test_a_plan_submits_the_mayor_arrangement_as_one_decision(server: Running) -> None:
    table_id, ann_token, bob_token = two_people_table(server)
    with Socket(server.url, ann_token) as ann, Socket(server.url, bob_token) as bob:
        watch(ann, table_id)
        watch(bob, table_id)
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:mayor", "mayor:take"]})
        ann.expect("ok")
        for socket, seat in ((ann, 0), (bob, 1)):
            mine = socket.until("a placement", lambda t: any(a.startswith("place:") for a in t["legal"]))
            kind = next(iter(mine["view"]["seats"][seat]["island"]))
            plan = {"mayor": {kind: 1}}
            socket.send({"type": "submit", "table": table_id, "seq": mine["seq"], "plan": plan, "ref": "p"})
            assert socket.expect("ok")["ref"] == "p"
            placed = socket.until("the placement", lambda t, seq=mine["seq"]: t["seq"] > seq)
            assert placed["view"]["seats"][seat]["occupied"] == {kind: 1}
        table = bob.until("Bob's role choice", lambda t: any(a.startswith("role:") for a in t["legal"]))
        for plan in ({"mayor": "corn"}, {"storage": {"warehouse": ["corn"]}}, {"dance": 1}):
            bob.send({"type": "submit", "table": table_id, "seq": table["seq"], "plan": plan})
            bob.refused("illegal")
        bob.alive()


@pytest.mark.parametrize(
    ("message", "code", "needle"),
    [
        ("{not json", "bad_message", "malformed JSON"),
        ("[1, 2]", "bad_message", "JSON object"),
        ('{"type": "dance"}', "bad_message", "unknown message type"),
        ('{"no": "type"}', "bad_message", "unknown message type"),
        ('{"type": "watch"}', "bad_message", "'table'"),
        ('{"type": "watch", "table": 7}', "bad_message", "'table'"),
        ('{"type": "submit", "table": "x", "seq": -1, "actions": ["pass"]}', "bad_message", "'seq'"),
        ('{"type": "submit", "table": "x", "seq": true, "actions": ["pass"]}', "bad_message", "'seq'"),
        ('{"type": "submit", "table": "x", "seq": 0}', "bad_message", "'actions'"),
        ('{"type": "submit", "table": "x", "seq": 0, "actions": []}', "bad_message", "non-empty"),
        ('{"type": "submit", "table": "x", "seq": 0, "actions": [1]}', "bad_message", "action texts"),
        ('{"type": "submit", "table": "x", "seq": 0, "actions": ["a"], "plan": {}}', "bad_message", "one of"),
        ('{"type": "submit", "table": "x", "seq": 0, "plan": [1]}', "bad_message", "'plan'"),
        ('{"type": "ping", "ref": 5}', "bad_message", "'ref'"),
        ('{"type": "watch", "table": "nosuchtable"}', "not_found", "nosuchtable"),
    ],
)
def test_malformed_messages_get_an_error_and_the_connection_lives_on(
    sqlite_server: Running, message: str, code: str, needle: str
) -> None:
    with Socket(sqlite_server.url) as socket:
        socket.send(message)
        socket.refused(code, needle)
        socket.alive()


def test_oversized_and_binary_messages_are_refused(sqlite_server: Running) -> None:
    limit = sqlite_server.config.max_message_bytes
    with Socket(sqlite_server.url) as socket:
        socket.send(json.dumps({"type": "ping", "pad": "x" * limit}))
        socket.refused("too_large", str(limit))
        socket.send(b'{"type": "ping"}')
        socket.refused("bad_message", "binary")
        socket.alive()


def test_a_connection_sending_too_many_messages_is_slowed_then_closed(
    config: ServerConfig, servers: Callable[..., Running]
) -> None:
    # Almost no refill, so the count is exact however slowly the test runs.
    running = servers(config, ws_messages_per_second=0.001, ws_message_burst=3)
    with Socket(running.url) as flood, Socket(running.url) as calm:
        for i in range(3):
            flood.send({"type": "ping", "ref": f"p{i}"})
            assert flood.expect("pong")["ref"] == f"p{i}"
        for _ in range(2):
            flood.send({"type": "ping"})
            flood.refused("rate_limited", "too many messages")
        flood.send({"type": "ping"})  # a whole burst refused in a row: the sender is not listening
        with pytest.raises(ConnectionClosed) as closed:
            flood.next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        calm.alive()  # another connection is not affected


def test_forged_and_wrong_submissions_change_nothing(server: Running) -> None:
    table_id, ann_token, bob_token = two_people_table(server)
    with server.client() as other:
        other_table = create(other, [human("Cy"), human("Di")])
    with server.client(ann_token) as ann_http, server.client() as anon_http:
        before = (timeless(get(ann_http, table_id)), table_log(anon_http, table_id))
    with (
        Socket(server.url, ann_token) as ann,
        Socket(server.url, bob_token) as bob,
        Socket(server.url) as anon,
        Socket(server.url, "forged-token") as forger,
    ):
        table = watch(ann, table_id)
        legal = table["legal"][0]

        def submit(socket: Socket, **changes: Any) -> None:
            socket.send({"type": "submit", "table": table_id, "seq": 0, "actions": [legal], **changes})

        submit(anon)
        anon.refused("unauthorized", "token")
        submit(forger)
        forger.refused("forbidden", "no seat")
        forger.send({"type": "watch", "table": table_id})
        forger.refused("forbidden")
        submit(bob)
        bob.refused("not_your_turn", "seat 0")
        submit(ann, table=other_table["table"]["id"])  # Ann's token at another table
        ann.refused("forbidden", "no seat")
        submit(ann, seq=5)
        ann.refused("stale", "ahead")
        submit(ann, actions=["role:nonsense"])
        ann.refused("illegal")
        submit(ann, actions=["role:builder", "role:mayor"])  # the second is not Ann's to make
        ann.refused("illegal", "action 2 of 2")
        for socket in (ann, bob, anon, forger):
            socket.alive()
    with server.client(ann_token) as ann_http, server.client() as anon_http:
        assert (timeless(get(ann_http, table_id)), table_log(anon_http, table_id)) == before
    # A duplicate: the same decision sent twice; the second is answered and changes nothing.
    with Socket(server.url, ann_token) as ann:
        watch(ann, table_id)
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"]})
        ann.expect("ok")
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"]})
        ann.refused("duplicate", "already applied")
    with server.client() as anon_http:
        assert table_log(anon_http, table_id)["seq"] == 1


def test_a_cross_site_page_cannot_open_a_websocket(sqlite_server: Running) -> None:
    with pytest.raises(InvalidStatus) as refused:
        Socket(sqlite_server.url, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    own = sqlite_server.url  # the server's own origin is welcome
    with Socket(sqlite_server.url, origin=own) as socket:
        socket.alive()


def test_presence_shows_who_has_the_table_open(server: Running) -> None:
    table_id, ann_token, bob_token = two_people_table(server)
    with Socket(server.url, ann_token) as ann:
        first = watch(ann, table_id)
        assert [s["connected"] for s in first["seats"]] == [True, False]
        with Socket(server.url, bob_token) as bob:
            watch(bob, table_id)
            ann.until("Bob to show as connected", lambda t: t["seats"][1]["connected"])
        ann.until("Bob to show as gone", lambda t: not t["seats"][1]["connected"])
        assert ann.table is not None and ann.table["seats"][1]["away_seconds"] is not None


def test_a_gone_players_seat_is_handed_to_a_bot_and_taken_back(config: ServerConfig, servers: Any) -> None:
    server = servers(config, away_seconds=0.0, stand_in_level="random")
    table_id, ann_token, bob_token = two_people_table(server)
    with server.client(ann_token) as ann_http, server.client(bob_token) as bob_http:
        act(ann_http, table_id, 0, "role:builder", "build:pass").raise_for_status()  # now Bob is to move
        with Socket(server.url, ann_token) as ann:
            table = watch(ann, table_id)
            assert table["can"]["stand_in"] == [1] and table["can"]["abandon"] is True
            # Bob may not hand Ann's seat over while Ann is here, nor his own.
            refused = bob_http.post(f"/api/tables/{table_id}/seats/0/stand-in")
            assert refused.status_code == 409 and refused.json()["code"] == "conflict", refused.text
            assert bob_http.post(f"/api/tables/{table_id}/seats/1/stand-in").status_code == 409
            handed = ann_http.post(f"/api/tables/{table_id}/seats/1/stand-in")
            assert handed.status_code == 200, handed.text
            assert handed.json()["seats"][1]["stand_in"] == "random"
            # The bot plays Bob's turns: the game moves on to Ann again.
            ann.until("the bot to move for Bob", lambda t: t["seq"] > 2 and t["to_move"] == 0)
            assert any(entry["kind"] == "stand_in" for entry in ann.log)
        # Bob is back; he cannot play while the bot has his seat, then takes it back.
        bob_view = get(bob_http, table_id)
        assert bob_view["can"]["reclaim"] is True and bob_view["legal"] == []
        assert bob_http.post(f"/api/tables/{table_id}/seats/0/reclaim").json()["code"] == "forbidden"
        back = bob_http.post(f"/api/tables/{table_id}/seats/1/reclaim")
        assert back.status_code == 200, back.text
        assert back.json()["seats"][1]["stand_in"] is None and back.json()["can"]["reclaim"] is False
        kinds = [event["kind"] for event in table_log(bob_http, table_id)["events"]]
        assert kinds == ["stand_in", "reclaim"]


def test_only_the_creator_abandons_and_the_log_is_kept(server: Running) -> None:
    table_id, ann_token, bob_token = two_people_table(server)
    with server.client(ann_token) as ann_http, server.client(bob_token) as bob_http:
        act(ann_http, table_id, 0, "role:builder").raise_for_status()
        refused = bob_http.post(f"/api/tables/{table_id}/abandon")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
        done = ann_http.post(f"/api/tables/{table_id}/abandon")
        assert done.status_code == 200 and done.json()["status"] == "abandoned"
        assert act(bob_http, table_id, 1, "pass").json()["code"] == "finished"
        assert ann_http.post(f"/api/tables/{table_id}/abandon").json()["code"] == "finished"
        log = table_log(bob_http, table_id)
        assert [a["action"] for a in log["actions"]] == ["role:builder"]
        assert log["record"]["actions"] == ["role:builder"] and log["events"][-1]["kind"] == "abandon"


def test_the_lobby_is_pushed_public_summaries(server: Running) -> None:
    with Socket(server.url) as lobby:
        lobby.send({"type": "lobby"})
        assert lobby.expect("lobby")["tables"] == []
        with server.client() as anon:
            table_id = create(anon, [human("Ann"), OPEN])["table"]["id"]
        tables = lobby.expect("lobby")["tables"]
        assert [t["id"] for t in tables] == [table_id] and tables[0]["status"] == "open"
        assert "view" not in tables[0] and "legal" not in tables[0]


HIDDEN_KEYS = ("rng", "seed", "order", "stack")


def _hidden_problems(value: Any, path: str, me: int, over: bool) -> list[str]:
    """Places in a message that carry hidden information for seat `me`."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}"
            if key in HIDDEN_KEYS and not (over and key == "seed"):
                found.append(where)
            if key == "seats" and isinstance(item, list) and path.endswith(".view") and not over:
                for index, seat in enumerate(item):
                    if index != me and isinstance(seat, dict) and "vp" in seat:
                        found.append(f"{where}[{index}].vp")
            found.extend(_hidden_problems(item, where, me, over))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_hidden_problems(item, f"{path}[{index}]", me, over))
    return found


def test_a_seat_is_never_sent_hidden_information(server: Running) -> None:
    """Every message to one seat during a whole game: no face-down plantation order, no RNG state, no
    seed, and no other seat's VP chip total (ruling R9) before the end; the log tells every VP gain."""
    with server.client() as anon:
        created = create(anon, [human("Ann"), bot("random"), bot("random")], seating="fixed")
    table_id, token = created["table"]["id"], created["tokens"][0]["token"]
    rng = random.Random(5)
    with Socket(server.url, token) as ann:
        table = watch(ann, table_id)
        while table["status"] == "playing":
            if table["legal"]:
                choice = rng.choice(table["legal"])
                # Under the server's 20 messages a second: faster, a refused submit gets no push.
                time.sleep(1 / 15)
                ann.send({"type": "submit", "table": table_id, "seq": table["seq"], "actions": [choice]})
            seq = table["seq"]
            table = ann.until(
                "the game to go on", lambda t, seq=seq: t["seq"] > seq or t["status"] != "playing"
            )
        for message in ann.received:
            over = message["type"] == "table" and message["table"]["status"] == "finished"
            assert _hidden_problems(message, "", 0, over) == [], message["type"]
        final = ann.table
    assert final is not None and final["status"] == "finished"
    with server.client() as anon:
        words = table_log(anon, table_id)["words"]
    # Every VP chip won appears in the log as a "+N VP" gain on a line naming its winner (the names
    # are "Ann", "Random bot 1", "Random bot 2"; the final score lines come after the game is over).
    names = ["Ann", "Random bot 1", "Random bot 2"]
    told = dict.fromkeys(names, 0)
    for entry in words:
        for line in entry["lines"]:
            gained = sum(int(n) for n in re.findall(r"\+(\d+) VP", line))
            if gained:
                told[next(name for name in names if line.startswith(name))] += gained
    shipped = [b["shipping"] for b in final["result"]["breakdown"]]
    assert [told[name] for name in names] == shipped


def test_a_second_tab_of_the_same_seat_gets_the_same_pushes(server: Running) -> None:
    table_id, ann_token, _ = two_people_table(server)
    with Socket(server.url, ann_token) as first, Socket(server.url, ann_token) as second:
        watch(first, table_id)
        watch(second, table_id)
        first.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"]})
        first.expect("ok")
        pushed = second.until("the push to the other tab", lambda t: t["seq"] == 1)
        assert pushed["you"]["seat"] == 0


def test_a_signed_in_guest_holds_their_seat_through_the_session_cookie(server: Running) -> None:
    with server.client() as browser:
        browser.headers["Origin"] = server.url  # a page of this server
        assert browser.post("/api/auth/guest", json={"name": "Ann"}).status_code == 201
        seats = [{"kind": "me"}, bot("random")]
        created = browser.post("/api/tables", json={"seats": seats, "seating": "fixed"})
        assert created.status_code == 201, created.text
        table = created.json()["table"]
        assert table["you"] == {"slot": 0, "seat": 0, "name": "Ann", "creator": True}
        cookie = f"isla_session={browser.cookies['isla_session']}"
    with Socket(server.url, cookie=cookie, origin=server.url) as ann:
        mine = watch(ann, table["id"])
        assert mine["you"]["seat"] == 0 and mine["legal"]
        ann.send({"type": "submit", "table": table["id"], "seq": 0, "actions": [mine["legal"][0]]})
        ann.expect("ok")
    with server.client() as stranger:
        refused = stranger.post("/api/tables", json={"seats": [{"kind": "me"}, bot()]})
        assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"


def test_a_signed_in_user_joins_an_open_seat_under_their_name(server: Running) -> None:
    with server.client() as anon:
        table_id = create(anon, [human("Ann"), OPEN])["table"]["id"]
    with server.client() as browser:
        browser.headers["Origin"] = server.url
        assert browser.post("/api/auth/guest", json={"name": "Bob"}).status_code == 201
        joined = browser.post(f"/api/tables/{table_id}/join", json={})
        assert joined.status_code == 200, joined.text
        assert joined.json()["table"]["you"]["name"] == "Bob"
        assert get(browser, table_id)["you"]["name"] == "Bob"  # the session holds the seat
        again = browser.post(f"/api/tables/{table_id}/join", json={})
        assert again.status_code == 409 and again.json()["code"] == "seat_taken"
