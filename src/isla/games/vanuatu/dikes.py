"""Rising Waters foresight for the heuristic bot: which islands the sea will take, and the dikes
that keep enough of them afloat.

Three submerged islands end the game and everyone loses (§14.5), so a seat that only counts its own
points would let the sea win: each flood adds one marker per open island side, which sinks the
starting island by round 4 and most later islands by round 8 unless dikes go up early. This module
projects the water to the end of the game and names the cheapest set of dikes that keeps the number
of submerged islands below the loss, counting the islands not yet placed (their placement rounds are
public: the face-down stacks are sorted by letter, §7.3), so the dikes start before the danger is
certain. It reads only public facts; everything here is zero or empty without Rising Waters.
"""

from __future__ import annotations

from isla.games.vanuatu import waters
from isla.games.vanuatu.data import RISING_WATER_ROUNDS, SUBMERGED_AT, SUBMERGED_LOSS, TILES
from isla.games.vanuatu.state import TILES as P_TILES
from isla.games.vanuatu.state import Core

# Open sides a new island is expected to show at its floods: two ocean neighbours at placement (V8:
# two placed tiles, no island), and oceans placed next to it later (every ocean must touch an
# island). Set on the pessimistic side: in heuristic self-play 3 let the sea win more often.
FUTURE_SIDES = 4
# Islands the sea may take before the game is lost, kept one short of the loss as a margin: an
# ocean tile placed later can open a side the projection did not see.
SAFE_SUNK = SUBMERGED_LOSS - 2


def floods_left(core: Core, from_round: int | None = None) -> int:
    """Floods still to come (this round's while its countdown runs), or those from `from_round` on."""
    if from_round is not None and from_round > core.round:
        return sum(1 for r in RISING_WATER_ROUNDS if r >= from_round)
    return sum(1 for r in RISING_WATER_ROUNDS if r > core.round) + (1 if core.countdown > 0 else 0)


def final_water(core: Core) -> list[int]:
    """Per cell, the water markers expected at the end if no dike is added (5: submerged)."""
    if not core.waters_on:
        return core.water
    floods = floods_left(core)
    out = core.water[:]
    if floods:
        for cell in core.islands:
            if out[cell] < SUBMERGED_AT:
                out[cell] = min(SUBMERGED_AT, out[cell] + floods * len(waters.open_sides(core, cell)))
    return out


def _need(water: int, sides: int, floods: int) -> int:
    """Dikes that keep an island with `water` markers and `sides` open sides below the 5th marker
    through `floods` floods (each dike saves one marker per flood); 0: it is not in danger."""
    if not floods:
        return 0
    excess = water + floods * sides - (SUBMERGED_AT - 1)
    return -(-excess // floods) if excess > 0 else 0


def _unplaced_rounds(core: Core) -> list[int]:
    """The round in which each island tile not yet placed will be placed. Only letters are read
    (islands are the A and D tiles), and their order is public (§7.3): two tiles a round, the
    shown ones first (this round during tile placement, else next round)."""
    first = core.round if core.phase == P_TILES else core.round + 1
    rounds = [first for t in core.preview if TILES[t].island]
    rounds += [first + 1 + i // 2 for i, t in enumerate(reversed(core.arch)) if TILES[t].island]
    return rounds


def dangers(core: Core) -> tuple[int, list[tuple[int, int]]]:
    """(islands already submerged, [(dikes needed, cell) for each island the sea would take]);
    cell -1 is an island not placed yet."""
    sunk = 0
    needs: list[tuple[int, int]] = []
    floods = floods_left(core)
    for cell in core.islands:
        if waters.submerged(core, cell):
            sunk += 1
            continue
        need = _need(core.water[cell], len(waters.open_sides(core, cell)), floods)
        if need:
            needs.append((need, cell))
    for placed in _unplaced_rounds(core):
        need = _need(0, FUTURE_SIDES, floods_left(core, placed))
        if need:
            needs.append((need, -1))
    return sunk, needs


def _rescue(core: Core) -> list[tuple[int, int]]:
    """The cheapest islands to save so that at most SAFE_SUNK are lost: (dikes needed, cell)."""
    if not core.waters_on or not floods_left(core):
        return []
    sunk, needs = dangers(core)
    excess = sunk + len(needs) - SAFE_SUNK
    if excess <= 0:
        return []
    needs.sort(key=lambda need: (need[0], need[1] < 0))  # on equal need, save what can be diked now
    return needs[:excess]


def dikes_to_safety(core: Core) -> int:
    """The fewest dikes still to build so the projected floods take at most SAFE_SUNK islands."""
    return sum(need for need, _ in _rescue(core))


def rescue_islands(core: Core) -> set[int]:
    """The placed islands whose dikes count toward safety now (a dike elsewhere saves nothing)."""
    return {cell for _, cell in _rescue(core) if cell >= 0}
