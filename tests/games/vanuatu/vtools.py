"""Helpers for the Vanuatu scenario tests: hand-written positions and short ways to play them.

(Not a conftest.py: Puerto Rico's tests import theirs as `conftest`, and one name cannot be two
modules in one pytest run.)

Scenario tests build a position from a small hand-written JSON dict (see `serialize.from_json`:
face-down stacks, the rest pile, the goods reserve may be left out) so each test shows exactly the
facts the rule under test depends on. Loading a position settles it: a decision with a single legal
action is applied at once. Face-down stacks list the next item drawn LAST.

The default board is the starting one: efate on 0,0, start-fish on 1,0, start-wreck on 0,1 and
start-boats (where every boat starts) on 1,1. From 1,1 a boat touches efate and both other oceans.
"""

from __future__ import annotations

from typing import Any

from isla.core.protocol import JSON
from isla.games.vanuatu.game import GAME, VanuatuState


def start_board(**efate: Any) -> list[JSON]:
    """The starting board; `efate` overrides fields of the starting island (goods, huts, ...)."""
    island: JSON = {"cell": "0,0", "tile": "efate", "goods": {"kava": 1, "copra": 1, "beef": 1}}
    island.update(efate)
    return [
        island,
        {"cell": "1,0", "tile": "start-fish"},
        {"cell": "0,1", "tile": "start-wreck"},
        {"cell": "1,1", "tile": "start-boats"},
    ]


def position(players: int = 3, **fields: Any) -> VanuatuState:
    """A state from a hand-written dict: `players` seats (defaults unless `seats=` is given).

    `seats` may be shorter than `players`; the missing seats get the defaults (3 vatus, boat on
    start-boats). `board` defaults to the starting board; `first` to seat 0.
    """
    seats = list(fields.pop("seats", []))
    seats += [{} for _ in range(players - len(seats))]
    data: JSON = {"players": players, "seats": seats, "first": 0, "board": start_board()}
    data.update(fields)
    return GAME.state_from_json(data)


def resolution(players: int = 3, **fields: Any) -> VanuatuState:
    """A position in the resolution phase, seat `first` (default 0) to move.

    The rest pile defaults to one whose top token is "first", which pays nothing, so a rest taken in
    the test changes no vatus or PP.
    """
    fields.setdefault("phase", {"name": "resolution", "seat": fields.get("first", 0)})
    if not any("rest" in seat for seat in fields.get("seats", [])):
        fields.setdefault("rest_pile", ["coin", "point", "both", "first"])
    return position(players, **fields)


def new_game(players: int = 4, seed: int = 0, **options: Any) -> VanuatuState:
    return GAME.new_state(players=players, seed=seed, options=options)


def apply_all(state: VanuatuState, *texts: str) -> VanuatuState:
    for text in texts:
        state.apply(text)
    return state


def legal_texts(state: VanuatuState) -> set[str]:
    return {a.text for a in state.legal_actions()}


def seat_json(state: VanuatuState, seat: int) -> JSON:
    data: JSON = state.to_json()["seats"][seat]
    return data


def phase_json(state: VanuatuState) -> JSON:
    data: JSON = state.to_json()["phase"]
    return data


def cell_json(state: VanuatuState, cell: str) -> JSON:
    for entry in state.to_json()["board"]:
        if entry["cell"] == cell:
            found: JSON = entry
            return found
    raise KeyError(cell)
