"""Final scoring (§12, V14) and the tie-break: most huts, then most vatus left."""

from __future__ import annotations

from vtools import position, start_board

OVER = {"name": "over"}


def test_final_scoring_adds_fish_vatus_treasures_huts_and_the_first_player_marker() -> None:
    board = [*start_board(huts=[2, 1, 0], tourists=3),
             {"cell": "1,2", "tile": "A1", "huts": [0, 1, 0], "tourists": 1}]
    seats = [{"pp": 10, "vatus": 5, "fish": [3, 3], "treasures": [1, 2]}, {"pp": 4, "vatus": 8}, {}]
    state = position(3, first=1, board=board, seats=seats, phase=OVER)
    result = state.result()
    assert result.over
    part = result.breakdown[0]
    # fish 6 + 5 vatus = 11: 5 PP and 1 vatu left (0 PP); treasures 2 x 3; 2 huts x 3 tourists x 2
    assert (part["fish"], part["vatus"], part["treasures"], part["huts"], part["first_player"]) == (
        5, 0, 6, 12, 0)
    assert part["total"] == 10 + 5 + 6 + 12
    other = result.breakdown[1]
    # 8 vatus: 2 PP; one hut on efate (3 tourists) and one on A1 (1): (3 + 1) x 2; first player: 3
    assert (other["vatus"], other["huts"], other["first_player"], other["total"]) == (2, 8, 3, 4 + 2 + 8 + 3)


def test_v14_first_edition_huts_score_one_pp_per_tourist() -> None:
    board = start_board(huts=[1, 0, 0], tourists=4)
    state = position(3, board=board, phase=OVER, options={"hut_pp_per_tourist": 1})
    assert state.result().breakdown[0]["huts"] == 4


def test_ties_go_to_most_huts_then_most_vatus_left() -> None:
    board = start_board(huts=[1, 0, 0])
    seats = [{"pp": 5, "vatus": 0}, {"pp": 4, "vatus": 3}, {"pp": 5, "vatus": 1}]
    result = position(3, board=board, seats=seats, first=2, phase=OVER).result()
    # seat 2 has 5 + 3 (first player) = 8; seats 0 and 1 have 5: seat 0 has a hut
    assert result.scores == [5, 5, 8]
    assert result.ranks == [2, 3, 1]
    seats = [{"pp": 5, "vatus": 1}, {"pp": 5, "vatus": 2}, {"pp": 5, "vatus": 2}]
    result = position(3, seats=seats, first=0, phase=OVER).result()
    assert result.scores == [8, 5, 5] and result.ranks == [1, 2, 2]
