"""The JSON state (schema 1), hand-written positions, the per-seat view and determinize."""

from __future__ import annotations

import json
import random

import pytest
from vtools import new_game, position, resolution

from isla.core.errors import BadState
from isla.games.vanuatu.game import GAME


def test_a_saved_game_loads_and_continues_identically() -> None:
    state = new_game(4, seed=11)
    rng = random.Random(11)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    loaded = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert loaded == state
    action = state.legal_actions()[0]
    state.apply(action)
    loaded.apply(action.text)
    assert loaded == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "puertorico"}, "not of 'vanuatu'"),
        ({"schema": 2}, "schema"),
        ({"board": []}, "board"),
        ({"players": 6}, "between 2 and 5"),
        ({"first": 3}, "first"),
        ({"seats": [{"boat": "efate"}, {}, {}]}, "ocean tile"),
        ({"seats": [{"character": "pirate"}, {}, {}]}, "pirate"),
        ({"rest_pile": ["first"]}, "rest"),
        ({"reserve": {"kava": 1}}, "reserve"),
        ({"demand": {"display": [{"tile": "9", "filled": {"kava": 4}}]}}, "between 0 and 3"),
        ({"surprise": 1}, "unknown field"),
        ({"phase": {"name": "buyer", "seat": 0}}, "pending"),
        ({"phase": {"name": "tiles", "seat": 0}}, "preview"),
        ({"seats": [{"markers": {"rest": 3, "sail": 3}}, {}, {}]}, "markers"),
        ({"phase": {"name": "resolution", "seat": 1}}, "no legal action"),
    ],
)
def test_bad_positions_are_refused_with_the_field_named(change: dict[str, object], message: str) -> None:
    board = new_game(3, 1).to_json()["board"]
    data: dict[str, object] = {"players": 3, "seats": [{}, {}, {}], "board": board}
    data.update(change)
    with pytest.raises(BadState, match=message):
        GAME.state_from_json(data)


def test_views_hide_stacks_the_rng_and_others_rest_tokens_this_round() -> None:
    seats = [{"markers": {"rest": 1, "buy": 1}}, {"rest": "both", "markers": {"draw": 1, "sail": 1}}]
    state = resolution(3, seats=seats, rest_pile=["point", "coin", "first"])
    full = state.to_json()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert "rng" not in view and "rest_pile" not in view and view["rest_pile_size"] == 3
        assert "stack" not in view["archipelago"] and "deck" not in view["demand"]
        assert "stack" not in view["tourists"]
        assert view["seats"][1]["rest"] == ("both" if seat == 1 else "hidden")
        assert view["seats"][0]["rest"] is None
    assert full["seats"][1]["rest"] == "both"
    assert "legal" in state.view(0) and "legal" not in state.view(1)


def test_determinize_resamples_only_what_the_seat_cannot_see() -> None:
    seats = [{"rest": "first", "markers": {"draw": 1, "sail": 1}}, {"rest": "both"}, {"rest": "point"}]
    state = position(4, phase={"name": "resolution", "seat": 0}, seats=seats, rest_pile=["coin"])
    tokens = set()
    for k in range(30):
        other = state.determinize(0, random.Random(k)).to_json()
        assert other["seats"][0]["rest"] == "first"
        tokens.add((other["seats"][1]["rest"], other["seats"][2]["rest"]))
        arch = other["archipelago"]
        assert [t[0] for t in arch["stack"]] == [t[0] for t in state.to_json()["archipelago"]["stack"]]
    assert len(tokens) > 1
    assert all(pair[0] in ("both", "point", "coin") for pair in tokens)


def test_determinize_keeps_the_tile_of_a_letter_whose_twin_was_seen() -> None:
    state = new_game(3, seed=2)  # A and B of stack 1 are shown: the A and B of stack 2 are known
    data = state.to_json()
    seen = set()
    for k in range(10):
        stack = state.determinize(0, random.Random(k)).to_json()["archipelago"]["stack"]
        # drawn last first: stack 2's F E D C B A, then stack 1's F E D C; B and A are known
        assert stack[4:6] == data["archipelago"]["stack"][4:6]
        assert [t[0] for t in stack[4:6]] == ["B", "A"]
        seen.add(tuple(stack))
    assert len(seen) > 1  # the pairs of C-F are still open


def test_the_catalog_describes_every_cell_tile_action_and_character() -> None:
    data = GAME.catalog()
    json.dumps(data)
    assert len(data["cells"]) == 16 and len(data["tiles"]) == 16
    assert [a["name"] for a in data["actions"]] == [
        "sail", "build", "explore", "fish", "sell", "buy", "draw", "tourist", "rest"]
    characters = {c["name"]: c for c in data["characters"]}
    assert len(characters) == 11 and characters["navigator"]["action"] == "sail"
    assert characters["beggar"]["action"] is None and all(c["effect"] for c in characters.values())
