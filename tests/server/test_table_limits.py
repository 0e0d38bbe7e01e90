"""What one client may create: live tables per account or guest, per client address, and tables of
bots only per address (docs/server.md, "Limits"). A creation past a limit is a 429 `too_many` that
says the limit and what to do, and creates nothing; a table that ends makes room again; playing a
game again is a creation like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2
from played import insert_finished, person, robot
from servertools import OPEN, Running, bot, create, human, run_async

from isla.server import ServerConfig
from isla.server.store import Store


def refused_too_many(response: httpx2.Response, *needles: str) -> None:
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["code"] == "too_many" and "\n" not in body["error"], body
    for needle in needles:
        assert needle in body["error"], body


def listed(client: httpx2.Client) -> list[str]:
    return sorted(t["id"] for t in client.get("/api/tables").json()["tables"])


def test_one_address_holds_at_most_its_limit_of_live_tables(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    server = servers(config, max_tables_per_client=3)
    with server.client() as anon:
        made = [create(anon, [human("Ann"), OPEN]) for _ in range(3)]
        before = listed(anon)
        refused_too_many(anon.post("/api/tables", json={"seats": [human("Ann"), OPEN]}),
                         "3 tables", "your address", "finish or abandon")
        assert listed(anon) == before  # nothing was created
        first = made[0]
        with server.client(first["tokens"][0]["token"]) as ann:
            assert ann.post(f"/api/tables/{first['table']['id']}/abandon").status_code == 200
        create(anon, [human("Ann"), OPEN])  # an abandoned table makes room


def test_a_player_holds_at_most_their_limit_of_live_tables(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    server = servers(config, max_tables_per_player=2, argon2_time_cost=1, argon2_memory_kib=64)
    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}) as page, server.client() as other:
        assert page.post("/api/auth/guest", json={"name": "Gus"}).status_code == 201
        for _ in range(2):
            assert page.post("/api/tables", json={"seats": [{"kind": "me"}, OPEN]}).status_code == 201
        refused_too_many(page.post("/api/tables", json={"seats": [{"kind": "me"}, OPEN]}),
                         "you already have 2 tables", "finish or abandon")
        # The limit is the guest's: a caller without a session (same address) still creates.
        create(other, [human("Ann"), OPEN])


def test_one_address_holds_few_tables_of_bots_only(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    # The bots wait an hour before each move: the tables stay live throughout the test.
    server = servers(config, max_bot_tables_per_client=2, bot_pace=3600.0)
    with server.client() as anon:
        for _ in range(2):
            create(anon, [bot("random"), bot("random")])
        before = listed(anon)
        refused_too_many(anon.post("/api/tables", json={"seats": [bot("random"), bot("easy")]}),
                         "2 tables of bots only", "finish or abandon")
        assert listed(anon) == before
        create(anon, [human("Ann"), bot("random")])  # a table with a person is not bots only


def test_playing_again_counts_as_creating_a_table(
    servers: Callable[..., Running], config: ServerConfig
) -> None:
    server = servers(config, max_tables_per_client=1)
    ann, ann_token = person(0, "Ann")

    async def job(store: Store) -> None:
        await insert_finished(store, "t-done", "puertorico", [ann, robot(1, "easy"), robot(2, "easy")])

    run_async(job, server.config.url().render_as_string(hide_password=False))
    with server.client() as anon, server.client(ann_token) as ann_client:
        create(anon, [human("Bea"), OPEN])
        again: Any = ann_client.post("/api/tables/t-done/again", json={})
        refused_too_many(again, "1 table created from your address")
        assert anon.get("/api/tables/t-done").json()["again"] is None
