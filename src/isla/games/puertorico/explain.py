"""Why an action is not legal: one sentence a player can act on (used by IllegalAction)."""

from __future__ import annotations

from isla.games.puertorico import actions as A
from isla.games.puertorico import rules
from isla.games.puertorico.data import BUILDINGS, CITY_SPACES, GOODS, N_BUILDINGS, N_GOODS, ROLES, WHARF
from isla.games.puertorico.nouns import count
from isla.games.puertorico.state import (
    BONUS,
    BUILD,
    HOSPICE,
    KEEP,
    MAYOR,
    OVER,
    PLACE,
    ROLE,
    SELL,
    SETTLE,
    SHIP,
    STORE,
    UNIVERSITY,
    Core,
)

_DECIDING = {
    ROLE: "choosing a role",
    SETTLE: "taking a plantation or quarry (settler)",
    HOSPICE: "deciding on the hospice colonist",
    MAYOR: "accepting or refusing the mayor's extra colonist",
    PLACE: "placing colonists (mayor)",
    BUILD: "choosing a building (builder)",
    UNIVERSITY: "deciding on the university colonist",
    BONUS: "choosing the craftsman's extra good",
    SELL: "choosing a good to sell (trader)",
    SHIP: "loading goods (captain)",
    STORE: "choosing goods for the warehouses",
    KEEP: "choosing the one barrel to keep",
}
_VERB_PHASE = {
    "role": ROLE, "settle": SETTLE, "hacienda": SETTLE, "hospice": HOSPICE, "mayor": MAYOR,
    "place": PLACE, "build": BUILD, "university": UNIVERSITY, "bonus": BONUS, "sell": SELL,
    "ship": SHIP, "store": STORE, "keep": KEEP,
}


def explain(core: Core, text: str) -> str:
    if core.phase == OVER:
        return "the game is over"
    action = A.BY_TEXT.get(text)
    if action is None:
        return "not Puerto Rico notation (see docs/notation.md)"
    now = f"seat {core.cur} is {_DECIDING[core.phase]}"
    verb = text.split(":", maxsplit=1)[0]
    if _VERB_PHASE.get(verb) != core.phase:
        return f"not now: {now}"
    aid = action.id
    if core.phase == ROLE:
        role = aid - A.ROLE0
        if role not in core.role_cards:
            return f"there is no {ROLES[role]} card with {core.n} players"
        return f"the {ROLES[role]} was already chosen this round"
    if core.phase == BUILD and A.BUILD0 <= aid < A.BUILD0 + N_BUILDINGS:
        return _why_not_build(core, aid - A.BUILD0)
    if core.phase == SELL and A.SELL0 <= aid < A.SELL_PASS:
        good = aid - A.SELL0
        if not core.goods[core.cur * 5 + good]:
            return f"seat {core.cur} has no {GOODS[good]}"
        if len(core.house) >= 4:
            return "the trading house is full"
        return f"the trading house already holds {GOODS[good]} (only an occupied office allows that)"
    if core.phase == SHIP:
        if aid == A.SHIP_PASS:
            return "a player who can load goods on a cargo ship must do so (rule C1)"
        if aid >= A.WHARF0:
            return _why_not_wharf(core, aid - A.WHARF0)
        good, ship = divmod(aid - A.SHIP0, len(A.SHIP_CAPACITIES))
        return _why_not_load(core, good, A.SHIP_CAPACITIES[ship])
    return f"{now}, and this is not one of the choices"


def _why_not_wharf(core: Core, good: int) -> str:
    p = core.cur
    if not core.owns(p, WHARF):
        return f"seat {p} has no wharf"
    if not core.occupied(p, WHARF):
        return f"seat {p}'s wharf has no colonist, and a building works only when occupied"
    if core.mask >> p & 1:
        return f"seat {p} has used the wharf in this captain phase already (once per phase, §5)"
    return f"seat {p} has no {GOODS[good]}"


def _why_not_load(core: Core, good: int, capacity: int) -> str:
    """The first rule a cargo-ship load breaks, in the order a player would check them."""
    p = core.cur
    name = GOODS[good]
    if capacity not in core.ship_caps:
        ships = ", ".join(str(c) for c in core.ship_caps)
        return f"there is no {capacity}-barrel ship with {core.n} players (the ships hold {ships})"
    have = core.goods[p * N_GOODS + good]
    if not have:
        return f"seat {p} has no {name}"
    i = core.ship_caps.index(capacity)
    if core.ship_load[i] >= capacity:
        return f"the {capacity}-barrel ship is full (rule C3)"
    if core.ship_good[i] >= 0 and core.ship_good[i] != good:
        held = GOODS[core.ship_good[i]]
        return f"the {capacity}-barrel ship holds {held}, and a ship carries one kind (rule C3)"
    if good in core.ship_good:
        other = core.ship_caps[core.ship_good.index(good)]
        return f"{name} is on the {other}-barrel ship already, so it may go on no other ship (rule C3)"
    best = max(min(have, cap) for cap, kind in zip(core.ship_caps, core.ship_good, strict=True) if kind < 0)
    where = " or ".join(
        f"the {cap}-barrel ship"
        for cap, kind in zip(core.ship_caps, core.ship_good, strict=True)
        if kind < 0 and min(have, cap) == best
    )
    return f"{name} must go on the empty ship that takes the most of it (rule C5): {where}"


def _why_not_build(core: Core, b: int) -> str:
    p = core.cur
    name = BUILDINGS[b].name
    if core.owns(p, b):
        return f"seat {p} already owns a {name} (rule B4)"
    if not core.bsupply[b]:
        return f"no {name} is left in the supply"
    if core.spaces[p] + BUILDINGS[b].size > CITY_SPACES:
        return f"seat {p} has no room in the city for the {name}"
    cost = rules.cost_for(core, p, b, p == core.chooser)
    return f"the {name} costs seat {p} {count(cost, 'doubloon')} and they have {core.doubloons[p]}"
