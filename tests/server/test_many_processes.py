"""Several real `isla serve` processes on one PostgreSQL database, sharing their tables through Redis.

Each test starts its own processes (`--redis-url`, bots at pace 0 in the server process) on the
session's PostgreSQL database, emptied; short Puerto Rico games (few victory points) against
random bots keep them quick.
"""

from __future__ import annotations

import json
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2
import pytest
import redis
from serveprocess import Serving
from servertools import OPEN, PATIENCE, bot, create, get, human, table_log, wait_for
from sqlalchemy.engine import make_url
from wstools import Socket

from isla.cli import main

SHORT = {"vp_supply": 3}  # a game of about 50-150 actions


@pytest.fixture
def start(postgres_database: str, redis_url: str) -> Iterator[Any]:
    """Start `isla serve` processes sharing the test's database through Redis: `start()`."""
    database = make_url(postgres_database).render_as_string(hide_password=False)
    forget_shared(redis_url, database)
    running: list[Serving] = []

    def serve(*more: str) -> Serving:
        serving = Serving("--database-url", database, "--redis-url", redis_url, "--bot-pace", "0",
                          "--bot-workers", "0", *more)
        running.append(serving)
        return serving

    try:
        yield serve
        for serving in running:
            if serving.process.poll() is None:
                serving.stop()
    finally:
        for serving in running:
            serving.close()


def forget_shared(redis_url: str, database: str) -> None:
    """Empty what earlier tests' processes left in Redis for this database (limits counted, leases):
    the database is emptied for each test, and so is its part of Redis."""
    with redis.Redis.from_url(redis_url) as keys:
        stale = list(keys.scan_iter(f"isla:{make_url(database).database}:*"))
        if stale:
            keys.delete(*stale)


def client(serving: Serving, token: str | None = None) -> httpx2.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx2.Client(base_url=serving.base, headers=headers, timeout=PATIENCE)


def owner_of(redis_url: str, database: str, table_id: str) -> int | None:
    """The pid of the process holding the table's lease (None: nobody)."""
    with redis.Redis.from_url(redis_url) as keys:
        holder = keys.get(f"isla:{make_url(database).database}:owner:{table_id}")
    return None if holder is None else int(holder.decode().split(":")[1])


Moves = list[tuple[int, str]]  # (seq, action) of the moves a server acknowledged


def play(sock: Socket, table_id: str, acknowledged: Moves, until: Any = None) -> dict[str, Any]:
    """Play the socket's seat (its first legal action each turn) until the game is over, or
    `until(table)` holds; every move the server acknowledged goes into `acknowledged`."""
    sock.send({"type": "watch", "table": table_id})
    sent: set[int] = set()
    while True:
        table = sock.until("my turn or the end", lambda t: t["status"] != "playing"
                           or (until is not None and until(t)) or (t["legal"] and t["seq"] not in sent))
        if table["status"] != "playing" or (until is not None and until(table)):
            return table
        seq, action = table["seq"], table["legal"][0]
        sent.add(seq)
        sock.send({"type": "submit", "table": table_id, "seq": seq, "actions": [action], "ref": str(seq)})
        answer = sock.expect_any(("ok", "error"))
        if answer["type"] == "ok":
            acknowledged.append((seq, action))
        elif answer["code"] == "rate_limited":  # a seat with many moves in a row, sent at once: slow down
            sent.discard(seq)
            time.sleep(1)


def send(http: httpx2.Client, seq: int, action: str, table_id: str) -> httpx2.Response:
    return http.post(f"/api/tables/{table_id}/actions", json={"seq": seq, "actions": [action]})


def agreed(one: Serving, two: Serving, table_id: str) -> dict[str, Any]:
    """The table once both processes' copies have caught up with each other (the same seq)."""
    with client(one) as first, client(two) as second:
        return wait_for("both processes at the same seq", lambda: (t := get(first, table_id))["seq"]
                        == get(second, table_id)["seq"] and t)


def check_log(log: dict[str, Any], table: dict[str, Any], acknowledged: Moves) -> None:
    """The log is whole (seq 0, 1, 2, ... once each), every acknowledged move is in it, every bot
    seat's action was a bot's, and bots moved only for bot seats and seats a bot stands in for."""
    actions = log["actions"]
    assert [a["seq"] for a in actions] == list(range(len(actions)))
    for seq, action in acknowledged:
        assert actions[seq]["action"] == action and actions[seq]["source"] == "player"
    bots = {seat["seat"] for seat in table["seats"] if seat["kind"] == "bot"}
    stood_in = {seat["seat"] for seat in table["seats"] if seat["stand_in"] is not None}
    assert {a["seat"] for a in actions if a["source"] == "bot"} <= bots | stood_in
    assert all(a["source"] == "bot" for a in actions if a["seat"] in bots)


def test_seats_on_two_processes_play_to_the_end_against_bots_and_see_each_others_moves(start: Any) -> None:
    one, two = start(), start()
    with client(one) as http:
        created = create(http, [human("Ann"), human("Bob"), bot(), bot()], game="puertorico",
                         seating="fixed", options=SHORT)
    table_id = created["table"]["id"]
    tokens = {t["name"]: t["token"] for t in created["tokens"]}
    results: dict[str, dict[str, Any]] = {}
    acknowledged: list[tuple[int, str]] = []

    def seat(name: str, serving: Serving) -> None:
        with Socket(serving.base, token=tokens[name]) as sock:
            try:
                results[name] = play(sock, table_id, acknowledged)
            except (AssertionError, TimeoutError) as error:  # a stall: what this seat saw last, said below
                results[name + " stalled"] = {"error": repr(error), "table": sock.table}
                raise
            results[name + " log"] = {"entries": sock.log}

    players = [threading.Thread(target=seat, args=pair) for pair in (("Ann", one), ("Bob", two))]
    for player in players:
        player.start()
    for player in players:
        player.join(PATIENCE)
    with client(one) as first, client(two) as second:
        copies = {"one": get(first, table_id), "two": get(second, table_id)}
    assert "Ann" in results and "Bob" in results, json.dumps([results, copies, one.logged(), two.logged()])
    assert results["Ann"]["status"] == results["Bob"]["status"] == "finished"
    assert results["Ann"]["seq"] == results["Bob"]["seq"]
    # Each saw the other's moves (seat 0 is Ann's, seat 1 Bob's: fixed seating), pushed by its own process.
    for name, other in (("Ann", 1), ("Bob", 0)):
        entries = results[name + " log"]["entries"]
        assert any(e["seat"] == other and e["kind"] == "action" for e in entries)
    with client(one) as first, client(two) as second:
        log = table_log(first, table_id)
        assert table_log(second, table_id)["actions"] == log["actions"]
        check_log(log, get(first, table_id), acknowledged)
    for serving in (one, two):
        assert "not applied" not in serving.logged() and "conflict" not in serving.logged(), serving.logged()


def test_a_table_made_on_one_process_shows_in_the_others_lobby_and_starts_when_joined_there(
    start: Any,
) -> None:
    one, two = start(), start()
    with Socket(two.base) as lobby, Socket(one.base) as ann_socket:
        lobby.send({"type": "lobby"})
        lobby.expect("lobby")
        with client(one) as http:
            created = create(http, [human("Ann"), OPEN, bot()], game="puertorico", seating="fixed",
                             options=SHORT)
        table_id = created["table"]["id"]
        while not any(t["id"] == table_id for t in lobby.expect("lobby")["tables"]):
            pass  # the notice reaches the other process, whose lobby is pushed
        ann_socket.send({"type": "watch", "table": table_id})
        ann_socket.until("the table, open", lambda t: t["status"] == "open")
        with client(two) as http:
            joined = http.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
        assert joined.status_code == 200, joined.text
        # Ann, on the first process, sees Bob (who joined on the second) sit down and the game start.
        table = ann_socket.until("the game to start", lambda t: t["status"] == "playing")
        assert [seat["name"] for seat in table["seats"]][:2] == ["Ann", "Bob"]


def test_two_processes_never_both_accept_the_same_seq(start: Any) -> None:
    one, two = start(), start()
    with client(one) as http:
        created = create(http, [human("Ann"), human("Bob")], game="puertorico", seating="fixed",
                         options=SHORT)
    table_id = created["table"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    pool = ThreadPoolExecutor(2)
    for _round in range(6):
        table = agreed(one, two, table_id)
        mover = tokens[table["to_move"]]
        with client(one, mover) as here, client(two, mover) as there:
            legal = get(here, table_id)["legal"]
            moves = [(here, table["seq"], legal[0]), (there, table["seq"], legal[-1])]
            answers = list(pool.map(lambda move: send(*move, table_id), moves))
        accepted = [a for a in answers if a.status_code == 200]
        refused = [a for a in answers if a.status_code != 200]
        assert len(accepted) == 1 and len(refused) == 1, [a.text for a in answers]
        assert refused[0].status_code == 409, refused[0].text
        assert refused[0].json()["code"] in ("conflict", "stale"), refused[0].text
        winner = moves[answers.index(accepted[0])][2]
        with client(two) as reader:
            assert table_log(reader, table_id)["actions"][table["seq"]]["action"] == winner
    pool.shutdown()
    # Sent to one process and then, the same seq, to the other: the second is told it is behind.
    table = agreed(one, two, table_id)
    mover = tokens[table["to_move"]]
    with client(one, mover) as here, client(two, mover) as there:
        legal = get(here, table_id)["legal"]
        assert send(here, table["seq"], legal[0], table_id).status_code == 200
        late = send(there, table["seq"], legal[-1], table_id)
        assert late.status_code == 409, late.text
        assert late.json()["code"] in ("conflict", "stale", "duplicate"), late.text


def test_kill_9_of_a_tables_owner_hands_it_to_the_other_process_and_the_bots_go_on(
    start: Any, postgres_database: str, redis_url: str
) -> None:
    one, two = start(), start()
    with client(one) as http:
        created = create(http, [human("Ann"), bot(), bot(), bot()], game="puertorico", seating="fixed",
                         options=SHORT)
    table_id = created["table"]["id"]
    token = created["tokens"][0]["token"]
    owner = wait_for("an owner", lambda: owner_of(redis_url, postgres_database, table_id))
    dying, staying = (one, two) if owner == one.pid else (two, one)
    assert owner == dying.pid
    acknowledged: list[tuple[int, str]] = []
    with Socket(staying.base, token=token) as sock:
        table = play(sock, table_id, acknowledged, until=lambda _table: len(acknowledged) >= 3)
        assert table["status"] == "playing"
        dying.kill()
        # The staying process takes the lease once it expires, and the bots play on: to the end.
        table = play(sock, table_id, acknowledged)
    assert table["status"] == "finished" and len(acknowledged) > 3
    assert owner_of(redis_url, postgres_database, table_id) in (None, staying.pid)
    with client(staying) as http:
        check_log(table_log(http, table_id), get(http, table_id), acknowledged)
    assert "taken over" not in staying.logged()  # nobody took it from the staying one meanwhile
    assert "not applied" not in staying.logged(), staying.logged()  # no bot move was made twice


def test_a_deadline_passes_once_across_processes_and_the_stand_in_plays_on(start: Any) -> None:
    one, two = start(), start()
    clock = {"mode": "realtime", "bank": 1, "increment": 0, "on_timeout": "stand-in",
             "stand_in_level": "easy"}
    with client(one) as http:
        created = create(http, [human("Ann"), bot()], game="puertorico", seating="fixed", options=SHORT,
                         clock=clock)
    table_id = created["table"]["id"]
    with Socket(two.base, token=created["tokens"][0]["token"]) as sock:  # Ann looks on, never moving
        sock.send({"type": "watch", "table": table_id})
        table = sock.until("the end", lambda t: t["status"] == "finished")
    assert table["clocks"]["out"] == [0]
    with client(two) as http:
        log = table_log(http, table_id)
    assert [e["seat"] for e in log["events"] if e["kind"] == "timeout"] == [0]  # once, not once a process
    assert any(a["seat"] == 0 for a in log["actions"])  # the stand-in played Ann's seat
    check_log(log, table, [])
    for serving in (one, two):
        assert "not applied" not in serving.logged(), serving.logged()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--redis-url", "redis://127.0.0.1:6379/0"], "--redis-url needs PostgreSQL"),
        (["--redis-url", "http://127.0.0.1:6379"], "cannot read the Redis URL"),
    ],
)
def test_redis_url_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, args: list[str], needle: str
) -> None:
    status = main(["serve", "--data-dir", str(tmp_path), *args])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("isla: ") and needle in err, err


def test_redis_url_without_the_redis_extra_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    for module in ("redis", "redis.asyncio"):
        monkeypatch.setitem(__import__("sys").modules, module, None)  # as if it were not installed
    status = main(["serve", "--data-dir", str(tmp_path), "--database-url",
                   "postgresql+asyncpg://postgres@127.0.0.1:5432/isla", "--redis-url", "redis://127.0.0.1:6379/0"])
    _out, err = capsys.readouterr()
    assert status == 2 and len(err.splitlines()) == 1, err
    assert err == ("isla: --redis-url needs its client redis, which is not installed: "
                   "pip install 'isla[redis]'\n")


class PrivateRedis:
    """A Redis server of the test's own on a free port (so that it can be stopped), without
    persistence: started again, it is empty, as a Redis that lost everything."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        with redis.Redis.from_url(self.url) as keys:
            wait_for("the test's Redis to answer", lambda: _pings(keys))

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(PATIENCE)
            self.process = None


def _pings(keys: redis.Redis) -> bool:
    try:
        return bool(keys.ping())
    except redis.ConnectionError:
        return False


def test_without_redis_the_processes_serve_from_the_database_and_catch_up_when_it_answers(
    postgres_database: str,
) -> None:
    private = PrivateRedis()
    private.start()
    database = make_url(postgres_database).render_as_string(hide_password=False)
    both = [Serving("--database-url", database, "--redis-url", private.url, "--bot-pace", "0",
                    "--bot-workers", "0") for _ in range(2)]
    try:
        one, two = both
        with client(one) as http:
            created = create(http, [human("Ann"), bot()], game="puertorico", seating="fixed", options=SHORT)
        table_id = created["table"]["id"]
        acknowledged: Moves = []
        with Socket(two.base, token=created["tokens"][0]["token"]) as sock:
            # Two moves, and Ann is to move again (the bot's move came through Redis): Redis stops.
            play(sock, table_id, acknowledged, until=lambda table: len(acknowledged) >= 2 and table["legal"]
                 and table["seq"] > acknowledged[-1][0])
            private.stop()
            for serving in both:
                wait_for("each process to notice", lambda s=serving: "is not available" in s.logged())
            # Ann's move is made (the database takes it) though no other process hears of it now.
            table = play(sock, table_id, acknowledged, until=lambda _table: len(acknowledged) >= 3)
            assert len(acknowledged) == 3
            private.start()
            # Once Redis answers, the processes catch up and the game goes on to its end.
            table = play(sock, table_id, acknowledged)
        assert table["status"] == "finished"
        with client(one) as http:
            check_log(table_log(http, table_id), get(http, table_id), acknowledged)
        for serving in both:
            serving.stop()  # cleanly, without a traceback
            logged = serving.logged()
            assert f"Redis at {private.url} is not available" in logged, logged
            assert f"Redis at {private.url} answers again" in logged, logged
    finally:
        for serving in both:
            serving.close()
        private.stop()


AWAY = 1.0  # --away-seconds of the presence test's processes


def seat_connected(table: dict[str, Any], slot: int) -> bool:
    return bool(next(s for s in table["seats"] if s["slot"] == slot)["connected"])


def test_a_player_connected_to_one_process_is_present_on_the_other_and_not_handed_to_a_bot(
    start: Any,
) -> None:
    patience = ("--away-seconds", str(AWAY), "--idle-seconds", "600")
    one, two = start(*patience), start(*patience)
    with client(one) as http:
        created = create(http, [human("Ann"), human("Bob")], game="puertorico", seating="fixed",
                         options=SHORT)
    table_id = created["table"]["id"]
    ann, bob = (t["token"] for t in created["tokens"])
    with Socket(two.base, token=bob) as bob_socket, client(two, bob) as bob_http:
        bob_socket.send({"type": "watch", "table": table_id})
        with Socket(one.base, token=ann) as ann_socket:
            ann_socket.send({"type": "watch", "table": table_id})
            bob_socket.until("Ann, on the other process, present", lambda t: seat_connected(t, 0))
            time.sleep(AWAY + 1.0)  # what is tested is this time passing without Ann counting as away
            table = get(bob_http, table_id)
            assert seat_connected(table, 0) and table["seats"][0]["away_seconds"] is None, table
            assert table["can"]["stand_in"] == [], table
            refused = bob_http.post(f"/api/tables/{table_id}/seats/0/stand-in", json={})
            assert refused.status_code == 409 and "is here" in refused.json()["error"], refused.text
        # Ann closes her page on the first process: the second sees her go, and after AWAY her seat
        # may be handed to a bot there.
        table = bob_socket.until("Ann away, her seat to hand over", lambda t: t["can"]["stand_in"] == [0])
        assert not seat_connected(table, 0)
        handed = bob_http.post(f"/api/tables/{table_id}/seats/0/stand-in", json={})
        assert handed.status_code == 200, handed.text


def chats(sock: Socket, room: str) -> list[str]:
    """The texts of the new (not history) chat messages the socket got for the room."""
    return [m["text"] for message in sock.received if message["type"] == "chat" and message["room"] == room
            and not message["history"] for m in message["messages"]]


def heard(sock: Socket, room: str, text: str) -> None:
    """Read until the socket has the chat message `text` in the room."""
    while text not in chats(sock, room):
        sock.expect("chat")


def test_a_chat_message_said_on_one_process_reaches_the_others_followers_once(start: Any) -> None:
    one, two = start(), start()
    with client(one) as http:
        created = create(http, [human("Ann"), human("Bob")], game="puertorico", seating="fixed",
                         options=SHORT)
    table_id = created["table"]["id"]
    ann, bob = (t["token"] for t in created["tokens"])
    with Socket(one.base, token=ann) as ann_socket, Socket(two.base, token=bob) as bob_socket:
        for sock in (ann_socket, bob_socket):
            sock.send({"type": "watch", "table": table_id})
            sock.expect("chat")  # the history
        ann_socket.send({"type": "chat", "text": "good luck, Bob"})
        bob_socket.send({"type": "chat", "text": "and to you"})
        for sock in (ann_socket, bob_socket):
            heard(sock, table_id, "and to you")
            heard(sock, table_id, "good luck, Bob")
        ann_socket.send({"type": "chat", "text": "the last one"})  # after it, nothing more may come
        for sock in (ann_socket, bob_socket):
            heard(sock, table_id, "the last one")
            # Each message once (the two first in either order: they were said at the same time).
            assert sorted(chats(sock, table_id)) == ["and to you", "good luck, Bob", "the last one"]
    with Socket(one.base) as lobby_one, Socket(two.base) as lobby_two, client(one) as http:
        guest = as_guest(http, one, "Cleo")
        assert guest.status_code == 201, guest.text
        for sock in (lobby_one, lobby_two):
            sock.send({"type": "lobby"})
            sock.expect("chat")
        cookie = f"isla_session={guest.cookies['isla_session']}"
        with Socket(one.base, origin=one.base, cookie=cookie) as cleo:
            cleo.send({"type": "lobby"})
            cleo.expect("chat")
            cleo.send({"type": "chat", "text": "anyone for a game?"})
            cleo.send({"type": "chat", "text": "anyone?"})
            for sock in (lobby_one, lobby_two):
                heard(sock, "lobby", "anyone?")
                assert chats(sock, "lobby") == ["anyone for a game?", "anyone?"]


def test_the_watcher_count_on_one_process_counts_the_others_spectators(start: Any) -> None:
    one, two = start(), start()
    with client(one) as http:
        created = create(http, [human("Ann"), bot()], game="puertorico", seating="fixed", options=SHORT)
    table_id = created["table"]["id"]
    ann = created["tokens"][0]["token"]

    def watchers(sock: Socket) -> int:
        return int(sock.expect("watchers")["count"])

    with Socket(two.base, token=ann) as ann_socket:
        ann_socket.send({"type": "watch", "table": table_id})
        assert watchers(ann_socket) == 0
        with Socket(one.base) as first, Socket(one.base) as second:
            for sock in (first, second):
                sock.send({"type": "watch", "table": table_id})
            wait_for("two spectators on the other process", lambda: watchers(ann_socket) == 2)
            with Socket(two.base) as third:
                third.send({"type": "watch", "table": table_id})
                assert wait_for("a third, here", lambda: watchers(third) == 3)
        wait_for("the spectators gone", lambda: watchers(ann_socket) == 0)


def test_without_redis_a_chat_message_still_reaches_its_own_processs_followers(
    postgres_database: str,
) -> None:
    private = PrivateRedis()
    private.start()
    database = make_url(postgres_database).render_as_string(hide_password=False)
    serving = Serving("--database-url", database, "--redis-url", private.url, "--bot-workers", "0")
    try:
        with client(serving) as http:
            created = create(http, [human("Ann"), human("Bob")], game="puertorico", options=SHORT)
        table_id = created["table"]["id"]
        with Socket(serving.base, token=created["tokens"][0]["token"]) as ann, Socket(serving.base) as cleo:
            for sock in (ann, cleo):
                sock.send({"type": "watch", "table": table_id})
                sock.expect("chat")
            private.stop()
            ann.send({"type": "chat", "text": "is anyone there?"})
            for sock in (ann, cleo):
                heard(sock, table_id, "is anyone there?")
            outage = f"Redis at {private.url} is not available"
            wait_for("the outage said", lambda: outage in serving.logged())
            ann.send({"type": "chat", "text": "still here"})
            heard(cleo, table_id, "still here")
        serving.stop()  # cleanly, without a traceback
    finally:
        serving.close()
        private.stop()


def test_a_chat_flood_is_counted_across_processes(start: Any) -> None:
    one, two = (start("--chat-messages", "3", "--chat-window-seconds", "600") for _ in range(2))
    with client(one) as http:
        created = create(http, [human("Ann"), human("Bob")], game="puertorico", options=SHORT)
    table_id, ann = created["table"]["id"], created["tokens"][0]["token"]
    with Socket(one.base, token=ann) as here, Socket(two.base, token=ann) as there:
        for sock in (here, there):
            sock.send({"type": "watch", "table": table_id})
            sock.expect("chat")
        for n, sock in enumerate((here, here, there)):  # three in the window, on either process
            sock.send({"type": "chat", "text": f"message {n}"})
            heard(sock, table_id, f"message {n}")
        there.send({"type": "chat", "text": "one too many"})
        there.refused("rate_limited", "too many chat messages")
        here.send({"type": "chat", "text": "one too many"})
        here.refused("rate_limited", "too many chat messages")


def as_guest(http: httpx2.Client, serving: Serving, name: str) -> httpx2.Response:
    return http.post("/api/auth/guest", json={"name": name}, headers={"Origin": serving.base})


def test_sign_ins_from_one_address_are_counted_across_processes(start: Any) -> None:
    one, two = start(), start()
    burst = 20  # ServerConfig.sign_in_burst
    with client(one) as first, client(two) as second:
        for n in range(burst):  # half on each process
            http, serving = (first, one) if n % 2 else (second, two)
            signed = as_guest(http, serving, f"Guest {n}")
            assert signed.status_code == 201, signed.text
        for http, serving in ((first, one), (second, two)):
            refused = as_guest(http, serving, "One more")
            assert refused.json()["code"] == "too_many", refused.text


def test_failed_logins_for_a_name_from_one_address_are_counted_across_processes(start: Any) -> None:
    one, two = start(), start()

    def login(http: httpx2.Client, serving: Serving, password: str) -> httpx2.Response:
        return http.post("/api/auth/login", json={"name": "Ann", "password": password},
                         headers={"Origin": serving.base})

    with client(one) as first, client(two) as second:
        made = first.post("/api/auth/register", json={"name": "Ann", "password": "Ann's secret 1"},
                          headers={"Origin": one.base})
        assert made.status_code == 201, made.text
        for n in range(5):  # signins.LOGIN_FAILURES, on both processes
            http, serving = (first, one) if n % 2 else (second, two)
            wrong = login(http, serving, f"guess {n}")
            assert wrong.json()["code"] == "bad_login", wrong.text
        for http, serving in ((first, one), (second, two)):  # the right password waits too, on either
            refused = login(http, serving, "Ann's secret 1")
            assert refused.status_code == 429 and refused.json()["code"] == "too_many", refused.text
            assert "failed sign-ins for this name" in refused.json()["error"], refused.text


def test_the_connections_of_a_killed_process_are_gone_for_the_others_after_its_ttl(start: Any) -> None:
    patience = ("--away-seconds", str(AWAY), "--idle-seconds", "600")
    one, two = start(*patience), start(*patience)
    with client(one) as http:
        created = create(http, [human("Ann"), human("Bob")], game="puertorico", seating="fixed",
                         options=SHORT)
    table_id = created["table"]["id"]
    ann, bob = (t["token"] for t in created["tokens"])
    with Socket(two.base, token=bob) as bob_socket, Socket(one.base, token=ann) as ann_socket:
        bob_socket.send({"type": "watch", "table": table_id})
        ann_socket.send({"type": "watch", "table": table_id})
        bob_socket.until("Ann, on the other process, present", lambda t: seat_connected(t, 0))
        one.kill()  # no goodbye: its hash of connections expires in Redis (lease_seconds)
        table = bob_socket.until("Ann gone with her process", lambda t: t["can"]["stand_in"] == [0])
        assert not seat_connected(table, 0)
