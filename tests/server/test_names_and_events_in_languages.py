"""Bots' names and the table's events (a seat handed to a bot and taken back) are told in each
reader's language, as the moves are, and still are once the server has restarted and told the table
again from the database; the English stays what it was (issue 15)."""

from __future__ import annotations

from typing import Any

import httpx2
from servertools import act, bot, create, get, serve, wait_for

from isla.server.config import ServerConfig


def lines(client: httpx2.Client, table_id: str, lang: str) -> list[str]:
    answer = client.get(f"/api/tables/{table_id}/log", params={"lang": lang})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return [line for entry in body["words"] for line in entry["lines"]]


def told(config: ServerConfig, table_id: str) -> dict[str, list[str]]:
    with serve(config) as server, server.client() as client:
        return {lang: lines(client, table_id, lang) for lang in ("en", "de", "zh")}


def test_a_seat_handed_to_a_bot_and_taken_back_is_told_in_each_language_after_a_restart_too(
    config: ServerConfig,
) -> None:
    from dataclasses import replace

    with serve(replace(config, away_seconds=0.0, bot_pace=3600.0)) as server:  # the bots wait
        with server.client() as client:
            made = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"},
                                   bot("easy")], seating="fixed")
        table_id = made["table"]["id"]
        ann, ben = (seat["token"] for seat in made["tokens"][:2])
        with server.client(ann) as client:
            act(client, table_id, 0, "role:builder", "build:pass").raise_for_status()  # Ben is to move
            handed = client.post(f"/api/tables/{table_id}/seats/1/stand-in", json={"level": "easy"})
            assert handed.status_code == 200, handed.text
        with server.client(ben) as client:
            back = client.post(f"/api/tables/{table_id}/seats/1/reclaim")
            assert back.status_code == 200, back.text
            before = {lang: lines(client, table_id, lang) for lang in ("en", "de", "zh")}
    for words in (before, told(config, table_id)):  # as it happened, and told again from the database
        assert "Ann let a bot (easy) play for Ben (seat 1)." in words["en"]
        assert "Ben took their seat back from the bot (easy)." in words["en"]
        assert "Ann lässt einen Bot (easy) für Ben spielen (Platz 1)." in words["de"]
        assert "Ben übernimmt den Platz wieder vom Bot (easy)." in words["de"]
        assert "Ann让一个easy机器人代Ben出战（座位1）。" in words["zh"]  # noqa: RUF001 (Chinese punctuation)
        assert not any("let a bot" in line or "seat back" in line for line in words["de"] + words["zh"])


def test_a_bots_name_is_told_in_the_readers_language(config: ServerConfig) -> None:
    from dataclasses import replace

    with serve(replace(config, bot_pace=0.0)) as server, server.client() as client:
        made = create(client, [{"kind": "human", "name": "Ann"}, bot("easy"), bot("easy")], seating="fixed")
        table_id, ann = made["table"]["id"], made["tokens"][0]["token"]
        with server.client(ann) as me:
            act(me, table_id, 0, "role:builder", "build:pass").raise_for_status()
        wait_for("both bots to have moved", lambda: get(client, table_id)["seq"] >= 4)
        words = {lang: lines(client, table_id, lang) for lang in ("en", "de")}
    assert any("Easy bot 1" in line for line in words["en"]), words["en"]
    assert any("Leichter Bot 1" in line for line in words["de"]), words["de"]
    assert not any("Easy bot" in line for line in words["de"])
