"""What a Vanuatu game stays within: its score range and a limit on its length (GameInfo.bounds).

The score range is sound, not tight (real games score under a tenth of its top). A seat performs
at most one action per marker, five a round, for eight rounds; no action scores more PP than an
export by the Buyer (two cubes, each with its PP and the ship-completion bonus), and none but a
fish sale brings more vatus than a hut's island has huts. Fish sales are bounded by the fish in
the whole game (each disc is placed once, with its tile) at the highest price, treasure by the
treasure discs. Every 10 vatus become 5 PP; the end adds treasure, huts on full islands and the
first player's bonus. The lowest score is every hut on an island about to sink (Rising Waters).

The length limit is far above any game played (the longest of 60 random and 20 heuristic games,
five players, took 358 decisions); a round has a bounded number of decisions per seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.info import Bounds
from isla.games.vanuatu.data import (
    CAP_PP,
    DRAW_PP_ARTIST,
    FINAL_FIRST_PLAYER_PP,
    FINAL_TREASURE_MULT,
    FISH_PRICE_START,
    GOOD_PP,
    GUIDE_PP_PER_DRAWING,
    HUTS_PER_PLAYER,
    MARKERS_PER_PLAYER,
    MAX_VALUE,
    REST_BONUS,
    ROUNDS,
    SHIP_COMPLETION_PP,
    START_VATU,
    TILES,
    TOURIST_VATU_PER_HUT,
    VATU_CAP,
    WATER_HUT_PENALTY,
)

_ACTIONS = ROUNDS * MARKERS_PER_PLAYER
_MOST_HUTS_ON_AN_ISLAND = max(t.huts for t in TILES)
_MOST_DRAWINGS = max(t.drawings for t in TILES)
_MOST_TOURISTS = max(t.tourists for t in TILES)
_PP_PER_ACTION = max(
    2 * (max(GOOD_PP) + SHIP_COMPLETION_PP), DRAW_PP_ARTIST, GUIDE_PP_PER_DRAWING * _MOST_DRAWINGS, MAX_VALUE
)
_VATUS_PER_ACTION = max(TOURIST_VATU_PER_HUT * _MOST_HUTS_ON_AN_ISLAND, MAX_VALUE)
_FISH_VALUE = sum(t.fish for t in TILES) * MAX_VALUE
_TREASURE_VALUE = sum(t.treasure for t in TILES) * MAX_VALUE
_REST_PP = ROUNDS * max(pp for _, pp in REST_BONUS)
_REST_VATUS = ROUNDS * max(vatus for vatus, _ in REST_BONUS)
_STEPS_PER_SEAT_AND_ROUND = 50


def bounds(players: int, options: Mapping[str, Any]) -> Bounds:
    vatus = (START_VATU + _ACTIONS * _VATUS_PER_ACTION + _FISH_VALUE * FISH_PRICE_START
             + _TREASURE_VALUE + _REST_VATUS)
    from_vatus = CAP_PP * (vatus // VATU_CAP) + VATU_CAP  # the rest, whatever the final rate
    final = (FINAL_TREASURE_MULT * _TREASURE_VALUE + FINAL_FIRST_PLAYER_PP
             + int(options["hut_pp_per_tourist"]) * _MOST_TOURISTS * HUTS_PER_PLAYER)
    highest = _ACTIONS * _PP_PER_ACTION + _REST_PP + from_vatus + final
    lowest = -max(WATER_HUT_PENALTY) * HUTS_PER_PLAYER if options["rising_waters"] else 0
    return Bounds((lowest, highest), _STEPS_PER_SEAT_AND_ROUND * ROUNDS * players)
