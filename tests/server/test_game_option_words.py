"""GET /api/games gives each game's table options in the reader's language (`lang`, else
Accept-Language, else English): the lobby's create form shows the labels, helps and choices it is
sent, and the server learns them from each game's catalogs (isla.i18n.options)."""

from __future__ import annotations

from typing import Any

from servertools import serve

from isla.core.registry import game
from isla.server.config import ServerConfig


def _options(answer: dict[str, Any], name: str) -> dict[str, dict[str, Any]]:
    listed = next(g for g in answer["games"] if g["name"] == name)
    return {option["name"]: option for option in listed["options"]}


def test_the_games_options_come_in_german_when_asked_and_in_english_without(config: ServerConfig) -> None:
    with serve(config) as server, server.client() as anon:
        german = anon.get("/api/games", params={"lang": "de"}).json()
        english = anon.get("/api/games").json()
        chinese = anon.get("/api/games", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).json()
    pr_de, va_de = _options(german, "puertorico"), _options(german, "vanuatu")
    assert pr_de["balanced"]["label"] == "Ausgeglichener Start"
    assert pr_de["two_player_roles"]["choice_labels"]["official"] == "Offiziell: je 3 Rollen"
    assert va_de["rising_waters"]["label"] == "Steigendes Wasser"
    assert va_de["characters"]["choice_labels"] == {"on": "Mit Charakteren", "off": "Ohne Charaktere"}
    assert va_de["bonuses"]["help"].startswith("Freiwillig:")
    pr_game = next(g for g in german["games"] if g["name"] == "puertorico")
    assert pr_game["first_seat_note"] == "erster Gouverneur"
    for name in ("puertorico", "vanuatu"):
        words = game(name).option_texts()
        shown = _options(english, name)
        assert {option: shown[option]["label"] for option in words} == {o: t.label for o, t in words.items()}
        assert {option: shown[option]["help"] for option in words} == {o: t.help for o, t in words.items()}
        # German everywhere: not one label or help of either game stayed English
        assert all(_options(german, name)[o]["label"] != t.label for o, t in words.items())
        assert all(_options(german, name)[o]["help"] != t.help for o, t in words.items())
    assert _options(chinese, "vanuatu")["characters"]["label"] == "角色"
