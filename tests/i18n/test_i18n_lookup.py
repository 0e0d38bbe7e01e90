"""Looking texts up: the reader's language with its own plural rule, English only for a language
Isla does not have, a clear error (never an English stand-in) when a language Isla has lacks a text.
The catalogs here are real .po files written to a temporary folder, read as the server reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from isla.i18n import GENERIC, Domain, MissingText, ngettext, texts, translate
from isla.i18n.catalogs import placeholders

HEADER = '''msgid ""
msgstr ""
"Language: {lang}\\n"
"Plural-Forms: {plural}\\n"
"Content-Type: text/plain; charset=utf-8\\n"

'''
PLURALS = {"en": "nplurals=2; plural=(n != 1);", "de": "nplurals=2; plural=(n != 1);",
           "pt": "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
           "zh": "nplurals=1; plural=0;"}


def _domain(tmp_path: Path, entries: dict[str, str]) -> Domain:
    domain = Domain("demo", tmp_path / "locale")
    for lang, body in entries.items():
        path = domain.path(lang)
        path.parent.mkdir(parents=True)
        path.write_text(HEADER.format(lang=lang, plural=PLURALS[lang]) + body, encoding="utf-8")
    return domain


TERMS = {
    "en": 'msgid "role.mayor"\nmsgstr "Mayor"\n\nmsgid "{n} doubloon"\nmsgid_plural "{n} doubloons"\n'
          'msgstr[0] "{n} doubloon"\nmsgstr[1] "{n} doubloons"\n\n'
          'msgid "hello {who}"\nmsgstr "Hello, {who}"\n',
    "de": 'msgid "role.mayor"\nmsgstr "Bürgermeister"\n\nmsgid "{n} doubloon"\nmsgid_plural "{n} doubloons"\n'
          'msgstr[0] "{n} Dublone"\nmsgstr[1] "{n} Dublonen"\n\nmsgid "hello {who}"\nmsgstr ""\n',
    "pt": 'msgid "role.mayor"\nmsgstr "Prefeito"\n\nmsgid "{n} doubloon"\nmsgid_plural "{n} doubloons"\n'
          'msgstr[0] "{n} dobrão"\nmsgstr[1] "{n} de dobrões"\nmsgstr[2] "{n} dobrões"\n',
    "zh": 'msgid "role.mayor"\nmsgstr "招募"\n\nmsgid "{n} doubloon"\nmsgid_plural "{n} doubloons"\n'
          'msgstr[0] "{n}金币"\n\nmsgid "hello {who}"\nmsgstr "你好，{who}"\n',
}


def test_a_term_is_read_in_each_language_and_in_english_from_the_en_catalog(tmp_path: Path) -> None:
    domain = _domain(tmp_path, TERMS)
    assert [translate(domain, lang, "role.mayor") for lang in ("en", "de", "pt", "zh")] == [
        "Mayor", "Bürgermeister", "Prefeito", "招募"]
    assert translate(domain, "zh-TW", "hello {who}", who="Ann") == "你好，Ann"


def test_a_language_isla_lacks_reads_english(tmp_path: Path) -> None:
    domain = _domain(tmp_path, TERMS)
    assert translate(domain, "fr", "role.mayor") == "Mayor"
    assert translate(domain, "ja-JP", "hello {who}", who="Ann") == "Hello, Ann"
    assert ngettext(domain, "fr", "{n} doubloon", "{n} doubloons", 2) == "2 doubloons"


def test_a_language_isla_has_never_stands_in_english_for_a_missing_text(tmp_path: Path) -> None:
    domain = _domain(tmp_path, TERMS)
    with pytest.raises(MissingText, match=re.escape("no de text for 'hello {who}'")):
        translate(domain, "de", "hello {who}", who="Ann")  # present but empty: untranslated
    with pytest.raises(MissingText, match=re.escape("no pt text for 'hello {who}'")):
        translate(domain, "pt", "hello {who}", who="Ann")  # absent
    with pytest.raises(MissingText, match="no nl text"):
        translate(domain, "nl", "role.mayor")  # a language Isla has, with no catalog at all here
    with pytest.raises(MissingText, match=re.escape("no English text for 'role.nobody'")):
        translate(domain, "en", "role.nobody")


def test_counts_take_the_form_their_language_s_plural_rule_gives(tmp_path: Path) -> None:
    domain = _domain(tmp_path, TERMS)
    assert [ngettext(domain, "en", "{n} doubloon", "{n} doubloons", n) for n in (0, 1, 2)] == [
        "0 doubloons", "1 doubloon", "2 doubloons"]
    assert [ngettext(domain, "de", "{n} doubloon", "{n} doubloons", n) for n in (0, 1, 2)] == [
        "0 Dublonen", "1 Dublone", "2 Dublonen"]
    # Portuguese (CLDR): 0 and 1 are singular, and a round million takes "de".
    assert [ngettext(domain, "pt", "{n} doubloon", "{n} doubloons", n) for n in (0, 1, 2, 1000000)] == [
        "0 dobrão", "1 dobrão", "2 dobrões", "1000000 de dobrões"]
    assert [ngettext(domain, "zh", "{n} doubloon", "{n} doubloons", n) for n in (1, 5)] == ["1金币", "5金币"]


def test_a_plural_entry_and_a_plain_one_are_not_mixed_up(tmp_path: Path) -> None:
    domain = _domain(tmp_path, TERMS)
    with pytest.raises(MissingText, match="use ngettext"):
        translate(domain, "de", "{n} doubloon")
    with pytest.raises(MissingText, match="use translate"):
        ngettext(domain, "de", "role.mayor", "role.mayors", 2)


def test_a_text_domain_s_english_is_its_msgid() -> None:
    # The generic domain is keyed by English (a .pot template, no en catalog).
    assert translate(GENERIC, "en", "Rules") == "Rules"
    assert translate(GENERIC, "de", "Rules") == "Spielregeln"
    players = [ngettext(GENERIC, "en", "{n} player", "{n} players", n) for n in (1, 4)]
    assert players == ["1 player", "4 players"]
    assert ngettext(GENERIC, "nl", "{n} player", "{n} players", 4) == "4 spelers"
    assert translate(GENERIC, "zh-CN", "Round {round} of {rounds}", round=3, rounds=8) == "第3轮（共8轮）"


def test_a_plural_entry_is_found_by_both_its_english_forms(tmp_path: Path) -> None:
    domain = _domain(tmp_path, TERMS)
    with pytest.raises(MissingText, match="has the plural"):
        ngettext(domain, "de", "{n} doubloon", "{n} dubloons", 2)  # the catalog is for another text


def test_every_text_of_a_domain_comes_in_one_go() -> None:
    german = texts(GENERIC, "de")
    assert german["Language"] == "Sprache"
    assert german["{n} player"] == ("{n} Spieler", "{n} Spieler")
    assert texts(GENERIC, "fr")["Language"] == "Language"


def test_placeholders_are_the_braced_fields() -> None:
    assert placeholders("Round {round} of {rounds}") == {"round", "rounds"}
    assert placeholders("{n}金币") == {"n"}
    assert placeholders("no {{braces}} here") == frozenset()
