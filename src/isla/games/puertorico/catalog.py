"""Static facts a client needs to draw and explain Puerto Rico: buildings, roles, goods and tiles.

Numbers come from `data.py` (the engine's own table), so the board a client draws cannot disagree
with the rules the server applies. The effect texts are ours, written from rules/puerto-rico.md with
the project's rulings (R4-R6, §5, §6) spelled out, because a tooltip is where a player learns them.
"""

from __future__ import annotations

from typing import Final

from isla.core.protocol import JSON
from isla.games.puertorico.data import (
    BUILDINGS,
    GOODS,
    PRODUCERS,
    ROLES,
    TILE_KINDS,
    printed_costs,
)

# Labels are the notation names in words ("guild-hall" -> "Guild hall").
BUILDING_LABELS: Final = tuple(b.name.replace("-", " ").capitalize() for b in BUILDINGS)
GOOD_LABELS: Final = tuple(g.capitalize() for g in GOODS)
TILE_LABELS: Final = (*(f"{g.capitalize()} plantation" for g in GOODS), "Quarry")
ROLE_LABELS: Final = tuple("Prospector" if r.startswith("prospector") else r.capitalize() for r in ROLES)

NOTES: Final = (
    "A building or plantation works only while at least one colonist is on it.",
    "Every building scores its printed VP at the end of the game, occupied or not.",
    "Nobody may own two buildings of the same name.",
    "Large buildings take 2 city spaces; the game ends after the round in which someone fills their "
    "12th city space, the colonists run short or the last VP chip is paid out.",
)


def article(noun: str) -> str:
    """The noun with "a" or "an" ("an indigo plant", "a university": only a, e, i, o take "an")."""
    return f"{'an' if noun[:1].lower() in 'aeio' else 'a'} {noun}"


def _production(good: str, circles: int, partner: str | None, size: str) -> str:
    holds = "1 colonist" if circles == 1 else f"up to {circles} colonists"
    text = (
        f"Craftsman phase: each colonist here (it holds {holds}) lets one occupied {good} plantation "
        f"produce a barrel of {good}, while the supply lasts."
    )
    if partner:
        text += (
            f" With {article(partner)} too, the {good} produced is the smaller of the occupied {good} "
            f"plantations and the colonists on both {good} buildings."
        )
    return text + f" The guild hall counts it as a {size} production building."


_EFFECTS: Final = {
    "small-indigo-plant": _production("indigo", 1, "indigo plant", "small"),
    "small-sugar-mill": _production("sugar", 1, "sugar mill", "small"),
    "indigo-plant": _production("indigo", 3, "small indigo plant", "large"),
    "sugar-mill": _production("sugar", 3, "small sugar mill", "large"),
    "tobacco-storage": _production("tobacco", 3, None, "large"),
    "coffee-roaster": _production("coffee", 2, None, "large"),
    "small-market": (
        "Trader phase: when its owner sells a good, the owner gets 1 doubloon more, corn included. "
        "It adds to the trader's privilege and to the large market."
    ),
    "hacienda": (
        "Settler phase: on their turn, before taking a face-up plantation or a quarry, the owner may "
        "draw one extra plantation at random from the face-down stack and must place it on their "
        "island; the hospice gives that extra tile no colonist."
    ),
    "construction-hut": (
        "Settler phase: the owner may take a quarry instead of a face-up plantation even when someone "
        "else chose the settler (never more than one quarry a phase)."
    ),
    "small-warehouse": (
        "Captain phase, when goods are stored: besides the one barrel everybody may keep, the owner "
        "keeps every barrel of one kind of their choice. It does not free those goods from the duty "
        "to load."
    ),
    "hospice": (
        "Settler phase: when the owner takes a plantation or a quarry, they may put a colonist from "
        "the supply on it, or from the colonist ship if the supply is empty (not on the hacienda's "
        "extra tile)."
    ),
    "office": (
        "Trader phase: the owner may sell a kind of good the trading house already holds; never into "
        "a full trading house."
    ),
    "large-market": (
        "Trader phase: when its owner sells a good, the owner gets 2 doubloons more, corn included; "
        "with a small market too, 3 more."
    ),
    "large-warehouse": (
        "Captain phase, when goods are stored: besides the one barrel everybody may keep, the owner "
        "keeps every barrel of two kinds of their choice (three kinds with a small warehouse too)."
    ),
    "factory": (
        "Craftsman phase: the owner gets doubloons for the number of different kinds they actually "
        "produce, whoever chose the craftsman: 2 kinds 1 doubloon, 3 kinds 2, 4 kinds 3, 5 kinds 5 "
        "(one kind: nothing)."
    ),
    "university": (
        "Builder phase: when the owner builds, they may put one colonist from the supply (or from the "
        "colonist ship if the supply is empty) on the new building, even one with more circles."
    ),
    "harbor": (
        "Captain phase: each time the owner loads goods, onto a cargo ship or with the wharf, they "
        "get 1 VP more."
    ),
    "wharf": (
        "Captain phase: once a phase, on one of their loading turns, the owner may ship every barrel "
        "of one kind as if on a ship of unlimited size (even a kind already on a cargo ship): 1 VP per "
        "barrel, and the barrels go back to the supply. Otherwise they load cargo ships as usual."
    ),
    "guild-hall": (
        "Large building (2 city spaces). Game end, if occupied: +1 VP for each small production "
        "building (small indigo plant, small sugar mill) and +2 VP for each large one (indigo plant, "
        "sugar mill, tobacco storage, coffee roaster) in the owner's city, occupied or not."
    ),
    "residence": (
        "Large building (2 city spaces). Game end, if occupied: VP for the tiles on the owner's island "
        "(plantations and quarries, occupied or not): up to 9 tiles 4 VP, 10 tiles 5, 11 tiles 6, "
        "12 tiles 7."
    ),
    "fortress": (
        "Large building (2 city spaces). Game end, if occupied: +1 VP for every 3 colonists the owner "
        "has, on the island, in the city and in San Juan (rounded down)."
    ),
    "customs-house": (
        "Large building (2 city spaces). Game end, if occupied: +1 VP for every 4 VP the owner earned "
        "by shipping (their VP chips, rounded down); building VP and other bonuses do not count."
    ),
    "city-hall": (
        "Large building (2 city spaces). Game end, if occupied: +1 VP for each violet building in the "
        "owner's city, small or large, the city hall itself included."
    ),
}

_ROLE_EFFECTS: Final = {
    "settler": (
        "Everybody, the settler first, may take one face-up plantation for their island (12 spaces). "
        "Privilege: the settler may take a quarry instead. Afterwards the leftover plantations are "
        "discarded and new ones are turned face up."
    ),
    "mayor": (
        "Privilege first: the mayor may take one extra colonist from the supply. Then the colonists "
        "on the ship are handed out one at a time from the mayor clockwise, and everybody may "
        "rearrange all their colonists; those not placed wait in San Juan. Afterwards the ship takes "
        "one colonist per empty circle on all buildings (at least as many as there are players) from "
        "the supply."
    ),
    "builder": (
        "Everybody, the builder first, may build one building they do not own yet, paying its cost "
        "less 1 per occupied quarry (at most the building's column). Privilege: the builder pays 1 "
        "less. No price goes below 0."
    ),
    "craftsman": (
        "Everybody produces goods: 1 barrel per occupied plantation matched by a colonist on a "
        "production building of its kind (corn needs none), while the supply lasts. Privilege: the "
        "craftsman then takes one extra barrel of a kind they produced."
    ),
    "trader": (
        "Everybody, the trader first, may sell one good to the trading house: corn 0, indigo 1, sugar "
        "2, tobacco 3, coffee 4 doubloons, each kind once while the house has room for 4 goods (an "
        "office lets its owner add a kind already there). Privilege: the trader gets 1 doubloon more "
        "for a sale. A full house is emptied at the end."
    ),
    "captain": (
        "Everybody, the captain first, must load goods onto the cargo ships in turns until nobody "
        "can: one kind per turn, as many barrels as fit, one kind per ship (a kind on no ship goes on "
        "an empty ship that takes the most of it), 1 VP per barrel. Privilege: the captain gets 1 VP "
        "more for the first load. Afterwards everybody keeps one barrel (plus warehouse goods), the "
        "rest goes back, and full ships are unloaded."
    ),
    "prospector": "Privilege: the prospector takes 1 doubloon from the bank; nothing happens for the others.",
}

_TILE_EFFECTS: Final = {
    "corn": (
        "An occupied corn plantation produces 1 corn barrel in the craftsman phase; corn needs no "
        "production building."
    ),
    "quarry": (
        "Each occupied quarry makes buildings 1 doubloon cheaper for its owner, at most as many as "
        "the building's column (1 to 4). Only the settler (or a construction hut's owner) may take one."
    ),
}


def _tile_effect(kind: str) -> str:
    if kind in _TILE_EFFECTS:
        return _TILE_EFFECTS[kind]
    producers = PRODUCERS[TILE_KINDS.index(kind)]
    buildings = " or ".join(BUILDINGS[b].name.replace("-", " ") for b in producers)
    return (
        f"An occupied {kind} plantation produces 1 {kind} barrel in the craftsman phase if a colonist "
        f"on {article(buildings)} matches it."
    )


def building_kind(index: int) -> str:
    building = BUILDINGS[index]
    if building.produces >= 0:
        return "production"
    return "large" if building.size == 2 else "violet"


def catalog() -> JSON:
    """The JSON served to clients (GET /api/games/puertorico/catalog)."""
    buildings = []
    balanced = printed_costs(balanced=True)
    for index, b in enumerate(BUILDINGS):
        buildings.append({
            "name": b.name,
            "label": BUILDING_LABELS[index],
            "cost": b.cost,
            "balanced_cost": balanced[index],
            "vp": b.vp,
            "capacity": b.circles,
            "size": b.size,
            "kind": building_kind(index),
            "good": GOODS[b.produces] if b.produces >= 0 else None,
            "column": b.column,
            "copies": b.copies,
            "copies_2p": b.copies_2p,
            "effect": _EFFECTS[b.name],
        })
    roles = [
        {"name": r, "label": ROLE_LABELS[i], "effect": _ROLE_EFFECTS[ROLE_LABELS[i].lower()]}
        for i, r in enumerate(ROLES)
    ]
    goods = [{"name": g, "label": GOOD_LABELS[k], "price": k} for k, g in enumerate(GOODS)]
    tiles = [
        {"name": t, "label": TILE_LABELS[k], "effect": _tile_effect(t)} for k, t in enumerate(TILE_KINDS)
    ]
    return {
        "game": "puertorico",
        "buildings": buildings,
        "roles": roles,
        "goods": goods,
        "tiles": tiles,
        "notes": list(NOTES),
    }
