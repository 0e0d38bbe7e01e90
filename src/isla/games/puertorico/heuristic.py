"""The Puerto Rico heuristic player, its position evaluation, and the scripted "shipping rush" baseline.

Pure rules knowledge: it reads the flat lists of a `Core` (state.py) and never the face-down stack
order or the RNG (only the stack's public composition), so it plays the same in every
determinization of what its seat knows. VP chips are public knowledge (ruling R9: every shipment
happens in the open).

The model behind every choice is one currency, the *expected final VP*: a doubloon, a barrel, a
colonist, a plantation or a building is worth the VP it is likely to turn into before the game ends,
and that depends on how many rounds are left (`_Ctx`: the end by colonists, city or VP chips is
projected from the paces seen so far, and discounted, since far-off VP are less sure).

- Roles are chosen by *relative* advantage: each role is simulated for every seat (who settles what,
  who builds what, who ships how much and loses what in storage, ...), and my gain plus the doubloons
  on the card counts against the best-served opponent's gain and the opponents' average. A role I
  leave may still be taken later this round by someone else, so only the part of everyone's gain
  that depends on me taking it counts.
- Inside a role each decision takes the action worth most to the seat: colonists go where the
  mayor's proposed arrangement puts them (proposal.py: large buildings, then the most barrels,
  quarries, violet buildings; tuned in the same matches as the rest), purchases look one
  builder phase ahead (save up for the factory or a large building rather than buy filler), a
  doubloon is worth no more than what it can buy, filling the city or emptying a supply is sought
  when ahead and avoided when behind.
- Near-ties are broken at random with the rng the caller passes: a deterministic player in self-play
  gives lopsided seat results (AI.md).

`evaluate` turns the estimated final scores into win chances with a softmax whose temperature was
fitted to self-play outcomes; the numbers of the value model were tuned in seat-rotated matches
(benchmarks/heuristic_matches.py).
"""

from __future__ import annotations

import math
import random

from isla.core.protocol import Action
from isla.games.puertorico import actions as A
from isla.games.puertorico.data import (
    BUILDER,
    BUILDINGS,
    CAPTAIN,
    CITY_HALL,
    CITY_SPACES,
    COFFEE_ROASTER,
    CONSTRUCTION_HUT,
    CORN,
    CRAFTSMAN,
    CUSTOMS_HOUSE,
    FACTORY,
    FACTORY_BONUS,
    FORTRESS,
    GUILD_HALL,
    HACIENDA,
    HARBOR,
    HOSPICE,
    INDIGO_PLANT,
    ISLAND_SPACES,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    MAYOR,
    N_BUILDINGS,
    N_GOODS,
    N_TILE_KINDS,
    OFFICE,
    PRODUCERS,
    PROSPECTOR,
    PROSPECTOR2,
    QUARRY,
    RESIDENCE,
    SETTLER,
    SMALL_INDIGO_PLANT,
    SMALL_MARKET,
    SMALL_SUGAR_MILL,
    SMALL_WAREHOUSE,
    SUGAR_MILL,
    TOBACCO_STORAGE,
    TRADER,
    UNIVERSITY,
    WHARF,
    price,
)
from isla.games.puertorico.game import PuertoRicoState
from isla.games.puertorico.proposal import best_placement, craftsman_ahead
from isla.games.puertorico.scoring import result as final_result
from isla.games.puertorico.state import (
    BONUS,
    BUILD,
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
from isla.games.puertorico.state import HOSPICE as P_HOSPICE
from isla.games.puertorico.state import MAYOR as P_MAYOR
from isla.games.puertorico.state import UNIVERSITY as P_UNIVERSITY

ACTS = A.ACTIONS
NB = N_BUILDINGS
NT = N_TILE_KINDS
NG = N_GOODS
_VP = tuple(b.vp for b in BUILDINGS)
_CIRC = tuple(b.circles for b in BUILDINGS)
_SIZE = tuple(b.size for b in BUILDINGS)
_COLUMN = tuple(b.column for b in BUILDINGS)
_PROD = tuple(b.produces for b in BUILDINGS)
_VIOLET = tuple(b for b in range(NB) if _PROD[b] < 0)
_BINFO = tuple((b, _VP[b], _CIRC[b], _PROD[b]) for b in range(NB))
_LARGE = (GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL)
_SMALL_PROD = (SMALL_INDIGO_PLANT, SMALL_SUGAR_MILL)
_BIG_PROD = (INDIGO_PLANT, SUGAR_MILL, TOBACCO_STORAGE, COFFEE_ROASTER)
_PLACE_BUILDING0 = NT  # placement targets: 6 tile kinds, then the 23 buildings

# One working production unit (a plantation, and a circle for all but corn) makes about CRAFT_RATE
# barrels a round. A barrel is shipped for 1 VP or sold (the trading house takes one of a kind per
# trader, so the dearer goods are sold more often: SOLD[k]); its sale is worth price * a doubloon.
CRAFT_RATE = 0.7
SOLD = (0.0, 0.2, 0.3, 0.4, 0.5)
# How much each further unit of the same good is worth (ships and the trading house limit one kind).
_MORE = (1.0, 0.9, 0.75, 0.6, 0.5, 0.4, 0.3, 0.25, 0.2, 0.2, 0.2, 0.2, 0.2)

# VP per round of an occupied violet building for a typical seat; refined in `_violet_rate`.
_RATE = {
    SMALL_MARKET: 0.30, HACIENDA: 0.22, CONSTRUCTION_HUT: 0.06, SMALL_WAREHOUSE: 0.18,
    HOSPICE: 0.28, OFFICE: 0.16, LARGE_MARKET: 0.45, LARGE_WAREHOUSE: 0.26, FACTORY: 0.0,
    UNIVERSITY: 0.15, HARBOR: 0.0, WHARF: 0.0,
}

# The exchange rates of the value model (tuned in self-play; see benchmarks/heuristic_matches.py).
SHIP_VALUE = 0.6  # a held barrel that a later captain will ship
SELL_SHARE = 0.7  # a held barrel's sale value, as a share of its price in doubloons
VD_BASE = 0.75  # a doubloon with 3 rounds left ...
VD_SLOPE = 0.05  # ... and this much more per further round (up to 10)
ROLE_BEST = 0.9  # a role's gain for the best-served opponent counts this much against mine ...
ROLE_MEAN = 0.3  # ... and the opponents' average gain this much
ROLE_TAKEN_MAX = 0.85  # at most this likely that someone else would take a role I leave this round
HORIZON = 6.0  # the discount of future rounds: r rounds count as HORIZON * (1 - exp(-r / HORIZON))
COL_PACE = 0.45  # colonists leaving the supply per round, as a share of max(players, empty circles) + 1
VP_PACE = 0.45  # VP shipped per round, as a share of the barrels made, before play shows it
CITY_PACE = 0.75  # city spaces the biggest builder fills per round
# Per role: a prior in VP, the weight of my own gain and the weight of the opponents' gains. The
# relative gain misses what fills boards: every seat gets a tile or a building, so it sees little in
# settling or building, but the game is won by the seats whose island and city fill (AI.md: experts
# build, builders slightly favoured, and their games end by a full city about as often as by
# colonists). So the builder counts my purchase for more and the others' for less, and so does the
# trader, which brings the money that building needs; the mayor, taken for its relative gain alone,
# runs the colonists out before the cities can fill. Tuned in 4-player self-play against the expert
# figures (15-17 rounds, winning score 45-55, ends split between colonists and a full city); it also
# made the player stronger against the shipping rush (66% -> 74% as one heuristic against 3 rush).
ROLE_BIAS = (1.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
ROLE_OWN = (1.0, 1.0, 1.5, 1.0, 1.8, 1.0, 1.0, 1.0)
ROLE_OTHERS = (1.0, 1.0, 0.5, 1.0, 0.5, 1.0, 1.0, 1.0)
QUARRY_BUYS = 2.0  # purchases per (discounted) round left, for the value of a quarry
QUARRY_RATES = (1.0, 0.8, 0.5, 0.3)  # share of purchases the 1st..4th quarry discounts
RATE_SHARE = 0.8  # money is worth at most this share of the best VP-per-doubloon in reach
SAVE_INCOME = 3  # doubloons expected before the next builder phase
SAVE_WAIT = 0.6  # what a purchase at the next builder phase is worth now
SPACE_COST = 0.4  # VP of a city space while the city may still fill up (cheap buildings crowd it)
LARGE_WEIGHT = 1.3  # a large building's end bonus, weighted up: it decides expert games (AI.md)
CLOSE_FROM = 8  # from this many city spaces on, the seat ahead values each space ...
CLOSE_PUSH = 2.0  # ... up to this many VP (a full city ends the game while it is ahead)

# `evaluate`: the softmax temperature (in VP) is EVAL_TEMP[0] + EVAL_TEMP[1] * rounds left, fitted to
# the outcomes of self-play games (log-loss); early on the estimates say little, so it is wide.
EVAL_TEMP = (1.0, 1.5)

# Near-ties (in VP) broken at random: roles, then every other decision.
ROLE_MARGIN = 0.7
MARGIN = 0.12


# --- the game clock and the value of things -----------------------------------------------------

class _Ctx:
    """What things are worth now: rounds left, a doubloon, a held barrel, and the seats' boards."""

    __slots__ = ("core", "n", "raw", "rounds", "vd", "vd_later", "ship", "seats", "packs", "gross", "options",
                 "_stack", "_est")

    def __init__(self, core: Core) -> None:
        self.core = core
        self.n = core.n
        self.seats = [_Seat(core, p) for p in range(core.n)]
        # Rounds left, discounted: a VP that needs many rounds to arrive is less sure than one now.
        self.raw = _rounds_left(core, self.seats)
        self.rounds = HORIZON * (1.0 - math.exp(-self.raw / HORIZON))
        r = self.rounds
        # Early money compounds (a production building bought now works for many rounds); late
        # money buys about half a VP of buildings; after the last builder it is only a tie-break.
        self.vd = _doubloon(r)
        # Income still to come (factory, markets, quarry savings) arrives over the rounds left, when
        # a doubloon is worth what it is worth half-way there.
        self.vd_later = _doubloon(r * 0.5)
        # A held barrel: shipped later for about 1 VP if a captain will still come.
        self.ship = SHIP_VALUE * min(1.0, r / 1.2) if r > 0 else 0.0
        self._stack: list[int] | None = None
        self._est: list[float] | None = None
        self.packs: dict[int, _Packs] = {}
        self.gross: dict[int, float] = {}
        self.options: dict[int, list[tuple[float, int]]] = {}

    def stack_counts(self) -> list[int]:
        """Face-down plantations by kind (public: the order is what is hidden)."""
        if self._stack is None:
            counts = [0] * NG
            for k in self.core.stack:
                counts[k] += 1
            self._stack = counts
        return self._stack

    def estimates(self) -> list[float]:
        """Every seat's expected final score (cached)."""
        if self._est is None:
            self._est = [_estimate(self, p) for p in range(self.n)]
        return self._est

    def unit(self, s: _Seat, k: int) -> float:
        """VP per round of one working production unit of good k for seat s."""
        sold = SOLD[k]
        return CRAFT_RATE * ((1.0 - sold) + sold * (k + s.market) * self.vd_later)

    def barrel(self, p: int, k: int) -> float:
        """The value of one more barrel of good k held by seat p (ship it, or sell it)."""
        seat = self.seats[p]
        price = k + seat.market
        return max(self.ship, SELL_SHARE * price * self.vd)


def _doubloon(r: float) -> float:
    """VP of a doubloon with r rounds left."""
    return (VD_BASE + VD_SLOPE * min(r, 10.0)) if r >= 3 else 0.05 + (VD_BASE - 0.05) * r / 3.0


_CityFacts = tuple[list[int], list[int], tuple[int, int, int, int, int]]
_CITY_CACHE: dict[tuple[int, ...], _CityFacts] = {}


def _city_facts(bcol: list[int]) -> _CityFacts:
    """What a city gives, from its buildings and their colonists: capacity and workers by good, and
    (building VP, violet buildings, circles, colonists on buildings, market bonus). Cities repeat
    from one decision to the next, so the answer is memoised (a pure function of the city)."""
    key = tuple(bcol)
    facts = _CITY_CACHE.get(key)
    if facts is not None:
        return facts
    cap = [99, 0, 0, 0, 0]
    workers = [99, 0, 0, 0, 0]
    bvp = violets = circles = on_buildings = 0
    for b, vp, circ, k in _BINFO:
        c = bcol[b]
        if c < 0:
            continue
        bvp += vp
        circles += circ
        on_buildings += c
        if k > 0:
            cap[k] += circ
            workers[k] += c
        else:
            violets += 1
    market = (1 if bcol[SMALL_MARKET] > 0 else 0) + (2 if bcol[LARGE_MARKET] > 0 else 0)
    facts = (cap, workers, (bvp, violets, circles, on_buildings, market))
    if len(_CITY_CACHE) > 20_000:
        _CITY_CACHE.clear()
    _CITY_CACHE[key] = facts
    return facts


class _Seat:
    """One seat's board summarised: production capacity, ownership, space, colonists."""

    __slots__ = ("p", "tiles", "occ", "cap", "owned", "money", "goods", "prod", "market", "pot",
                 "kinds", "colonists", "free_island", "free_city", "empty", "bvp", "violets")

    def __init__(self, core: Core, p: int) -> None:
        self.p = p
        tb = p * NT
        bb = p * NB
        tiles = core.tiles[tb:tb + NT]
        occ = core.occ[tb:tb + NT]
        bcol = core.bcol[bb:bb + NB]
        self.tiles = tiles
        self.occ = occ
        self.owned = bcol
        city = _city_facts(bcol)
        cap = city[0]
        workers = city[1]
        bvp, violets, circles, on_buildings, market = city[2]
        colonists = core.san_juan[p] + occ[0] + occ[1] + occ[2] + occ[3] + occ[4] + occ[5] + on_buildings
        self.cap = cap
        pot = [tiles[0], min(tiles[1], cap[1]), min(tiles[2], cap[2]), min(tiles[3], cap[3]),
               min(tiles[4], cap[4])]
        self.pot = pot
        self.kinds = (pot[0] > 0) + (pot[1] > 0) + (pot[2] > 0) + (pot[3] > 0) + (pot[4] > 0)
        if core.phase == PLACE and p == core.cur:
            # Mid-placement the board is being rebuilt; judge it by what it can hold instead,
            # so every step of one placement sees the same numbers.
            self.prod = pot
            empty = max(0, circles - colonists // 2)
        else:
            self.prod = [occ[0], min(occ[1], workers[1]), min(occ[2], workers[2]),
                         min(occ[3], workers[3]), min(occ[4], workers[4])]
            empty = circles - on_buildings
        self.money = core.doubloons[p]
        self.goods = core.goods[p * NG:p * NG + NG]
        self.market = market
        self.colonists = colonists
        self.free_island = ISLAND_SPACES - sum(tiles)
        self.free_city = CITY_SPACES - core.spaces[p]
        self.empty = empty
        self.bvp = bvp
        self.violets = violets

    def has(self, b: int) -> bool:
        """Owns building b and it is occupied (so it works)."""
        return self.owned[b] > 0

    def potential(self, k: int) -> int:
        """Production units good k could reach with every tile and circle filled."""
        return self.pot[k]


def _rounds_left(core: Core, seats: list[_Seat]) -> float:
    """Expected rounds still to play, counting the rest of this one as a fraction.

    The game ends when colonists run out, a city fills, or the VP chips run out; each is projected
    from its pace (colonists per mayor, buildings per round, VP shipped per round).
    """
    if core.phase == OVER:
        return 0.0
    frac = (core.picks - core.picks_done) / core.picks
    if core.ends:
        return frac
    n = core.n
    empty = 0
    production = 0
    most_built = 0
    for s in seats:
        empty += s.empty
        production += sum(s.prod)
        spaces = CITY_SPACES - s.free_city
        most_built = max(most_built, spaces)
    # Paces measured in self-play: a mayor does not come every round, and far from every barrel
    # is shipped (sold, spoiled, blocked).
    col_use = (max(n, empty) + 1.0) * COL_PACE
    r_col = (core.col_supply + core.col_ship * 0.5) / col_use
    # VP chips: production keeps growing at the pace it has grown so far (capped), and a share of
    # it is shipped each round: about VP_PACE in a balanced game, more among eager shippers; the
    # share seen so far (VP paid out against the barrels made, production having grown from
    # nothing) takes over as the game goes on.
    elapsed = core.round - 1 + core.picks_done / core.picks
    growth = min(2.5, production / elapsed) if elapsed >= 1 else 1.5
    pace = VP_PACE
    if elapsed >= 2 and production:
        seen = min(1.0, (core.options["vp_supply"] - core.vp_supply) / (production * elapsed / 2))
        trust = min(1.0, (elapsed - 1) / 3)
        pace = (1 - trust) * VP_PACE + trust * seen
    left = float(core.vp_supply)
    r_vp = 0.0
    made = float(production)
    while left > 0 and r_vp < 30:
        made = min(made + growth, 7.0 * n)
        left -= max(2.0, made * pace + 0.8)
        r_vp += 1
    r_city = (CITY_SPACES - most_built) / CITY_PACE
    r = min(r_col, r_vp, r_city)
    return frac + max(0.0, r)


# --- colonists: the placement plan and what each colonist is worth ------------------------------

def _violet_rate(ctx: _Ctx, s: _Seat, b: int) -> float:
    """VP per round of occupied violet building b for seat s (large buildings: see `_large_bonus`)."""
    if b == FACTORY:
        kinds = s.kinds
        return FACTORY_BONUS[min(kinds + (1 if ctx.rounds > 5 else 0), 5)] * 0.8 * ctx.vd_later
    if b == HARBOR:
        return min(1.3, 0.35 * s.kinds + 0.1)
    if b == WHARF:
        return min(1.2, 0.18 * sum(s.pot))
    if b in (SMALL_WAREHOUSE, LARGE_WAREHOUSE):
        kinds = s.kinds
        return _RATE[b] * min(1.0, kinds / 3.0)
    if b in (HACIENDA, HOSPICE):
        return _RATE[b] * min(1.0, s.free_island / 4.0) * (1.0 if ctx.rounds > 4 else 0.4)
    if b in (SMALL_MARKET, LARGE_MARKET, OFFICE):
        return _RATE[b] * (2 * ctx.vd_later + 0.1)
    return _RATE.get(b, 0.0)


def _large_bonus(ctx: _Ctx, s: _Seat, b: int) -> float:
    """Expected end bonus of large building b for seat s when occupied at the end."""
    core = ctx.core
    r = ctx.rounds
    if b == GUILD_HALL:
        bonus = sum(1 for x in _SMALL_PROD if s.owned[x] >= 0) + sum(2 for x in _BIG_PROD if s.owned[x] >= 0)
        return bonus + min(2.0, 0.3 * r) * (1 if s.free_city > 2 else 0)
    if b == RESIDENCE:
        tiles = ISLAND_SPACES - s.free_island + min(s.free_island, 0.4 * r)
        return 4.0 if tiles <= 9 else tiles - 5.0
    if b == FORTRESS:
        return (s.colonists + 0.8 * r) / 3.0
    if b == CUSTOMS_HOUSE:
        return (core.vp[s.p] + 0.7 * r * max(1, sum(s.prod))) / 4.0
    if b == CITY_HALL:
        return s.violets + 1 + min(2.0, 0.3 * r) * (1 if s.free_city > 2 else 0)
    return 0.0


def _target_units(ctx: _Ctx, s: _Seat) -> list[tuple[float, int, int]]:
    """The colonist "packages" a seat can fill: (value, colonists needed, target group).

    Groups: 0..4 production of a good (corn: one colonist per unit; the others a plantation and a
    circle), 5 a quarry, 6+b violet building b. Values are expected VP over the rest of the game.
    """
    r = ctx.rounds
    out: list[tuple[float, int, int]] = []
    for k in range(NG):
        units = s.potential(k)
        for j in range(units):
            value = ctx.unit(s, k) * _MORE[min(j, 12)] * r
            out.append((value, 1 if k == 0 else 2, k))
    quarries = s.tiles[QUARRY]
    for j in range(quarries):
        out.append((_quarry_rate(j) * ctx.vd_later * _purchases(ctx, s), 1, QUARRY))
    for b in _VIOLET:
        if s.owned[b] < 0:
            continue
        if b in _LARGE:
            value = _large_bonus(ctx, s, b)
        else:
            value = _violet_rate(ctx, s, b) * r
        out.append((value, 1, _PLACE_BUILDING0 + b))
    return out


def _purchases(ctx: _Ctx, s: _Seat) -> float:
    """Buildings seat s may still buy (what a quarry discounts): limited by time and city space."""
    return min(s.free_city * 0.75, QUARRY_BUYS * ctx.rounds)


def _quarry_rate(j: int) -> float:
    """How often the (j+1)-th quarry saves a doubloon on a purchase (buildings' columns cap it)."""
    return QUARRY_RATES[j] if j < 4 else 0.0


_Packs = tuple[list[tuple[float, int]], list[tuple[float, int]], list[float]]


def _packages(ctx: _Ctx, s: _Seat) -> _Packs:
    """The seat's one-colonist and two-colonist packages as (value, group), best first, and the
    running sums of the singles' values (cached per seat)."""
    cached = ctx.packs.get(s.p)
    if cached is not None:
        return cached
    singles: list[tuple[float, int]] = []
    pairs: list[tuple[float, int]] = []
    for value, need, group in _target_units(ctx, s):
        (singles if need == 1 else pairs).append((value, group))
    singles.sort(reverse=True)
    pairs.sort(reverse=True)
    running = [0.0]
    for v, _ in singles:
        running.append(running[-1] + v)
    packs = (singles, pairs, running)
    ctx.packs[s.p] = packs
    return packs


def _allocate(ctx: _Ctx, s: _Seat, total: int, hope: bool) -> tuple[float, int, int]:
    """The best use of `total` colonists: (value, how many single packages, how many pairs).

    Packages take one or two colonists, so the best choice is the top j pairs and the top singles
    that fit beside them, for the best j. With `hope`, an odd colonist next to an unfilled pair
    counts for a part of the pair (the other half often comes with the next mayor).
    """
    singles, pairs, running = _packages(ctx, s)
    n_singles = len(singles)
    n_pairs = len(pairs)
    best = (-1.0, 0, 0)
    pair_sum = 0.0
    for j in range(min(n_pairs, total // 2) + 1):
        if j:
            pair_sum += pairs[j - 1][0]
        left = total - 2 * j
        i = left if left < n_singles else n_singles
        value = pair_sum + running[i]
        if hope and left > i and j < n_pairs:
            value += 0.35 * pairs[j][0]
        if value > best[0]:
            best = (value, i, j)
    return best


def _marginal_colonists(ctx: _Ctx, s: _Seat, extra: int) -> float:
    """What `extra` more colonists are worth to seat s (all its colonists placed at their best)."""
    if extra <= 0:
        return 0.0
    return _allocate(ctx, s, s.colonists + extra, True)[0] - _allocate(ctx, s, s.colonists, True)[0]


# --- tiles and buildings --------------------------------------------------------------------------

def _tile_value(ctx: _Ctx, s: _Seat, kind: int) -> float:
    """Expected VP of one more island tile of `kind` (QUARRY for a quarry) for seat s."""
    if s.free_island <= 0:
        return 0.0
    r = ctx.rounds
    staff = 0.8  # it needs a colonist
    extra = 0.0
    if s.owned[RESIDENCE] >= 0 and ISLAND_SPACES - s.free_island >= 9:
        extra = 1.0
    if kind == QUARRY:
        j = s.tiles[QUARRY]
        return _quarry_rate(min(j, 11)) * _purchases(ctx, s) * ctx.vd_later * staff + extra
    if kind == CORN:
        j = s.tiles[CORN]
        return ctx.unit(s, CORN) * _MORE[min(j, 12)] * r * staff + extra
    tiles = s.tiles[kind]
    unit = ctx.unit(s, kind) * _MORE[min(tiles, 12)] * r * staff
    if s.cap[kind] > tiles:
        return unit + extra
    # No circle for it yet: worth what a production building bought later would make of it.
    cheapest = min(_cost(ctx.core, s, b, False) for b in PRODUCERS[kind])
    can_buy = 0.5 if s.money + 2 >= cheapest else 0.3
    if r < 4:
        can_buy *= 0.4
    return unit * can_buy + extra


def _cost(core: Core, s: _Seat, b: int, builder: bool) -> int:
    return price(core.costs[b], s.occ[QUARRY], _COLUMN[b], builder)


def _building_value(ctx: _Ctx, s: _Seat, b: int) -> float:
    """Expected VP of owning building b (its VP, what it does while occupied, its end bonus)."""
    r = ctx.rounds
    value = float(_VP[b])
    k = _PROD[b]
    staff = 0.75 if r > 2 else 0.4
    if k > 0:
        tiles = s.tiles[k]
        # Plantations still to come: likely one more of a kind the seat grows, a guess otherwise.
        expected = tiles + ((min(1.0, s.free_island * 0.15) if tiles else 0.5) if r > 4 else 0.0)
        have = min(expected, s.cap[k])
        gain = min(expected, s.cap[k] + _CIRC[b]) - have
        j = int(have)
        units = 0.0
        while gain > 0:
            units += min(1.0, gain) * _MORE[min(j, 12)]
            gain -= 1
            j += 1
        value += units * ctx.unit(s, k) * r * staff
        if s.cap[k] == 0:  # a new kind: factory money and harbor loads
            if s.has(FACTORY):
                kinds = s.kinds
                more = FACTORY_BONUS[min(kinds + 1, 5)] - FACTORY_BONUS[kinds]
                value += more * 0.8 * ctx.vd_later * r * 0.6
        if s.owned[GUILD_HALL] >= 0:
            value += 2 if b in _BIG_PROD else 1
        return value
    if b in _LARGE:
        occupy = 0.95 if (s.colonists > sum(s.occ) or r > 1.5) else 0.6
        return value + _large_bonus(ctx, s, b) * occupy * LARGE_WEIGHT
    rate = _violet_rate(ctx, s, b)
    return value + rate * r * staff


def _end_push(ctx: _Ctx, me: int) -> float:
    """+1 when ending the game now would favour `me` (clearly ahead), -1 when behind, between otherwise."""
    scores = ctx.estimates()
    mine = scores[me]
    best = max(scores[p] for p in range(ctx.n) if p != me)
    return max(-1.0, min(1.0, (mine - best) / 3.0))


def _building_gross(ctx: _Ctx, s: _Seat, b: int) -> float:
    """What owning b is worth, the space it takes and the end it may trigger included."""
    core = ctx.core
    value = _building_value(ctx, s, b)
    if ctx.rounds > 1:
        value -= SPACE_COST * _SIZE[b] * min(1.0, (ctx.rounds - 1) / 4.0)
    if s.free_city - _SIZE[b] <= 0 and not core.ends:
        # Filling the city ends the game this round: welcome when ahead, costly when behind.
        value += 4.0 * _end_push(ctx, s.p) + 1.0
    elif not core.ends:
        # Nearly full: each space brings that end closer, which the seat ahead wants.
        after = CITY_SPACES - s.free_city + _SIZE[b]
        if after >= CLOSE_FROM:
            near = (after - CLOSE_FROM + 1) / (CITY_SPACES - CLOSE_FROM + 1)
            value += CLOSE_PUSH * _SIZE[b] * near * max(0.0, _end_push(ctx, s.p))
    return value


def _gross(ctx: _Ctx, s: _Seat, b: int) -> float:
    """`_building_gross`, memoised for the decision (role choice asks for it many times)."""
    key = s.p * NB + b
    value = ctx.gross.get(key)
    if value is None:
        value = _building_gross(ctx, s, b)
        ctx.gross[key] = value
    return value


def _build_options(ctx: _Ctx, s: _Seat, builder: bool) -> list[tuple[float, int]]:
    """Each affordable purchase (and passing, -1) scored with a look at the next builder phase.

    A doubloon is worth what it can buy: at most the usual rate (`ctx.vd`), and less when the best
    building in reach gives less per doubloon (money that buys nothing good is cheap). Buying a
    cheap building now can cost the expensive one that was nearly in reach, so every option also
    counts what the money left (plus an income of SAVE_INCOME) could buy next time, at SAVE_WAIT
    of its value. That makes the player save up for a factory or a large building.
    """
    key = s.p * 2 + builder
    cached = ctx.options.get(key)
    if cached is not None:
        return cached
    core = ctx.core
    money = s.money
    reach = money + SAVE_INCOME
    gross: list[tuple[int, int, int, float]] = []  # building, cost now, cost later, value
    rate = 0.0
    supply = core.bsupply
    owned = s.owned
    room = s.free_city
    for b in range(NB):
        if not supply[b] or owned[b] >= 0 or _SIZE[b] > room:
            continue
        later = _cost(core, s, b, False)
        cost = later - 1 if builder and later else later
        if cost > money and later > reach:
            continue
        value = _gross(ctx, s, b)
        gross.append((b, cost, later, value))
        r = value / cost if cost > 1 else value
        rate = max(rate, r)
    vd = min(ctx.vd, RATE_SHARE * rate)
    wait = SAVE_WAIT if ctx.rounds > 1.5 and not core.ends else 0.0
    if not wait:
        out = [(0.0, -1)]
        out.extend((value - cost * vd, b) for b, cost, _, value in gross if cost <= money)
        ctx.options[key] = out
        return out
    # Next time's purchases, best first: (net value then, cost then, building).
    later_list = sorted(((value - later * vd, later, b) for b, _, later, value in gross), reverse=True)

    def best_later(budget: int, exclude: int) -> float:
        for net_later, later, b in later_list:
            if net_later <= 0:
                return 0.0
            if later <= budget and b != exclude:
                return net_later
        return 0.0

    out = [(wait * best_later(reach, -1), -1)]
    for b, cost, _, value in gross:
        if cost <= money:
            out.append((value - cost * vd + wait * best_later(reach - cost, b), b))
    ctx.options[key] = out
    return out


# --- evaluation ----------------------------------------------------------------------------------

def _estimate(ctx: _Ctx, p: int) -> float:
    """Seat p's expected final score: what it has, plus what its engine should still bring in."""
    core = ctx.core
    s = ctx.seats[p]
    r = ctx.rounds
    score = float(core.vp[p] + s.bvp)
    for b in _LARGE:
        if s.owned[b] >= 0:
            score += _large_bonus(ctx, s, b) * (1.0 if s.owned[b] > 0 else (0.85 if r > 1 else 0.3))
    # Goods in hand, doubloons.
    for k in range(NG):
        g = s.goods[k]
        if g:
            score += min(g, 4) * ctx.barrel(p, k) + max(0, g - 4) * 0.3
    score += s.money * ctx.vd
    # The engine: production and working violet buildings for the rounds left.
    rate = 0.0
    for k in range(NG):
        for j in range(s.prod[k]):
            rate += ctx.unit(s, k) * _MORE[min(j, 12)]
    for b in _VIOLET:
        if s.owned[b] > 0 and b not in _LARGE:
            rate += _violet_rate(ctx, s, b)
    score += rate * r * 0.85
    # Room to grow: empty circles and unused tiles are worth a little while there is time.
    if r > 1:
        score += min(s.free_city, 8) * 0.12 * min(r, 6.0) * 0.3
    return score


def estimates(state: PuertoRicoState) -> list[float]:
    """Each seat's expected final score (the numbers `evaluate` turns into win chances)."""
    return _Ctx(state.core).estimates()


def evaluate(state: PuertoRicoState) -> list[float]:
    """Each seat's chance to win, in [0, 1], summing to 1 (exact for a finished game).

    Estimated final scores become chances through a softmax whose temperature grows with the rounds
    left (a 5-VP lead is nearly decisive in the last round, not in the third).
    """
    core = state.core
    if core.phase == OVER:
        ranks = final_result(core).ranks
        winners = [p for p in range(core.n) if ranks[p] == 1]
        share = 1.0 / len(winners)
        return [share if ranks[p] == 1 else 0.0 for p in range(core.n)]
    ctx = _Ctx(core)
    est = ctx.estimates()
    temp = EVAL_TEMP[0] + EVAL_TEMP[1] * ctx.raw
    top = max(est)
    weights = [math.exp((e - top) / temp) for e in est]
    total = sum(weights)
    return [w / total for w in weights]


# --- role choice ---------------------------------------------------------------------------------

def _order(core: Core, chooser: int) -> list[int]:
    return [(chooser + i) % core.n for i in range(core.n)]


def _gain_settler(ctx: _Ctx, chooser: int) -> list[float]:
    core = ctx.core
    gains = [0.0] * ctx.n
    face_up = list(core.face_up)
    quarries = core.quarries
    for p in _order(core, chooser):
        s = ctx.seats[p]
        if s.free_island <= 0:
            continue
        gain = 0.0
        if s.has(HACIENDA) and s.free_island >= 2:
            gain += _draw_value(ctx, s)
        best = 0.0
        pick = -1
        for kind in set(face_up):
            v = _tile_value(ctx, s, kind)
            if v > best:
                best, pick = v, kind
        if quarries and (p == chooser or s.has(CONSTRUCTION_HUT)):
            v = _tile_value(ctx, s, QUARRY)
            if v > best:
                best, pick = v, QUARRY
        if pick >= 0:
            if pick == QUARRY:
                quarries -= 1
            else:
                face_up.remove(pick)
            gain += best
            if s.has(HOSPICE):
                gain += best * 0.25
        gains[p] = gain
    return gains


def _draw_value(ctx: _Ctx, s: _Seat) -> float:
    """The mean value of a face-down draw for seat s (the stack's composition is public)."""
    counts = ctx.stack_counts()
    total = sum(counts)
    if not total:
        return 0.0
    return sum(counts[k] * _tile_value(ctx, s, k) for k in range(NG) if counts[k]) / total


def _gain_mayor(ctx: _Ctx, chooser: int) -> list[float]:
    core = ctx.core
    n = ctx.n
    gains = [0.0] * n
    each, extra = divmod(core.col_ship, n)
    for i, p in enumerate(_order(core, chooser)):
        got = each + (1 if i < extra else 0)
        if p == chooser and core.col_supply:
            got += 1
        gains[p] = _marginal_colonists(ctx, ctx.seats[p], got)
    # Emptying the supply at the refill ends the game.
    empty = sum(s.empty for s in ctx.seats)
    if not core.ends and core.col_supply - (1 if core.col_supply else 0) < max(n, empty):
        gains[chooser] += 3.0 * _end_push(ctx, chooser)
    return gains


def _gain_builder(ctx: _Ctx, chooser: int) -> list[float]:
    core = ctx.core
    gains = [0.0] * ctx.n
    supply = core.bsupply
    taken: list[int] = []
    for p in _order(core, chooser):
        options = _build_options(ctx, ctx.seats[p], p == chooser)
        best = options[0][0]
        pick = -1
        for v, b in options:
            if v > best and (b not in taken or supply[b] > taken.count(b)):
                best, pick = v, b
        if pick >= 0:
            taken.append(pick)
            gains[p] = best - options[0][0]
    return gains


def _gain_craftsman(ctx: _Ctx, chooser: int) -> list[float]:
    core = ctx.core
    gains = [0.0] * ctx.n
    supply = list(core.goods_supply)
    for p in _order(core, chooser):
        s = ctx.seats[p]
        gain = 0.0
        kinds = 0
        best_extra = 0.0
        for k in range(NG):
            amount = min(s.prod[k], supply[k])
            if not amount:
                continue
            supply[k] -= amount
            kinds += 1
            v = ctx.barrel(p, k)
            have = s.goods[k]
            # Barrels beyond what a ship or sale can use are worth less.
            for j in range(amount):
                gain += v * (1.0 if have + j < 4 else 0.4)
            if supply[k] and v > best_extra:
                best_extra = v
        if kinds and s.has(FACTORY):
            gain += FACTORY_BONUS[kinds] * ctx.vd
        if p == chooser:
            gain += best_extra
        gains[p] = gain
    return gains


def _sale(ctx: _Ctx, p: int, house: list[int], trader: bool) -> tuple[float, int]:
    """Seat p's best sale now: (net VP, good) or (0, -1) when keeping everything is better."""
    s = ctx.seats[p]
    office = s.has(OFFICE)
    best = 0.0
    pick = -1
    for k in range(NG):
        have = s.goods[k]
        if not have or (k in house and not office):
            continue
        price = k + s.market + (1 if trader else 0)
        keep = ctx.barrel(p, k) if price * SELL_SHARE * ctx.vd < ctx.ship else ctx.ship
        if have > 1:
            keep *= 0.8  # a second barrel of a kind is the one that rots in the storage step
        v = price * ctx.vd - keep
        if v > best:
            best, pick = v, k
    return best, pick


def _gain_trader(ctx: _Ctx, chooser: int) -> list[float]:
    core = ctx.core
    gains = [0.0] * ctx.n
    house = list(core.house)
    for p in _order(core, chooser):
        if len(house) >= 4:
            break
        v, k = _sale(ctx, p, house, p == chooser)
        if k >= 0:
            house.append(k)
            gains[p] = v
    return gains


def _gain_captain(ctx: _Ctx, chooser: int) -> list[float]:
    """Simulate the loading (each seat loads its biggest pile), then the storage losses."""
    core = ctx.core
    n = ctx.n
    caps = core.ship_caps
    ship_good = list(core.ship_good)
    ship_load = list(core.ship_load)
    goods = [ctx.seats[p].goods[:] for p in range(n)]
    gains = [0.0] * n
    wharf_left = [ctx.seats[p].has(WHARF) for p in range(n)]
    harbor = [ctx.seats[p].has(HARBOR) for p in range(n)]
    bonus_paid = False
    p = chooser
    idle = 0
    while idle < n:
        g = goods[p]
        best = 0
        best_k = -1
        best_ship = -1
        for k in range(NG):
            have = g[k]
            if not have:
                continue
            if k in ship_good:
                i = ship_good.index(k)
                amount = min(have, caps[i] - ship_load[i])
                ship = i
            else:
                amount = 0
                ship = -1
                for i in range(len(caps)):
                    if ship_good[i] < 0:
                        fit = min(have, caps[i])
                        if fit > amount:
                            amount, ship = fit, i
            if amount > best:
                best, best_k, best_ship = amount, k, ship
        if best == 0 and wharf_left[p]:
            for k in range(NG):
                if g[k] > best:
                    best, best_k, best_ship = g[k], k, -1
            if best:
                wharf_left[p] = False
        if best == 0:
            idle += 1
            p = (p + 1) % n
            continue
        idle = 0
        if best_ship >= 0:
            ship_good[best_ship] = best_k
            ship_load[best_ship] += best
        g[best_k] -= best
        points = best - best * ctx.barrel(p, best_k) * 0.6
        if p == chooser and not bonus_paid:
            points += 1
            bonus_paid = True
        if harbor[p]:
            points += 1
        gains[p] += points
        p = (p + 1) % n
    # Storage: one barrel (and the warehouses' kinds) stay, the rest goes back.
    for q in range(n):
        s = ctx.seats[q]
        g = goods[q]
        kept_kinds = (1 if s.has(SMALL_WAREHOUSE) else 0) + (2 if s.has(LARGE_WAREHOUSE) else 0)
        piles = sorted((g[k] * ctx.barrel(q, k), k) for k in range(NG) if g[k])
        piles.reverse()
        lost = 0.0
        for i, (_, k) in enumerate(piles):
            if i < kept_kinds:
                continue
            have = g[k] - (1 if i == kept_kinds else 0)
            lost += have * ctx.barrel(q, k)
        gains[q] -= lost * 0.9
    # Shipping out the last VP chips ends the game.
    if not core.ends and core.vp_supply <= sum(max(0.0, x) for x in gains) + 1:
        gains[chooser] += 3.0 * _end_push(ctx, chooser)
    return gains


def _role_gains(ctx: _Ctx, role: int, chooser: int) -> list[float]:
    if role == SETTLER:
        return _gain_settler(ctx, chooser)
    if role == MAYOR:
        return _gain_mayor(ctx, chooser)
    if role == BUILDER:
        return _gain_builder(ctx, chooser)
    if role == CRAFTSMAN:
        return _gain_craftsman(ctx, chooser)
    if role == TRADER:
        return _gain_trader(ctx, chooser)
    if role == CAPTAIN:
        return _gain_captain(ctx, chooser)
    gains = [0.0] * ctx.n  # prospector
    gains[chooser] = ctx.vd
    return gains


def role_scores(state: PuertoRicoState) -> dict[str, float]:
    """The relative advantage of each available role for the seat to move (for tests and tools)."""
    core = state.core
    ctx = _Ctx(core)
    return {a.text: _role_score(ctx, core.cur, a.id - A.ROLE0, len(core.legal)) for a in core.legal}


def _later_picker(core: Core, me: int) -> tuple[int, int]:
    """(the next other seat to pick a role this round, how many picks others still make), or (-1, 0)."""
    seat = -1
    count = 0
    for i in range(core.picks_done + 1, core.picks):
        q = (core.governor + i) % core.n
        if q != me:
            count += 1
            if seat < 0:
                seat = q
    return seat, count


def _role_score(ctx: _Ctx, me: int, role: int, available: int) -> float:
    """My gain from the role minus the opponents', against what happens if I leave it (weighted
    per role by ROLE_OWN and ROLE_OTHERS, plus ROLE_BIAS).

    A role I leave may still be taken later this round by someone else (probability `taken`): then
    everyone gets its common effect anyway and only its privilege is really mine. So each seat's
    gain counts minus its expected gain from the role in someone else's hands.
    """
    core = ctx.core
    gains = _role_gains(ctx, role, me)
    other, later = _later_picker(core, me)
    if other >= 0 and role not in (PROSPECTOR, PROSPECTOR2) and available > 1:
        taken = min(ROLE_TAKEN_MAX, later / (available - 1))
        alt = _role_gains(ctx, role, other)
        gains = [g - taken * a for g, a in zip(gains, alt, strict=True)]
    mine = gains[me] * ROLE_OWN[role] + core.role_money[role] * ctx.vd
    others = [gains[p] for p in range(ctx.n) if p != me]
    best = max(others)
    mean = sum(others) / len(others)
    w = ROLE_OTHERS[role]
    return mine - w * (ROLE_BEST * best + ROLE_MEAN * mean) + ROLE_BIAS[role]


# --- the decisions -------------------------------------------------------------------------------

def _pick(scored: list[tuple[float, Action]], rng: random.Random, margin: float) -> Action:
    """The best-scored action; actions within `margin` of the best are drawn at random."""
    top = max(v for v, _ in scored)
    near = [a for v, a in scored if v >= top - margin]
    if len(near) == 1:
        return near[0]
    return near[rng.randrange(len(near))]


def choose(state: PuertoRicoState, rng: random.Random) -> Action:
    """A strong rule-based move for the seat to move (see the module docstring)."""
    core = state.core
    legal = core.legal
    if len(legal) == 1:
        return legal[0]
    phase = core.phase
    p = core.cur
    if phase == P_HOSPICE:
        return ACTS[A.HOSPICE_TAKE]
    if phase == P_UNIVERSITY:
        return ACTS[A.UNIVERSITY_TAKE]
    if phase == P_MAYOR:
        return ACTS[A.MAYOR_TAKE]
    if phase == PLACE:
        return _choose_place(core, p, legal)
    ctx = _Ctx(core)
    if phase == ROLE:
        scored = [(_role_score(ctx, p, a.id - A.ROLE0, len(legal)), a) for a in legal]
        return _pick(scored, rng, ROLE_MARGIN)
    if phase == SETTLE:
        return _pick(_settle_scores(ctx, p, legal), rng, MARGIN)
    if phase == BUILD:
        return _pick(_build_scores(ctx, p, legal), rng, MARGIN)
    if phase == SHIP:
        return _pick(_ship_scores(ctx, p, legal), rng, 0.0)
    if phase == SELL:
        _, k = _sale(ctx, p, core.house, p == core.chooser)
        return ACTS[A.SELL0 + k] if k >= 0 else ACTS[A.SELL_PASS]
    if phase == BONUS:
        scored = [(ctx.barrel(p, a.id - A.BONUS0) if a.id != A.BONUS_PASS else -1.0, a) for a in legal]
        return _pick(scored, rng, 0.0)
    if phase == STORE:
        return _choose_store(ctx, p, legal)
    if phase == KEEP:
        return _choose_keep(ctx, p, legal)
    return legal[0]


def _settle_scores(ctx: _Ctx, p: int, legal: list[Action]) -> list[tuple[float, Action]]:
    """Tiles by value; the hacienda draw comes first and keeps the pick, so it adds to the best."""
    s = ctx.seats[p]
    out = []
    hacienda = None
    best = 0.0
    for a in legal:
        if a.id == A.SETTLE_PASS:
            out.append((0.0, a))
        elif a.id == A.HACIENDA:
            hacienda = a
        else:
            value = _tile_value(ctx, s, a.id - A.SETTLE0)
            best = max(best, value)
            out.append((value, a))
    if hacienda is not None:
        draw = _draw_value(ctx, s) if s.free_island >= 2 else -1.0
        out.append((best + draw, hacienda))
    return out


def _build_scores(ctx: _Ctx, p: int, legal: list[Action]) -> list[tuple[float, Action]]:
    options = _build_options(ctx, ctx.seats[p], p == ctx.core.chooser)
    score = {(A.BUILD0 + b if b >= 0 else A.BUILD_PASS): v for v, b in options}
    return [(score.get(a.id, -100.0), a) for a in legal]


def _ship_scores(ctx: _Ctx, p: int, legal: list[Action]) -> list[tuple[float, Action]]:
    """Load the most barrels; the wharf only when no ship can take anything; keep big ships open."""
    core = ctx.core
    have = ctx.seats[p].goods
    out = []
    for a in legal:
        if a.id == A.SHIP_PASS:
            out.append((-1.0, a))
            continue
        if a.id >= A.WHARF0:
            k = a.id - A.WHARF0
            normal = any(b.id < A.WHARF0 for b in legal)
            out.append((have[k] - (100.0 if normal else 0.0) - 0.01 * ctx.barrel(p, k), a))
            continue
        k, ci = divmod(a.id - A.SHIP0, 5)
        cap = A.SHIP_CAPACITIES[ci]
        i = core.ship_caps.index(cap)
        room = cap - core.ship_load[i]
        amount = min(have[k], room)
        # Ties: ship the cheaper good (keep the dear one to sell), on the smaller ship.
        out.append((amount - 0.01 * ctx.barrel(p, k) - 0.001 * cap, a))
    return out


_PLANS: dict[tuple[object, ...], list[int]] = {}


def _place_key(core: Core, p: int) -> tuple[object, ...]:
    """Everything seat p's proposed arrangement depends on (`proposal.best_placement`).

    A seat places its colonists one decision at a time, and the plan must be the same at each
    step; the key lets the steps (and searches that revisit the position) share one plan.
    """
    tb = p * NT
    bb = p * NB
    owned = tuple(c >= 0 for c in core.bcol[bb:bb + NB])
    return (core.colonists_of(p), tuple(core.tiles[tb:tb + NT]), owned, core.costs, craftsman_ahead(core))


def _choose_place(core: Core, p: int, legal: list[Action]) -> Action:
    key = _place_key(core, p)
    plan = _PLANS.get(key)
    if plan is None:
        plan = best_placement(core, p)
        if len(_PLANS) > 5000:
            _PLANS.clear()
        _PLANS[key] = plan
    tb = p * NT
    bb = p * NB
    cursor = core.cursor
    legal_ids = {a.id for a in legal}
    for t in range(cursor, NT + NB):
        placed = core.occ[tb + t] if t < NT else max(0, core.bcol[bb + t - NT])
        if placed < plan[t] and A.PLACE0 + t in legal_ids:
            return ACTS[A.PLACE0 + t]
    if A.PLACE_DONE in legal_ids:
        return ACTS[A.PLACE_DONE]
    return legal[0]  # forced placement: the first target it allows


def _choose_store(ctx: _Ctx, p: int, legal: list[Action]) -> Action:
    """Warehouses keep whole kinds: the most valuable piles (after the one barrel kept anyway)."""
    s = ctx.seats[p]
    kinds = (1 if s.has(SMALL_WAREHOUSE) else 0) + (2 if s.has(LARGE_WAREHOUSE) else 0)
    piles = sorted(((s.goods[k] - 1) * ctx.barrel(p, k) + 0.001 * k, k) for k in range(NG) if s.goods[k])
    piles.reverse()
    want = {k for _, k in piles[:kinds]}
    for a in legal:
        if a.id != A.STORE_DONE and a.id - A.STORE0 in want:
            return a
    return ACTS[A.STORE_DONE]


def _choose_keep(ctx: _Ctx, p: int, legal: list[Action]) -> Action:
    best = -1.0
    pick = legal[-1]
    for a in legal:
        if a.id == A.KEEP_NONE:
            continue
        v = ctx.barrel(p, a.id - A.KEEP0)
        if v > best:
            best, pick = v, a
    return pick


# --- the "shipping rush" baseline -----------------------------------------------------------------

_RUSH_BUILD = (HARBOR, WHARF, COFFEE_ROASTER, TOBACCO_STORAGE, SUGAR_MILL, INDIGO_PLANT, SMALL_SUGAR_MILL,
               SMALL_INDIGO_PLANT, LARGE_WAREHOUSE, SMALL_WAREHOUSE, SMALL_MARKET)


def baseline_choose(state: PuertoRicoState, rng: random.Random) -> Action:
    """A simple scripted shipper: captain or craftsman whenever they pay, production and harbor/wharf.

    Not smart on purpose: it looks only at its own board, in a fixed order of preferences.
    """
    core = state.core
    legal = core.legal
    if len(legal) == 1:
        return legal[0]
    p = core.cur
    phase = core.phase
    ids = {a.id for a in legal}
    s = _Seat(core, p)
    if phase == ROLE:
        return _rush_role(s, ids, rng)
    if phase == SETTLE:
        if A.HACIENDA in ids:
            return ACTS[A.HACIENDA]
        for k in (4, 3, 2, 1):
            if A.SETTLE0 + k in ids and s.cap[k] > s.tiles[k]:
                return ACTS[A.SETTLE0 + k]
        if A.SETTLE0 + CORN in ids:
            return ACTS[A.SETTLE0 + CORN]
        options = [a for a in legal if a.id != A.SETTLE_PASS]
        return rng.choice(options) if options else ACTS[A.SETTLE_PASS]
    if phase == BUILD:
        for b in _RUSH_BUILD:
            k = _PROD[b]
            if A.BUILD0 + b in ids and (k < 0 or s.tiles[k] > s.cap[k]):
                return ACTS[A.BUILD0 + b]
        return ACTS[A.BUILD_PASS]
    if phase == PLACE:
        return _rush_place(core, s, legal, ids)
    if phase == SHIP:
        best = -1
        pick = legal[-1]
        for a in legal:
            if a.id < A.WHARF0:
                k, ci = divmod(a.id - A.SHIP0, 5)
                i = core.ship_caps.index(A.SHIP_CAPACITIES[ci])
                amount = min(s.goods[k], core.ship_caps[i] - core.ship_load[i])
            elif a.id < A.SHIP_PASS:
                amount = s.goods[a.id - A.WHARF0]
            else:
                amount = 0
            if amount > best:
                best, pick = amount, a
        return pick
    if phase == SELL:
        for k in (4, 3, 2, 1):
            if A.SELL0 + k in ids:
                return ACTS[A.SELL0 + k]
        return ACTS[A.SELL_PASS]
    if phase in (BONUS, STORE, KEEP):
        # The most plentiful kind (the dearer on a tie): it is what ships best.
        base = {BONUS: A.BONUS0, STORE: A.STORE0, KEEP: A.KEEP0}[phase]
        best_key = (-1, -1)
        pick = legal[-1]
        for a in legal:
            k = a.id - base
            if 0 <= k < NG and (s.goods[k], k) > best_key:
                best_key, pick = (s.goods[k], k), a
        return pick
    if phase in (P_HOSPICE, P_UNIVERSITY, P_MAYOR):
        return legal[0]  # take the free colonist
    return rng.choice(legal)


def _rush_role(s: _Seat, ids: set[int], rng: random.Random) -> Action:
    goods = sum(s.goods)
    production = sum(s.prod)
    if A.ROLE0 + CAPTAIN in ids and goods >= 2:
        return ACTS[A.ROLE0 + CAPTAIN]
    if A.ROLE0 + CRAFTSMAN in ids and production >= 2:
        return ACTS[A.ROLE0 + CRAFTSMAN]
    if A.ROLE0 + BUILDER in ids and s.money >= 3:
        return ACTS[A.ROLE0 + BUILDER]
    if A.ROLE0 + MAYOR in ids and s.empty + sum(s.tiles) > s.colonists:
        return ACTS[A.ROLE0 + MAYOR]
    if A.ROLE0 + SETTLER in ids and s.free_island:
        return ACTS[A.ROLE0 + SETTLER]
    if A.ROLE0 + TRADER in ids and goods:
        return ACTS[A.ROLE0 + TRADER]
    for r in (PROSPECTOR, PROSPECTOR2):
        if A.ROLE0 + r in ids:
            return ACTS[A.ROLE0 + r]
    options = sorted(ids)
    return ACTS[options[rng.randrange(len(options))]]


def _rush_place(core: Core, s: _Seat, legal: list[Action], ids: set[int]) -> Action:
    """Production first (in the canonical order the engine asks for), then harbor/wharf, then the rest."""
    p = s.p
    total = s.colonists
    plan = [0] * (NT + NB)
    left = total
    for k in range(NG):
        units = s.potential(k)
        for _ in range(units):
            need = 1 if k == 0 else 2
            if left < need:
                break
            left -= need
            plan[k] += 1
            if k:
                for b in PRODUCERS[k]:
                    if s.owned[b] >= 0 and plan[NT + b] < _CIRC[b]:
                        plan[NT + b] += 1
                        break
    for b in (HARBOR, WHARF, FACTORY, *_VIOLET):
        if left and s.owned[b] >= 0 and plan[NT + b] < _CIRC[b]:
            plan[NT + b] += 1
            left -= 1
    tb = p * NT
    bb = p * NB
    for t in range(core.cursor, NT + NB):
        placed = core.occ[tb + t] if t < NT else max(0, core.bcol[bb + t - NT])
        if placed < plan[t] and A.PLACE0 + t in ids:
            return ACTS[A.PLACE0 + t]
    if A.PLACE_DONE in ids:
        return ACTS[A.PLACE_DONE]
    return legal[0]
