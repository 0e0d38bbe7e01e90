"""Each game's page words (say, say_n in its web/ scripts) are all in the game's `<game>-page`
template, found independently of Babel's JavaScript extractor: that extractor does not look inside
a template literal's `${...}`, so a say() written there would reach no translator. The page's
scripts therefore call say() outside template literals, and this test holds them to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from isla.core.registry import game, game_names
from isla.i18n.extract import msgids
from isla.i18n.games import game_folder, page_domain

_STRING = r"""(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")"""
SAY = re.compile(r"\bsay\(\s*" + _STRING)
SAY_N = re.compile(r"\bsay_n\(\s*" + _STRING + r"\s*,\s*" + _STRING)
GAMES = [name for name in game_names() if page_domain(game(name)) is not None]


def _text(single: str | None, double: str | None) -> str:
    raw = single if single is not None else double or ""
    return re.sub(r"\\(.)", r"\1", raw)


def said(folder: Path) -> set[str | tuple[str, ...]]:
    """Every msgid the scripts of `folder` pass to say() and say_n(), read with a regular expression."""
    found: set[str | tuple[str, ...]] = set()
    for path in sorted(folder.glob("**/*.js")):
        code = path.read_text(encoding="utf-8")
        found |= {_text(*m.groups()) for m in SAY.finditer(code)}
        found |= {(_text(*m.groups()[:2]), _text(*m.groups()[2:])) for m in SAY_N.finditer(code)}
    return found


def test_both_games_have_a_page_domain() -> None:
    assert {"puertorico", "vanuatu"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_every_say_in_the_games_scripts_is_in_its_page_template(name: str) -> None:
    shown = game(name)
    domain = page_domain(shown)
    assert domain is not None
    with domain.template().open("rb") as handle:
        template = msgids(read_po(handle))
    words = said(game_folder(shown) / "web")
    assert len(words) > 50
    assert sorted(map(str, words - template)) == [], "call say() outside template literals, then extract"
