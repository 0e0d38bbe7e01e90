"""The client hooks every game has (`narrate`, `catalog`, `actions_for`, `plan_kind`,
`narrate_plan`) and their defaults.

A game that does not override them must still serve a table: a one-line log per decision, an empty
catalog, and a clear refusal of plans. The toy game of the conformance suite overrides none of them.
"""

from __future__ import annotations

import pytest
from test_conformance_suite import Pebbles

from isla.core.errors import IllegalAction

NAMES = ["Ann", "Bob"]


def test_the_default_log_is_one_line_naming_the_seat_to_move_and_the_action() -> None:
    state = Pebbles().new_state(2, seed=3)
    before = state.to_json()
    action = state.parse_action("take:2")
    assert Pebbles().narrate(state, action, NAMES) == ["Ann: take:2"]
    assert state.to_json() == before
    state.apply(action)
    assert Pebbles().narrate(state, state.parse_action("draw"), NAMES) == ["Bob: draw"]


def test_the_default_log_falls_back_to_the_seat_number_without_a_name() -> None:
    state = Pebbles().new_state(2, seed=3)
    assert Pebbles().narrate(state, state.parse_action("take:1"), []) == ["seat 0: take:1"]


def test_the_default_catalog_is_empty() -> None:
    assert Pebbles().catalog() == {}


@pytest.mark.parametrize("plan", [{}, {"take": 2}, {"mayor": {"corn": 1}}])
def test_the_default_refuses_every_plan_with_a_clear_reason(plan: dict[str, object]) -> None:
    state = Pebbles().new_state(2, seed=3)
    before = state.to_json()
    with pytest.raises(IllegalAction) as raised:
        Pebbles().actions_for(state, plan)
    assert raised.value.reason == "plans are not supported by this game"
    assert state.to_json() == before


def test_by_default_no_decision_is_part_of_a_whole_decision_in_several_steps() -> None:
    state = Pebbles().new_state(2, seed=3)
    assert Pebbles().plan_kind(state) is None


def test_the_default_log_of_several_decisions_tells_each_in_turn() -> None:
    state = Pebbles().new_state(2, seed=3)
    before = state.to_json()
    work = state.clone()
    actions = [work.apply("take:2"), work.apply("draw")]
    assert Pebbles().narrate_plan(state, actions, NAMES) == ["Ann: take:2", "Bob: draw"]
    assert state.to_json() == before
