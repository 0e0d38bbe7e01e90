"""The pages under the server's own security headers (src/isla/server/headers.py), as it sends them:
the lobby and a table page load, open their WebSocket (connect-src 'self' must cover ws: to the
same server), sign in, create a table and play a move, and Chromium refuses nothing. Other sites
cannot frame them."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Page, expect
from servertools import Running
from webplay import Player, create_table, play, sign_in_as_guest

from isla.server.headers import POLICY

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`);
});
"""


def watch(page: Page) -> list[str]:
    """Record every policy violation: the page's events (per document) and the console's words."""
    refused: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Refused to" in message.text or "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", heard)
    page.add_init_script(WATCH_VIOLATIONS)
    return refused


def test_the_lobby_and_a_table_page_play_under_the_servers_own_headers(page: Page, server: Running) -> None:
    refused = watch(page)
    answer = page.goto(server.url + "/")
    assert answer is not None and answer.headers["content-security-policy"] == POLICY
    assert answer.headers["x-frame-options"] == "DENY"
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "open")
    sign_in_as_guest(page, server, "Ann")  # a POST from the page, with its Origin
    assert page.evaluate("() => window.__violations") == []
    create_table(page, ["me", "bot:easy", "bot:easy"], game="puertorico")  # and off to its page
    expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "open")
    player = Player(page)
    play([player], lambda: bool(player.clicks), "Ann's first move")  # sent over the WebSocket
    assert player.seq() >= 1
    assert page.evaluate("() => window.__violations") == []
    assert refused == []


def test_no_other_page_can_frame_the_pages(page: Page, server: Running) -> None:
    with page.expect_console_message(lambda m: "frame-ancestors" in m.text) as message:
        page.set_content(f'<iframe src="{server.url}/"></iframe>')
    assert "has been blocked" in message.value.text or "Refused to frame" in message.value.text


def test_a_rules_summary_page_shows_styled_under_the_servers_own_headers(page: Page, server: Running) -> None:
    refused = watch(page)
    answer = page.goto(server.url + "/rules/vanuatu?lang=zh")
    assert answer is not None and answer.headers["content-security-policy"] == POLICY
    expect(page.locator("html")).to_have_attribute("lang", "zh")
    expect(page.get_by_test_id("rules-text").locator("h1")).to_have_text("瓦努阿图规则简介")
    # The stylesheets loaded (the card and the header are styled), and nothing was refused.
    assert page.evaluate("() => getComputedStyle(document.querySelector('.rules-text')).maxWidth") != "none"
    page.get_by_test_id("rules-languages").get_by_text("Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("() => window.__violations") == []
    assert refused == []
