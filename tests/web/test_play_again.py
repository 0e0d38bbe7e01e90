"""The final score table has a way on: back to the lobby, and playing again with the same seats.

Ann and Ben finished a game with an easy bot (the table is written into the store as finished, not
played). Ann's "Play again with the same seats" gives her a new table with the bot and Ben's seat
kept for him; Ben's page, still on the finished table, offers that table, and one click seats him,
which starts the game for both.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from played import insert_played, on_store, person, robot
from playwright.sync_api import BrowserContext, Page, expect
from servertools import PATIENCE, Running
from webplay import sign_in_as_guest

from isla.server.store import Store

expect.set_options(timeout=PATIENCE * 1000)  # every wait below: the suite's patience


def user_id(page: Page) -> str:
    me: str = page.evaluate("async () => (await (await fetch('/api/auth/me')).json()).user.id")
    return me


def test_the_score_table_leads_to_the_lobby_and_to_the_same_seats_again(
    page: Page, server: Running, new_context: Callable[..., BrowserContext]
) -> None:
    ann = page
    ben = new_context().new_page()
    sign_in_as_guest(ann, server, "Ann")
    sign_in_as_guest(ben, server, "Ben")
    ann_seat, _ = person(0, "Ann", user_id(ann))
    ben_seat, _ = person(1, "Ben", user_id(ben))

    async def job(store: Store) -> None:
        await insert_played(store, "t-done", "puertorico", [ann_seat, ben_seat, robot(2, "easy")])

    on_store(server.config, job)
    for player in (ann, ben):
        player.goto(f"{server.url}/tables/t-done")
        expect(player.get_by_test_id("score-table")).to_be_visible()
        expect(player.get_by_test_id("back-to-lobby")).to_have_attribute("href", "/")
        expect(player.get_by_test_id("play-again")).to_have_text("Play again with the same seats")

    ann.get_by_test_id("play-again").click()
    ann.wait_for_url(re.compile(r"/tables/(?!t-done)[^/]+$"))
    expect(ann.get_by_test_id("waiting")).to_be_visible()
    expect(ann.get_by_test_id("waiting-seat-0")).to_contain_text("Ann")
    expect(ann.get_by_test_id("waiting-seat-1")).to_contain_text("kept for Ben")
    expect(ann.get_by_test_id("waiting-seat-2")).to_contain_text("Easy bot")

    lobby = ann.context.new_page()  # the lobby shows whom the open seat is kept for
    lobby.goto(server.url + "/")
    expect(lobby.get_by_test_id("open-tables")).to_contain_text("open for Ben: sit here")
    lobby.close()

    expect(ben.get_by_test_id("again-waiting")).to_be_visible()  # pushed to the finished table's page
    ben.get_by_test_id("play-again").click()
    ben.wait_for_url(ann.url)
    for player in (ann, ben):
        expect(player.get_by_test_id("table-page")).to_have_attribute("data-status", "playing")
    expect(ben.locator(".player-me")).to_contain_text("Ben")
