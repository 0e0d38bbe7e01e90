"""Every Vanuatu action, interned once, with its canonical notation (docs/vanuatu.md).

Actions are `isla.core.Action` singletons with a dense integer id, so the engine dispatches on
ranges of ids and bots can use the ids as a codec. The id ranges below are the codec.
"""

from __future__ import annotations

from itertools import product
from typing import Final

from isla.core.protocol import Action
from isla.games.vanuatu.board import CELL_NAMES, N_CELLS
from isla.games.vanuatu.data import ARCHIPELAGO, CHARACTERS, GOODS, SPACES, TILES

_texts: list[str] = []


def _block(texts: list[str]) -> int:
    start = len(_texts)
    _texts.extend(texts)
    return start


ISLANDS: Final = tuple(i for i, t in enumerate(TILES) if t.island)  # tile indices
OCEANS: Final = tuple(i for i, t in enumerate(TILES) if not t.island)
ISLAND_SLOT: Final = {tile: k for k, tile in enumerate(ISLANDS)}
OCEAN_SLOT: Final = {tile: k for k, tile in enumerate(OCEANS)}
N_ISLANDS: Final = len(ISLANDS)

# Fish a seat can hold, by value 1/2/3: at most one fish action a round, and no more value-v
# tiles than ocean tiles printed with >= v fish (V15), so these caps bound the sell choices.
FISH_CAPS: Final = (8, 5, 3)
SELLS: Final = tuple(c for c in product(*(range(cap + 1) for cap in FISH_CAPS)) if any(c))
SELL_INDEX: Final = {c: i for i, c in enumerate(SELLS)}


def sell_text(counts: tuple[int, ...]) -> str:
    return "sell:" + "+".join(str(v + 1) for v, c in enumerate(counts) for _ in range(c))


CHAR0: Final = _block([f"char:{c}" for c in CHARACTERS])
NEUTRAL0: Final = _block([f"neutral:{s}" for s in SPACES])
PLAN0: Final = _block([f"plan:{s}" for s in SPACES])
TILE0: Final = _block([f"tile:{TILES[t].name}@{CELL_NAMES[c]}" for t in ARCHIPELAGO for c in range(N_CELLS)])
SAIL0: Final = _block([f"sail:{TILES[t].name}" for t in OCEANS])
BUILD0: Final = _block([f"build:{TILES[t].name}" for t in ISLANDS])
EXPLORE: Final = _block(["explore"])
FISH: Final = _block(["fish"])
SELL0: Final = _block([sell_text(c) for c in SELLS])
BUY0: Final = _block([f"buy:{g}@{TILES[t].name}" for t in ISLANDS for g in GOODS])
BUYER_TAKE: Final = _block(["buyer:take"])
BUYER_SKIP: Final = _block(["buyer:skip"])
DRAW0: Final = _block([f"draw:{TILES[t].name}" for t in ISLANDS])
TOURIST0: Final = _block([f"tourist:{TILES[t].name}" for t in ISLANDS])
REST: Final = _block(["rest"])
CLEAR0: Final = _block([f"clear:{s}" for s in SPACES])
GOVERN0: Final = _block([f"govern:{a}:{b}" for a in SPACES for b in SPACES])
CASH0: Final = _block([f"cash:{v}" for v in (1, 2, 3)])
BEG0: Final = _block([f"beg:{n}" for n in (1, 2, 3)])
FINISH: Final = _block(["finish"])
# Rising Waters: a dike on the side of an island facing the named cell, or none after a hut.
DIKE0: Final = _block([f"dike:{TILES[t].name}@{CELL_NAMES[c]}" for t in ISLANDS for c in range(N_CELLS)])
DIKE_SKIP: Final = _block(["dike:skip"])
# bonuses=optional: an action performed without its character's bonus is its text + ":nobonus"
# (the Vendor has none: without its bonus a sale needs a hut, and with one the bonus changes nothing).
NOBONUS_SUFFIX: Final = ":nobonus"
_WITH_BONUS: Final = [
    *range(SAIL0, BUILD0), *range(BUILD0, EXPLORE), EXPLORE, FISH, *range(DRAW0, TOURIST0),
    *range(TOURIST0, REST),
]
NOBONUS0: Final = _block([_texts[i] + NOBONUS_SUFFIX for i in _WITH_BONUS])
END: Final = len(_texts)
NOBONUS: Final = {aid: NOBONUS0 + k for k, aid in enumerate(_WITH_BONUS)}  # with -> without
WITH_BONUS: Final = {nb: aid for aid, nb in NOBONUS.items()}  # without -> with

ACTIONS: Final = tuple(Action(i, text) for i, text in enumerate(_texts))
BY_TEXT: Final = {a.text: a for a in ACTIONS}
N_ACTIONS: Final = len(ACTIONS)


def tile_action(tile: int, cell: int) -> Action:
    return ACTIONS[TILE0 + (tile - ARCHIPELAGO[0]) * N_CELLS + cell]


def buy_action(island_tile: int, good: int) -> Action:
    return ACTIONS[BUY0 + ISLAND_SLOT[island_tile] * len(GOODS) + good]


def dike_action(island_tile: int, facing: int) -> Action:
    return ACTIONS[DIKE0 + ISLAND_SLOT[island_tile] * N_CELLS + facing]


def govern_action(src: int, dst: int) -> Action:
    return ACTIONS[GOVERN0 + src * len(SPACES) + dst]
