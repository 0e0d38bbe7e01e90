"""The mayor's proposed arrangement (`proposal.best_arrangement`, docs/rules.md "The mayor's proposed
arrangement"): the page proposes it and the heuristic places by it.

The three committed positions in positions/ are the cases a new user met (issue 11): confirming the
page's old proposal lost a coffee, lost an indigo, and left a small warehouse empty while a colonist
sat on a tobacco plantation with no tobacco storage. Their best arrangements below were worked out
by hand from the stated order; the small positions check each step of the order on its own, and a
brute force over every arrangement of small boards checks that nothing beats the proposal.
"""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from conftest import apply_all, position, seat_json

from isla.games.puertorico.data import BUILDINGS, LARGE_BUILDINGS, PRODUCERS
from isla.games.puertorico.game import GAME, PuertoRicoState
from isla.games.puertorico.proposal import best_arrangement

POSITIONS = Path(__file__).parent / "positions"


def stored(name: str) -> PuertoRicoState:
    return GAME.state_from_json(json.loads((POSITIONS / f"{name}.json").read_text()))


def placing(seat: dict[str, Any], **fields: Any) -> PuertoRicoState:
    """Seat 0 arranges `seat`'s colonists (all in San Juan, as when its placing turn starts)."""
    return position(4, seats=[seat], phase={"name": "place", "chooser": 0}, **fields)


def test_position_lost_coffee_both_coffees_are_made_before_the_small_market_is_staffed() -> None:
    # A real game, round 7, seat 2: 7 colonists; corn 1, indigo 1, sugar 1, coffee 2; small indigo
    # plant, small sugar mill, coffee roaster (2 circles), small market. Corn is 1 barrel for 1
    # colonist; the other 6 make 3 pairs out of indigo, sugar, coffee, coffee: the dearest 3 are
    # coffee, coffee, sugar (4 barrels, worth 0+4+4+2). Nobody is left for the market or the indigo.
    # The old page re-applied last round's market and indigo plant first and lost a coffee.
    state = stored("mayor-lost-coffee")
    assert best_arrangement(state, 2) == {
        "corn": 1, "sugar": 1, "coffee": 2, "small-sugar-mill": 1, "coffee-roaster": 2,
    }


def test_position_lost_indigo_every_indigo_and_sugar_is_made_before_the_quarry() -> None:
    # A real game, round 12, seat 3: 13 colonists; corn 2, indigo 2, sugar 3, quarry 1; small indigo
    # plant, indigo plant, small sugar mill, sugar mill, guild hall. The guild hall takes 1 (large
    # buildings first); the other 12 make all 7 barrels: 2 corn + 2 indigo pairs + 3 sugar pairs.
    # Nothing is left for the quarry. The old page put last round's quarry colonist back and lost an
    # indigo.
    state = stored("mayor-lost-indigo")
    assert best_arrangement(state, 3) == {
        "corn": 2, "indigo": 2, "sugar": 3, "small-indigo-plant": 1, "indigo-plant": 1,
        "small-sugar-mill": 1, "sugar-mill": 2, "guild-hall": 1,
    }


def test_position_unmanned_warehouse_is_staffed_before_a_tobacco_plantation_without_storage() -> None:
    # Round 12, seat 1: 10 colonists; corn 2, indigo 2, tobacco 1, coffee 1, quarry 1; small indigo
    # plant, indigo plant, coffee roaster, small market, small warehouse, no tobacco storage.
    # Barrels: 2 corn, 2 indigo pairs, 1 coffee pair = 5 barrels for 8 colonists (tobacco makes
    # nothing). The 9th works the quarry, the 10th the dearer violet building: small warehouse (3)
    # before small market (1). The tobacco plantation stays empty. The old page re-applied last
    # round's tobacco colonist and left the warehouse empty.
    state = stored("mayor-unmanned-warehouse")
    assert best_arrangement(state, 1) == {
        "corn": 2, "indigo": 2, "coffee": 1, "quarry": 1, "small-indigo-plant": 1, "indigo-plant": 1,
        "coffee-roaster": 1, "small-warehouse": 1,
    }


@pytest.mark.parametrize(("name", "seat"), [
    ("mayor-lost-coffee", 2), ("mayor-lost-indigo", 3), ("mayor-unmanned-warehouse", 1),
])
@pytest.mark.parametrize("forced", [False, True])
def test_the_proposal_is_a_legal_mayor_plan_that_gives_itself(name: str, seat: int, forced: bool) -> None:
    data = json.loads((POSITIONS / f"{name}.json").read_text())
    data["options"] = {**data.get("options", {}), "forced_placement": forced}
    state = GAME.state_from_json(data)
    proposal = best_arrangement(state, seat)
    apply_all(state, *GAME.actions_for(state, {"mayor": proposal}))
    board = seat_json(state, seat)
    assert {**board["occupied"], **{b: n for b, n in board["city"].items() if n}} == proposal
    assert board["san_juan"] == 0


def test_the_view_proposes_the_arrangement_to_the_placing_seat_only() -> None:
    state = stored("mayor-unmanned-warehouse")
    assert state.view(1)["mayor_proposal"] == best_arrangement(state, 1)
    for seat in (0, 2, 3, None):
        assert "mayor_proposal" not in state.view(seat)
    assert "mayor_proposal" not in state.to_json()  # a view's help, not part of the position


def test_no_proposal_outside_the_placement() -> None:
    state = position(4, seats=[{"island": {"corn": 1}, "san_juan": 1}])
    assert state.to_move == 0
    assert "mayor_proposal" not in state.view(0)


def test_order_most_barrels_first_two_corn_beat_one_coffee() -> None:
    state = placing({"island": {"corn": 2, "coffee": 1}, "city": {"coffee-roaster": 0}, "san_juan": 2})
    assert best_arrangement(state, 0) == {"corn": 2}


def test_order_as_many_barrels_the_dearer_beat_a_violet_building() -> None:
    # Corn alone leaves a colonist for the small market, but the coffee barrel is worth more.
    seat = {"island": {"corn": 1, "coffee": 1}, "city": {"coffee-roaster": 0, "small-market": 0},
            "san_juan": 2}
    assert best_arrangement(placing(seat), 0) == {"coffee": 1, "coffee-roaster": 1}


def test_order_quarries_after_barrels_and_before_violet_buildings() -> None:
    seat = {"island": {"corn": 1, "quarry": 1}, "city": {"small-market": 0}, "san_juan": 2}
    assert best_arrangement(placing(seat), 0) == {"corn": 1, "quarry": 1}


def test_order_violet_buildings_dearest_first_equal_costs_in_board_order() -> None:
    # Office and large market both cost 5; the office comes first on the board. The hospice (4)
    # beats the small warehouse (3): it is a violet building like any other.
    seat = {"city": {"small-warehouse": 0, "hospice": 0, "office": 0, "large-market": 0}, "san_juan": 2}
    assert best_arrangement(placing(seat), 0) == {"office": 1, "large-market": 1}
    seat["san_juan"] = 3
    assert best_arrangement(placing(seat), 0) == {"office": 1, "large-market": 1, "hospice": 1}


def test_order_violet_costs_are_the_tables_balanced_variant_r14() -> None:
    seat = {"city": {"factory": 0, "university": 0}, "san_juan": 1}
    assert best_arrangement(placing(seat), 0) == {"university": 1}  # 8 before 7
    assert best_arrangement(placing(seat, options={"balanced": True}), 0) == {"factory": 1}  # 8 before 7


def test_order_large_buildings_before_everything() -> None:
    seat = {"island": {"corn": 1}, "city": {"residence": 0, "guild-hall": 0}, "san_juan": 1}
    assert best_arrangement(placing(seat), 0) == {"guild-hall": 1}  # both cost 10: board order
    seat["san_juan"] = 3
    assert best_arrangement(placing(seat), 0) == {"corn": 1, "guild-hall": 1, "residence": 1}


_MAYOR = {"mayor": {"taken_by": 0}}
_BOTH = {"mayor": {"taken_by": 0}, "craftsman": {"taken_by": 1}}


@pytest.mark.parametrize(("fields", "barrels_count"), [
    ({}, True),  # no end in sight
    ({"end_triggers": ["city"], "roles": _MAYOR}, True),  # a craftsman may still come
    ({"end_triggers": ["city"], "roles": _BOTH}, False),
    # The supply cannot give the ship one colonist per player after this mayor: last round too.
    ({"colonists": {"supply": 3, "ship": 0}, "roles": _BOTH}, False),
    ({"colonists": {"supply": 4, "ship": 0}, "roles": _BOTH}, True),
])
def test_order_barrels_count_only_if_a_craftsman_phase_can_still_come_e1(
    fields: dict[str, Any], barrels_count: bool
) -> None:
    seat = {"island": {"corn": 1}, "city": {"small-market": 0}, "san_juan": 1}
    state = placing(seat, picks_done=2, **fields)
    assert best_arrangement(state, 0) == ({"corn": 1} if barrels_count else {"small-market": 1})


def test_rest_on_idle_plantations_dearest_first_then_empty_circles_then_san_juan() -> None:
    # Nothing can produce: tobacco has no storage, sugar no mill, the indigo plant no indigo.
    seat = {"island": {"sugar": 1, "tobacco": 1}, "city": {"indigo-plant": 0}, "san_juan": 1}
    assert best_arrangement(placing(seat), 0) == {"tobacco": 1}
    seat["san_juan"] = 3
    assert best_arrangement(placing(seat), 0) == {"sugar": 1, "tobacco": 1, "indigo-plant": 1}
    seat["san_juan"] = 7
    state = placing(seat)
    assert best_arrangement(state, 0) == {"sugar": 1, "tobacco": 1, "indigo-plant": 3}  # 2 stay in San Juan
    apply_all(state, *GAME.actions_for(state, {"mayor": best_arrangement(state, 0)}))
    assert seat_json(state, 0)["san_juan"] == 2


def test_production_colonists_take_the_small_building_first() -> None:
    seat = {"island": {"indigo": 1}, "city": {"small-indigo-plant": 0, "indigo-plant": 0}, "san_juan": 2}
    assert best_arrangement(placing(seat), 0) == {"indigo": 1, "small-indigo-plant": 1}


def test_all_the_seats_colonists_are_arranged_wherever_they_are_m3() -> None:
    # Outside the placement too (say for a bot's plan ahead): placed colonists count like San Juan's.
    seat = {"island": {"corn": 1, "sugar": 1}, "occupied": {"sugar": 1}, "city": {"small-market": 1},
            "san_juan": 0}
    state = position(4, seats=[seat])
    assert best_arrangement(state, 0) == {"corn": 1, "small-market": 1}


# --- nothing beats the proposal: every arrangement of small random boards -------------------

_GOOD_PRICE = (0, 1, 2, 3, 4)


def _order_key(arrangement: dict[str, int], craftsman: bool, costs: dict[str, int]) -> Any:
    """The stated order, written out again independently of proposal.py, for one arrangement."""
    def on(name: str) -> int:
        return arrangement.get(name, 0)

    large = sum(on(BUILDINGS[b].name) for b in LARGE_BUILDINGS)
    barrels = [on("corn")]
    for k, good in enumerate(("indigo", "sugar", "tobacco", "coffee"), start=1):
        barrels.append(min(on(good), sum(on(BUILDINGS[b].name) for b in PRODUCERS[k])))
    violet = sorted((costs[b.name] for b in BUILDINGS if b.produces < 0 and b.size == 1 and on(b.name)),
                    reverse=True)
    count = sum(barrels) if craftsman else 0
    value = sum(p * n for p, n in zip(_GOOD_PRICE, barrels, strict=True)) if craftsman else 0
    return (large, count, value, on("quarry"), tuple(violet))


def _random_board(rng: random.Random) -> dict[str, Any]:
    kinds = ["corn", "indigo", "sugar", "tobacco", "coffee", "quarry"]
    island = {k: rng.randint(1, 2) for k in rng.sample(kinds, rng.randint(1, 3))}
    names = [b.name for b in BUILDINGS]
    city = dict.fromkeys(rng.sample(names, rng.randint(1, 4)), 0)
    return {"island": island, "city": city, "san_juan": rng.randint(1, 7)}


def _all_arrangements(board: dict[str, Any]) -> list[dict[str, int]]:
    caps = dict(board["island"])
    caps.update({name: next(b.circles for b in BUILDINGS if b.name == name) for name in board["city"]})
    names = list(caps)
    out = []
    for counts in product(*(range(caps[name] + 1) for name in names)):
        if sum(counts) <= board["san_juan"]:
            out.append({name: n for name, n in zip(names, counts, strict=True) if n})
    return out


@pytest.mark.parametrize("seed", range(60))
def test_no_arrangement_beats_the_proposal_by_the_stated_order(seed: int) -> None:
    rng = random.Random(seed)
    board = _random_board(rng)
    craftsman_taken = rng.random() < 0.3
    roles = {"mayor": {"taken_by": 0}, **({"craftsman": {"taken_by": 1}} if craftsman_taken else {})}
    ends = ["city"] if rng.random() < 0.5 else []
    state = placing(board, roles=roles, end_triggers=ends, picks_done=2)
    costs = {b.name: b.cost for b in BUILDINGS}
    craftsman = not (ends and craftsman_taken)
    proposal = best_arrangement(state, 0)
    best = max(_order_key(a, craftsman, costs) for a in _all_arrangements(board))
    assert _order_key(proposal, craftsman, costs) == best
    # It places everybody it can: nothing is left in San Juan while a circle is free.
    room = sum(board["island"].values()) + sum(
        next(b.circles for b in BUILDINGS if b.name == name) for name in board["city"]
    )
    assert sum(proposal.values()) == min(board["san_juan"], room)
