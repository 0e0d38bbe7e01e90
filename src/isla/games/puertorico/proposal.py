"""The mayor's proposed arrangement: the best one for a seat's board by one stated order.

The page proposes it when a player's placing turn starts (the view's `mayor_proposal`), and the
heuristic places its colonists by it, so what a new player confirms is what a reasonable player
would do. docs/rules.md ("The mayor's proposed arrangement") states the order and why; in short,
arrangements of all the seat's colonists are compared by

1. the occupied large buildings (their end bonus needs a colonist);
2. the barrels the next craftsman phase would produce (none if no craftsman phase can come), then
   their value at the trading house;
3. the occupied quarries;
4. the other occupied violet buildings, dearest first;
5. the production of the dearer goods (a last tie-break, so the answer is always the same).

Colonists still left go on idle plantations (dearest kind first), then on empty production-building
circles; what does not fit stays in San Juan.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from isla.games.puertorico.data import (
    BUILDINGS,
    CRAFTSMAN,
    LARGE_BUILDINGS,
    N_BUILDINGS,
    N_GOODS,
    N_TILE_KINDS,
    PRODUCERS,
    QUARRY,
    TILE_KINDS,
)
from isla.games.puertorico.state import Core

if TYPE_CHECKING:
    from isla.games.puertorico.game import PuertoRicoState

_TARGETS = (*TILE_KINDS, *(b.name for b in BUILDINGS))
_SMALL_VIOLET = tuple(b for b, info in enumerate(BUILDINGS) if info.produces < 0 and info.size == 1)
_CIRCLES = tuple(b.circles for b in BUILDINGS)


def best_arrangement(state: PuertoRicoState, seat: int) -> dict[str, int]:
    """Target (tile kind or building name) -> colonists, for every target that gets any.

    Every colonist of the seat is arranged, in San Juan or placed alike (M3 lets the seat rearrange
    them all); the ones the mapping leaves out stay in San Juan. The mapping is a legal mayor plan
    (`game.actions_for(state, {"mayor": ...})`) in the seat's placing turn, under `forced_placement`
    too: no circle stays empty while a colonist is left.
    """
    return arrangement_of(best_placement(state.core, seat))


def arrangement_of(counts: list[int]) -> dict[str, int]:
    """Colonists per placement target as a mayor plan: target name -> count, zeros left out."""
    return {_TARGETS[t]: n for t, n in enumerate(counts) if n}


def craftsman_ahead(core: Core) -> bool:
    """Whether a craftsman phase can still come before the game ends.

    The game ends with this round once a trigger has fired, or when the colonist supply cannot
    refill the ship with even one colonist per player after this mayor phase (M7/M8, whatever
    anyone places); then only a craftsman not chosen yet this round can still produce.
    """
    last_round = bool(core.ends) or core.col_supply < core.n
    return not last_round or core.role_taken[CRAFTSMAN] < 0


def best_placement(core: Core, seat: int) -> list[int]:
    """The best arrangement as colonists per placement target (6 tile kinds, then 23 buildings)."""
    tb = seat * N_TILE_KINDS
    bb = seat * N_BUILDINGS
    tiles = core.tiles[tb:tb + N_TILE_KINDS]
    owned = [core.bcol[bb + b] >= 0 for b in range(N_BUILDINGS)]
    total = core.colonists_of(seat)
    large = [b for b in LARGE_BUILDINGS if owned[b]]  # all cost 10: board order
    violets = sorted((b for b in _SMALL_VIOLET if owned[b]), key=lambda b: (-core.costs[b], b))
    circles = [sum(_CIRCLES[b] for b in PRODUCERS[k] if owned[b]) for k in range(N_GOODS)]
    # Production units: a corn plantation alone; any other plantation with a circle of its good.
    units = [tiles[0]] + [min(tiles[k], circles[k]) for k in range(1, N_GOODS)]
    produces = craftsman_ahead(core)
    staffed_large = min(total, len(large))
    free = total - staffed_large
    best_key: tuple[object, ...] = ()
    best_units: tuple[int, ...] = (0,) * N_GOODS
    for chosen in product(*(range(u + 1) for u in units)):
        pairs = sum(chosen[1:])
        left = free - chosen[0] - 2 * pairs
        if left < 0:
            continue
        quarries = min(left, tiles[QUARRY])
        staffed = min(left - quarries, len(violets))
        key = (
            chosen[0] + pairs if produces else 0,
            sum(k * chosen[k] for k in range(N_GOODS)) if produces else 0,
            quarries,
            tuple(core.costs[b] for b in violets[:staffed]),
            chosen[::-1],
        )
        if key > best_key:
            best_key, best_units = key, chosen
    return _spread(tiles, owned, total, best_units, violets)


def _spread(
    tiles: list[int], owned: list[bool], total: int, units: tuple[int, ...], violets: list[int]
) -> list[int]:
    """Large buildings, the chosen production units, quarries, `violets` (in order), then the rest."""
    counts = [0] * (N_TILE_KINDS + N_BUILDINGS)
    left = total

    def put(target: int, room: int) -> None:
        nonlocal left
        n = min(room, left)
        counts[target] += n
        left -= n

    for b in LARGE_BUILDINGS:
        if owned[b]:
            put(N_TILE_KINDS + b, 1)
    for k in range(N_GOODS):
        put(k, units[k])
        need = units[k] if k else 0
        for b in PRODUCERS[k]:  # the small building first: the barrels are the same either way
            if owned[b]:
                n = min(need, _CIRCLES[b])
                put(N_TILE_KINDS + b, n)
                need -= n
    put(QUARRY, tiles[QUARRY])
    for b in violets:
        put(N_TILE_KINDS + b, 1)
    for k in reversed(range(N_GOODS)):
        put(k, tiles[k] - counts[k])
    for b in range(N_BUILDINGS):
        if owned[b] and BUILDINGS[b].produces >= 0:
            put(N_TILE_KINDS + b, _CIRCLES[b] - counts[N_TILE_KINDS + b])
    return counts
