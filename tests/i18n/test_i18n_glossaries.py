"""The glossaries in docs/ are in step with the catalogs: every term of every game appears in its
language's glossary as the row "English | translation", so a changed term shows up in both."""

from __future__ import annotations

from pathlib import Path

import pytest

from isla.core.registry import game
from isla.i18n import LANGUAGES, game_domain, texts

DOCS = Path(__file__).resolve().parents[2] / "docs"
DUPLICATES = {"role.prospector2", "phase.buyer", "phase.dike"}  # shown once, under the term they repeat
SENTENCE = ".help"  # a help text (an option's, a piece's) is a sentence using the terms, not a term


def _cell(text: str | tuple[str, ...]) -> str:
    return " / ".join(text) if isinstance(text, tuple) else text


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("name", ["puertorico", "vanuatu"])
def test_the_glossary_lists_every_term_as_the_catalog_has_it(name: str, lang: str) -> None:
    glossary = (DOCS / f"glossary-{lang}.md").read_text(encoding="utf-8")
    domain = game_domain(game(name))
    assert domain is not None
    english, translated = texts(domain, "en"), texts(domain, lang)
    missing = [key for key in english if key not in DUPLICATES and not key.endswith(SENTENCE)
               and f"| {_cell(english[key])} | {_cell(translated[key])} |" not in glossary]
    assert missing == [], f"docs/glossary-{lang}.md lacks (or differs from the catalog on) {missing}"


def test_the_glossaries_are_linked_from_the_docs_index() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for lang in LANGUAGES[1:]:
        assert f"(glossary-{lang}.md)" in index
    assert "(i18n.md)" in index
