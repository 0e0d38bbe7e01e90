"""The Rising Waters module (§14, V18): countdown, floods, dikes, submerged islands, the end."""

from __future__ import annotations

from vtools import cell_json, legal_texts, position, resolution, seat_json, start_board

RW = {"rising_waters": True}
# Seat 1 keeps a real choice (draw or sail) so play stops after seat 0's action, inside the round.
BUSY = {"markers": {"draw": 1, "sail": 1}}


def test_rising_waters_is_off_by_default_v18() -> None:
    state = resolution(3, seats=[{"markers": {"draw": 1, "rest": 1}}])
    assert state.to_json()["options"]["rising_waters"] is False


def test_rising_waters_rounds_2_4_6_8_start_with_a_d6_countdown() -> None:
    for round_, rolled in ((1, True), (2, False), (3, True), (7, True)):
        state = position(3, round=round_, options=RW, phase={"name": "resolution", "seat": 0},
                         seats=[{"markers": {"rest": 1}}], rest_pile=["coin", "point", "both", "first"])
        countdown = state.to_json()["countdown"]
        assert (countdown is not None and 1 <= countdown <= 6) == rolled


def test_rising_waters_the_last_allowed_action_floods_every_open_island_side() -> None:
    # efate touches three ocean tiles (1,0 0,1 1,1); a dike protects the side toward 1,0
    board = start_board(dikes=["1,0"])
    state = resolution(3, options=RW, countdown=1, board=board,
                       seats=[{"markers": {"draw": 1, "rest": 1}}, BUSY])
    state.apply("draw:efate")
    assert cell_json(state, "0,0")["water"] == 2 and state.to_json()["countdown"] is None


def test_rising_waters_clearing_a_stack_is_not_a_performed_action() -> None:
    state = resolution(3, options=RW, countdown=1, seats=[{"vatus": 0, "markers": {"build": 2, "rest": 1}},
                                                          BUSY])
    state.apply("clear:build")
    assert state.to_json()["countdown"] == 1 and cell_json(state, "0,0")["water"] == 0


def test_rising_waters_the_fifth_marker_submerges_the_island_and_everything_on_it() -> None:
    board = [*start_board(water=4, huts=[1, 2, 0], drawings=1, tourists=2),
             {"cell": "1,2", "tile": "A1", "huts": [0, 0, 1]}]
    state = resolution(3, options=RW, countdown=1, board=board, tourists={"tile": 2},
                       seats=[{"markers": {"sail": 1, "rest": 1}}, BUSY])
    state.apply("sail:start-fish")
    efate = cell_json(state, "0,0")
    assert efate["water"] == 5 and efate["huts"] == [0, 0, 0] and efate["goods"] == {}
    assert efate["drawings"] == 0 and efate["tourists"] == 0
    assert [seat_json(state, s)["huts_lost"] for s in range(3)] == [1, 2, 0]
    assert state.to_json()["reserve"] == {"kava": 10, "copra": 8, "beef": 6}
    assert cell_json(state, "1,2")["water"] == 2  # A1 faces two oceans
    # nobody acts on a submerged island: seat 1 may draw on A1 only
    assert "draw:efate" not in legal_texts(state) and "draw:A1" in legal_texts(state)


def test_rising_waters_three_submerged_islands_end_the_game_and_everyone_loses() -> None:
    board = [*start_board(water=4), {"cell": "1,2", "tile": "A1", "water": 5},
             {"cell": "2,1", "tile": "A2", "water": 5}]
    state = resolution(3, options=RW, countdown=1, board=board, seats=[
        {"pp": 20, "markers": {"sail": 1, "rest": 1}}, BUSY])
    state.apply("sail:start-fish")
    result = state.result()
    assert state.to_move is None and result.over and result.end_triggers == ["flood"]
    assert result.scores == [0, 0, 0]


def test_rising_waters_build_may_add_a_dike_for_one_vatu_or_be_a_dike_alone() -> None:
    state = resolution(3, options=RW, seats=[{"vatus": 4, "markers": {"build": 1, "rest": 1}}, BUSY])
    texts = legal_texts(state)
    assert {"build:efate", "dike:efate@1,0", "dike:efate@0,1", "dike:efate@1,1"} <= texts
    state.apply("build:efate")
    assert legal_texts(state) == {"dike:efate@1,0", "dike:efate@0,1", "dike:efate@1,1", "dike:skip"}
    state.apply("dike:efate@0,1")
    assert seat_json(state, 0)["vatus"] == 0 and cell_json(state, "0,0")["dikes"] == ["0,1"]
    assert cell_json(state, "0,0")["huts"] == [1, 0, 0] and state.to_move == 1


def test_rising_waters_each_hut_loses_pp_by_the_water_on_its_island() -> None:
    board = [*start_board(water=2, huts=[2, 0, 0]),
             {"cell": "1,2", "tile": "A1", "water": 4, "huts": [1, 0, 0]}]
    result = position(3, options=RW, board=board, first=1, phase={"name": "over"}).result()
    assert result.breakdown[0]["water"] == -(2 * 3 + 7)
