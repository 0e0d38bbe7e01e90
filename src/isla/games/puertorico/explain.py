"""Why an action is not legal: one sentence a player can act on (used by IllegalAction)."""

from __future__ import annotations

from isla.games.puertorico import actions as A
from isla.games.puertorico import rules
from isla.games.puertorico.data import BUILDINGS, CITY_SPACES, GOODS, N_BUILDINGS, ROLES
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
        return "that load breaks the captain's rules (C3-C5: one kind per ship, the ship it is on, " \
            "else the empty ship taking the most)"
    return f"{now}, and this is not one of the choices"


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
    return f"the {name} costs seat {p} {cost} doubloons and they have {core.doubloons[p]}"
