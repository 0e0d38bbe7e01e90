"""Craftsman phase (§3.2, §5 production buildings and factory, §6.4 P1-P3, ruling R4).

Every position starts at the role choice with the chooser to move and applies `role:craftsman`:
production is automatic, so the first real decision is the craftsman's extra barrel (or, when he has
nothing to choose, the next role choice). Expected numbers are worked out from the rules by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import legal_texts, phase_json, position, seat_json, table

ALL_GOODS = {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9}


def test_production_is_the_smaller_of_occupied_plantations_and_building_colonists() -> None:
    # §5: barrels of a kind = min(occupied plantations of it, colonists on its buildings).
    state = position(seats=[{
        "island": {"corn": 2, "indigo": 2, "sugar": 3, "tobacco": 2, "coffee": 1},
        "occupied": {"corn": 1, "indigo": 2, "sugar": 1, "tobacco": 2},
        "city": {
            "small-indigo-plant": 1, "indigo-plant": 2,  # 3 indigo workers, 2 occupied plantations -> 2
            "sugar-mill": 3,  # 3 workers, 1 occupied sugar plantation -> 1
            "tobacco-storage": 0,  # 2 occupied tobacco plantations, nobody in the building -> 0
            "coffee-roaster": 2,  # the coffee plantation is unoccupied -> 0
        },
    }])
    state.apply("role:craftsman")
    assert seat_json(state, 0)["goods"] == {"corn": 1, "indigo": 2, "sugar": 1}
    assert table(state)["goods"] == {"corn": 9, "indigo": 9, "sugar": 10, "tobacco": 9, "coffee": 9}


def test_corn_needs_no_production_building() -> None:
    # §5: one barrel per occupied corn plantation, no building needed; an unoccupied one gives nothing.
    state = position(seats=[{}, {"island": {"corn": 4}, "occupied": {"corn": 3}}])
    state.apply("role:craftsman")
    assert seat_json(state, 1)["goods"] == {"corn": 3}


def test_production_runs_from_the_craftsman_and_a_short_supply_leaves_later_players_without() -> None:
    # P1: seat 2 is the craftsman. Seats 0-2 could make 2 indigo each, seat 3 one, but only 4 are in
    # the supply: seat 2 takes 2, seat 3 takes 1, seat 0 the last 1 (of 2) and seat 1 none.
    two = {"island": {"indigo": 2}, "occupied": {"indigo": 2}, "city": {"indigo-plant": 2}}
    one = {"island": {"indigo": 2}, "occupied": {"indigo": 2}, "city": {"small-indigo-plant": 1}}
    state = position(
        seats=[two, two, two, one],
        governor=0,
        picks_done=2,
        roles={"settler": {"taken_by": 0}, "mayor": {"taken_by": 1}},
        goods={**ALL_GOODS, "indigo": 4},
    )
    assert state.to_move == 2
    state.apply("role:craftsman")
    goods = [seat_json(state, s)["goods"] for s in range(4)]
    assert goods == [{"indigo": 1}, {}, {"indigo": 2}, {"indigo": 1}]
    assert table(state)["goods"]["indigo"] == 0
    # The supply has no indigo left for the privilege, so the phase ended by itself.
    assert phase_json(state) == {"name": "role", "seat": 3}


def test_craftsman_privilege_offers_one_extra_barrel_of_a_kind_he_produced() -> None:
    # R4/P2: the extra barrel must be of a kind the craftsman produced this phase; tobacco he only
    # holds and coffee another player produced are not offered.
    state = position(seats=[
        {
            "island": {"corn": 1, "sugar": 1}, "occupied": {"corn": 1, "sugar": 1},
            "city": {"small-sugar-mill": 1}, "goods": {"tobacco": 2},
        },
        {"island": {"coffee": 1}, "occupied": {"coffee": 1}, "city": {"coffee-roaster": 1}},
    ])
    state.apply("role:craftsman")
    assert state.to_move == 0
    assert phase_json(state)["produced"] == ["corn", "sugar"]
    assert legal_texts(state) == {"bonus:corn", "bonus:sugar", "bonus:pass"}
    state.apply("bonus:sugar")
    assert seat_json(state, 0)["goods"] == {"corn": 1, "sugar": 2, "tobacco": 2}
    assert table(state)["goods"]["sugar"] == 11 - 2
    assert phase_json(state) == {"name": "role", "seat": 1}


def test_craftsman_privilege_needs_the_kind_in_the_supply() -> None:
    # R4: his production took the last indigo, so only corn can be the extra barrel.
    state = position(
        seats=[{
            "island": {"corn": 1, "indigo": 1}, "occupied": {"corn": 1, "indigo": 1},
            "city": {"small-indigo-plant": 1},
        }],
        goods={**ALL_GOODS, "indigo": 1},
    )
    state.apply("role:craftsman")
    assert seat_json(state, 0)["goods"] == {"corn": 1, "indigo": 1}
    assert legal_texts(state) == {"bonus:corn", "bonus:pass"}


def test_craftsman_privilege_passing_takes_nothing() -> None:
    state = position(seats=[{"island": {"corn": 1}, "occupied": {"corn": 1}}])
    state.apply("role:craftsman")
    state.apply("bonus:pass")
    assert seat_json(state, 0)["goods"] == {"corn": 1}
    assert table(state)["goods"]["corn"] == 9


def test_craftsman_who_produced_nothing_gets_no_extra_barrel() -> None:
    # P2: no production, no privilege, even though he holds goods and others produced.
    state = position(seats=[
        {"island": {"corn": 1}, "goods": {"corn": 1}},  # his corn plantation is unoccupied
        {"island": {"corn": 2}, "occupied": {"corn": 2}},
    ])
    state.apply("role:craftsman")
    assert seat_json(state, 0)["goods"] == {"corn": 1}
    assert seat_json(state, 1)["goods"] == {"corn": 2}
    assert phase_json(state) == {"name": "role", "seat": 1}


# Seat 1 produces the first `kinds` goods of this list, one barrel each.
_FACTORY_SEAT: dict[str, Any] = {
    "island": {"corn": 1, "indigo": 1, "sugar": 1, "tobacco": 1, "coffee": 1},
    "city": {
        "factory": 1, "small-indigo-plant": 1, "small-sugar-mill": 1, "tobacco-storage": 1,
        "coffee-roaster": 1,
    },
}
_KINDS = ("corn", "indigo", "sugar", "tobacco", "coffee")


@pytest.mark.parametrize(("kinds", "bonus"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 5)])
def test_factory_pays_by_kinds_produced_to_its_owner_whoever_is_craftsman(kinds: int, bonus: int) -> None:
    # §5 factory: 1 kind 0, 2 kinds +1, 3 +2, 4 +3, 5 +5; P3: seat 1 owns it, seat 0 is craftsman.
    seat1 = {**_FACTORY_SEAT, "doubloons": 10, "occupied": dict.fromkeys(_KINDS[:kinds], 1)}
    state = position(seats=[{}, seat1])
    state.apply("role:craftsman")
    assert seat_json(state, 1)["doubloons"] == 10 + bonus
    assert seat_json(state, 1)["goods"] == dict.fromkeys(_KINDS[:kinds], 1)


def test_factory_counts_kinds_not_barrels() -> None:
    # 3 corn and 2 indigo are two kinds: +1.
    state = position(seats=[{
        "island": {"corn": 3, "indigo": 2}, "occupied": {"corn": 3, "indigo": 2},
        "city": {"factory": 1, "indigo-plant": 2},
    }])
    state.apply("role:craftsman")
    assert seat_json(state, 0)["goods"] == {"corn": 3, "indigo": 2}
    assert seat_json(state, 0)["doubloons"] == 1


def test_factory_must_be_occupied() -> None:
    # §5: only occupied buildings function.
    seat1 = {**_FACTORY_SEAT, "city": {**_FACTORY_SEAT["city"], "factory": 0},
             "occupied": dict.fromkeys(_KINDS, 1)}
    state = position(seats=[{}, seat1])
    state.apply("role:craftsman")
    assert len(seat_json(state, 1)["goods"]) == 5
    assert seat_json(state, 1)["doubloons"] == 0


def test_factory_ignores_a_kind_the_supply_could_not_give() -> None:
    # §5 factory ruling: seat 1 could make corn, indigo and sugar, but sugar is sold out -> 2 kinds, +1.
    seat1 = {**_FACTORY_SEAT, "occupied": {"corn": 1, "indigo": 1, "sugar": 1}}
    state = position(seats=[{}, seat1], goods={**ALL_GOODS, "sugar": 0})
    state.apply("role:craftsman")
    assert seat_json(state, 1)["goods"] == {"corn": 1, "indigo": 1}
    assert seat_json(state, 1)["doubloons"] == 1
