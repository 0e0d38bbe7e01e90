"""The lobby's create form in Chromium for ranked tables and custom clocks, the bots' ratings in its
seat menus, the player page's score parts and bot opponents, and muting in the chat.

Rated games are played through the API (an account's `me` seat against a bot); everything else is
clicked, and what the form sent is read back from the API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect
from rankedtools import account, finished, play_out
from servertools import Running, bot, create, get
from webplay import register_in_lobby


def created_table(page: Page, server: Running) -> dict[str, Any]:
    """Click "Create the table", land on its page and read the table back from the API."""
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/tables/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    with server.client() as client:
        return get(client, table_id)


def test_an_account_creates_a_ranked_table_marked_in_the_lobby_and_on_the_table(
    page: Page, server: Running
) -> None:
    register_in_lobby(page, server, "Rita")
    expect(page.get_by_test_id("ranked")).to_be_enabled()
    page.get_by_test_id("game").select_option("puertorico")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("seat-1-kind").select_option("open")
    page.get_by_test_id("ranked").check()
    table = created_table(page, server)
    assert table["ranked"] is True
    expect(page.get_by_test_id("ranked")).to_be_visible()
    expect(page.get_by_test_id("ranked")).to_have_text("Ranked")
    page.goto(server.url + "/")
    expect(page.get_by_test_id(f"ranked-{table['id']}")).to_have_text("ranked")


def test_a_guest_cannot_tick_ranked_and_is_told_why(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    expect(page.get_by_test_id("ranked")).to_be_disabled()
    page.get_by_test_id("guest-name").fill("Gus")
    page.get_by_test_id("guest-go").click()
    expect(page.get_by_test_id("account-guest")).to_be_visible()
    expect(page.get_by_test_id("ranked")).to_be_disabled()
    expect(page.get_by_test_id("ranked-note")).to_have_text(
        "for accounts only: sign in or register to play ranked")


def test_custom_clocks_reach_the_api_exactly_and_a_refusal_is_shown(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    page = new_context(timezone_id="America/Sao_Paulo").new_page()
    page.goto(server.url + "/")
    page.get_by_test_id("guest-name").fill("Clara")
    page.get_by_test_id("guest-go").click()
    expect(page.get_by_test_id("account-name")).to_have_text("Clara")
    page.get_by_test_id("seat-1-kind").select_option("open")

    page.get_by_test_id("clock").select_option("custom-realtime")
    expect(page.get_by_test_id("custom-turn-based")).to_be_hidden()
    page.get_by_test_id("custom-bank").fill("0")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("create-error")).to_have_text(
        'clock "bank" must be from 1 to 86400 seconds, got 0')
    page.get_by_test_id("custom-bank").fill("7")
    page.get_by_test_id("custom-increment").fill("3")
    table = created_table(page, server)
    assert table["clock"] == {"mode": "realtime", "bank": 420, "increment": 3,
                              "on_timeout": "stand-in", "stand_in_level": "easy"}

    page.goto(server.url + "/")
    page.get_by_test_id("seat-1-kind").select_option("open")
    page.get_by_test_id("clock").select_option("custom-turn-based")
    expect(page.get_by_test_id("custom-realtime")).to_be_hidden()
    expect(page.get_by_test_id("custom-zone")).to_have_text("America/Sao_Paulo")
    page.get_by_test_id("custom-per-move").fill("36")
    page.get_by_test_id("custom-hours").check()
    page.get_by_test_id("custom-from").fill("09:00")
    page.get_by_test_id("custom-to").fill("21:30")
    page.get_by_test_id("on-timeout").select_option("end")
    table = created_table(page, server)
    assert table["clock"] == {"mode": "turn-based", "per_move": 129600, "on_timeout": "end",
                              "hours": {"from": "09:00", "to": "21:30", "zone": "America/Sao_Paulo"}}


def test_a_bots_rating_shows_in_the_seat_menu_and_the_player_page_shows_parts_and_bots(
    page: Page, server: Running
) -> None:
    with account(server, "Rafa") as me:
        seats = [{"kind": "me"}, bot("easy")]
        table = create(me, seats, game="puertorico", ranked=True, seating="fixed")["table"]
        play_out(me, table["id"])
        finished(me, table["id"])
        board = me.get("/api/leaderboards/puertorico").json()
        player = me.get("/api/players/Rafa").json()
    easy = next(b for b in board["bots"] if "easy" in b["levels"])

    page.goto(server.url + "/")
    page.get_by_test_id("game").select_option("puertorico")
    choice = page.get_by_test_id("seat-1-kind").locator('option[value="bot:easy"]')
    expect(choice).to_have_text(f"bot: easy ({easy['rating']})")

    page.goto(server.url + "/players/Rafa")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    section = page.get_by_test_id("game-puertorico")
    entry = next(g for g in player["games"] if g["game"] == "puertorico")
    assert [p["key"] for p in entry["average_breakdown"]] == ["shipping", "buildings", "bonus"]
    for part in entry["average_breakdown"]:
        fact = section.get_by_test_id(f"average-{part['key']}")
        expect(fact).to_have_text(f"{part['average']:.1f}")
        expect(fact.locator("xpath=preceding-sibling::dt")).to_have_text(part["label"])
    [opponent] = entry["bot_opponents"]
    row = section.get_by_test_id("bot-opponent")
    expect(row).to_have_count(1)
    expect(row.locator("td")).to_have_text(
        [opponent["bot"], str(opponent["games"]), str(opponent["wins"]), str(opponent["ahead"])])
    assert opponent["games"] == 1


def test_a_muted_person_disappears_from_the_muters_chat_only(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    def guest(name: str) -> Page:
        page = new_context().new_page()
        page.goto(server.url + "/")
        page.get_by_test_id("guest-name").fill(name)
        page.get_by_test_id("guest-go").click()
        expect(page.get_by_test_id("account-name")).to_have_text(name)
        expect(page.get_by_test_id("connection")).to_have_attribute("data-status", "open")
        return page

    def say(page: Page, text: str) -> None:
        page.get_by_test_id("chat-input").fill(text)
        page.get_by_test_id("chat-send").click()

    ann, bob = guest("Ann"), guest("Bob")
    say(bob, "hello from Bob")
    line = ann.get_by_test_id("chat-line").filter(has_text="hello from Bob")
    expect(line).to_have_count(1)
    line.hover()  # the mute button shows on the line under the pointer
    line.get_by_test_id("chat-mute").click()
    expect(ann.get_by_test_id("chat-line").filter(has_text="Bob")).to_have_count(0)

    say(bob, "Bob again")
    expect(bob.get_by_test_id("chat-text").last).to_have_text("Bob again")
    say(ann, "Ann still here")
    # Bob's second line reached Ann's page before her own (one socket, in order): it is not shown.
    expect(ann.get_by_test_id("chat-text").last).to_have_text("Ann still here")
    expect(ann.get_by_test_id("chat-line").filter(has_text="Bob")).to_have_count(0)
    # Bob, who was muted, sees everything, Ann's line included.
    expect(bob.get_by_test_id("chat-text")).to_have_text(["hello from Bob", "Bob again", "Ann still here"])
