"""Settler phase (§3.2 settler, §6.5 S-1..S-6, §5 hacienda, construction hut, hospice).

Positions fix the face-up row and the face-down stack (top of the stack = end of the list), so every
draw is known in advance.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from conftest import apply_all, legal_texts, phase_json, position, seat_json, table

from isla.core.errors import IllegalAction
from isla.games.puertorico.game import PuertoRicoState

ROW = ["corn", "indigo", "indigo", "sugar", "coffee"]  # 5 face-up tiles for 4 players
STACK = ["tobacco", "corn", "sugar", "indigo", "indigo", "tobacco", "coffee"]  # coffee is drawn first


def _settler(seats: list[dict[str, Any]] | None = None, players: int = 4, chooser: int = 0,
             turn: int = 0, **fields: Any) -> PuertoRicoState:
    fields.setdefault("plantations", {"face_up": ROW, "stack": STACK})
    return position(players, seats=seats or [], phase={"name": "settler", "chooser": chooser, "turn": turn},
                    **fields)


def test_settler_may_take_a_quarry_others_may_not_s1() -> None:
    state = _settler()
    assert legal_texts(state) == {
        "settle:corn", "settle:indigo", "settle:sugar", "settle:coffee", "settle:quarry", "settle:pass",
    }
    state.apply("settle:pass")
    assert state.to_move == 1
    assert legal_texts(state) == {
        "settle:corn", "settle:indigo", "settle:sugar", "settle:coffee", "settle:pass",
    }
    before = table(state)
    with pytest.raises(IllegalAction):
        state.apply("settle:quarry")
    assert table(state) == before


def test_settler_quarry_comes_from_the_quarry_supply_s1() -> None:
    state = _settler(quarries=3)
    state.apply("settle:quarry")
    assert seat_json(state, 0)["island"] == {"quarry": 1}
    assert table(state)["quarries"] == 2
    assert table(state)["plantations"]["face_up"] == ROW  # the row is untouched until the phase ends


def test_occupied_construction_hut_lets_a_non_settler_take_a_quarry_s1() -> None:
    state = _settler([{}, {"city": {"construction-hut": 1}}], turn=1)
    assert state.to_move == 1
    assert "settle:quarry" in legal_texts(state)
    state.apply("settle:quarry")
    assert seat_json(state, 1)["island"] == {"quarry": 1}


def test_unoccupied_construction_hut_gives_no_quarry_5() -> None:
    state = _settler([{}, {"city": {"construction-hut": 0}}], turn=1)
    assert "settle:quarry" not in legal_texts(state)


def test_settler_with_a_construction_hut_still_takes_only_one_tile() -> None:
    state = _settler([{"city": {"construction-hut": 1}}])
    state.apply("settle:quarry")
    assert state.to_move == 1  # the turn is over after one tile
    assert seat_json(state, 0)["island"] == {"quarry": 1}


def test_each_kind_in_the_face_up_row_is_offered_once() -> None:
    row = ["indigo", "indigo", "indigo", "sugar", "sugar"]
    state = _settler(plantations={"face_up": row, "stack": STACK})
    assert sorted(a.text for a in state.legal_actions()) == sorted(
        ["settle:indigo", "settle:sugar", "settle:quarry", "settle:pass"]
    )
    state.apply("settle:indigo")
    # Taking one indigo removes one tile only.
    assert table(state)["plantations"]["face_up"] == ["indigo", "indigo", "sugar", "sugar"]


def test_settling_is_optional_pass_changes_nothing() -> None:
    state = _settler()
    before = seat_json(state, 0)
    state.apply("settle:pass")
    assert seat_json(state, 0) == before
    assert table(state)["plantations"]["face_up"] == ROW


def test_hacienda_draws_the_top_of_the_stack_before_the_pick_s2() -> None:
    state = _settler([{"city": {"hacienda": 1}}])
    assert "hacienda" in legal_texts(state)
    state.apply("hacienda")
    assert seat_json(state, 0)["island"] == {"coffee": 1}  # the top of the stack
    assert table(state)["plantations"]["stack"] == STACK[:-1]
    # Still seat 0's turn: the normal pick follows (no second hacienda draw).
    assert state.to_move == 0
    assert phase_json(state)["hacienda_used"] is True
    assert legal_texts(state) == {
        "settle:corn", "settle:indigo", "settle:sugar", "settle:coffee", "settle:quarry", "settle:pass",
    }
    state.apply("settle:corn")
    assert seat_json(state, 0)["island"] == {"corn": 1, "coffee": 1}
    assert state.to_move == 1


def test_hacienda_is_not_offered_after_the_pick_s2() -> None:
    state = _settler([{"city": {"hacienda": 1}}])
    state.apply("settle:corn")
    assert state.to_move == 1  # picking first forfeits the hacienda draw


def test_unoccupied_hacienda_draws_nothing_5() -> None:
    state = _settler([{"city": {"hacienda": 0}}])
    assert "hacienda" not in legal_texts(state)


def test_hacienda_filling_the_twelfth_space_ends_the_turn_s5() -> None:
    eleven = {"island": {"corn": 5, "indigo": 6}, "city": {"hacienda": 1}}
    state = _settler([eleven])
    state.apply("hacienda")
    assert seat_json(state, 0)["island"] == {"corn": 5, "indigo": 6, "coffee": 1}
    assert state.to_move == 1  # a full island can take nothing more: the pass was forced


def test_hacienda_tile_gets_no_hospice_colonist_s3() -> None:
    state = _settler([{"city": {"hacienda": 1, "hospice": 1}}])
    state.apply("hacienda")
    assert phase_json(state)["name"] == "settler"  # no hospice decision for the hacienda tile
    state.apply("settle:corn")
    assert phase_json(state) == {"name": "hospice", "seat": 0, "chooser": 0, "turn": 0, "tile": "corn"}
    state.apply("hospice:take")
    assert seat_json(state, 0)["island"] == {"corn": 1, "coffee": 1}
    assert seat_json(state, 0)["occupied"] == {"corn": 1}


@pytest.mark.parametrize("kind", ["sugar", "quarry"])
def test_hospice_colonist_comes_from_the_supply_s3(kind: str) -> None:
    state = _settler([{"city": {"hospice": 1}}], colonists={"supply": 10, "ship": 4})
    state.apply(f"settle:{kind}")
    assert legal_texts(state) == {"hospice:take", "hospice:pass"}
    state.apply("hospice:take")
    assert seat_json(state, 0)["occupied"] == {kind: 1}
    assert table(state)["colonists"] == {"supply": 9, "ship": 4}
    assert state.to_move == 1


def test_hospice_colonist_may_be_declined() -> None:
    state = _settler([{"city": {"hospice": 1}}], colonists={"supply": 10, "ship": 4})
    apply_all(state, "settle:sugar", "hospice:pass")
    assert seat_json(state, 0)["occupied"] == {}
    assert table(state)["colonists"] == {"supply": 10, "ship": 4}


def test_hospice_colonist_comes_from_the_ship_when_the_supply_is_empty_s3() -> None:
    state = _settler([{"city": {"hospice": 1}}], colonists={"supply": 0, "ship": 3})
    apply_all(state, "settle:sugar", "hospice:take")
    assert seat_json(state, 0)["occupied"] == {"sugar": 1}
    assert table(state)["colonists"] == {"supply": 0, "ship": 2}


def test_hospice_gives_nothing_when_supply_and_ship_are_empty_s3() -> None:
    state = _settler([{"city": {"hospice": 1}}], colonists={"supply": 0, "ship": 0})
    state.apply("settle:sugar")
    assert phase_json(state)["name"] == "settler"  # no hospice decision at all
    assert state.to_move == 1
    assert seat_json(state, 0)["occupied"] == {}


def test_unoccupied_hospice_gives_no_colonist_5() -> None:
    state = _settler([{"city": {"hospice": 0}}])
    state.apply("settle:sugar")
    assert state.to_move == 1
    assert seat_json(state, 0)["occupied"] == {}


def test_full_island_can_take_nothing_s5() -> None:
    full = {"island": {"corn": 4, "indigo": 4, "quarry": 4}, "city": {"hacienda": 1, "construction-hut": 1}}
    state = _settler([full])
    # The only legal action was settle:pass, which the engine applied by itself.
    assert state.to_move == 1
    assert seat_json(state, 0)["island"] == {"corn": 4, "indigo": 4, "quarry": 4}
    assert table(state)["plantations"]["stack"] == STACK  # no hacienda draw either


def test_eleven_tiles_still_take_one_more_s5() -> None:
    state = _settler([{"island": {"indigo": 6, "sugar": 5}}])
    state.apply("settle:quarry")
    assert seat_json(state, 0)["island"] == {"indigo": 6, "sugar": 5, "quarry": 1}


def test_no_quarries_left_means_no_quarry_for_settler_or_hut_s5() -> None:
    state = _settler([{"city": {"construction-hut": 1}}], quarries=0)
    assert legal_texts(state) == {
        "settle:corn", "settle:indigo", "settle:sugar", "settle:coffee", "settle:pass",
    }


def test_end_of_phase_discards_leftovers_and_draws_n_plus_one_s4() -> None:
    state = _settler()
    apply_all(state, "settle:coffee", "settle:indigo", "settle:pass", "settle:pass")
    tiles = table(state)["plantations"]
    assert tiles["discard"] == ["corn", "indigo", "sugar"]
    # Five draws from the top: coffee, tobacco, indigo, indigo, sugar (the row is kept sorted).
    assert tiles["face_up"] == ["indigo", "indigo", "sugar", "tobacco", "coffee"]
    assert tiles["stack"] == ["tobacco", "corn"]
    assert table(state)["phase"] == {"name": "role", "seat": 1}


def test_short_stack_reshuffles_the_discard_pile_into_a_new_stack_s4() -> None:
    state = _settler(plantations={"face_up": ROW, "stack": ["sugar", "tobacco"],
                                  "discard": ["coffee", "coffee", "tobacco"]})
    apply_all(state, "settle:corn", "settle:pass", "settle:pass", "settle:pass")
    tiles = table(state)["plantations"]
    # The two stack tiles come first; then the discards (old ones and this phase's leftovers
    # indigo, indigo, sugar, coffee) become the new stack and fill the row.
    assert len(tiles["face_up"]) == 5
    assert Counter(tiles["face_up"]) >= Counter(["sugar", "tobacco"])
    assert tiles["discard"] == []
    pool = ["coffee", "coffee", "tobacco", "indigo", "indigo", "sugar", "coffee"]
    assert Counter(tiles["face_up"]) + Counter(tiles["stack"]) == Counter(["sugar", "tobacco", *pool])
    assert len(tiles["stack"]) == 4


def test_still_short_after_the_reshuffle_the_row_stays_short_s4() -> None:
    state = _settler(plantations={"face_up": ["indigo", "sugar"], "stack": [], "discard": []})
    apply_all(state, "settle:indigo", "settle:pass", "settle:pass", "settle:pass")
    tiles = table(state)["plantations"]
    assert tiles == {"face_up": ["sugar"], "stack": [], "discard": []}


def test_settler_order_is_chooser_then_clockwise_once_each() -> None:
    state = _settler(chooser=2)
    order = []
    while table(state)["phase"]["name"] == "settler":
        order.append(state.to_move)
        state.apply("settle:pass")
    assert order == [2, 3, 0, 1]


def test_hacienda_with_an_empty_stack_draws_from_the_reshuffled_discards_s4() -> None:
    state = _settler([{"city": {"hacienda": 1}}],
                     plantations={"face_up": ROW, "stack": [], "discard": ["tobacco"]})
    state.apply("hacienda")
    assert seat_json(state, 0)["island"] == {"tobacco": 1}
    assert table(state)["plantations"]["discard"] == []


def test_no_hacienda_draw_when_stack_and_discards_are_empty() -> None:
    state = _settler([{"city": {"hacienda": 1}}], plantations={"face_up": ROW, "stack": [], "discard": []})
    assert "hacienda" not in legal_texts(state)
