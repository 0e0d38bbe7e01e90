"""The Rising Waters module (§14, V18): the countdown, floods, submerged islands and dikes.

In rounds 2, 4, 6 and 8 the first player rolls a d6 during preparation: that many performed
actions later (stack clears and Governor moves do not count), every island side that faces an ocean
tile and has no dike takes a water marker. The 5th marker submerges the island: its huts, goods,
drawings and tourists leave the game and nobody may act there again. Three submerged islands end
the game at once, and everyone loses.
"""

from __future__ import annotations

from isla.core import rng as rnglib
from isla.games.vanuatu import board
from isla.games.vanuatu.data import DIKE_COST, DIKES, RISING_WATER_ROUNDS, SUBMERGED_AT, SUBMERGED_LOSS, TILES
from isla.games.vanuatu.state import Core

IS_ISLAND = tuple(t.island for t in TILES)


def submerged(core: Core, cell: int) -> bool:
    return core.water[cell] >= SUBMERGED_AT


def roll(core: Core) -> None:
    """Preparation of a rising-water round: the first player's d6 sets the countdown."""
    if core.waters_on and core.round in RISING_WATER_ROUNDS:
        core.rng, value = rnglib.below(core.rng, 6)
        core.countdown = value + 1
    else:
        core.countdown = -1


def open_sides(core: Core, cell: int) -> list[int]:
    """Indices k of the island's sides that face an ocean tile and have no dike."""
    out = []
    for k, other in enumerate(board.NEIGHBORS[cell]):
        t = core.tile[other]
        if t != board.EMPTY and not IS_ISLAND[t] and not core.dikes[cell] >> k & 1:
            out.append(k)
    return out


def dikes_left(core: Core) -> int:
    return DIKES - sum(bin(mask).count("1") for mask in core.dikes)


def dike_targets(core: Core, boat: int, money: int) -> list[tuple[int, int]]:
    """(island cell, side index) where a dike may go from `boat`: a free side toward an ocean."""
    if not core.waters_on or money < DIKE_COST or dikes_left(core) <= 0:
        return []
    return [
        (isl, k)
        for isl in board.adjacent_islands(core.tile, IS_ISLAND, boat)
        if not submerged(core, isl)
        for k in open_sides(core, isl)
    ]


def tick(core: Core) -> None:
    """One action was performed: count down, and flood when the last allowed action is done."""
    if core.countdown <= 0:
        return
    core.countdown -= 1
    if core.countdown == 0:
        core.countdown = -1
        flood(core)


def flood(core: Core) -> None:
    """Every open side of every island adds a water marker; the 5th submerges the island."""
    n = core.n
    for cell in core.islands:
        if submerged(core, cell):
            continue
        core.water[cell] = min(SUBMERGED_AT, core.water[cell] + len(open_sides(core, cell)))
        if submerged(core, cell):
            for seat in range(n):
                core.huts_lost[seat] += core.huts[cell * n + seat]
                core.huts[cell * n + seat] = 0
            for g in range(3):
                core.reserve[g] += core.goods[cell * 3 + g]
                core.goods[cell * 3 + g] = 0
            core.drawings[cell] = 0
            core.tourists[cell] = 0
    if sum(1 for cell in core.islands if submerged(core, cell)) >= SUBMERGED_LOSS:
        core.flooded = 1
