"""Nobody passes for somebody else by name (names.py), on a real server, on SQLite and PostgreSQL:
an account's name is its owner's only, whatever its case or width; no person goes by a name that
reads as a bot's; two people at one table never share a name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from servertools import OPEN, Running, bot, create, human, serve
from test_auth import browser, cheap, forget_users, refused, sign

from isla.server.config import ServerConfig
from isla.server.names import name_key, reads_as_bot

FULL_WIDTH_ANN = "\uff21\uff4e\uff4e"  # "Ann" in full-width letters


@pytest.fixture
def site(config: ServerConfig) -> Iterator[Running]:
    forget_users(config.url().render_as_string(hide_password=False))
    with serve(cheap(config)) as running:
        yield running


def register_ann(site: Running) -> None:
    with browser(site) as ann:
        assert sign(ann, "register", "Ann").status_code == 201


def join(client: httpx2.Client, table_id: str, name: str | None, slot: int | None = None) -> httpx2.Response:
    body: dict[str, Any] = {} if name is None else {"name": name}
    if slot is not None:
        body["slot"] = slot
    return client.post(f"/api/tables/{table_id}/join", json=body)


@pytest.mark.parametrize(
    "name",
    ["Medium bot", "random bot 2", "BOT", "\uff42\uff4f\uff54", "Sneaky  Bot", "hard", "mcts", "Easy bot 12"],
)
def test_names_that_read_as_a_bots_are_recognised(name: str) -> None:
    assert reads_as_bot(name)


@pytest.mark.parametrize("name", ["Ann", "Robot", "Abbot", "Bottle", "bots", "Bot Ann", "Hardy"])
def test_peoples_names_do_not_read_as_bots(name: str) -> None:
    assert not reads_as_bot(name)


def test_one_name_whatever_its_case_or_width() -> None:
    assert name_key("ANN") == name_key("ann") == name_key(FULL_WIDTH_ANN)


def test_nobody_signs_in_or_registers_by_a_bots_name(site: Running) -> None:
    with browser(site) as client:
        for name in ("Medium bot", "Random bot 2", "bot", "hard"):
            refused(sign(client, "guest", name), 422, "invalid", "bot")
            refused(sign(client, "register", name), 422, "invalid", "bot")
        assert sign(client, "guest", "Robot").status_code == 201


def test_a_new_tables_people_may_not_go_by_an_accounts_or_a_bots_name(site: Running) -> None:
    register_ann(site)
    with site.client() as anon:
        for name in ("Ann", "ANN", FULL_WIDTH_ANN):
            response = anon.post("/api/tables", json={"seats": [human(name), bot()]})
            refused(response, 409, "name_taken", "account")
        for seats in ([human("Random bot"), bot()], [human("Bob"), {"kind": "open", "name": "Medium bot"}]):
            refused(anon.post("/api/tables", json={"seats": seats}), 422, "invalid", "bot")
        # an open seat may be kept for an account's owner: whoever joins it is checked then
        create(anon, [human("Bob"), {"kind": "open", "name": "Ann"}])
    with browser(site) as ann:
        assert sign(ann, "login", "Ann").status_code == 200
        created = create(ann, [human("ann"), bot()])  # the account itself may name a seat so
        assert [s["name"] for s in created["table"]["seats"] if s["kind"] == "human"] == ["ann"]


def test_joining_by_an_accounts_name_is_for_that_account_only(site: Running) -> None:
    register_ann(site)
    with site.client() as anon:
        table_id = create(anon, [human("Bob"), OPEN, OPEN])["table"]["id"]
        for name in ("Ann", "aNN", FULL_WIDTH_ANN):
            refused(join(anon, table_id, name), 409, "name_taken", "account")
        refused(join(anon, table_id, "Hard bot"), 422, "invalid", "bot")
    with browser(site) as guest:
        sign(guest, "guest", "Cleo")
        refused(join(guest, table_id, "ANN"), 409, "name_taken", "account")
    with browser(site) as ann:
        sign(ann, "login", "Ann")
        joined = join(ann, table_id, None)
        assert joined.status_code == 200, joined.text
        assert joined.json()["table"]["you"]["name"] == "Ann"


def test_two_people_at_one_table_never_share_a_name(site: Running) -> None:
    with site.client() as anon:
        refused(anon.post("/api/tables", json={"seats": [human("Dan"), human("DAN")]}), 409, "name_taken")
        table_id = create(anon, [human("Dan"), OPEN, OPEN])["table"]["id"]
        for name in ("Dan", "dan", "\uff24\uff41\uff4e"):
            refused(join(anon, table_id, name), 409, "name_taken", "already called")
        assert join(anon, table_id, "Eve").status_code == 200
        refused(join(anon, table_id, "eve"), 409, "name_taken", "already called")
    with browser(site) as guest:  # a guest's own name, too
        sign(guest, "guest", "dan")
        refused(join(guest, table_id, None), 409, "name_taken", "already called")
        refused(guest.post("/api/tables", json={"seats": [{"kind": "me"}, human("DAN")]}), 409, "name_taken")
