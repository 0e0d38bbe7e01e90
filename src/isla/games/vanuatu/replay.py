"""What Vanuatu's replays show (declared as `GameInfo.replay`; see docs/replay.md).

A phase is named as the rules name it: the Buyer's second cube and a dike after a hut belong to
the resolution. The running score is each seat's PP on the track, public all game long; once the
game is over it is the final score. After the end everything is revealed: the rest tokens drawn
this round, the face-down rest pile, the archipelago stack, the demand deck and the tourist stack.
"""

from __future__ import annotations

from typing import Any

from isla.core.protocol import JSON, State
from isla.core.replay_hooks import Moment

PHASE_OF = {"buyer": "resolution", "dike": "resolution"}
WORDS = {"tiles": "placing tiles", "neutral": "neutral markers", "characters": "choosing characters",
         "planning": "planning", "resolution": "resolution", "final": "last decisions"}


def moment(view: JSON) -> Moment:
    name = view["phase"]["name"]
    phase = PHASE_OF.get(name, name)
    if phase == "over":
        return Moment(view["round"], phase, "The game is over")
    return Moment(view["round"], phase, f"Round {view['round']}, {WORDS.get(phase, phase)}")


def scores(state: State, view: JSON) -> list[int | None]:
    if state.is_over:
        return list(state.result().scores)
    seats: list[Any] = view["seats"]
    return [seat["pp"] for seat in seats]


def revealed(state: State) -> JSON:
    full = state.to_json()
    data = state.view(None)
    for shown, seat in zip(data["seats"], full["seats"], strict=True):
        shown["rest"] = seat["rest"]
    data["rest_pile"] = list(full["rest_pile"])
    data["archipelago"]["stack"] = list(full["archipelago"]["stack"])
    data["demand"]["deck"] = list(full["demand"]["deck"])
    data["tourists"]["stack"] = list(full["tourists"]["stack"])
    return data
