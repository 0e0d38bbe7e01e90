"""The catalog clients draw and explain the game from (`Game.catalog()`): it must agree with the engine.

Every number is compared with the engine's own table (`data.py`), so a client's board, tooltips and
supply layout cannot drift from the rules the server applies.
"""

from __future__ import annotations

import json
from typing import Any

import isla
from isla.games.puertorico.data import BALANCED_COSTS, BUILDINGS, GOODS, ROLES, TILE_KINDS

CATALOG: dict[str, Any] = isla.game("puertorico").catalog()


def test_the_catalog_is_plain_json() -> None:
    assert json.loads(json.dumps(CATALOG)) == CATALOG


def test_every_building_appears_once_with_the_engines_cost_vp_capacity_and_size() -> None:
    buildings = CATALOG["buildings"]
    assert [b["name"] for b in buildings] == [b.name for b in BUILDINGS]
    for index, (entry, building) in enumerate(zip(buildings, BUILDINGS, strict=True)):
        assert (entry["cost"], entry["vp"], entry["capacity"], entry["size"]) == (
            building.cost, building.vp, building.circles, building.size
        ), entry["name"]
        assert entry["balanced_cost"] == BALANCED_COSTS.get(index, building.cost)
        assert (entry["copies"], entry["copies_2p"]) == (building.copies, building.copies_2p)


def test_the_balanced_variant_swaps_only_factory_and_university_prices_r14() -> None:
    changed = {b["name"]: (b["cost"], b["balanced_cost"]) for b in CATALOG["buildings"]
               if b["cost"] != b["balanced_cost"]}
    assert changed == {"factory": (7, 8), "university": (8, 7)}


def test_columns_follow_the_supply_board_by_cost_tier() -> None:
    columns: dict[int, list[str]] = {}
    for entry in CATALOG["buildings"]:
        columns.setdefault(entry["column"], []).append(entry["name"])
    assert columns == {
        1: ["small-indigo-plant", "small-sugar-mill", "small-market", "hacienda", "construction-hut",
            "small-warehouse"],
        2: ["indigo-plant", "sugar-mill", "hospice", "office", "large-market", "large-warehouse"],
        3: ["tobacco-storage", "coffee-roaster", "factory", "university", "harbor", "wharf"],
        4: ["guild-hall", "residence", "fortress", "customs-house", "city-hall"],
    }


def test_kinds_and_produced_goods_match_the_engine() -> None:
    for entry, building in zip(CATALOG["buildings"], BUILDINGS, strict=True):
        if building.produces >= 0:
            assert entry["kind"] == "production"
            assert entry["good"] == GOODS[building.produces]
        else:
            assert entry["kind"] == ("large" if building.size == 2 else "violet")
            assert entry["good"] is None


def test_labels_are_words_and_effects_are_full_sentences() -> None:
    entries = CATALOG["buildings"] + CATALOG["roles"] + CATALOG["goods"] + CATALOG["tiles"]
    for entry in entries:
        label = entry["label"]
        assert label and "-" not in label and label[0].isupper(), label
    for entry in CATALOG["buildings"] + CATALOG["roles"] + CATALOG["tiles"]:
        effect = entry["effect"]
        assert len(effect) > 40 and effect[0].isupper() and effect.endswith("."), entry["name"]
    labels = {b["name"]: b["label"] for b in CATALOG["buildings"]}
    assert labels["small-indigo-plant"] == "Small indigo plant"
    assert labels["guild-hall"] == "Guild hall"


def test_large_buildings_explain_their_game_end_scoring_only_if_occupied() -> None:
    large = [b for b in CATALOG["buildings"] if b["kind"] == "large"]
    assert len(large) == 5
    for entry in large:
        assert "Game end, if occupied" in entry["effect"], entry["name"]
    effects = {b["name"]: b["effect"] for b in large}
    assert "the city hall itself included" in effects["city-hall"]  # R6
    assert "every 3 colonists" in effects["fortress"]
    assert "every 4 VP" in effects["customs-house"]


def test_roles_goods_and_tiles_cover_the_engines_lists() -> None:
    assert [r["name"] for r in CATALOG["roles"]] == list(ROLES)
    assert {r["label"] for r in CATALOG["roles"] if r["name"].startswith("prospector")} == {"Prospector"}
    for role in CATALOG["roles"]:
        assert "Privilege" in role["effect"], role["name"]
    assert [(g["name"], g["price"]) for g in CATALOG["goods"]] == [(g, i) for i, g in enumerate(GOODS)]
    assert [t["name"] for t in CATALOG["tiles"]] == list(TILE_KINDS)
    assert CATALOG["tiles"][-1]["label"] == "Quarry"
