"""The waiting room in Chromium: the invite link is shown as text with a button that copies it, and
a friend who opens it sits down from there with a name, which starts the game for both."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect
from servertools import Running
from webplay import create_table, sign_in_as_guest


def test_the_invite_link_is_shown_copied_and_seats_a_friend(
    page: Page, server: Running, new_context: Callable[..., BrowserContext]
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_in_as_guest(page, server, "Ann")
    tid = create_table(page, ["me", "open", "bot:easy"])
    link = f"{server.url}/tables/{tid}"
    expect(page.get_by_test_id("waiting")).to_be_visible()
    expect(page.get_by_test_id("invite-link")).to_have_text(link)
    page.get_by_test_id("copy-invite").click()
    expect(page.get_by_test_id("invite-copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link

    friend = new_context().new_page()
    friend.goto(link)
    expect(friend.get_by_test_id("sit-1")).to_be_visible()
    friend.get_by_test_id("sit-name").fill("Ben")
    friend.get_by_test_id("sit-1").click()
    for seated in (page, friend):
        expect(seated.get_by_test_id("table-page")).to_have_attribute("data-status", "playing")
    expect(friend.locator(".player-me")).to_contain_text("Ben")
