"""Changes to the table that every part of the rules shares: tiles, goods, demand tiles, vatus.

These functions move pieces and count points; they decide nothing and know nothing of whose turn
it is (rules.py does), so setup, preparation and the actions all use the same ones.
"""

from __future__ import annotations

from isla.core import rng as rnglib
from isla.games.vanuatu.data import (
    CAP_PP,
    DEMAND_NEEDS,
    DEMANDS_ON_DISPLAY,
    GOOD_PP,
    SHIP_COMPLETION_PP,
    TILES,
    VATU_CAP,
)
from isla.games.vanuatu.state import Core


def put_tile(core: Core, cell: int, tile: int) -> None:
    """Place a tile with its discs (ocean) or its printed goods from the reserve (island, §8.1.7)."""
    core.tile[cell] = tile
    data = TILES[tile]
    if data.island:
        core.islands.append(cell)
        fill_goods(core, cell)
    else:
        core.fish[cell] = data.fish
        core.treasure[cell] = data.treasure


def fill_goods(core: Core, cell: int) -> None:
    """V4/V23: the printed goods, in printed order, as far as the reserve has them."""
    for g in TILES[core.tile[cell]].goods:
        if core.reserve[g]:
            core.reserve[g] -= 1
            core.goods[cell * 3 + g] += 1


def refill_display(core: Core) -> None:
    """V13b: completed tiles leave, the rest move up, new tiles go to the bottom (deck reshuffled
    from the discards when empty)."""
    keep: list[int] = []
    filled: list[int] = []
    for i, tile in enumerate(core.display):
        cubes = core.filled[i * 3:i * 3 + 3]
        if list(DEMAND_NEEDS[tile]) == cubes:
            core.demand_discard.append(tile)
            for g in range(3):
                core.reserve[g] += cubes[g]
        else:
            keep.append(tile)
            filled.extend(cubes)
    while len(keep) < DEMANDS_ON_DISPLAY:
        if not core.demand_deck:
            if not core.demand_discard:
                break
            core.demand_deck = sorted(core.demand_discard)
            core.demand_discard = []
            core.rng = rnglib.shuffle(core.rng, core.demand_deck)
        keep.append(core.demand_deck.pop())
        filled.extend((0, 0, 0))
    core.display = keep
    core.filled = filled


def gain(core: Core, seat: int, vatus: int) -> None:
    """V22: every vatu gain converts each 10 vatus into 5 PP at once."""
    total = core.vatu[seat] + vatus
    if total >= VATU_CAP:
        core.pp[seat] += CAP_PP * (total // VATU_CAP)
        total %= VATU_CAP
    core.vatu[seat] = total


def board_cell(core: Core, tile: int) -> int:
    return core.tile.index(tile)


def demand_slot(core: Core, good: int) -> int:
    """V1: the topmost displayed demand tile still needing `good` (-1: none)."""
    for i, tile in enumerate(core.display):
        if core.filled[i * 3 + good] < DEMAND_NEEDS[tile][good]:
            return i
    return -1


def export(core: Core, p: int, good: int) -> None:
    """§9.6: the cube goes on the topmost tile needing it and scores; with no such tile it is lost (V2)."""
    i = demand_slot(core, good)
    if i < 0:
        core.reserve[good] += 1
        return
    core.filled[i * 3 + good] += 1
    core.pp[p] += GOOD_PP[good]
    if core.filled[i * 3:i * 3 + 3] == list(DEMAND_NEEDS[core.display[i]]):
        core.pp[p] += SHIP_COMPLETION_PP
