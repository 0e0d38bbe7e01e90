"""Hints for search bots: how much a decision deserves, and which positions an evaluation can judge.

Between two roles (a role choice is being made) every effect of the last role has happened, so a
static evaluation is fair to all seats; in the middle of a phase it is not (a captain who has chosen
the role but not yet shipped looks no better off than before).
"""

from __future__ import annotations

from isla.games.puertorico.game import PuertoRicoState
from isla.games.puertorico.state import BUILD, OVER, ROLE, SELL, SETTLE, SHIP

# Share of the iteration budget a decision deserves. Role choices shape the game; the phase
# decisions less so; the many small steps (each colonist placed, each barrel kept, a free
# colonist taken) are where the heuristic is already good and search gains little. In heuristic
# games about 55% of all decisions are colonist placements.
_EFFORT = {ROLE: 1.0, SETTLE: 0.6, BUILD: 0.6, SHIP: 0.6, SELL: 0.6}
_SMALL_STEP = 0.2


def effort(state: PuertoRicoState) -> float:
    """The share of its iteration budget a search should spend on the decision at hand."""
    return _EFFORT.get(state.core.phase, _SMALL_STEP)


def is_quiet(state: PuertoRicoState) -> bool:
    phase = state.core.phase
    return phase in (ROLE, OVER)
