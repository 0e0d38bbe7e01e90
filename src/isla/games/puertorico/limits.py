"""What a Puerto Rico game stays within: its score range and a limit on its length (GameInfo.bounds).

Scores are bounded by the game's finite supplies; the sum below is sound, not tight (real games
score well under a third of it). VP chips are paid only by shipping, and the game ends with the
round in which the supply runs out, which has one captain phase: every barrel in the game shipped
once more, with a harbor chip for each shipment and the captain's chip, is the most that can be
paid past the supply. Each bonus is bounded by what it counts.

Length has no true bound: with three or more players nobody has to take the mayor, the builder or
the captain, and roles taken to no effect can go round for ever. The limit is far above any game
played: the longest of 40 heuristic and scripted five-player games took 647 decisions, and games
with a larger VP supply last longer, so it grows with the supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.info import Bounds
from isla.games.puertorico.data import (
    BUILDINGS,
    CITY_SPACES,
    ISLAND_SPACES,
    LARGE_PRODUCTION,
    SETUPS,
    SMALL_PRODUCTION,
)

_MOST_VP_PER_SPACE = max(b.vp // b.size for b in BUILDINGS)
_GUILD_HALL_MOST = len(SMALL_PRODUCTION) + 2 * len(LARGE_PRODUCTION)
_RESIDENCE_MOST = ISLAND_SPACES - 5
_CITY_HALL_MOST = CITY_SPACES
_STEPS_PER_PLAYER = 1000
_STEPS_PER_VP_CHIP = 10


def bounds(players: int, options: Mapping[str, Any]) -> Bounds:
    setup = SETUPS[players]
    supply = int(options["vp_supply"])
    barrels = sum(setup.goods)
    chips = supply + 2 * barrels + 1
    colonists = setup.colonists_supply + setup.colonists_ship
    bonus = _GUILD_HALL_MOST + _RESIDENCE_MOST + colonists // 3 + chips // 4 + _CITY_HALL_MOST
    highest = chips + _MOST_VP_PER_SPACE * CITY_SPACES + bonus
    return Bounds((0, highest), _STEPS_PER_PLAYER * players + _STEPS_PER_VP_CHIP * supply)
