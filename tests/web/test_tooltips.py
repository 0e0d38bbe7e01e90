"""Tooltips in Chromium: they help while the pointer rests on a piece, and never linger after a click.

A click redraws the table under a pointer that has not moved, and the browser then reports the new
elements under it as hovered; the tooltip must not pop up again over the board until the pointer
really moves on. The page's clock is Playwright's (installed before the page loads), so the
tooltip's short hover delay passes exactly when the test says, never by waiting.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from servertools import Running
from webplay import THREE_EASY_BOTS, create_table, sign_in_as_guest

PAST_THE_DELAY_MS = 2000  # far beyond the tooltip's hover delay


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_click_puts_the_tooltip_away_until_the_pointer_moves_on(page: Page, server: Running) -> None:
    page.clock.install()
    sign_in_as_guest(page, server, "Ann")
    create_table(page, THREE_EASY_BOTS, game="puertorico")
    tip = page.locator(".tooltip")
    builder = '[data-testid="role-builder"]'
    expect(page.locator(f'{builder}[data-action="role:builder"]')).to_be_visible()

    x, y = centre(page, builder)
    page.mouse.move(x, y)
    page.clock.run_for(PAST_THE_DELAY_MS)
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Builder")

    page.mouse.down()
    page.mouse.up()
    # The server took the role: the page has redrawn the cards under the pointer.
    expect(page.get_by_test_id("table-page")).not_to_have_attribute("data-seq", "0")
    page.mouse.move(x + 1, y + 1)  # the hand that clicked trembles, but stays on the card
    page.clock.run_for(PAST_THE_DELAY_MS)
    expect(tip).to_be_hidden()

    # Moving on to another card shows its tooltip again.
    page.mouse.move(*centre(page, '[data-testid="role-trader"]'))
    page.clock.run_for(PAST_THE_DELAY_MS)
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(re.compile("Trader"))
