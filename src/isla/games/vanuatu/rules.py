"""The rules of Vanuatu as functions over a `Core`: `legal` (the decision now), `step` and `settle`.

`step` trusts its action (the unchecked path); `settle` applies every decision that has exactly one
legal action, so a position handed to a player always offers a real choice. Preparation and the
rest bonuses need no decision: they run inside `step` when the last decision before them is made.
Rule references (§, V1-V26) point into rules/vanuatu.md.
"""

from __future__ import annotations

from isla.core import rng as rnglib
from isla.core.protocol import Action
from isla.games.vanuatu import actions as A
from isla.games.vanuatu import board, planning, reach, table, waters
from isla.games.vanuatu.data import (
    ARCHIPELAGO,
    ARTIST,
    BEG_MAX,
    BEGGAR,
    BONUS_CHARACTERS,
    BUILD,
    BUY,
    BUYER,
    DIKE_COST,
    DIVER,
    DRAW,
    DRAW_PP,
    DRAW_PP_ARTIST,
    EXPLORE,
    FIRST,
    FISH,
    FISH_PRICE_MIN,
    FISH_PRICE_START,
    FISHERMAN,
    GOOD_PRICE,
    GOVERNOR,
    GUIDE,
    GUIDE_PP_PER_DRAWING,
    LINKED,
    N_CHARACTERS,
    N_SPACES,
    NAVIGATOR,
    NEUTRAL_MARKERS,
    PLANNING_PASSES,
    PREACHER,
    REST,
    REST_BONUS,
    REST_TOKENS,
    ROUNDS,
    SAIL,
    SELL,
    TILE_ROUNDS,
    TILES,
    TOURIST,
    TOURIST_VATU_PER_HUT,
    TWO_PLAYER_OFFER,
)
from isla.games.vanuatu.state import BUYER as P_BUYER
from isla.games.vanuatu.state import CHARS, DIKE, FINAL, NEUTRAL, OVER, PLAN, RESOLVE, Core
from isla.games.vanuatu.state import TILES as P_TILES

ACTS = A.ACTIONS
IS_ISLAND = reach.IS_ISLAND
NS = N_SPACES


# --- the round --------------------------------------------------------------------------------

def start_round(core: Core) -> None:
    """After preparation: neutral markers (2 players), character choice, then planning."""
    if core.n == 2:
        core.phase = NEUTRAL
        core.cur = core.first
        core.step = 0
        core.cursor = 0
    else:
        start_characters(core)


def start_characters(core: Core) -> None:
    if not core.chars_on:
        start_planning(core)
        return
    if core.n == 2:  # §13.2: 5 random characters, none of the 5 seen last round
        pool = [c for c in range(N_CHARACTERS) if c not in core.seen]
        core.rng = rnglib.shuffle(core.rng, pool)
        core.offer = sorted(pool[:TWO_PLAYER_OFFER])
        core.seen = core.offer[:]
    core.phase = CHARS
    core.cur = core.first
    core.step = 0


def start_planning(core: Core) -> None:
    core.phase = PLAN
    core.cur = core.first
    core.step = 0


def _next_seat(core: Core, seat: int) -> int:
    return (seat + 1) % core.n


def _advance_resolution(core: Core, after: int) -> None:
    """The next seat clockwise with markers on the board takes a turn; none left: the round ends."""
    for i in range(1, core.n + 1):
        seat = (after + i) % core.n
        if core.has_markers(seat):
            core.phase = RESOLVE
            core.cur = seat
            return
    end_round(core)


def end_round(core: Core) -> None:
    """Phase V: rest bonuses in turn order; only the first-player token changes the first player."""
    new_first = core.first
    for seat in core.order():
        token = core.rest_taken[seat]
        if token < 0:
            continue
        vatus, pp = REST_BONUS[token]
        core.pp[seat] += pp
        table.gain(core, seat, vatus)
        if token == FIRST:
            new_first = seat
    core.first = new_first
    core.rest_taken = [-1] * core.n
    core.rest_pile = list(range(len(REST_TOKENS)))
    core.rng = rnglib.shuffle(core.rng, core.rest_pile)
    core.neutral = [0] * NS
    core.placed = [0] * core.n
    core.done = [0] * core.n
    core.gov_dest = [-1] * core.n
    core.countdown = -1  # a countdown that did not run out: the waters do not rise this round
    if core.round >= ROUNDS:
        start_final(core)
    else:
        prepare(core)


def prepare(core: Core) -> None:
    """Phase I (§8.1, V3-V5, V13b, V23), then the first player's tile placement in rounds 2-7."""
    core.round += 1
    core.tourist_tile = core.tourist_stack.pop() if core.tourist_stack else -1
    core.tourists_left = max(core.tourist_tile, 0)
    table.refill_display(core)
    for cell in core.islands:
        if not any(core.goods[cell * 3:cell * 3 + 3]) and not waters.submerged(core, cell):
            table.fill_goods(core, cell)
    core.fish_price = FISH_PRICE_START
    core.used = [0] * core.n
    waters.roll(core)
    if core.round in TILE_ROUNDS and core.preview:
        core.phase = P_TILES
        core.cur = core.first
        core.step = 0
    else:
        start_round(core)


def start_final(core: Core) -> None:
    """V25: one last decision for each seat that could still sell a treasure or beg."""
    for seat in core.order():
        if _has_extras(core, seat, FINAL):
            core.phase = FINAL
            core.cur = seat
            return
    core.phase = OVER
    core.cur = -1


# --- majorities -------------------------------------------------------------------------------

def holds(core: Core, seat: int, space: int) -> bool:
    """Plurality with the turn-order tie-break (§8.4); 2 players: also beat the neutral stack (§13.4)."""
    mine = core.markers[seat * NS + space]
    if not mine:
        return False
    earlier = True
    for other in core.order():
        if other == seat:
            earlier = False
            continue
        theirs = core.markers[other * NS + space]
        if theirs > mine or (earlier and theirs == mine):
            return False
    if core.n == 2:
        neutral = core.neutral[space]
        linked = reach.character(core, seat) >= 0 and LINKED[core.char[seat]] == space
        if mine < neutral or (mine == neutral and not (linked or core.gov_dest[seat] == space)):
            return False
    return True


# --- legal actions ----------------------------------------------------------------------------

def legal(core: Core) -> list[Action]:
    phase = core.phase
    if phase == OVER:
        return []
    p = core.cur
    if phase == RESOLVE:
        out = _legal_resolve(core, p)
    elif phase == PLAN:
        out = [ACTS[A.PLAN0 + s] for s in planning.plannable(core, p)]
    elif phase == CHARS:
        out = _legal_characters(core)
    elif phase == P_BUYER:
        out = [ACTS[A.BUYER_TAKE], ACTS[A.BUYER_SKIP]]
    elif phase == DIKE:
        out = [*_dike_options(core, p), ACTS[A.DIKE_SKIP]]
    elif phase == NEUTRAL:
        out = [ACTS[A.NEUTRAL0 + s] for s in range(core.cursor, NS)]
    elif phase == P_TILES:
        out = _legal_tiles(core)
    else:  # FINAL
        out = [ACTS[A.FINISH]]
    return _extras(core, p, phase) + out


def _has_extras(core: Core, seat: int, phase: int) -> bool:
    return bool(_extras(core, seat, phase))


# bonuses=automatic (games stored before the option): the Beggar traded from planning on only.
_BEG_PHASES_AUTOMATIC = (PLAN, RESOLVE, P_BUYER, DIKE, FINAL)


def _extras(core: Core, seat: int, phase: int) -> list[Action]:
    """V25: treasure sales at any decision of the seat; V26: the Beggar's trade, once a round, at
    any decision of a seat holding it (the card of last round until the seat picks a new one, V10).
    bonuses=automatic: the trade only once the round's character is chosen."""
    out = []
    base = seat * 3
    for v in range(3):
        if core.treasures[base + v]:
            out.append(ACTS[A.CASH0 + v])
    if (
        (core.optional_bonuses or phase in _BEG_PHASES_AUTOMATIC)
        and reach.character(core, seat) == BEGGAR
        and not core.used[seat]
    ):
        for k in range(min(BEG_MAX, core.pp[seat])):
            out.append(ACTS[A.BEG0 + k])
    return out


def _legal_characters(core: Core) -> list[Action]:
    if core.n == 2:
        return [ACTS[A.CHAR0 + c] for c in core.offer]
    held = set(core.char)  # V10: the seat's own previous character is still held by it
    return [ACTS[A.CHAR0 + c] for c in range(N_CHARACTERS) if c not in held]


def _legal_tiles(core: Core) -> list[Action]:
    """V8: strict placements of either tile; if neither tile has one, any cell next to two tiles."""
    for strict in (True, False):
        out = [
            A.tile_action(t, cell)
            for t in sorted(core.preview)
            for cell in board.placements(core.tile, IS_ISLAND, TILES[t].island, strict)
        ]
        if out:
            return out
    empty = [cell for cell in range(board.N_CELLS) if core.tile[cell] == board.EMPTY]
    return [A.tile_action(t, cell) for t in sorted(core.preview) for cell in empty]


def bonus_holder(core: Core, p: int, space: int) -> bool:
    """bonuses=optional and `p` holds the character whose bonus changes `space` (§11)."""
    who = reach.character(core, p)
    return core.optional_bonuses and who in BONUS_CHARACTERS and LINKED[who] == space


def differs(core: Core, aid: int) -> bool:
    """Whether performing `aid` without the holder's bonus differs in effect from with it: always,
    but for the Guide on an island without drawings (+2 PP per drawing: none) and the Vendor (with
    a hut next to the boat its bonus changes nothing)."""
    if aid not in A.NOBONUS:
        return False
    if A.TOURIST0 <= aid < A.REST:
        return core.drawings[table.board_cell(core, A.ISLANDS[aid - A.TOURIST0])] > 0
    return True


def perform_options(core: Core, p: int, space: int) -> list[Action]:
    """The ways `p` can perform `space` now (empty: impossible, V11/V20/V25): with its character's
    bonus (the plain texts) and, with bonuses=optional, the ways without it that differ in effect."""
    ways = _ways(core, p, space, True)
    if ways and bonus_holder(core, p, space):
        ways += _without_bonus(core, p, space)[0]
    return ways


def _without_bonus(core: Core, p: int, space: int) -> tuple[list[Action], bool]:
    """The holder's `:nobonus` ways that differ in effect, and whether `space` is possible at all
    without the bonus."""
    plain = _ways(core, p, space, False)
    return [ACTS[A.NOBONUS[a.id]] for a in plain if differs(core, a.id)], bool(plain)


def _resolve_space(core: Core, p: int, space: int) -> list[Action]:
    """V11/V20 on a majority space: every way to perform it if it is possible, else clear it. A
    bonus is optional (§11): if the action is possible only with the holder's bonus, declining it
    leaves the action impossible, so clearing the stack is a choice too."""
    ways = _ways(core, p, space, True)
    if not ways:
        return [ACTS[A.CLEAR0 + space]]
    if bonus_holder(core, p, space):
        declined, possible = _without_bonus(core, p, space)
        ways += declined
        if not possible:
            ways.append(ACTS[A.CLEAR0 + space])
    return ways


def _ways(core: Core, p: int, space: int, bonus: bool) -> list[Action]:
    """The ways `p` can perform `space` now, with the bonus of its character (if any) or without."""
    cell = core.boat[p]
    money = core.vatu[p]
    if space == SAIL:
        sails = reach.sail_targets(core, p, cell, money, bonus)
        return [ACTS[A.SAIL0 + A.OCEAN_SLOT[core.tile[d]]] for d, _ in sails]
    if space == BUILD:
        builds = reach.build_targets(core, p, cell, money, bonus=bonus)
        huts = [ACTS[A.BUILD0 + A.ISLAND_SLOT[core.tile[i]]] for i in builds]
        return huts + _dike_options(core, p)
    if space == EXPLORE:
        return [ACTS[A.EXPLORE]] if core.treasure[cell] else []
    if space == FISH:
        return [ACTS[A.FISH]] if core.fish[cell] else []
    if space == SELL:
        if not reach.can_sell_at(core, p, cell, bonus=bonus):
            return []
        h1, h2, h3 = core.fish_held[p * 3:p * 3 + 3]
        index = A.SELL_INDEX
        return [
            ACTS[A.SELL0 + index[(c1, c2, c3)]]
            for c1 in range(h1 + 1) for c2 in range(h2 + 1) for c3 in range(h3 + 1)
            if c1 or c2 or c3
        ]
    if space == BUY:
        return [A.buy_action(core.tile[i], g) for i, g in reach.buy_targets(core, cell, money)]
    if space == DRAW:
        return [ACTS[A.DRAW0 + A.ISLAND_SLOT[core.tile[i]]] for i in reach.draw_targets(core, cell)]
    if space == TOURIST:
        return [ACTS[A.TOURIST0 + A.ISLAND_SLOT[core.tile[i]]] for i in reach.tourist_targets(core, cell)]
    return [ACTS[A.REST]] if core.rest_pile else []


def _dike_options(core: Core, p: int) -> list[Action]:
    """Rising Waters: a dike (1 vatu) on a free side of an island next to the boat (§14.6)."""
    return [
        A.dike_action(core.tile[isl], board.NEIGHBORS[isl][k])
        for isl, k in waters.dike_targets(core, core.boat[p], core.vatu[p])
    ]


def _legal_resolve(core: Core, p: int) -> list[Action]:
    """V11/V20: with majorities, resolve one of them (perform it if possible, else clear it);
    without, clear one stack, or perform one with the Preacher; the Governor may move instead."""
    base = p * NS
    mine = [s for s in range(NS) if core.markers[base + s]]
    majorities = [s for s in mine if holds(core, p, s)]
    who = reach.character(core, p)
    out: list[Action] = []
    if majorities:
        for s in majorities:
            out.extend(_resolve_space(core, p, s))
    else:
        out.extend(ACTS[A.CLEAR0 + s] for s in mine)
        if who == PREACHER and not core.used[p]:
            for s in mine:
                out.extend(perform_options(core, p, s))
    if who == GOVERNOR and not core.used[p]:
        done = core.done[p]
        for src in mine:
            out.extend(
                A.govern_action(src, dst) for dst in range(NS) if dst != src and not done >> dst & 1
            )
    return out


# --- applying actions -------------------------------------------------------------------------

def step(core: Core, aid: int) -> None:
    """Apply the action with id `aid`, which must be legal now (no checks)."""
    p = core.cur
    if A.CASH0 <= aid < A.BEG0:
        v = aid - A.CASH0
        core.treasures[p * 3 + v] -= 1
        table.gain(core, p, v + 1)
        return
    if A.BEG0 <= aid < A.FINISH:
        k = aid - A.BEG0 + 1
        core.pp[p] -= k
        core.used[p] = 1
        table.gain(core, p, k)
        return
    if aid == A.FINISH:
        _next_final(core, p)
    elif A.PLAN0 <= aid < A.TILE0:
        _plan(core, p, aid - A.PLAN0)
    elif A.CHAR0 <= aid < A.NEUTRAL0:
        _choose_character(core, p, aid - A.CHAR0)
    elif A.NEUTRAL0 <= aid < A.PLAN0:
        _neutral(core, aid - A.NEUTRAL0)
    elif A.TILE0 <= aid < A.SAIL0:
        _place_tile(core, aid - A.TILE0)
    elif aid in (A.BUYER_TAKE, A.BUYER_SKIP):
        if aid == A.BUYER_TAKE:
            core.reserve[core.pending] -= 1
            table.export(core, p, core.pending)
        core.pending = -1
        _finish_action(core, p)
    elif A.CLEAR0 <= aid < A.GOVERN0:
        _clear(core, p, aid - A.CLEAR0)
        _advance_resolution(core, p)
    elif A.GOVERN0 <= aid < A.CASH0:
        src, dst = divmod(aid - A.GOVERN0, NS)
        base = p * NS
        core.markers[base + dst] += core.markers[base + src]
        core.markers[base + src] = 0
        core.used[p] = 1
        core.gov_dest[p] = dst
        _advance_resolution(core, p)
    elif aid == A.DIKE_SKIP:
        _finish_action(core, p)
    elif aid >= A.NOBONUS0:
        _perform(core, p, A.WITH_BONUS[aid], bonus=False)
    elif A.DIKE0 <= aid < A.DIKE_SKIP:
        slot, facing = divmod(aid - A.DIKE0, board.N_CELLS)
        isl = table.board_cell(core, A.ISLANDS[slot])
        core.vatu[p] -= DIKE_COST
        core.dikes[isl] |= 1 << board.NEIGHBORS[isl].index(facing)
        if core.phase == DIKE:
            _finish_action(core, p)
        else:  # a build with a dike and no hut
            _perform(core, p, aid)
    else:
        _perform(core, p, aid)


def _finish_action(core: Core, p: int) -> None:
    """A performed action is complete: the waters count it (§14.2), then the next turn."""
    waters.tick(core)
    if core.flooded:
        core.phase = OVER
        core.cur = -1
        return
    core.phase = RESOLVE
    _advance_resolution(core, p)


def _plan(core: Core, p: int, space: int) -> None:
    core.markers[p * NS + space] += 1
    core.placed[p] += 1
    if core.placed[p] < PLANNING_PASSES[core.step]:
        return
    core.cur = _next_seat(core, p)
    if core.cur == core.first:
        core.step += 1
        if core.step == len(PLANNING_PASSES):
            core.phase = RESOLVE
            _advance_resolution(core, (core.first - 1) % core.n)


def _choose_character(core: Core, p: int, c: int) -> None:
    """V10: take the new character, return the old one (it was held until now)."""
    core.char[p] = c
    core.used[p] = 0
    if core.n == 2:
        core.offer.remove(c)
    core.step += 1
    if core.step == core.n:
        core.offer = []
        start_planning(core)
    else:
        core.cur = _next_seat(core, p)


def _neutral(core: Core, space: int) -> None:
    """§13.3: the first player places 2 neutral markers, then the other player 3 (canonical order)."""
    core.neutral[space] += 1
    core.step += 1
    core.cursor = space
    if core.step == NEUTRAL_MARKERS[0]:
        core.cur = _next_seat(core, core.cur)
        core.cursor = 0
    elif core.step == sum(NEUTRAL_MARKERS):
        start_characters(core)


def _place_tile(core: Core, offset: int) -> None:
    k, cell = divmod(offset, board.N_CELLS)
    tile = ARCHIPELAGO[k]
    core.preview.remove(tile)
    table.put_tile(core, cell, tile)
    core.step += 1
    if not core.preview:
        for _ in range(2):  # §8.1.8: the next two tiles are shown
            if core.arch:
                core.preview.append(core.arch.pop())
        start_round(core)


def _clear(core: Core, p: int, space: int) -> None:
    core.markers[p * NS + space] = 0
    core.done[p] |= 1 << space


def space_of(aid: int) -> int:
    if aid >= A.DIKE0:
        return BUILD
    if aid < A.BUILD0:
        return SAIL
    if aid < A.EXPLORE:
        return BUILD
    if aid == A.EXPLORE:
        return EXPLORE
    if aid == A.FISH:
        return FISH
    if aid < A.BUY0:
        return SELL
    if aid < A.BUYER_TAKE:
        return BUY
    if aid < A.TOURIST0:
        return DRAW
    if aid < A.REST:
        return TOURIST
    return REST


def _perform(core: Core, p: int, aid: int, bonus: bool = True) -> None:
    """Perform an action (a majority, or the Preacher's), then take the stack off the space.

    `bonus` False: without the bonus of the seat's character (`<action>:nobonus`)."""
    space = space_of(aid)
    if not holds(core, p, space):
        core.used[p] = 1  # the Preacher's once-a-round power
    who = reach.character(core, p) if bonus else -1
    cell = core.boat[p]
    buyer_good = -1
    if space == SAIL:
        dest = table.board_cell(core, A.OCEANS[aid - A.SAIL0])
        cost = 0 if who == NAVIGATOR else board.distances(core.tile, IS_ISLAND, cell, 3)[dest]
        core.vatu[p] -= cost
        core.boat[p] = dest
    elif space == BUILD:
        if aid < A.DIKE0:  # a hut; a dike alone (aid >= DIKE0) was placed by step()
            isl = table.board_cell(core, A.ISLANDS[aid - A.BUILD0])
            core.vatu[p] -= reach.hut_cost(core, p, bonus)
            core.huts[isl * core.n + p] += 1
            core.huts_left[p] -= 1
            if _dike_options(core, p):  # Rising Waters: a dike too, if the seat wants one
                _clear(core, p, space)
                core.phase = DIKE
                return
    elif space == EXPLORE:
        v = core.treasure[cell]
        core.treasure[cell] -= 1
        core.treasures[p * 3 + v - 1] += 1
        if who == DIVER:
            table.gain(core, p, v)
    elif space == FISH:
        v = core.fish[cell]
        core.fish[cell] -= 1
        core.fish_held[p * 3 + v - 1] += 1
        if who == FISHERMAN:
            core.pp[p] += v
    elif space == SELL:
        counts = A.SELLS[aid - A.SELL0]
        value = 0
        for v, c in enumerate(counts):
            core.fish_held[p * 3 + v] -= c
            value += (v + 1) * c
        table.gain(core, p, value * core.fish_price)
        core.fish_price = max(FISH_PRICE_MIN, core.fish_price - 1)
    elif space == BUY:
        slot, g = divmod(aid - A.BUY0, 3)
        isl = table.board_cell(core, A.ISLANDS[slot])
        core.vatu[p] -= GOOD_PRICE[g]
        core.goods[isl * 3 + g] -= 1
        table.export(core, p, g)
        if who == BUYER and core.reserve[g] and table.demand_slot(core, g) >= 0:
            buyer_good = g
    elif space == DRAW:
        isl = table.board_cell(core, A.ISLANDS[aid - A.DRAW0])
        core.drawings[isl] += 1
        core.pp[p] += DRAW_PP_ARTIST if who == ARTIST else DRAW_PP
    elif space == TOURIST:
        isl = table.board_cell(core, A.ISLANDS[aid - A.TOURIST0])
        core.tourists[isl] += 1
        core.tourists_left -= 1
        table.gain(core, p, TOURIST_VATU_PER_HUT * core.huts_on(isl))
        if who == GUIDE:
            core.pp[p] += GUIDE_PP_PER_DRAWING * core.drawings[isl]
    else:  # REST (V24): the top of the shuffled face-down pile
        core.rest_taken[p] = core.rest_pile.pop()
    _clear(core, p, space)
    if buyer_good >= 0:
        core.phase = P_BUYER
        core.pending = buyer_good
    else:
        _finish_action(core, p)


def _next_final(core: Core, p: int) -> None:
    order = core.order()
    for seat in order[order.index(p) + 1:]:
        if _has_extras(core, seat, FINAL):
            core.cur = seat
            return
    core.phase = OVER
    core.cur = -1


def settle(core: Core) -> None:
    """Apply forced decisions until a real choice (or the end); cache the legal actions."""
    auto: list[tuple[int, Action]] = []
    while True:
        acts = legal(core)
        if len(acts) != 1:
            core.legal = acts
            core.auto = auto
            return
        auto.append((core.cur, acts[0]))
        step(core, acts[0].id)
