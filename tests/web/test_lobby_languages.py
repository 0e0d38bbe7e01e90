"""The lobby and the ratings pages in their players' languages, in Chromium: in German and in
Chinese (chosen in the header's picker, or remembered in this browser) the signed-in lobby, with
tables listed and the create form open, shows none of Isla's English (tests/web/english.py: a
catalog text's stretch of two words or more) in its text, its menus, its placeholders, tooltips and
labels, and asks for no text its language lacks; a switch keeps what was typed in the form and
reloads nothing; a browser asking for English (or for German by its Accept-Language) gets that; the
sign-in card and the email section (Chinese, then German), the leaderboard and a player's page
(German, then Chinese) likewise.

The words a game gives the lobby itself (its rules options' labels, help and choices, its first
seat's note: GET /api/games, worded by the server in the asked language) are the game's and the
server's to translate, and are left out here. The games on the ratings pages are Lagoon's (the
short test game), played through the API.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from english import english_parts
from mailtools import Inbox, plain, smtp_server
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect
from rankedtools import account, finished, play_out
from servertools import OPEN, PATIENCE, Running, bot, create, human, serve
from webplay import sign_in_as_guest

from isla.core import Game
from isla.i18n import GENERIC, translate
from isla.server import ServerConfig

LANG_KEY = "isla.lang"  # shared/langpick.js
# What a reader sees as words: the page's text (less the game's own words), its menus' choices
# (a closed <select> shows one) and its tooltips, placeholders and labels.
SHOWN = """() => {
  const gameWords = '.option-name, .option-help, .seat-note';
  let text = document.body.innerText;
  for (const el of document.querySelectorAll(gameWords)) text = text.replace(el.innerText, '');
  const names = ['title', 'placeholder', 'aria-label', 'alt'];
  const attributes = [...document.querySelectorAll('[title], [placeholder], [aria-label], [alt]')]
    .flatMap((el) => names.map((name) => el.getAttribute(name) || ''));
  const choices = [...document.querySelectorAll('option')]
    .filter((option) => !option.closest('.option')).map((option) => option.textContent);
  return [text, ...attributes, ...choices].join('\\n');
}"""


def english_left(page: Page) -> list[str]:
    shown = page.evaluate(SHOWN)
    return sorted(part for part in english_parts() if part in shown)


def assert_no_english(page: Page) -> None:
    """Wait until the page shows none of Isla's English; fail with what is left."""
    deadline = time.monotonic() + PATIENCE
    while (left := english_left(page)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left == [], f"English left on {page.url}: {left}"


def lacking(page: Page) -> list[str]:
    """The texts the page asks for that its language lacks (shared/i18n.js says each on the console)."""
    said: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.text.startswith("isla: no "):
            said.append(message.text)

    page.on("console", heard)
    return said


def remembered(context: BrowserContext, lang: str) -> BrowserContext:
    """A browser that chose `lang` before (the picker's choice, kept in localStorage)."""
    context.add_init_script(f"localStorage.setItem({LANG_KEY!r}, {lang!r})")
    return context


@pytest.fixture
def listed(server: Running) -> Iterator[tuple[str, str]]:
    """An open table (a seat to take) and one being played (Carla to move), as the lobby lists them."""
    with server.client() as client:
        waiting = create(client, [human("Carla"), OPEN, bot("easy")])["table"]["id"]
        playing = create(client, [human("Carla"), bot("easy"), bot("easy")], seating="fixed")["table"]["id"]
    yield waiting, playing


def open_the_lobby(page: Page, server: Running, tables: tuple[str, str]) -> None:
    sign_in_as_guest(page, server, "Ann")
    waiting, playing = tables
    expect(page.get_by_test_id(f"join-{waiting}")).to_be_visible()
    expect(page.get_by_test_id("playing-tables").get_by_test_id(f"table-{playing}")).to_be_visible()
    page.get_by_test_id("options").locator("summary").click()
    expect(page.get_by_test_id("option-list").locator("label").first).to_be_visible()


def speaks(page: Page, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("lang-picker")).to_have_value(lang)


def test_the_lobby_switched_to_german_in_the_picker_shows_no_english_and_keeps_the_form(
    page: Page, server: Running, listed: tuple[str, str], tmp_path: Path,
) -> None:
    missing = lacking(page)
    open_the_lobby(page, server, listed)
    speaks(page, "en")
    expect(page.get_by_test_id("create-table")).to_have_text("Create the table")
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("seating").select_option("fixed")
    page.get_by_test_id("seat-2-kind").select_option("open")
    page.get_by_test_id("clock").select_option("fast")
    page.get_by_test_id("private").check()
    page.get_by_test_id("option-vp_supply").fill("20")
    page.evaluate("window.__samePage = true")

    page.get_by_test_id("lang-picker").select_option("de")
    speaks(page, "de")
    expect(page.get_by_test_id("create-table")).to_have_text(translate(GENERIC, "de", "Create the table"))
    expect(page.get_by_test_id("options-summary")).to_have_text("(1 Option geändert)")
    assert_no_english(page)
    assert page.evaluate("window.__samePage") is True  # switched without a reload
    assert page.get_by_test_id("seat-count").input_value() == "3"
    assert page.get_by_test_id("seating").input_value() == "fixed"
    assert page.get_by_test_id("seat-2-kind").input_value() == "open"
    assert page.get_by_test_id("clock").input_value() == "fast"
    assert page.get_by_test_id("private").is_checked()
    assert page.get_by_test_id("option-vp_supply").input_value() == "20"
    assert missing == []
    page.screenshot(path=str(tmp_path / "lobby-de.png"), full_page=True)


def test_the_lobby_in_chinese_remembered_in_this_browser_shows_no_english(
    new_context: Callable[..., BrowserContext], server: Running, listed: tuple[str, str], tmp_path: Path,
) -> None:
    page = remembered(new_context(), "zh").new_page()
    missing = lacking(page)
    open_the_lobby(page, server, listed)
    speaks(page, "zh")
    expect(page.get_by_test_id("create-table")).to_have_text(translate(GENERIC, "zh", "Create the table"))
    assert_no_english(page)
    assert missing == []
    page.screenshot(path=str(tmp_path / "lobby-zh.png"), full_page=True)


def test_a_browser_asking_for_english_gets_english_and_one_asking_for_german_german(
    new_context: Callable[..., BrowserContext], server: Running,
) -> None:
    for locale, lang in (("en-US", "en"), ("de-DE", "de")):
        page = new_context(locale=locale).new_page()
        page.goto(server.url + "/")
        speaks(page, lang)
        expect(page.get_by_test_id("create-table")).to_have_text(translate(GENERIC, lang, "Create the table"))
        empty = translate(GENERIC, lang, "No open table right now: create one.")
        expect(page.get_by_test_id("open-empty")).to_have_text(empty)


def test_the_leaderboard_and_a_players_page_in_german_show_no_english(
    new_context: Callable[..., BrowserContext], server: Running, lagoon: Game,
) -> None:
    with account(server, "Bea") as bea:
        table = create(bea, [{"kind": "me"}, bot("random")], game=lagoon.name, ranked=True,
                       seating="fixed", options={"course": 6})["table"]
        play_out(bea, table["id"])
        finished(bea, table["id"])
    page = remembered(new_context(), "de").new_page()
    missing = lacking(page)
    page.goto(f"{server.url}/leaderboards/{lagoon.name}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("player-row")).to_have_count(1)
    expect(page.get_by_test_id("bot-row").first).to_be_visible()
    speaks(page, "de")
    assert_no_english(page)

    page.get_by_test_id("player-link").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("played-row")).to_have_count(1)
    speaks(page, "de")
    assert_no_english(page)
    page.evaluate("window.__samePage = true")
    page.get_by_test_id("lang-picker").select_option("zh")
    speaks(page, "zh")
    expect(page.get_by_test_id(f"game-{lagoon.name}").locator("h3").first).to_have_text(
        translate(GENERIC, "zh", "Rating over time"))
    assert_no_english(page)
    assert page.evaluate("window.__samePage") is True
    assert missing == []


@pytest.fixture
def mailing(web_config: ServerConfig) -> Iterator[tuple[Running, Inbox]]:
    with smtp_server() as (inbox, port), serve(replace(web_config, mail=plain(port))) as running:
        yield running, inbox


def test_signing_in_and_the_email_section_in_chinese_then_german_show_no_english(
    new_context: Callable[..., BrowserContext], mailing: tuple[Running, Inbox],
) -> None:
    server, inbox = mailing
    page = remembered(new_context(), "zh").new_page()
    missing = lacking(page)
    page.goto(server.url + "/")
    page.get_by_test_id("account-forms").locator("summary").click()
    expect(page.get_by_test_id("login-password")).to_be_visible()
    speaks(page, "zh")
    assert_no_english(page)  # the sign-in card: a guest's name, an account's name and password

    page.get_by_test_id("login-name").fill("Bea")
    page.get_by_test_id("login-password").fill("a long secret")
    page.get_by_test_id("register-go").click()
    page.get_by_test_id("email-address").fill("bea@example.org")
    page.get_by_test_id("email-save").click()
    mailed = "A confirmation link was mailed to {address}; open it to use this address."
    status = page.get_by_test_id("email-status")
    expect(status).to_have_text(translate(GENERIC, "zh", mailed, address="bea@example.org"))
    inbox.wait_for("bea@example.org")
    assert_no_english(page)

    page.get_by_test_id("lang-picker").select_option("de")
    expect(status).to_have_text(translate(GENERIC, "de", mailed, address="bea@example.org"))
    assert_no_english(page)
    assert missing == []
