"""Turn a whole choice made in a client (a mayor arrangement, a storage choice) into actions.

The browser lets a player try and undo freely, then submits the result; this module is the only place
that maps such a result to the engine's canonical action sequence, so no client re-implements
legality. Steps the engine takes by itself (forced ones) are not part of the returned list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from isla.core.errors import IllegalAction
from isla.games.puertorico import actions as A
from isla.games.puertorico.data import BUILDINGS, GOODS, N_BUILDINGS, N_TILE_KINDS, TILE_KINDS
from isla.games.puertorico.game import PuertoRicoState
from isla.games.puertorico.state import KEEP, PLACE, STORE, Core

TARGETS = (*TILE_KINDS, *(b.name for b in BUILDINGS))


def _placement(core: Core, seat: int) -> list[int]:
    tb = seat * N_TILE_KINDS
    bb = seat * N_BUILDINGS
    return core.occ[tb:tb + N_TILE_KINDS] + [max(c, 0) for c in core.bcol[bb:bb + N_BUILDINGS]]


def actions_for_arrangement(state: PuertoRicoState, arrangement: Mapping[str, int]) -> list[str]:
    """The actions that place the seat to move's colonists as `arrangement` says.

    `arrangement` maps a tile kind (occupied tiles of that kind) or a building name (colonists on
    it) to a count; targets left out get none, and every other colonist stays in San Juan. Raises
    IllegalAction if it is not a mayor placement decision or the arrangement is not legal.
    """
    core = state.core
    wanted_text = ", ".join(f"{k}={v}" for k, v in sorted(arrangement.items())) or "nothing placed"
    if core.phase != PLACE or state.to_move is None:
        raise IllegalAction(f"arrangement {wanted_text}", "nobody is placing colonists now")
    seat = core.cur
    want = [0] * len(TARGETS)
    for name, count in arrangement.items():
        if name == "san_juan":
            continue
        if name not in TARGETS:
            raise IllegalAction(f"arrangement {wanted_text}", f"{name!r} is not a tile kind or building")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalAction(
                f"arrangement {wanted_text}", f"the count for {name} must be a whole number >= 0"
            )
        want[TARGETS.index(name)] = count
    trial = state.clone()
    texts: list[str] = []
    while trial.core.phase == PLACE and trial.core.cur == seat and trial.to_move is not None:
        have = _placement(trial.core, seat)
        target = next(
            (t for t in range(trial.core.cursor, len(TARGETS)) if have[t] < want[t]), None
        )
        text = A.ACTIONS[A.PLACE0 + target].text if target is not None else "place:done"
        try:
            trial.apply(text)
        except IllegalAction as error:
            raise IllegalAction(f"arrangement {wanted_text}", error.reason) from None
        texts.append(text)
    if _placement(trial.core, seat) != want:
        raise IllegalAction(f"arrangement {wanted_text}", "those colonists cannot be placed that way")
    return texts


def actions_for_storage(state: PuertoRicoState, warehouse: Iterable[str], keep: str | None) -> list[str]:
    """The actions that store the goods kinds `warehouse` and keep one barrel of `keep` (or none)."""
    core = state.core
    kinds = sorted(set(warehouse))
    label = f"storage warehouse={','.join(kinds) or '-'} keep={keep or '-'}"
    if core.phase not in (STORE, KEEP) or state.to_move is None:
        raise IllegalAction(label, "nobody is storing goods now")
    for name in [*kinds, *([keep] if keep else [])]:
        if name not in GOODS:
            raise IllegalAction(label, f"{name!r} is not a good")
    seat = core.cur
    trial = state.clone()
    texts: list[str] = []
    pending = sorted(GOODS.index(k) for k in kinds)  # the engine stores kinds in game order
    while trial.to_move == seat and trial.core.phase in (STORE, KEEP):
        if trial.core.phase == STORE:
            text = f"store:{GOODS[pending.pop(0)]}" if pending else "store:done"
        else:
            if pending:
                raise IllegalAction(label, "the warehouses cannot hold that many kinds")
            text = f"keep:{keep}" if keep else "keep:none"
        try:
            trial.apply(text)
        except IllegalAction as error:
            raise IllegalAction(label, error.reason) from None
        texts.append(text)
    if pending:
        raise IllegalAction(label, "the warehouses cannot hold that many kinds")
    return texts
