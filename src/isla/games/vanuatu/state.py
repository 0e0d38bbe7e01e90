"""The Vanuatu position: flat lists of small ints, so a clone is a handful of list copies.

The board is per-cell lists (tile, discs, drawings, tourists, goods, huts by seat); per-seat data
lives in lists indexed by seat, or `seat * width + item` for fish and treasure tiles (by value
1-3), goods (3) and action markers (9 spaces). Nothing here knows rules; `rules.py` moves it on.
"""

from __future__ import annotations

from typing import Any

from isla.core.protocol import Action

# Phases: who decides what. Preparation and rest bonuses need no decision, so they have no phase.
TILES, NEUTRAL, CHARS, PLAN, RESOLVE, BUYER, DIKE, FINAL, OVER = range(9)
PHASE_NAMES = ("tiles", "neutral", "characters", "planning", "resolution", "buyer", "dike", "final", "over")


class Core:
    """The mutable position. `VanuatuState` (game.py) wraps it in the protocol."""

    __slots__ = (
        # fixed for a game
        "n", "options", "chars_on", "hut_pp", "waters_on", "optional_bonuses",
        # the board, per cell
        "tile", "fish", "treasure", "drawings", "tourists", "goods", "huts", "islands",
        # Rising Waters: water markers and dikes per cell, the countdown, the losses
        "water", "dikes", "countdown", "huts_lost", "flooded",
        # stacks and displays
        "arch", "preview", "demand_deck", "demand_discard", "display", "filled",
        "tourist_stack", "tourist_tile", "tourists_left", "rest_pile", "reserve",
        # the table
        "round", "first", "fish_price", "neutral", "offer", "seen",
        # seats
        "vatu", "pp", "boat", "fish_held", "treasures", "huts_left", "char", "used", "rest_taken",
        "markers", "placed", "done", "gov_dest",
        # the decision in progress
        "phase", "cur", "step", "cursor", "pending", "rng", "legal", "auto",
    )

    n: int
    options: dict[str, Any]
    chars_on: bool
    hut_pp: int
    waters_on: bool
    optional_bonuses: bool  # each bonus may be declined; the Beggar trades at every decision
    tile: list[int]
    fish: list[int]
    treasure: list[int]
    drawings: list[int]
    tourists: list[int]
    goods: list[int]
    huts: list[int]
    islands: list[int]  # island cells in the order they were placed (the refill order, V23)
    water: list[int]  # water markers per island cell (5: submerged)
    dikes: list[int]  # per island cell, bit k: a dike on the side toward board.NEIGHBORS[cell][k]
    countdown: int  # actions left before the waters rise this round, -1: none pending
    huts_lost: list[int]  # huts each seat lost on submerged islands
    flooded: int  # 1: three islands were submerged and everyone lost
    arch: list[int]  # face-down archipelago tiles; the next drawn is the last
    preview: list[int]  # the (up to) two tiles shown for the next placement
    demand_deck: list[int]  # demand tile indices 0-9; the next drawn is the last
    demand_discard: list[int]
    display: list[int]  # displayed demand tiles, top first (V13b)
    filled: list[int]  # per display slot, cubes on it by good: slot * 3 + good
    tourist_stack: list[int]  # tourist tile values; the next drawn is the last
    tourist_tile: int  # value of the tile on the tourism office, -1 before the first
    tourists_left: int
    rest_pile: list[int]  # rest tokens face down; the next drawn is the last
    reserve: list[int]  # goods cubes neither on an island nor on a demand tile
    round: int
    first: int
    fish_price: int
    neutral: list[int]  # 2 players: neutral markers by space
    offer: list[int]  # 2 players: characters offered this round
    seen: list[int]  # 2 players: characters seen (offered) last round
    vatu: list[int]
    pp: list[int]
    boat: list[int]  # cell of each seat's boat
    fish_held: list[int]  # seat * 3 + (value - 1)
    treasures: list[int]  # seat * 3 + (value - 1)
    huts_left: list[int]
    char: list[int]  # -1: none
    used: list[int]  # the character's own power (Beggar, Preacher, Governor) used this round
    rest_taken: list[int]  # the rest token drawn this round, -1: none
    markers: list[int]  # seat * 9 + space
    placed: list[int]  # markers placed this round (planning)
    done: list[int]  # bit mask of spaces the seat resolved or cleared this round
    gov_dest: list[int]  # the Governor's destination space this round, -1: none
    phase: int
    cur: int
    step: int  # tiles: tiles placed; neutral: markers placed; planning: the pass (0-2)
    cursor: int  # neutral: the lowest space the current batch may still use
    pending: int  # buyer: the good just exported
    rng: int
    legal: list[Action]
    auto: list[tuple[int, Action]]

    def copy(self) -> Core:
        c = Core.__new__(Core)
        c.n = self.n
        c.options = self.options
        c.chars_on = self.chars_on
        c.hut_pp = self.hut_pp
        c.waters_on = self.waters_on
        c.optional_bonuses = self.optional_bonuses
        c.tile = self.tile[:]
        c.fish = self.fish[:]
        c.treasure = self.treasure[:]
        c.drawings = self.drawings[:]
        c.tourists = self.tourists[:]
        c.goods = self.goods[:]
        c.huts = self.huts[:]
        c.islands = self.islands[:]
        c.water = self.water[:]
        c.dikes = self.dikes[:]
        c.countdown = self.countdown
        c.huts_lost = self.huts_lost[:]
        c.flooded = self.flooded
        c.arch = self.arch[:]
        c.preview = self.preview[:]
        c.demand_deck = self.demand_deck[:]
        c.demand_discard = self.demand_discard[:]
        c.display = self.display[:]
        c.filled = self.filled[:]
        c.tourist_stack = self.tourist_stack[:]
        c.tourist_tile = self.tourist_tile
        c.tourists_left = self.tourists_left
        c.rest_pile = self.rest_pile[:]
        c.reserve = self.reserve[:]
        c.round = self.round
        c.first = self.first
        c.fish_price = self.fish_price
        c.neutral = self.neutral[:]
        c.offer = self.offer[:]
        c.seen = self.seen[:]
        c.vatu = self.vatu[:]
        c.pp = self.pp[:]
        c.boat = self.boat[:]
        c.fish_held = self.fish_held[:]
        c.treasures = self.treasures[:]
        c.huts_left = self.huts_left[:]
        c.char = self.char[:]
        c.used = self.used[:]
        c.rest_taken = self.rest_taken[:]
        c.markers = self.markers[:]
        c.placed = self.placed[:]
        c.done = self.done[:]
        c.gov_dest = self.gov_dest[:]
        c.phase = self.phase
        c.cur = self.cur
        c.step = self.step
        c.cursor = self.cursor
        c.pending = self.pending
        c.rng = self.rng
        c.legal = self.legal
        c.auto = self.auto
        return c

    # --- small derived facts ------------------------------------------------------------------

    def order(self) -> list[int]:
        """Seats in turn order, from the first player."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def huts_on(self, cell: int) -> int:
        base = cell * self.n
        return sum(self.huts[base:base + self.n])

    def has_markers(self, seat: int) -> bool:
        base = seat * 9
        return any(self.markers[base:base + 9])
