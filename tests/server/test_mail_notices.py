"""Your-turn mails (issue 16): only to a confirmed address whose owner asked for them, at most one
per table every N hours, sent in the background so that no move waits for, or fails with, the mail.

A real SMTP server (aiosmtpd) receives them; the tables are on SQLite and PostgreSQL.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import httpx2
import pytest
from mailtools import Inbox, free_port, link_in, plain, smtp_server, text_of
from rankedtools import account, execute
from servertools import Running, get, run_async, serve, wait_for

from isla.server import ServerConfig
from isla.server.mail.sender import Mailer
from isla.server.mail.turns import TurnNotices
from isla.server.store import Store
from isla.server.store.mailing import MailRecords

BOB = "bob@example.org"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as running:
        yield running


def user_id(client: httpx2.Client) -> str:
    found: str = client.get("/api/auth/me").json()["user"]["id"]
    return found


def confirmed(client: httpx2.Client, inbox: Inbox, address: str, notices: bool = True) -> None:
    """Give the account `address`, open the link mailed to it, and set its wish for notices."""
    assert client.put("/api/me/email", json={"address": address}).status_code == 202
    with httpx2.Client() as phone:
        assert phone.get(link_in(inbox.wait_for(address)[-1])).status_code == 200
    answer = client.put("/api/me/email/notices", json={"turn_notices": notices})
    assert answer.status_code == 200 and answer.json()["turn_notices"] is notices


def table_of_two(ann: httpx2.Client, bob: httpx2.Client, clock: str = "none") -> str:
    """Ann's table with Bob at it; untimed by default, so that the server itself mails nobody."""
    seats = [{"kind": "me"}, {"kind": "open"}]
    created = ann.post("/api/tables", json={"seats": seats, "game": "puertorico", "clock": clock})
    assert created.status_code == 201, created.text
    table_id: str = created.json()["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", json={}).status_code == 200
    return table_id


def notices_for(config: ServerConfig, port: int, turn_based: Callable[[str], bool] = lambda _t: True,
                hours: float = 12.0) -> Callable[[Store], TurnNotices]:
    def build(store: Store) -> TurnNotices:
        return TurnNotices(MailRecords(store), Mailer(plain(port)), config.link_base(), hours, turn_based)

    return build


def test_one_notice_per_table_within_the_throttle_hours(
    config: ServerConfig, smtp: tuple[Inbox, int], servers: Callable[..., Running]
) -> None:
    inbox, port = smtp
    site = servers(replace(config, mail=plain(port)))
    with account(site, "Ann") as ann, account(site, "Bob") as bob:
        confirmed(bob, inbox, BOB)
        first, second = table_of_two(ann, bob), table_of_two(ann, bob)
        bob_id = user_id(bob)

        async def job(store: Store) -> list[bool]:
            notices = notices_for(site.config, port)(store)
            try:
                return [await notices.turn_started(first, bob_id, "Puerto Rico"),
                        await notices.turn_started(first, bob_id, "Puerto Rico"),  # within 12 h: none
                        await notices.turn_started(second, bob_id, "Puerto Rico")]  # another table
            finally:
                await notices.close()

        assert run_async(job, site.config.database_url or "") == [True, False, True]
        mails = inbox.wait_for(BOB, 3)[1:]  # the first was the confirmation
        # each mail goes out from its own thread: they may arrive in either order
        mails.sort(key=lambda m: str(m["Subject"]).endswith(f"{second} (Puerto Rico)"))
        assert [m["Subject"] for m in mails] == [f"It's your turn at table {t} (Puerto Rico)"
                                                 for t in (first, second)]
        assert f"{site.url}/tables/{first}" in text_of(mails[0])
        assert "12 hours" in text_of(mails[0])

        execute(site.config.database_url or "", "DELETE FROM turn_notices_sent")  # as if 12 h had passed

        async def later(store: Store) -> bool:
            notices = notices_for(site.config, port)(store)
            try:
                return await notices.turn_started(first, bob_id, "Puerto Rico")
            finally:
                await notices.close()

        assert run_async(later, site.config.database_url or "") is True
        inbox.wait_for(BOB, 4)


def test_no_notice_without_a_confirmed_address_the_wish_or_a_turn_based_table(
    config: ServerConfig, smtp: tuple[Inbox, int], servers: Callable[..., Running]
) -> None:
    inbox, port = smtp
    site = servers(replace(config, mail=plain(port)))
    with account(site, "Ann") as ann, account(site, "Bob") as bob, account(site, "Cat") as cat:
        assert ann.put("/api/me/email", json={"address": "ann@example.org"}).status_code == 202  # unconfirmed
        confirmed(bob, inbox, BOB, notices=False)
        confirmed(cat, inbox, "cat@example.org")
        table_id = table_of_two(ann, bob)
        ids = {name: user_id(client) for name, client in (("ann", ann), ("bob", bob), ("cat", cat))}
        execute(site.config.database_url or "",
                f"UPDATE account_emails SET turn_notices = TRUE WHERE user_id = '{ids['ann']}'")

        async def job(store: Store) -> list[bool]:
            notices = notices_for(site.config, port)(store)
            not_turn_based = notices_for(site.config, port, turn_based=lambda _t: False)(store)
            try:
                return [await notices.turn_started(table_id, ids["ann"], "Puerto Rico"),
                        await notices.turn_started(table_id, ids["bob"], "Puerto Rico"),
                        await not_turn_based.turn_started(table_id, ids["cat"], "Puerto Rico")]
            finally:
                await notices.close()
                await not_turn_based.close()

        assert run_async(job, site.config.database_url or "") == [False, False, False]
        assert [m["Subject"] for m in inbox.to("ann@example.org")] == ["Confirm your email address for Isla"]
        assert len(inbox.to(BOB)) == 1 and len(inbox.to("cat@example.org")) == 1  # the confirmations


def move_until(clients: list[httpx2.Client], table_id: str, done: Callable[[], bool]) -> list[int]:
    """Let whoever is to move make a random legal move until `done()`; the status of each answer."""
    rng = random.Random(7)
    statuses: list[int] = []

    def step() -> bool:
        if done():
            return True
        for client in clients:
            table = get(client, table_id)
            assert table["status"] == "playing"
            if table["legal"]:
                response = client.post(f"/api/tables/{table_id}/actions",
                                       json={"seq": table["seq"], "actions": [rng.choice(table["legal"])]})
                statuses.append(response.status_code)
        return done()

    wait_for("the moves to give the turn away", step, interval=0.005)
    return statuses


def test_a_move_that_gives_an_opted_in_player_the_turn_mails_them_with_a_link_to_the_table(
    config: ServerConfig, smtp: tuple[Inbox, int]
) -> None:
    inbox, port = smtp
    with serve(replace(config, mail=plain(port))) as site, \
            account(site, "Ann") as ann, account(site, "Bob") as bob:
        confirmed(bob, inbox, BOB, notices=True)
        table_id = table_of_two(ann, bob, clock="24h")
        statuses = move_until([ann, bob], table_id, lambda: len(inbox.to(BOB)) >= 2)
        assert set(statuses) == {200}
        notice = inbox.to(BOB)[1]
        assert notice["Subject"] == f"It's your turn at table {table_id} (Puerto Rico)"
        assert f"{site.url}/tables/{table_id}" in text_of(notice)


def test_with_the_smtp_server_down_moves_go_on_and_the_failure_is_logged(
    config: ServerConfig, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="isla.server.mail")
    down = plain(free_port())  # nothing listens there
    with serve(replace(config, mail=down)) as site, \
            account(site, "Ann") as ann, account(site, "Bob") as bob:
        table_id = table_of_two(ann, bob, clock="24h")
        execute(site.config.database_url or "",
                "INSERT INTO account_emails (user_id, address, turn_notices) "
                f"VALUES ('{user_id(bob)}', '{BOB}', TRUE)")

        def failed() -> bool:
            return any("could not be sent" in r.getMessage() for r in caplog.records)

        statuses = move_until([ann, bob], table_id, failed)
        assert set(statuses) == {200}
        assert get(ann, table_id)["status"] == "playing"
        assert get(ann, table_id)["seq"] == len(statuses)  # every move counted, none lost


def test_the_smtp_password_never_appears_in_the_log(
    config: ServerConfig, caplog: pytest.LogCaptureFixture, servers: Callable[..., Running]
) -> None:
    caplog.set_level(logging.DEBUG, logger="isla")
    secret, wrong = "s3cret-Pa55word", "wrong-Pa55word"
    with smtp_server(login=("isla", secret)) as (inbox, port):
        refused = servers(replace(config, mail=plain(port, username="isla", password=wrong)))
        assert wrong not in repr(refused.config)
        with account(refused, "Ann") as ann:
            assert ann.put("/api/me/email", json={"address": "ann@example.org"}).status_code == 202
            wait_for("the refused login", lambda: inbox.refused_logins >= 1)
            wait_for("the failure to be logged",
                     lambda: any("could not be sent" in r.getMessage() for r in caplog.records))
        good = servers(replace(config, mail=plain(port, username="isla", password=secret)))
        with account(good, "Bob") as bob:
            assert bob.put("/api/me/email", json={"address": BOB}).status_code == 202
            inbox.wait_for(BOB)
    assert "SMTPAuthenticationError" in caplog.text
    assert wrong not in caplog.text and secret not in caplog.text


def test_the_first_decision_of_a_starting_table_is_a_turn_too(
    config: ServerConfig, smtp: tuple[Inbox, int]
) -> None:
    inbox, port = smtp
    with serve(replace(config, mail=plain(port))) as site, \
            account(site, "Ann") as ann, account(site, "Bob") as bob:
        confirmed(bob, inbox, BOB, notices=True)
        seats = [{"kind": "open"}, {"kind": "me"}]
        created = ann.post("/api/tables", json={"seats": seats, "game": "puertorico", "seating": "fixed",
                                                  "clock": "24h"})
        table_id = created.json()["table"]["id"]
        joined = bob.post(f"/api/tables/{table_id}/join", json={"slot": 0})
        assert joined.status_code == 200 and joined.json()["table"]["to_move"] == 0  # Bob's seat
        notice = inbox.wait_for(BOB, 2)[1]  # nobody has moved
        assert notice["Subject"] == f"It's your turn at table {table_id} (Puerto Rico)"
        assert get(ann, table_id)["seq"] == 0
