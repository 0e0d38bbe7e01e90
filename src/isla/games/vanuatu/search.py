"""Hints for search bots: how much a decision deserves, and which positions an evaluation can judge.

Between two rounds (tile placement, neutral markers, character choice, or planning before anyone
has placed a marker) every action of the last round has been resolved and its rest bonuses paid,
so a static evaluation is fair to all seats. During planning and resolution it is not: a seat
whose markers hold a sail and a fish looks no better off than before it has acted.
"""

from __future__ import annotations

from isla.games.vanuatu.game import VanuatuState
from isla.games.vanuatu.state import CHARS, FINAL, NEUTRAL, OVER, PLAN, RESOLVE, TILES

# Share of the iteration budget a decision deserves. Where the markers go shapes the round; the
# character and the choices in resolution (where to sail, which hut, which sale) less so; tile
# placement, the Buyer's second cube, dikes and the last treasure sales are small steps.
_EFFORT = {PLAN: 1.0, CHARS: 0.6, RESOLVE: 0.6, TILES: 0.3, NEUTRAL: 0.3}
_SMALL_STEP = 0.2


def effort(state: VanuatuState) -> float:
    """The share of its iteration budget a search should spend on the decision at hand."""
    return _EFFORT.get(state.core.phase, _SMALL_STEP)


def is_quiet(state: VanuatuState) -> bool:
    core = state.core
    phase = core.phase
    if phase in (TILES, NEUTRAL, CHARS, FINAL, OVER):
        return True
    return phase == PLAN and not any(core.placed)
