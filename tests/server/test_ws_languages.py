"""Each player at one table reads the log in words in their own language, and may switch it at any
time over the WebSocket (`{"type": "lang"}`): the whole log comes again in it (`replace`), the game
where it was, and every later push is in it too, while the others keep theirs."""

from __future__ import annotations

from servertools import Running, create, human
from wstools import Socket


def _lines(message: dict[str, object]) -> list[str]:
    entries = message["entries"]
    assert isinstance(entries, list)
    return [line for entry in entries for line in entry["lines"]]


def test_each_player_switches_the_language_of_their_own_log(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id = created["table"]["id"]
    ann_token, bob_token = created["tokens"][0]["token"], created["tokens"][1]["token"]
    with Socket(server.url, ann_token) as ann, Socket(server.url, bob_token) as bob:
        for socket in (ann, bob):
            socket.send({"type": "watch", "table": table_id})
            socket.expect("table")
            socket.expect("log")
        ann.send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"], "ref": "m1"})
        assert ann.expect("ok")["seq"] == 1
        assert "Ann takes the builder." in _lines(bob.expect("log"))
        ann.expect("log")

        ann.send({"type": "lang", "lang": "de-AT"})
        assert ann.expect("lang")["lang"] == "de"
        again = ann.expect("log")
        assert again["replace"] is True
        assert "Ann wählt den Baumeister." in _lines(again)
        assert ann.table is not None and ann.table["seq"] == 1  # the game is where it was

        ann.send({"type": "submit", "table": table_id, "seq": 1, "actions": ["build:pass"], "ref": "m2"})
        assert ann.expect("ok")["seq"] == 2
        assert "Ann baut nichts." in _lines(ann.expect("log"))
        assert "Ann builds nothing." in _lines(bob.expect("log"))  # Bob keeps his language

        ann.send({"type": "lang", "lang": "klingon"})
        assert ann.expect("error")["code"] == "bad_message"
