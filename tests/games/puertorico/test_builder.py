"""Builder phase (§3.2 builder, §6.6 B1-B5, §5 university, rulings R8, game end E1b).

Costs are from the §4 table; the quarry discount is capped by the building's column (= its VP).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import apply_all, legal_texts, phase_json, position, seat_json, table

from isla.core.errors import IllegalAction
from isla.games.puertorico.game import PuertoRicoState


def _builder(seats: list[dict[str, Any]], players: int = 4, chooser: int = 0, turn: int = 0,
             **fields: Any) -> PuertoRicoState:
    """A builder phase; seats left out get 1 doubloon, so their turn is a real choice (build or pass)."""
    seats = seats + [{"doubloons": 1} for _ in range(players - len(seats))]
    return position(players, seats=seats, phase={"name": "builder", "chooser": chooser, "turn": turn},
                    **fields)


def test_builder_pays_one_less_b1() -> None:
    state = _builder([{"doubloons": 3}, {"doubloons": 3}])
    # The builder with 3 doubloons reaches every building of cost <= 4.
    assert legal_texts(state) == {
        "build:small-indigo-plant", "build:small-sugar-mill", "build:indigo-plant", "build:sugar-mill",
        "build:small-market", "build:hacienda", "build:construction-hut", "build:small-warehouse",
        "build:hospice", "build:pass",
    }
    state.apply("build:sugar-mill")  # 4 - 1
    assert seat_json(state, 0)["doubloons"] == 0
    assert seat_json(state, 0)["city"] == {"sugar-mill": 0}  # built empty
    assert table(state)["buildings"]["sugar-mill"] == 2
    # The next seat pays full price: cost <= 3 only.
    assert state.to_move == 1
    assert legal_texts(state) == {
        "build:small-indigo-plant", "build:small-sugar-mill", "build:indigo-plant",
        "build:small-market", "build:hacienda", "build:construction-hut", "build:small-warehouse",
        "build:pass",
    }
    state.apply("build:indigo-plant")
    assert seat_json(state, 1)["doubloons"] == 0


_THREE_QUARRIES = {"island": {"quarry": 3}, "occupied": {"quarry": 3}}


@pytest.mark.parametrize(
    ("building", "price"),
    [("construction-hut", 1), ("office", 3), ("harbor", 5), ("city-hall", 7)],
)
def test_quarry_discount_capped_by_column_rulebook_example_b2(building: str, price: int) -> None:
    # The rulebook's example: a non-builder with 3 occupied quarries.
    state = _builder([{}, {**_THREE_QUARRIES, "doubloons": 10}], turn=1)
    assert state.view(1)["building_costs"][building] == price
    state.apply(f"build:{building}")
    assert seat_json(state, 1)["doubloons"] == 10 - price


def test_quarry_discount_and_builder_discount_add_up_b2() -> None:
    state = _builder([{**_THREE_QUARRIES, "doubloons": 6}])
    assert "build:city-hall" in legal_texts(state)  # 10 - 3 - 1 = 6
    state.apply("build:city-hall")
    assert seat_json(state, 0)["doubloons"] == 0


def test_only_occupied_quarries_give_a_discount_b2() -> None:
    seat = {"island": {"quarry": 3}, "occupied": {"quarry": 1}, "doubloons": 4}
    state = _builder([{}, seat], turn=1)
    assert state.view(1)["building_costs"]["office"] == 4  # 5 - 1
    assert "build:large-warehouse" not in legal_texts(state)  # 6 - 1 = 5 > 4
    state.apply("build:office")
    assert seat_json(state, 1)["doubloons"] == 0


def test_building_cost_never_goes_below_zero_b2() -> None:
    seat = {"island": {"quarry": 1}, "occupied": {"quarry": 1}, "doubloons": 0}
    state = _builder([seat])
    # Builder with one occupied quarry and no money: cost - 1 - 1 <= 0 for the cost 1 and 2 buildings.
    assert legal_texts(state) == {
        "build:small-indigo-plant", "build:small-sugar-mill", "build:small-market", "build:hacienda",
        "build:construction-hut", "build:pass",
    }
    state.apply("build:small-market")  # 1 - 1 - 1 would be -1: it is free, not a payout
    assert seat_json(state, 0)["doubloons"] == 0


def test_one_building_per_player_per_phase_b1() -> None:
    state = _builder([{"doubloons": 20}, {"doubloons": 1}], players=2)
    state.apply("build:small-market")
    assert state.to_move == 1  # seat 0's turn is over
    state.apply("build:pass")
    assert phase_json(state)["name"] == "role"
    assert seat_json(state, 0)["city"] == {"small-market": 0}


def test_builder_order_is_chooser_then_clockwise_once_each() -> None:
    state = _builder([{"doubloons": 1}] * 4, chooser=3)
    order = []
    while phase_json(state)["name"] == "builder":
        order.append(state.to_move)
        state.apply("build:pass")
    assert order == [3, 0, 1, 2]


def test_never_two_buildings_of_a_type_b4_r8() -> None:
    state = _builder([{"doubloons": 20, "city": {"small-market": 0}}])
    assert table(state)["buildings"]["small-market"] == 1  # one copy is still in the supply
    assert "build:small-market" not in legal_texts(state)
    before = table(state)
    with pytest.raises(IllegalAction, match="already owns a small-market"):
        state.apply("build:small-market")
    assert table(state) == before


def test_a_building_type_out_of_supply_cannot_be_built() -> None:
    # Both small markets (3-5 players: 2 copies) are owned by seats 1 and 2.
    market: dict[str, Any] = {"city": {"small-market": 0}}
    state = _builder([{"doubloons": 20}, market, market])
    assert table(state)["buildings"]["small-market"] == 0
    assert "build:small-market" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="no small-market is left"):
        state.apply("build:small-market")


def test_two_player_supply_has_one_copy_of_each_violet_building() -> None:
    state = _builder([{"doubloons": 20}, {"city": {"harbor": 0}}], players=2)
    assert "build:harbor" not in legal_texts(state)
    assert "build:wharf" in legal_texts(state)


_ELEVEN_SPACES = {
    "small-indigo-plant": 0, "small-sugar-mill": 0, "indigo-plant": 0, "sugar-mill": 0,
    "tobacco-storage": 0, "coffee-roaster": 0, "small-market": 0, "hacienda": 0,
    "construction-hut": 0, "small-warehouse": 0, "hospice": 0,
}


def test_a_large_building_needs_two_free_city_spaces_b3() -> None:
    state = _builder([{"doubloons": 20, "city": _ELEVEN_SPACES}])
    assert legal_texts(state) == {
        "build:office", "build:large-market", "build:large-warehouse", "build:factory",
        "build:university", "build:harbor", "build:wharf", "build:pass",
    }
    with pytest.raises(IllegalAction, match="no room in the city"):
        state.apply("build:guild-hall")


def test_ten_used_spaces_leave_room_for_a_large_building_b3() -> None:
    ten = {k: v for k, v in _ELEVEN_SPACES.items() if k != "hospice"}
    state = _builder([{"doubloons": 20, "city": ten}])
    large = {"build:guild-hall", "build:residence", "build:fortress", "build:customs-house",
             "build:city-hall"}
    assert large <= legal_texts(state)
    state.apply("build:residence")
    assert table(state)["end_triggers"] == ["city"]  # 10 + 2 = 12 spaces


def test_twelfth_city_space_triggers_the_end_after_the_round_e1b() -> None:
    seats: list[dict[str, Any]] = [{"doubloons": 20, "city": _ELEVEN_SPACES}, {"doubloons": 5}, {}, {}]
    state = _builder(seats)
    state.apply("build:office")
    assert table(state)["end_triggers"] == ["city"]
    # The phase goes on: the others still build.
    assert state.to_move == 1
    state.apply("build:small-market")
    assert seat_json(state, 1)["city"] == {"small-market": 0}
    # Seats 2 and 3 have no money for anything, so they passed by force; the round goes on.
    assert table(state)["phase"] == {"name": "role", "seat": 1}
    apply_all(state, "role:craftsman", "role:trader", "role:captain")
    assert state.is_over
    assert state.result().end_triggers == ["city"]


def test_eleven_city_spaces_do_not_trigger_the_end() -> None:
    ten = {k: v for k, v in _ELEVEN_SPACES.items() if k != "hospice"}
    state = _builder([{"doubloons": 20, "city": ten}])
    state.apply("build:office")
    assert table(state)["end_triggers"] == []


_UNIVERSITY = {"doubloons": 20, "city": {"university": 1}}


def test_university_gives_a_colonist_from_the_supply_to_the_new_building_b5() -> None:
    state = _builder([_UNIVERSITY], colonists={"supply": 10, "ship": 4})
    state.apply("build:indigo-plant")
    assert legal_texts(state) == {"university:take", "university:pass"}
    state.apply("university:take")
    # One colonist, even on a building with three circles.
    assert seat_json(state, 0)["city"] == {"university": 1, "indigo-plant": 1}
    assert table(state)["colonists"] == {"supply": 9, "ship": 4}
    assert state.to_move == 1


def test_university_colonist_may_be_declined() -> None:
    state = _builder([_UNIVERSITY], colonists={"supply": 10, "ship": 4})
    apply_all(state, "build:indigo-plant", "university:pass")
    assert seat_json(state, 0)["city"] == {"university": 1, "indigo-plant": 0}
    assert table(state)["colonists"] == {"supply": 10, "ship": 4}


def test_university_colonist_comes_from_the_ship_when_the_supply_is_empty_b5() -> None:
    state = _builder([_UNIVERSITY], colonists={"supply": 0, "ship": 4})
    apply_all(state, "build:harbor", "university:take")
    assert seat_json(state, 0)["city"] == {"university": 1, "harbor": 1}
    assert table(state)["colonists"] == {"supply": 0, "ship": 3}


def test_university_gives_nothing_when_supply_and_ship_are_empty_b5() -> None:
    state = _builder([_UNIVERSITY], colonists={"supply": 0, "ship": 0})
    state.apply("build:harbor")
    assert phase_json(state)["name"] == "builder"  # no university decision
    assert state.to_move == 1
    assert seat_json(state, 0)["city"] == {"university": 1, "harbor": 0}


def test_university_must_be_occupied_before_the_build_b5() -> None:
    state = _builder([{"doubloons": 20, "city": {"university": 0}}])
    state.apply("build:harbor")
    assert state.to_move == 1
    # A newly built university is empty, so it does not staff itself either.
    state = _builder([{"doubloons": 20}])
    state.apply("build:university")
    assert state.to_move == 1
    assert seat_json(state, 0)["city"] == {"university": 0}
