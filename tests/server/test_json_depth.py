"""JSON nested deeper than the protocol needs is refused before it is parsed: a WebSocket message
with a list 50,000 deep gets `bad_message`, an HTTP body with a plan 3,000 deep a 400
`bad_request`; nothing changes and the connection goes on (a parser recursing that deep used to end
in an internal error). The deepest legal messages are far from the limit."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from servertools import Running, get, human, table_log
from test_ws import two_people_table, watch
from wstools import Socket

from isla.server import ServerConfig
from isla.server.jsondepth import MAX_DEPTH, too_deep

DEPTH_ERROR = f"the request body nests more than {MAX_DEPTH} lists or objects deep"


def nested_list(depth: int) -> str:
    return "[" * depth + "]" * depth


def nested_plan(depth: int) -> str:
    """A plan of objects `depth` deep, as text (json.dumps itself gives up at about 1,000)."""
    return '{"storage": ' * (depth - 1) + "{}" + "}" * (depth - 1)


def test_a_websocket_message_nested_50000_deep_is_a_bad_message(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    # Room for the whole message (100 kB): the depth, not the size, is what is refused.
    server = servers(config, max_message_bytes=256 * 1024)
    table_id, ann_token, _bob = two_people_table(server)
    with Socket(server.url, ann_token) as ann:
        before = watch(ann, table_id)
        deep = nested_list(50_000)
        ann.send(f'{{"type": "submit", "table": "{table_id}", "seq": 0, "actions": {deep}, "ref": "deep"}}')
        error = ann.refused("bad_message", f"at most {MAX_DEPTH}")
        assert error["ref"] is None  # the message was not read, so neither was its ref
        ann.alive()
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder", "build:pass"]})
        ann.expect("ok")  # the table is as it was: the first move is still to make
    assert before["seq"] == 0


def test_an_http_body_with_a_plan_3000_deep_is_a_bad_request(server: Running) -> None:
    table_id, ann_token, _bob = two_people_table(server)
    with server.client(ann_token) as ann:
        before = get(ann, table_id)
        body = f'{{"seq": 0, "plan": {nested_plan(3_000)}}}'
        answer = ann.post(f"/api/tables/{table_id}/actions", content=body,
                          headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json() == {"error": DEPTH_ERROR, "code": "bad_request"}
        assert get(ann, table_id)["seq"] == before["seq"] == 0 and table_log(ann, table_id)["actions"] == []
        # The same connection serves the next request, and a plan of legal depth is the game's to judge.
        legal_depth = ann.post(f"/api/tables/{table_id}/actions",
                               json={"seq": 0, "plan": {"storage": {"warehouse": ["corn"]}}})
        assert legal_depth.json()["code"] == "illegal", legal_depth.text


def test_a_create_body_nested_too_deep_is_refused_and_creates_nothing(server: Running) -> None:
    with server.client() as anon:
        seats = json.dumps([human("Ann"), human("Bob")])
        body = f'{{"seats": {seats}, "options": {{"balanced": {nested_list(3_000)}}}}}'
        answer = anon.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json() == {"error": DEPTH_ERROR, "code": "bad_request"}  # ours, not the parser's
        assert anon.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        (nested_list(MAX_DEPTH), False),
        (nested_list(MAX_DEPTH + 1), True),
        ('{"a": "' + "[" * 100 + '"}', False),  # brackets in a string are text
        ('{"a\\"[[[[[[[[[[[[[[[[[[[[": 1}', False),  # so are they after an escaped quote
        ('["\\\\", ' + nested_list(MAX_DEPTH) + "]", True),  # an escaped backslash ends no string
        ('{"seq": 0, "plan": {"storage": {"warehouse": ["corn"]}}}', False),
        ("[" * 100_000, True),  # unclosed: measured all the same
    ],
)
def test_the_depth_is_measured_outside_strings(text: str, deep: bool) -> None:
    assert too_deep(text) is deep
    assert too_deep(text.encode("utf-8")) is deep
