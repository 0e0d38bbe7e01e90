"""Every Puerto Rico action, interned once, with its canonical notation (docs/notation.md).

Actions are `isla.core.Action` singletons with a dense integer id, so the engine can dispatch on
ranges of ids and bots can use the ids as a codec. The id ranges below are the codec.
"""

from __future__ import annotations

from typing import Final

from isla.core.protocol import Action
from isla.games.puertorico.data import BUILDINGS, GOODS, N_BUILDINGS, ROLES, TILE_KINDS

_texts: list[str] = []


def _block(texts: list[str]) -> int:
    start = len(_texts)
    _texts.extend(texts)
    return start


ROLE0: Final = _block([f"role:{r}" for r in ROLES])
SETTLE0: Final = _block([f"settle:{k}" for k in TILE_KINDS])
SETTLE_PASS: Final = _block(["settle:pass"])
HACIENDA: Final = _block(["hacienda"])
HOSPICE_TAKE: Final = _block(["hospice:take"])
HOSPICE_PASS: Final = _block(["hospice:pass"])
MAYOR_TAKE: Final = _block(["mayor:take"])
MAYOR_REFUSE: Final = _block(["mayor:refuse"])
# Mayor targets: the six tile kinds, then the 23 buildings (the canonical placement order).
PLACE0: Final = _block([f"place:{k}" for k in TILE_KINDS] + [f"place:{b.name}" for b in BUILDINGS])
PLACE_DONE: Final = _block(["place:done"])
BUILD0: Final = _block([f"build:{b.name}" for b in BUILDINGS])
BUILD_PASS: Final = _block(["build:pass"])
UNIVERSITY_TAKE: Final = _block(["university:take"])
UNIVERSITY_PASS: Final = _block(["university:pass"])
BONUS0: Final = _block([f"bonus:{g}" for g in GOODS])
BONUS_PASS: Final = _block(["bonus:pass"])
SELL0: Final = _block([f"sell:{g}" for g in GOODS])
SELL_PASS: Final = _block(["sell:pass"])
# Loading: good-major, then the ship by capacity 4..8, then the wharf (index 5).
SHIP_CAPACITIES: Final = (4, 5, 6, 7, 8)
SHIP0: Final = _block(
    [f"ship:{g}:{c}" for g in GOODS for c in SHIP_CAPACITIES] + [f"ship:{g}:wharf" for g in GOODS]
)
WHARF0: Final = SHIP0 + len(GOODS) * len(SHIP_CAPACITIES)
SHIP_PASS: Final = _block(["ship:pass"])
STORE0: Final = _block([f"store:{g}" for g in GOODS])
STORE_DONE: Final = _block(["store:done"])
KEEP0: Final = _block([f"keep:{g}" for g in GOODS])
KEEP_NONE: Final = _block(["keep:none"])

N_PLACE_TARGETS: Final = len(TILE_KINDS) + N_BUILDINGS

ACTIONS: Final = tuple(Action(i, text) for i, text in enumerate(_texts))
BY_TEXT: Final = {a.text: a for a in ACTIONS}
N_ACTIONS: Final = len(ACTIONS)


def ship_action(good: int, capacity: int) -> Action:
    return ACTIONS[SHIP0 + good * len(SHIP_CAPACITIES) + SHIP_CAPACITIES.index(capacity)]
