"""Private tables (SQLite and PostgreSQL): never listed, and without the invite secret every door
answers exactly as for a table that does not exist, so a refusal never reveals one."""

from __future__ import annotations

from typing import Any

from servertools import OPEN, Running, bot, create, human, run_async
from sqlalchemy import update
from test_server_again import again, finished_table
from wstools import Socket

from isla.server.store import Store
from isla.server.store.models import TableRow

UNKNOWN = "nosuchtable0"


def refusal(response: Any) -> tuple[int, str]:
    """A 404 answer with the table id taken out, to compare with an unknown id's."""
    body = response.json()
    return response.status_code, body["code"] + ":" + body["error"].replace(body["error"].split("'")[1], "ID")


def test_a_private_table_is_not_listed_and_refuses_a_viewer_without_its_link(server: Running) -> None:
    with server.client() as anon:
        created = create(anon, [human("Ann"), OPEN], private=True)
        public = create(anon, [human("Cy"), bot()])
    table = created["table"]
    table_id, key = table["id"], table["invite"]
    assert table["private"] is True and key and key != table_id
    assert public["table"]["invite"] is None and public["table"]["private"] is False
    with server.client() as stranger:
        listed = [t["id"] for t in stranger.get("/api/tables").json()["tables"]]
        assert table_id not in listed and public["table"]["id"] in listed
        unknown = refusal(stranger.get(f"/api/tables/{UNKNOWN}"))
        assert unknown[0] == 404
        for path in ("", "/log", "/record", "/replay", "/replay/0"):
            assert refusal(stranger.get(f"/api/tables/{table_id}{path}")) == unknown, path
            wrong = stranger.get(f"/api/tables/{table_id}{path}", params={"key": key + "x"})
            assert refusal(wrong) == unknown, path
        assert refusal(stranger.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})) == unknown
        # The creator's token of another table is no key either.
        with server.client(public["tokens"][0]["token"]) as other:
            assert refusal(other.get(f"/api/tables/{table_id}")) == unknown
        with Socket(server.url) as socket:
            socket.send({"type": "watch", "table": table_id})
            socket.refused("not_found", "there is no table")
            socket.alive()
        # With the link: seen, and joined; the seat then opens the table without the key.
        seen = stranger.get(f"/api/tables/{table_id}", params={"key": key}).json()
        assert seen["id"] == table_id and seen["invite"] is None  # the secret is its creator's to hand out
        joined = stranger.post(f"/api/tables/{table_id}/join", params={"key": key}, json={"name": "Bob"})
        assert joined.status_code == 200, joined.text
    with server.client(joined.json()["token"]) as bob:
        assert bob.get(f"/api/tables/{table_id}").json()["you"]["name"] == "Bob"
    with server.client(created["tokens"][0]["token"]) as ann:
        assert ann.get(f"/api/tables/{table_id}").json()["invite"] == key  # the creator sees the link
    with Socket(server.url) as socket:
        socket.send({"type": "watch", "table": table_id, "key": key})
        assert socket.expect("table")["table"]["id"] == table_id
    with Socket(server.url) as socket:
        socket.send({"type": "watch", "table": table_id, "key": 5})
        socket.refused("bad_message", "'key'")


def test_playing_a_private_table_again_makes_a_private_one_its_players_get_into(server: Running) -> None:
    ann_token, ben_token = finished_table(server, "t-secret")

    async def make_private(store: Store) -> None:
        async with store.engine.begin() as connection:
            await connection.execute(
                update(TableRow).where(TableRow.id == "t-secret").values(private=True, invite="old-key")
            )

    run_async(make_private, server.config.url().render_as_string(hide_password=False))
    with server.client(ann_token) as ann, server.client(ben_token) as ben, server.client() as stranger:
        made = again(ann, "t-secret")
        assert made.status_code == 200, made.text
        new = made.json()["table"]
        assert new["private"] is True and new["invite"] not in (None, "old-key")
        assert stranger.get(f"/api/tables/{new['id']}").status_code == 404
        assert new["id"] not in [t["id"] for t in stranger.get("/api/tables").json()["tables"]]
        joined = again(ben, "t-secret")  # Ben's seat at the old table lets him in without the key
        assert joined.status_code == 200, joined.text
        assert joined.json()["table"]["id"] == new["id"] and joined.json()["table"]["you"]["slot"] == 1
