"""The table page's shell and the replay page in German and Chinese: no English text of the `isla`
domain is left in what the shell draws (the header, the status line, the banner, the seats' tags
and controls, the waiting room, the score table and chart, the buttons), neither as text nor in a
title, placeholder or aria-label. The game's own board (its panels and supplies, its prompt) is the
game's page domain and is not looked at here.

The English checked for is every msgid of src/isla/locale/isla.pot: its runs of two words or more
between placeholders (a single word such as "Score" may well be a name or a number's unit in
another language). A finished game and a table at its start come from stored positions and the
API (positions.py); no game is played in the browser.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import BrowserContext, Page, expect
from positions import Position, reach, seat_at, sign_in
from servertools import Running
from test_clock_pages import post

from isla.i18n import translate
from isla.i18n.catalogs import GENERIC

# What the shell draws on the table page, and on the replay page (the board's own regions left out).
TABLE_SHELL = ("header.topbar", "#status", "#banner", "#score", "#score-chart", "#fallback .hint",
               "#players .waiting", ".tag-bot", ".tag-standin", ".tag-clock", ".conn",
               '[data-ui^="stand-in"]', '[data-ui="reclaim"]')
REPLAY_SHELL = ("header.topbar", "#bar", ".replay-now", "#banner", "#score", "#score-chart", "#log-pane > h2")
ATTRIBUTES = ("title", "placeholder", "aria-label")

# Left out: the chat box (shared/chat.js has words of its own) and what the game's board module
# says in the top bar (its roundTitle: the game's page domain).
NOT_THE_SHELL = "#chat, #round"
GATHER = """([selectors, attributes, skip]) => {
  const found = [];
  for (const selector of selectors) {
    for (const root of document.querySelectorAll(selector)) {
      if (root.closest(skip)) continue;
      const copy = root.cloneNode(true);
      for (const el of copy.querySelectorAll(skip)) el.remove();
      found.push(copy.textContent);
      for (const el of [copy, ...copy.querySelectorAll('*')]) {
        for (const name of attributes) if (el.hasAttribute(name)) found.push(el.getAttribute(name));
      }
    }
  }
  found.push(document.title);
  return found;
}"""


@cache
def english_runs() -> frozenset[str]:
    """Every run of two words or more of the `isla` template's English (between placeholders)."""
    with GENERIC.template().open("rb") as handle:
        template = read_po(handle)
    runs = set()
    for message in template:
        for msgid in (message.id if isinstance(message.id, (tuple, list)) else (message.id,)):
            for run in re.split(r"\{\w+\}", msgid or ""):
                run = run.strip(" .:;,()·")
                if len(run.split()) >= 2:
                    runs.add(run)
    return frozenset(runs)


def english_left(page: Page, selectors: tuple[str, ...]) -> list[str]:
    shown: list[str] = page.evaluate(GATHER, [list(selectors), list(ATTRIBUTES), NOT_THE_SHELL])
    text = "\n".join(shown)
    assert text.strip(), "the page showed nothing to check"
    return sorted(run for run in english_runs() if run in text)


@cache
def finished_game() -> Position:
    return reach("puertorico", 3, seed=2, until=lambda state, _seq: state.to_move is None)


def speaking(new_context: Callable[..., BrowserContext], lang: str) -> Page:
    """A page whose browser asks for `lang` (its Accept-Language and navigator.language)."""
    return new_context(locale={"de": "de-DE", "zh": "zh-CN"}[lang]).new_page()


def test_the_english_looked_for_is_the_templates() -> None:
    runs = english_runs()
    assert {"Final scores", "Replay so far", "Play again with the same seats", "Your turn"} <= runs
    assert "Score" not in runs  # one word: not looked for


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_a_finished_tables_shell_and_score_table_speak_the_readers_language(
    new_context: Callable[..., BrowserContext], server: Running, lang: str
) -> None:
    page = speaking(new_context, lang)
    sign_in(page, server, "Ann")
    position = finished_game()
    table_id = seat_at(server, position, [page, "bot:easy", "bot:easy"])
    page.goto(f"{server.url}/tables/{table_id}")
    expect(page.get_by_test_id("score-table")).to_be_visible()
    expect(page.get_by_test_id("score-chart")).to_be_visible()
    expect(page.get_by_test_id("play-again")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.get_by_test_id("lang-picker")).to_have_value(lang)
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", f"/rules/puertorico?lang={lang}")
    assert english_left(page, TABLE_SHELL) == []
    if lang == "zh":
        expect(page.get_by_test_id("score-table").locator("thead")).to_contain_text("名次")
    else:
        expect(page.get_by_test_id("play-again")).to_have_text("Noch einmal mit denselben Plätzen spielen")

    replay = speaking(new_context, lang)
    replay.goto(f"{server.url}/tables/{table_id}/replay")
    expect(replay.get_by_test_id("replay-page")).to_have_attribute("data-ready", "true")
    expect(replay.get_by_test_id("replay-count")).not_to_be_empty()
    assert english_left(replay, REPLAY_SHELL) == []
    if lang == "de":  # a switch draws the controls again in the new language, at the same step
        replay.get_by_test_id("replay-next").click()
        expect(replay.get_by_test_id("replay-count")).to_have_text(f"Schritt 1 von {len(position.actions)}")
        replay.get_by_test_id("lang-picker").select_option("zh")
        last = len(position.actions)
        count = translate(GENERIC, "zh", "Step {step} of {last}", step=1, last=last)
        expect(replay.get_by_test_id("replay-count")).to_have_text(count)
        expect(replay.get_by_test_id("replay-first")).to_have_attribute(
            "title", translate(GENERIC, "zh", "First step (Home)"))
        assert english_left(replay, REPLAY_SHELL) == []


def test_a_waiting_room_and_a_timed_table_speak_german(
    new_context: Callable[..., BrowserContext], server: Running
) -> None:
    ann = speaking(new_context, "de")
    sign_in(ann, server, "Ann")
    waiting = post(ann, server, "/api/tables", {"seats": [{"kind": "me"}, {"kind": "open"}]})
    visitor = speaking(new_context, "de")  # nobody signed in: the room asks for a name
    visitor.goto(f"{server.url}/tables/{waiting['table']['id']}")
    expect(visitor.get_by_test_id("waiting")).to_be_visible()
    expect(visitor.get_by_test_id("sit-name")).to_have_attribute("placeholder", "z. B. Anna")
    assert english_left(visitor, TABLE_SHELL) == []

    seats = [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]
    timed = post(ann, server, "/api/tables", {"seats": seats, "seating": "fixed", "clock": "normal"})
    ann.goto(f"{server.url}/tables/{timed['table']['id']}")
    expect(ann.locator('[data-testid="clock-0"]').first).to_have_text(re.compile(r"^(9|10):\d\d$"))
    expect(ann.locator(".tag-bot").first).to_have_text("Bot · leicht")
    expect(ann.get_by_test_id("connection")).to_have_text("verbunden")
    assert english_left(ann, TABLE_SHELL) == []
