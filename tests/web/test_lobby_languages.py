"""The lobby and the ratings pages in their players' languages, in Chromium: in German and in
Chinese (chosen in the header's picker, or remembered in this browser) the signed-in lobby, with
tables listed and the create form open, shows none of the generic template's English (a text of
isla.pot longer than one word, read with Babel) in its text, its placeholders or its tooltips; a
switch keeps what was typed in the form and reloads nothing; a browser asking for English (or for
German by its Accept-Language) gets that; the leaderboard and a player's page in German likewise.

The games on the ratings pages are Lagoon's (the short test game), played through the API.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import BrowserContext, Page, expect
from rankedtools import account, finished, play_out
from servertools import OPEN, PATIENCE, Running, bot, create, human
from webplay import sign_in_as_guest

from isla.core import Game
from isla.i18n import GENERIC, translate

PLACEHOLDER = re.compile(r"\{\w+(?::[^}]*)?\}")
WORD = re.compile(r"[A-Za-z]+")
LANG_KEY = "isla.lang"  # shared/langpick.js
# Everything of the page a reader sees as words: its text, its placeholders and tooltips, and the
# choices of its menus (a closed <select> shows only one of them).
SHOWN = """() => [
  document.body.innerText,
  ...[...document.querySelectorAll('[placeholder], [title]')]
    .flatMap((el) => [el.getAttribute('placeholder'), el.getAttribute('title')]).filter(Boolean),
  ...[...document.querySelectorAll('option')].map((option) => option.textContent),
].join('\\n')"""


def _english_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Each English text of isla.pot of more than one word (its placeholders aside), as a pattern
    that finds it filled in on one line of the page."""
    with GENERIC.template().open("rb") as handle:
        template = read_po(handle)
    found = []
    for message in template:
        for english in (message.id if isinstance(message.id, (tuple, list)) else (message.id,)):
            pieces = PLACEHOLDER.split(english)
            if english and len(WORD.findall(" ".join(pieces))) > 1:
                pattern = r"[^\n]*?".join(re.escape(piece) for piece in pieces)
                found.append((english, re.compile(pattern)))
    return found


ENGLISH = _english_patterns()


def english_left(page: Page) -> list[str]:
    shown = re.sub(r"[ \t\u00a0]+", " ", page.evaluate(SHOWN))
    return [english for english, pattern in ENGLISH if pattern.search(shown)]


def assert_no_english(page: Page) -> None:
    """Wait until the page shows none of the template's English; fail with what is left."""
    deadline = time.monotonic() + PATIENCE
    while (left := english_left(page)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left == [], f"English left on {page.url}: {left}"


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
    page.screenshot(path=str(tmp_path / "lobby-de.png"), full_page=True)


def test_the_lobby_in_chinese_remembered_in_this_browser_shows_no_english(
    new_context: Callable[..., BrowserContext], server: Running, listed: tuple[str, str], tmp_path: Path,
) -> None:
    page = remembered(new_context(), "zh").new_page()
    open_the_lobby(page, server, listed)
    speaks(page, "zh")
    expect(page.get_by_test_id("create-table")).to_have_text(translate(GENERIC, "zh", "Create the table"))
    assert_no_english(page)
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
