"""Rising Waters (§14) rules checked line by line beyond test_vanuatu_rising_waters.py: who wins a
game the sea ends, what counts down, the dike supply, and planning a build for a dike alone."""

from __future__ import annotations

from typing import Any

from vtools import legal_texts, position, resolution, seat_json, start_board

RW = {"rising_waters": True}
BUSY = {"markers": {"draw": 1, "sail": 1}}


def test_rising_waters_everyone_loses_so_no_seat_wins_a_sunk_game_on_the_tie_break() -> None:
    # §14.5 / §12: three submerged islands end the game and ALL players lose; the tie-break (huts,
    # then vatus) must not crown a winner among them. Seat 1 has two huts on A2, which stays
    # afloat, and seat 2 has the most vatus: both lead the tie-break.
    board = [*start_board(water=4), {"cell": "1,2", "tile": "A1", "water": 5},
             {"cell": "3,2", "tile": "D1", "water": 5},
             {"cell": "2,1", "tile": "A2", "huts": [0, 2, 0]}]
    state = resolution(3, options=RW, countdown=1, board=board, seats=[
        {"pp": 20, "markers": {"sail": 1, "rest": 1}}, BUSY, {"vatus": 8}])
    state.apply("sail:start-fish")
    result = state.result()
    assert result.over and result.end_triggers == ["flood"]
    assert sorted(c.get("water", 0) for c in state.to_json()["board"] if "water" in c) == [2, 5, 5, 5]
    assert result.scores == [0, 0, 0]
    assert result.ranks == [1, 1, 1] and result.tiebreaks == [0, 0, 0]


def test_rising_waters_a_governor_move_is_not_a_performed_action() -> None:
    # §14.2 (BGS, §11 notes): the Governor's move does not lower the countdown.
    state = resolution(3, options=RW, countdown=1, seats=[
        {"character": "governor", "markers": {"draw": 1, "rest": 1}}, BUSY])
    state.apply("govern:draw:tourist")
    data = state.to_json()
    assert data["countdown"] == 1 and data["board"][0]["water"] == 0


def test_rising_waters_a_performed_action_lowers_the_countdown_by_one() -> None:
    state = resolution(3, options=RW, countdown=3, seats=[{"markers": {"draw": 1, "rest": 1}}, BUSY])
    state.apply("draw:efate")
    assert state.to_json()["countdown"] == 2 and state.to_json()["board"][0]["water"] == 0


def _diked_board(d2_dikes: int) -> list[dict[str, Any]]:
    """Five islands with dikes on every side but efate's toward 1,1: 18 + `d2_dikes` dikes."""
    board = start_board(dikes=["1,0", "0,1", "-1,0"])
    board += [
        {"cell": "2,1", "tile": "A1", "dikes": ["3,1", "3,2", "2,2", "1,1", "1,0", "2,0"]},
        {"cell": "1,2", "tile": "A2", "dikes": ["2,2", "1,3", "0,2", "0,1", "1,1"]},
        {"cell": "3,2", "tile": "D1", "dikes": ["4,2", "2,2", "2,1", "3,1"]},
        {"cell": "0,2", "tile": "D2", "dikes": ["1,2", "1,3", "-1,2", "-1,1", "0,1"][:d2_dikes]},
    ]
    return board


def test_rising_waters_the_dike_supply_is_20() -> None:
    # §14.6: 20 dikes in all; with 19 placed one more may go on efate's open side, with 20 none.
    seats = [{"vatus": 4, "markers": {"build": 1, "rest": 1}}, BUSY]
    nineteen = resolution(3, options=RW, board=_diked_board(1), seats=seats)
    assert "dike:efate@1,1" in legal_texts(nineteen)
    twenty = resolution(3, options=RW, board=_diked_board(2), seats=seats)
    texts = legal_texts(twenty)
    assert "build:efate" in texts and not any(t.startswith("dike:") for t in texts)


def test_rising_waters_a_dike_needs_the_boat_next_to_the_island_but_no_hut() -> None:
    # §14.6: from start-fish (1,0) the boat touches efate only; A1 on 1,2 is out of reach.
    board = [*start_board(), {"cell": "1,2", "tile": "A1"}]
    state = resolution(3, options=RW, board=board, seats=[
        {"vatus": 1, "boat": "start-fish", "markers": {"build": 1, "rest": 1}}, BUSY])
    dikes = {t for t in legal_texts(state) if t.startswith("dike:")}
    assert dikes == {"dike:efate@1,0", "dike:efate@0,1", "dike:efate@1,1"}
    state.apply("dike:efate@1,1")
    assert seat_json(state, 0)["vatus"] == 0 and seat_json(state, 0)["huts_left"] == 8


def test_rising_waters_a_build_may_be_planned_for_a_dike_alone_v16() -> None:
    # V16 + §14.6: with 1 vatu no hut is affordable, but a dike is, so Build may be planned.
    phase = {"name": "planning", "seat": 0}
    with_waters = position(3, options=RW, phase=phase, seats=[{"vatus": 1}])
    without = position(3, phase=phase, seats=[{"vatus": 1}])
    assert "plan:build" in legal_texts(with_waters)
    assert "plan:build" not in legal_texts(without)


def test_rising_waters_a_sunk_game_says_nobody_wins_and_gives_every_seat_no_share_of_a_win() -> None:
    # §14.5: "all players lose" — the result says so, so bots, the arena and players are not told of
    # a shared victory.
    board = [*start_board(water=4), {"cell": "1,2", "tile": "A1", "water": 5},
             {"cell": "3,2", "tile": "D1", "water": 5}]
    state = resolution(3, options=RW, countdown=1, board=board, seats=[
        {"markers": {"sail": 1, "rest": 1}}, BUSY])
    state.apply("sail:start-fish")
    result = state.result()
    assert result.nobody_wins and result.win_shares() == [0.0, 0.0, 0.0]
    assert result.to_json()["nobody_wins"] is True


def test_a_game_ending_on_the_rounds_has_winners() -> None:
    state = resolution(3, options=RW, countdown=3, seats=[{"markers": {"draw": 1, "rest": 1}}, BUSY])
    assert not state.result().nobody_wins and "nobody_wins" not in state.result().to_json()
