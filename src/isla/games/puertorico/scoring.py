"""Final scoring (§6.8 E4-E5, §5 large buildings) and the tie-break of ruling R11."""

from __future__ import annotations

from isla.core.protocol import Result, shared_ranks
from isla.games.puertorico.data import (
    BUILDINGS,
    CITY_HALL,
    CUSTOMS_HOUSE,
    FORTRESS,
    GUILD_HALL,
    LARGE_PRODUCTION,
    N_BUILDINGS,
    RESIDENCE,
    SMALL_PRODUCTION,
)
from isla.games.puertorico.state import END_NAMES, OVER, Core


def large_building_bonus(core: Core, seat: int, building: int) -> int:
    """The end bonus of an occupied large building (0 if unoccupied or not owned)."""
    if not core.occupied(seat, building):
        return 0
    if building == GUILD_HALL:
        return sum(1 for b in SMALL_PRODUCTION if core.owns(seat, b)) + sum(
            2 for b in LARGE_PRODUCTION if core.owns(seat, b)
        )
    if building == RESIDENCE:
        tiles = core.tile_count(seat)
        return 4 if tiles <= 9 else tiles - 5
    if building == FORTRESS:
        return core.colonists_of(seat) // 3
    if building == CUSTOMS_HOUSE:
        return core.vp[seat] // 4
    if building == CITY_HALL:
        return sum(1 for b in range(N_BUILDINGS) if BUILDINGS[b].produces < 0 and core.owns(seat, b))
    return 0


def breakdown(core: Core, seat: int) -> dict[str, int]:
    buildings = sum(BUILDINGS[b].vp for b in range(N_BUILDINGS) if core.owns(seat, b))
    bonus = sum(large_building_bonus(core, seat, b) for b in (GUILD_HALL, RESIDENCE, FORTRESS,
                                                                CUSTOMS_HOUSE, CITY_HALL))
    shipping = core.vp[seat]
    goods = sum(core.goods_of(seat))
    return {
        "shipping": shipping,
        "buildings": buildings,
        "bonus": bonus,
        "total": shipping + buildings + bonus,
        "doubloons": core.doubloons[seat],
        "goods": goods,
        "tiebreak": core.doubloons[seat] + goods,
    }


def result(core: Core) -> Result:
    parts = [breakdown(core, seat) for seat in range(core.n)]
    scores = [p["total"] for p in parts]
    tiebreaks = [p["tiebreak"] for p in parts]
    ranks = shared_ranks([(s, t) for s, t in zip(scores, tiebreaks, strict=True)])
    triggers = [name for bit, name in END_NAMES if core.ends & bit]
    return Result(core.phase == OVER, scores, tiebreaks, ranks, parts, triggers)
