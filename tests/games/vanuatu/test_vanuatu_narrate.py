"""The game log in words (Game.narrate): forced steps included, hidden rest tokens kept hidden."""

from __future__ import annotations

import random
import re

from vtools import new_game, position, resolution

from isla.games.vanuatu.game import GAME

NAMES = ["Ana", "Bo", "Cy"]


def test_narrate_tells_the_decision_and_the_forced_steps_without_changing_the_state() -> None:
    seats = [{"markers": {"draw": 2, "sail": 1}}, {"markers": {"draw": 1, "rest": 1}}]
    state = resolution(3, seats=seats, rest_pile=["coin", "point", "both", "first"])
    before = state.to_json()
    lines = GAME.narrate(state, state.parse_action("sail:start-fish"), NAMES)
    assert state.to_json() == before
    assert lines[:4] == [
        "Ana sails to Start: fish (-1 vatu).",
        "Bo rests and draws a rest token.",  # which token stays hidden until the round ends
        "Ana draws in the sand on Efate (+3 PP).",
        "Bo takes their markers off draw without acting.",
    ]
    assert "Bo reveals the first rest token." in lines
    assert any(line.startswith("Round 2 begins") for line in lines)


def test_narrate_gives_a_sentence_for_every_decision_of_a_random_game() -> None:
    for players, options in ((2, {}), (3, {"rising_waters": True}), (4, {"characters": "off"})):
        state = new_game(players, seed=3, **options)
        rng = random.Random(3)
        names = [*NAMES, "Di", "Ed"]
        while state.to_move is not None:
            action = rng.choice(state.legal_actions())
            lines = GAME.narrate(state, action, names)
            assert lines and all(isinstance(line, str) and line for line in lines)
            assert all("rest token." not in line or "reveals" in line or "draws" in line for line in lines)
            state.apply(action)
        assert lines[-1] == "The game is over."


def test_the_log_names_places_as_the_map_shows_them_never_by_coordinates() -> None:
    """The map labels tiles, not cells: an empty hex is the one next to the tiles named, and a dike
    faces the ocean tile on its side."""
    state = position(3, round=2, phase={"name": "tiles", "seat": 0}, archipelago={"preview": ["A1", "B1"]})
    placement = next(a for a in state.legal_actions() if a.text.startswith("tile:A1@"))
    [line, *_] = GAME.narrate(state, placement, NAMES)
    assert line.startswith("Ana places A1 next to ") and not re.search(r"-?\d+,-?\d+", line), line
    seats = [{"markers": {"build": 1, "rest": 1}, "vatus": 1}, {"markers": {"draw": 1, "sail": 1}}]
    state = resolution(3, options={"rising_waters": True}, seats=seats)
    lines = GAME.narrate(state, state.parse_action("dike:efate@1,0"), NAMES)
    assert lines[0] == "Ana builds a dike on Efate facing Start: fish (-1 vatu)."
