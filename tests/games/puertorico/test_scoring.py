"""Final scoring (§6.8 E4, §5 large buildings, ruling R6).

Score = VP chips (including those paid past the supply) + printed VP of every owned building,
occupied or not + the bonus of each occupied large building. Positions are finished games
(`phase: over`) with one interesting seat; the breakdown names the three parts.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import position

from isla.core.protocol import Result


def scored(seat: dict[str, Any], **fields: Any) -> Result:
    return position(seats=[seat], phase={"name": "over"}, **fields).result()


def parts(result: Result) -> tuple[int, int, int, int]:
    b = result.breakdown[0]
    return b["shipping"], b["buildings"], b["bonus"], b["total"]


def test_buildings_score_their_printed_vp_occupied_or_not() -> None:
    # E4: small market 1 + hospice 2 (occupied) + tobacco storage 3 + wharf 3 + guild hall 4.
    result = scored({
        "vp": 5,
        "city": {"small-market": 0, "hospice": 1, "tobacco-storage": 0, "wharf": 1, "guild-hall": 0},
    })
    assert parts(result) == (5, 13, 0, 18)
    assert result.scores[0] == 18


def test_guild_hall_rulebook_example_is_six() -> None:
    # §5: small and large sugar mill, small indigo plant, coffee roaster = 1 + 2 + 1 + 2.
    production = {"small-sugar-mill": 1, "sugar-mill": 0, "small-indigo-plant": 0, "coffee-roaster": 2}
    result = scored({"city": {**production, "guild-hall": 1}})
    assert parts(result) == (0, 1 + 2 + 1 + 3 + 4, 6, 11 + 6)


def test_guild_hall_counts_all_production_buildings() -> None:
    # Every production building once: 2 small (1 each) + 4 large (2 each) = 10; violet ones don't count.
    city = {
        "small-indigo-plant": 0, "small-sugar-mill": 0, "indigo-plant": 0, "sugar-mill": 0,
        "tobacco-storage": 0, "coffee-roaster": 0, "factory": 0, "guild-hall": 1,
    }
    assert parts(scored({"city": city}))[2] == 10


def test_unoccupied_guild_hall_gives_only_its_printed_vp() -> None:
    result = scored({"city": {"coffee-roaster": 0, "guild-hall": 0}})
    assert parts(result) == (0, 3 + 4, 0, 7)


@pytest.mark.parametrize(
    ("island", "bonus"),
    [
        ({}, 4),
        ({"corn": 1}, 4),
        ({"indigo": 6, "quarry": 3}, 4),  # 9 tiles
        ({"indigo": 6, "quarry": 4}, 5),  # 10
        ({"indigo": 6, "sugar": 3, "quarry": 2}, 6),  # 11
        ({"corn": 3, "indigo": 3, "sugar": 3, "quarry": 3}, 7),  # 12, none occupied: tiles count
    ],
)
def test_residence_scores_by_filled_island_spaces(island: dict[str, int], bonus: int) -> None:
    # §5 residence: up to 9 tiles 4, 10 -> 5, 11 -> 6, 12 -> 7.
    result = scored({"island": island, "city": {"residence": 1}})
    assert parts(result) == (0, 4, bonus, 4 + bonus)


def test_unoccupied_residence_gives_no_bonus() -> None:
    result = scored({"island": {"indigo": 6, "sugar": 6}, "city": {"residence": 0}})
    assert parts(result) == (0, 4, 0, 4)


@pytest.mark.parametrize(("san_juan", "bonus"), [(4, 6), (5, 7), (0, 5)])
def test_fortress_scores_one_per_three_colonists_including_san_juan(san_juan: int, bonus: int) -> None:
    # §5 fortress: 10 on tiles + 1 fortress + 3 tobacco storage + 2 coffee roaster = 16, plus San Juan;
    # the rulebook example, 20 colonists -> 6.
    seat = {
        "island": {"corn": 5, "indigo": 5}, "occupied": {"corn": 5, "indigo": 5},
        "city": {"fortress": 1, "tobacco-storage": 3, "coffee-roaster": 2},
        "san_juan": san_juan,
    }
    result = scored(seat)
    assert parts(result) == (0, 4 + 3 + 3, bonus, 10 + bonus)


@pytest.mark.parametrize(("vp", "bonus"), [(23, 5), (3, 0), (4, 1), (110, 27)])
def test_customs_house_scores_one_per_four_shipping_vp(vp: int, bonus: int) -> None:
    # §5 customs house: counts chips (and VP paid past the supply: 110 > the 100 of 4 players),
    # not the VP of buildings (the customs house's own 4 and the harbor's 3 are left out).
    result = scored({"vp": vp, "city": {"customs-house": 1, "harbor": 0}}, vp_supply=0)
    assert parts(result) == (vp, 4 + 3, bonus, vp + 7 + bonus)


def test_city_hall_counts_every_violet_building_including_itself_and_large_ones() -> None:
    # R6: city hall, residence (large, unoccupied), small market, factory = 4; the production
    # buildings are not violet.
    city = {
        "city-hall": 1, "residence": 0, "small-market": 0, "factory": 1,
        "small-indigo-plant": 1, "coffee-roaster": 0,
    }
    result = scored({"city": city})
    assert parts(result) == (0, 4 + 4 + 1 + 3 + 1 + 3, 4, 16 + 4)


def test_unoccupied_city_hall_gives_no_bonus() -> None:
    result = scored({"city": {"city-hall": 0, "small-market": 0}})
    assert parts(result) == (0, 5, 0, 5)


def test_all_five_large_buildings_occupied() -> None:
    # Sum of the bonuses: guild hall 0 (no production), residence 4 (3 tiles), fortress 5 colonists
    # // 3 = 1, customs house 9 // 4 = 2, city hall 5 (the five large buildings).
    city = {"guild-hall": 1, "residence": 1, "fortress": 1, "customs-house": 1, "city-hall": 1}
    result = scored({"vp": 9, "island": {"corn": 3}, "city": city})
    assert parts(result) == (9, 20, 0 + 4 + 1 + 2 + 5, 9 + 20 + 12)
