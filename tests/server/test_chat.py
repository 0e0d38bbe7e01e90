"""Chat over the game's WebSocket (SQLite and PostgreSQL): kept across a restart, limited per
person, refused clearly when malformed, closed to spectators by the creator, never a game change;
and the watcher count pushed to everyone at the table."""

from __future__ import annotations

from typing import Any

from rankedtools import guest
from servertools import Running, create, get, human, serve
from wstools import Socket

from isla.server import ServerConfig


def chats(socket: Socket, room: str) -> list[dict[str, Any]]:
    """Every chat message the socket got for the room, history and new ones, in order."""
    return [m for msg in socket.received if msg["type"] == "chat" and msg["room"] == room
            for m in msg["messages"]]


def said(socket: Socket, room: str, text: str) -> dict[str, Any]:
    """Wait for `text` to arrive in the room; the message."""
    while True:
        found = [m for m in chats(socket, room) if m["text"] == text]
        if found:
            return found[-1]
        socket.expect("chat")


def test_table_and_lobby_chat_survive_a_server_restart(config: ServerConfig) -> None:
    with serve(config) as first:
        with first.client() as anon:
            created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
        table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
        with Socket(first.url, ann_token) as ann:
            ann.send({"type": "watch", "table": table_id})
            assert ann.expect("chat")["history"] is True
            ann.send({"type": "chat", "text": "good luck <b>all</b>", "ref": "c1"})
            assert ann.expect("ok")["ref"] == "c1"
            message = said(ann, table_id, "good luck <b>all</b>")
            assert message["name"] == "Ann" and message["seat"] == 0 and message["spectator"] is False
            assert message["seq"] == 0
        with guest(first, "Cy") as cy:
            cookie = f"isla_session={cy.cookies['isla_session']}"
            with Socket(first.url, origin=first.url, cookie=cookie) as lobby:
                lobby.send({"type": "lobby"})
                lobby.send({"type": "chat", "text": "anyone for a game?"})
                assert said(lobby, "lobby", "anyone for a game?")["name"] == "Cy"
    # The first has stopped: all it knew is in the database.
    with serve(config) as second, Socket(second.url) as spectator:
            spectator.send({"type": "watch", "table": table_id})
            history = spectator.expect("chat")
            assert history["history"] is True
            assert [m["text"] for m in history["messages"]] == ["good luck <b>all</b>"]
            spectator.send({"type": "lobby"})
            lobby_history = spectator.expect("chat")
            assert [m["text"] for m in lobby_history["messages"]] == ["anyone for a game?"]


def test_a_chat_flood_is_rate_limited_and_bad_messages_are_refused_with_nothing_stored(
    server: Running,
) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
    before = get(anon_client := server.client(), table_id)
    with Socket(server.url, ann_token) as ann:
        ann.send({"type": "watch", "table": table_id})
        ann.expect("chat")
        for bad, needle in (({"text": ""}, "empty"), ({"text": "   "}, "empty"), ({}, "'text'"),
                            ({"text": 5}, "'text'"), ({"text": "x" * 501}, "at most 500")):
            ann.send({"type": "chat", **bad})
            ann.refused("invalid", needle)
        ann.send({"type": "chat", "text": "y" * 500})
        ann.expect("ok")
        burst = server.config.chat_messages
        # A second page of the same person shares the limit: it counts people, not sockets.
        with Socket(server.url, ann_token) as again:
            again.send({"type": "watch", "table": table_id})
            again.expect("chat")
            for n in range(burst * 3):
                again.send({"type": "chat", "text": f"flood {n}", "ref": str(n)})
            answers = [again.expect_any(("ok", "error")) for _ in range(burst * 3)]
        refused = [a for a in answers if a["type"] == "error"]
        assert refused and all(a["code"] == "rate_limited" for a in refused)
        assert len([a for a in answers if a["type"] == "ok"]) < burst * 2
    with Socket(server.url) as spectator:
        spectator.send({"type": "watch", "table": table_id})
        texts = [m["text"] for m in spectator.expect("chat")["messages"]]
    assert "y" * 500 in texts and not any(t.strip() == "" or len(t) > 500 for t in texts)
    assert len([t for t in texts if t.startswith("flood")]) == len(answers) - len(refused)
    after = get(anon_client, table_id)
    anon_client.close()
    assert after["seq"] == before["seq"] == 0 and after["view"] == before["view"]  # no game change


def test_watchers_are_counted_and_the_creator_can_close_spectator_chat(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
    with Socket(server.url, ann_token) as ann, guest(server, "Dee") as dee_client:
        ann.send({"type": "watch", "table": table_id})
        assert ann.expect("watchers")["count"] == 0
        cookie = f"isla_session={dee_client.cookies['isla_session']}"
        with Socket(server.url, origin=server.url, cookie=cookie) as dee:
            dee.send({"type": "watch", "table": table_id})
            assert dee.expect("watchers")["count"] == 1
            while ann.expect("watchers")["count"] != 1:
                pass
            dee.send({"type": "chat", "text": "hello from the rail"})
            message = said(ann, table_id, "hello from the rail")
            assert message["spectator"] is True and message["name"] == "Dee" and message["seat"] is None
            dee.send({"type": "spectator_chat", "open": False})
            dee.refused("forbidden", "creator")
            ann.send({"type": "spectator_chat", "open": False, "ref": "close"})
            ann.expect("ok")
            dee.until("spectator chat to close", lambda t: t["spectator_chat"] is False)
            dee.send({"type": "chat", "text": "still here"})
            dee.refused("forbidden", "closed")
            ann.send({"type": "chat", "text": "players still talk"})
            said(dee, table_id, "players still talk")
        while ann.expect("watchers")["count"] != 0:
            pass
    with Socket(server.url) as nobody:  # not signed in, no seat: may watch, not speak
        nobody.send({"type": "watch", "table": table_id})
        nobody.expect("chat")
        nobody.send({"type": "chat", "text": "hi"})
        nobody.refused("forbidden", "sign in")


def test_the_replay_shows_the_chat_at_the_moves_it_was_said_at(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
    with Socket(server.url, ann_token) as ann:
        ann.send({"type": "watch", "table": table_id})
        ann.send({"type": "chat", "text": "before"})
        said(ann, table_id, "before")
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"]})
        ann.until("the move", lambda t: t["seq"] >= 1)
        ann.send({"type": "chat", "text": "after"})
        said(ann, table_id, "after")
    with server.client(ann_token) as client:
        replay = client.get(f"/api/tables/{table_id}/replay")
        assert replay.status_code == 200, replay.text
    chat = replay.json()["chat"]
    assert [(m["text"], m["seq"]) for m in chat] == [("before", 0), ("after", 1)]
