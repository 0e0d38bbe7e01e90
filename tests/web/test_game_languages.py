"""The games' own words in German and in Chinese on the real table page (issue 15): a Puerto Rico
table with the mayor's prompt open and a Vanuatu table with the Governor offered, each opened by a
browser whose chosen language is German or Chinese, show none of their page domain's English.

What counts as English left: every piece of a `<game>-page` message between its placeholders that
has more than one word ("Your turn: arrange your colonists, then confirm.", " is choosing a role.")
found in the board's text, or in a title, tooltip (data-tip) or aria-label, anywhere in the prompt,
the status line, the round title and the players' and supply's boards; a piece the language's own
texts say too (German "in San Juan") is no English left. Set ISLA_SHOTS to a folder
to keep a screenshot of each board (docs/images/pr-zh.png and vanuatu-zh.png come from it).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect
from positions import Position, open_table, reach, seat_at, sign_in
from servertools import Running

from isla.core import State
from isla.core.registry import game
from isla.games.puertorico.state import PLACE
from isla.i18n import game_domain, texts
from isla.i18n.games import page_domain

REGIONS = ["#round", "#status", "#actions", "#fallback", "#players", "#supply"]
SHOWN = """(selectors) => selectors.flatMap((selector) => {
  const root = document.querySelector(selector);
  if (!root) return [];
  const attributes = [...root.querySelectorAll('[title],[data-tip],[aria-label]')].flatMap((el) =>
    ['title', 'data-tip', 'aria-label'].map((name) => el.getAttribute(name)).filter(Boolean));
  return [root.innerText, ...attributes];
})"""


def english_pieces(name: str) -> set[str]:
    """The parts of every message of `name`'s page domain between placeholders, of two words or more."""
    domain = page_domain(game(name))
    assert domain is not None
    with domain.template().open("rb") as handle:
        template = read_po(handle)
    pieces: set[str] = set()
    for message in template:
        for msgid in (message.id if isinstance(message.id, (tuple, list)) else (message.id,)):
            for part in re.split(r"\{\w+\}", str(msgid or "")):
                part = part.strip(" .,:;()·")
                if len(part.split()) > 1:
                    pieces.add(part)
    return pieces


def own_texts(name: str, lang: str) -> str:
    """Every text of `name`'s term and page domains in `lang`, as one string."""
    found: list[str] = []
    for domain in (game_domain(game(name)), page_domain(game(name))):
        assert domain is not None
        for text in texts(domain, lang).values():
            found.extend(text if isinstance(text, tuple) else (text,))
    return "\n".join(found)


def english_left(page: Page, name: str, lang: str) -> list[str]:
    shown = "\n".join(page.evaluate(SHOWN, REGIONS))
    own = own_texts(name, lang) if lang != "en" else ""
    return sorted(piece for piece in english_pieces(name) if piece in shown and piece not in own)


def in_language(page: Page, lang: str) -> None:
    """The browser's own choice of language (the header's picker remembers it so), before any page loads."""
    page.add_init_script(f"localStorage.setItem('isla.lang', {lang!r})")


def placing_for_seat_0(state: State, _played: int) -> bool:
    return bool(state.core.phase == PLACE and state.to_move == 0)  # type: ignore[attr-defined]


def seat_0_may_govern(state: State, _played: int) -> bool:
    legal = state.legal_actions() if state.to_move == 0 else []
    return any(a.text.startswith("govern:") for a in legal)


def seat_ann(page: Page, server: Running, lang: str, position: Position) -> None:
    """The guest Ann, whose browser chose `lang`, at seat 0 of `position` against three easy bots."""
    in_language(page, lang)
    sign_in(page, server, "Ann")
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("ISLA_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_a_puerto_rico_table_with_the_mayors_prompt_speaks_the_readers_language(
    page: Page, server: Running, lang: str
) -> None:
    seat_ann(page, server, lang, reach("puertorico", 4, seed=6, until=placing_for_seat_0))
    expect(page.get_by_test_id("confirm")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    words = {"de": ("Du bist dran: Verteile deine Kolonisten", "Bestätigen", "Rückgängig"),
             "zh": ("轮到你了：分配你的殖民者", "确认", "撤销")}[lang]  # noqa: RUF001 - Chinese punctuation
    expect(page.get_by_test_id("status")).to_contain_text(words[0])
    expect(page.get_by_test_id("confirm")).to_have_text(words[1])
    expect(page.get_by_test_id("undo")).to_have_text(words[2])
    left = english_left(page, "puertorico", lang)
    assert not left, left
    shoot(page, f"pr-{lang}.png")


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_a_vanuatu_table_with_the_governor_offered_speaks_the_readers_language(
    page: Page, server: Running, lang: str
) -> None:
    governor = {0: r"^char:governor$"}  # Ann takes the Governor whenever it is offered
    seat_ann(page, server, lang, reach("vanuatu", 4, seed=1, until=seat_0_may_govern, prefer=governor))
    govern = page.get_by_test_id("govern")
    expect(govern).to_have_text({"de": "Den Gouverneur einsetzen…", "zh": "使用总督…"}[lang])
    expect(page.locator("#round")).to_contain_text({"de": "Runde", "zh": "轮"}[lang])
    left = english_left(page, "vanuatu", lang)
    assert not left, left
    govern.click()  # the Governor's own prompt, in the reader's language too
    expect(page.get_by_test_id("govern-hint")).to_contain_text({"de": "Gouverneur:", "zh": "总督："}[lang])  # noqa: RUF001
    left = english_left(page, "vanuatu", lang)
    assert not left, left
    shoot(page, f"vanuatu-{lang}.png")


def test_the_check_finds_english_on_an_english_page(page: Page, server: Running) -> None:
    # The same table in English: the check is not blind (it finds the English it looks for).
    seat_ann(page, server, "en", reach("puertorico", 4, seed=6, until=placing_for_seat_0))
    expect(page.get_by_test_id("confirm")).to_be_visible()
    assert "Your turn: arrange your colonists, then confirm" in english_left(page, "puertorico", "en")
