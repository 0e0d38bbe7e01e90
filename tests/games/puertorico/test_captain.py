"""Captain phase: loading (§3.2, §5 harbor and wharf, §6.1 C1-C9, C12, rulings R5).

Four players, so the cargo ships hold 5, 6 and 7 barrels. Positions start at the role choice and
apply `role:captain`. A seat that cannot load is skipped, and a decision with a single legal action is
applied by the engine itself, which the tests take into account when they say who moves next.
Storage at the end of the phase is in test_storage.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import apply_all, legal_texts, phase_json, position, seat_json, table

from isla.core.errors import IllegalAction

EMPTY = {"good": None, "load": 0}


def ships(
    five: dict[str, Any] = EMPTY, six: dict[str, Any] = EMPTY, seven: dict[str, Any] = EMPTY
) -> list[Any]:
    """The three ships of a 4-player game, given as (good, load) for the 5-, 6- and 7-ship."""
    return [{"capacity": 5, **five}, {"capacity": 6, **six}, {"capacity": 7, **seven}]


def test_captain_loads_first_and_must_load_when_he_can() -> None:
    # C1: seat 2 chooses the captain and loads before seats 3, 0 and 1, who also have goods; he may
    # not pass while a load is possible.
    state = position(
        seats=[{"goods": {"sugar": 1}}, {"goods": {"tobacco": 1}},
               {"goods": {"corn": 3}}, {"goods": {"indigo": 1}}],
        picks_done=2,
        roles={"settler": {"taken_by": 0}, "mayor": {"taken_by": 1}},
    )
    state.apply("role:captain")
    assert state.to_move == 2
    assert legal_texts(state) == {"ship:corn:5", "ship:corn:6", "ship:corn:7"}
    with pytest.raises(IllegalAction) as raised:
        state.apply("ship:pass")
    assert "must" in raised.value.reason and "C1" in raised.value.reason
    state.apply("ship:corn:5")
    assert state.to_move == 3


def test_loading_goes_round_the_table_until_nobody_can_load() -> None:
    # C2: seat 0 loads corn, seat 1 sugar, seats 2 and 3 have nothing and are skipped, and seat 0
    # loads again (indigo or coffee, only the 7-ship is left empty).
    state = position(seats=[{"goods": {"corn": 1, "indigo": 1, "coffee": 1}}, {"goods": {"sugar": 1}}])
    apply_all(state, "role:captain", "ship:corn:5")
    assert state.to_move == 1
    state.apply("ship:sugar:6")
    assert state.to_move == 0
    assert phase_json(state)["name"] == "captain"
    assert legal_texts(state) == {"ship:indigo:7", "ship:coffee:7"}
    state.apply("ship:coffee:7")
    # Indigo fits nowhere now: loading is over and seat 0 decides what to keep.
    assert phase_json(state)["name"] == "keep"
    assert table(state)["ships"] == ships(
        {"good": "corn", "load": 1}, {"good": "sugar", "load": 1}, {"good": "coffee", "load": 1}
    )


def test_one_kind_per_ship_a_kind_on_one_ship_goes_on_no_other_and_full_ships_take_nothing() -> None:
    # C3: corn's ship is full, so corn cannot be loaded at all (not on the empty 7-ship either);
    # indigo may only join its own ship; sugar takes the empty ship.
    state = position(
        seats=[{"goods": {"corn": 2, "indigo": 3, "sugar": 1}}],
        ships=ships({"good": "corn", "load": 5}, {"good": "indigo", "load": 2}),
    )
    state.apply("role:captain")
    assert legal_texts(state) == {"ship:indigo:6", "ship:sugar:7"}


def test_a_player_whose_goods_fit_nowhere_is_skipped() -> None:
    # C2: seat 1 holds only corn and corn's ship is full: after seat 0's load the turn goes to seat 2.
    state = position(
        seats=[{"goods": {"indigo": 1, "sugar": 1}}, {"goods": {"corn": 4}},
               {"goods": {"coffee": 2, "tobacco": 1}}],
        ships=ships({"good": "corn", "load": 5}),
    )
    apply_all(state, "role:captain", "ship:indigo:6")
    assert state.to_move == 2
    assert legal_texts(state) == {"ship:coffee:7", "ship:tobacco:7"}


def test_as_many_barrels_as_fit_are_loaded() -> None:
    # C4: the 6-ship holds 2 indigo, so 4 of seat 0's 6 indigo go on and 2 stay; 4 VP + 1 captain.
    state = position(
        seats=[{"goods": {"indigo": 6, "sugar": 1}}], ships=ships(six={"good": "indigo", "load": 2})
    )
    state.apply("role:captain")
    assert legal_texts(state) == {"ship:indigo:6", "ship:sugar:5", "ship:sugar:7"}
    state.apply("ship:indigo:6")
    assert table(state)["ships"][1] == {"capacity": 6, "good": "indigo", "load": 6}
    assert seat_json(state, 0)["goods"] == {"indigo": 2, "sugar": 1}
    assert seat_json(state, 0)["vp"] == 5


@pytest.mark.parametrize(
    ("coffee", "allowed"),
    [(4, {5, 6, 7}), (5, {5, 6, 7}), (6, {6, 7}), (7, {7}), (9, {7})],
)
def test_a_new_kind_goes_on_the_empty_ship_that_takes_the_most(coffee: int, allowed: set[int]) -> None:
    # C5: among the empty ships the one loading the most barrels; ties are a free choice. The corn
    # barrel (it fits every ship) keeps the decision open even when one coffee load is left.
    state = position(seats=[{"goods": {"coffee": coffee, "corn": 1}}])
    state.apply("role:captain")
    expected = {f"ship:coffee:{c}" for c in allowed} | {"ship:corn:5", "ship:corn:6", "ship:corn:7"}
    assert legal_texts(state) == expected


def test_largest_ship_rule_counts_only_empty_ships() -> None:
    # C5 with the 7-ship taken by sugar: 6 coffee fit the 6-ship best.
    state = position(
        seats=[{"goods": {"coffee": 6, "corn": 1}}], ships=ships(seven={"good": "sugar", "load": 1})
    )
    state.apply("role:captain")
    assert legal_texts(state) == {"ship:coffee:6", "ship:corn:5", "ship:corn:6"}


def test_the_player_chooses_which_kind_to_load() -> None:
    # C6: one coffee may be loaded instead of five corn, and (a tie) on any empty ship.
    state = position(seats=[{"goods": {"corn": 5, "coffee": 1}}])
    apply_all(state, "role:captain", "ship:coffee:7")
    assert table(state)["ships"][2] == {"capacity": 7, "good": "coffee", "load": 1}
    assert seat_json(state, 0)["vp"] == 1 + 1


def test_one_vp_per_barrel_and_the_captain_bonus_once() -> None:
    # C7: seat 0 (captain) ships 3 corn (+1 bonus) then 2 indigo (no second bonus): 6; seat 1 ships
    # 3 sugar: 3. The indigo load is forced (only the 7-ship is left), so the engine applies it.
    state = position(seats=[{"goods": {"corn": 3, "indigo": 2}}, {"goods": {"sugar": 3}}])
    apply_all(state, "role:captain", "ship:corn:5", "ship:sugar:6")
    assert seat_json(state, 0)["vp"] == 6
    assert seat_json(state, 1)["vp"] == 3
    assert table(state)["vp_supply"] == 100 - 9


def test_captain_who_ships_nothing_gets_no_bonus() -> None:
    state = position(seats=[{}, {"goods": {"corn": 2}}])
    state.apply("role:captain")
    assert state.to_move == 1
    state.apply("ship:corn:5")
    assert seat_json(state, 0)["vp"] == 0
    assert seat_json(state, 1)["vp"] == 2


@pytest.mark.parametrize(("harbor", "vp"), [(1, 2 + 2), (0, 2)])
def test_harbor_gives_one_vp_per_load(harbor: int, vp: int) -> None:
    # C8: seat 1 loads twice (corn, then its forced indigo load) with 1 barrel each.
    state = position(seats=[
        {"goods": {"sugar": 1}},
        {"goods": {"corn": 1, "indigo": 1}, "city": {"harbor": harbor}},
    ])
    apply_all(state, "role:captain", "ship:sugar:5", "ship:corn:6")
    assert table(state)["ships"][2] == {"capacity": 7, "good": "indigo", "load": 1}
    assert seat_json(state, 1)["vp"] == vp


def test_wharf_is_an_extra_choice_next_to_the_cargo_ships() -> None:
    # §5 wharf: seat 1 may load on a ship or use the wharf for any kind he holds.
    state = position(seats=[{}, {"goods": {"corn": 2, "indigo": 1}, "city": {"wharf": 1}}])
    state.apply("role:captain")
    assert legal_texts(state) == {
        "ship:corn:5", "ship:corn:6", "ship:corn:7", "ship:indigo:5", "ship:indigo:6", "ship:indigo:7",
        "ship:corn:wharf", "ship:indigo:wharf",
    }


def test_unoccupied_wharf_does_nothing() -> None:
    state = position(
        seats=[{"goods": {"corn": 2}, "city": {"wharf": 0}}],
        ships=ships({"good": "corn", "load": 5}),
    )
    state.apply("role:captain")
    # Corn fits nowhere and there is no working wharf: loading ends at once (storage follows).
    assert phase_json(state)["name"] == "keep"


def test_wharf_ships_every_barrel_of_the_kind_to_the_supply_and_counts_as_the_captains_first_load() -> None:
    # R5/C9/C8: a kind already on a (full) cargo ship may go on the wharf; all 4 corn go, 4 VP,
    # +1 captain bonus, +1 harbor. Corn supply: 10 - 5 on the ship - 4 held = 1, then 5.
    state = position(
        seats=[{"goods": {"corn": 4, "indigo": 1}, "city": {"wharf": 1, "harbor": 1}}],
        ships=ships({"good": "corn", "load": 5}, {"good": "indigo", "load": 6}, {"good": "sugar", "load": 7}),
    )
    state.apply("role:captain")
    # Wharf optional: with no cargo load possible, passing is allowed.
    assert legal_texts(state) == {"ship:corn:wharf", "ship:indigo:wharf", "ship:pass"}
    assert table(state)["goods"]["corn"] == 1
    state.apply("ship:corn:wharf")
    assert seat_json(state, 0)["vp"] == 4 + 1 + 1
    assert table(state)["goods"]["corn"] == 5
    assert table(state)["ships"][0] == {"capacity": 5, "good": "corn", "load": 5}
    # Once per phase: his indigo could only go on the wharf again, so loading is over.
    assert phase_json(state)["name"] == "keep"
    assert seat_json(state, 0)["goods"] == {"indigo": 1}


def test_wharf_need_not_take_the_largest_kind_and_leaves_the_ships_free() -> None:
    # §5 wharf: the player picks the kind; the cargo ships stay empty.
    state = position(seats=[{}, {"goods": {"corn": 5, "coffee": 1}, "city": {"wharf": 1}}])
    apply_all(state, "role:captain", "ship:coffee:wharf")
    assert seat_json(state, 1)["vp"] == 1
    assert table(state)["ships"] == ships()
    # Seat 1 has corn left and must now load it on a cargo ship (5 corn fit every ship: free choice).
    assert state.to_move == 1
    assert legal_texts(state) == {"ship:corn:5", "ship:corn:6", "ship:corn:7"}


def test_player_who_declines_the_wharf_is_asked_again_after_another_load() -> None:
    # Seat 0's corn fits no ship; he passes the wharf, seat 1 loads, and seat 0 may use it now.
    state = position(
        seats=[{"goods": {"corn": 2}, "city": {"wharf": 1}}, {"goods": {"sugar": 2}}],
        ships=ships({"good": "corn", "load": 5}),
    )
    state.apply("role:captain")
    assert legal_texts(state) == {"ship:corn:wharf", "ship:pass"}
    state.apply("ship:pass")
    assert state.to_move == 1
    state.apply("ship:sugar:6")
    assert state.to_move == 0
    assert legal_texts(state) == {"ship:corn:wharf", "ship:pass"}
    state.apply("ship:pass")
    # Nobody else can load: loading is over without asking seat 0 a third time.
    assert phase_json(state)["name"] == "keep"
    assert seat_json(state, 0)["vp"] == 0


def test_vp_are_paid_past_the_supply_and_the_last_chip_triggers_the_end() -> None:
    # C12/E1(c)/E3: 3 chips left; the captain earns 4 (3 corn + bonus) and seat 1 still earns 2.
    state = position(seats=[{"goods": {"corn": 3}}, {"goods": {"indigo": 2}}], vp_supply=3)
    apply_all(state, "role:captain", "ship:corn:5")
    assert seat_json(state, 0)["vp"] == 4
    assert table(state)["vp_supply"] == 0
    assert table(state)["end_triggers"] == ["vp"]
    state.apply("ship:indigo:6")
    assert seat_json(state, 1)["vp"] == 2
    assert table(state)["vp_supply"] == 0
    assert state.to_move is not None  # the round is finished first (see test_game_end.py)


# --- why a load is refused: the rule it breaks, not always the ship choice ---------------------

def refused(state: Any, text: str) -> str:
    """Apply an illegal `text`: the reason given, and nothing changed."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as raised:
        state.apply(text)
    assert state.to_json() == before
    reason: str = raised.value.reason
    return reason


def test_a_second_wharf_load_in_one_phase_is_refused_as_such_c8() -> None:
    # §5/C8: seat 0 shipped corn with the wharf; his indigo can go on a cargo ship now, not the wharf.
    state = position(seats=[{"goods": {"corn": 3, "indigo": 2}, "city": {"wharf": 1}}])
    apply_all(state, "role:captain", "ship:corn:wharf")
    assert state.to_move == 0
    assert "ship:indigo:wharf" not in legal_texts(state)
    assert refused(state, "ship:indigo:wharf") == (
        "seat 0 has used the wharf in this captain phase already (once per phase, §5)"
    )


@pytest.mark.parametrize(("city", "reason"), [
    ({}, "seat 0 has no wharf"),
    ({"wharf": 0}, "seat 0's wharf has no colonist, and a building works only when occupied"),
])
def test_the_wharf_needs_an_occupied_wharf(city: dict[str, int], reason: str) -> None:
    state = position(seats=[{"goods": {"corn": 3}, "city": city}])
    state.apply("role:captain")
    assert refused(state, "ship:corn:wharf") == reason


def test_loading_a_good_the_seat_does_not_have_is_refused_as_such() -> None:
    state = position(seats=[{"goods": {"corn": 3}, "city": {"wharf": 1}}])
    state.apply("role:captain")
    assert refused(state, "ship:coffee:5") == "seat 0 has no coffee"
    assert refused(state, "ship:coffee:wharf") == "seat 0 has no coffee"


def test_a_ship_the_game_does_not_have_is_named_with_the_ships_it_has() -> None:
    state = position(seats=[{"goods": {"corn": 3}}])
    state.apply("role:captain")
    reason = refused(state, "ship:corn:8")
    assert reason == "there is no 8-barrel ship with 4 players (the ships hold 5, 6, 7)"


def test_a_full_ship_is_refused_as_full_c3() -> None:
    state = position(seats=[{"goods": {"corn": 3, "sugar": 1}}], ships=ships({"good": "corn", "load": 5}))
    state.apply("role:captain")
    assert refused(state, "ship:corn:5") == "the 5-barrel ship is full (rule C3)"
    assert refused(state, "ship:sugar:5") == "the 5-barrel ship is full (rule C3)"


def test_a_ship_holding_another_good_is_refused_c3() -> None:
    state = position(seats=[{"goods": {"corn": 3}}], ships=ships({"good": "sugar", "load": 2}))
    state.apply("role:captain")
    assert refused(state, "ship:corn:5") == (
        "the 5-barrel ship holds sugar, and a ship carries one kind (rule C3)"
    )


def test_a_good_already_on_a_ship_may_go_on_no_other_c3() -> None:
    state = position(seats=[{"goods": {"corn": 3, "sugar": 1}}], ships=ships(six={"good": "corn", "load": 1}))
    state.apply("role:captain")
    assert "ship:corn:6" in legal_texts(state)
    assert refused(state, "ship:corn:7") == (
        "corn is on the 6-barrel ship already, so it may go on no other ship (rule C3)"
    )


def test_an_empty_ship_taking_fewer_than_another_is_refused_c5() -> None:
    # 6 sugar: the 6- and 7-ship both take all 6, the 5-ship only 5.
    state = position(seats=[{"goods": {"sugar": 6, "corn": 1}}])
    state.apply("role:captain")
    assert refused(state, "ship:sugar:5") == (
        "sugar must go on the empty ship that takes the most of it (rule C5): "
        "the 6-barrel ship or the 7-barrel ship"
    )


def test_r17_a_wharf_declined_at_one_loading_turn_stays_usable_at_the_later_ones() -> None:
    # R17: seat 0 (captain, occupied wharf) ships corn on a cargo ship at his first turn instead of
    # using the wharf; at his next turn the wharf is his only way (sugar's ship is full) and he
    # passes; after seat 2 loads again he is asked once more, and the wharf is still his to use.
    state = position(
        seats=[{"goods": {"corn": 2, "sugar": 3}, "city": {"wharf": 1}},
               {"goods": {"indigo": 4}},
               {"goods": {"corn": 1, "indigo": 1}}],
        ships=ships(seven={"good": "sugar", "load": 7}),
    )
    state.apply("role:captain")
    assert legal_texts(state) == {"ship:corn:5", "ship:corn:6", "ship:corn:wharf", "ship:sugar:wharf"}
    state.apply("ship:corn:5")  # the wharf declined by loading a cargo ship
    # Seat 1's indigo can go only on the 6-ship (forced); seat 2 has two choices.
    assert state.to_move == 2
    state.apply("ship:corn:5")
    assert state.to_move == 0
    assert legal_texts(state) == {"ship:sugar:wharf", "ship:pass"}
    state.apply("ship:pass")  # the wharf declined by passing
    # Seat 2's indigo goes on the 6-ship (forced), and seat 0 has a loading turn again.
    assert state.to_move == 0
    assert legal_texts(state) == {"ship:sugar:wharf", "ship:pass"}
    state.apply("ship:sugar:wharf")
    assert seat_json(state, 0)["goods"] == {}
    assert seat_json(state, 0)["vp"] == 2 + 1 + 3  # corn, the captain's privilege, sugar by wharf
