"""Invariants of Puerto Rico that hold at every step of any game (hypothesis over random play).

Nothing in the game is created or destroyed: colonists, barrels, plantation tiles, quarries and
buildings only move between the supply and the boards, so at every step their totals equal the
setup table of §2.1 (`data.SETUPS`). VP chips are paid from the supply until it is empty and on
paper after that (§6.8 E3). Boards have 12 island and 12 city spaces (§1, B3).

Every value is read through `state.to_json()`, the documented schema (docs/state.md), so these
tests also pin that schema: a renamed or re-shaped field fails them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import isla
from isla.core.protocol import Action, State
from isla.games.puertorico.data import (
    BUILDING_INDEX,
    BUILDINGS,
    CITY_SPACES,
    GOODS,
    ISLAND_SPACES,
    SETUPS,
    TILE_KINDS,
    Setup,
)

GAME = isla.game("puertorico")
GameSpec = tuple[int, int, dict[str, Any], bool]
MAX_STEPS = 3000  # random games take about 100-300 decisions; the bound only has to be finite
_DECLINE = ("place:done", "mayor:refuse", "keep:none", "store:done")


@st.composite
def games(draw: st.DrawFn) -> GameSpec:
    """A player count, a seed, table options and whether play is eager (rarely passes)."""
    players = draw(st.integers(2, 5))
    options: dict[str, Any] = {
        "balanced": draw(st.booleans()),
        "forced_placement": draw(st.booleans()),
    }
    if players == 2:
        options["two_player_roles"] = draw(st.sampled_from(["official", "craftsman_angst"]))
    if draw(st.booleans()):  # a small VP supply, so that the VP end trigger happens too
        options["vp_supply"] = draw(st.integers(1, 40))
    return players, draw(st.integers(0, 2**32 - 1)), options, draw(st.booleans())


def _choose(state: State, rng: random.Random, eager: bool) -> Action:
    legal = state.legal_actions()
    if eager and rng.random() < 0.9:
        doing = [a for a in legal if not (a.text.endswith(":pass") or a.text in _DECLINE)]
        if doing:
            return rng.choice(doing)
    return rng.choice(legal)


def _total(counts: dict[str, int]) -> int:
    return sum(counts.values())


def check_invariants(data: dict[str, Any], setup: Setup) -> None:
    """Every invariant of one position, from its JSON form."""
    seats = data["seats"]
    players = data["players"]

    # Colonists: supply + ship + San Juan + plantations/quarries + buildings, over all boards.
    colonists = data["colonists"]["supply"] + data["colonists"]["ship"]
    for seat in seats:
        colonists += seat["san_juan"] + _total(seat["occupied"]) + _total(seat["city"])
    assert colonists == setup.colonists_supply + setup.colonists_ship, "colonists appeared or vanished"
    assert data["colonists"]["supply"] >= 0 and data["colonists"]["ship"] >= 0

    # Goods by kind: supply + held + on ships + in the trading house.
    for k, good in enumerate(GOODS):
        held = sum(seat["goods"].get(good, 0) for seat in seats)
        shipped = sum(ship["load"] for ship in data["ships"] if ship["good"] == good)
        sold = data["trading_house"].count(good)
        assert data["goods"][good] >= 0
        assert data["goods"][good] + held + shipped + sold == setup.goods[k], f"{good} barrels miscounted"

    # VP: chips paid + chips left == the supply while it lasts; after it, points go on paper (E3).
    total_vp = data["options"]["vp_supply"]
    paid = sum(seat["vp"] for seat in seats)
    if data["vp_supply"] > 0:
        assert paid + data["vp_supply"] == total_vp
    else:
        assert paid >= total_vp
        assert "vp" in data["end_triggers"], "the last VP chip was paid but the game end was not triggered"

    # Boards.
    for seat in seats:
        assert seat["doubloons"] >= 0 and seat["vp"] >= 0
        assert all(v > 0 for v in seat["goods"].values())
        assert _total(seat["island"]) <= ISLAND_SPACES
        for kind, occupied in seat["occupied"].items():
            assert 0 < occupied <= seat["island"].get(kind, 0), f"more occupied {kind} than {kind} tiles"
        spaces = sum(BUILDINGS[BUILDING_INDEX[name]].size for name in seat["city"])
        assert spaces <= CITY_SPACES
        for name, on in seat["city"].items():
            assert 0 <= on <= BUILDINGS[BUILDING_INDEX[name]].circles, f"{on} colonists on a {name}"
        assert seat["san_juan"] >= 0

    # Buildings: owned + supply == copies in the game (2 players use fewer, §2.2).
    for building in BUILDINGS:
        owned = sum(1 for seat in seats if building.name in seat["city"])
        copies = building.copies_2p if players == 2 else building.copies
        assert owned + data["buildings"][building.name] == copies, f"{building.name} miscounted"

    # Plantation tiles by kind: islands + face-up row + face-down stack + discards; quarries apart.
    tiles = data["plantations"]
    for k, kind in enumerate(TILE_KINDS[:5]):
        on_islands = sum(seat["island"].get(kind, 0) for seat in seats)
        elsewhere = tiles["face_up"].count(kind) + tiles["stack"].count(kind) + tiles["discard"].count(kind)
        assert on_islands + elsewhere == setup.plantations[k], f"{kind} plantations miscounted"
    assert len(tiles["face_up"]) <= players + 1
    quarries = sum(seat["island"].get("quarry", 0) for seat in seats)
    assert quarries + data["quarries"] == setup.quarries

    # Trading house: at most 4 goods, of different kinds unless someone has an office (T2, T5).
    house = data["trading_house"]
    assert len(house) <= 4
    if not any("office" in seat["city"] for seat in seats):
        assert len(set(house)) == len(house)

    # Ships: one kind each, no kind on two ships, never over capacity (C3).
    assert [ship["capacity"] for ship in data["ships"]] == list(setup.ships)
    for ship in data["ships"]:
        assert 0 <= ship["load"] <= ship["capacity"]
        assert (ship["good"] is None) == (ship["load"] == 0)
    carried = [ship["good"] for ship in data["ships"] if ship["good"] is not None]
    assert len(set(carried)) == len(carried), "one good on two ships"

    # Roles: the cards taken this round are the picks made so far (plus the one being played).
    taken = [card for card in data["roles"].values() if card["taken_by"] is not None]
    phase = data["phase"]["name"]
    expected = 0 if phase == "over" else data["picks_done"] + (phase != "role")
    assert len(taken) == expected
    assert all(card["doubloons"] == 0 for card in taken), "a chosen role kept its doubloons"


def _play(players: int, seed: int, options: dict[str, Any], eager: bool) -> State:
    state = GAME.new_state(players, seed, options)
    setup = SETUPS[players]
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        check_invariants(state.to_json(), setup)
        if state.to_move is None:
            return state
        state.apply(_choose(state, rng, eager))
    raise AssertionError(f"the game did not end within {MAX_STEPS} decisions")


@settings(max_examples=100, deadline=None)
@given(games())
def test_every_step_keeps_the_invariants_and_the_game_ends(game: GameSpec) -> None:
    players, seed, options, eager = game
    final = _play(players, seed, options, eager)
    data = final.to_json()
    assert data["phase"]["name"] == "over"
    assert data["end_triggers"], "a game ended without an end trigger"
    result = final.result()
    assert result.over and len(result.scores) == players and min(result.ranks) == 1


@settings(max_examples=30, deadline=None)
@given(games(), st.integers(0, 200), st.integers(0, 2**32 - 1))
def test_a_determinized_state_keeps_the_invariants_and_plays_to_the_end(
    game: GameSpec, at: int, resample: int
) -> None:
    # determinize reshuffles the face-down plantations and the RNG; nothing may be lost or gained.
    players, seed, options, eager = game
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    for _ in range(at):
        if state.to_move is None:
            break
        state.apply(_choose(state, rng, eager))
    seat = state.to_move if state.to_move is not None else 0
    copy = state.determinize(seat, random.Random(resample))
    before, after = state.to_json(), copy.to_json()
    assert sorted(after["plantations"]["stack"]) == sorted(before["plantations"]["stack"])
    assert {k: v for k, v in after.items() if k not in ("plantations", "rng")} == {
        k: v for k, v in before.items() if k not in ("plantations", "rng")
    }
    setup = SETUPS[players]
    for _ in range(MAX_STEPS):
        check_invariants(copy.to_json(), setup)
        if copy.to_move is None:
            break
        copy.apply(_choose(copy, rng, eager))
    assert copy.to_move is None


def _corrupt(data: dict[str, Any], change: str) -> None:
    seat = data["seats"][1]
    if change == "colonist":
        seat["san_juan"] += 1
    elif change == "barrel":
        data["goods"]["corn"] -= 1
    elif change == "vp":
        seat["vp"] += 1
    elif change == "tile":
        data["plantations"]["stack"].pop()
    elif change == "quarry":
        data["quarries"] += 1
    elif change == "building":
        data["buildings"]["wharf"] -= 1
    elif change == "ship":
        data["ships"][0] = {"capacity": data["ships"][0]["capacity"], "good": "corn", "load": 0}
    elif change == "role":
        data["roles"]["settler"]["taken_by"] = 0
    elif change == "debt":
        seat["doubloons"] = -1


@pytest.mark.parametrize(
    "change", ["colonist", "barrel", "vp", "tile", "quarry", "building", "ship", "role", "debt"]
)
def test_the_invariant_checker_notices_a_corrupted_position(change: str) -> None:
    data = GAME.new_state(3, seed=9).to_json()
    check_invariants(data, SETUPS[3])
    _corrupt(data, change)
    with pytest.raises(AssertionError):
        check_invariants(data, SETUPS[3])
