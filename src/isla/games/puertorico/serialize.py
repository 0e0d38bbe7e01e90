"""The versioned JSON form of a Puerto Rico state (docs/state.md) and the per-seat view.

`to_json` writes everything, hidden information and RNG included. `from_json` reads a full save or
a hand-written position: every field that can be derived from the others (supplies, the face-down
stack, the phase) may be left out. Any schema or consistency problem raises BadState with the path
of the offending field.
"""

from __future__ import annotations

from typing import Any

from isla.core import rng as rnglib
from isla.core.errors import BadState
from isla.core.jsonread import Reader, state_header
from isla.core.protocol import JSON
from isla.games.puertorico import rules
from isla.games.puertorico.data import (
    BUILDING_INDEX,
    BUILDINGS,
    CITY_SPACES,
    GOODS,
    ISLAND_SPACES,
    N_BUILDINGS,
    N_GOODS,
    N_TILE_KINDS,
    QUARRY,
    ROLES,
    SETUPS,
    TILE_KINDS,
)
from isla.games.puertorico.proposal import arrangement_of, best_placement
from isla.games.puertorico.state import (
    BONUS,
    BUILD,
    END_NAMES,
    HOSPICE,
    KEEP,
    OVER,
    PHASE_NAMES,
    PLACE,
    ROLE,
    SETTLE,
    SHIP,
    STORE,
    UNIVERSITY,
    Core,
)

SCHEMA = 1
_PLACE_TARGETS = (*TILE_KINDS, *(b.name for b in BUILDINGS))
_TOP_FIELDS = {
    "game", "schema", "players", "options", "round", "governor", "picks_done", "phase", "roles",
    "colonists", "vp_supply", "goods", "ships", "trading_house", "plantations", "quarries",
    "buildings", "seats", "end_triggers", "rng", "seed",
}
_SEAT_FIELDS = {"doubloons", "vp", "goods", "island", "occupied", "city", "san_juan"}
_PHASE_FIELDS = {
    "name", "seat", "chooser", "turn", "hacienda_used", "tile", "building", "produced",
    "captain_bonus_paid", "wharf_used", "passed", "next_target", "stored", "next_good",
}


def _counts(names: tuple[str, ...], values: list[int]) -> dict[str, int]:
    return {name: v for name, v in zip(names, values, strict=True) if v}


def _seat_json(core: Core, seat: int, with_vp: bool) -> JSON:
    tb = seat * N_TILE_KINDS
    bb = seat * N_BUILDINGS
    gb = seat * N_GOODS
    data: JSON = {"doubloons": core.doubloons[seat]}
    if with_vp:
        data["vp"] = core.vp[seat]
    data.update(
        goods=_counts(GOODS, core.goods[gb:gb + N_GOODS]),
        island=_counts(TILE_KINDS, core.tiles[tb:tb + N_TILE_KINDS]),
        occupied=_counts(TILE_KINDS, core.occ[tb:tb + N_TILE_KINDS]),
        city={BUILDINGS[b].name: core.bcol[bb + b] for b in range(N_BUILDINGS) if core.bcol[bb + b] >= 0},
        san_juan=core.san_juan[seat],
    )
    return data


def _phase_json(core: Core) -> JSON:
    phase = core.phase
    data: JSON = {"name": PHASE_NAMES[phase]}
    if phase == OVER:
        return data
    data["seat"] = core.cur
    if phase == ROLE:
        return data
    data["chooser"] = core.chooser
    data["turn"] = core.turn
    if phase == SETTLE:
        data["hacienda_used"] = bool(core.flag)
    elif phase == HOSPICE:
        data["tile"] = TILE_KINDS[core.scratch]
    elif phase == UNIVERSITY:
        data["building"] = BUILDINGS[core.scratch].name
    elif phase == BONUS:
        data["produced"] = [GOODS[k] for k in range(N_GOODS) if core.mask >> k & 1]
    elif phase == SHIP:
        data["captain_bonus_paid"] = bool(core.flag)
        data["wharf_used"] = [s for s in range(core.n) if core.mask >> s & 1]
        data["passed"] = [s for s in range(core.n) if core.passed >> s & 1]
    elif phase == PLACE:
        data["next_target"] = _PLACE_TARGETS[core.cursor]
    elif phase in (STORE, KEEP):
        data["stored"] = [GOODS[k] for k in range(N_GOODS) if core.mask >> k & 1]
        if phase == STORE:
            data["next_good"] = GOODS[core.cursor] if core.cursor < N_GOODS else None
    return data


def _table_json(core: Core) -> JSON:
    return {
        "round": core.round,
        "governor": core.governor,
        "picks_done": core.picks_done,
        "phase": _phase_json(core),
        "roles": {
            ROLES[r]: {
                "doubloons": core.role_money[r],
                "taken_by": core.role_taken[r] if core.role_taken[r] >= 0 else None,
            }
            for r in core.role_cards
        },
        "colonists": {"supply": core.col_supply, "ship": core.col_ship},
        "vp_supply": core.vp_supply,
        "goods": {g: core.goods_supply[k] for k, g in enumerate(GOODS)},
        "ships": [
            {
                "capacity": cap,
                "good": GOODS[core.ship_good[i]] if core.ship_good[i] >= 0 else None,
                "load": core.ship_load[i],
            }
            for i, cap in enumerate(core.ship_caps)
        ],
        "trading_house": [GOODS[k] for k in core.house],
        "quarries": core.quarries,
        "buildings": {b.name: core.bsupply[i] for i, b in enumerate(BUILDINGS)},
        "end_triggers": [name for bit, name in END_NAMES if core.ends & bit],
    }


def to_json(core: Core) -> JSON:
    data: JSON = {"game": "puertorico", "schema": SCHEMA, "players": core.n, "options": dict(core.options)}
    data.update(_table_json(core))
    data["plantations"] = {
        "face_up": [TILE_KINDS[k] for k in core.face_up],
        "stack": [TILE_KINDS[k] for k in core.stack],
        "discard": [TILE_KINDS[k] for k in core.discard],
    }
    data["seats"] = [_seat_json(core, s, True) for s in range(core.n)]
    data["rng"] = core.rng
    return data


def view(core: Core, seat: int | None) -> JSON:
    """What `seat` may see: no face-down order, no RNG, and others' VP only with `open_vp` (R9)."""
    open_vp = bool(core.options["open_vp"])
    data: JSON = {"game": "puertorico", "schema": SCHEMA, "players": core.n, "options": dict(core.options)}
    data["seat"] = seat
    data["to_move"] = core.cur if core.phase != OVER else None
    data.update(_table_json(core))
    data["plantations"] = {
        "face_up": [TILE_KINDS[k] for k in core.face_up],
        "stack_size": len(core.stack),
        "discard": sorted(TILE_KINDS[k] for k in core.discard),
    }
    data["seats"] = [_seat_json(core, s, open_vp or s == seat) for s in range(core.n)]
    if seat is not None:
        is_builder = core.phase in (BUILD, UNIVERSITY) and core.chooser == seat
        data["building_costs"] = {
            b.name: rules.cost_for(core, seat, i, is_builder) for i, b in enumerate(BUILDINGS)
        }
        if core.phase != OVER and core.cur == seat:
            data["legal"] = [a.text for a in core.legal]
            if core.phase == PLACE:
                data["mayor_proposal"] = arrangement_of(best_placement(core, seat))
    return data


# --- reading ----------------------------------------------------------------------------------

def from_json(data: Any) -> Core:
    from isla.games.puertorico.game import GAME

    top, seats_raw, n, options = state_header(data, GAME, SCHEMA, _TOP_FIELDS)
    setup = SETUPS[n]
    core = Core.__new__(Core)
    rules.fixed_parts(core, n, options)
    if top.has("rng"):
        core.rng = top.integer("rng", 0, 0, (1 << 64) - 1)
    else:
        core.rng = rnglib.seed_state(top.integer("seed", 0, -(1 << 63), (1 << 64) - 1))

    _read_seats(core, seats_raw)
    core.round = top.integer("round", 1, 1, 1000)
    core.governor = top.integer("governor", 0, 0, n - 1)
    # A finished game keeps picks_done == picks (end_phase stops before resetting it).
    core.picks_done = top.integer("picks_done", 0, 0, core.picks)
    _read_roles(core, top.sub("roles"))
    _read_table(core, top)
    _read_tiles(core, top.sub("plantations"))
    _read_phase(core, top)
    if core.picks_done == core.picks and core.phase != OVER:
        raise BadState(f"picks_done is {core.picks} (every role picked) but the game is not over")
    ends = top.names("end_triggers", tuple(name for _, name in END_NAMES))
    core.ends = 0
    for i in ends:
        core.ends |= END_NAMES[i][0]
    _check_consistency(core, setup.colonists_supply + setup.colonists_ship)
    core.legal = []
    rules.settle(core)
    return core


def _read_seats(core: Core, seats_raw: list[Any]) -> None:
    n = core.n
    core.doubloons = [0] * n
    core.vp = [0] * n
    core.goods = [0] * (n * N_GOODS)
    core.tiles = [0] * (n * N_TILE_KINDS)
    core.occ = [0] * (n * N_TILE_KINDS)
    core.bcol = [-1] * (n * N_BUILDINGS)
    core.san_juan = [0] * n
    core.spaces = [0] * n
    for seat, raw in enumerate(seats_raw):
        r = Reader(raw, f"seats[{seat}]")
        r.check_keys(_SEAT_FIELDS)
        core.doubloons[seat] = r.integer("doubloons", 0)
        core.vp[seat] = r.integer("vp", 0)
        core.san_juan[seat] = r.integer("san_juan", 0, 0, 100)
        goods = r.optional_counts("goods", GOODS, 20) or [0] * N_GOODS
        tiles = r.optional_counts("island", TILE_KINDS, ISLAND_SPACES) or [0] * N_TILE_KINDS
        occ = r.optional_counts("occupied", TILE_KINDS, ISLAND_SPACES) or [0] * N_TILE_KINDS
        if sum(tiles) > ISLAND_SPACES:
            raise BadState(f"seats[{seat}].island has {sum(tiles)} tiles; an island holds {ISLAND_SPACES}")
        for k in range(N_TILE_KINDS):
            if occ[k] > tiles[k]:
                raise BadState(
                    f"seats[{seat}].occupied.{TILE_KINDS[k]} is {occ[k]} but there are only "
                    f"{tiles[k]} {TILE_KINDS[k]} tiles"
                )
        city = r.sub("city")
        city.check_keys(set(BUILDING_INDEX))
        for name, b in BUILDING_INDEX.items():
            if city.has(name):
                colonists = city.integer(name, 0, 0, BUILDINGS[b].circles)
                core.bcol[seat * N_BUILDINGS + b] = colonists
                core.spaces[seat] += BUILDINGS[b].size
        if core.spaces[seat] > CITY_SPACES:
            raise BadState(f"seats[{seat}].city uses {core.spaces[seat]} spaces; a city has {CITY_SPACES}")
        core.goods[seat * N_GOODS:(seat + 1) * N_GOODS] = goods
        core.tiles[seat * N_TILE_KINDS:(seat + 1) * N_TILE_KINDS] = tiles
        core.occ[seat * N_TILE_KINDS:(seat + 1) * N_TILE_KINDS] = occ


def _read_roles(core: Core, r: Reader) -> None:
    in_play = tuple(ROLES[c] for c in core.role_cards)
    r.check_keys(set(in_play))
    core.role_money = [0] * 8
    core.role_taken = [-1] * 8
    for role in core.role_cards:
        if r.has(ROLES[role]):
            card = r.sub(ROLES[role])
            card.check_keys({"doubloons", "taken_by"})
            core.role_money[role] = card.integer("doubloons", 0, 0, 1000)
            core.role_taken[role] = card.integer("taken_by", -1, -1, core.n - 1)


def _read_table(core: Core, top: Reader) -> None:
    n = core.n
    setup = SETUPS[n]
    # Goods: the supply is what nobody holds, no ship carries and the trading house does not hold.
    core.house = top.names("trading_house", GOODS)
    if len(core.house) > 4:
        raise BadState("trading_house holds at most 4 goods")
    ships_raw = data_list(top, "ships")
    core.ship_good = [-1] * len(core.ship_caps)
    core.ship_load = [0] * len(core.ship_caps)
    if ships_raw is not None:
        if len(ships_raw) != len(core.ship_caps):
            raise BadState(f"ships must list {len(core.ship_caps)} ships for {n} players")
        for i, raw in enumerate(ships_raw):
            s = Reader(raw, f"ships[{i}]")
            s.check_keys({"capacity", "good", "load"})
            cap = s.integer("capacity", core.ship_caps[i])
            if cap != core.ship_caps[i]:
                raise BadState(f"ships[{i}].capacity must be {core.ship_caps[i]} with {n} players")
            core.ship_load[i] = s.integer("load", 0, 0, cap)
            core.ship_good[i] = s.name("good", GOODS, -1) if s.has("good") else -1
            if (core.ship_load[i] > 0) != (core.ship_good[i] >= 0):
                raise BadState(f"ships[{i}] must name its good exactly when it carries a load")
        carried = [g for g in core.ship_good if g >= 0]
        if len(carried) != len(set(carried)):
            raise BadState("two ships carry the same good (rule C3)")
    used = [0] * N_GOODS
    for seat in range(n):
        for k in range(N_GOODS):
            used[k] += core.goods[seat * N_GOODS + k]
    for k in core.house:
        used[k] += 1
    for i, k in enumerate(core.ship_good):
        if k >= 0:
            used[k] += core.ship_load[i]
    given = top.optional_counts("goods", GOODS)
    derived = [setup.goods[k] - used[k] for k in range(N_GOODS)]
    core.goods_supply = given if given is not None else derived
    for k in range(N_GOODS):
        if derived[k] < 0:
            raise BadState(f"there are more {GOODS[k]} barrels in play than the game has ({setup.goods[k]})")
        if given is not None and given[k] > derived[k]:  # a given supply may be short, never too big
            raise BadState(
                f"goods.{GOODS[k]} is {given[k]}, but only {derived[k]} {GOODS[k]} barrels are not held, "
                f"shipped or in the trading house (the game has {setup.goods[k]})"
            )

    col = top.sub("colonists")
    col.check_keys({"supply", "ship"})
    core.col_ship = col.integer("ship", setup.colonists_ship if not col.has("supply") else 0, 0, 200)
    on_boards = sum(core.colonists_of(s) for s in range(n))
    total = setup.colonists_supply + setup.colonists_ship
    core.col_supply = col.integer("supply", total - core.col_ship - on_boards, -(10**6), 200)
    if core.col_supply + core.col_ship + on_boards > total:
        raise BadState(
            f"colonists: supply {core.col_supply} + ship {core.col_ship} + {on_boards} on the boards is "
            f"more than the game has ({total})"
        )
    total_vp = core.options["vp_supply"]
    vp_left = max(0, total_vp - sum(core.vp))
    core.vp_supply = top.integer("vp_supply", vp_left, 0, vp_left)
    bsupply = [b.copies_2p if n == 2 else b.copies for b in BUILDINGS]
    for seat in range(n):
        for b in range(N_BUILDINGS):
            if core.bcol[seat * N_BUILDINGS + b] >= 0:
                bsupply[b] -= 1
    given_b = top.optional_counts("buildings", tuple(BUILDING_INDEX), 4)
    for b in range(N_BUILDINGS):
        if bsupply[b] < 0:
            raise BadState(f"more {BUILDINGS[b].name} buildings are owned than the game has")
        if given_b is not None and given_b[b] > bsupply[b]:
            raise BadState(f"buildings.{BUILDINGS[b].name} is {given_b[b]}, more than the game has left")
    core.bsupply = given_b if given_b is not None else bsupply
    owned_quarries = sum(core.tiles[s * N_TILE_KINDS + QUARRY] for s in range(n))
    if setup.quarries - owned_quarries < 0:
        raise BadState(f"more quarries are on islands than the game has ({setup.quarries})")
    quarries_left = setup.quarries - owned_quarries
    core.quarries = top.integer("quarries", quarries_left, 0, quarries_left)


def data_list(r: Reader, key: str) -> list[Any] | None:
    if not r.has(key):
        return None
    value = r.data[key]
    if not isinstance(value, list):
        raise BadState(f"{r.where(key)} must be a list")
    return value


def _read_tiles(core: Core, r: Reader) -> None:
    r.check_keys({"face_up", "stack", "discard"})
    plantation_kinds = TILE_KINDS[:QUARRY]
    face_up = r.names("face_up", plantation_kinds)
    discard = r.names("discard", plantation_kinds)
    setup = SETUPS[core.n]
    remaining = list(setup.plantations)
    for s in range(core.n):
        for k in range(QUARRY):
            remaining[k] -= core.tiles[s * N_TILE_KINDS + k]
    for k in face_up + discard:
        remaining[k] -= 1
    for k in range(QUARRY):
        if remaining[k] < 0:
            raise BadState(f"there are more {TILE_KINDS[k]} plantations in play than the game has")
    if r.has("stack"):
        stack = r.names("stack", plantation_kinds)
        for k in stack:
            remaining[k] -= 1
            if remaining[k] < 0:
                raise BadState(f"plantations.stack: more {TILE_KINDS[k]} plantations than the game has")
    else:
        stack = [k for k in range(QUARRY) for _ in range(remaining[k])]
        core.rng = rnglib.shuffle(core.rng, stack)
    core.stack = stack
    core.discard = discard
    core.face_up = sorted(face_up)
    if not r.has("face_up"):
        rules.draw_face_up(core)


def _read_phase(core: Core, top: Reader) -> None:
    n = core.n
    p = top.sub("phase")
    p.check_keys(_PHASE_FIELDS)
    phase = p.name("name", PHASE_NAMES, ROLE)
    rules.clear_phase(core, phase, -1)
    if phase == OVER:
        core.cur = -1
        return
    if phase == ROLE:
        core.cur = p.integer("seat", (core.governor + core.picks_done) % n, 0, n - 1)
        return
    core.chooser = p.integer("chooser", p.integer("seat", core.governor, 0, n - 1), 0, n - 1)
    core.turn = p.integer("turn", 0, 0, n - 1)
    core.cur = p.integer("seat", (core.chooser + core.turn) % n, 0, n - 1)
    if phase == SETTLE:
        core.flag = int(p.boolean("hacienda_used"))
    elif phase == HOSPICE:
        core.scratch = p.name("tile", TILE_KINDS)
    elif phase == UNIVERSITY:
        core.scratch = p.name("building", tuple(BUILDING_INDEX))
    elif phase == BONUS:
        for k in p.names("produced", GOODS):
            core.mask |= 1 << k
    elif phase == SHIP:
        core.flag = int(p.boolean("captain_bonus_paid"))
        for s in p.seats("wharf_used", n):
            core.mask |= 1 << s
        for s in p.seats("passed", n):
            core.passed |= 1 << s
    elif phase == PLACE:
        core.cursor = p.name("next_target", _PLACE_TARGETS, 0)
    elif phase in (STORE, KEEP):
        for k in p.names("stored", GOODS):
            core.mask |= 1 << k
        if phase == STORE:
            core.cursor = p.name("next_good", GOODS, N_GOODS) if p.has("next_good") else (
                max([k + 1 for k in range(N_GOODS) if core.mask >> k & 1], default=0)
            )


def _check_consistency(core: Core, colonists_total: int) -> None:
    if core.col_supply < 0:
        raise BadState(
            f"there are more colonists in play than the game has ({colonists_total})"
        )
    for name, value in (("goods", core.goods_supply),):
        if any(v < 0 for v in value):
            raise BadState(f"the {name} supply cannot be negative")
