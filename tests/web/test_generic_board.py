"""The generic board in Chromium: a game that declares no board of its own (the tests' Pebbles,
pebbles.py) is listed in the lobby, drawn from its view (labelled facts, tables, the viewer's own
panel highlighted) with one button per legal action, and played to the end by clicking.

Only the whole game starts at the setup; the drawing is checked at a stored position (positions.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from positions import guests, open_table, reach, seat_at
from servertools import Running, get
from webplay import (
    WHOLE_GAME_TIMEOUT,
    Player,
    check_the_score_table,
    create_table,
    log_lines,
    play_to_the_end,
    seat_of,
    sign_in_as_guest,
)

from isla.core import Game, game_names
from isla.core import game as find_game

STYLESHEETS = """() => [...document.querySelectorAll('link[rel=stylesheet]')]
    .map((link) => new URL(link.href).pathname)"""


def test_the_lobby_lists_every_registered_game_and_offers_the_first_by_default(
    page: Page, server: Running, pebbles: Game
) -> None:
    sign_in_as_guest(page, server, "Ann")
    select = page.get_by_test_id("game")
    titles = [find_game(name).title for name in game_names()]
    assert pebbles.title in titles  # a game without a board of its own is offered too
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
    new_context: Callable[..., BrowserContext], server: Running, pebbles: Game
) -> None:
    ann = new_context().new_page()
    ben = new_context().new_page()
    sign_in_as_guest(ann, server, "Ann")
    tid = create_table(ann, ["me", "open"], game=pebbles.name)
    sign_in_as_guest(ben, server, "Ben")
    ben.get_by_test_id(f"join-{tid}").click()
    ben.wait_for_url(f"**/tables/{tid}")
    for page in (ann, ben):
        expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", "0")
        # Only the generic board's stylesheet beside the page's own: no other game's.
        assert page.evaluate(STYLESHEETS) == ["/static/css/base.css", "/static/css/table.css",
                                              "/static/css/generic.css"]
        expect(page.locator("#game-name")).to_have_text("Pebbles")

    players = [Player(ann), Player(ben)]
    play_to_the_end(players)

    table = check_the_score_table(ann, server, tid, "Ann")
    check_the_score_table(ben, server, tid, "Ben")
    assert table["seq"] == sum(len(p.clicks) for p in players)  # every move was a click on the page
    # The score table's columns are the game's breakdown, in its words; the end in its words too.
    score = ann.get_by_test_id("score-table")
    expect(score.locator("thead")).to_contain_text("Pebbles")
    expect(score.locator("thead")).to_contain_text("Last pebble")
    expect(score.locator("thead")).not_to_contain_text("Tie-break")  # the same for all: it decides nothing
    expect(score).to_contain_text("The game ended because the pile is empty.")
    # The log in the game's words, one line per move.
    told = [line for line in log_lines(ann) if re.fullmatch(r"(Ann|Ben) takes \d pebbles?: \d+ left\.", line)]
    assert len(told) == table["seq"]


def after_three_takes(_state: object, played: int) -> bool:
    return played == 3


def test_the_generic_board_draws_the_view_as_labelled_facts_and_tables_and_highlights_your_panel(
    new_context: Callable[..., BrowserContext], server: Running, pebbles: Game
) -> None:
    ann, ben = guests(new_context, server, "Ann", "Ben")
    # Ann takes 2, Ben 1, Ann 2: Ben is to move with 4 pebbles left.
    position = reach(pebbles.name, 2, seed=1, until=after_three_takes,
                     prefer={0: "take:2", 1: "take:1"})
    tid = seat_at(server, position, [ann, ben])
    open_table(ben, server, tid, len(position.actions))
    page = ben
    with server.client() as client:
        seats = {name: seat_of(get(client, tid), name) for name in ("Ann", "Ben")}

    expect(page.get_by_test_id("status")).to_have_text("Your turn: choose one of 3 moves.")
    expect(page.locator("#round")).to_have_text("Round 2")
    # The table's part of the view: a card per entry, named in the game's words, values labelled.
    pile = page.get_by_test_id("view-pile")
    expect(pile.locator(".box-title")).to_have_text("The pile")
    expect(pile.locator(".g-fact")).to_have_text(["Pebbles left4", "Taken so far5"])
    takes = page.get_by_test_id("view-history")
    expect(takes.locator(".box-title")).to_have_text("Last takes")
    expect(takes.locator("thead th")).to_have_text(["Seat", "Pebbles"])
    expect(takes.locator("tbody tr")).to_have_text(["Ann2", "Ben (you)1", "Ann2"])
    # One panel per player; Ben's own is marked as his and as the one to move.
    mine = page.get_by_test_id(f"player-{seats['Ben']}")
    expect(mine).to_have_class(re.compile(r"\bplayer-me\b"))
    expect(mine).to_have_class(re.compile(r"\bplayer-turn\b"))
    expect(mine.locator(".tag-you")).to_have_text("you")
    expect(mine.locator(".g-fact")).to_have_text(["Pebbles1", "Takes1"])
    other = page.get_by_test_id(f"player-{seats['Ann']}")
    expect(other).not_to_have_class(re.compile(r"\bplayer-me\b"))
    expect(other.locator(".g-fact")).to_have_text(["Pebbles4", "Takes22"])
    # One button per legal action, with the game's words for what it does.
    moves = page.get_by_test_id("generic-moves")
    expect(moves.locator("[data-action]")).to_have_count(3)
    expect(moves.locator(".g-group-help")).to_have_text("Take pebbles from the pile: each one is a point.")
    expect(moves.locator('[data-action="take:3"]')).to_contain_text("Take 3 pebbles (the most at once).")
    # Readable, not a dump of the view.
    board = page.locator("#layout").inner_text()
    assert '{"' not in board and '":' not in board and "null" not in board

    page.locator('[data-action="take:3"]').click()
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(len(position.actions) + 1))
    expect(pile.locator(".g-fact")).to_have_text(["Pebbles left1", "Taken so far8"])
    expect(page.get_by_test_id("status")).to_have_text("Ann is choosing a move.")
    expect(moves).to_have_count(0)
