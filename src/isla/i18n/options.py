"""A game's table options in a reader's language: the words the lobby's create form shows.

A game declares what a player reads about its options (`Game.option_texts()`: label, help, the
words of each choice) in English, and its term catalog holds their translations under ids of its
own kind, `option.<name>` (the label), `option.<name>.help` and `option.<name>.<choice>`, with the
note beside a fixed seating's first seat as `note.first-seat`. The `en` catalog's entries are the
game's English again (tests/i18n/test_i18n_options.py holds them equal), so a translator reads
every option of a game in the one file they already translate. Generic code asks here and never
names a game; a game without catalogs keeps its English.
"""

from __future__ import annotations

from collections.abc import Mapping

from isla.core.protocol import Game, OptionText
from isla.i18n.catalogs import translate
from isla.i18n.games import game_domain
from isla.i18n.languages import ENGLISH, supported

FIRST_SEAT_NOTE = "note.first-seat"


def option_ids(name: str, text: OptionText) -> dict[str, str]:
    """The term ids of one option's words with their English: label, help and every choice."""
    ids = {f"option.{name}": text.label, f"option.{name}.help": text.help}
    ids.update({f"option.{name}.{choice}": words for choice, words in text.choices.items()})
    return ids


def option_texts(game: Game, lang: str) -> dict[str, OptionText]:
    """`game`'s option texts in `lang` (its own English for English, a language Isla lacks, or a
    game without catalogs)."""
    texts = dict(game.option_texts())
    domain = game_domain(game)
    lang = supported(lang) or ENGLISH
    if domain is None or lang == ENGLISH:
        return texts
    return {
        name: OptionText(
            translate(domain, lang, f"option.{name}"),
            translate(domain, lang, f"option.{name}.help"),
            {choice: translate(domain, lang, f"option.{name}.{choice}") for choice in text.choices},
        )
        for name, text in texts.items()
    }


def first_seat_note(game: Game, lang: str) -> str:
    """The note beside seat 1 of a fixed seating ("first governor") in `lang`; '' when the game has none."""
    note = game.first_seat_note
    domain = game_domain(game)
    lang = supported(lang) or ENGLISH
    if not note or domain is None or lang == ENGLISH:
        return note
    return translate(domain, lang, FIRST_SEAT_NOTE)


def english_ids(game: Game) -> Mapping[str, str]:
    """Every term id of `game`'s option words with the game's English (what its `en` catalog holds)."""
    ids: dict[str, str] = {}
    for name, text in game.option_texts().items():
        ids.update(option_ids(name, text))
    if game.first_seat_note:
        ids[FIRST_SEAT_NOTE] = game.first_seat_note
    return ids


__all__ = ["FIRST_SEAT_NOTE", "english_ids", "first_seat_note", "option_ids", "option_texts"]
