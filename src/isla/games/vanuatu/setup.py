"""Setup (§7): the per-game constants and the opening position of a new game."""

from __future__ import annotations

from typing import Any

from isla.core import rng as rnglib
from isla.games.vanuatu import board, rules, table
from isla.games.vanuatu.data import (
    ARCHIPELAGO,
    DEMAND_NEEDS,
    EFATE,
    FISH_PRICE_START,
    GOOD_SUPPLY,
    HUTS_PER_PLAYER,
    LETTERS,
    N_SPACES,
    REST_TOKENS,
    START_BOATS,
    START_OCEANS,
    START_VATU,
    TILES,
    TOURIST_REMOVED,
    TOURIST_TILES,
)
from isla.games.vanuatu.state import Core

NS = N_SPACES


def fixed_parts(core: Core, players: int, options: dict[str, Any]) -> None:
    """Set the per-game constants (player count, options and what they imply)."""
    core.n = players
    core.options = options
    core.chars_on = options["characters"] == "on"
    core.hut_pp = options["hut_pp_per_tourist"]
    core.waters_on = bool(options["rising_waters"])
    core.optional_bonuses = options["bonuses"] == "optional"


def archipelago_stack(rng: int) -> tuple[int, list[int]]:
    """§7.3: two stacks, each one random tile of every letter, sorted A-F; stack 1 drawn first."""
    first: list[int] = []
    second: list[int] = []
    for letter in LETTERS:
        pair = [t for t in ARCHIPELAGO if TILES[t].letter == letter]
        rng, k = rnglib.below(rng, 2)
        first.append(pair[k])
        second.append(pair[1 - k])
    order = first + second
    order.reverse()  # the next tile drawn is the last of the list
    return rng, order


def empty_board(core: Core) -> None:
    """Every cell empty: no tile, pieces or water (for a new game and for a position being read)."""
    n = core.n
    core.tile = [board.EMPTY] * board.N_CELLS
    core.fish = [0] * board.N_CELLS
    core.treasure = [0] * board.N_CELLS
    core.drawings = [0] * board.N_CELLS
    core.tourists = [0] * board.N_CELLS
    core.goods = [0] * (board.N_CELLS * 3)
    core.huts = [0] * (board.N_CELLS * n)
    core.islands = []
    core.water = [0] * board.N_CELLS
    core.dikes = [0] * board.N_CELLS


def new_core(players: int, seed: int, options: dict[str, Any]) -> Core:
    """The opening position of §7 for `players` seats; the first player is drawn at random."""
    core = Core.__new__(Core)
    fixed_parts(core, players, options)
    rng = rnglib.seed_state(seed)
    n = players
    empty_board(core)
    core.countdown = -1
    core.huts_lost = [0] * n
    core.flooded = 0
    core.reserve = list(GOOD_SUPPLY)
    table.put_tile(core, board.START_ISLAND_CELL, EFATE)
    oceans = list(START_OCEANS)
    rng = rnglib.shuffle(rng, oceans)
    for cell, tile in zip(board.START_OCEAN_CELLS, oceans, strict=True):
        table.put_tile(core, cell, tile)
    rng, core.arch = archipelago_stack(rng)
    core.preview = [core.arch.pop(), core.arch.pop()]
    deck = list(range(len(DEMAND_NEEDS)))
    rng = rnglib.shuffle(rng, deck)
    core.demand_deck = deck
    core.demand_discard = []
    core.display = []
    core.filled = []
    core.rng = rng
    table.refill_display(core)
    tourists = list(TOURIST_TILES)
    tourists.remove(TOURIST_REMOVED[n])
    core.rng = rnglib.shuffle(core.rng, tourists)
    core.tourist_stack = tourists
    core.tourist_tile = core.tourist_stack.pop()
    core.tourists_left = core.tourist_tile
    core.rest_pile = list(range(len(REST_TOKENS)))
    core.rng = rnglib.shuffle(core.rng, core.rest_pile)
    core.rng, core.first = rnglib.below(core.rng, n)
    core.round = 1
    core.fish_price = FISH_PRICE_START
    core.neutral = [0] * NS
    core.offer = []
    core.seen = []
    boats = board.START_OCEAN_CELLS[oceans.index(START_BOATS)]
    core.vatu = [START_VATU] * n
    core.pp = [0] * n
    core.boat = [boats] * n
    core.fish_held = [0] * (n * 3)
    core.treasures = [0] * (n * 3)
    core.huts_left = [HUTS_PER_PLAYER] * n
    core.char = [-1] * n
    core.used = [0] * n
    core.rest_taken = [-1] * n
    core.markers = [0] * (n * NS)
    core.placed = [0] * n
    core.done = [0] * n
    core.gov_dest = [-1] * n
    core.pending = -1
    core.step = 0
    core.cursor = 0
    core.legal = []
    core.auto = []
    rules.start_round(core)
    rules.settle(core)
    return core
