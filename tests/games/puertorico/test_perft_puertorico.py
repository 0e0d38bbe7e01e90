"""Puerto Rico move counts (perft): the number of distinct decision sequences to depth N.

Each position is written by hand, so every figure below follows from the rules (rules/puerto-rico.md,
docs/notation.md) and the facts written in the position, not from the engine. The smallest depths
are worked out by hand in the comments; the deeper ones (`RECORDED`) were recorded from the engine
when these tests were written and guard against unintended changes in move generation.

Two facts of the notation matter everywhere: a decision with exactly one legal action is not a
decision (the engine takes it and it never counts), and a phase in which nobody has a choice runs
by itself to the next real decision.
"""

from __future__ import annotations

from typing import Any

import pytest

import isla
from isla.core.perft import divide, perft

GAME = isla.game("puertorico")


def _state(data: dict[str, Any]) -> isla.State:
    return GAME.state_from_json(data)


def _assert_counts(data: dict[str, Any], figures: dict[int, int], divided: dict[str, int]) -> None:
    """The position's perft at each depth, and its depth-3 count by first action."""
    state = _state(data)
    assert {depth: perft(state, depth) for depth in figures} == figures
    assert divide(state, 3) == divided


# --- the 4-player opening ------------------------------------------------------------------------
# The setup of §2.1 for 4 players: 3 doubloons each; indigo, indigo, corn, corn (no colonist on
# them); 75 colonists in the supply and 4 on the ship; the face-up tiles chosen here: coffee, corn,
# indigo, sugar, sugar (4 kinds, sugar twice).
OPENING = {
    "players": 4, "seed": 7,
    "seats": [
        {"doubloons": 3, "island": {"indigo": 1}}, {"doubloons": 3, "island": {"indigo": 1}},
        {"doubloons": 3, "island": {"corn": 1}}, {"doubloons": 3, "island": {"corn": 1}},
    ],
    "plantations": {"face_up": ["coffee", "corn", "indigo", "sugar", "sugar"]},
}

# Depth 1: the governor (seat 0) may take any of the 4-player roles, the six base roles and one
# prospector: 7 in all.
#
# Depth 2, the next decision after each role:
#   settler:   seat 0 settles with the privilege: one of 4 face-up kinds, a quarry, or pass = 6
#   mayor:     mayor:take or mayor:refuse (the supply is not empty) = 2
#   builder:   3 doubloons and the builder's 1 off, no quarries: every building costing at most 4:
#              small indigo 1, small sugar 2, indigo plant 3, sugar mill 4, small market 1,
#              hacienda 2, construction hut 2, small warehouse 3, hospice 4, and build:pass = 10
#   craftsman: no tile is occupied, so nothing is produced and the craftsman gets no bonus
#              decision; seat 1 picks one of the 6 roles left = 6
#   trader:    nobody holds a good, every sell:pass is forced; seat 1 picks = 6
#   captain:   nobody can load or store; seat 1 picks = 6
#   prospector: seat 0 takes 1 doubloon, no phase; seat 1 picks = 6
#   total 6 + 2 + 10 + 4 * 6 = 42
#
# Depth 3:
#   settler (27): seat 1 settles without the privilege (no quarry, no construction hut): the
#              face-up kinds left and pass. After coffee, corn or indigo: 3 kinds + pass = 4 each;
#              after sugar (one sugar is left): 4 kinds + pass = 5; after the quarry or pass: 5 each.
#              4 + 4 + 4 + 5 + 5 + 5 = 27
#   mayor (4): the ship's 4 colonists go one to each seat, so seat 0 arranges 2 colonists (take) or 1
#              (refuse); its only circle is its indigo tile: place:indigo or place:done = 2 each
#   builder (80): whatever seat 0 did (every building has at least 2 copies, no university), seat 1
#              builds with 3 doubloons and no discount: the 7 buildings costing at most 3, or pass
#              = 8, for each of the 10 = 80
#   craftsman, trader, captain, prospector (33 each): seat 1 picks one of the 6 roles left; then
#              settler (seat 1's privilege) 4 kinds + quarry + pass = 6, mayor 2, builder (seat 1
#              with the builder's discount) 10, and each of the three phases nobody decides in
#              leads to seat 2's pick among the 5 roles left = 5: 6 + 2 + 10 + 5 + 5 + 5 = 33
#   total 27 + 4 + 80 + 4 * 33 = 243
OPENING_BY_HAND = {1: 7, 2: 42, 3: 243}
OPENING_DIVIDE_3 = {
    "role:settler": 27, "role:mayor": 4, "role:builder": 80, "role:craftsman": 33,
    "role:trader": 33, "role:captain": 33, "role:prospector": 33,
}
OPENING_RECORDED = {4: 1507, 5: 10319, 6: 68406}


def test_four_player_opening_counts_follow_the_role_choice_and_each_phase() -> None:
    _assert_counts(OPENING, {**OPENING_BY_HAND, **OPENING_RECORDED}, OPENING_DIVIDE_3)


def test_a_new_four_player_game_opens_with_the_seven_roles() -> None:
    # new_state(4, seed): the governor's 7 roles (depth 1), and at depth 2 the same 2 + 10 + 4 * 6
    # for the roles that do not depend on the face-up tiles; the settler's count is its face-up
    # kinds + quarry + pass (read from the public view).
    state = GAME.new_state(4, seed=11)
    kinds = len(set(state.view(0)["plantations"]["face_up"]))
    assert perft(state, 1) == 7
    assert divide(state, 2) == {
        "role:settler": kinds + 2, "role:mayor": 2, "role:builder": 10, "role:craftsman": 6,
        "role:trader": 6, "role:captain": 6, "role:prospector": 6,
    }


# --- a mayor's arrangement ---------------------------------------------------------------------
# 3 players, the mayor phase chosen by seat 0 (no pick finished yet this round), the ship already
# handed out: seat 0 arranges 3 colonists from San Juan over a corn tile (1 circle), two indigo
# tiles (2), a small indigo plant (1) and an indigo plant (3). Seats 1 and 2 have no colonists.
# Seats have no doubloons; the face-up tiles are corn, sugar, tobacco, tobacco.
MAYOR = {
    "players": 3, "seed": 3,
    "roles": {"mayor": {"doubloons": 0, "taken_by": 0}},
    "phase": {"name": "place", "chooser": 0},
    "colonists": {"supply": 50, "ship": 0},
    "plantations": {"face_up": ["corn", "sugar", "tobacco", "tobacco"]},
    "seats": [
        {"san_juan": 3, "island": {"corn": 1, "indigo": 2},
         "city": {"small-indigo-plant": 0, "indigo-plant": 0}},
        {"island": {"indigo": 1}},
        {"island": {"corn": 1}},
    ],
}

# Targets in the canonical order: corn, indigo, small-indigo-plant (sip), indigo-plant (ip). A
# place: may use the last target again while it has a free circle, or a later one; place:done is
# offered while colonists remain in San Juan (R2: they may stay there).
#
# Depth 1: place:corn, place:indigo, place:sip, place:ip, place:done = 5
# Depth 2:
#   corn (corn full):        indigo, sip, ip, done = 4
#   indigo (1 indigo free):  indigo, sip, ip, done = 4
#   sip (full):              ip, done = 2
#   ip (2 free):             ip, done = 2
#   done: seats 1 and 2 have nothing to place (their place:done is forced), the ship is refilled,
#         and seat 1 picks one of the 5 roles left (3 players, mayor taken) = 5
#   total 4 + 4 + 2 + 2 + 5 = 17
# Depth 3:
#   corn:   then indigo (indigo, sip, ip, done = 4), sip (ip, done = 2), ip (ip, done = 2),
#           done (seat 1's pick: 5) = 13
#   indigo: then indigo (indigo full: sip, ip, done = 3), sip 2, ip 2, done 5 = 12
#   sip:    then ip (ip, done = 2), done 5 = 7
#   ip:     then ip (1 free: ip, done = 2), done 5 = 7
#   done:   seat 1's role: settler (the privilege: corn, sugar, tobacco, quarry, pass = 5),
#           builder (no doubloons, 1 off: small indigo plant, small market, pass = 3), and
#           craftsman, trader, captain (nothing is produced or held: seat 2 picks among 4) = 4 each:
#           5 + 3 + 4 + 4 + 4 = 20
#   total 13 + 12 + 7 + 7 + 20 = 59
MAYOR_BY_HAND = {1: 5, 2: 17, 3: 59}
MAYOR_DIVIDE_3 = {
    "place:corn": 13, "place:indigo": 12, "place:small-indigo-plant": 7, "place:indigo-plant": 7,
    "place:done": 20,
}
MAYOR_RECORDED = {4: 265, 5: 1135, 6: 4779}


def test_mayor_placements_follow_the_canonical_order_and_may_leave_colonists_in_san_juan() -> None:
    _assert_counts(MAYOR, {**MAYOR_BY_HAND, **MAYOR_RECORDED}, MAYOR_DIVIDE_3)


# --- captain loading ---------------------------------------------------------------------------
# 3 players (ships of 4, 5 and 6, all empty), the captain phase chosen by seat 0. Seat 0 holds
# 2 corn and 1 sugar, seat 1 holds 1 indigo and 1 corn, seat 2 holds nothing.
CAPTAIN = {
    "players": 3, "seed": 5,
    "roles": {"captain": {"doubloons": 0, "taken_by": 0}},
    "phase": {"name": "captain", "chooser": 0},
    "seats": [
        {"goods": {"corn": 2, "sugar": 1}, "island": {"corn": 1, "sugar": 1}},
        {"goods": {"indigo": 1, "corn": 1}, "island": {"indigo": 1, "corn": 1}},
        {"island": {"corn": 1}},
    ],
}

# A good goes onto the ship carrying it, or, if none does, onto an empty ship that takes at least as
# many of the seat's barrels as any other empty ship (C5); a seat that can load must; a seat with
# nothing to load is skipped; a load with one possible ship is forced.
#
# Depth 1: seat 0's 2 corn fit every empty ship (each takes both): 3; its sugar: 3. = 6
# Depth 2, seat 1 (seat 2 never loads):
#   after corn on ship X: its corn must join X (1), its indigo either other empty ship (2) = 3
#   after sugar on X: its corn either other empty ship (2), its indigo likewise (2) = 4
#   total 3 * 3 + 3 * 4 = 21
# Depth 3, seat 0 again:
#   corn on X, then seat 1's corn on X: seat 0's sugar on either other ship = 2;
#              then seat 1's indigo on Y: seat 0's sugar can only go to the last empty ship (forced),
#              seat 1's corn then only onto X (forced), nobody holds anything, nothing is stored,
#              and seat 1 picks among the 5 roles left = 5; twice (two choices of Y)
#              2 + 5 + 5 = 12 for each X
#   sugar on X, then any of seat 1's 4 loads: seat 0's corn has one ship left (forced), seat 1's
#              last good likewise, and seat 1 picks among 5 = 5; 4 * 5 = 20 for each X
#   total 3 * 12 + 3 * 20 = 96
CAPTAIN_BY_HAND = {1: 6, 2: 21, 3: 96}
CAPTAIN_DIVIDE_3 = {
    "ship:corn:4": 12, "ship:corn:5": 12, "ship:corn:6": 12,
    "ship:sugar:4": 20, "ship:sugar:5": 20, "ship:sugar:6": 20,
}
CAPTAIN_RECORDED = {4: 354, 5: 1332, 6: 5124}


def test_captain_loading_follows_the_ship_choice_rule_c5_and_compulsory_loading() -> None:
    _assert_counts(CAPTAIN, {**CAPTAIN_BY_HAND, **CAPTAIN_RECORDED}, CAPTAIN_DIVIDE_3)


@pytest.mark.parametrize("data", [OPENING, MAYOR, CAPTAIN], ids=["opening", "mayor", "captain"])
def test_counting_leaves_the_position_unchanged(data: dict[str, Any]) -> None:
    state = _state(data)
    before = state.to_json()
    perft(state, 4)
    assert state.to_json() == before
