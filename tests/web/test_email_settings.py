"""The lobby's "Email notices" section in Chromium: add an address, open the mailed link, turn the
your-turn mails on (a real SMTP server, aiosmtpd, receives the link)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from mailtools import Inbox, link_in, plain, smtp_server
from playwright.sync_api import Page, expect
from servertools import Running, serve

from isla.server import ServerConfig


@pytest.fixture
def mailing(web_config: ServerConfig) -> Iterator[tuple[Running, Inbox]]:
    with smtp_server() as (inbox, port), serve(replace(web_config, mail=plain(port))) as running:
        yield running, inbox


def test_an_account_adds_an_address_confirms_it_by_the_mailed_link_and_turns_notices_on(
    page: Page, mailing: tuple[Running, Inbox]
) -> None:
    server, inbox = mailing
    page.goto(server.url + "/")
    expect(page.get_by_test_id("email-settings")).to_be_hidden()  # nobody is signed in
    page.get_by_test_id("account-forms").locator("summary").click()
    page.get_by_test_id("login-name").fill("Bea")
    page.get_by_test_id("login-password").fill("a long secret")
    page.get_by_test_id("register-go").click()
    section = page.get_by_test_id("email-settings")
    expect(section).to_be_visible()
    notices = page.get_by_test_id("email-notices")
    expect(notices).to_be_disabled()  # nothing confirmed yet

    page.get_by_test_id("email-address").fill("bea@example.org")
    page.get_by_test_id("email-save").click()
    expect(page.get_by_test_id("email-status")).to_contain_text("mailed to bea@example.org")
    [mail] = inbox.wait_for("bea@example.org")

    page.goto(link_in(mail))
    expect(page.get_by_test_id("email-outcome")).to_have_attribute("data-outcome", "confirmed")
    page.goto(server.url + "/")
    expect(page.get_by_test_id("email-status")).to_have_text("Notices go to bea@example.org.")
    expect(notices).to_be_enabled()
    notices.check()
    expect(page.get_by_test_id("email-error")).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("email-notices")).to_be_checked()  # stored on the server
