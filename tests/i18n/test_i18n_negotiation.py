"""Which language a reader gets: a `lang` value Isla has, else the best of Accept-Language, else
English; regional tags fall to their language (one catalog per language)."""

from __future__ import annotations

import pytest

from isla.i18n import ENGLISH, LANGUAGES, negotiate
from isla.i18n.languages import preferred


@pytest.mark.parametrize(("header", "expected"), [
    ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),
    ("pt-BR,pt;q=0.9", "pt"),
    ("zh-CN,zh;q=0.9", "zh"),
    ("zh-TW,zh;q=0.8,en;q=0.5", "zh"),
    ("zh-Hant-TW", "zh"),
    ("nl-BE,nl;q=0.9,fr-BE;q=0.8", "nl"),
    ("en-GB,en;q=0.9", "en"),
    ("fr-FR,fr;q=0.9", "en"),  # a language Isla does not have
    ("ja", "en"),
    ("", "en"),
    ("*", "en"),
    ("fr-FR, de;q=0.5", "de"),  # the first one Isla has
    ("en;q=0.3, pt;q=0.9", "pt"),  # the weights decide, not the order
    ("de;q=0, nl", "nl"),  # q=0: explicitly not wanted
    ("de;q=nonsense, zh", "zh"),  # a broken weight counts as not wanted
    ("DE-de", "de"),  # tags are case-insensitive
    (";;,,;q=1,", "en"),
])
def test_accept_language_picks_the_language_players_expect(header: str, expected: str) -> None:
    assert negotiate(header) == expected


def test_no_header_is_english() -> None:
    assert negotiate(None) == ENGLISH == negotiate()


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", "de"), ("pt_BR", "pt"), ("zh-CN", "zh"), ("NL", "nl"), ("en", "en"),
])
def test_a_lang_value_isla_has_wins_over_the_header(lang: str, expected: str) -> None:
    assert negotiate("pt-BR,pt;q=0.9", lang=lang) == expected


@pytest.mark.parametrize("lang", ["klingon", "fr", "", "  ", "-", "x" * 500])
def test_a_lang_value_isla_lacks_leaves_the_choice_to_the_header(lang: str) -> None:
    assert negotiate("nl-BE", lang=lang) == "nl"
    assert negotiate(None, lang=lang) == "en"


def test_a_long_header_is_read_only_as_far_as_a_browser_writes_one() -> None:
    header = ",".join(["fr"] * 1000 + ["de"])
    assert negotiate(header) == "en"
    assert len(preferred(header)) == 32


def test_the_five_languages() -> None:
    assert LANGUAGES == ("en", "pt", "nl", "de", "zh")
