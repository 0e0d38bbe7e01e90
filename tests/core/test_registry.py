"""The registry's door: what a game must declare to be registered, and the clear error when it does not.

The games here are toys that are never played: registration reads only their declarations (and
calls `bounds` for each player count). A game that passes the door is played elsewhere
(tests/lagoon: a whole game from outside Isla).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

import pytest

import isla
from isla.core import PERFECT, BadGame, Bounds, Game, GameInfo, State
from isla.core.registry import check_game_declarations, register, unregister

INFO = GameInfo(information=PERFECT, action_count=2, bounds=lambda _players, _options: Bounds((0, 9), 20))


class Toy(Game):
    name, title, version = "toy", "Toy", "toy-1"
    min_players, max_players = 2, 3
    info = INFO

    def new_state(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> State:
        raise NotImplementedError

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        raise NotImplementedError


def _toy(**changes: Any) -> Toy:
    """A Toy with some class attributes changed (and `info` fields given as info_<field>)."""
    info = dataclasses.replace(INFO, **{k[5:]: v for k, v in changes.items() if k.startswith("info_")})
    attributes = {k: v for k, v in changes.items() if not k.startswith("info_")}
    return type("Changed", (Toy,), {"__module__": __name__, "info": info, **attributes})()


TOY = Toy()


@pytest.mark.parametrize(("changes", "problem"), [
    ({"info": None}, "declares no GameInfo"),
    ({"name": "Toy Game"}, "its name must be a short name"),
    ({"title": ""}, "its title must be a non-empty text"),
    ({"min_players": 3, "max_players": 2}, "1 <= min <= max"),
    ({"info_information": "partial"}, "info.information must be one of perfect, imperfect"),
    ({"info_action_count": 0}, "info.action_count must be a whole number >= 1"),
    ({"info_bounds": lambda _players, _options: (0, 9)}, "must give a Bounds"),
    ({"info_bounds": lambda _players, _options: Bounds((9, 0), 20)}, "scores (low <= high)"),
    ({"info_bounds": lambda _players, options: options["course"]}, "bounds(2, defaults) raised KeyError"),
    ({"info_heuristic": "no_such_package.heuristic"}, "info.heuristic names the module "
                                                      "'no_such_package.heuristic', which cannot be found"),
    ({"info_text_board": "isla.games.no_such_board"}, "info.text_board names the module"),
    ({"info_levels": {"medium": ("mcts", 5)}}, "info.levels must map level names to Level"),
    ({"info_score_split": (("total",),)}, "info.score_split must be a tuple of (breakdown key, label) pairs"),
    ({"info_winning_places": {3: 3}}, "info.winning_places must map a player count to how many places win"),
    ({"info_winning_places": {3: 0}}, "(1 <= places < players), not 3: 0"),
    ({"info_text_domain": "Toy Words"}, "info.text_domain must be None or a short name"),
    ({"info_text_domain": "../toy"}, "info.text_domain must be None or a short name"),
    ({"info_locale_dir": "../elsewhere"}, "info.locale_dir must be a folder inside the game's folder"),
    ({"info_locale_dir": "/etc"}, "info.locale_dir must be a folder inside the game's folder"),
    ({"info_locale_dir": ""}, "info.locale_dir must be a folder inside the game's folder"),
    ({"info_text_domain": "toy"}, "info.text_domain is 'toy', but the game's folder has no locale/"),
])
def test_a_game_with_a_missing_or_malformed_declaration_is_refused_naming_it(
    changes: dict[str, Any], problem: str
) -> None:
    if "info" in changes:
        game = type("Changed", (Toy,), {"__module__": __name__, **changes})()
    else:
        game = _toy(**changes)
    with pytest.raises(BadGame, match="cannot be registered: .*" + re.escape(problem)):
        check_game_declarations(game)
    with pytest.raises(BadGame, match=r"writing-a-game\.md"):
        register(game)
    assert game.name not in isla.game_names()


def test_a_sound_game_registers_once_and_another_of_the_same_name_is_refused() -> None:
    try:
        assert register(TOY) is TOY and register(TOY) is TOY
        assert isla.game("toy") is TOY and isla.game_names()[-1] == "toy"
        with pytest.raises(BadGame, match="a game named 'toy' is already registered"):
            register(SECOND_TOY)
    finally:
        unregister("toy")
    assert "toy" not in isla.game_names()


def test_a_game_must_be_importable_by_name_for_worker_processes() -> None:
    made_here = Toy()  # not a module-level object: a worker process could not import it
    with pytest.raises(BadGame, match="must be a module-level object"):
        register(made_here)


def test_isla_s_own_games_cannot_be_replaced_or_unregistered() -> None:
    with pytest.raises(BadGame, match="already registered"):
        register(FALSE_PUERTO_RICO)
    with pytest.raises(BadGame, match="cannot be unregistered"):
        unregister("puertorico")


def test_isla_s_own_games_declare_everything() -> None:
    for name in ("puertorico", "vanuatu"):
        check_game_declarations(isla.game(name))


SECOND_TOY = Toy()
FALSE_PUERTO_RICO = type("FalsePuertoRico", (Toy,), {"__module__": __name__, "name": "puertorico"})()
