"""Phase III, planning: 2 + 2 + 1 markers in turn order, only on actions the seat could perform
given its own plan (V16), counting the money it could raise (V21)."""

from __future__ import annotations

from vtools import legal_texts, phase_json, position, seat_json

PLAN = {"name": "planning", "seat": 0}


def _plans(state: object) -> set[str]:
    return {t for t in legal_texts(state) if t.startswith("plan:")}  # type: ignore[arg-type]


def test_planning_places_two_then_two_then_one_marker_in_turn_order() -> None:
    state = position(3, first=1, phase={"name": "planning", "seat": 1})
    seats = []
    for _ in range(15):
        seats.append(state.to_move)
        state.apply("plan:rest")
    assert seats == [1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 2, 0]
    # every stack was on rest: the resolution had no choice to offer and the round ended by itself
    assert state.to_json()["round"] == 2 and phase_json(state)["name"] == "characters"


def test_v16_at_the_start_only_actions_possible_from_the_boat_or_after_a_planned_sail() -> None:
    state = position(3, phase=PLAN, tourists={"tile": 2})
    # From start-boats (1,1), next to efate: no fish and no treasure here.
    assert _plans(state) == {"plan:sail", "plan:build", "plan:buy", "plan:draw", "plan:tourist", "plan:rest"}
    state.apply("plan:sail")
    assert {"plan:fish", "plan:explore"} <= _plans(state)


def test_v16_sell_needs_fish_or_a_planned_fish_and_a_hut_or_a_planned_build() -> None:
    def sell_plannable(markers: dict[str, int]) -> bool:
        seat = {"boat": "start-fish", "markers": markers, "placed": sum(markers.values())}
        return "plan:sell" in _plans(position(3, phase={**PLAN, "step": 1}, seats=[seat]))

    assert not sell_plannable({})
    assert not sell_plannable({"fish": 1})  # no hut next to start-fish... yet
    assert sell_plannable({"fish": 1, "build": 1})  # build on efate, fish, then sell there


def test_v16_fish_needs_a_planned_sail_when_the_boat_has_no_fish_here() -> None:
    state = position(3, phase=PLAN, seats=[{"boat": "start-wreck"}])
    assert "plan:fish" in _plans(state)  # one fish disc on the boat's own ocean
    state = position(3, phase=PLAN)
    assert seat_json(state, 0)["boat"] == "start-boats"
    assert "plan:fish" not in _plans(state)
    state = position(3, phase=PLAN, seats=[{"vatus": 0, "markers": {"sail": 1}, "placed": 1}])
    assert "plan:fish" not in _plans(state)  # a planned sail that cannot be paid does not help


def test_v21_treasures_count_as_money_when_planning() -> None:
    state = position(3, phase=PLAN, seats=[{"vatus": 0, "treasures": [3]}])
    assert {"plan:build", "plan:sail"} <= _plans(state)
    state = position(3, phase=PLAN, seats=[{"vatus": 0}])
    assert _plans(state) == {"plan:draw", "plan:rest"}


def test_v21_the_beggar_counts_three_pp_as_money_when_planning() -> None:
    seats = [{"vatus": 0, "pp": 5, "character": "beggar"}]
    assert "plan:build" in _plans(position(3, phase=PLAN, seats=seats))
    seats = [{"vatus": 0, "pp": 2, "character": "beggar"}]
    assert "plan:build" not in _plans(position(3, phase=PLAN, seats=seats))


def test_v16_other_players_markers_are_ignored_and_a_planned_space_stays_legal() -> None:
    seats = [{"vatus": 1, "markers": {"sail": 1}, "placed": 1}, {"markers": {"sail": 5}, "placed": 5}]
    state = position(3, phase={"name": "planning", "seat": 0, "step": 1}, seats=seats, first=1)
    assert {"plan:sail", "plan:fish", "plan:explore"} <= _plans(state)


def test_v16_a_draw_needs_a_free_drawing_space_next_to_the_boat() -> None:
    board_full = position(3, phase=PLAN, seats=[{"vatus": 0}])
    assert "plan:draw" in _plans(board_full)
    from vtools import start_board

    state = position(3, phase=PLAN, seats=[{"vatus": 0}], board=start_board(drawings=1))
    assert "plan:draw" not in _plans(state)
