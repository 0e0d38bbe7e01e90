"""Planning legality (V16, V21): a marker may go only on an action the seat could still perform.

The test is a small search over the seat's own planned actions: is there an order of some of them
after which the new action is possible? Other players are ignored (V16). Money counts what the seat
could raise: vatus, treasures at face value and, once, the Beggar's 3 PP (V21); the 10-vatu
conversion is ignored, an accepted over-estimate. A simulated position is a small tuple: boat cell,
money, fish value held, fish tiles held, island where the seat built this round (or -1).
"""

from __future__ import annotations

from isla.games.vanuatu import reach, waters
from isla.games.vanuatu.data import (
    BEG_MAX,
    BEGGAR,
    BUILD,
    BUY,
    DIKE_COST,
    DIVER,
    DRAW,
    EXPLORE,
    FISH,
    GOOD_PRICE,
    N_SPACES,
    SAIL,
    SELL,
    TOURIST,
)
from isla.games.vanuatu.state import Core

Sim = tuple[int, int, int, int, int]  # cell, money, fish value, fish tiles, built island

# Actions whose simulated effect can only help a later action (draw, buy and rest cannot).
_HELPERS = (SAIL, BUILD, EXPLORE, FISH, SELL, TOURIST)


def raisable_money(core: Core, seat: int) -> int:
    """V21: vatus, plus treasures at face value, plus the Beggar's trade if still unused."""
    base = seat * 3
    money = core.vatu[seat] + sum((v + 1) * core.treasures[base + v] for v in range(3))
    if reach.character(core, seat) == BEGGAR and not core.used[seat]:
        money += min(BEG_MAX, core.pp[seat])
    return money


def successors(core: Core, seat: int, sim: Sim, space: int) -> list[Sim]:
    """The simulated positions after `space` (empty if the action is impossible from `sim`)."""
    cell, money, fish_value, fish_tiles, built = sim
    if space == SAIL:
        return [(dest, money - cost, fish_value, fish_tiles, built)
                for dest, cost in reach.sail_targets(core, seat, cell, money)]
    if space == BUILD:
        cost = reach.hut_cost(core, seat)
        out = [(cell, money - cost, fish_value, fish_tiles, isl)
               for isl in reach.build_targets(core, seat, cell, money, built)]
        if not out and waters.dike_targets(core, cell, money):  # Rising Waters: a dike alone
            out.append((cell, money - DIKE_COST, fish_value, fish_tiles, built))
        return out
    if space == EXPLORE:
        value = core.treasure[cell]
        if not value:
            return []
        gain = value * 2 if reach.character(core, seat) == DIVER else value
        return [(cell, money + gain, fish_value, fish_tiles, built)]
    if space == FISH:
        value = core.fish[cell]
        return [(cell, money, fish_value + value, fish_tiles + 1, built)] if value else []
    if space == SELL:
        if fish_tiles and reach.can_sell_at(core, seat, cell, built):
            return [(cell, money + fish_value * core.fish_price, 0, 0, built)]
        return []
    if space == BUY:
        prices = [GOOD_PRICE[g] for _, g in reach.buy_targets(core, cell, money)]
        return [(cell, money - min(prices), fish_value, fish_tiles, built)] if prices else []
    if space == DRAW:
        return [sim] if reach.draw_targets(core, cell) else []
    if space == TOURIST:
        islands = reach.tourist_targets(core, cell)
        if not islands:
            return []
        income = max(core.huts_on(isl) + (isl == built) for isl in islands)
        return [(cell, money + income, fish_value, fish_tiles, built)]
    return [sim] if core.rest_pile else []  # REST


class _Search:
    """One seat's search, with the successors of each (position, space) computed once."""

    __slots__ = ("cache", "core", "failed", "seat")

    def __init__(self, core: Core, seat: int) -> None:
        self.core = core
        self.seat = seat
        self.cache: dict[tuple[Sim, int], list[Sim]] = {}
        self.failed: set[tuple[Sim, tuple[int, ...], int]] = set()

    def successors(self, sim: Sim, space: int) -> list[Sim]:
        key = (sim, space)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = successors(self.core, self.seat, sim, space)
        return found

    def reaches(self, sim: Sim, others: tuple[int, ...], target: int) -> bool:
        """Whether `target` is possible after some order of some of `others` from `sim`."""
        if self.successors(sim, target):
            return True
        key = (sim, others, target)
        if key in self.failed:
            return False
        for i, space in enumerate(others):
            rest = others[:i] + others[i + 1:]
            for after in self.successors(sim, space):
                if self.reaches(after, rest, target):
                    return True
        self.failed.add(key)
        return False


def plannable(core: Core, seat: int) -> list[int]:
    """The spaces where `seat` may put its next marker (already planned spaces always qualify)."""
    base = seat * N_SPACES
    marks = core.markers
    planned = tuple(s for s in _HELPERS if marks[base + s])
    fish_value = sum((v + 1) * core.fish_held[seat * 3 + v] for v in range(3))
    fish_tiles = sum(core.fish_held[seat * 3:seat * 3 + 3])
    start: Sim = (core.boat[seat], raisable_money(core, seat), fish_value, fish_tiles, -1)
    search = _Search(core, seat)
    out = []
    for space in range(N_SPACES):
        others = tuple(s for s in planned if s != space)
        if marks[base + space] or search.reaches(start, others, space):
            out.append(space)
    return out
