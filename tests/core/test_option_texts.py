"""Every table option of every game has words a player can read: a label, a help text and a word
for each choice, free of ruling ids ("(R1)", "V17") and of values spelled as code ("craftsman_angst").

A game that adds an option without giving it player texts fails here, so the lobby never falls
back to showing an option's code name.
"""

from __future__ import annotations

import re

import pytest
from test_conformance_suite import Pebbles

from isla.core import game as find_game
from isla.core import game_names

RULING_ID = re.compile(r"\b[RV]\d+\b")
CODE_WORD = re.compile(r"\w+_\w+")


def options() -> list[tuple[str, str]]:
    return [(name, spec.name) for name in game_names() for spec in find_game(name).option_specs]


def plain(text: str) -> bool:
    return bool(text.strip()) and not RULING_ID.search(text) and not CODE_WORD.search(text)


@pytest.mark.parametrize(("game_name", "option"), options())
def test_every_option_has_a_plain_label_help_and_choice_words(game_name: str, option: str) -> None:
    game = find_game(game_name)
    spec = next(s for s in game.option_specs if s.name == option)
    texts = game.option_texts()
    assert option in texts, f"{game_name}: option {option!r} has no player texts"
    text = texts[option]
    assert plain(text.label), text.label
    assert plain(text.help), text.help
    assert set(text.choices) == set(spec.choices)
    assert all(plain(words) for words in text.choices.values()), text.choices


def test_texts_name_only_options_the_game_has() -> None:
    for name in game_names():
        game = find_game(name)
        assert set(game.option_texts()) <= {spec.name for spec in game.option_specs}, name


def test_the_default_game_gives_no_texts_and_the_texts_go_to_json() -> None:
    assert Pebbles().option_texts() == {}
    text = find_game("puertorico").option_texts()["two_player_roles"]
    data = text.to_json()
    assert data["label"] == text.label and data["help"] == text.help
    assert data["choice_labels"] == dict(text.choices)
