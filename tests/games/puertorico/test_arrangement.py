"""Whole client choices turned into canonical actions: `actions_for_arrangement` (mayor, M3, R2) and
`actions_for_storage` (captain storage, C10).

A returned list must replay with `apply_all` to exactly the arrangement asked for, contain no step the
engine takes by itself, and every impossible request must raise IllegalAction and change nothing.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from conftest import position, seat_json, table

from isla.core.errors import IllegalAction
from isla.games.puertorico.arrangement import actions_for_arrangement, actions_for_storage
from isla.games.puertorico.game import PuertoRicoState

# Seat 0 places 4 colonists; circles: corn 2, indigo 1, small indigo plant 1, indigo plant 3.
_PLACER = {
    "island": {"corn": 2, "indigo": 1},
    "city": {"small-indigo-plant": 0, "indigo-plant": 0},
    "san_juan": 4,
}


def _placing(seat: dict[str, Any] | None = None, **options: Any) -> PuertoRicoState:
    return position(4, seats=[seat or _PLACER], phase={"name": "place", "chooser": 0}, options=options)


def _arranged(state: PuertoRicoState) -> dict[str, Any]:
    seat = seat_json(state, 0)
    return {"occupied": seat["occupied"], "city": seat["city"], "san_juan": seat["san_juan"]}


def test_arrangement_with_colonists_left_in_san_juan_r2() -> None:
    state = _placing()
    texts = actions_for_arrangement(state, {"corn": 1, "indigo-plant": 2})
    assert texts == ["place:corn", "place:indigo-plant", "place:indigo-plant", "place:done"]
    state.apply_all(texts)
    assert _arranged(state) == {
        "occupied": {"corn": 1}, "city": {"small-indigo-plant": 0, "indigo-plant": 2}, "san_juan": 1,
    }
    # The other seats have nothing to place, the ship is refilled and the next seat chooses a role.
    assert table(state)["phase"] == {"name": "role", "seat": 1}


def test_arrangement_leaving_everyone_in_san_juan_r2() -> None:
    state = _placing()
    assert actions_for_arrangement(state, {}) == ["place:done"]
    assert actions_for_arrangement(state, {"san_juan": 4}) == ["place:done"]
    state.apply_all(["place:done"])
    assert _arranged(state) == {
        "occupied": {}, "city": {"small-indigo-plant": 0, "indigo-plant": 0}, "san_juan": 4,
    }


def test_arrangement_omits_the_forced_final_done() -> None:
    state = _placing()
    wanted = {"corn": 2, "indigo": 1, "small-indigo-plant": 1}
    texts = actions_for_arrangement(state, wanted)
    # With San Juan empty, place:done is the only action left and the engine takes it itself.
    assert texts == ["place:corn", "place:corn", "place:indigo", "place:small-indigo-plant"]
    state.apply_all(texts)
    assert _arranged(state) == {
        "occupied": {"corn": 2, "indigo": 1},
        "city": {"small-indigo-plant": 1, "indigo-plant": 0},
        "san_juan": 0,
    }


# 2 colonists for 3 circles (corn, indigo, small indigo plant): under forced placement, after
# place:indigo the small indigo plant is the only target left, so that step is forced.
_TWO_FOR_THREE = {"island": {"corn": 1, "indigo": 1}, "city": {"small-indigo-plant": 0}, "san_juan": 2}


def test_arrangement_under_forced_placement_returns_only_real_choices() -> None:
    state = _placing(_TWO_FOR_THREE, forced_placement=True)
    texts = actions_for_arrangement(state, {"indigo": 1, "small-indigo-plant": 1})
    assert texts == ["place:indigo"]
    state.apply_all(texts)
    assert _arranged(state) == {"occupied": {"indigo": 1}, "city": {"small-indigo-plant": 1}, "san_juan": 0}


def test_same_arrangement_without_forced_placement_needs_both_steps() -> None:
    state = _placing(_TWO_FOR_THREE)
    assert actions_for_arrangement(state, {"indigo": 1, "small-indigo-plant": 1}) == [
        "place:indigo", "place:small-indigo-plant",
    ]


def test_forced_placement_rejects_leaving_a_fillable_circle_empty_r2_option() -> None:
    state = _placing(_TWO_FOR_THREE, forced_placement=True)
    before = table(state)
    with pytest.raises(IllegalAction):
        actions_for_arrangement(state, {"corn": 1})
    with pytest.raises(IllegalAction):
        actions_for_arrangement(state, {})
    assert table(state) == before
    # Without the option the same arrangement is legal.
    assert actions_for_arrangement(_placing(_TWO_FOR_THREE), {"corn": 1}) == ["place:corn", "place:done"]


@pytest.mark.parametrize(
    "wanted",
    [
        {"small-indigo-plant": 2},  # one circle only
        {"corn": 3},  # two corn tiles
        {"coffee": 1},  # no coffee tile
        {"tobacco-storage": 1},  # not owned
        {"corn": 2, "indigo": 1, "indigo-plant": 3},  # 6 colonists wanted, 4 owned
        {"castle": 1},  # not a tile kind or building
        {"corn": -1},
        {"corn": True},
    ],
)
def test_impossible_arrangements_raise_and_change_nothing(wanted: dict[str, Any]) -> None:
    state = _placing()
    before = table(state)
    with pytest.raises(IllegalAction):
        actions_for_arrangement(state, wanted)
    assert table(state) == before


def test_unknown_name_is_named_in_the_error() -> None:
    with pytest.raises(IllegalAction, match="'castle' is not a tile kind or building"):
        actions_for_arrangement(_placing(), {"castle": 1})


_CAPS = {"corn": 2, "indigo": 1, "small-indigo-plant": 1, "indigo-plant": 3}


def _final(state: PuertoRicoState) -> tuple[int, ...]:
    seat = seat_json(state, 0)
    return (seat["occupied"].get("corn", 0), seat["occupied"].get("indigo", 0),
            seat["city"]["small-indigo-plant"], seat["city"]["indigo-plant"])


def _reachable(state: PuertoRicoState) -> set[tuple[int, ...]]:
    """Every final placement of seat 0 reachable through legal actions (depth-first)."""
    if table(state)["phase"]["name"] != "place" or state.to_move != 0:
        return {_final(state)}
    found: set[tuple[int, ...]] = set()
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        found |= _reachable(child)
    return found


@pytest.mark.parametrize("forced", [False, True])
@pytest.mark.parametrize("colonists", range(1, 9))
def test_every_legal_arrangement_is_reachable_and_nothing_else_m3_r2(colonists: int, forced: bool) -> None:
    # By the rules: each target holds at most its circles, at most `colonists` are placed; with
    # forced placement exactly min(colonists, all circles) are placed.
    caps = list(_CAPS.values())
    expected = {
        combo for combo in product(*(range(c + 1) for c in caps))
        if (sum(combo) == min(colonists, sum(caps)) if forced else sum(combo) <= colonists)
    }
    seat = {"island": {"corn": 2, "indigo": 1}, "city": {"small-indigo-plant": 0, "indigo-plant": 0},
            "san_juan": colonists}
    state = _placing(seat, forced_placement=forced)
    if len(expected) == 1:  # a single legal arrangement: the engine placed everyone itself
        assert _final(state) == next(iter(expected))
        return
    assert _reachable(state) == expected
    for combo in expected:
        trial = state.clone()
        trial.apply_all(actions_for_arrangement(trial, dict(zip(_CAPS, combo, strict=True))))
        assert _final(trial) == combo


def test_arrangement_outside_the_mayor_placement_raises() -> None:
    state = position(4)
    with pytest.raises(IllegalAction, match="nobody is placing colonists now"):
        actions_for_arrangement(state, {})


# --- storage (C10) -----------------------------------------------------------------------------

_GOODS = {"corn": 2, "sugar": 3, "coffee": 1}


def _storing(phase: str, city: dict[str, int], goods: dict[str, int] | None = None) -> PuertoRicoState:
    seat = {"goods": goods or _GOODS, "city": city}
    return position(4, seats=[seat], phase={"name": phase, "chooser": 0})


def test_storage_small_warehouse_kind_and_the_kept_barrel_c10() -> None:
    state = _storing("store", {"small-warehouse": 1})
    supply = table(state)["goods"]
    texts = actions_for_storage(state, ["sugar"], "corn")
    assert texts == ["store:sugar", "keep:corn"]
    state.apply_all(texts)
    assert seat_json(state, 0)["goods"] == {"corn": 1, "sugar": 3}
    goods = table(state)["goods"]
    assert goods["corn"] == supply["corn"] + 1
    assert goods["coffee"] == supply["coffee"] + 1
    assert goods["sugar"] == supply["sugar"]


def test_storage_large_warehouse_two_kinds_in_any_order_c10() -> None:
    state = _storing("store", {"large-warehouse": 1})
    texts = actions_for_storage(state, ["sugar", "corn"], "coffee")
    assert texts == ["store:corn", "store:sugar", "keep:coffee"]
    state.apply_all(texts)
    assert seat_json(state, 0)["goods"] == _GOODS


def test_storage_warehouses_store_kinds_in_game_order_not_alphabetical_c10() -> None:
    # "coffee" sorts before "corn" alphabetically, but the engine stores kinds in game order.
    state = _storing("store", {"large-warehouse": 1})
    texts = actions_for_storage(state, ["coffee", "corn"], "sugar")
    assert texts == ["store:corn", "store:coffee", "keep:sugar"]
    state.apply_all(texts)
    assert seat_json(state, 0)["goods"] == {"corn": 2, "sugar": 1, "coffee": 1}  # one sugar kept


def test_storage_without_a_warehouse_keeps_one_barrel_c10() -> None:
    state = _storing("keep", {})
    assert actions_for_storage(state, [], "sugar") == ["keep:sugar"]
    state.apply_all(["keep:sugar"])
    assert seat_json(state, 0)["goods"] == {"sugar": 1}


def test_storage_keeping_nothing() -> None:
    state = _storing("keep", {})
    assert actions_for_storage(state, [], None) == ["keep:none"]


def test_storage_omits_the_forced_keep() -> None:
    # One kind only: once it is in the warehouse, keep:none is all that is left.
    state = _storing("store", {"small-warehouse": 1}, {"corn": 2})
    texts = actions_for_storage(state, ["corn"], None)
    assert texts == ["store:corn"]
    state.apply_all(texts)
    assert seat_json(state, 0)["goods"] == {"corn": 2}


@pytest.mark.parametrize(
    ("warehouse", "keep"),
    [
        (["corn", "sugar"], None),  # a small warehouse holds one kind
        (["gold"], None),  # not a good
        ([], "tobacco"),  # no tobacco to keep
        (["tobacco"], None),  # no tobacco to store
        ([], "gold"),
    ],
)
def test_impossible_storage_raises_and_changes_nothing(warehouse: list[str], keep: str | None) -> None:
    state = _storing("store", {"small-warehouse": 1})
    before = table(state)
    with pytest.raises(IllegalAction):
        actions_for_storage(state, warehouse, keep)
    assert table(state) == before


def test_storage_outside_the_storage_step_raises() -> None:
    with pytest.raises(IllegalAction, match="nobody is storing goods now"):
        actions_for_storage(position(4), [], None)
