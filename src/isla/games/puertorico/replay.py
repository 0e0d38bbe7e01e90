"""What Puerto Rico's replays show (declared as `GameInfo.replay`; see docs/replay.md).

A phase is named by its role, so "jump to the captain phase" finds the loading and the storing
after it alike. The running score is the VP a seat would finish with if the game ended now (chips,
buildings and the large buildings' bonuses, as the result counts them), shown only where the view
shows that seat's chips (R9: to their owner, to everyone with `open_vp`, and after the end). After
the end everything is revealed: every seat's chips and the face-down plantation stack (R10).
"""

from __future__ import annotations

from typing import Any

from isla.core.protocol import JSON, State
from isla.core.replay_hooks import Moment

# The sub-decisions of a role's phase, by the phase they belong to.
PHASE_OF = {"hospice": "settler", "place": "mayor", "university": "builder", "store": "captain",
            "keep": "captain"}


def moment(view: JSON) -> Moment:
    name = view["phase"]["name"]
    phase = PHASE_OF.get(name, name)
    if phase == "over":
        return Moment(view["round"], phase, "The game is over")
    words = "choosing a role" if phase == "role" else f"{phase} phase"
    return Moment(view["round"], phase, f"Round {view['round']}, {words}")


def scores(state: State, view: JSON) -> list[int | None]:
    totals = state.result().scores
    seats: list[Any] = view["seats"]
    return [total if "vp" in seat else None for total, seat in zip(totals, seats, strict=True)]


def revealed(state: State) -> JSON:
    full = state.to_json()
    data = state.view(None)
    for shown, seat in zip(data["seats"], full["seats"], strict=True):
        shown["vp"] = seat["vp"]
    data["plantations"]["stack"] = list(full["plantations"]["stack"])
    return data
