"""An account's email address (issue 16): used only once its owner opens the link mailed to it.

Every test sends to a real SMTP server (aiosmtpd, tests/server/mailtools.py) and runs on SQLite and
PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import httpx2
import pytest
from mailtools import Inbox, link_in, plain, smtp_server, text_of
from rankedtools import account, execute, guest, rows
from servertools import Running

from isla.server import ServerConfig

ANN = "ann@example.org"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as running:
        yield running


@pytest.fixture
def site(config: ServerConfig, smtp: tuple[Inbox, int], servers: Callable[..., Running]) -> Running:
    return servers(replace(config, mail=plain(smtp[1])))


def email(client: httpx2.Client) -> dict[str, Any]:
    response = client.get("/api/me/email")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def set_address(client: httpx2.Client, address: str) -> httpx2.Response:
    return client.put("/api/me/email", json={"address": address})


def refused(response: httpx2.Response, status: int, code: str, needle: str = "") -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    assert needle in response.json()["error"]


def test_an_address_is_used_only_after_the_link_mailed_to_it_is_opened_once(
    site: Running, smtp: tuple[Inbox, int]
) -> None:
    inbox, _port = smtp
    with account(site, "Ann") as ann, site.client() as phone:
        assert email(ann) == {"address": None, "pending": None, "turn_notices": False}
        answer = set_address(ann, f"  {ANN} ")
        assert answer.status_code == 202, answer.text
        assert answer.json() == {"address": None, "pending": ANN, "turn_notices": False}
        [mail] = inbox.wait_for(ANN)
        assert mail["From"] == "isla@example.org" and "Ann" in text_of(mail)
        link = link_in(mail)
        assert link.startswith(site.url + "/email/confirm?token=")
        refused(ann.put("/api/me/email/notices", json={"turn_notices": True}), 409, "not_confirmed")

        opened = phone.get(link)  # the link works from another device, signed in or not
        assert opened.status_code == 200 and 'data-outcome="confirmed"' in opened.text
        assert email(ann) == {"address": ANN, "pending": None, "turn_notices": False}

        again = phone.get(link)  # single use
        assert again.status_code == 400 and 'data-outcome="unknown"' in again.text
        assert email(ann) == {"address": ANN, "pending": None, "turn_notices": False}


def test_a_forged_or_expired_link_is_refused_and_changes_nothing(
    site: Running, smtp: tuple[Inbox, int]
) -> None:
    inbox, _port = smtp
    with account(site, "Ann") as ann, site.client() as phone:
        assert set_address(ann, ANN).status_code == 202
        link = link_in(inbox.wait_for(ANN)[0])
        forged = phone.get(link[:-3] + ("aaa" if not link.endswith("aaa") else "bbb"))
        assert forged.status_code == 400 and 'data-outcome="unknown"' in forged.text
        assert phone.get("/email/confirm").status_code == 400
        stored = rows(site.config.database_url or "", "SELECT token_hash FROM account_emails")
        assert len(stored) == 1 and len(stored[0][0]) == 64 and stored[0][0] not in link  # only a hash
        execute(site.config.database_url or "",
                "UPDATE account_emails SET sent_at = sent_at - INTERVAL '25 hours'"
                if "postgresql" in (site.config.database_url or "") else
                "UPDATE account_emails SET sent_at = datetime(sent_at, '-25 hours')")
        expired = phone.get(link, headers={"Accept-Language": "de"})
        assert expired.status_code == 410 and 'data-outcome="expired"' in expired.text
        assert "abgelaufen" in expired.text  # in the reader's language
        assert email(ann) == {"address": None, "pending": ANN, "turn_notices": False}


def test_a_new_link_replaces_the_old_one_and_the_confirmed_address_stays_until_then(
    site: Running, smtp: tuple[Inbox, int]
) -> None:
    inbox, _port = smtp
    with account(site, "Ann") as ann, site.client() as phone:
        assert set_address(ann, ANN).status_code == 202
        assert phone.get(link_in(inbox.wait_for(ANN)[0])).status_code == 200
        assert ann.put("/api/me/email/notices", json={"turn_notices": True}).json()["turn_notices"] is True
        assert set_address(ann, "ann@work.example").status_code == 202
        old = link_in(inbox.wait_for("ann@work.example")[0])
        assert set_address(ann, "ann@home.example").status_code == 202
        new = link_in(inbox.wait_for("ann@home.example")[0])
        assert email(ann) == {"address": ANN, "pending": "ann@home.example", "turn_notices": True}
        assert phone.get(old).status_code == 400
        assert phone.get(new).status_code == 200
        assert email(ann) == {"address": "ann@home.example", "pending": None, "turn_notices": True}
        removed = ann.delete("/api/me/email")
        assert removed.json() == {"address": None, "pending": None, "turn_notices": False}
        refused(ann.put("/api/me/email/notices", json={"turn_notices": True}), 409, "not_confirmed")


def test_confirmation_mails_are_limited_per_account(site: Running, smtp: tuple[Inbox, int]) -> None:
    inbox, _port = smtp
    with account(site, "Ann") as ann, account(site, "Bob") as bob:
        for number in range(3):
            assert set_address(ann, f"ann{number}@example.org").status_code == 202
        refused(set_address(ann, "ann3@example.org"), 429, "too_many", "confirmation mails")
        assert email(ann)["pending"] == "ann2@example.org"  # the refused one changed nothing
        assert set_address(bob, "bob@example.org").status_code == 202  # others are not held up
        inbox.wait_for("bob@example.org")
        assert inbox.to("ann3@example.org") == []


def test_bad_addresses_guests_and_strangers_are_refused(site: Running) -> None:
    with account(site, "Ann") as ann, guest(site, "Gus") as gus, site.client() as stranger:
        for bad in ("", "ann", "ann@example", "a b@example.org", "ann@example.org\r\nBcc: x@y.org",
                    "x" * 250 + "@example.org"):
            refused(set_address(ann, bad), 422, "invalid")
        refused(ann.put("/api/me/email", json={"address": 5}), 422, "invalid")
        refused(set_address(gus, ANN), 403, "forbidden", "guests")
        refused(stranger.get("/api/me/email"), 401, "unauthorized")
        refused(stranger.put("/api/me/email", json={"address": ANN}), 401, "unauthorized")
        assert email(ann)["pending"] is None


def test_nobody_sees_another_accounts_address(site: Running, smtp: tuple[Inbox, int]) -> None:
    inbox, _port = smtp
    with account(site, "Ann") as ann, account(site, "Bob") as bob:
        assert set_address(ann, ANN).status_code == 202
        with site.client() as phone:
            assert phone.get(link_in(inbox.wait_for(ANN)[0])).status_code == 200
        assert email(bob) == {"address": None, "pending": None, "turn_notices": False}
        table = bob.post("/api/tables", json={"seats": [{"kind": "me"}, {"kind": "open"}]}).json()["table"]
        assert ann.post(f"/api/tables/{table['id']}/join", json={}).status_code == 200
        for path in ("/api/auth/me", f"/api/tables/{table['id']}", "/api/tables", "/api/players/Ann",
                     "/openapi.json"):
            assert ANN not in bob.get(path).text, path


def test_without_smtp_settings_email_is_not_set_up(server: Running) -> None:
    with account(server, "Ann") as ann, server.client() as phone:
        for response in (ann.get("/api/me/email"), set_address(ann, ANN),
                         ann.put("/api/me/email/notices", json={"turn_notices": True}),
                         ann.delete("/api/me/email")):
            refused(response, 503, "no_email", "email is not set up on this server")
        page = phone.get("/email/confirm?token=whatever")
        assert page.status_code == 503 and 'data-outcome="no_email"' in page.text
        assert rows(server.config.database_url or "", "SELECT * FROM account_emails") == []
