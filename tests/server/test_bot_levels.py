"""Bots of the strengths the server offers, no stronger: a bot seat at creation and a stand-in may
be a level or kind the server lists for the game (GET /api/games) or one of the table's own bots;
a spec with a budget of its own (`mcts:100000000`, hours of one core) is `invalid`, and the answer
lists what is accepted. `isla serve --stand-in-level` takes the same names only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx2
import pytest
from played import person, robot
from servertools import Running, act, bot, create, get, human, run_async

from isla.cli import main
from isla.server import ServerConfig
from isla.server.store import Store, StoredTable

HUGE = "mcts:100000000"


def refused_invalid(response: httpx2.Response, *needles: str) -> None:
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "invalid", body
    for needle in needles:
        assert needle in body["error"], body


def test_a_bot_seat_of_a_budget_of_its_own_is_refused(server: Running) -> None:
    with server.client() as anon:
        before = anon.get("/api/tables").json()["tables"]
        for spec in (HUGE, "hard:100000", "random:5"):
            answer = anon.post("/api/tables", json={"seats": [human("Ann"), bot(spec)]})
            refused_invalid(answer, f"seat 1: bot {spec!r} is not offered", "easy, medium, hard")
        assert anon.get("/api/tables").json()["tables"] == before
        offered = next(g for g in anon.get("/api/games").json()["games"] if g["name"] == "puertorico")
        for spec in offered["bots"]:  # every listed level and kind is accepted
            create(anon, [human("Ann"), bot(spec)], seating="fixed")  # Ann moves first


def away_table(server: Running, own_bot: str | None = None) -> tuple[str, str]:
    """Ann (to move) and Ben, who never came, at a Puerto Rico table; its id and Ann's token.

    With `own_bot`, the third seat is that bot, written straight into the store as a table made
    before this rule would have it.
    """
    if own_bot is None:
        with server.client() as anon:
            created = create(anon, [human("Ann"), human("Ben")], seating="fixed")
        return created["table"]["id"], created["tokens"][0]["token"]
    ann, ann_token = person(0, "Ann")
    ben, _ = person(1, "Ben")

    async def job(store: Store) -> None:
        await store.insert_table(StoredTable(
            "t-old", "puertorico", 3, {}, 7, "1", "fixed", "playing", [ann, ben, robot(2, own_bot)]
        ))

    run_async(job, server.config.url().render_as_string(hide_password=False))
    return "t-old", ann_token


def test_a_stand_in_is_a_level_the_server_offers(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    server = servers(config, away_seconds=0.0)
    table_id, ann_token = away_table(server)
    with server.client(ann_token) as ann:
        act(ann, table_id, 0, "role:builder", "build:pass").raise_for_status()  # Ben is to move
        answer = ann.post(f"/api/tables/{table_id}/seats/1/stand-in", json={"level": HUGE})
        refused_invalid(answer, f"bot {HUGE!r} is not offered", "easy, medium, hard")
        assert get(ann, table_id)["seats"][1]["stand_in"] is None
        handed = ann.post(f"/api/tables/{table_id}/seats/1/stand-in", json={"level": "easy"})
        assert handed.status_code == 200, handed.text


def test_a_stand_in_may_be_one_of_the_tables_own_bots(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    server = servers(config, away_seconds=0.0, bot_pace=3600.0)
    table_id, ann_token = away_table(server, own_bot="mcts:7")
    with server.client(ann_token) as ann:
        act(ann, table_id, 0, "role:builder", "build:pass").raise_for_status()  # Ben is to move
        refused_invalid(ann.post(f"/api/tables/{table_id}/seats/1/stand-in", json={"level": "mcts:8"}))
        handed = ann.post(f"/api/tables/{table_id}/seats/1/stand-in", json={"level": "mcts:7"})
        assert handed.status_code == 200, handed.text
        assert handed.json()["seats"][1]["stand_in"] == "mcts:7"


@pytest.mark.parametrize("level", [HUGE, "genius"])
def test_isla_serve_takes_only_offered_levels_for_stand_ins(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, level: str
) -> None:
    status = main(["serve", "--data-dir", str(tmp_path), "--stand-in-level", level])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and len(err.splitlines()) == 1, err
    assert "--stand-in-level" in err and "easy, medium, hard" in err, err
