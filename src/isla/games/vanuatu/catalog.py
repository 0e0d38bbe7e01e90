"""Static facts a client needs to draw and explain Vanuatu: board cells, tiles, actions, characters.

Numbers come from `data.py` and `board.py` (the engine's own tables), so the board a client draws
cannot disagree with the rules the server applies. The effect texts are ours, written from
rules/vanuatu.md with the project's rulings spelled out, because a tooltip is where a player
learns them.
"""

from __future__ import annotations

from typing import Final

from isla.core.protocol import JSON
from isla.games.vanuatu import board
from isla.games.vanuatu.data import (
    CHARACTERS,
    DEMANDS,
    GOOD_PP,
    GOOD_PRICE,
    GOOD_SUPPLY,
    GOODS,
    LINKED,
    REST_BONUS,
    REST_TOKENS,
    SPACES,
    TILES,
    TOURIST_TILES,
)

_ACTIONS: Final = {
    "sail": ("ocean", "Pay 1 vatu per step and sail 1-3 steps over ocean tiles to another ocean tile."),
    "build": ("island", "Pay 3 vatus to build a hut on an island next to your boat with a free hut space."),
    "explore": ("ocean", "Take a treasure worth the treasure discs on your boat's tile; one disc leaves."),
    "fish": ("ocean", "Take a fish worth the fish discs on your boat's tile; one disc leaves."),
    "sell": ("island", "Next to an island with your hut, sell any of your fish for value x fish price; "
                       "the price then drops by 1 (never below 1)."),
    "buy": ("island", "Buy a cube next to your boat (kava 1, copra 2, beef 3) and export it to the topmost "
                      "demand tile needing it: 1/3/5 PP, +2 if it fills the tile; unneeded cubes are lost."),
    "draw": ("island", "Make a sand drawing on an island next to your boat: 3 PP."),
    "tourist": ("island", "Bring a tourist of this round to an island next to your boat: 1 vatu per hut "
                          "on it, of any colour."),
    "rest": ("none", "Draw a face-down rest token; its bonus comes at the end of the round, and only the "
                     "first-player token changes the first player."),
}

_CHARACTERS: Final = {
    "navigator": "Your sail is free.",
    "fisherman": "When you fish, also gain PP equal to the fish's value.",
    "vendor": "Sell fish without a hut next to your boat.",
    "diver": "When you explore, also gain vatus equal to the treasure's value.",
    "builder": "Your hut costs 1 vatu instead of 3.",
    "buyer": "After exporting, you may export a second cube of that good from the reserve, free.",
    "artist": "Your sand drawing scores 5 PP instead of 3.",
    "guide": "When you bring a tourist, also gain 2 PP per sand drawing on that island.",
    "beggar": "Once a round, at one of your decisions, trade 1-3 PP for as many vatus; you hold it "
              "until you pick your next character.",
    "preacher": "Once this round, with no majority anywhere, perform one of your planned actions.",
    "governor": "Once this round, instead of acting, move all your markers from one space to another.",
}

NOTES: Final = (
    "Every character bonus is optional: its holder may act without it (unless the table applies "
    "bonuses automatically).",
    "Every 10 vatus become 5 PP at once, whatever the gain.",
    "Treasures can be sold for their value in vatus at any of your decisions; kept, each scores "
    "2 PP per point at the end.",
    "At the end: fish become vatus at face value, 1 PP per 3 vatus, each hut scores 2 PP per tourist "
    "on its island, the first player scores 3 PP. Ties: most huts, then most vatus.",
)


def catalog() -> JSON:
    """The JSON served to clients (GET /api/games/vanuatu/catalog)."""
    return {
        "cells": [
            {"name": board.CELL_NAMES[c], "q": q, "r": r,
             "neighbors": [board.CELL_NAMES[o] for o in board.NEIGHBORS[c]]}
            for c, (q, r) in enumerate(board.CELLS)
        ],
        "start_island_cell": board.CELL_NAMES[board.START_ISLAND_CELL],
        "tiles": [
            {"name": t.name, "island": t.island, "letter": t.letter, "fish": t.fish, "treasure": t.treasure,
             "huts": t.huts, "drawings": t.drawings, "tourists": t.tourists,
             "goods": [GOODS[g] for g in t.goods]}
            for t in TILES
        ],
        "goods": [{"name": g, "price": GOOD_PRICE[i], "pp": GOOD_PP[i], "cubes": GOOD_SUPPLY[i]}
                  for i, g in enumerate(GOODS)],
        "actions": [{"name": s, "label": s.capitalize(), "where": _ACTIONS[s][0], "effect": _ACTIONS[s][1]}
                    for s in SPACES],
        "characters": [
            {"name": c, "label": c.capitalize(), "action": SPACES[LINKED[i]] if LINKED[i] >= 0 else None,
             "effect": _CHARACTERS[c]}
            for i, c in enumerate(CHARACTERS)
        ],
        "demand_tiles": [{"name": str(i + 1), "goods": [GOODS[g] for g in d]} for i, d in enumerate(DEMANDS)],
        "tourist_tiles": list(TOURIST_TILES),
        "rest_tokens": [{"name": name, "vatus": REST_BONUS[i][0], "pp": REST_BONUS[i][1]}
                        for i, name in enumerate(REST_TOKENS)],
        "notes": list(NOTES),
    }
