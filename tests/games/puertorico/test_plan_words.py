"""Which decisions form one plan (`Game.plan_kind`) and how a finished plan is told once
(`Game.narrate_plan`): a bot's or a person's whole mayor arrangement or storage choice is one
line in the log, not one line per colonist.
"""

from __future__ import annotations

from conftest import position

from isla.core.protocol import Action
from isla.games.puertorico.game import GAME, PuertoRicoState

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def steps(state: PuertoRicoState, *texts: str) -> list[Action]:
    """The actions for `texts` applied in turn on a copy (the state is not changed)."""
    work = state.clone()
    return [work.apply(text) for text in texts]


def test_placing_colonists_and_choosing_the_goods_to_keep_are_whole_decisions_m3_c10() -> None:
    placing = position(seats=[{"island": {"corn": 2}, "san_juan": 2}], phase={"name": "place", "chooser": 0})
    storing = position(seats=[{"goods": {"corn": 3, "sugar": 4}, "city": {"small-warehouse": 1}}],
                       phase={"name": "store", "chooser": 0})
    keeping = position(seats=[{"goods": {"corn": 3, "indigo": 2}}], phase={"name": "keep", "chooser": 0})
    assert [GAME.plan_kind(s) for s in (placing, storing, keeping)] == ["mayor", "storage", "storage"]
    assert GAME.plan_kind(position()) is None  # choosing a role stands alone
    storing.apply("store:sugar")
    assert GAME.plan_kind(storing) == "storage" and storing.to_move == 0  # the same decision goes on


def test_a_finished_arrangement_is_told_once_not_colonist_by_colonist_m3() -> None:
    state = position(seats=[{"island": {"corn": 2, "indigo": 1}, "city": {"indigo-plant": 0}, "san_juan": 4}],
                     phase={"name": "place", "chooser": 0})
    before = state.to_json()
    lines = GAME.narrate_plan(state, steps(state, "place:corn", "place:indigo-plant", "place:done"), NAMES)
    assert lines[0] == "Ann's colonists: 1 on a corn plantation, 1 on the indigo plant and 2 in San Juan."
    assert not any("places a colonist" in line for line in lines)
    assert state.to_json() == before


def test_an_unfinished_arrangement_tells_each_placement() -> None:
    state = position(seats=[{"island": {"corn": 2}, "san_juan": 4}], phase={"name": "place", "chooser": 0})
    lines = GAME.narrate_plan(state, steps(state, "place:corn"), NAMES)
    assert lines == ["Ann places a colonist on a corn plantation."]


def test_a_storage_choice_tells_each_kind_kept_c10() -> None:
    state = position(seats=[{"goods": {"corn": 3, "sugar": 4, "coffee": 1}, "city": {"small-warehouse": 1}}],
                     phase={"name": "store", "chooser": 0})
    lines = GAME.narrate_plan(state, steps(state, "store:sugar", "keep:coffee"), NAMES)
    assert lines[:2] == ["Ann keeps all 4 sugar in a warehouse.", "Ann keeps 1 coffee and loses 3 corn."]
