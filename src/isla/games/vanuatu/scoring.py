"""Final scoring (§12, V14) and its tie-break: most huts on the board, then most vatus left.

When the waters submerge three islands (§14.5) everyone loses: every total and tie-break is 0, so
every seat shares the same place, the trigger is "flood" and the result says `nobody_wins` (the
shared place says nobody did better: no seat may win a lost game on huts or vatus).

The same breakdown serves as the provisional score while the game goes on: the PP track plus what
the end would add if the game ended now.
"""

from __future__ import annotations

from isla.core.protocol import Result, shared_ranks
from isla.games.vanuatu.data import (
    CAP_PP,
    FINAL_FIRST_PLAYER_PP,
    FINAL_TREASURE_MULT,
    FINAL_VATU_PER_PP,
    HUTS_PER_PLAYER,
    VATU_CAP,
    WATER_HUT_PENALTY,
)
from isla.games.vanuatu.state import OVER, Core

TIEBREAK_HUTS = 100  # tie-break = huts * 100 + vatus left (vatus never reach 100)


def breakdown(core: Core, seat: int) -> dict[str, int]:
    n = core.n
    fish_value = sum((v + 1) * core.fish_held[seat * 3 + v] for v in range(3))
    vatus = core.vatu[seat] + fish_value  # 1: fish at face value, with the 10 -> 5 PP conversion
    fish_pp = CAP_PP * (vatus // VATU_CAP)
    vatus %= VATU_CAP
    money_pp = vatus // FINAL_VATU_PER_PP  # 2: 1 PP per 3 vatus
    treasure_pp = FINAL_TREASURE_MULT * sum((v + 1) * core.treasures[seat * 3 + v] for v in range(3))
    hut_pp = sum(core.hut_pp * core.tourists[cell] * core.huts[cell * n + seat] for cell in core.islands)
    first_pp = FINAL_FIRST_PLAYER_PP if seat == core.first else 0
    # Rising Waters (§12.6): each hut loses 1/3/5/7 PP for 1-4 water markers on its island.
    water_pp = -sum(WATER_HUT_PENALTY[min(core.water[cell], 4)] * core.huts[cell * n + seat]
                    for cell in core.islands)
    huts = HUTS_PER_PLAYER - core.huts_left[seat] - core.huts_lost[seat]
    total = core.pp[seat] + fish_pp + money_pp + treasure_pp + hut_pp + first_pp + water_pp
    tiebreak = huts * TIEBREAK_HUTS + vatus
    if core.flooded:  # three islands submerged: everyone loses (§14.5), shown as 0 for all
        total = tiebreak = 0
    return {
        "track": core.pp[seat],
        "fish": fish_pp,
        "vatus": money_pp,
        "treasures": treasure_pp,
        "huts": hut_pp,
        "first_player": first_pp,
        "water": water_pp,
        "total": total,
        "huts_built": huts,
        "vatus_left": vatus,
        "tiebreak": tiebreak,
    }


def result(core: Core) -> Result:
    parts = [breakdown(core, seat) for seat in range(core.n)]
    scores = [p["total"] for p in parts]
    tiebreaks = [p["tiebreak"] for p in parts]
    ranks = shared_ranks([(s, t) for s, t in zip(scores, tiebreaks, strict=True)])
    triggers = [("flood" if core.flooded else "rounds")] if core.phase == OVER else []
    lost = core.phase == OVER and bool(core.flooded)
    return Result(core.phase == OVER, scores, tiebreaks, ranks, parts, triggers, nobody_wins=lost)
