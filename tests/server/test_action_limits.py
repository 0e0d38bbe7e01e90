"""One submission carries at most MAX_ACTIONS actions of at most MAX_ACTION_TEXT characters each,
over HTTP (422 `invalid`) and over the WebSocket (`bad_message`) alike; nothing changes."""

from __future__ import annotations

from servertools import Running, act, get
from test_ws import two_people_table, watch
from wstools import Socket

from isla.server.tables import MAX_ACTION_TEXT, MAX_ACTIONS


def test_http_and_websocket_share_the_action_count_limit(server: Running) -> None:
    table_id, ann_token, _bob = two_people_table(server)
    too_many = ["pass"] * (MAX_ACTIONS + 1)
    with server.client(ann_token) as ann, Socket(server.url, ann_token) as socket:
        answer = act(ann, table_id, 0, *too_many)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid", answer.text
        watch(socket, table_id)
        socket.send({"type": "submit", "table": table_id, "seq": 0, "actions": too_many})
        socket.refused("bad_message", f"at most {MAX_ACTIONS} actions")
        # At the limit, the count is no reason to refuse: the game judges the actions.
        socket.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["pass"] * MAX_ACTIONS})
        socket.refused("illegal")
        assert act(ann, table_id, 0, *(["pass"] * MAX_ACTIONS)).json()["code"] == "illegal"
        assert get(ann, table_id)["seq"] == 0


def test_http_and_websocket_refuse_an_over_long_action_text(server: Running) -> None:
    table_id, ann_token, _bob = two_people_table(server)
    long_text = "role:" + "x" * MAX_ACTION_TEXT
    with server.client(ann_token) as ann, Socket(server.url, ann_token) as socket:
        answer = act(ann, table_id, 0, long_text)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid", answer.text
        assert str(MAX_ACTION_TEXT) in answer.json()["error"]
        watch(socket, table_id)
        socket.send({"type": "submit", "table": table_id, "seq": 0, "actions": [long_text]})
        socket.refused("bad_message", f"at most {MAX_ACTION_TEXT} characters")
        socket.alive()
        assert get(ann, table_id)["seq"] == 0
