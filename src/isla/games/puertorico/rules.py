"""The rules of Puerto Rico as two functions over a `Core`: `legal` (the decision now) and `step`.

`step` trusts its action (the unchecked path); `settle` applies every decision that has exactly one
legal action, so a position handed to a player always offers a real choice (ARCHITECTURE.md,
"Designing decisions"). Rule references (§, C1, M7, ...) point into rules/puerto-rico.md.
"""

from __future__ import annotations

from typing import Any

from isla.core import rng as rnglib
from isla.games.puertorico import actions as A
from isla.games.puertorico.data import (
    BUILDER,
    BUILDINGS,
    CAPTAIN,
    CITY_SPACES,
    CONSTRUCTION_HUT,
    CRAFTSMAN,
    CRAFTSMAN_ANGST_PICKS,
    FACTORY,
    FACTORY_BONUS,
    HACIENDA,
    HARBOR,
    HOSPICE,
    ISLAND_SPACES,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    MAYOR,
    N_BUILDINGS,
    N_GOODS,
    N_TILE_KINDS,
    OFFICE,
    PRODUCERS,
    QUARRY,
    SETTLER,
    SETUPS,
    SMALL_MARKET,
    SMALL_WAREHOUSE,
    TRADER,
    UNIVERSITY,
    WHARF,
    price,
    printed_costs,
)
from isla.games.puertorico.state import (
    BONUS,
    BUILD,
    END_CITY,
    END_COLONISTS,
    END_VP,
    KEEP,
    OVER,
    PLACE,
    ROLE,
    SELL,
    SETTLE,
    SHIP,
    STORE,
    Core,
)
from isla.games.puertorico.state import (
    HOSPICE as P_HOSPICE,
)
from isla.games.puertorico.state import (
    MAYOR as P_MAYOR,
)
from isla.games.puertorico.state import (
    UNIVERSITY as P_UNIVERSITY,
)

ACTS = A.ACTIONS
_COLUMNS = tuple(b.column for b in BUILDINGS)
_CIRCLES = tuple(b.circles for b in BUILDINGS)
_SIZES = tuple(b.size for b in BUILDINGS)
_CAP_INDEX = {c: i for i, c in enumerate(A.SHIP_CAPACITIES)}
NB = N_BUILDINGS
NT = N_TILE_KINDS
NG = N_GOODS


# --- setup ------------------------------------------------------------------------------------

def fixed_parts(core: Core, players: int, options: dict[str, Any]) -> None:
    """Set the per-game constants (player count, options and what they imply)."""
    setup = SETUPS[players]
    core.n = players
    core.options = options
    core.costs = printed_costs(bool(options["balanced"]))
    core.role_cards = setup.roles
    core.picks = CRAFTSMAN_ANGST_PICKS if (
        players == 2 and options["two_player_roles"] == "craftsman_angst"
    ) else setup.picks
    core.ship_caps = setup.ships
    core.forced = bool(options["forced_placement"])


def new_core(players: int, seed: int, options: dict[str, Any]) -> Core:
    """The opening position of §2 for `players` seats; seat 0 is the first governor (R16)."""
    setup = SETUPS[players]
    core = Core.__new__(Core)
    fixed_parts(core, players, options)
    rng = rnglib.seed_state(seed)
    core.governor = 0
    core.round = 1
    core.picks_done = 0
    core.role_money = [0] * 8
    core.role_taken = [-1] * 8
    core.col_supply = setup.colonists_supply
    core.col_ship = setup.colonists_ship
    core.vp_supply = options["vp_supply"]
    core.goods_supply = list(setup.goods)
    core.ship_good = [-1] * len(setup.ships)
    core.ship_load = [0] * len(setup.ships)
    core.house = []
    plantations = list(setup.plantations)
    core.tiles = [0] * (players * NT)
    core.doubloons = []
    for seat, kind in enumerate(setup.starting):
        plantations[kind] -= 1
        core.tiles[seat * NT + kind] = 1
        corn_penalty = 1 if options["balanced"] and kind == 0 else 0
        core.doubloons.append(setup.doubloons - corn_penalty)
    stack = [kind for kind, count in enumerate(plantations) for _ in range(count)]
    rng = rnglib.shuffle(rng, stack)
    core.stack = stack
    core.discard = []
    core.face_up = []
    core.rng = rng
    draw_face_up(core)
    core.quarries = setup.quarries
    core.bsupply = [b.copies_2p if players == 2 else b.copies for b in BUILDINGS]
    core.vp = [0] * players
    core.goods = [0] * (players * NG)
    core.occ = [0] * (players * NT)
    core.bcol = [-1] * (players * NB)
    core.san_juan = [0] * players
    core.spaces = [0] * players
    core.ends = 0
    clear_phase(core, ROLE, 0)
    settle(core)
    return core


def clear_phase(core: Core, phase: int, seat: int) -> None:
    """Enter `phase` with `seat` to decide and every per-decision scratch field at rest."""
    core.phase = phase
    core.cur = seat
    core.chooser = -1
    core.turn = 0
    core.flag = 0
    core.scratch = -1
    core.cursor = 0
    core.mask = 0
    core.passed = 0


def draw_tile(core: Core) -> int:
    """Draw the top face-down plantation; reshuffle the discards when the stack is empty (S-4)."""
    if not core.stack:
        if not core.discard:
            return -1
        core.stack = core.discard
        core.discard = []
        core.stack.sort()
        core.rng = rnglib.shuffle(core.rng, core.stack)
    return core.stack.pop()


def draw_face_up(core: Core) -> None:
    for _ in range(core.n + 1):
        kind = draw_tile(core)
        if kind < 0:
            break
        core.face_up.append(kind)
    core.face_up.sort()


def building_cost(core: Core, seat: int, building: int) -> int:
    """What `seat` pays for `building` in the builder phase now (the builder's privilege included)."""
    builder = seat == core.chooser and core.phase in (BUILD, P_UNIVERSITY)
    return cost_for(core, seat, building, builder)


def cost_for(core: Core, seat: int, building: int, is_builder: bool) -> int:
    """The price `seat` would pay now, as builder or not (for views and explanations)."""
    return price(core.costs[building], core.occ[seat * NT + QUARRY], _COLUMNS[building], is_builder)


# --- legal actions ----------------------------------------------------------------------------

def legal(core: Core) -> list[Any]:
    phase = core.phase
    p = core.cur
    if phase == ROLE:
        taken = core.role_taken
        return [ACTS[A.ROLE0 + r] for r in core.role_cards if taken[r] < 0]
    if phase == SETTLE:
        return _legal_settle(core, p)
    if phase == SHIP:
        return _legal_ship(core, p)
    if phase == PLACE:
        return _legal_place(core, p)
    if phase == BUILD:
        return _legal_build(core, p)
    if phase == SELL:
        return _legal_sell(core, p)
    if phase == STORE:
        goods = core.goods
        base = p * NG
        out = [ACTS[A.STORE0 + k] for k in range(core.cursor, NG) if goods[base + k]]
        out.append(ACTS[A.STORE_DONE])
        return out
    if phase == KEEP:
        goods = core.goods
        base = p * NG
        stored = core.mask
        out = [ACTS[A.KEEP0 + k] for k in range(NG) if goods[base + k] and not stored >> k & 1]
        out.append(ACTS[A.KEEP_NONE])
        return out
    # The free colonists below need one to exist (M1: the mayor's only from the supply; S-3 and
    # B5: supply, else ship). Play never enters these decisions without one; a loaded position may.
    if phase == P_MAYOR:
        if not core.col_supply:
            return [ACTS[A.MAYOR_REFUSE]]
        return [ACTS[A.MAYOR_TAKE], ACTS[A.MAYOR_REFUSE]]
    if phase == P_HOSPICE:
        if not (core.col_supply or core.col_ship):
            return [ACTS[A.HOSPICE_PASS]]
        return [ACTS[A.HOSPICE_TAKE], ACTS[A.HOSPICE_PASS]]
    if phase == P_UNIVERSITY:
        if not (core.col_supply or core.col_ship):
            return [ACTS[A.UNIVERSITY_PASS]]
        return [ACTS[A.UNIVERSITY_TAKE], ACTS[A.UNIVERSITY_PASS]]
    if phase == BONUS:
        supply = core.goods_supply
        produced = core.mask
        out = [ACTS[A.BONUS0 + k] for k in range(NG) if produced >> k & 1 and supply[k]]
        out.append(ACTS[A.BONUS_PASS])
        return out
    return []


def _legal_settle(core: Core, p: int) -> list[Any]:
    base = p * NT
    tiles = core.tiles
    if sum(tiles[base:base + NT]) >= ISLAND_SPACES:
        return [ACTS[A.SETTLE_PASS]]
    out = []
    last = -1
    for kind in core.face_up:  # sorted, so each kind once
        if kind != last:
            out.append(ACTS[A.SETTLE0 + kind])
            last = kind
    bcol = core.bcol
    bbase = p * NB
    if core.quarries and (p == core.chooser or bcol[bbase + CONSTRUCTION_HUT] > 0):
        out.append(ACTS[A.SETTLE0 + QUARRY])
    if not core.flag and bcol[bbase + HACIENDA] > 0 and (core.stack or core.discard):
        out.append(ACTS[A.HACIENDA])
    out.append(ACTS[A.SETTLE_PASS])
    return out


def _legal_place(core: Core, p: int) -> list[Any]:
    if not core.san_juan[p]:
        return [ACTS[A.PLACE_DONE]]
    caps = _free_capacities(core, p)
    out = []
    cursor = core.cursor
    if core.forced:
        # Forced placement (R2 option): every circle that can be filled must be filled, so a
        # target may be skipped only if the later ones can still take all remaining colonists.
        remaining = core.san_juan[p]
        after = sum(caps[cursor:])
        need = remaining if remaining < after else after
        for t in range(cursor, len(caps)):
            if caps[t] and after >= need:
                out.append(ACTS[A.PLACE0 + t])
            after -= caps[t]
        if not out:
            out.append(ACTS[A.PLACE_DONE])
        return out
    for t in range(cursor, len(caps)):
        if caps[t]:
            out.append(ACTS[A.PLACE0 + t])
    out.append(ACTS[A.PLACE_DONE])
    return out


def _free_capacities(core: Core, p: int) -> list[int]:
    """Free circles by placement target: the six tile kinds, then the 23 buildings."""
    tbase = p * NT
    tiles = core.tiles
    occ = core.occ
    caps = [tiles[tbase + k] - occ[tbase + k] for k in range(NT)]
    bbase = p * NB
    bcol = core.bcol
    for b in range(NB):
        c = bcol[bbase + b]
        caps.append(_CIRCLES[b] - c if c >= 0 else 0)
    return caps


def _legal_build(core: Core, p: int) -> list[Any]:
    money = core.doubloons[p]
    free = CITY_SPACES - core.spaces[p]
    quarries = core.occ[p * NT + QUARRY]
    builder = p == core.chooser
    bcol = core.bcol
    bbase = p * NB
    supply = core.bsupply
    costs = core.costs
    out = []
    for b in range(NB):
        if supply[b] and bcol[bbase + b] < 0 and _SIZES[b] <= free:
            if price(costs[b], quarries, _COLUMNS[b], builder) <= money:
                out.append(ACTS[A.BUILD0 + b])
    out.append(ACTS[A.BUILD_PASS])
    return out


def _legal_sell(core: Core, p: int) -> list[Any]:
    house = core.house
    out = []
    if len(house) < 4:
        goods = core.goods
        base = p * NG
        office = core.bcol[p * NB + OFFICE] > 0
        for k in range(NG):
            if goods[base + k] and (office or k not in house):
                out.append(ACTS[A.SELL0 + k])
    out.append(ACTS[A.SELL_PASS])
    return out


def _ship_loads(core: Core, p: int) -> list[Any]:
    """C3-C5: for each good, the ships it may go on (its own ship, else the fullest-loading empty ones)."""
    goods = core.goods
    base = p * NG
    caps = core.ship_caps
    ship_good = core.ship_good
    ship_load = core.ship_load
    out = []
    for k in range(NG):
        have = goods[base + k]
        if not have:
            continue
        if k in ship_good:
            i = ship_good.index(k)
            if ship_load[i] < caps[i]:
                out.append(ACTS[A.SHIP0 + k * 5 + _CAP_INDEX[caps[i]]])
            continue
        best = 0
        for i, cap in enumerate(caps):
            if ship_good[i] < 0:
                fit = have if have < cap else cap
                best = max(best, fit)
        if best:
            for i, cap in enumerate(caps):
                if ship_good[i] < 0 and (have if have < cap else cap) == best:
                    out.append(ACTS[A.SHIP0 + k * 5 + _CAP_INDEX[cap]])
    return out


def _wharf_loads(core: Core, p: int) -> list[Any]:
    if core.mask >> p & 1 or core.bcol[p * NB + WHARF] <= 0:
        return []
    goods = core.goods
    base = p * NG
    return [ACTS[A.WHARF0 + k] for k in range(NG) if goods[base + k]]


def _legal_ship(core: Core, p: int) -> list[Any]:
    out = _ship_loads(core, p)
    wharf = _wharf_loads(core, p)
    if out:
        return out + wharf  # C1: a player who can load must load
    wharf.append(ACTS[A.SHIP_PASS])  # the wharf is optional (§5)
    return wharf


def _can_load(core: Core, p: int) -> bool:
    if core.passed >> p & 1:
        return False
    return bool(_ship_loads(core, p)) or bool(_wharf_loads(core, p))


# --- applying actions -------------------------------------------------------------------------

def step(core: Core, aid: int) -> None:
    """Apply the action with id `aid`, which must be legal now (no checks)."""
    p = core.cur
    if aid < A.SETTLE0:
        _choose_role(core, p, aid - A.ROLE0)
    elif aid < A.HOSPICE_TAKE:
        _step_settle(core, p, aid)
    elif aid == A.HOSPICE_TAKE:
        _free_colonist_to_tile(core, p, core.scratch)
        _next_settler(core)
    elif aid == A.HOSPICE_PASS:
        _next_settler(core)
    elif aid == A.MAYOR_TAKE:
        core.col_supply -= 1
        core.san_juan[p] += 1
        _distribute_colonists(core)
    elif aid == A.MAYOR_REFUSE:
        _distribute_colonists(core)
    elif aid < A.PLACE_DONE:
        _place(core, p, aid - A.PLACE0)
    elif aid == A.PLACE_DONE:
        _next_mayor(core)
    elif aid < A.BUILD_PASS:
        _build(core, p, aid - A.BUILD0)
    elif aid == A.BUILD_PASS:
        _next_builder(core)
    elif aid == A.UNIVERSITY_TAKE:
        _free_colonist_to_building(core, p, core.scratch)
        _next_builder(core)
    elif aid == A.UNIVERSITY_PASS:
        _next_builder(core)
    elif aid < A.BONUS_PASS:
        k = aid - A.BONUS0
        core.goods_supply[k] -= 1
        core.goods[p * NG + k] += 1
        end_phase(core)
    elif aid == A.BONUS_PASS:
        end_phase(core)
    elif aid < A.SELL_PASS:
        _sell(core, p, aid - A.SELL0)
    elif aid == A.SELL_PASS:
        _next_trader(core)
    elif aid < A.WHARF0:
        k, ci = divmod(aid - A.SHIP0, 5)
        _load(core, p, k, core.ship_caps.index(A.SHIP_CAPACITIES[ci]))
    elif aid < A.SHIP_PASS:
        _load(core, p, aid - A.WHARF0, -1)
    elif aid == A.SHIP_PASS:
        core.passed |= 1 << p
        _next_shipper(core, p)
    elif aid < A.STORE_DONE:
        k = aid - A.STORE0
        core.mask |= 1 << k
        core.cursor = k + 1
        if _stored_count(core.mask) >= _warehouse_kinds(core, p):
            _to_keep(core)
    elif aid == A.STORE_DONE:
        _to_keep(core)
    elif aid < A.KEEP_NONE:
        _finish_storage(core, p, aid - A.KEEP0)
    else:
        _finish_storage(core, p, -1)


def settle(core: Core) -> None:
    """Apply forced decisions until a real choice (or the end); cache the legal actions."""
    auto: list[tuple[int, Any]] = []
    while True:
        acts = legal(core)
        if len(acts) != 1:
            core.legal = acts
            core.auto = auto
            return
        auto.append((core.cur, acts[0]))
        step(core, acts[0].id)


# role selection and the round

def _picker(core: Core) -> int:
    return (core.governor + core.picks_done) % core.n


def _choose_role(core: Core, p: int, role: int) -> None:
    core.role_taken[role] = p
    core.doubloons[p] += core.role_money[role]
    core.role_money[role] = 0
    core.chooser = p
    core.turn = 0
    core.cur = p
    if role == SETTLER:
        core.phase = SETTLE
        core.flag = 0
    elif role == MAYOR:
        if core.col_supply:
            core.phase = P_MAYOR  # M1: the privilege colonist comes from the supply only
        else:
            _distribute_colonists(core)
    elif role == BUILDER:
        core.phase = BUILD
    elif role == CRAFTSMAN:
        _produce(core)
    elif role == TRADER:
        core.phase = SELL
    elif role == CAPTAIN:
        core.phase = SHIP
        core.flag = 0
        core.mask = 0
        core.passed = 0
        if not _can_load(core, p):
            _next_shipper(core, p)
    else:  # prospector (R2)
        core.doubloons[p] += 1
        end_phase(core)


def end_phase(core: Core) -> None:
    core.picks_done += 1
    core.chooser = -1
    if core.picks_done < core.picks:
        core.phase = ROLE
        core.cur = _picker(core)
        return
    # End of the round (§3.1 step 4): a doubloon on every role card nobody chose.
    for r in core.role_cards:
        if core.role_taken[r] < 0:
            core.role_money[r] += 1
        core.role_taken[r] = -1
    if core.ends:
        core.phase = OVER
        core.cur = -1
        return
    core.governor = (core.governor + 1) % core.n
    core.round += 1
    core.picks_done = 0
    core.phase = ROLE
    core.cur = core.governor


def _next_turn(core: Core) -> bool:
    """Advance a once-each phase to the next seat; False when everyone has had a turn."""
    core.turn += 1
    if core.turn >= core.n:
        return False
    core.cur = (core.chooser + core.turn) % core.n
    return True


# settler

def _step_settle(core: Core, p: int, aid: int) -> None:
    if aid == A.SETTLE_PASS:
        _next_settler(core)
        return
    if aid == A.HACIENDA:  # S-2: the hacienda tile comes first and gets no hospice colonist
        kind = draw_tile(core)
        core.tiles[p * NT + kind] += 1
        core.flag = 1
        return
    kind = aid - A.SETTLE0
    if kind == QUARRY:
        core.quarries -= 1
    else:
        core.face_up.remove(kind)
    core.tiles[p * NT + kind] += 1
    if core.bcol[p * NB + HOSPICE] > 0 and (core.col_supply or core.col_ship):
        core.phase = P_HOSPICE
        core.scratch = kind
        return
    _next_settler(core)


def _next_settler(core: Core) -> None:
    core.phase = SETTLE
    core.flag = 0
    if _next_turn(core):
        return
    # S-4: discard the leftover face-up tiles, then draw N+1 new ones.
    core.discard.extend(core.face_up)
    core.face_up = []
    draw_face_up(core)
    end_phase(core)


def _take_free_colonist(core: Core) -> bool:
    """Hospice and university: a colonist from the supply, else from the ship (S-3, B5)."""
    if core.col_supply:
        core.col_supply -= 1
        return True
    if core.col_ship:
        core.col_ship -= 1
        return True
    return False


def _free_colonist_to_tile(core: Core, p: int, kind: int) -> None:
    if _take_free_colonist(core):
        core.occ[p * NT + kind] += 1


def _free_colonist_to_building(core: Core, p: int, building: int) -> None:
    if _take_free_colonist(core):
        core.bcol[p * NB + building] += 1


# mayor

def _distribute_colonists(core: Core) -> None:
    """M2: ship colonists one at a time from the mayor, clockwise; then everyone rearranges (M3)."""
    n = core.n
    ship = core.col_ship
    each, extra = divmod(ship, n)
    for offset in range(n):
        seat = (core.chooser + offset) % n
        core.san_juan[seat] += each + (1 if offset < extra else 0)
    core.col_ship = 0
    core.turn = 0
    core.cur = core.chooser
    _start_placing(core, core.chooser)


def _start_placing(core: Core, p: int) -> None:
    """All of the player's colonists start unassigned (in San Juan), then fill targets in order."""
    tbase = p * NT
    bbase = p * NB
    occ = core.occ
    bcol = core.bcol
    moved = 0
    for k in range(NT):
        moved += occ[tbase + k]
        occ[tbase + k] = 0
    for b in range(NB):
        c = bcol[bbase + b]
        if c > 0:
            moved += c
            bcol[bbase + b] = 0
    core.san_juan[p] += moved
    core.cursor = 0
    core.phase = PLACE


def _place(core: Core, p: int, target: int) -> None:
    core.san_juan[p] -= 1
    if target < NT:
        core.occ[p * NT + target] += 1
    else:
        core.bcol[p * NB + target - NT] += 1
    core.cursor = target


def _next_mayor(core: Core) -> None:
    if _next_turn(core):
        _start_placing(core, core.cur)
        return
    # M7/M8: refill the ship with max(N, empty building circles); a short supply ends the game.
    empty = 0
    bcol = core.bcol
    for seat in range(core.n):
        base = seat * NB
        for b in range(NB):
            c = bcol[base + b]
            if c >= 0:
                empty += _CIRCLES[b] - c
    need = empty if empty > core.n else core.n
    if core.col_supply < need:
        core.col_ship = core.col_supply
        core.col_supply = 0
        core.ends |= END_COLONISTS
    else:
        core.col_ship = need
        core.col_supply -= need
    end_phase(core)


# builder

def _build(core: Core, p: int, building: int) -> None:
    core.doubloons[p] -= building_cost(core, p, building)
    core.bsupply[building] -= 1
    core.bcol[p * NB + building] = 0
    core.spaces[p] += _SIZES[building]
    if core.spaces[p] >= CITY_SPACES:
        core.ends |= END_CITY  # E1(b)
    if core.bcol[p * NB + UNIVERSITY] > 0 and (core.col_supply or core.col_ship):
        core.phase = P_UNIVERSITY
        core.scratch = building
        return
    _next_builder(core)


def _next_builder(core: Core) -> None:
    core.phase = BUILD
    if not _next_turn(core):
        end_phase(core)


# craftsman

def _produce(core: Core) -> None:
    """P1-P3: production from the craftsman clockwise, limited by the supply; factory pays."""
    n = core.n
    supply = core.goods_supply
    occ = core.occ
    bcol = core.bcol
    for offset in range(n):
        p = (core.chooser + offset) % n
        tbase = p * NT
        bbase = p * NB
        kinds = 0
        produced_mask = 0
        for k in range(NG):
            plantations = occ[tbase + k]
            if not plantations:
                continue
            if k:
                workers = 0
                for b in PRODUCERS[k]:
                    c = bcol[bbase + b]
                    if c > 0:
                        workers += c
                amount = plantations if plantations < workers else workers
            else:
                amount = plantations
            amount = min(amount, supply[k])
            if amount:
                supply[k] -= amount
                core.goods[p * NG + k] += amount
                kinds += 1
                produced_mask |= 1 << k
        if kinds and bcol[bbase + FACTORY] > 0:
            core.doubloons[p] += FACTORY_BONUS[kinds]
        if offset == 0:
            core.mask = produced_mask
    core.phase = BONUS
    core.cur = core.chooser


# trader

def _sell(core: Core, p: int, k: int) -> None:
    core.goods[p * NG + k] -= 1
    core.house.append(k)
    price = k  # the trading-house price equals the good's index (§1)
    if p == core.chooser:
        price += 1
    bbase = p * NB
    if core.bcol[bbase + SMALL_MARKET] > 0:
        price += 1
    if core.bcol[bbase + LARGE_MARKET] > 0:
        price += 2
    core.doubloons[p] += price
    _next_trader(core)


def _next_trader(core: Core) -> None:
    if len(core.house) < 4 and _next_turn(core):
        return
    if len(core.house) >= 4:  # T4: a full house is emptied; otherwise its goods stay
        for k in core.house:
            core.goods_supply[k] += 1
        core.house = []
    end_phase(core)


# captain

def _load(core: Core, p: int, k: int, ship: int) -> None:
    base = p * NG
    have = core.goods[base + k]
    if ship < 0:  # wharf: every barrel of the kind, back to the supply
        amount = have
        core.mask |= 1 << p
        core.goods_supply[k] += amount
    else:
        room = core.ship_caps[ship] - core.ship_load[ship]
        amount = have if have < room else room
        core.ship_good[ship] = k
        core.ship_load[ship] += amount
    core.goods[base + k] = have - amount
    points = amount
    if p == core.chooser and not core.flag:
        points += 1  # C7/C9: once, on the captain's first load
        core.flag = 1
    if core.bcol[p * NB + HARBOR] > 0:
        points += 1  # C8: per loading turn
    core.vp[p] += points
    core.vp_supply -= points
    if core.vp_supply <= 0:
        core.vp_supply = 0
        core.ends |= END_VP  # E1(c): VPs keep being paid past the supply (E3)
    core.passed = 0
    _next_shipper(core, p)


def _next_shipper(core: Core, p: int) -> None:
    """C2: the next seat clockwise that can load; when nobody can, the goods are stored."""
    n = core.n
    for offset in range(1, n + 1):
        q = (p + offset) % n
        if _can_load(core, q):
            core.cur = q
            return
    core.turn = 0
    core.cur = core.chooser
    _start_storage(core)


def _warehouse_kinds(core: Core, p: int) -> int:
    bbase = p * NB
    return (1 if core.bcol[bbase + SMALL_WAREHOUSE] > 0 else 0) + (
        2 if core.bcol[bbase + LARGE_WAREHOUSE] > 0 else 0
    )


def _stored_count(mask: int) -> int:
    return bin(mask).count("1")


def _start_storage(core: Core) -> None:
    """C10: from the captain clockwise, each keeps what the warehouses and the wind rose hold."""
    p = core.cur
    core.mask = 0
    core.cursor = 0
    base = p * NG
    if not any(core.goods[base:base + NG]):
        _finish_storage(core, p, -1)
    elif _warehouse_kinds(core, p):
        core.phase = STORE
    else:
        core.phase = KEEP


def _to_keep(core: Core) -> None:
    core.phase = KEEP


def _finish_storage(core: Core, p: int, keep: int) -> None:
    base = p * NG
    goods = core.goods
    supply = core.goods_supply
    stored = core.mask
    for k in range(NG):
        have = goods[base + k]
        if have and not stored >> k & 1:
            kept = 1 if k == keep else 0
            supply[k] += have - kept
            goods[base + k] = kept
    if _next_turn(core):
        _start_storage(core)
        return
    # C11: full ships are emptied; the others keep their cargo.
    for i, cap in enumerate(core.ship_caps):
        if core.ship_load[i] >= cap:
            supply[core.ship_good[i]] += core.ship_load[i]
            core.ship_load[i] = 0
            core.ship_good[i] = -1
    core.mask = 0
    end_phase(core)
