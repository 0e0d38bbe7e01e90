"""Storage at the end of the captain phase (§5 warehouses, §6.1 C10-C11).

Four players (ships of 5, 6 and 7). In most positions every ship is already full (corn 5, indigo 6,
sugar 7), so nobody can load and choosing the captain goes straight to storage, captain first. The
goods supply then holds corn 5, indigo 5, sugar 4, tobacco 9, coffee 9 minus what the seats hold.
"""

from __future__ import annotations

from typing import Any

from conftest import apply_all, legal_texts, phase_json, position, seat_json, table

FULL_SHIPS = [
    {"capacity": 5, "good": "corn", "load": 5},
    {"capacity": 6, "good": "indigo", "load": 6},
    {"capacity": 7, "good": "sugar", "load": 7},
]
EMPTY_SHIPS = [
    {"capacity": 5, "good": None, "load": 0},
    {"capacity": 6, "good": None, "load": 0},
    {"capacity": 7, "good": None, "load": 0},
]


def storing(seat0: dict[str, Any], **fields: Any) -> Any:
    """Seat 0 takes the captain with every ship full: the state waits for his storage choice."""
    state = position(seats=[seat0], **{"ships": FULL_SHIPS, **fields})
    state.apply("role:captain")
    assert state.to_move == 0
    return state


def test_each_player_keeps_one_barrel_and_the_rest_returns_to_the_supply() -> None:
    # C10: one barrel of any kind on the wind rose.
    state = storing({"goods": {"corn": 3, "tobacco": 2}})
    assert phase_json(state)["name"] == "keep"
    assert legal_texts(state) == {"keep:corn", "keep:tobacco", "keep:none"}
    state.apply("keep:tobacco")
    assert seat_json(state, 0)["goods"] == {"tobacco": 1}
    # Back in the supply: all 3 corn and 1 tobacco, plus the three full ships' cargo (C11).
    assert table(state)["goods"] == {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 8, "coffee": 9}
    assert phase_json(state)["name"] == "role"


def test_keeping_nothing_returns_every_barrel() -> None:
    state = storing({"goods": {"coffee": 2}})
    state.apply("keep:none")
    assert seat_json(state, 0)["goods"] == {}
    assert table(state)["goods"]["coffee"] == 9


def test_small_warehouse_keeps_all_barrels_of_one_kind() -> None:
    # §5 small warehouse: tobacco (all 2) in the warehouse, then one coffee on the wind rose.
    state = storing({"goods": {"corn": 3, "tobacco": 2, "coffee": 2}, "city": {"small-warehouse": 1}})
    assert phase_json(state)["name"] == "store"
    assert legal_texts(state) == {"store:corn", "store:tobacco", "store:coffee", "store:done"}
    state.apply("store:tobacco")
    assert phase_json(state)["name"] == "keep"
    assert legal_texts(state) == {"keep:corn", "keep:coffee", "keep:none"}
    state.apply("keep:coffee")
    assert seat_json(state, 0)["goods"] == {"tobacco": 2, "coffee": 1}
    assert table(state)["goods"] == {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 7, "coffee": 8}


def test_unoccupied_small_warehouse_stores_nothing() -> None:
    state = storing({"goods": {"corn": 3, "tobacco": 2}, "city": {"small-warehouse": 0}})
    assert phase_json(state)["name"] == "keep"
    assert legal_texts(state) == {"keep:corn", "keep:tobacco", "keep:none"}


def test_large_warehouse_keeps_two_kinds() -> None:
    # §5 large warehouse: all corn and all tobacco are stored, one indigo is kept, the coffee goes.
    state = storing(
        {"goods": {"corn": 3, "indigo": 2, "tobacco": 2, "coffee": 2}, "city": {"large-warehouse": 1}}
    )
    assert legal_texts(state) == {"store:corn", "store:indigo", "store:tobacco", "store:coffee", "store:done"}
    state.apply("store:corn")
    assert phase_json(state)["name"] == "store"
    assert legal_texts(state) == {"store:indigo", "store:tobacco", "store:coffee", "store:done"}
    state.apply("store:tobacco")
    assert legal_texts(state) == {"keep:indigo", "keep:coffee", "keep:none"}
    state.apply("keep:indigo")
    assert seat_json(state, 0)["goods"] == {"corn": 3, "indigo": 1, "tobacco": 2}


def test_large_warehouse_may_store_a_single_kind() -> None:
    # The warehouse is a right, not a duty: after one kind the player may stop.
    state = storing({"goods": {"corn": 3, "coffee": 2}, "city": {"large-warehouse": 1}})
    state.apply("store:corn")
    assert legal_texts(state) == {"store:coffee", "store:done"}
    state.apply("store:done")
    assert legal_texts(state) == {"keep:coffee", "keep:none"}
    state.apply("keep:coffee")
    assert seat_json(state, 0)["goods"] == {"corn": 3, "coffee": 1}


def test_both_warehouses_keep_three_kinds() -> None:
    # §5: small (1) + large (2) = 3 kinds, plus the single barrel.
    state = storing({
        "goods": {"corn": 3, "indigo": 2, "tobacco": 2, "coffee": 2},
        "city": {"small-warehouse": 1, "large-warehouse": 1},
    })
    apply_all(state, "store:corn", "store:indigo", "store:tobacco")
    assert phase_json(state)["name"] == "keep"
    assert legal_texts(state) == {"keep:coffee", "keep:none"}
    state.apply("keep:coffee")
    assert seat_json(state, 0)["goods"] == {"corn": 3, "indigo": 2, "tobacco": 2, "coffee": 1}


def test_storage_runs_from_the_captain_clockwise() -> None:
    # C10: seat 2 is the captain: seats 2, 3, 0 decide in that order (seat 1 has nothing).
    state = position(
        seats=[{"goods": {"coffee": 2}}, {}, {"goods": {"tobacco": 2}}, {"goods": {"coffee": 1}}],
        ships=FULL_SHIPS,
        picks_done=2,
        roles={"settler": {"taken_by": 0}, "mayor": {"taken_by": 1}},
    )
    state.apply("role:captain")
    order = []
    while phase_json(state)["name"] == "keep":
        order.append(state.to_move)
        state.apply("keep:none")
    assert order == [2, 3, 0]


def test_full_ships_are_emptied_and_the_others_keep_their_cargo() -> None:
    # C11: the 5- and 7-ships are full and are emptied; the 6-ship holds 3 indigo and keeps them,
    # and its kind, into the next captain phase.
    state = position(
        seats=[{"goods": {"coffee": 1}}],
        ships=[
            {"capacity": 5, "good": "corn", "load": 5},
            {"capacity": 6, "good": "indigo", "load": 3},
            {"capacity": 7, "good": "sugar", "load": 7},
        ],
    )
    apply_all(state, "role:captain", "keep:coffee")
    assert table(state)["ships"] == [
        {"capacity": 5, "good": None, "load": 0},
        {"capacity": 6, "good": "indigo", "load": 3},
        {"capacity": 7, "good": None, "load": 0},
    ]
    assert table(state)["goods"] == {"corn": 10, "indigo": 8, "sugar": 11, "tobacco": 9, "coffee": 8}


def test_ship_filled_during_the_phase_is_emptied_at_its_end() -> None:
    # C11: seat 0 fills the 5-ship with corn, then puts 2 sugar on the 7-ship (the 6- and 7-ship
    # tie for 2 barrels); with nothing left to store the phase ends and only the full ship is emptied.
    state = position(seats=[{"goods": {"corn": 5, "sugar": 2}}], ships=EMPTY_SHIPS)
    apply_all(state, "role:captain", "ship:corn:5", "ship:sugar:7")
    assert table(state)["ships"] == [
        {"capacity": 5, "good": None, "load": 0},
        {"capacity": 6, "good": None, "load": 0},
        {"capacity": 7, "good": "sugar", "load": 2},
    ]
    assert table(state)["goods"]["corn"] == 10
