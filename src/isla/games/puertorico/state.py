"""The Puerto Rico position: flat lists of small ints, so a clone is a handful of list copies.

Per-seat data lives in flat lists indexed `seat * width + item` (goods: 5, tiles: 6, buildings: 23).
An island is counts of tiles by kind and how many of them are occupied; a city is, per building,
-1 (not owned) or the colonists on it. Nothing here knows rules; `rules.py` moves the state on.
"""

from __future__ import annotations

from typing import Any

from isla.core.protocol import Action
from isla.games.puertorico.data import N_BUILDINGS, N_GOODS, N_TILE_KINDS

# Phases: who decides what. ROLE is the role choice; the others are the decisions inside a role.
ROLE, SETTLE, HOSPICE, MAYOR, PLACE, BUILD, UNIVERSITY, BONUS, SELL, SHIP, STORE, KEEP, OVER = range(13)
PHASE_NAMES = (
    "role", "settler", "hospice", "mayor", "place", "builder", "university", "craftsman",
    "trader", "captain", "store", "keep", "over",
)

# End triggers (bit flags), in the order the rules list them (§6.8 E1).
END_COLONISTS, END_CITY, END_VP = 1, 2, 4
END_NAMES = ((END_COLONISTS, "colonists"), (END_CITY, "city"), (END_VP, "vp"))


class Core:
    """The mutable position. `PuertoRicoState` (game.py) wraps it in the protocol."""

    __slots__ = (
        # fixed for a game (shared between clones, never mutated)
        "n", "options", "costs", "role_cards", "picks", "ship_caps", "forced",
        # the table
        "governor", "round", "picks_done", "role_money", "role_taken",
        "col_supply", "col_ship", "vp_supply", "goods_supply", "ship_good", "ship_load",
        "house", "face_up", "stack", "discard", "quarries", "bsupply",
        # seats, flat: seat * width + item
        "doubloons", "vp", "goods", "tiles", "occ", "bcol", "san_juan", "spaces",
        # the decision in progress
        "phase", "cur", "chooser", "turn", "flag", "scratch", "cursor", "mask", "passed",
        "ends", "rng", "legal", "auto",
    )

    n: int
    options: dict[str, Any]
    costs: tuple[int, ...]
    role_cards: tuple[int, ...]
    picks: int
    ship_caps: tuple[int, ...]
    forced: bool
    governor: int
    round: int
    picks_done: int
    role_money: list[int]
    role_taken: list[int]
    col_supply: int
    col_ship: int
    vp_supply: int
    goods_supply: list[int]
    ship_good: list[int]
    ship_load: list[int]
    house: list[int]
    face_up: list[int]
    stack: list[int]
    discard: list[int]
    quarries: int
    bsupply: list[int]
    doubloons: list[int]
    vp: list[int]
    goods: list[int]
    tiles: list[int]
    occ: list[int]
    bcol: list[int]
    san_juan: list[int]
    spaces: list[int]
    phase: int
    cur: int
    chooser: int
    turn: int
    flag: int  # settler: hacienda used; captain: captain's bonus paid
    scratch: int  # settler/hospice: tile kind taken; builder/university: building built
    cursor: int  # mayor placement / storage: the next allowed target
    mask: int  # craftsman: kinds produced; captain: wharf used (by seat bit); store: kinds stored
    passed: int  # captain: seats that declined the wharf since the last load
    ends: int
    rng: int
    legal: list[Action]
    auto: list[tuple[int, Action]]  # forced steps applied by the last settle (not history)

    def copy(self) -> Core:
        c = Core.__new__(Core)
        c.n = self.n
        c.options = self.options
        c.costs = self.costs
        c.role_cards = self.role_cards
        c.picks = self.picks
        c.ship_caps = self.ship_caps
        c.forced = self.forced
        c.governor = self.governor
        c.round = self.round
        c.picks_done = self.picks_done
        c.role_money = self.role_money[:]
        c.role_taken = self.role_taken[:]
        c.col_supply = self.col_supply
        c.col_ship = self.col_ship
        c.vp_supply = self.vp_supply
        c.goods_supply = self.goods_supply[:]
        c.ship_good = self.ship_good[:]
        c.ship_load = self.ship_load[:]
        c.house = self.house[:]
        c.face_up = self.face_up[:]
        c.stack = self.stack[:]
        c.discard = self.discard[:]
        c.quarries = self.quarries
        c.bsupply = self.bsupply[:]
        c.doubloons = self.doubloons[:]
        c.vp = self.vp[:]
        c.goods = self.goods[:]
        c.tiles = self.tiles[:]
        c.occ = self.occ[:]
        c.bcol = self.bcol[:]
        c.san_juan = self.san_juan[:]
        c.spaces = self.spaces[:]
        c.phase = self.phase
        c.cur = self.cur
        c.chooser = self.chooser
        c.turn = self.turn
        c.flag = self.flag
        c.scratch = self.scratch
        c.cursor = self.cursor
        c.mask = self.mask
        c.passed = self.passed
        c.ends = self.ends
        c.rng = self.rng
        c.legal = self.legal
        c.auto = self.auto
        return c

    # --- small derived facts used by rules, scoring and views ------------------------------

    def occupied(self, seat: int, building: int) -> bool:
        return self.bcol[seat * N_BUILDINGS + building] > 0

    def owns(self, seat: int, building: int) -> bool:
        return self.bcol[seat * N_BUILDINGS + building] >= 0

    def tile_count(self, seat: int) -> int:
        base = seat * N_TILE_KINDS
        return sum(self.tiles[base:base + N_TILE_KINDS])

    def colonists_of(self, seat: int) -> int:
        base_t = seat * N_TILE_KINDS
        base_b = seat * N_BUILDINGS
        on_buildings = sum(c for c in self.bcol[base_b:base_b + N_BUILDINGS] if c > 0)
        return self.san_juan[seat] + sum(self.occ[base_t:base_t + N_TILE_KINDS]) + on_buildings

    def goods_of(self, seat: int) -> list[int]:
        base = seat * N_GOODS
        return self.goods[base:base + N_GOODS]
