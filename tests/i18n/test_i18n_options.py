"""The games' table options in every language: each option's label, help and choices (and the
first seat's note) have a term of the game's catalog (`option.<name>`, `option.<name>.help`,
`option.<name>.<choice>`, `note.first-seat`) whose English is the game's own words, and
isla.i18n.options gives them in a reader's language."""

from __future__ import annotations

import pytest

from isla.core.registry import game, game_names
from isla.i18n import LANGUAGES, game_domain, translate
from isla.i18n.options import english_ids, first_seat_note, option_texts

GAMES = [name for name in game_names() if game_domain(game(name)) is not None and game(name).option_texts()]


def test_both_games_have_option_words() -> None:
    assert {"puertorico", "vanuatu"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_the_english_terms_are_the_games_own_option_words(name: str) -> None:
    domain = game_domain(game(name))
    assert domain is not None
    for key, english in english_ids(game(name)).items():
        assert translate(domain, "en", key) == english, key


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_option_has_its_own_words_in_each_language(name: str, lang: str) -> None:
    shown = game(name)
    english = shown.option_texts()
    translated = option_texts(shown, lang)
    assert set(translated) == set(english)
    for option, text in translated.items():
        assert text.label != english[option].label or lang == "en"
        assert text.help != english[option].help
        assert set(text.choices) == set(english[option].choices)
        assert all(text.choices[c] != english[option].choices[c] for c in text.choices)
    if shown.first_seat_note:
        assert first_seat_note(shown, lang) not in ("", shown.first_seat_note)


def test_english_and_an_unknown_language_get_the_games_english() -> None:
    shown = game("puertorico")
    assert option_texts(shown, "en") == dict(shown.option_texts())
    assert option_texts(shown, "fr") == dict(shown.option_texts())
    assert first_seat_note(shown, "fr") == "first governor"
    assert option_texts(shown, "de")["balanced"].label == "Ausgeglichener Start"
    assert first_seat_note(shown, "zh") == "首任总督"
