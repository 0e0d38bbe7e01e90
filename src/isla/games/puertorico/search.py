"""Hints for search bots: where a position is quiet enough to be judged by an evaluation function.

Between two roles (a role choice is being made) every effect of the last role has happened, so a
static evaluation is fair to all seats; in the middle of a phase it is not (a captain who has chosen
the role but not yet shipped looks no better off than before).
"""

from __future__ import annotations

from isla.games.puertorico.game import PuertoRicoState
from isla.games.puertorico.state import OVER, ROLE


def is_quiet(state: PuertoRicoState) -> bool:
    phase = state.core.phase
    return phase in (ROLE, OVER)
