"""The generic board in Chromium: a game that declares no board of its own (the test game Lagoon,
tests/lagoon) is listed in the lobby, drawn from its view (a panel per seat with the seat's own
data, the viewer's highlighted and what it may not see hidden; the rest as labelled facts) with one
button per legal action in the game's words, and played to the end by clicking. The shapes the
generic board knows (facts, chips, tables, seats named in their colour) are checked on a view made
up for the purpose, drawn by the page's own modules.

Only the whole game starts at the setup; the drawing is checked at a stored position (positions.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from positions import guests, open_table, reach, seat_at
from servertools import Running
from webplay import (
    WHOLE_GAME_TIMEOUT,
    Player,
    check_the_score_table,
    create_table,
    log_lines,
    play_to_the_end,
    sign_in_as_guest,
)

from isla.core import Game, game_names
from isla.core import game as find_game

STYLESHEETS = """() => [...document.querySelectorAll('link[rel=stylesheet]')]
    .map((link) => new URL(link.href).pathname)"""


def test_the_lobby_lists_every_registered_game_and_offers_the_first_by_default(
    page: Page, server: Running, lagoon: Game
) -> None:
    sign_in_as_guest(page, server, "Ann")
    select = page.get_by_test_id("game")
    titles = [find_game(name).title for name in game_names()]
    assert lagoon.title in titles  # a game without a board of its own is offered too
    expect(select.locator("option")).to_have_text(titles)
    expect(select).to_have_value(game_names()[0])


def test_the_lobby_shows_the_first_seat_note_the_game_declares(page: Page, server: Running) -> None:
    sign_in_as_guest(page, server, "Ann")
    page.get_by_test_id("seating").select_option("fixed")
    for name in ("puertorico", "vanuatu"):
        page.get_by_test_id("game").select_option(name)
        note = find_game(name).first_seat_note
        notes = page.locator(".seat-note")
        if note:
            expect(notes).to_have_text([note])  # beside seat 1 only
        else:
            expect(notes).to_have_count(0)
    assert find_game("puertorico").first_seat_note == "first governor"  # R16: seat 0 is the first governor


@pytest.mark.timeout(WHOLE_GAME_TIMEOUT)
def test_a_game_without_a_board_is_played_to_the_end_on_the_generic_board(
    page: Page, server: Running, lagoon: Game
) -> None:
    sign_in_as_guest(page, server, "Ann")
    tid = create_table(page, ["me", "bot:easy"], game=lagoon.name)
    # Only the generic board's stylesheet beside the page's own: no other game's.
    assert page.evaluate(STYLESHEETS) == ["/static/css/base.css", "/static/css/table.css",
                                          "/static/css/generic.css"]
    expect(page.locator("#game-name")).to_have_text("Lagoon")
    player = Player(page)

    play_to_the_end([player])

    table = check_the_score_table(page, server, tid, "Ann")
    assert player.clicks and set(player.clicks) <= {"paddle", "sail", "current"}
    # The score table's columns are the game's breakdown, in its words; the end in its words too.
    score = page.get_by_test_id("score-table")
    expect(score.locator("thead")).to_contain_text("Distance")
    expect(score.locator("thead")).to_contain_text("Reef bonus")
    expect(score.locator("thead")).not_to_contain_text("Tie-break")  # the same for all: it decides nothing
    end = table["result"]["end_triggers"][0]
    words = {"reef": "a canoe reached the reef", "tide": "the tide turned after round 8"}
    expect(score).to_contain_text(f"The game ended because {words[end]}.")
    ends = page.get_by_test_id("view-table").locator(".g-fact").filter(has_text="Ended by")
    expect(ends).to_have_text(f"Ended by{ {'reef': 'the reef', 'tide': 'the tide'}[end] }")
    # The log tells every move, the bot's and Ann's.
    told = [line for line in log_lines(page) if re.fullmatch(r"(Ann|Easy bot): (paddle|sail|current)", line)]
    assert len(told) == table["seq"]


def test_the_generic_board_draws_each_seats_part_of_the_view_in_its_panel_and_hides_what_it_may_not_see(
    new_context: Callable[..., BrowserContext], server: Running, lagoon: Game
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    # Both paddled once: Ann (seat 0) is to move in round 2, and neither card has been shown.
    position = reach(lagoon.name, 2, seed=1, until=lambda _state, played: played == 2,
                     prefer={0: "paddle", 1: "paddle"})
    tid = seat_at(server, position, [ann, ben])
    open_table(ann, server, tid, len(position.actions))
    card = position.state().to_json()["cards"][0]
    page = ann

    expect(page.get_by_test_id("status")).to_have_text("Your turn: choose one of 3 moves.")
    expect(page.locator("#round")).to_have_text("Round 2")
    # One panel per player, the seat's values in the game's words; Ann's own is first and marked.
    mine = page.get_by_test_id("player-0")
    expect(page.locator(".player").first).to_have_attribute("data-testid", "player-0")
    expect(mine).to_have_class(re.compile(r"\bplayer-me\b"))
    expect(mine).to_have_class(re.compile(r"\bplayer-turn\b"))
    expect(mine.locator(".tag-you")).to_have_text("you")
    expect(mine.locator(".g-fact")).to_have_text(["Distance covered1", f"Current card{card}", "Card shownno"])
    other = page.get_by_test_id("player-1")
    expect(other).not_to_have_class(re.compile(r"\bplayer-me\b"))
    expect(other.locator(".g-fact")).to_have_text(["Distance covered1", "Current card—", "Card shownno"])
    # The rest of the view on the table's card.
    table_card = page.get_by_test_id("view-table")
    expect(table_card.locator(".g-fact")).to_have_text(["To the reef12", "Ended bynone"])
    # One button per legal action, with the game's words for what it does.
    moves = page.get_by_test_id("generic-moves")
    expect(moves.locator("[data-action]")).to_have_text(
        ["paddle1 ahead.", "sail1 to 3 ahead, by the roll of a die.",
         "currentYour current card plus 1 ahead, once: the card is then shown."]
    )
    board = page.locator("#layout").inner_text()
    assert '{"' not in board and '":' not in board and "null" not in board  # readable, not a dump

    page.locator('[data-action="current"]').click()
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(len(position.actions) + 1))
    expect(mine.locator(".g-fact")).to_have_text(
        [f"Distance covered{1 + card + 1}", f"Current card{card}", "Card shownyes"]
    )
    expect(page.get_by_test_id("status")).to_have_text("Ben is choosing a move.")
    expect(moves).to_have_count(0)


# A view of every shape the generic board knows, with two seats.
SHAPES: dict[str, Any] = {
    "players": 2, "seat": 1, "to_move": 0, "round": 3, "phase": {"name": "bidding", "high_seat": 0},
    "pot": 7, "open": True, "deck": ["red-3", "blue_1"],
    "market": {"wood": {"price": 2, "left": 4}, "clay": {"price": 3, "left": 0}},
    "history": [{"seat": 0, "bid": 5}, {"seat": 1, "bid": 6}],
    "seats": [{"coins": 4, "hand": [1, 2], "deals": {"open": 2, "closed": None}}, {"coins": 9, "hand": []}],
}
DRAW_SHAPES = """async ([view, names]) => {
    const board = (await import('/static/js/generic/board.js')).default;
    const { Interaction } = await import('/static/js/generic/interact.js');
    const { gameWords } = await import('/static/js/generic/words.js');
    const words = { labels: { pot: 'In the pot' }, values: { 'red-3': 'red three' } };
    const catalog = { words: gameWords({ words }) };
    const table = { seq: 9, status: 'playing', players: 2, view, legal: [], you: { seat: 1 }, seats: [] };
    const ix = new Interaction();
    ix.sync(table, catalog);
    const drawn = board.render({ table, view, catalog, me: 1, names, ix });
    const root = document.createElement('div');
    root.id = 'under-test';
    root.innerHTML = `<div id="t-players">${drawn.players.join('')}</div>`
        + `<div id="t-supply">${drawn.supply.join('')}</div>`;
    document.body.prepend(root);
    return board.roundTitle({ table, view, catalog });
}"""


def test_the_generic_board_draws_facts_chips_tables_and_seats_by_their_shape(
    page: Page, server: Running
) -> None:
    page.goto(server.url)
    title = page.evaluate(DRAW_SHAPES, [SHAPES, ["Ann", "Ben"]])
    assert title == "Round 3 · Bidding"
    supply = page.locator("#t-supply")
    # Plain entries of the top level on one card, named in the game's words or made readable.
    expect(supply.get_by_test_id("view-table").locator(".g-fact")).to_have_text(
        ["In the pot7", "Openyes", "Deckred threeblue 1"]
    )
    # A record of like records: a table with a row per key, numbers in their column.
    market = supply.get_by_test_id("view-market")
    expect(market.locator("thead th")).to_have_text(["", "Price", "Left"])
    expect(market.locator("tbody tr")).to_have_text(["Wood24", "Clay30"])
    # A list of like records: a table, its seats named (the viewer's marked).
    history = supply.get_by_test_id("view-history")
    expect(history.locator("tbody tr")).to_have_text(["Ann5", "Ben (you)6"])
    expect(history.locator(".g-seat-me")).to_have_text("Ben (you)")
    # The phase's other fields on a card of their own, the seat again by name.
    expect(supply.get_by_test_id("view-phase").locator(".g-fact")).to_have_text(["High seatAnn"])
    # The seats' panels: the viewer's first; a nested record as a section; nothing hidden shown.
    panels = page.locator("#t-players .player")
    expect(panels).to_have_count(2)
    expect(panels.first).to_have_attribute("data-testid", "player-1")
    expect(panels.first.locator(".g-fact")).to_have_text(["Coins9", "Handnone"])
    ann = page.locator('#t-players [data-testid="player-0"]')
    expect(ann.locator(".g-sub-title")).to_have_text("Deals")
    expect(ann.locator(".g-fact")).to_have_text(["Coins4", "Hand12", "Open2", "Closed—"])
    text = page.locator("#under-test").inner_text()
    assert "null" not in text and '{"' not in text
