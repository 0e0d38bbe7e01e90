"""Setup by player count (rules §2.1 master table, §2.4 balanced variant, rulings R1, R14, R16).

Every expected number below is copied from the rules reference by hand, never from engine output.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from conftest import legal_texts, new_game, position, table

from isla.core.errors import BadOption, IllegalAction

PLAYER_COUNTS = (2, 3, 4, 5)


def _count(names: list[str]) -> dict[str, int]:
    return dict(Counter(names))


@pytest.mark.parametrize(("players", "doubloons"), [(2, 3), (3, 2), (4, 3), (5, 4)])
def test_setup_starting_doubloons(players: int, doubloons: int) -> None:
    data = table(new_game(players))
    assert [seat["doubloons"] for seat in data["seats"]] == [doubloons] * players


@pytest.mark.parametrize(
    ("players", "starting"),
    [
        (2, ["indigo", "corn"]),
        (3, ["indigo", "indigo", "corn"]),
        (4, ["indigo", "indigo", "corn", "corn"]),
        (5, ["indigo", "indigo", "indigo", "corn", "corn"]),
    ],
)
def test_setup_starting_plantations_by_seat_from_the_first_governor_r16(
    players: int, starting: list[str]
) -> None:
    data = table(new_game(players))
    assert data["governor"] == 0  # R16: the seat listed first is the first governor
    assert data["phase"] == {"name": "role", "seat": 0}
    for seat, kind in enumerate(starting):
        assert data["seats"][seat]["island"] == {kind: 1}
        assert data["seats"][seat]["occupied"] == {}  # §2.1: starting plantations are unoccupied
        assert data["seats"][seat]["san_juan"] == 0
        assert data["seats"][seat]["city"] == {}
        assert data["seats"][seat]["goods"] == {}
        assert data["seats"][seat]["vp"] == 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_face_up_plantations_are_n_plus_one(players: int) -> None:
    data = table(new_game(players, seed=11))
    assert len(data["plantations"]["face_up"]) == players + 1
    assert data["plantations"]["discard"] == []


@pytest.mark.parametrize(("players", "quarries"), [(2, 5), (3, 8), (4, 8), (5, 8)])
def test_setup_quarries(players: int, quarries: int) -> None:
    assert table(new_game(players))["quarries"] == quarries


@pytest.mark.parametrize(("players", "vp"), [(2, 65), (3, 75), (4, 100), (5, 122)])
def test_setup_vp_supply_r1(players: int, vp: int) -> None:
    data = table(new_game(players))
    assert data["vp_supply"] == vp
    assert data["options"]["vp_supply"] == vp


def test_setup_vp_supply_option_overrides_the_default_r1() -> None:
    data = table(new_game(5, vp_supply=126))  # seed 000's count, chosen by a table
    assert data["vp_supply"] == 126
    assert data["options"]["vp_supply"] == 126


@pytest.mark.parametrize(("players", "supply", "ship"), [(2, 40, 2), (3, 55, 3), (4, 75, 4), (5, 95, 5)])
def test_setup_colonists_supply_and_ship(players: int, supply: int, ship: int) -> None:
    assert table(new_game(players))["colonists"] == {"supply": supply, "ship": ship}


@pytest.mark.parametrize(
    ("players", "capacities"), [(2, [4, 6]), (3, [4, 5, 6]), (4, [5, 6, 7]), (5, [6, 7, 8])]
)
def test_setup_cargo_ships(players: int, capacities: list[int]) -> None:
    ships = table(new_game(players))["ships"]
    assert ships == [{"capacity": c, "good": None, "load": 0} for c in capacities]


BASE_ROLES = ["settler", "mayor", "builder", "craftsman", "trader", "captain"]


@pytest.mark.parametrize(
    ("players", "roles"),
    [
        (2, [*BASE_ROLES, "prospector"]),
        (3, BASE_ROLES),
        (4, [*BASE_ROLES, "prospector"]),
        (5, [*BASE_ROLES, "prospector", "prospector2"]),
    ],
)
def test_setup_role_cards(players: int, roles: list[str]) -> None:
    state = new_game(players)
    data = table(state)
    assert sorted(data["roles"]) == sorted(roles)
    assert all(card == {"doubloons": 0, "taken_by": None} for card in data["roles"].values())
    assert legal_texts(state) == {f"role:{r}" for r in roles}


def test_setup_three_players_have_no_prospector() -> None:
    state = new_game(3)
    assert "role:prospector" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="no prospector card with 3 players"):
        state.apply("role:prospector")


ALL_GOODS = {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9}


@pytest.mark.parametrize(
    ("players", "goods"),
    [
        (2, {"corn": 8, "indigo": 9, "sugar": 9, "tobacco": 7, "coffee": 7}),  # 2 of each removed
        (3, ALL_GOODS),
        (4, ALL_GOODS),
        (5, ALL_GOODS),
    ],
)
def test_setup_goods_supply(players: int, goods: dict[str, int]) -> None:
    assert table(new_game(players))["goods"] == goods


# Plantations left for the face-up row and the stack once the starting tiles are out: the 50 tiles
# (corn 10, indigo 12, sugar 11, tobacco 9, coffee 8), in 2p minus 3 of each kind, minus the starters.
@pytest.mark.parametrize(
    ("players", "remaining"),
    [
        (2, {"corn": 6, "indigo": 8, "sugar": 8, "tobacco": 6, "coffee": 5}),  # 33, as §2.1 says
        (3, {"corn": 9, "indigo": 10, "sugar": 11, "tobacco": 9, "coffee": 8}),
        (4, {"corn": 8, "indigo": 10, "sugar": 11, "tobacco": 9, "coffee": 8}),
        (5, {"corn": 8, "indigo": 9, "sugar": 11, "tobacco": 9, "coffee": 8}),
    ],
)
def test_setup_plantation_counts_with_two_player_removals(players: int, remaining: dict[str, int]) -> None:
    tiles = table(new_game(players, seed=5))["plantations"]
    assert _count(tiles["face_up"] + tiles["stack"]) == remaining


PRODUCTION = ["small-indigo-plant", "small-sugar-mill", "indigo-plant", "sugar-mill", "tobacco-storage",
              "coffee-roaster"]
SMALL_VIOLET = ["small-market", "hacienda", "construction-hut", "small-warehouse", "hospice", "office",
                "large-market", "large-warehouse", "factory", "university", "harbor", "wharf"]
LARGE_VIOLET = ["guild-hall", "residence", "fortress", "customs-house", "city-hall"]


def test_setup_building_copies_with_three_to_five_players() -> None:
    expected = {"small-indigo-plant": 4, "small-sugar-mill": 4, "indigo-plant": 3, "sugar-mill": 3,
                "tobacco-storage": 3, "coffee-roaster": 3}
    expected.update(dict.fromkeys(SMALL_VIOLET, 2))
    expected.update(dict.fromkeys(LARGE_VIOLET, 1))
    for players in (3, 4, 5):
        assert table(new_game(players))["buildings"] == expected


def test_setup_building_copies_two_players_two_per_production_one_per_violet() -> None:
    expected = dict.fromkeys(PRODUCTION, 2)
    expected.update(dict.fromkeys(SMALL_VIOLET + LARGE_VIOLET, 1))
    assert table(new_game(2))["buildings"] == expected


@pytest.mark.parametrize(
    ("players", "doubloons"),
    [(2, [3, 2]), (3, [2, 2, 1]), (4, [3, 3, 2, 2]), (5, [4, 4, 4, 3, 3])],
)
def test_balanced_variant_corn_starters_get_one_doubloon_less_r14(players: int, doubloons: list[int]) -> None:
    data = table(new_game(players, balanced=True))
    assert [seat["doubloons"] for seat in data["seats"]] == doubloons


def test_balanced_variant_factory_costs_8_university_7_r14() -> None:
    assert new_game(4).view(0)["building_costs"]["factory"] == 7
    assert new_game(4).view(0)["building_costs"]["university"] == 8
    costs = new_game(4, balanced=True).view(0)["building_costs"]
    assert (costs["factory"], costs["university"]) == (8, 7)


@pytest.mark.parametrize(("balanced", "affordable", "too_dear"), [
    (False, "build:factory", "build:university"),
    (True, "build:university", "build:factory"),
])
def test_balanced_variant_prices_apply_when_building_r14(
    balanced: bool, affordable: str, too_dear: str
) -> None:
    # Seat 1 (not the builder, no quarries) has exactly 7 doubloons: it can pay the 7-doubloon one only.
    state = position(
        4,
        options={"balanced": balanced},
        seats=[{}, {"doubloons": 7}],
        phase={"name": "builder", "chooser": 0, "turn": 1},
    )
    assert state.to_move == 1
    assert affordable in legal_texts(state)
    assert too_dear not in legal_texts(state)
    state.apply(affordable)
    assert table(state)["seats"][1]["doubloons"] == 0


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (4, {"colour": "red"}, "unknown option 'colour'"),
        (4, {"vp_supply": 0}, "'vp_supply' must be at least 1"),
        (4, {"vp_supply": "many"}, "'vp_supply' must be a whole number"),
        (4, {"forced_placement": "yes"}, "'forced_placement' must be true or false"),
        (2, {"two_player_roles": "angst"}, "'two_player_roles' must be one of official, craftsman_angst"),
        (4, {"two_player_roles": "craftsman_angst"}, "applies only to games with 2 players"),
        (1, {}, "played by 2 to 5 players, not 1"),
        (6, {}, "played by 2 to 5 players, not 6"),
    ],
)
def test_setup_bad_options_raise_bad_option_with_a_clear_message(
    players: int, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadOption, match=message.replace("(", r"\(")):
        new_game(players, **options)


def test_setup_two_player_roles_option_is_accepted_for_two_players() -> None:
    assert table(new_game(2, two_player_roles="craftsman_angst"))["options"]["two_player_roles"] == (
        "craftsman_angst"
    )


def test_setup_bad_seed_raises_bad_option() -> None:
    with pytest.raises(BadOption, match="seed must be a whole number"):
        new_game(4, seed="seven")  # type: ignore[arg-type]
