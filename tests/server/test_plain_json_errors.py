"""Malformed JSON is answered with a plain line of our own, not the parser's internal message
(which names positions and the parser's grammar: "Expecting property name enclosed in double
quotes: line 1 column 2 (char 1)")."""

from __future__ import annotations

from servertools import Running
from wstools import Socket

PARSER_WORDS = ("Expecting", "line 1", "column", "char ")


def test_a_malformed_http_body_gets_a_plain_error(sqlite_server: Running) -> None:
    with sqlite_server.client() as client:
        answer = client.post("/api/tables", content=b"{seats", headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "malformed JSON in the request body: send one JSON object",
                             "code": "bad_request"}


def test_a_malformed_websocket_message_gets_a_plain_error(sqlite_server: Running) -> None:
    with Socket(sqlite_server.url) as socket:
        socket.send("{type")
        error = socket.refused("bad_message", "malformed JSON")
        assert not any(word in error["error"] for word in PARSER_WORDS), error
        socket.alive()
