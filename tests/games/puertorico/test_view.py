"""What a seat may see (rulings R9 and R10, §4 building costs with §6.6 B2).

R9: VP chips are shown only to their owner unless the table plays with `open_vp`; a spectator sees
none. R10: the order of the face-down plantations and the RNG state are never shown. The view also
gives each seat its own building prices.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import position

from isla.games.puertorico.game import GAME

VPS = [{"vp": 5}, {"vp": 7}, {"vp": 0}, {"vp": 2}]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_seat_sees_only_its_own_vp_chips(seat: int) -> None:
    view = position(seats=VPS).view(seat)
    for other, data in enumerate(view["seats"]):
        if other == seat:
            assert data["vp"] == VPS[seat]["vp"]
        else:
            assert "vp" not in data
    assert view["seat"] == seat


def test_open_vp_shows_everyones_chips() -> None:
    view = position(seats=VPS, options={"open_vp": True}).view(2)
    assert [data["vp"] for data in view["seats"]] == [5, 7, 0, 2]


def test_spectator_sees_no_vp_chips_no_prices_and_no_legal_actions() -> None:
    view = position(seats=VPS).view(None)
    assert all("vp" not in data for data in view["seats"])
    assert "building_costs" not in view
    assert "legal" not in view
    assert view["seat"] is None


def test_the_rest_of_a_seat_is_public() -> None:
    # Doubloons, goods, island and city are on the table for everyone.
    seat1 = {"doubloons": 4, "goods": {"corn": 2}, "island": {"corn": 1}, "occupied": {"corn": 1},
             "city": {"small-market": 0}, "san_juan": 1}
    view = position(seats=[{}, seat1]).view(0)
    assert view["seats"][1] == seat1


def _views(state: Any) -> list[Any]:
    return [state.view(seat) for seat in (0, 1, 2, 3, None)]


def test_view_never_shows_the_face_down_order_or_the_rng() -> None:
    # R10: two states that differ only in the stack order and the RNG look the same to everyone.
    data = GAME.new_state(players=4, seed=5).to_json()
    other = dict(data)
    stack = list(data["plantations"]["stack"])
    random.Random(1).shuffle(stack)
    assert stack != data["plantations"]["stack"]
    other["plantations"] = {**data["plantations"], "stack": stack}
    other["rng"] = data["rng"] ^ 0xDEADBEEF
    a, b = GAME.state_from_json(data), GAME.state_from_json(other)
    assert a.to_json() != b.to_json()
    assert _views(a) == _views(b)
    view = a.view(0)
    assert "rng" not in view
    assert "stack" not in view["plantations"]
    assert view["plantations"]["stack_size"] == len(stack)


def test_view_shows_the_legal_actions_to_the_seat_to_move_only() -> None:
    state = position()
    assert state.view(0)["legal"] == [a.text for a in state.legal_actions()]
    assert state.view(0)["to_move"] == 0
    assert "legal" not in state.view(1)


def test_building_costs_are_the_viewers_own_prices() -> None:
    # B2: seat 1 has 2 occupied quarries (a third one unoccupied): 1 off column-1 buildings, 2 off
    # the others; seat 0 pays the printed price.
    state = position(seats=[{}, {"island": {"quarry": 3}, "occupied": {"quarry": 2}}])
    mine = state.view(1)["building_costs"]
    assert (mine["small-market"], mine["office"], mine["harbor"], mine["city-hall"]) == (0, 3, 6, 8)
    theirs = state.view(0)["building_costs"]
    assert (theirs["small-market"], theirs["office"], theirs["harbor"], theirs["city-hall"]) == (1, 5, 8, 10)


def test_builder_sees_his_privilege_in_his_prices() -> None:
    # B2: during the builder phase the builder (seat 1) pays one less, floor 0; seat 2 does not.
    state = position(
        seats=[{}, {"doubloons": 9, "island": {"quarry": 2}, "occupied": {"quarry": 2}}, {"doubloons": 9}],
        phase={"name": "builder", "chooser": 1, "seat": 1},
    )
    mine = state.view(1)["building_costs"]
    assert (mine["small-market"], mine["office"], mine["university"]) == (0, 2, 5)
    assert state.view(2)["building_costs"]["office"] == 5


def test_balanced_variant_prices_in_the_view() -> None:
    # R14: factory 8, university 7.
    costs = position(options={"balanced": True}).view(0)["building_costs"]
    assert (costs["factory"], costs["university"]) == (8, 7)
