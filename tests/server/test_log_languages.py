"""The log in words of one table reads in each caller's language: `GET /api/tables/{id}/log` renders
its `words` in the `lang` asked for (else the request's Accept-Language), with each line's message
id and parameters beside it, which name no language (docs/i18n.md).

The table is a real Vanuatu game's first 125 actions stored as a server stores them (the record
test_server_vanuatu_stored.py uses too)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from servertools import run_async, serve

import isla
from isla.server.config import ServerConfig
from isla.server.store import Store, StoredSeat, StoredTable

RECORDS = Path(__file__).resolve().parents[1] / "games" / "vanuatu" / "records"
NAME = "vanuatu-4p-seed12-before-optional-bonuses"
GAME = isla.game("vanuatu")


def _store_table(config: ServerConfig) -> None:
    record = json.loads((RECORDS / f"{NAME}.json").read_text())
    actions = record["actions"][:125]
    state = GAME.new_state(4, record["seed"], GAME.stored_options(4, record["options"]))
    movers = []
    for text in actions:
        movers.append(state.to_move)
        state.apply(text)

    async def store(store: Store) -> None:
        seats = [StoredSeat(s, "human", s, name=n) for s, n in enumerate(["Ann", "Ben", "Cy", "Di"])]
        await store.insert_table(StoredTable("t-words", "vanuatu", 4, record["options"], record["seed"],
                                             "vanuatu-1", "fixed", "playing", seats))
        for seq, (seat, text) in enumerate(zip(movers, actions, strict=True)):
            await store.append("t-words", seq, seat, [text], source="player")

    run_async(store, config.database_url)


def _lines(log: dict[str, Any]) -> list[str]:
    return [line for entry in log["words"] for line in entry["lines"]]


def test_the_log_in_words_is_told_in_the_callers_language(config: ServerConfig) -> None:
    _store_table(config)
    with serve(config) as server, server.client() as anon:
        english = anon.get("/api/tables/t-words/log").json()
        german = anon.get("/api/tables/t-words/log", params={"lang": "de"}).json()
        chinese = anon.get("/api/tables/t-words/log", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).json()
        chosen = anon.get("/api/tables/t-words/log", params={"lang": "nl"},
                          headers={"Accept-Language": "zh-CN"}).json()
    lines = _lines(english)
    assert len(lines) > 100
    assert any(line.startswith("Round 2 begins; ") for line in lines)
    assert any(line.startswith("Ann ") and "segelt nach" in line for line in _lines(german))
    assert any("第2轮开始" in line for line in _lines(chinese))
    assert any("Ronde 2 begint" in line for line in _lines(chosen))  # the explicit lang wins
    for other in (german, chinese, chosen):
        assert len(_lines(other)) == len(lines)
        assert not set(_lines(other)) & set(lines)  # no line left in English
        # the structure beside the words is the same for every reader: it names no language
        assert [e["said"] for e in other["words"]] == [e["said"] for e in english["words"]]
    said = english["words"][0]["said"][0]
    assert set(said) >= {"msg", "params"}
    assert "{who}" in json.dumps(english["words"])
