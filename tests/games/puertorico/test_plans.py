"""Whole client decisions through the protocol: `Game.actions_for(state, plan)` (mayor and storage).

A plan is JSON from a browser, so anything malformed must come back as IllegalAction with a reason a
person can read, never a TypeError or KeyError, and must change nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import position, seat_json, table

from isla.core.errors import IllegalAction
from isla.games.puertorico.arrangement import actions_for_arrangement, actions_for_storage
from isla.games.puertorico.game import GAME, PuertoRicoState

_PLACER = {
    "island": {"corn": 2, "indigo": 1},
    "city": {"small-indigo-plant": 0, "indigo-plant": 0},
    "san_juan": 4,
}


def _placing() -> PuertoRicoState:
    return position(4, seats=[_PLACER], phase={"name": "place", "chooser": 0})


def _storing() -> PuertoRicoState:
    seat = {"goods": {"corn": 2, "sugar": 3, "coffee": 1}, "city": {"small-warehouse": 1}}
    return position(4, seats=[seat], phase={"name": "store", "chooser": 0})


def test_a_mayor_plan_gives_the_arrangement_functions_actions_and_state() -> None:
    arrangement = {"corn": 2, "indigo-plant": 1, "small-indigo-plant": 0}
    by_plan, by_function = _placing(), _placing()
    texts = GAME.actions_for(by_plan, {"mayor": arrangement})
    assert texts == actions_for_arrangement(by_function, arrangement)
    by_plan.apply_all(texts)
    by_function.apply_all(actions_for_arrangement(by_function, arrangement))
    assert table(by_plan) == table(by_function)
    assert seat_json(by_plan, 0)["occupied"] == {"corn": 2}


def test_a_storage_plan_gives_the_storage_functions_actions() -> None:
    state = _storing()
    plan = {"storage": {"warehouse": ["sugar"], "keep": "corn"}}
    assert GAME.actions_for(state, plan) == actions_for_storage(state, ["sugar"], "corn") == [
        "store:sugar", "keep:corn"
    ]
    nothing = {"storage": {"warehouse": [], "keep": None}}
    assert GAME.actions_for(state, nothing) == ["store:done", "keep:none"]


@pytest.mark.parametrize(
    ("plan", "reason"),
    [
        ([], "exactly one key"),
        ("mayor", "exactly one key"),
        ({}, "exactly one key"),
        ({"mayor": {}, "storage": {}}, "exactly one key"),
        ({"builder": {}}, "unknown plan kind 'builder'"),
        ({"mayor": ["corn"]}, "maps targets"),
        ({"mayor": {"corn": "2"}}, "count for corn must be a whole number"),
        ({"mayor": {"corn": True}}, "count for corn must be a whole number"),
        ({"mayor": {"corn": -1}}, "count for corn must be a whole number"),
        ({"mayor": {"corn": 1.5}}, "count for corn must be a whole number"),
        ({"mayor": {7: 1}}, "must be a name"),
        ({"mayor": {"castle": 1}}, "'castle' is not a tile kind or building"),
        ({"mayor": {"corn": 3}}, "seat 0 has 2 corn plantations, not 3"),
        ({"mayor": {"indigo": 2}}, "seat 0 has 1 indigo plantation, not 2"),
        ({"mayor": {"quarry": 1}}, "seat 0 has 0 quarries, not 1"),
        ({"mayor": {"harbor": 1}}, "seat 0 has no harbor"),
        ({"mayor": {"small-indigo-plant": 2}}, "the small-indigo-plant holds at most 1 colonist, not 2"),
        ({"mayor": {"corn": 2, "indigo": 1, "indigo-plant": 2}}, "seat 0 has 4 colonists, not 5"),
    ],
)
def test_a_malformed_or_impossible_mayor_plan_is_refused_with_its_reason(plan: Any, reason: str) -> None:
    state = _placing()
    before = table(state)
    with pytest.raises(IllegalAction) as raised:
        GAME.actions_for(state, plan)
    assert reason in raised.value.reason
    assert table(state) == before


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (None, "an object with \"warehouse\" and \"keep\""),
        ({"warehouse": "sugar"}, "list of good names"),
        ({"warehouse": [1]}, "list of good names"),
        ({"warehouse": ["sugar", "sugar"]}, "listed twice"),
        ({"keep": 3}, "a good name or null"),
        ({"keep": "sugar", "warehouse": ["sugar"]}, "already kept in a warehouse"),
        ({"warehouse": [], "shelf": []}, "unknown field 'shelf'"),
        ({"warehouse": ["gold"]}, "'gold' is not a good"),
        ({"warehouse": ["sugar", "corn"]}, "cannot hold that many kinds"),
        ({"keep": "tobacco"}, "not one of the choices"),
    ],
)
def test_a_malformed_or_impossible_storage_plan_is_refused_with_its_reason(body: Any, reason: str) -> None:
    state = _storing()
    before = table(state)
    with pytest.raises(IllegalAction) as raised:
        GAME.actions_for(state, {"storage": body})
    assert reason in raised.value.reason
    assert table(state) == before


def test_a_plan_for_another_decision_is_refused() -> None:
    with pytest.raises(IllegalAction, match="nobody is placing colonists now"):
        GAME.actions_for(_storing(), {"mayor": {}})
    with pytest.raises(IllegalAction, match="nobody is storing goods now"):
        GAME.actions_for(_placing(), {"storage": {"warehouse": [], "keep": None}})
