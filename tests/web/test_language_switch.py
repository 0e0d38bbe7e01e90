"""Switching language mid-game (the header's picker): the log in words comes again in the chosen
language and the page's own words are drawn again in it, the game stays where it was (same
position, same decision waiting, its status line told in the chosen language; switching back gives
the same status line), and the choice is
remembered in this browser for the next page. Starts from a stored position (positions.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect
from positions import open_table, reach, seat_at, sign_in
from servertools import Running

from isla.core.registry import game
from isla.i18n import translate
from isla.i18n.games import page_domain

page_words = page_domain(game("puertorico"))
assert page_words is not None


def test_switching_language_mid_game_keeps_the_game_where_it_was(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    page = new_context().new_page()
    sign_in(page, server, "Ann")
    position = reach("puertorico", 3, seed=4, until=lambda state, seq: seq >= 12 and state.to_move == 0)
    table_id = seat_at(server, position, [page, "bot:easy", "bot:easy"])
    open_table(page, server, table_id, len(position.actions))
    expect(page.locator(".log-line").first).to_be_visible()
    expect(page.locator(".log-line", has_text="takes the").first).to_be_visible()
    seq = page.get_by_test_id("table-page").get_attribute("data-seq")
    status = page.get_by_test_id("status").inner_text()

    page.get_by_test_id("lang-picker").select_option("de")
    expect(page.locator(".log-line", has_text="wählt den").first).to_be_visible()
    expect(page.locator(".log-line", has_text="takes the")).to_have_count(0)
    assert page.get_by_test_id("table-page").get_attribute("data-seq") == seq  # the game did not move
    # The same decision waits, now told in German by the game's own page words.
    assert status.startswith("Your turn")
    expect(page.get_by_test_id("status")).to_have_text(translate(page_words, "de", status))
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", "/rules/puertorico?lang=de")

    page.get_by_test_id("lang-picker").select_option("en")  # and back: the same decision still waits
    expect(page.get_by_test_id("status")).to_have_text(status)
    expect(page.locator(".log-line", has_text="takes the").first).to_be_visible()
    assert page.get_by_test_id("table-page").get_attribute("data-seq") == seq

    page.get_by_test_id("lang-picker").select_option("de")
    expect(page.locator(".log-line", has_text="wählt den").first).to_be_visible()

    page.reload()  # remembered in this browser: the next connection asks for German
    expect(page.locator(".log-line", has_text="wählt den").first).to_be_visible()
    expect(page.get_by_test_id("lang-picker")).to_have_value("de")
