"""Every piece's help text (the tooltip's effect) has a term `<kind>.<name>.help` in its game's
catalog, whose English is the very text the game's catalog serves, and a translation in every
language (test_i18n_catalogs.py checks the translations are there and not English)."""

from __future__ import annotations

import pytest

from isla.core.registry import game
from isla.games.puertorico import catalog as pr_catalog
from isla.games.vanuatu import catalog as va_catalog
from isla.i18n import LANGUAGES, game_domain, translate

KINDS = {
    "puertorico": (pr_catalog.catalog, (("buildings", "building"), ("roles", "role"), ("tiles", "tile"))),
    "vanuatu": (va_catalog.catalog, (("actions", "action"), ("characters", "character"))),
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_help_text_is_a_term_with_the_games_english(name: str) -> None:
    make, kinds = KINDS[name]
    domain = game_domain(game(name))
    assert domain is not None
    shown = make()
    helps = [(f"{key}.{item['name']}.help", item["effect"]) for kind, key in kinds for item in shown[kind]
             if item.get("effect")]
    assert len(helps) >= 20
    for term, english in helps:
        assert translate(domain, "en", term) == english, term
        for lang in LANGUAGES[1:]:
            assert translate(domain, lang, term) != english, (term, lang)
