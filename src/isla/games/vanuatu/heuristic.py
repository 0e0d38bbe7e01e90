"""The Vanuatu heuristic player, its position evaluation, and the scripted baseline.

Pure rules knowledge: it reads the flat lists of a `Core` (state.py) and never what a seat cannot
see (the order of the face-down stacks, the demand deck, other seats' rest tokens, the RNG): only
the public composition of the stacks (the tourists still to come) and counts. So it plays the same
in every determinization of what its seat knows.

One currency, the *expected final PP*: a vatu is worth half a PP (10 vatus become 5 PP), a fish
point what its sale should bring, a treasure point 2 PP (kept to the end), a hut the tourists its
island should still receive (those there now count too), the first-player marker its 3 PP.

- **Planning** (where the 5 markers go) is a small round plan: for every place the boat could be
  this round (where it is, or a sail of 1-3 steps), the gain of each action from there (fish, then
  sell at an own hut; a hut where tourists will come; drawings; exports the demand tiles want;
  tourists to islands with own huts; a rest token), weighted by the chance of holding the majority
  with k markers given the markers already on the board. Markers are added greedily where they add
  most; the next marker is the first of the best plan's additions that is legal now (a sail first).
- **Resolution** is a one-step lookahead: each legal action is applied to a copy, and the result is
  valued as my estimated score (against a part of the opponents' mean) plus what my remaining
  markers can still do from where the boat now is.
- **Characters** are chosen by the value of the best round plan each one gives.
- Near-ties are broken at random with the rng the caller passes.

`evaluate` turns estimated final scores into win chances with a softmax whose temperature shrinks
as the end nears. `baseline_choose` is the scripted player of issue 5: fish, then sell at a hut,
build huts where tourists come; otherwise rest.
"""

from __future__ import annotations

import math
import random

from isla.core.protocol import Action
from isla.games.vanuatu import actions as A
from isla.games.vanuatu import board, dikes, planning, reach, rules, scoring, table, waters
from isla.games.vanuatu.data import (
    ARCHIPELAGO,
    ARTIST,
    BUILD,
    BUILDER,
    BUY,
    BUYER,
    DEMAND_NEEDS,
    DIKE_COST,
    DIVER,
    DRAW,
    DRAW_PP,
    DRAW_PP_ARTIST,
    EXPLORE,
    FISH,
    FISHERMAN,
    GOOD_PP,
    GOOD_PRICE,
    GUIDE,
    GUIDE_PP_PER_DRAWING,
    HUT_COST,
    HUT_COST_BUILDER,
    LINKED,
    N_SPACES,
    NAVIGATOR,
    REST,
    ROUNDS,
    SAIL,
    SELL,
    SHIP_COMPLETION_PP,
    SUBMERGED_AT,
    TILES,
    TOURIST,
    VENDOR,
    WATER_HUT_PENALTY,
)
from isla.games.vanuatu.game import VanuatuState
from isla.games.vanuatu.state import BUYER as P_BUYER
from isla.games.vanuatu.state import CHARS, DIKE, FINAL, NEUTRAL, OVER, PLAN, RESOLVE, Core
from isla.games.vanuatu.state import TILES as P_TILES

ACTS = A.ACTIONS
NS = N_SPACES
IS_ISLAND = reach.IS_ISLAND
N_ISLAND_TILES = sum(IS_ISLAND)
NEG = -1e9

# --- the value model (PP) ------------------------------------------------------------------------
VV = 0.5  # a vatu
FV_SELL = 0.8  # a fish point held, for a seat with a hut and rounds left to sell it
FV_NO_HUT = 0.7
FV_END = 0.5  # at the end fish become vatus at face value
TREASURE_PP = 2.0
FIRST_PP = 3.0
FIRST_SHARE = 0.6  # the first-player marker may still change hands
TRANSPORT = 0.8  # share of the tourists still to come that will be transported
UNPLACED_WEIGHT = 0.6  # how much an island not yet placed draws tourists, against 1 per hut + this
HUT_BASE = 1.5  # a hut beyond its tourists: sales next to it, tourist income, the tie-break
REST_VALUE = 1.3  # the mean rest token (first player, 1 vatu + 1 PP, 1 PP, 1 vatu)
SELL_BONUS = 1.0  # a first hut next to the fish lets the seat sell at all
OTHERS = 0.3  # the opponents' mean gain counts this much against mine
ROUND_RATE = 5.0  # PP a seat gains in an average round still to play (estimates only)
PRICE_EST = 2.6  # the fish price when a planned sale happens (others may sell first)
MARGIN = 0.15
PLAN_MARGIN = 0.3
EVAL_TEMP = (3.0, 1.5)  # softmax temperature: base + slope * rounds left
FLOOD_PP = 8.0  # Rising Waters: each dike still needed to keep 3 islands above water
DIKE_MONEY_PP = 3.0  # Rising Waters: a vatu kept for a needed dike, beyond its VV

# Character bonuses the plan does not see (powers with no linked action, the Beggar's trade).
CHAR_BASE = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.8, 1.2, 0.6)


def _left(core: Core) -> int:
    """Rounds still to play after this one."""
    return ROUNDS - core.round


def _future_tourists(core: Core) -> list[float]:
    """Per island cell: tourists it should still receive (the public supply shared by hut weight)."""
    supply = core.tourists_left + sum(core.tourist_stack)
    exp = [0.0] * board.N_CELLS
    if supply <= 0:
        return exp
    n = core.n
    unplaced = N_ISLAND_TILES - len(core.islands)
    total = UNPLACED_WEIGHT * unplaced
    weights = []
    for cell in core.islands:
        room = TILES[core.tile[cell]].tourists - core.tourists[cell]
        if room <= 0 or core.water[cell] >= 5:
            continue
        w = sum(core.huts[cell * n:cell * n + n]) + UNPLACED_WEIGHT
        weights.append((cell, w, room))
        total += w
    if total <= 0:
        return exp
    moved = supply * TRANSPORT
    for cell, w, room in weights:
        exp[cell] = min(float(room), moved * w / total)
    return exp


def _final_water(core: Core) -> list[int]:
    """Per cell, the water markers expected at the end (Rising Waters; see dikes.py)."""
    return dikes.final_water(core)


def _dikes_to_safety(core: Core) -> int:
    """Rising Waters: the dikes still needed to keep the sea from taking too many islands."""
    return dikes.dikes_to_safety(core)


def _has_hut(core: Core, p: int) -> bool:
    n = core.n
    return any(core.huts[cell * n + p] for cell in core.islands)


def _fish_points(core: Core, p: int) -> int:
    b = p * 3
    return core.fish_held[b] + 2 * core.fish_held[b + 1] + 3 * core.fish_held[b + 2]


def _treasure_points(core: Core, p: int) -> int:
    b = p * 3
    return core.treasures[b] + 2 * core.treasures[b + 1] + 3 * core.treasures[b + 2]


def _fish_value(core: Core, p: int, left: int) -> float:
    if left <= 0 and not core.markers[p * NS + SELL]:
        return FV_END
    return FV_SELL if _has_hut(core, p) else FV_NO_HUT


def _est(core: Core, p: int, exp: list[float], left: int) -> float:
    """Seat p's score if the game ended with this position's assets valued at their expectation."""
    if core.phase in (FINAL, OVER):
        return float(scoring.breakdown(core, p)["total"])
    n = core.n
    score = core.pp[p] + VV * core.vatu[p] + TREASURE_PP * _treasure_points(core, p)
    score += _fish_value(core, p, left) * _fish_points(core, p)
    hut_pp = core.hut_pp
    water = _final_water(core)
    for cell in core.islands:
        h = core.huts[cell * n + p]
        if h and water[cell] < SUBMERGED_AT:  # a hut on an island the sea will take is worth nothing
            penalty = WATER_HUT_PENALTY[min(water[cell], 4)]
            score += h * (hut_pp * (core.tourists[cell] + exp[cell]) - penalty)
    if core.first == p:
        score += FIRST_PP * (1.0 if left <= 0 else FIRST_SHARE)
    return score


def estimates(state: VanuatuState) -> list[float]:
    """Each seat's expected final score (the numbers `evaluate` turns into win chances)."""
    core = state.core
    left = _left(core)
    exp = _future_tourists(core)
    future = ROUND_RATE * left if core.phase not in (FINAL, OVER) else 0.0
    return [_est(core, p, exp, left) + future for p in range(core.n)]


def evaluate(state: VanuatuState) -> list[float]:
    """Each seat's chance to win, in [0, 1], summing to 1 (exact for a finished game)."""
    core = state.core
    if core.phase == OVER:
        return scoring.result(core).win_shares()
    est = estimates(state)
    temp = EVAL_TEMP[0] + EVAL_TEMP[1] * _left(core)
    top = max(est)
    weights = [math.exp((e - top) / temp) for e in est]
    total = sum(weights)
    return [w / total for w in weights]


# --- what each action is worth from a boat cell --------------------------------------------------

def _hut_value(core: Core, cell: int, exp: list[float]) -> float:
    """The PP a new hut on island `cell` should bring (tourists there now and to come)."""
    n = core.n
    water = _final_water(core)[cell]
    if water >= SUBMERGED_AT:
        return 0.0
    room = TILES[core.tile[cell]].tourists - core.tourists[cell]
    future = min(float(room), exp[cell] * (1.0 + 1.0 / (1.0 + sum(core.huts[cell * n:cell * n + n]))))
    value = core.hut_pp * (core.tourists[cell] + future) + HUT_BASE
    value -= WATER_HUT_PENALTY[min(water, 4)]
    return value


class _Ctx:
    """Facts about a position shared by every boat cell a plan looks at."""

    __slots__ = ("dikes", "exp", "exports", "first_hut", "left", "rescue")

    def __init__(self, core: Core, p: int, exp: list[float] | None = None) -> None:
        self.left = _left(core)
        self.exp = _future_tourists(core) if exp is None else exp
        self.exports = [_export_value(core, good) for good in range(3)]
        self.first_hut = not _has_hut(core, p)
        self.dikes = _dikes_to_safety(core)
        self.rescue = dikes.rescue_islands(core) if self.dikes else set()


def _gains(core: Core, p: int, cell: int, money: int, ctx: _Ctx, *, who: int) -> list[float]:
    """What each space is worth to p performed from a boat on `cell` with `money` (NEG: impossible).

    SELL holds the gain per fish point (the points come from the plan)."""
    exp = ctx.exp
    left = ctx.left
    g = [NEG] * NS
    n = core.n
    near = reach.near(core, cell)
    v = core.fish[cell]
    fv = FV_SELL if left > 0 or core.markers[p * NS + SELL] else FV_END
    if v:
        g[FISH] = v * fv + (v if who == FISHERMAN else 0)
    v = core.treasure[cell]
    if v:
        g[EXPLORE] = TREASURE_PP * v + (VV * v if who == DIVER else 0.0)
    if who == VENDOR or any(core.huts[i * n + p] for i in near):
        g[SELL] = PRICE_EST * VV - fv
    cost = HUT_COST_BUILDER if who == BUILDER else HUT_COST
    if core.huts_left[p] > 0 and money >= cost:
        best = NEG
        first = ctx.first_hut
        for i in near:
            if core.huts_on(i) < TILES[core.tile[i]].huts:
                value = _hut_value(core, i, exp)
                if first:
                    value += SELL_BONUS
                best = max(best, value)
        if best > NEG:
            g[BUILD] = best - VV * cost
    if ctx.dikes and any(isl in ctx.rescue for isl, _ in waters.dike_targets(core, cell, money)):
        g[BUILD] = max(g[BUILD], FLOOD_PP - VV * DIKE_COST)  # a dike against the flood
    best = NEG
    for i in near:
        base = i * 3
        for good in range(3):
            price = GOOD_PRICE[good]
            if core.goods[base + good] and price <= money:
                value = ctx.exports[good] - VV * price
                if who == BUYER and core.reserve[good]:
                    value += 0.7 * GOOD_PP[good]
                best = max(best, value)
    g[BUY] = best
    if any(core.drawings[i] < TILES[core.tile[i]].drawings for i in near):
        g[DRAW] = float(DRAW_PP_ARTIST if who == ARTIST else DRAW_PP)
    if core.tourists_left > 0:
        best = NEG
        hut_pp = core.hut_pp
        for i in near:
            if core.tourists[i] < TILES[core.tile[i]].tourists:
                all_huts = core.huts_on(i)
                mine = core.huts[i * n + p]
                value = VV * all_huts + hut_pp * mine - OTHERS * hut_pp * (all_huts - mine)
                if who == GUIDE:
                    value += GUIDE_PP_PER_DRAWING * core.drawings[i]
                best = max(best, value)
        g[TOURIST] = best
    if core.rest_pile:
        g[REST] = REST_VALUE
    g[SAIL] = 0.0
    return g


def _export_value(core: Core, good: int) -> float:
    slot = table.demand_slot(core, good)
    if slot < 0:
        return 0.0
    value = float(GOOD_PP[good])
    filled = core.filled[slot * 3:slot * 3 + 3]
    needs = DEMAND_NEEDS[core.display[slot]]
    if sum(needs) - sum(filled) == 1:
        value += SHIP_COMPLETION_PP
    return value


# --- planning ------------------------------------------------------------------------------------

_ROWS: dict[tuple[int, bool, int], tuple[float, ...]] = {}


def _row(best: int, tie_win: bool, need: int) -> tuple[float, ...]:
    """Majority chances for 0-5 markers against `best` markers of another seat (`tie_win`: a tie is
    mine) and, with 2 players, a neutral stack that k must reach (`need`: the smallest k allowed)."""
    key = (best, tie_win, need)
    row = _ROWS.get(key)
    if row is None:
        out = [0.0]
        for k in range(1, 6):
            if k < need:
                c = 0.03
            elif k > best:
                c = 0.8 if k == 1 else (0.93 if k == 2 else 0.97)
            elif k == best:
                c = 0.6 if tie_win else 0.12
            else:
                c = 0.04
            out.append(c)
        row = _ROWS[key] = tuple(out)
    return row


def _chances(core: Core, p: int, who: int) -> list[tuple[float, ...]]:
    """Per space, how likely p holds the majority there with 0-5 markers, given the markers so far."""
    order = core.order()
    pos = order.index(p)
    markers = core.markers
    two = core.n == 2
    out = []
    for s in range(NS):
        best = 0
        tie_win = True
        for i, other in enumerate(order):
            if other == p:
                continue
            m = markers[other * NS + s]
            if m > best:
                best = m
                tie_win = i > pos
            elif m == best and m and i < pos:
                tie_win = False
        need = 0
        if two:
            neutral = core.neutral[s]
            linked = who >= 0 and LINKED[who] == s
            need = neutral if linked else neutral + 1
        out.append(_row(best, tie_win, need))
    return out


Option = tuple[int, int, list[float]]  # boat cell, sail cost, gains from there


def _options(core: Core, p: int, who: int, sail: bool, *, keep: int, ctx: _Ctx) -> list[Option]:
    """Where the boat can be this round: where it is, and (with `sail`) the `keep` best sails."""
    cur = core.boat[p]
    money = planning.raisable_money(core, p)
    options: list[Option] = [(cur, 0, _gains(core, p, cur, money, ctx, who=who))]
    if not sail:
        return options
    free = who == NAVIGATOR
    reach_max = 3 if free else min(3, money)
    if reach_max <= 0:
        return options
    dist = board.distances(core.tile, IS_ISLAND, cur, reach_max)
    blocked = core.boat[1 - p] if core.n == 2 else -1
    # A cheap first ranking of the destinations, then the full gains of the most promising.
    rough: list[tuple[float, int, int]] = []
    tiles = core.tile
    for d, steps in dist.items():
        if d == blocked:
            continue
        cost = 0 if free else steps
        near = sum(1 for c in board.NEIGHBORS[d] if tiles[c] != board.EMPTY and IS_ISLAND[tiles[c]])
        rough.append((core.fish[d] + 2.0 * core.treasure[d] + 1.5 * near - VV * cost, d, cost))
    rough.sort(reverse=True)
    far: list[tuple[float, Option]] = []
    for _, d, cost in rough[:keep + 1]:
        g = _gains(core, p, d, money - cost, ctx, who=who)
        top = sorted((v for v in g if v > 0), reverse=True)[:3]
        far.append((sum(top) - VV * cost, (d, cost, g)))
    far.sort(key=lambda x: -x[0])
    options.extend(o for _, o in far[:keep])
    return options


def _plan(
    core: Core, p: int, who: int, remaining: int, *, rng: random.Random | None = None, keep: int = 5,
    exp: list[float] | None = None,
) -> tuple[float, list[int]]:
    """The best round plan for p's markers still to place: (its value, spaces in the order added)."""
    cur = core.boat[p]
    base = p * NS
    mine = core.markers[base:base + NS]
    chances = _chances(core, p, who)
    held = _fish_points(core, p)
    options = _options(core, p, who, bool(mine[SAIL] or remaining > 0), keep=keep, ctx=_Ctx(core, p, exp))
    g_cur = options[0][2]
    scored: list[tuple[float, list[int]]] = []
    for d, cost, g_d in options:
        sail = d != cur
        counts = mine[:]
        added: list[int] = []
        budget = remaining
        if sail and not counts[SAIL]:
            if budget <= 0:
                continue
            counts[SAIL] = 1
            added.append(SAIL)
            budget -= 1
        fish = (held, core.fish[cur], core.fish[d])
        cache: dict[tuple[int, int], list[float]] = {}
        while True:
            key = (counts[SAIL], counts[FISH])
            values = cache.get(key)
            if values is None:
                p_sail = chances[SAIL][counts[SAIL]] if sail else 0.0
                values = cache[key] = _space_values(
                    p_sail, chances[FISH][counts[FISH]], g_cur, g_d, sail=sail, cost=cost, fish=fish)
            if budget <= 0:
                break
            best_gain = NEG
            best_s = -1
            for s in range(NS):
                k = counts[s]
                v = values[s]
                if k >= 5 or v <= NEG / 2:
                    continue
                row = chances[s]
                step = (row[k + 1] - row[k]) * v
                if step > best_gain:
                    best_gain, best_s = step, s
            if best_s < 0:
                break
            counts[best_s] += 1
            added.append(best_s)
            budget -= 1
        value = 0.0
        for s in range(NS):
            v = values[s]
            if v > NEG / 2 and s != SAIL:
                value += chances[s][counts[s]] * v
        if sail:
            value -= chances[SAIL][counts[SAIL]] * VV * cost
        scored.append((value, added))
    if not scored:
        return 0.0, []
    top = max(v for v, _ in scored)
    if rng is None:
        return top, next(a for v, a in scored if v == top)
    near = [(v, a) for v, a in scored if v >= top - PLAN_MARGIN]
    return near[rng.randrange(len(near))] if len(near) > 1 else near[0]


def _space_values(
    p_sail: float, p_fish: float, g_cur: list[float], g_d: list[float], *, sail: bool, cost: int,
    fish: tuple[int, int, int],
) -> list[float]:
    """Each space's value with the boat going to d (or staying); SAIL: what d adds, less its cost.

    `fish` is (fish points held, fish on the boat's cell, fish on d)."""
    values = [NEG] * NS
    half = NEG / 2
    gain_d = 0.0
    for s in (BUILD, EXPLORE, FISH, BUY, DRAW, TOURIST, REST):
        a = g_cur[s]
        if not sail:
            if a > half:
                values[s] = a
            continue
        b = g_d[s]
        if a <= half:
            if b > half:
                values[s] = p_sail * b
                gain_d += b
        elif b <= half:
            values[s] = a
        elif b > a:
            values[s] = a + p_sail * (b - a)
            gain_d += b - max(a, 0.0)
        else:
            values[s] = a
    held, fish_cur, fish_d = fish
    fish_pts = 0.0
    if values[FISH] > half:
        fish_pts = p_fish * max(fish_cur, p_sail * fish_d if sail else 0.0)
    per_point = g_cur[SELL]
    if sail and g_d[SELL] > half:
        per_point = max(per_point, p_sail * g_d[SELL])
    if per_point > half and held + fish_pts > 0:
        values[SELL] = per_point * (held + fish_pts)
    if sail:
        values[SAIL] = gain_d - VV * cost
    return values


def _choose_plan(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    ids = {a.id - A.PLAN0: a for a in legal if A.PLAN0 <= a.id < A.TILE0}
    who = reach.character(core, p)
    remaining = 5 - core.placed[p]
    _, added = _plan(core, p, who, remaining, rng=rng)
    for s in added:
        if s in ids:
            return ids[s]
    if REST in ids:
        return ids[REST]
    options = list(ids.values()) or legal
    return options[rng.randrange(len(options))]


def _choose_character(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    scored = []
    saved = core.char[p]
    exp = _future_tourists(core)
    for a in legal:
        if not A.CHAR0 <= a.id < A.NEUTRAL0:
            continue
        c = a.id - A.CHAR0
        core.char[p] = c
        value, _ = _plan(core, p, c, 5, keep=2, exp=exp)
        scored.append((value + CHAR_BASE[c], a))
    core.char[p] = saved
    return _pick(scored, rng, MARGIN)


# --- resolution ----------------------------------------------------------------------------------

def _remaining_value(core: Core, p: int, exp: list[float]) -> float:
    """What p's markers still on the board can bring from where its boat is now."""
    base = p * NS
    if not any(core.markers[base:base + NS]):
        return 0.0
    who = reach.character(core, p)
    value, _ = _plan(core, p, who, 0, keep=2, exp=exp)
    return value


def _position_value(core: Core, p: int) -> float:
    left = _left(core)
    exp = _future_tourists(core)
    n = core.n
    mine = _est(core, p, exp, left)
    if n > 1:
        others = sum(_est(core, q, exp, left) for q in range(n) if q != p) / (n - 1)
        mine -= OTHERS * others
    if core.phase in (FINAL, OVER):
        return mine
    return mine + _flood_value(core, p) + _remaining_value(core, p, exp)


def _flood_value(core: Core, p: int) -> float:
    """Rising Waters: each dike still needed counts against the position, and while dikes are
    needed the vatus that pay for p's share of them are worth more than their PP (0 without it)."""
    needed = _dikes_to_safety(core)
    if not needed:
        return 0.0
    share = -(-needed // core.n)
    return -FLOOD_PP * needed + DIKE_MONEY_PP * min(core.vatu[p], share * DIKE_COST)


def _after(core: Core, aid: int) -> Core:
    after = core.copy()
    rules.step(after, aid)
    return after


def _score(core: Core, p: int, aid: int, known: frozenset[int] | None) -> float:
    """Action `aid`'s value for p; a treasure sale or a Beggar's trade is worth the best action it
    makes possible that was not possible before (`known`), if that is more."""
    if aid == A.REST:  # the token drawn is hidden information: value it by its mean
        after = core.copy()
        after.markers[p * NS + REST] = 0
        after.done[p] |= 1 << REST
        after.rest_pile = after.rest_pile[:-1]
        return _position_value(after, p) + REST_VALUE
    after = _after(core, aid)
    value = _position_value(after, p)
    if known is not None and (A.CASH0 <= aid < A.FINISH) and after.phase == core.phase and after.cur == p:
        follow = [a.id for a in rules.legal(after) if not A.CASH0 <= a.id < A.FINISH and a.id not in known]
        if follow:
            value = max(value, *(_score(after, p, f, None) for f in follow))
    return value


def _pick(scored: list[tuple[float, Action]], rng: random.Random, margin: float) -> Action:
    """The best-scored action; actions within `margin` of the best are drawn at random."""
    top = max(v for v, _ in scored)
    near = [a for v, a in scored if v >= top - margin]
    if len(near) == 1:
        return near[0]
    return near[rng.randrange(len(near))]


def _choose_lookahead(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    # A sale lowers the price once whatever it sells, so only selling every fish is considered.
    sells = [a for a in legal if A.SELL0 <= a.id < A.BUY0]
    if len(sells) > 1:
        most = max(sells, key=lambda a: sum(A.SELLS[a.id - A.SELL0]))
        legal = [a for a in legal if not A.SELL0 <= a.id < A.BUY0 or a is most]
    # `<action>:nobonus` reaches the position of its bonus version (always legal with it) less some
    # PP or vatus, and every value here grows with both, so it never scores higher: not worth
    # scoring. Only a decline by clearing changes more than that.
    legal = [a for a in legal if a.id not in A.WITH_BONUS]
    known = frozenset(a.id for a in legal)
    scored = [(_score(core, p, a.id, known), a) for a in legal]
    return _pick(_unless_declining_pays(core, p, scored), rng, MARGIN)


def _unless_declining_pays(
    core: Core, p: int, scored: list[tuple[float, Action]]
) -> list[tuple[float, Action]]:
    """Bonuses are optional (§11): a bonus declined (`<action>:nobonus`, or clearing a stack that
    only the bonus makes possible) stays a candidate only when it scores more than MARGIN above
    every way of taking the bonus, so the bonus is the rule and a near-tie never declines it.
    (The lookahead does not even score `:nobonus`, which cannot score higher in this model.)

    When it pays, in this value model: a Vendor selling at a fish price of 1 with rounds left
    (the fish kept are worth more than the vatus: the price is 3 again next round), a Navigator
    without vatus whose boat is better where it is than anywhere a forced free sail goes."""
    value = {a.id: v for v, a in scored}
    kept = []
    for v, a in scored:
        taken = _with_bonus(core, p, a.id, value)
        if taken and v <= max(value[i] for i in taken) + MARGIN:
            continue
        kept.append((v, a))
    return kept


def _with_bonus(core: Core, p: int, aid: int, candidates: dict[int, float]) -> list[int]:
    """If `aid` declines a bonus, the candidate actions that take it (else empty)."""
    if aid in A.WITH_BONUS:
        return [i for i in (A.WITH_BONUS[aid],) if i in candidates]
    if A.CLEAR0 <= aid < A.GOVERN0 and core.optional_bonuses:
        space = aid - A.CLEAR0
        if rules.holds(core, p, space) and rules.bonus_holder(core, p, space):
            return [a.id for a in rules.perform_options(core, p, space) if a.id in candidates]
    return []


# --- other decisions -----------------------------------------------------------------------------

def _choose_tile(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    """Islands near my boat and huts, fish and treasure next to islands where I have huts."""
    n = core.n
    boat = core.boat[p]
    scored = []
    for a in legal:
        if not A.TILE0 <= a.id < A.SAIL0:
            scored.append((NEG, a))
            continue
        k, cell = divmod(a.id - A.TILE0, board.N_CELLS)
        tile = TILES[ARCHIPELAGO[k]]
        value = 0.0
        neighbors = board.NEIGHBORS[cell]
        if tile.island:
            value += 1.0 if boat in neighbors else 0.0
            for other in neighbors:
                t = core.tile[other]
                if t != board.EMPTY and not IS_ISLAND[t]:
                    value += 0.3 * (core.fish[other] + core.treasure[other])
        else:
            value += 0.5 * (tile.fish + tile.treasure) * (1.0 if boat in neighbors else 0.5)
            for other in neighbors:
                if core.tile[other] != board.EMPTY and IS_ISLAND[core.tile[other]]:
                    value += 0.5 * (tile.fish + tile.treasure) * (core.huts[other * n + p] > 0)
        if core.waters_on:  # Rising Waters: a tile that opens island sides to the sea costs dikes
            value -= FLOOD_PP * _dikes_after_tile(core, ARCHIPELAGO[k], cell)
        scored.append((value, a))
    return _pick(scored, rng, MARGIN)


def _dikes_after_tile(core: Core, tile: int, cell: int) -> int:
    after = core.copy()
    after.preview.remove(tile)
    table.put_tile(after, cell, tile)
    return _dikes_to_safety(after)


def _choose_neutral(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    """2 players: neutral markers where the opponent gains most and I least."""
    q = 1 - p
    mine = _gains(core, p, core.boat[p], core.vatu[p], _Ctx(core, p), who=-1)
    theirs = _gains(core, q, core.boat[q], core.vatu[q], _Ctx(core, q), who=-1)
    scored = []
    for a in legal:
        if not A.NEUTRAL0 <= a.id < A.PLAN0:
            scored.append((NEG, a))
            continue
        s = a.id - A.NEUTRAL0
        value = max(theirs[s], 0.0) - max(mine[s], 0.0) if s != SAIL else 0.5
        scored.append((value, a))
    return _pick(scored, rng, MARGIN)


def choose(state: VanuatuState, rng: random.Random) -> Action:
    """A good move for the seat to move (see the module docstring)."""
    core = state.core
    legal = core.legal
    if len(legal) == 1:
        return legal[0]
    p = core.cur
    phase = core.phase
    if phase == PLAN:
        return _choose_plan(core, p, legal, rng)
    if phase == CHARS:
        return _choose_character(core, p, legal, rng)
    if phase == P_BUYER:
        return ACTS[A.BUYER_TAKE]
    if phase == P_TILES:
        return _choose_tile(core, p, legal, rng)
    if phase == NEUTRAL:
        return _choose_neutral(core, p, legal, rng)
    if phase in (RESOLVE, DIKE, FINAL):
        return _choose_lookahead(core, p, legal, rng)
    return legal[rng.randrange(len(legal))]


# --- the scripted baseline -----------------------------------------------------------------------

_RUSH_CHARS = (FISHERMAN, VENDOR, BUILDER, NAVIGATOR)


def baseline_choose(state: VanuatuState, rng: random.Random) -> Action:
    """Fish, then sell at a hut, build huts where tourists come; otherwise a simple default."""
    core = state.core
    legal = core.legal
    if len(legal) == 1:
        return legal[0]
    p = core.cur
    phase = core.phase
    main = [a for a in legal if not A.CASH0 <= a.id < A.FINISH and a.id not in A.WITH_BONUS]
    if not main:
        return ACTS[A.FINISH] if ACTS[A.FINISH] in legal else legal[0]
    if phase == PLAN:
        return _rush_plan(core, p, main, rng)
    if phase == CHARS:
        ids = {a.id - A.CHAR0: a for a in main}
        for c in _RUSH_CHARS:
            if c in ids:
                return ids[c]
        return main[rng.randrange(len(main))]
    if phase == P_BUYER:
        return ACTS[A.BUYER_TAKE]
    if phase == DIKE:
        return ACTS[A.DIKE_SKIP]
    if phase == RESOLVE:
        return _rush_resolve(core, p, main, rng)
    return main[rng.randrange(len(main))]


def _rush_wants(core: Core, p: int) -> list[int]:
    """The baseline's spaces in priority order for this round."""
    n = core.n
    cell = core.boat[p]
    near = reach.near(core, cell)
    hut_near = any(core.huts[i * n + p] for i in near) or reach.character(core, p) == VENDOR
    fish_here = core.fish[cell] > 0
    want: list[int] = []
    if _fish_points(core, p) and hut_near:
        want.append(SELL)
    if fish_here:
        want.append(FISH)
        if hut_near and SELL not in want:
            want.append(SELL)
    else:
        want += [SAIL, FISH, SELL]
    want += [BUILD, TOURIST, REST]
    return want


def _rush_plan(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    ids = {a.id - A.PLAN0: a for a in legal if A.PLAN0 <= a.id < A.TILE0}
    mine = core.markers[p * NS:p * NS + NS]
    want = _rush_wants(core, p)
    for limit in (1, 2, 5):
        for s in want:
            if s in ids and mine[s] < limit:
                return ids[s]
    options = list(ids.values()) or legal
    return options[rng.randrange(len(options))]


def _rush_resolve(core: Core, p: int, legal: list[Action], rng: random.Random) -> Action:
    n = core.n
    best: tuple[float, Action] | None = None
    for a in legal:
        aid = a.id
        value = rng.random() * 0.01
        if A.SAIL0 <= aid < A.BUILD0:  # sail to the most fish, next to an own hut if possible
            cell = table.board_cell(core, A.OCEANS[aid - A.SAIL0])
            value += core.fish[cell] + 2.0 * any(core.huts[i * n + p] for i in reach.near(core, cell))
            value += 10.0
        elif A.BUILD0 <= aid < A.EXPLORE:  # where the tourists come: the most room for tourists
            cell = table.board_cell(core, A.ISLANDS[aid - A.BUILD0])
            value += 20.0 + (TILES[core.tile[cell]].tourists - core.tourists[cell])
        elif aid == A.FISH:
            value += 30.0
        elif A.SELL0 <= aid < A.BUY0:  # sell everything
            value += 40.0 + sum(A.SELLS[aid - A.SELL0])
        elif A.TOURIST0 <= aid < A.REST:
            cell = table.board_cell(core, A.ISLANDS[aid - A.TOURIST0])
            value += 15.0 + core.huts[cell * n + p]
        elif aid == A.REST:
            value += 5.0
        elif A.CLEAR0 <= aid < A.GOVERN0:
            value += 1.0
        elif A.GOVERN0 <= aid < A.CASH0:
            value += 0.0
        else:
            value += 8.0
        if best is None or value > best[0]:
            best = (value, a)
    assert best is not None
    return best[1]

