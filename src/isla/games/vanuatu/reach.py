"""Where a seat can act: the targets of each action from a given boat cell with given money.

Resolution asks these with the seat's real position and vatus ("possible", V11/V20/V25); planning
(V16, planning.py) asks them about positions the seat's own planned actions could lead to. One
set of functions for both keeps "plannable" and "possible" from drifting apart.
"""

from __future__ import annotations

from isla.games.vanuatu import board, waters
from isla.games.vanuatu.data import (
    BUILDER,
    GOOD_PRICE,
    HUT_COST,
    HUT_COST_BUILDER,
    NAVIGATOR,
    SAIL_MAX,
    TILES,
    VENDOR,
)
from isla.games.vanuatu.state import Core

IS_ISLAND = tuple(t.island for t in TILES)


def near(core: Core, cell: int) -> list[int]:
    """The islands next to `cell` a boat there may act on (V12; not submerged, §14.4)."""
    islands = board.adjacent_islands(core.tile, IS_ISLAND, cell)
    return [isl for isl in islands if not waters.submerged(core, isl)]


def character(core: Core, seat: int) -> int:
    """The seat's character, or -1 (none chosen yet, or the no-character mode)."""
    return core.char[seat] if core.chars_on else -1


def sail_targets(
    core: Core, seat: int, cell: int, money: int, bonus: bool = True
) -> list[tuple[int, int]]:
    """(destination cell, cost) of every legal sail (V19; 2 players: not onto the other boat, §13.5).

    `bonus`: with the Navigator's bonus (free) if the seat holds it; False: paying, as anyone."""
    free = bonus and character(core, seat) == NAVIGATOR
    reach = SAIL_MAX if free else min(SAIL_MAX, money)
    if reach <= 0:
        return []
    dist = board.distances(core.tile, IS_ISLAND, cell, reach)
    blocked = core.boat[1 - seat] if core.n == 2 else -1
    return sorted((dest, 0 if free else d) for dest, d in dist.items() if dest != blocked)


def hut_cost(core: Core, seat: int, bonus: bool = True) -> int:
    return HUT_COST_BUILDER if bonus and character(core, seat) == BUILDER else HUT_COST


def build_targets(
    core: Core, seat: int, cell: int, money: int, built: int = -1, *, bonus: bool = True
) -> list[int]:
    """Islands next to `cell` with a free hut space, if the seat has a hut and the money (§9.2).

    `built` is an island where planning assumes the seat has already built (one more hut there);
    `bonus` False: at the full price, without the Builder's bonus.
    """
    if core.huts_left[seat] <= 0 or money < hut_cost(core, seat, bonus):
        return []
    return [
        isl for isl in near(core, cell)
        if core.huts_on(isl) + (isl == built) < TILES[core.tile[isl]].huts
    ]


def can_sell_at(core: Core, seat: int, cell: int, built: int = -1, *, bonus: bool = True) -> bool:
    """Next to an island with one of the seat's huts, or the Vendor using its bonus (§9.5)."""
    if bonus and character(core, seat) == VENDOR:
        return True
    n = core.n
    return any(
        core.huts[isl * n + seat] or isl == built
        for isl in near(core, cell)
    )


def buy_targets(core: Core, cell: int, money: int) -> list[tuple[int, int]]:
    """(island cell, good) of every cube next to `cell` the seat can pay for (§9.6, V2: no demand needed)."""
    out = []
    for isl in near(core, cell):
        for g in range(3):
            if core.goods[isl * 3 + g] and GOOD_PRICE[g] <= money:
                out.append((isl, g))
    return out


def draw_targets(core: Core, cell: int) -> list[int]:
    """Islands next to `cell` with a free sand-drawing space (§9.7)."""
    return [
        isl for isl in near(core, cell)
        if core.drawings[isl] < TILES[core.tile[isl]].drawings
    ]


def tourist_targets(core: Core, cell: int) -> list[int]:
    """Islands next to `cell` below their tourist limit, while the round still has tourists (§9.8)."""
    if core.tourists_left <= 0:
        return []
    return [
        isl for isl in near(core, cell)
        if core.tourists[isl] < TILES[core.tile[isl]].tourists
    ]
