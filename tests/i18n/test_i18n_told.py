"""Structured log lines (isla.core.said) are language-free and render in every language.

A `Said` is its English text (what the game told), its JSON holds only message ids, term ids,
names and numbers, and `Teller.render` fills it from the catalogs of any language Isla has."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from isla.core.registry import game
from isla.core.said import Term, from_json, generic, joined, tell_n
from isla.i18n import GENERIC, LANGUAGES, MissingText
from isla.i18n.told import Teller

CORN, INDIGO, SUGAR = (Term(f"good.{g}", g) for g in ("corn", "indigo", "sugar"))
TERMS = Teller.of(game("puertorico")).terms
LISTS = Teller(GENERIC, TERMS)  # generic messages (lists) with Puerto Rico's terms


def test_a_said_is_its_english_and_its_json_is_language_free() -> None:
    goods = joined([CORN, INDIGO, SUGAR])
    assert goods == "corn, indigo and sugar"
    line = generic("{first}; {next}", first="a", next=goods)
    data = json.loads(json.dumps(line.to_json()))
    assert from_json(data).to_json() == data
    assert data["params"]["next"]["params"]["last"] == {"term": "good.sugar"}
    assert '"corn"' not in json.dumps(data)  # terms travel as ids, not as English words


def test_copies_and_pickles_keep_the_structure() -> None:
    said = joined([CORN, INDIGO])
    for copied in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert copied == said
        assert copied.to_json() == said.to_json()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "corn, indigo and sugar"), ("de", "Mais, Indigo und Zucker"), ("zh", "玉米、染料和白糖"),
     ("fr", "corn, indigo and sugar")],
)
def test_a_list_is_joined_with_the_readers_words(lang: str, expected: str) -> None:
    assert LISTS.render(joined([CORN, INDIGO, SUGAR]), lang) == expected


def test_every_language_renders_a_list_without_english_joining() -> None:
    for lang in LANGUAGES:
        rendered = LISTS.render(joined([CORN, INDIGO, SUGAR]), lang)
        assert (" and " in rendered) == (lang == "en"), (lang, rendered)


def test_a_message_the_catalogs_lack_is_missing_not_english() -> None:
    with pytest.raises(MissingText):
        LISTS.render(generic("A text nobody wrote"), "de")


def test_a_count_picks_its_form_by_the_language() -> None:
    said = tell_n("{n} player", "{n} players", 3)
    assert said == "3 players"
    assert LISTS.render(said, "de") == "3 Spieler"
    assert said.to_json() == {"msg": "{n} player", "plural": "{n} players", "n": 3, "params": {}}
