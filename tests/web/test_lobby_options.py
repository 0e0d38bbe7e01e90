"""The rules options in the lobby speak plain words: the game's own labels, help and choice words,
never a ruling id ("(R1)", "(V17)") or a value spelled as code."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from servertools import Running

from isla.core import game as find_game

RULING_ID = re.compile(r"\b[RV]\d+\b")


def test_the_options_show_each_games_plain_words(page: Page, server: Running) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("options").locator("summary").click()
    for game_name, players in (("puertorico", "2"), ("vanuatu", "4")):
        page.get_by_test_id("game").select_option(game_name)
        page.get_by_test_id("seat-count").select_option(players)
        game = find_game(game_name)
        texts = game.option_texts()
        for spec in game.option_specs:
            row = page.locator(".option", has=page.get_by_test_id(f"option-{spec.name}"))
            label = row.locator(".option-name")
            expect(label).to_have_text(texts[spec.name].label)
            help_text = row.locator(".option-help")
            expect(help_text).to_contain_text(texts[spec.name].help)
            assert not RULING_ID.search(help_text.inner_text()), help_text.inner_text()
            if spec.kind == "choice":
                shown = page.get_by_test_id(f"option-{spec.name}").locator("option").all_inner_texts()
                assert shown == [texts[spec.name].choices[c] for c in spec.choices]
