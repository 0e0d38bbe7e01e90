"""The versioned JSON form of a Vanuatu state (docs/vanuatu.md) and the per-seat view.

`to_json` writes everything, hidden information and RNG included. `from_json` reads a full save or
a hand-written position: the face-down stacks, the rest pile, the goods reserve and the phase may
be left out and are derived. Any schema or consistency problem raises BadState naming the field.
"""

from __future__ import annotations

from typing import Any

from isla.core import rng as rnglib
from isla.core.errors import BadState
from isla.core.jsonread import Reader, state_header
from isla.core.protocol import JSON
from isla.games.vanuatu import actions as A
from isla.games.vanuatu import board, rules, setup
from isla.games.vanuatu.board import CELL_NAMES
from isla.games.vanuatu.data import (
    ARCHIPELAGO,
    CHARACTERS,
    DEMAND_NEEDS,
    EFATE,
    GOOD_SUPPLY,
    GOODS,
    HUTS_PER_PLAYER,
    LETTERS,
    MARKERS_PER_PLAYER,
    N_SPACES,
    PLANNING_PASSES,
    REST_TOKENS,
    ROUNDS,
    SPACES,
    SUBMERGED_AT,
    TILE_INDEX,
    TILES,
    TOURIST_REMOVED,
    TOURIST_TILES,
)
from isla.games.vanuatu.state import BUYER, OVER, PHASE_NAMES, PLAN, Core
from isla.games.vanuatu.state import TILES as P_TILES

SCHEMA = 1
GAME_NAME = "vanuatu"
TILE_NAMES = tuple(t.name for t in TILES)
DEMAND_NAMES = tuple(str(i + 1) for i in range(len(DEMAND_NEEDS)))
_TOP_FIELDS = {
    "game", "schema", "players", "options", "round", "first", "fish_price", "phase", "board",
    "archipelago", "demand", "tourists", "rest_pile", "reserve", "neutral", "offer", "seen", "seats",
    "countdown", "flooded", "rng", "seed",
}
_SEAT_FIELDS = {
    "vatus", "pp", "boat", "fish", "treasures", "huts_left", "character", "used", "rest", "markers",
    "placed", "done", "governed", "huts_lost",
}
_PHASE_FIELDS = {"name", "seat", "step", "cursor", "pending"}


def _counts(names: tuple[str, ...], values: list[int]) -> dict[str, int]:
    return {name: v for name, v in zip(names, values, strict=True) if v}


def _values(counts: list[int]) -> list[int]:
    return [v + 1 for v, c in enumerate(counts) for _ in range(c)]


def _dike_cells(core: Core, cell: int) -> list[str]:
    """The cells the island's diked sides face (Rising Waters)."""
    return [CELL_NAMES[o] for k, o in enumerate(board.NEIGHBORS[cell]) if core.dikes[cell] >> k & 1]


def _board_json(core: Core) -> list[JSON]:
    n = core.n
    out: list[JSON] = []
    for cell in core.islands:
        out.append({
            "cell": CELL_NAMES[cell], "tile": TILE_NAMES[core.tile[cell]],
            "huts": core.huts[cell * n:cell * n + n], "drawings": core.drawings[cell],
            "tourists": core.tourists[cell], "goods": _counts(GOODS, core.goods[cell * 3:cell * 3 + 3]),
            "water": core.water[cell],
            "dikes": _dike_cells(core, cell),
        })
    for cell in range(board.N_CELLS):
        t = core.tile[cell]
        if t != board.EMPTY and not TILES[t].island:
            out.append({"cell": CELL_NAMES[cell], "tile": TILE_NAMES[t], "fish": core.fish[cell],
                        "treasure": core.treasure[cell]})
    return out


def _seat_json(core: Core, seat: int, rest: str | None) -> JSON:
    base = seat * N_SPACES
    return {
        "vatus": core.vatu[seat],
        "pp": core.pp[seat],
        "boat": TILE_NAMES[core.tile[core.boat[seat]]],
        "fish": _values(core.fish_held[seat * 3:seat * 3 + 3]),
        "treasures": _values(core.treasures[seat * 3:seat * 3 + 3]),
        "huts_left": core.huts_left[seat],
        "character": CHARACTERS[core.char[seat]] if core.char[seat] >= 0 else None,
        "used": bool(core.used[seat]),
        "rest": rest,
        "markers": _counts(SPACES, core.markers[base:base + N_SPACES]),
        "placed": core.placed[seat],
        "done": [SPACES[s] for s in range(N_SPACES) if core.done[seat] >> s & 1],
        "governed": SPACES[core.gov_dest[seat]] if core.gov_dest[seat] >= 0 else None,
        "huts_lost": core.huts_lost[seat],
    }


def _phase_json(core: Core) -> JSON:
    data: JSON = {"name": PHASE_NAMES[core.phase]}
    if core.phase != OVER:
        data.update(seat=core.cur, step=core.step, cursor=core.cursor,
                    pending=GOODS[core.pending] if core.pending >= 0 else None)
    return data


def _table_json(core: Core) -> JSON:
    return {
        "round": core.round,
        "first": core.first,
        "fish_price": core.fish_price,
        "phase": _phase_json(core),
        "board": _board_json(core),
        "reserve": _counts(GOODS, core.reserve),
        "neutral": _counts(SPACES, core.neutral),
        "offer": [CHARACTERS[c] for c in core.offer],
        "seen": [CHARACTERS[c] for c in core.seen],
        "countdown": core.countdown if core.countdown >= 0 else None,
        "flooded": bool(core.flooded),
    }


def _display_json(core: Core) -> list[JSON]:
    return [{"tile": DEMAND_NAMES[t], "filled": _counts(GOODS, core.filled[i * 3:i * 3 + 3])}
            for i, t in enumerate(core.display)]


def to_json(core: Core) -> JSON:
    data: JSON = {"game": GAME_NAME, "schema": SCHEMA, "players": core.n, "options": dict(core.options)}
    data.update(_table_json(core))
    data["archipelago"] = {"preview": [TILE_NAMES[t] for t in core.preview],
                           "stack": [TILE_NAMES[t] for t in core.arch]}
    data["demand"] = {"display": _display_json(core), "deck": [DEMAND_NAMES[t] for t in core.demand_deck],
                      "discard": [DEMAND_NAMES[t] for t in core.demand_discard]}
    data["tourists"] = {"tile": core.tourist_tile if core.tourist_tile >= 0 else None,
                        "left": core.tourists_left, "stack": core.tourist_stack[:]}
    data["rest_pile"] = [REST_TOKENS[t] for t in core.rest_pile]
    data["seats"] = [
        _seat_json(core, s, REST_TOKENS[core.rest_taken[s]] if core.rest_taken[s] >= 0 else None)
        for s in range(core.n)
    ]
    data["rng"] = core.rng
    return data


def view(core: Core, seat: int | None) -> JSON:
    """What `seat` may see: no face-down order, no RNG, and only its own rest token this round."""
    data: JSON = {"game": GAME_NAME, "schema": SCHEMA, "players": core.n, "options": dict(core.options)}
    data["seat"] = seat
    data["to_move"] = core.cur if core.phase != OVER else None
    data.update(_table_json(core))
    data["archipelago"] = {"preview": [TILE_NAMES[t] for t in core.preview],
                           "stack_letters": [TILES[t].letter for t in core.arch]}
    data["demand"] = {"display": _display_json(core), "deck_size": len(core.demand_deck),
                      "discard": sorted(DEMAND_NAMES[t] for t in core.demand_discard)}
    data["tourists"] = {"tile": core.tourist_tile if core.tourist_tile >= 0 else None,
                        "left": core.tourists_left, "stack_size": len(core.tourist_stack)}
    data["rest_pile_size"] = len(core.rest_pile)
    seats = []
    for s in range(core.n):
        token = core.rest_taken[s]
        shown = None if token < 0 else REST_TOKENS[token] if s == seat else "hidden"
        seats.append(_seat_json(core, s, shown))
    data["seats"] = seats
    if seat is not None and core.phase != OVER and core.cur == seat:
        data["legal"] = [a.text for a in core.legal]
    return data


# --- reading ----------------------------------------------------------------------------------

def from_json(data: Any) -> Core:
    from isla.games.vanuatu.game import GAME

    top, seats_raw, n, options = state_header(data, GAME, SCHEMA, _TOP_FIELDS)
    core = Core.__new__(Core)
    setup.fixed_parts(core, n, options)
    if top.has("rng"):
        core.rng = top.integer("rng", 0, 0, (1 << 64) - 1)
    else:
        core.rng = rnglib.seed_state(top.integer("seed", 0, -(1 << 63), (1 << 64) - 1))
    core.round = top.integer("round", 1, 1, ROUNDS)
    core.first = top.integer("first", 0, 0, n - 1)
    core.fish_price = top.integer("fish_price", 3, 1, 3)
    _read_board(core, top)
    _read_seats(core, seats_raw)
    _read_stacks(core, top)
    core.neutral = top.counts("neutral", SPACES, 5)
    if n != 2 and any(core.neutral):
        raise BadState("neutral markers are used only with 2 players")
    core.offer = top.names("offer", CHARACTERS)
    core.seen = top.names("seen", CHARACTERS)
    _read_phase(core, top.sub("phase"))
    core.legal = []
    core.auto = []
    rules.settle(core)
    if core.phase != OVER and not core.legal:
        raise BadState(f"seat {core.cur} is to move ({PHASE_NAMES[core.phase]}) but has no legal action")
    return core


def _read_board(core: Core, top: Reader) -> None:
    n = core.n
    setup.empty_board(core)
    core.countdown = top.integer("countdown", -1, 0, 6)
    core.flooded = int(top.boolean("flooded"))
    entries = top.items("board")
    if not entries:
        raise BadState("missing field 'board' (a list of placed tiles)")
    for i, raw in enumerate(entries):
        r = Reader(raw, f"board[{i}]")
        r.check_keys({"cell", "tile", "fish", "treasure", "huts", "drawings", "tourists", "goods", "water",
                      "dikes"})
        cell = r.name("cell", CELL_NAMES)
        t = r.name("tile", TILE_NAMES)
        if core.tile[cell] != board.EMPTY:
            raise BadState(f"board[{i}]: cell {CELL_NAMES[cell]} holds two tiles")
        if t in core.tile:
            raise BadState(f"board[{i}]: tile {TILE_NAMES[t]} is placed twice")
        core.tile[cell] = t
        data = TILES[t]
        if data.island:
            core.islands.append(cell)
            huts = r.integers("huts", 0, data.huts) or [0] * n
            if len(huts) != n or sum(huts) > data.huts:
                raise BadState(f"board[{i}].huts must give {n} counts, {data.huts} huts at most in all")
            core.huts[cell * n:cell * n + n] = huts
            core.drawings[cell] = r.integer("drawings", 0, 0, data.drawings)
            core.tourists[cell] = r.integer("tourists", 0, 0, data.tourists)
            core.goods[cell * 3:cell * 3 + 3] = r.counts("goods", GOODS, 10)
            core.water[cell] = r.integer("water", 0, 0, SUBMERGED_AT)
            for facing in r.names("dikes", CELL_NAMES):
                if facing not in board.NEIGHBORS[cell]:
                    where = f"board[{i}].dikes"
                    raise BadState(f"{where}: {CELL_NAMES[facing]} is not next to {CELL_NAMES[cell]}")
                core.dikes[cell] |= 1 << board.NEIGHBORS[cell].index(facing)
        else:
            core.fish[cell] = r.integer("fish", data.fish, 0, data.fish)
            core.treasure[cell] = r.integer("treasure", data.treasure, 0, data.treasure)
    if core.tile[board.START_ISLAND_CELL] != EFATE:
        raise BadState(f"board: efate must be on cell {CELL_NAMES[board.START_ISLAND_CELL]}")


def _read_seats(core: Core, seats_raw: list[Any]) -> None:
    n = core.n
    core.vatu = [0] * n
    core.pp = [0] * n
    core.boat = [0] * n
    core.fish_held = [0] * (n * 3)
    core.treasures = [0] * (n * 3)
    core.huts_left = [0] * n
    core.char = [-1] * n
    core.used = [0] * n
    core.rest_taken = [-1] * n
    core.markers = [0] * (n * N_SPACES)
    core.placed = [0] * n
    core.done = [0] * n
    core.gov_dest = [-1] * n
    core.huts_lost = [0] * n
    for seat, raw in enumerate(seats_raw):
        r = Reader(raw, f"seats[{seat}]")
        r.check_keys(_SEAT_FIELDS)
        core.vatu[seat] = r.integer("vatus", 3, 0, 9)
        core.pp[seat] = r.integer("pp", 0, 0, 10**6)
        boat = r.name("boat", TILE_NAMES, TILE_INDEX["start-boats"])
        if boat not in core.tile or TILES[boat].island:
            raise BadState(f"seats[{seat}].boat must name an ocean tile on the board")
        core.boat[seat] = core.tile.index(boat)
        for key, target in (("fish", core.fish_held), ("treasures", core.treasures)):
            for v in r.integers(key, 1, 3):
                target[seat * 3 + v - 1] += 1
        for v, cap in enumerate(A.FISH_CAPS):
            if core.fish_held[seat * 3 + v] > cap:
                raise BadState(f"seats[{seat}].fish holds more than {cap} fish of value {v + 1}")
        core.huts_lost[seat] = r.integer("huts_lost", 0, 0, HUTS_PER_PLAYER)
        on_board = sum(core.huts[cell * n + seat] for cell in core.islands) + core.huts_lost[seat]
        core.huts_left[seat] = r.integer("huts_left", HUTS_PER_PLAYER - on_board, 0, HUTS_PER_PLAYER)
        if core.huts_left[seat] + on_board != HUTS_PER_PLAYER:
            raise BadState(f"seats[{seat}]: {on_board} huts on the board or lost and {core.huts_left[seat]} "
                           f"left is not {HUTS_PER_PLAYER}")
        core.char[seat] = r.name("character", CHARACTERS, -1)
        core.used[seat] = int(r.boolean("used"))
        core.rest_taken[seat] = r.name("rest", REST_TOKENS, -1)
        core.markers[seat * N_SPACES:(seat + 1) * N_SPACES] = r.counts("markers", SPACES, MARKERS_PER_PLAYER)
        core.placed[seat] = r.integer("placed", 0, 0, MARKERS_PER_PLAYER)
        if sum(core.markers[seat * N_SPACES:(seat + 1) * N_SPACES]) > MARKERS_PER_PLAYER:
            raise BadState(f"seats[{seat}].markers: a seat has {MARKERS_PER_PLAYER} markers")
        for s in r.names("done", SPACES):
            core.done[seat] |= 1 << s
        core.gov_dest[seat] = r.name("governed", SPACES, -1)
    held = [c for c in core.char if c >= 0]
    if core.n > 2 and len(held) != len(set(held)):
        raise BadState("two seats hold the same character")
    taken = [t for t in core.rest_taken if t >= 0]
    if len(taken) != len(set(taken)):
        raise BadState("two seats hold the same rest token")


def _read_stacks(core: Core, top: Reader) -> None:
    # Goods: the reserve is what is neither on an island nor on a demand tile (V23).
    dem = top.sub("demand")
    dem.check_keys({"display", "deck", "discard"})
    core.display = []
    core.filled = []
    for i, raw in enumerate(dem.items("display")):
        r = Reader(raw, f"demand.display[{i}]")
        r.check_keys({"tile", "filled"})
        tile = r.name("tile", DEMAND_NAMES)
        cubes = r.counts("filled", GOODS, 3)
        if any(c > need for c, need in zip(cubes, DEMAND_NEEDS[tile], strict=True)):
            raise BadState(f"demand.display[{i}] holds more cubes than tile {tile + 1} needs")
        core.display.append(tile)
        core.filled.extend(cubes)
    core.demand_discard = dem.names("discard", DEMAND_NAMES)
    if dem.has("deck"):
        core.demand_deck = dem.names("deck", DEMAND_NAMES)
    else:
        shown = core.display + core.demand_discard
        core.demand_deck = [t for t in range(len(DEMAND_NEEDS)) if t not in shown]
        core.rng = rnglib.shuffle(core.rng, core.demand_deck)
    every = core.display + core.demand_discard + core.demand_deck
    if sorted(every) != list(range(len(DEMAND_NEEDS))):
        raise BadState("demand: display, deck and discard must hold each demand tile 1-10 exactly once")
    used = [sum(core.goods[c * 3 + g] for c in range(board.N_CELLS)) + sum(core.filled[g::3])
            for g in range(3)]
    derived = [GOOD_SUPPLY[g] - used[g] for g in range(3)]
    if any(d < 0 for d in derived):
        raise BadState("more goods cubes are on islands and demand tiles than the game has")
    core.reserve = top.counts("reserve", GOODS, 10) if top.has("reserve") else derived
    if core.reserve != derived:
        raise BadState(f"reserve must be what is not on islands or demand tiles: {_counts(GOODS, derived)}")

    arch = top.sub("archipelago")
    arch.check_keys({"preview", "stack"})
    placed = set(core.tile)
    core.preview = arch.names("preview", TILE_NAMES)
    if arch.has("stack"):
        core.arch = arch.names("stack", TILE_NAMES)
    else:
        core.arch = _derived_stack([t for t in ARCHIPELAGO if t not in placed and t not in core.preview],
                                   core)
    every_tile = [t for t in core.tile if t != board.EMPTY] + core.preview + core.arch
    if sorted(every_tile) != list(range(len(TILES))):
        raise BadState("archipelago: board, preview and stack must hold each tile exactly once")

    tourists = top.sub("tourists")
    tourists.check_keys({"tile", "left", "stack"})
    core.tourist_tile = tourists.integer("tile", -1, 0, 4)
    core.tourists_left = tourists.integer("left", max(core.tourist_tile, 0), 0, max(core.tourist_tile, 0))
    if tourists.has("stack"):
        core.tourist_stack = tourists.integers("stack", 0, 4)
    else:
        pool = list(TOURIST_TILES)
        pool.remove(TOURIST_REMOVED[core.n])
        if core.tourist_tile >= 0:
            pool.remove(core.tourist_tile)
        core.rng = rnglib.shuffle(core.rng, pool)
        core.tourist_stack = pool[:ROUNDS - core.round]
    if top.has("rest_pile"):
        core.rest_pile = top.names("rest_pile", REST_TOKENS)
    else:
        core.rest_pile = [t for t in range(len(REST_TOKENS)) if t not in core.rest_taken]
        core.rng = rnglib.shuffle(core.rng, core.rest_pile)
    if sorted(core.rest_pile + [t for t in core.rest_taken if t >= 0]) != list(range(len(REST_TOKENS))):
        raise BadState("rest_pile and the seats' rest tokens must hold each token exactly once")


def _derived_stack(remaining: list[int], core: Core) -> list[int]:
    """The face-down order of §7.3 for the tiles left: letters with both tiles left come first
    (stack 1), then one tile of every letter left (stack 2); the pairs are split at random."""
    first: list[int] = []
    second: list[int] = []
    for letter in LETTERS:
        pair = [t for t in remaining if TILES[t].letter == letter]
        if len(pair) == 2:
            core.rng, k = rnglib.below(core.rng, 2)
            first.append(pair[k])
            second.append(pair[1 - k])
        else:
            second.extend(pair)
    order = first + second
    order.reverse()
    return order


def _read_phase(core: Core, r: Reader) -> None:
    r.check_keys(_PHASE_FIELDS)
    core.phase = r.name("name", PHASE_NAMES, PLAN)
    if core.phase == OVER:
        core.cur = -1
        core.step = core.cursor = 0
        core.pending = -1
        return
    core.cur = r.integer("seat", core.first, 0, core.n - 1)
    core.step = r.integer("step", 0, 0, 5)
    core.cursor = r.integer("cursor", 0, 0, N_SPACES - 1)
    core.pending = r.name("pending", GOODS, -1)
    if core.phase == BUYER and core.pending < 0:
        raise BadState("phase.pending must name the good the Buyer exported")
    if core.phase == PLAN and (core.step > 2 or core.placed[core.cur] >= PLANNING_PASSES[core.step]):
        raise BadState(f"phase: seat {core.cur} has placed all its markers of planning pass {core.step}")
    if core.phase == P_TILES and not core.preview:
        raise BadState("phase tiles needs tiles in archipelago.preview")
