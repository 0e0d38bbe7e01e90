"""What a viewer could not see at a step of the live game, checked in a replay payload.

The same checks as the live per-seat tests: no RNG state, seed or face-down order anywhere in what
is sent (tests/server/test_ws.py), nothing that changes when what the viewer cannot know is dealt
again (the conformance suite's hidden-view check), and, by the rules of each game, Puerto Rico's VP
chips only to their owner unless the table plays with open VP (R9; the score made of them likewise),
and Vanuatu's rest tokens drawn this round only to the seat that drew them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from isla.core import JSON, State
from isla.core.replay_hooks import ReplayHooks
from isla.core.replays import Viewer, seen

# Keys of the full state that no view holds: the RNG, the seed, face-down stacks and piles in order.
HIDDEN_KEYS = ("rng", "seed", "order", "stack", "deck", "rest_pile")


def hidden_keys(value: Any, path: str = "") -> list[str]:
    """Places in `value` named by a key of the hidden state."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in HIDDEN_KEYS:
                found.append(f"{path}.{key}")
            found.extend(hidden_keys(item, f"{path}.{key}"))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(hidden_keys(item, f"{path}[{index}]"))
    return found


def _puertorico(payload: JSON, viewer: int | None) -> list[str]:
    view = payload["view"]
    if view["options"]["open_vp"]:
        return []
    found = [f"seats[{s}].vp" for s, seat in enumerate(view["seats"]) if s != viewer and "vp" in seat]
    scores = payload["scores"]
    found += [f"scores[{s}]" for s, score in enumerate(scores) if s != viewer and score is not None]
    return found


def _vanuatu(payload: JSON, viewer: int | None) -> list[str]:
    return [f"seats[{s}].rest" for s, seat in enumerate(payload["view"]["seats"])
            if s != viewer and seat["rest"] not in (None, "hidden")]


BY_RULES: dict[str, Callable[[JSON, int | None], list[str]]] = {
    "puertorico": _puertorico, "vanuatu": _vanuatu,
}


def problems(payload: JSON, viewer: int | None, game: str) -> list[str]:
    """Everything in `payload` that `viewer` (a seat, or None: a spectator) may not see."""
    rules = BY_RULES.get(game)
    return hidden_keys(payload) + (rules(payload, viewer) if rules is not None else [])


def blind_to_resampling(state: State, viewer: int | None, hooks: ReplayHooks, rng: random.Random) -> bool:
    """Whether what `viewer` is shown of `state` stays the same when what it cannot know is dealt
    again: for a seat, by its own determinization; for a spectator, by every seat's."""
    shown: Viewer = viewer
    seats = range(state.players) if viewer is None else (viewer,)
    expected = seen(state, shown, hooks)
    return all(seen(state.determinize(seat, rng), shown, hooks) == expected for seat in seats)
