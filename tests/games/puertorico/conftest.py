"""Shared helpers for the Puerto Rico scenario tests: hand-written positions and short ways to play them.

Scenario tests build a position from a small hand-written JSON dict (every derivable field may be left
out, see `serialize.from_json`) so each test shows exactly the facts the rule under test depends on.
Import them in a test module with `from conftest import position, apply_all, ...` (pytest puts this
directory on `sys.path`). Remember that loading a position settles it: a decision with a single legal
action is applied at once, so the returned state always waits for a real choice (or is over).
To fix the order of face-down plantations, give `plantations={"stack": [...]}`: the top of the stack
(the next tile drawn) is the END of the list.
"""

from __future__ import annotations

from typing import Any

from isla.core.protocol import JSON
from isla.games.puertorico.game import GAME, PuertoRicoState


def position(players: int = 4, **fields: Any) -> PuertoRicoState:
    """A state from a hand-written dict: `players` seats (empty boards unless `seats=` is given).

    `fields` are top-level state fields (`seats`, `phase`, `colonists`, `plantations`, `options`, ...).
    `seats` may be shorter than `players`; the missing seats are empty boards.
    """
    seats = list(fields.pop("seats", []))
    if len(seats) > players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    seats += [{} for _ in range(players - len(seats))]
    data: JSON = {"players": players, "seats": seats}
    data.update(fields)
    return GAME.state_from_json(data)


def new_game(players: int = 4, seed: int = 0, **options: Any) -> PuertoRicoState:
    """A fresh game through the public constructor (setup as in §2.1)."""
    return GAME.new_state(players=players, seed=seed, options=options)


def table(state: PuertoRicoState) -> JSON:
    """The full JSON form of a state (hidden information included)."""
    return state.to_json()


def seat_json(state: PuertoRicoState, seat: int) -> JSON:
    """One seat's part of the full JSON: doubloons, vp, goods, island, occupied, city, san_juan."""
    seat_data: JSON = state.to_json()["seats"][seat]
    return seat_data


def phase_json(state: PuertoRicoState) -> JSON:
    """The decision in progress: name, seat, chooser, turn and the phase's own fields."""
    phase: JSON = state.to_json()["phase"]
    return phase


def apply_all(state: PuertoRicoState, *texts: str) -> PuertoRicoState:
    """Apply each action text in turn through the checked path; returns the same (mutated) state."""
    for text in texts:
        state.apply(text)
    return state


def legal_texts(state: PuertoRicoState) -> set[str]:
    """The notation texts of the legal actions, as a set (compare exact sets in tests)."""
    return {a.text for a in state.legal_actions()}


def legal_list(state: PuertoRicoState) -> list[str]:
    """The legal action texts in the engine's canonical order."""
    return [a.text for a in state.legal_actions()]
