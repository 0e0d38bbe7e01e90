"""The creator of a table is the caller who created it, recorded with the table, whatever slot
anyone sits in (on SQLite and PostgreSQL): a stranger in an earlier slot gets no creator's rights."""

from __future__ import annotations

import httpx2
from played import insert_finished, person, robot
from servertools import OPEN, Running, bot, create, get, human, run_async

from isla.server.store import Store, StoredSeat, StoredTable
from isla.server.tables import token_hash


def post(client: httpx2.Client, table_id: str, what: str) -> httpx2.Response:
    return client.post(f"/api/tables/{table_id}/{what}", json={})


def test_a_stranger_in_an_earlier_slot_is_not_the_creator(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [OPEN, human("Ann"), OPEN])
    table_id, ann_token = created["table"]["id"], created["tokens"][0]["token"]
    assert created["table"]["you"]["creator"] is True and created["table"]["can"]["abandon"] is True
    with server.client() as anon:
        joined = anon.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "slot": 0})
        assert joined.status_code == 200, joined.text
    bob_token = joined.json()["token"]
    with server.client(bob_token) as bob, server.client(ann_token) as ann:
        seen = get(bob, table_id)
        assert seen["you"]["slot"] == 0 and seen["you"]["creator"] is False and not seen["can"]["abandon"]
        assert get(ann, table_id)["you"]["creator"] is True
        refused = post(bob, table_id, "abandon")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden", refused.text
        own = post(ann, table_id, "leave")  # the creator abandons instead of leaving
        assert own.status_code == 409 and "abandon" in own.json()["error"]
        left = post(bob, table_id, "leave")  # the stranger may leave
        assert left.status_code == 200, left.text
        done = post(ann, table_id, "abandon")
        assert done.status_code == 200 and done.json()["status"] == "abandoned", done.text
    assert created["creator_token"] is None  # Ann's own seat's token is the creator's


def test_a_table_made_without_a_persons_seat_gets_a_creator_token(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [OPEN, bot(), bot()])
    table_id, creator_token = created["table"]["id"], created["creator_token"]
    assert isinstance(creator_token, str) and len(creator_token) >= 24 and created["tokens"] == []
    with server.client(creator_token) as creator, server.client("not-a-token") as forger:
        seen = get(creator, table_id)  # no seat: a spectator who may abandon
        assert seen["you"] is None and seen["can"]["abandon"] is True
        assert forger.get(f"/api/tables/{table_id}").status_code == 403
        assert post(forger, table_id, "abandon").status_code == 403
        refused = creator.post(f"/api/tables/{table_id}/actions", json={"seq": 0, "actions": ["role:mayor"]})
        assert refused.status_code == 403, refused.text  # it holds no seat
        done = post(creator, table_id, "abandon")
        assert done.status_code == 200 and done.json()["status"] == "abandoned", done.text
    with server.client() as anon:  # a signed-in creator, or one with a seat, gets no creator token
        assert create(anon, [human("Ann"), bot()])["creator_token"] is None


def test_old_tables_without_a_recorded_creator_keep_the_first_persons_seat(server: Running) -> None:
    ann, ann_token = person(1, "Ann")
    bob, bob_token = person(2, "Bob")
    seats = [StoredSeat(0, "open"), StoredSeat(1, "human", name="Ann", token_hash=ann.token_hash),
             StoredSeat(2, "human", name="Bob", token_hash=bob.token_hash)]

    async def job(store: Store) -> None:
        await store.insert_table(StoredTable("t-old", "puertorico", 3, {}, 1, "1", "fixed", "open", seats))

    run_async(job, server.config.url().render_as_string(hide_password=False))
    with server.client(ann_token) as first, server.client(bob_token) as second:
        assert get(first, "t-old")["you"]["creator"] is True
        assert get(second, "t-old")["you"]["creator"] is False
        assert post(second, "t-old", "abandon").status_code == 403
        assert post(first, "t-old", "abandon").status_code == 200


def test_playing_again_makes_the_caller_the_new_tables_creator(server: Running) -> None:
    ann_seat, ann_token = person(0, "Ann")
    ben_seat, ben_token = person(1, "Ben")

    async def job(store: Store) -> None:
        await insert_finished(store, "t-done", "puertorico", [ann_seat, ben_seat, robot(2, "easy")])

    run_async(job, server.config.url().render_as_string(hide_password=False))
    with server.client(ben_token) as ben_old, server.client(ann_token) as ann_old:
        made = post(ben_old, "t-done", "again")  # Ben asks first: his new table, Ann's slot 0 kept
        assert made.status_code == 200, made.text
        joined = post(ann_old, "t-done", "again")
        assert joined.status_code == 200, joined.text
    new_id = made.json()["table"]["id"]
    with server.client(made.json()["tokens"][0]["token"]) as ben, \
            server.client(joined.json()["tokens"][0]["token"]) as ann:
        assert get(ann, new_id)["you"]["slot"] == 0 and get(ann, new_id)["you"]["creator"] is False
        assert post(ann, new_id, "abandon").status_code == 403
        assert get(ben, new_id)["you"]["creator"] is True
        assert post(ben, new_id, "abandon").status_code == 200


def test_the_recorded_creator_token_is_a_hash(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [OPEN, bot(), bot()])

    async def job(store: Store) -> str | None:
        stored = await store.load(created["table"]["id"])
        assert stored is not None
        return stored.creator_token_hash

    recorded = run_async(job, server.config.url().render_as_string(hide_password=False))
    assert recorded == token_hash(created["creator_token"])
