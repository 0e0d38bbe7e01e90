"""The JSON form of a state (docs/state.md): round trips, hand-written positions, bad documents, and
saved games that continue exactly like the unsaved ones (the RNG travels with the state)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import apply_all, position, table

from isla.core.errors import BadState
from isla.games.puertorico.game import GAME, PuertoRicoState


def reloaded(state: PuertoRicoState) -> PuertoRicoState:
    return GAME.state_from_json(copy.deepcopy(state.to_json()))


@pytest.mark.parametrize(("players", "seed", "options"), [
    (4, 1, {}),
    (3, 2, {"forced_placement": True}),
    (5, 3, {"open_vp": True, "balanced": True}),
    (2, 4, {"two_player_roles": "craftsman_angst"}),
])
def test_round_trip_at_every_step_of_a_random_game(players: int, seed: int, options: dict[str, Any]) -> None:
    state = GAME.new_state(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while True:
        data = state.to_json()
        again = reloaded(state)
        assert again.to_json() == data
        assert [a.text for a in again.legal_actions()] == [a.text for a in state.legal_actions()]
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


# Random play seldom produces goods, so these walk through the inside of every phase on purpose:
# (actions from seat 0's role choice, the phases the state is in before each of them).
_BUSY_SEAT = {
    "doubloons": 20, "goods": {"corn": 2, "sugar": 1}, "island": {"corn": 2, "indigo": 1},
    "occupied": {"corn": 2, "indigo": 1},
    "city": {"small-indigo-plant": 1, "hospice": 1, "university": 1, "small-warehouse": 1, "wharf": 1},
}
_WALKS = [
    (("role:settler", "settle:coffee", "hospice:take", "settle:coffee"),
     ("role", "settler", "hospice", "settler")),
    (("role:mayor", "mayor:take", "place:corn", "place:done", "place:corn"),
     ("role", "mayor", "place", "place", "place")),
    (("role:builder", "build:office", "university:take"), ("role", "builder", "university")),
    (("role:craftsman", "bonus:indigo"), ("role", "craftsman")),
    (("role:trader", "sell:sugar", "sell:corn"), ("role", "trader", "trader")),
    (("role:captain", "ship:sugar:wharf", "ship:corn:5"), ("role", "captain", "captain")),
]


@pytest.mark.parametrize(("walk", "phases"), _WALKS, ids=[w[0][0] for w in _WALKS])
def test_round_trip_inside_every_phase(walk: tuple[str, ...], phases: tuple[str, ...]) -> None:
    state = position(
        seats=[_BUSY_SEAT, {"goods": {"corn": 1}, "island": {"corn": 1}}],
        plantations={"face_up": ["coffee"] * 5},
    )
    seen = []
    for text in walk:
        seen.append(state.to_json()["phase"]["name"])
        state.apply(text)
        assert reloaded(state).to_json() == state.to_json()
    assert tuple(seen) == phases


def test_round_trip_inside_storage() -> None:
    full = [{"capacity": 5, "good": "corn", "load": 5}, {"capacity": 6, "good": "indigo", "load": 6},
            {"capacity": 7, "good": "sugar", "load": 7}]
    state = position(
        seats=[{"goods": {"coffee": 2, "tobacco": 1, "corn": 1}, "city": {"small-warehouse": 1}}], ships=full
    )
    seen = []
    for text in ("role:captain", "store:coffee", "keep:tobacco"):
        seen.append(state.to_json()["phase"]["name"])
        state.apply(text)
        assert reloaded(state).to_json() == state.to_json()
    assert seen == ["role", "store", "keep"]


def test_minimal_hand_written_position_derives_everything_else() -> None:
    # Three empty seats: the setup of §2.1 for 3 players, without starting plantations.
    state = GAME.state_from_json({"seats": [{}, {}, {}]})
    data = state.to_json()
    assert data["players"] == 3
    assert data["options"]["vp_supply"] == 75
    assert data["colonists"] == {"supply": 55, "ship": 3}
    assert data["vp_supply"] == 75
    assert data["goods"] == {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9}
    assert data["quarries"] == 8
    assert [s["capacity"] for s in data["ships"]] == [4, 5, 6]
    assert data["buildings"]["guild-hall"] == 1 and data["buildings"]["small-indigo-plant"] == 4
    assert len(data["plantations"]["face_up"]) == 4
    assert len(data["plantations"]["stack"]) == 50 - 4
    assert set(data["roles"]) == {"settler", "mayor", "builder", "craftsman", "trader", "captain"}
    assert data["phase"] == {"name": "role", "seat": 0}
    assert data["round"] == 1


def test_supplies_are_derived_from_what_the_seats_hold() -> None:
    state = position(seats=[
        {
            "vp": 7, "goods": {"coffee": 3}, "island": {"corn": 2, "quarry": 1},
            "occupied": {"corn": 1, "quarry": 1}, "city": {"hospice": 1, "guild-hall": 0}, "san_juan": 2,
        },
        {"vp": 3, "goods": {"coffee": 1, "corn": 2}},
    ], colonists={"ship": 6}, trading_house=["coffee"])
    data = table(state)
    # 79 colonists: 6 on the ship, 2 + 1 + 1 + 1 on seat 0's board.
    assert data["colonists"] == {"supply": 79 - 6 - 5, "ship": 6}
    assert data["goods"] == {"corn": 8, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9 - 5}
    assert data["vp_supply"] == 100 - 10
    assert data["buildings"]["hospice"] == 1 and data["buildings"]["guild-hall"] == 0
    assert data["quarries"] == 7
    assert len(data["plantations"]["face_up"]) == 5
    assert len(data["plantations"]["stack"]) == 50 - 2 - 5


def test_loading_the_same_hand_written_position_twice_gives_the_same_state() -> None:
    # The derived face-down stack is shuffled with the position's own RNG (from `seed`), not at random.
    doc = {"seats": [{}, {}, {}, {}], "seed": 12}
    assert GAME.state_from_json(doc).to_json() == GAME.state_from_json(doc).to_json()
    other = GAME.state_from_json({**doc, "seed": 13}).to_json()
    assert other["plantations"]["stack"] != GAME.state_from_json(doc).to_json()["plantations"]["stack"]


def _doc() -> dict[str, Any]:
    return GAME.new_state(players=4, seed=9).to_json()


def _seat0(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["seats"][0].update(fields)
    return change


def _top(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc.update(fields)
    return change


def _big_city(doc: dict[str, Any]) -> None:
    large = dict.fromkeys(("guild-hall", "residence", "fortress", "customs-house", "city-hall"), 0)
    doc["seats"][0]["city"] = {**large, "small-market": 0, "hacienda": 0, "office": 0}
    doc.pop("buildings")


def _more_coffee_than_exists(doc: dict[str, Any]) -> None:
    doc["seats"][0]["goods"] = {"coffee": 6}
    doc["seats"][1]["goods"] = {"coffee": 4}
    doc.pop("goods")


@pytest.mark.parametrize(("change", "message"), [
    (_top(colour="red"), "unknown field 'colour'"),
    (_seat0(money=3), "unknown field 'seats[0].money'"),
    (_seat0(doubloons="3"), "seats[0].doubloons must be a whole number"),
    (_seat0(doubloons=True), "seats[0].doubloons must be a whole number"),
    (_seat0(doubloons=-1), "seats[0].doubloons must be between 0"),
    (_top(round="two"), "round must be a whole number"),
    (_seat0(island={"corn": 6, "indigo": 7}), "seats[0].island has 13 tiles"),
    (_seat0(island={"corn": 1}, occupied={"corn": 2}), "seats[0].occupied.corn is 2"),
    (_seat0(city={"castle": 0}), "unknown field 'seats[0].city.castle'"),
    (_seat0(city={"small-market": 2}), "seats[0].city.small-market must be between 0 and 1"),
    (_big_city, "seats[0].city uses 13 spaces"),
    (_more_coffee_than_exists, "more coffee barrels in play than the game has (9)"),
    (_seat0(goods={"coffee": 3}), "goods.coffee is 9"),
    (_seat0(san_juan=99), "colonists"),
    # A full save states every supply; one that no longer adds up is rejected too.
    (_seat0(san_juan=3), "colonists: supply 75 + ship 4 + 3 on the boards is more than the game has (79)"),
    (_seat0(city={"guild-hall": 0}), "buildings.guild-hall is 1"),
    (_seat0(island={"quarry": 1}), "quarries must be between 0 and 7, not 8"),
    (_seat0(island={"sugar": 1}), "plantations.stack: more sugar plantations than the game has"),
    (_top(schema=2), "unsupported state schema 2"),
    (_top(game="vanuatu"), "'vanuatu'"),
    (_top(players=3), "seats has 4 entries but players is 3"),
    (_top(options={"open_vp": "yes"}), "option 'open_vp' must be true or false"),
    (_top(trading_house=["corn", "indigo", "sugar", "tobacco", "coffee"]), "trading_house"),
    (_top(phase={"name": "dance"}), "phase.name must be one of"),
    (_top(vp_supply=101), "vp_supply must be between 0 and 100"),
])
def test_bad_documents_raise_bad_state_naming_the_field(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(BadState) as raised:
        GAME.state_from_json(doc)
    assert message in str(raised.value)


def test_two_ships_with_one_kind_are_rejected() -> None:
    doc = _doc()
    doc["ships"][0].update(good="corn", load=1)
    doc["ships"][1].update(good="corn", load=1)
    doc.pop("goods")
    with pytest.raises(BadState, match="C3"):
        GAME.state_from_json(doc)


@pytest.mark.parametrize("doc", [None, [], "state", 3])
def test_a_document_that_is_not_an_object_is_rejected(doc: Any) -> None:
    with pytest.raises(BadState, match="must be a JSON object"):
        GAME.state_from_json(doc)


def _hacienda_position() -> PuertoRicoState:
    # 3 players. The face-down stack is empty and 8 tiles lie on the discard pile, so seat 0's
    # hacienda draw reshuffles them (with the state's RNG), and so does the refill at the end.
    return position(
        players=3,
        seats=[{"island": {"indigo": 1}, "city": {"hacienda": 1}, "doubloons": 2}, {}, {}],
        plantations={
            "face_up": ["indigo", "sugar", "tobacco", "coffee"],
            "stack": [],
            "discard": ["corn", "corn", "indigo", "sugar", "sugar", "tobacco", "coffee", "coffee"],
        },
        rng=123456789,
    )


def test_saved_game_continues_exactly_through_a_hacienda_draw_and_a_reshuffle() -> None:
    live = _hacienda_position()
    saved = reloaded(live)
    actions = ["role:settler", "hacienda", "settle:sugar", "settle:indigo", "settle:pass"]
    states = [live, saved]
    for text in actions:
        for s in states:
            s.apply(text)
        if text == "hacienda":
            # The draw reshuffled the 8 discarded tiles; one of them is now on seat 0's island.
            data = table(live)
            assert data["plantations"]["discard"] == []
            assert len(data["plantations"]["stack"]) == 7
            assert sum(data["seats"][0]["island"].values()) == 2
            states.append(reloaded(live))  # a game saved in the middle of the phase
        assert all(s.to_json() == live.to_json() for s in states)
    # The end of the settler phase discarded tobacco and coffee and drew 4 tiles from the 7.
    data = table(live)
    assert len(data["plantations"]["face_up"]) == 4
    assert len(data["plantations"]["stack"]) == 3
    assert sorted(data["plantations"]["discard"]) == ["coffee", "tobacco"]


def test_the_reshuffle_depends_on_the_saved_rng() -> None:
    # The same position with another RNG state reshuffles differently, so the equality above is
    # owed to the RNG being saved, not to a fixed order.
    first = _hacienda_position()
    doc = first.to_json()
    doc["rng"] = 987654321
    second = GAME.state_from_json(doc)
    for s in (first, second):
        apply_all(s, "role:settler", "hacienda")
    assert table(first)["plantations"]["stack"] != table(second)["plantations"]["stack"]


@pytest.mark.parametrize("save_at", [0, 25, 120])
def test_saved_random_game_continues_exactly_to_the_end(save_at: int) -> None:
    live = GAME.new_state(players=4, seed=21)
    pick = random.Random(21)
    for _ in range(save_at):
        live.apply(pick.choice(live.legal_actions()))
    saved = reloaded(live)
    while not live.is_over:
        index = pick.randrange(len(live.legal_actions()))
        live.apply(live.legal_actions()[index])
        saved.apply(saved.legal_actions()[index].text)
        assert saved.to_json() == live.to_json()
    assert saved.is_over
    assert saved.result().to_json() == live.result().to_json()
