"""The final score table has a way on: back to the lobby, and playing again with the same seats.

Ann and Ben finished a game with an easy bot (a stored position at the game's end, not played
here). Ann's "Play again with the same seats" gives her a new table with the bot and Ben's seat
kept for him; Ben's page, still on the finished table, offers that table, and one click seats him,
which starts the game for both.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect
from positions import guests, open_table, reach, seat_at
from servertools import Running


def test_the_score_table_leads_to_the_lobby_and_to_the_same_seats_again(
    server: Running, new_context: Callable[..., BrowserContext]
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    over = reach("puertorico", 3, seed=1, until=lambda state, _: state.to_move is None)
    done = seat_at(server, over, [ann, ben, "bot:easy"])
    for player in (ann, ben):
        open_table(player, server, done, len(over.actions))
        expect(player.get_by_test_id("score-table")).to_be_visible()
        expect(player.get_by_test_id("back-to-lobby")).to_have_attribute("href", "/")
        expect(player.get_by_test_id("play-again")).to_have_text("Play again with the same seats")

    ann.get_by_test_id("play-again").click()
    ann.wait_for_url(re.compile(rf"/tables/(?!{done}$)[^/]+$"))
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
