"""Vanuatu move counts (perft): the number of distinct decision sequences to depth N.

The figures follow from the rules (rules/vanuatu.md, docs/vanuatu.md) and the positions written
here, worked out by hand in the comments; `RECORDED` figures were recorded from the engine when
these tests were written and guard against unintended changes in move generation. A decision with
one legal action is taken by the engine and never counts (docs/vanuatu.md, "Forced decisions").

The board of the hand-written positions is the starting one: Efate on 0,0, start-fish (2 fish) on
1,0, start-wreck (1 fish, 2 treasure) on 0,1 and start-boats (nothing) on 1,1, where every boat
is. From 1,1 a boat touches Efate and both other oceans, 1 step each.
"""

from __future__ import annotations

from typing import Any

import isla
from isla.core.perft import divide, perft

GAME = isla.game("vanuatu")
SPACES = ("sail", "build", "explore", "fish", "sell", "buy", "draw", "tourist", "rest")

BOARD = [
    {"cell": "0,0", "tile": "efate", "goods": {"kava": 1, "copra": 1, "beef": 1}},
    {"cell": "1,0", "tile": "start-fish"},
    {"cell": "0,1", "tile": "start-wreck"},
    {"cell": "1,1", "tile": "start-boats"},
]
# 3 players without characters, seat 0 first; every seat has the starting 3 vatus, nothing else;
# 2 tourists this round.
PLANNING = {
    "players": 3, "seed": 4, "first": 0, "options": {"characters": "off", "bonuses": "optional"},
    "board": BOARD, "seats": [{}, {}, {}], "tourists": {"tile": 2, "left": 2},
}

# Planning (§8.3, V16): in turn order 2 markers each, one marker a decision; a marker may go only
# on an action the seat could perform after some order of its own planned actions.
#
# Depth 1, seat 0 with nothing planned, from start-boats: sail (3 vatus pay a step), build (Efate
# has hut spaces, 3 vatus), buy (Efate's cubes, the dearest costs 3), draw (Efate's drawing space),
# tourist (2 tourists, Efate below its limit), rest (the pile is full) = 6. Not explore or fish
# (nothing on start-boats), not sell (no fish). = 6
# Depth 2, seat 0's second marker: after plan:sail the boat may reach the wreck or the fish, so
# explore and fish join the 6 (sell still needs fish, or a planned fish) = 8; after any other
# marker nothing new is reachable = 6.  8 + 5 * 6 = 38
# Depth 3: seat 1's first marker; other seats' markers are ignored (V16), so 6 after each = 228
# Depth 4: seat 1's second marker as at depth 2: 38 * 38 = 1444
# Depths 5 and 6: seat 2 likewise: 1444 * 6 = 8664, 1444 * 38 = 54872
PLANNING_BY_HAND = {1: 6, 2: 38, 3: 228, 4: 1444, 5: 8664, 6: 54872}


def test_planning_allows_only_what_the_seats_own_planned_actions_make_possible_v16() -> None:
    state = GAME.state_from_json(PLANNING)
    for depth, figure in PLANNING_BY_HAND.items():
        assert perft(state, depth) == figure, depth
    assert divide(state, 2) == {
        "plan:sail": 8, "plan:build": 6, "plan:buy": 6, "plan:draw": 6, "plan:tourist": 6, "plan:rest": 6,
    }


# Round 2, tile placement (§8.1, V8), seat 0 first: the shown tiles are A1 (an island) and B1 (an
# ocean). A new tile touches at least 2 placed tiles; an island touches no island; an ocean touches
# an island. Neighbours of q,r: q±1,r; q,r±1; q+1,r+1; q-1,r-1, on the board's 16 cells.
TILES = {
    **PLANNING, "round": 2, "archipelago": {"preview": ["A1", "B1"]}, "phase": {"name": "tiles", "seat": 0},
}

# Empty cells touching 2 placed tiles: -1,0 (Efate and the wreck), 2,1 (fish and boats), 1,2
# (wreck and boats). -1,0 touches Efate: no island there, but the ocean may go there; 2,1 and 1,2
# touch no island: the island may go there, the ocean may not.
# Depth 1: A1 at 2,1 or 1,2, B1 at -1,0 = 3
# Depth 2, the other tile:
#   A1 at 2,1: B1 at -1,0, or 2,0 and 2,2, which now touch 2 tiles and the island A1 = 3
#   A1 at 1,2: B1 at -1,0, 0,2 or 2,2 (same reason) = 3
#   B1 at -1,0: A1 at 2,1, 1,2, or -1,1 (next to the wreck and B1, no island) = 3
#   total 9
# Depth 3: both tiles are down, no characters: seat 0 plans its first marker: 6 (the spaces of the
# planning position above; a new tile adds islands and oceans, never a space) = 54
# Depths 4 to 6: 9 times the planning figures of depths 2 to 4: 342, 2052, 12996
TILES_BY_HAND = {1: 3, 2: 9, 3: 54, 4: 342, 5: 2052, 6: 12996}


def test_tile_placement_follows_v8_islands_apart_oceans_next_to_an_island() -> None:
    state = GAME.state_from_json(TILES)
    for depth, figure in TILES_BY_HAND.items():
        assert perft(state, depth) == figure, depth
    after: dict[str, list[str]] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        after[action.text] = sorted(a.text for a in child.legal_actions())
    assert after == {
        "tile:A1@2,1": ["tile:B1@-1,0", "tile:B1@2,0", "tile:B1@2,2"],
        "tile:A1@1,2": ["tile:B1@-1,0", "tile:B1@0,2", "tile:B1@2,2"],
        "tile:B1@-1,0": ["tile:A1@-1,1", "tile:A1@1,2", "tile:A1@2,1"],
    }


# A new 3-player game: round 1 starts with the characters (§8.2), all 11 free.
# Depths 1 to 3: the three seats pick in turn among 11, 10 and 9: 11, 110, 990.
# Depth 4: the first player's first marker: the same 6 spaces as in the planning position for every
# character (the Navigator's free sail and the Builder's cheap hut only make sail and build cheaper,
# the Vendor's sale still needs fish, the Fisherman and the Diver a sail first, and nobody has PP
# for the Beggar): 990 * 6 = 5940. Depth 5: its second marker, 38 / 6 as above: 990 * 38 = 37620.
NEW_GAME_BY_HAND = {1: 11, 2: 110, 3: 990, 4: 5940, 5: 37620}


def test_a_new_game_opens_with_eleven_characters_and_the_opening_plan() -> None:
    state = GAME.new_state(3, seed=11)
    for depth, figure in NEW_GAME_BY_HAND.items():
        assert perft(state, depth) == figure, depth


# A new 2-player game: before the characters, the first player puts 2 neutral markers, then the
# other player 3 (§13.3); within one player's batch the spaces never go backwards (one canonical
# order of the 9 spaces).
# Depth 1: any of the 9 spaces = 9.
# Depth 2: after space i (0-based) the second marker has the 9 - i spaces from i on; after rest
# (i = 8) that is one, so it is forced and the next decision is the other player's first marker
# (9): 9 + 8 + ... + 2 + 9 = 53.
# Depth 3: the 44 pairs of the first player lead to the other player's first marker (9 each);
# after rest and rest, the other player's first marker j leaves its second marker 9 - j spaces,
# except j = rest, where its second and third are forced and the first player picks one of the 5
# characters offered (§13.2): 44 * 9 + (9 + 8 + ... + 2) + 5 = 445.
NEUTRAL_BY_HAND = {1: 9, 2: 53, 3: 445}
NEUTRAL_RECORDED = {4: 2372, 5: 10564}


def test_two_player_neutral_markers_go_on_in_canonical_order_then_characters_are_offered() -> None:
    state = GAME.new_state(2, seed=11)
    for depth, figure in {**NEUTRAL_BY_HAND, **NEUTRAL_RECORDED}.items():
        assert perft(state, depth) == figure, depth
    assert divide(state, 2) == {
        **{f"neutral:{space}": 9 - index for index, space in enumerate(SPACES[:-1])}, "neutral:rest": 9,
    }


def test_counting_leaves_the_position_unchanged() -> None:
    for data in (PLANNING, TILES):
        state = GAME.state_from_json(data)
        before: Any = state.to_json()
        perft(state, 3)
        assert state.to_json() == before
