"""Vanuatu end to end in Chromium: a whole game against bots by clicking, and what the page hides.

The players click as webplay.py describes with its SPREAD policy (the move the table's sequence
number points at, among the page's own data-action elements), so the clicks reach every kind of
element: characters, action spaces, hexes, cubes, fish, treasures and buttons. The bots are the
`easy` level (the scripted baseline), moving every conftest.BOT_PACE seconds.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect
from servertools import Running, get
from webplay import (
    RESTING,
    SPREAD,
    Player,
    check_the_score_table,
    create_table,
    play,
    play_to_the_end,
    seat_of,
    sign_in_as_guest,
)

THREE_EASY_BOTS = ["me", "bot:easy", "bot:easy", "bot:easy"]
REST_TOKENS = ("first", "both", "point", "coin")


def page_errors(page: Page) -> list[str]:
    """A list that collects the page's script errors from now on (it should stay empty)."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_a_guest_plays_a_whole_vanuatu_game_against_three_bots_to_the_score_table(
    page: Page, server: Running
) -> None:
    errors = page_errors(page)
    sign_in_as_guest(page, server, "Ann")
    tid = create_table(page, THREE_EASY_BOTS, game="vanuatu")
    expect(page.get_by_test_id("space-sail")).to_be_visible()  # the Vanuatu board, not Puerto Rico's
    player = Player(page, policy=SPREAD)

    play_to_the_end([player])

    table = check_the_score_table(page, server, tid, "Ann")
    assert (table["game"], table["players"]) == ("vanuatu", 4)
    for seat, breakdown in enumerate(table["result"]["breakdown"]):  # the final scoring, part by part
        for part in ("track", "fish", "vatus", "treasures", "huts", "first_player"):
            expect(page.get_by_test_id(f"score-{part}-{seat}")).to_have_text(str(breakdown[part]))
    kinds = {click.split(":")[0] for click in player.clicks}
    # Characters and plans every round, and the resolution's actions on spaces, hexes and islands.
    assert {"char", "plan"} <= kinds
    assert len(kinds - {"char", "plan", "tile", "cash", "beg", "finish", "clear"}) >= 3, kinds
    assert len(player.clicks) >= 8 * 6  # a character and five markers each round, at least
    assert errors == []


def test_the_page_never_shows_another_seats_rest_token_before_it_is_revealed(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann = new_context().new_page()
    ben = new_context().new_page()
    sign_in_as_guest(ann, server, "Ann")
    tid = create_table(ann, ["me", "open", "bot:easy"], game="vanuatu")
    sign_in_as_guest(ben, server, "Ben")
    ben.get_by_test_id(f"join-{tid}").click()
    ben.wait_for_url(f"**/tables/{tid}")
    # Ben rests whenever he can, so he holds a token while Ann still has markers to resolve.
    players = [Player(ann, policy=SPREAD), Player(ben, policy=RESTING)]
    with server.client() as client:
        table = get(client, tid)
    seat = {"Ann": seat_of(table, "Ann"), "Ben": seat_of(table, "Ben")}
    face_up = ", ".join(f'[data-testid="rest-{token}"]' for token in REST_TOKENS)

    def ben_rested_and_a_person_is_to_move() -> bool:
        # Ben holds a token this round and the table waits for a person (so the round cannot end).
        if not ben.get_by_test_id(f"player-{seat['Ben']}").locator(face_up).count():
            return False
        return any(p.offer() is not None for p in players)

    play(players, ben_rested_and_a_person_is_to_move, "Ben's rest token")

    token = ben.get_by_test_id(f"player-{seat['Ben']}").locator(face_up).get_attribute("data-testid")
    assert token is not None
    with server.client() as client:
        seq = get(client, tid)["seq"]
    expect(ann.get_by_test_id("table-page")).to_have_attribute("data-seq", str(seq))
    bens_panel_for_ann = ann.get_by_test_id(f"player-{seat['Ben']}")
    expect(bens_panel_for_ann.get_by_test_id("rest-hidden")).to_be_visible()  # taken, face down
    expect(bens_panel_for_ann.locator(face_up)).to_have_count(0)
    # Nowhere on Ann's page is Ben's token named: only Ann's own token may be face up there.
    for element in ann.locator(face_up).all():
        assert element.locator(f'xpath=ancestor::*[@data-testid="player-{seat["Ann"]}"]').count() == 1
