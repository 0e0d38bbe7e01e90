"""The server's refusals in the reader's language: over HTTP by `?lang=`, else the signed-in
account's language, else Accept-Language, else English; over the WebSocket in the connection's
language (`?lang=` or Accept-Language when it opens, `{"type": "lang"}` later). The codes stay
English whatever the language, and without any choice every message is the English it always was.
"""

# Chinese is written with its own full-width punctuation, which RUF001 takes for look-alikes.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Any

import httpx2
from servertools import PATIENCE, Running, create, human
from wstools import Socket

# The table every test refuses things at: Ann and Bob, fixed seats, so it starts at once and
# seat 0 (Ann) is to move.
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
BUILDER = {"seq": 0, "actions": ["role:builder"]}


def started_table(server: Running) -> tuple[str, str]:
    """A table of two that has started; its id and the token of Bob (seat 1, not to move)."""
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    return created["table"]["id"], created["tokens"][1]["token"]


def refusals(server: Running, table_id: str, bob: str, headers: dict[str, str], query: str = "") -> list[Any]:
    """Four refusals (404, 409, 401, 409) and an unknown endpoint's 404: (status, code, message)."""
    with httpx2.Client(base_url=server.url, headers=headers, timeout=PATIENCE) as client:
        answers = [
            client.get(f"/api/tables/nope{query}"),
            client.post(f"/api/tables/{table_id}/join{query}", json={"name": "Cat"}),
            client.post(f"/api/tables/{table_id}/actions{query}", json=BUILDER),
            client.post(f"/api/tables/{table_id}/actions{query}", headers={"Authorization": f"Bearer {bob}"},
                        json=BUILDER),
            client.get(f"/api/no-such-thing{query}"),
        ]
    return [(a.status_code, a.json()["code"], a.json()["error"]) for a in answers]


def test_http_refusals_come_in_german_chinese_or_english_as_the_reader_asks(server: Running) -> None:
    table_id, bob = started_table(server)

    assert refusals(server, table_id, bob, {}) == [
        (404, "not_found", "there is no table 'nope'"),
        (409, "seat_taken", f"table {table_id} has already started: no seat is open"),
        (401, "unauthorized", "sending actions needs a seat: sign in, or send your player token "
                              "(header 'Authorization: Bearer TOKEN')"),
        (409, "not_your_turn", "it is seat 0's turn, not yours (seat 1)"),
        (404, "not_found", "no such endpoint: GET /api/no-such-thing"),
    ]
    assert refusals(server, table_id, bob, GERMAN) == [
        (404, "not_found", "es gibt keinen Tisch „nope“"),
        (409, "seat_taken", f"Tisch {table_id} hat schon begonnen: kein Platz ist frei"),
        (401, "unauthorized", "zum Senden von Aktionen brauchst du einen Platz: melde dich an oder "
                              "sende dein Spieler-Token (Header 'Authorization: Bearer TOKEN')"),
        (409, "not_your_turn", "Platz 0 ist am Zug, nicht du (Platz 1)"),
        (404, "not_found", "diesen Endpunkt gibt es nicht: GET /api/no-such-thing"),
    ]
    # ?lang= wins over Accept-Language
    assert refusals(server, table_id, bob, GERMAN, "?lang=zh") == [
        (404, "not_found", "没有牌桌“nope”"),
        (409, "seat_taken", f"牌桌 {table_id} 已经开始：没有空座位"),
        (401, "unauthorized",
         "发送行动需要座位：请登录，或发送你的玩家令牌（请求头 'Authorization: Bearer TOKEN'）"),
        (409, "not_your_turn", "现在轮到座位 0，不是你（座位 1）"),
        (404, "not_found", "没有这个接口：GET /api/no-such-thing"),
    ]


def test_refusals_of_a_bad_request_and_of_a_count_are_told_in_the_language(server: Running) -> None:
    with server.client() as anon:
        not_json = anon.post("/api/tables?lang=de", content=b"[1, 2]",
                             headers={"Content-Type": "application/json"})
        seating = anon.post("/api/tables", headers=GERMAN,
                            json={"seats": [human("Ann"), human("Bob")], "seating": "sideways"})
        named_bot = anon.post("/api/tables", headers=GERMAN,
                              json={"seats": [{"kind": "bot", "bot": "random", "name": "Rob"}, human("Bob")]})
        two_problems = anon.post("/api/tables?lang=pt", json={"seats": "x", "game": 3})
        english = anon.post("/api/tables", json={"seats": "x", "game": 3})
    assert (not_json.status_code, not_json.json()["code"]) == (400, "bad_request")
    assert not_json.json()["error"] == ("der Body der Anfrage muss ein JSON-Objekt sein, gesendet als "
                                        "'Content-Type: application/json'")
    assert seating.status_code == named_bot.status_code == 422
    # pydantic's own words about a field stay as it gives them, inside the server's sentence
    assert seating.json()["error"] == "ungültige Anfrage: seating: Input should be 'random' or 'fixed'"
    assert named_bot.json()["error"] == "Platz 0: ein Bot-Platz bekommt keinen Namen"
    assert english.status_code == two_problems.status_code == 422
    assert english.json()["error"].endswith("(and 1 more problem)")
    assert two_problems.json()["error"].startswith("requisição inválida: ")
    assert two_problems.json()["error"].endswith("(e mais 1 problema)")


def test_websocket_refusals_come_in_the_connections_language(server: Running) -> None:
    table_id, bob = started_table(server)
    submit = {"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"], "ref": "m"}
    unknown = {"type": "dance", "ref": "d"}

    def two_refusals(socket: Socket) -> list[tuple[str, str]]:
        socket.send(submit)
        out = socket.expect("error")
        socket.send(unknown)
        again = socket.expect("error")
        return [(out["code"], out["error"]), (again["code"], again["error"])]

    known = "watch, lobby, submit, chat, spectator_chat, lang, ping"
    with Socket(server.url, bob) as english:
        assert two_refusals(english) == [
            ("not_your_turn", "it is seat 0's turn, not yours (seat 1)"),
            ("bad_message", f"unknown message type 'dance' (known: {known})"),
        ]
    with Socket(server.url, bob, headers=GERMAN) as german:
        assert two_refusals(german) == [
            ("not_your_turn", "Platz 0 ist am Zug, nicht du (Platz 1)"),
            ("bad_message", f"unbekannter Nachrichtentyp 'dance' (bekannt: {known})"),
        ]
        german.send({"type": "lang", "lang": "zh"})  # the reader switches: its refusals follow
        assert german.expect("lang")["lang"] == "zh"
        assert two_refusals(german)[0] == ("not_your_turn", "现在轮到座位 0，不是你（座位 1）")
    with Socket(server.url, bob, headers=GERMAN, query="?lang=zh") as chinese:  # ?lang= wins
        assert two_refusals(chinese) == [
            ("not_your_turn", "现在轮到座位 0，不是你（座位 1）"),
            ("bad_message", f"未知的消息类型 'dance'（已知：{known}）"),
        ]
        chinese.send({"type": "lang", "lang": "klingon"})
        refused = chinese.expect("error")
        assert (refused["code"], refused["error"]) == (
            "bad_message", "没有语言“klingon”：Isla 提供 en, pt, nl, de, zh")
