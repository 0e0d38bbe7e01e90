"""Mayor phase (§3.2 mayor, §6.3 M1-M8, rulings R2 and R3, game end E1a/E2).

Seats with no tiles and no buildings have nowhere to put a colonist, so their placement is a single
forced `place:done` that the engine applies by itself; the tests use that to isolate one seat's choices.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import apply_all, legal_texts, phase_json, position, seat_json, table

from isla.core.errors import IllegalAction
from isla.games.puertorico.game import PuertoRicoState


def _mayor_chosen_by(seat: int, players: int = 4, seats: list[dict[str, Any]] | None = None,
                     **fields: Any) -> PuertoRicoState:
    state = position(players, seats=seats or [], governor=seat, **fields)
    state.apply("role:mayor")
    return state


def _san_juan(state: PuertoRicoState) -> list[int]:
    return [seat_json(state, s)["san_juan"] for s in range(state.players)]


def test_mayor_privilege_colonist_may_be_taken_r3_m1() -> None:
    state = _mayor_chosen_by(2, colonists={"supply": 20, "ship": 6})
    assert legal_texts(state) == {"mayor:take", "mayor:refuse"}
    state.apply("mayor:take")
    # M2: 6 ship colonists one at a time from the mayor (seat 2) clockwise: seats 2 and 3 get two.
    assert _san_juan(state) == [1, 1, 3, 2]
    # Nobody has buildings, so the refill is the minimum N = 4 (M7), from a supply of 20 - 1.
    assert table(state)["colonists"] == {"supply": 15, "ship": 4}
    assert table(state)["phase"] == {"name": "role", "seat": 3}


def test_mayor_privilege_colonist_may_be_refused_r3() -> None:
    state = _mayor_chosen_by(2, colonists={"supply": 20, "ship": 6})
    state.apply("mayor:refuse")
    assert _san_juan(state) == [1, 1, 2, 2]
    assert table(state)["colonists"] == {"supply": 16, "ship": 4}


def test_no_privilege_colonist_when_the_supply_is_empty_m1() -> None:
    state = _mayor_chosen_by(1, colonists={"supply": 0, "ship": 5})
    # No take/refuse decision: the ship is handed out at once (the privilege never uses the ship).
    assert _san_juan(state) == [1, 2, 1, 1]
    assert table(state)["colonists"] == {"supply": 0, "ship": 0}


def test_ship_colonists_are_dealt_one_at_a_time_from_the_mayor_clockwise_m2() -> None:
    state = _mayor_chosen_by(3, players=5, colonists={"supply": 30, "ship": 13})
    state.apply("mayor:refuse")
    # 13 = 2 rounds of 5 + 3 more, for seats 3, 4, 0.
    assert _san_juan(state) == [3, 2, 2, 3, 3]


_SEAT0 = {"island": {"corn": 2}, "occupied": {"corn": 1}, "city": {"small-indigo-plant": 1}, "san_juan": 1}


def test_every_colonist_of_the_player_is_rearranged_m3() -> None:
    state = _mayor_chosen_by(0, seats=[_SEAT0], colonists={"supply": 20, "ship": 4})
    state.apply("mayor:refuse")
    # 1 on corn + 1 on the small indigo plant + 1 in San Juan + 1 from the ship, all free to place.
    assert seat_json(state, 0)["san_juan"] == 4
    assert seat_json(state, 0)["occupied"] == {}
    assert seat_json(state, 0)["city"] == {"small-indigo-plant": 0}
    assert legal_texts(state) == {"place:corn", "place:small-indigo-plant", "place:done"}
    apply_all(state, "place:corn", "place:corn", "place:small-indigo-plant")
    # Every circle is full, so place:done was forced; one colonist stays in San Juan.
    assert seat_json(state, 0)["occupied"] == {"corn": 2}
    assert seat_json(state, 0)["city"] == {"small-indigo-plant": 1}
    assert seat_json(state, 0)["san_juan"] == 1
    assert phase_json(state)["name"] == "role"


def test_a_placement_target_cannot_be_revisited_after_a_later_one() -> None:
    state = _mayor_chosen_by(0, seats=[_SEAT0], colonists={"supply": 20, "ship": 4})
    apply_all(state, "mayor:refuse", "place:small-indigo-plant")
    # Canonical order (tile kinds, then buildings): corn comes before the building, so the only
    # choice left is done (forced); the remaining three colonists stay in San Juan.
    assert seat_json(state, 0)["occupied"] == {}
    assert seat_json(state, 0)["san_juan"] == 3
    assert phase_json(state)["name"] == "role"


def test_colonists_may_stay_in_san_juan_with_circles_empty_r2() -> None:
    state = _mayor_chosen_by(0, seats=[_SEAT0], colonists={"supply": 20, "ship": 4})
    apply_all(state, "mayor:refuse", "place:done")
    assert seat_json(state, 0)["san_juan"] == 4
    assert seat_json(state, 0)["occupied"] == {}
    assert seat_json(state, 0)["city"] == {"small-indigo-plant": 0}


_CHOICE_SEAT = {"island": {"corn": 1, "indigo": 1}, "city": {"small-indigo-plant": 0}, "san_juan": 1}


def test_free_placement_offers_every_target_and_done_r2() -> None:
    state = _mayor_chosen_by(0, seats=[_CHOICE_SEAT], colonists={"supply": 20, "ship": 4})
    state.apply("mayor:refuse")
    assert seat_json(state, 0)["san_juan"] == 2
    assert legal_texts(state) == {"place:corn", "place:indigo", "place:small-indigo-plant", "place:done"}


def test_forced_placement_fills_every_fillable_circle_r2_option() -> None:
    state = _mayor_chosen_by(0, seats=[_CHOICE_SEAT], colonists={"supply": 20, "ship": 4},
                             options={"forced_placement": True})
    state.apply("mayor:refuse")
    # 2 colonists, 3 circles: skipping to the small indigo plant would leave one colonist unplaced.
    assert legal_texts(state) == {"place:corn", "place:indigo"}
    state.apply("place:corn")
    assert legal_texts(state) == {"place:indigo", "place:small-indigo-plant"}
    before = table(state)
    with pytest.raises(IllegalAction):
        state.apply("place:done")
    assert table(state) == before
    state.apply("place:small-indigo-plant")
    assert seat_json(state, 0)["occupied"] == {"corn": 1}
    assert seat_json(state, 0)["city"] == {"small-indigo-plant": 1}
    assert seat_json(state, 0)["san_juan"] == 0


def test_forced_placement_with_more_colonists_than_circles_needs_no_decision_r2_option() -> None:
    seat = {"island": {"corn": 2}, "city": {"small-indigo-plant": 0}, "san_juan": 3}
    state = _mayor_chosen_by(0, seats=[seat], colonists={"supply": 20, "ship": 4},
                             options={"forced_placement": True})
    state.apply("mayor:refuse")
    # 4 colonists, 3 circles: the only legal arrangement fills all three; the fourth waits in San Juan.
    assert seat_json(state, 0)["occupied"] == {"corn": 2}
    assert seat_json(state, 0)["city"] == {"small-indigo-plant": 1}
    assert seat_json(state, 0)["san_juan"] == 1
    assert phase_json(state)["name"] == "role"


# 3 players; empty building circles: indigo plant 3 + coffee roaster 2 + hospice 1 = 6; the five empty
# corn plantations of seat 2 do not count (M7). Nobody holds a colonist, so no placement decision.
_REFILL_SEATS = [
    {"city": {"indigo-plant": 0, "coffee-roaster": 0}},
    {"city": {"hospice": 0}},
    {"island": {"corn": 5}},
]


def test_refill_is_the_empty_building_circles_plantations_do_not_count_m7() -> None:
    state = _mayor_chosen_by(0, players=3, seats=_REFILL_SEATS, colonists={"supply": 30, "ship": 0})
    state.apply("mayor:refuse")
    assert table(state)["colonists"] == {"supply": 24, "ship": 6}
    assert table(state)["end_triggers"] == []


def test_refill_is_at_least_the_number_of_players_m7() -> None:
    seats = [{}, {"city": {"hospice": 0}}]  # one empty building circle, four players
    state = _mayor_chosen_by(0, players=4, seats=seats, colonists={"supply": 30, "ship": 0})
    state.apply("mayor:refuse")
    assert table(state)["colonists"] == {"supply": 26, "ship": 4}


def test_short_supply_puts_all_that_is_left_on_the_ship_and_triggers_the_end_m8() -> None:
    state = _mayor_chosen_by(0, players=3, seats=_REFILL_SEATS, colonists={"supply": 4, "ship": 0})
    state.apply("mayor:refuse")
    assert table(state)["colonists"] == {"supply": 0, "ship": 4}
    assert table(state)["end_triggers"] == ["colonists"]
    # E1: the round is played to its end first.
    assert state.to_move == 1
    apply_all(state, "role:craftsman")
    assert state.to_move == 2
    apply_all(state, "role:trader")
    assert state.to_move is None
    assert state.result().over
    assert state.result().end_triggers == ["colonists"]


def test_exactly_sufficient_supply_does_not_trigger_the_end_e2() -> None:
    state = _mayor_chosen_by(0, players=3, seats=_REFILL_SEATS, colonists={"supply": 6, "ship": 0})
    state.apply("mayor:refuse")
    assert table(state)["colonists"] == {"supply": 0, "ship": 6}
    assert table(state)["end_triggers"] == []
    apply_all(state, "role:craftsman", "role:trader")
    assert state.to_move == 1  # round 2, the new governor chooses
    assert table(state)["round"] == 2


def test_empty_supply_at_the_refill_triggers_the_end_even_without_a_ship_m8() -> None:
    state = _mayor_chosen_by(1, colonists={"supply": 0, "ship": 5})
    assert table(state)["colonists"] == {"supply": 0, "ship": 0}
    assert table(state)["end_triggers"] == ["colonists"]
    apply_all(state, "role:craftsman", "role:trader", "role:captain")
    assert state.is_over


def test_placement_goes_from_the_mayor_clockwise_m4() -> None:
    seats = [{"island": {"corn": 1}}] * 4
    state = _mayor_chosen_by(2, seats=seats, colonists={"supply": 20, "ship": 4})
    state.apply("mayor:refuse")
    order = []
    while phase_json(state)["name"] == "place":
        order.append(state.to_move)
        assert legal_texts(state) == {"place:corn", "place:done"}
        state.apply("place:corn")
    assert order == [2, 3, 0, 1]
    assert [seat_json(state, s)["occupied"] for s in range(4)] == [{"corn": 1}] * 4


def test_m1_loaded_mayor_decision_with_empty_supply_offers_no_privilege_colonist() -> None:
    # M1: the privilege colonist comes only from the supply; with none there, the engine refuses
    # for the mayor by itself and deals the ship (2 colonists: one each from the mayor).
    state = position(
        players=3,
        phase={"name": "mayor", "chooser": 0, "seat": 0},
        colonists={"supply": 0, "ship": 2},
        seats=[{"island": {"corn": 1}}, {"island": {"corn": 1}}, {}],
    )
    data = state.to_json()
    assert data["colonists"]["supply"] == 0
    assert "mayor:take" not in legal_texts(state)
    assert data["phase"]["name"] == "place"
