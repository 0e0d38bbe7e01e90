"""Phase IV, resolution: plurality with the turn-order tie-break (§8.4), the obligations of V11 and
V20, the Preacher and the Governor (§11)."""

from __future__ import annotations

from vtools import legal_texts, resolution, seat_json

from isla.games.vanuatu.data import DRAW
from isla.games.vanuatu.rules import holds


def _forced(state: object) -> list[tuple[int, str]]:
    return [(seat, a.text) for seat, a in state.forced_steps()]  # type: ignore[attr-defined]


def test_plurality_ties_go_to_the_earlier_seat_in_turn_order() -> None:
    seats = [{"markers": {"draw": 2, "rest": 1}}, {"markers": {"draw": 2, "rest": 1}}, {}]
    state = resolution(3, seats=seats, first=0)
    assert holds(state.core, 0, DRAW) and not holds(state.core, 1, DRAW)
    assert legal_texts(state) == {"draw:efate", "rest"}
    state = resolution(3, seats=seats, first=1)
    assert holds(state.core, 1, DRAW) and not holds(state.core, 0, DRAW)


def test_v11_a_possible_majority_must_be_performed_and_only_majorities_count() -> None:
    seats = [{"markers": {"draw": 2, "sail": 1, "build": 1}}, {"markers": {"build": 2}}]
    state = resolution(3, seats=seats)
    # no "clear:draw" or "clear:sail": both are possible; build belongs to seat 1
    assert legal_texts(state) == {"draw:efate", "sail:start-fish", "sail:start-wreck"}


def test_v20_an_impossible_majority_is_cleared_without_effect() -> None:
    seats = [{"vatus": 0, "markers": {"build": 2, "draw": 1}}]
    state = resolution(3, seats=seats)
    assert legal_texts(state) == {"clear:build", "draw:efate"}
    state.apply("clear:build")
    assert _forced(state)[0] == (0, "draw:efate")  # seat 0 is alone: its next turn is forced
    assert seat_json(state, 0)["huts_left"] == 8 and seat_json(state, 0)["pp"] == 3


def test_v11_without_any_majority_a_player_clears_one_stack() -> None:
    seats = [{"markers": {"build": 1, "draw": 1}}, {"markers": {"build": 2, "draw": 2, "rest": 1}}]
    state = resolution(3, seats=seats)
    assert legal_texts(state) == {"clear:build", "clear:draw"}


def test_removed_markers_hand_the_majority_on_and_a_marker_reserves_nothing() -> None:
    seats = [{"markers": {"draw": 2, "sail": 1}}, {"markers": {"draw": 1, "rest": 1}}]
    state = resolution(3, seats=seats, rest_pile=["coin", "point", "both", "first"])
    state.apply("sail:start-fish")
    # seat 1 rests; seat 0 draws the only drawing space of efate; seat 1 now holds draw, but it is
    # impossible, so its markers go; then the round ends with the rest bonus.
    assert _forced(state) == [(1, "rest"), (0, "draw:efate"), (1, "clear:draw")]
    assert seat_json(state, 0)["pp"] == 3
    data = state.to_json()
    assert data["round"] == 2 and data["first"] == 1  # seat 1 drew the first-player token


def test_preacher_performs_a_planned_action_without_any_majority() -> None:
    seats = [{"character": "preacher", "markers": {"draw": 1}}, {"markers": {"draw": 2, "rest": 1}}]
    state = resolution(3, seats=seats)
    assert legal_texts(state) == {"clear:draw", "draw:efate"}
    state.apply("draw:efate")
    assert seat_json(state, 0)["pp"] == 3 and seat_json(state, 0)["used"] is True


def test_preacher_cannot_override_a_majority_while_holding_one() -> None:
    seats = [{"character": "preacher", "markers": {"draw": 1, "rest": 1, "sail": 1}},
             {"markers": {"draw": 2}}]
    state = resolution(3, seats=seats)
    assert legal_texts(state) == {"rest", "sail:start-fish", "sail:start-wreck"}


def test_governor_moves_all_markers_of_one_space_instead_of_acting() -> None:
    seats = [{"character": "governor", "markers": {"draw": 1, "build": 1}},
             {"markers": {"draw": 2, "rest": 1}}]
    state = resolution(3, seats=seats)
    texts = legal_texts(state)
    assert "build:efate" in texts and "govern:draw:build" in texts and "govern:build:sail" in texts
    assert len([t for t in texts if t.startswith("govern:")]) == 16
    state.apply("govern:draw:build")
    seat = seat_json(state, 0)
    assert seat["markers"] == {"build": 2} and seat["used"] is True and seat["governed"] == "build"
    assert state.to_move == 1


def test_players_without_markers_are_skipped() -> None:
    seats = [{"markers": {"draw": 1, "sail": 1}}, {}, {"markers": {"rest": 1, "sail": 1}}]
    state = resolution(3, seats=seats)
    state.apply("draw:efate")
    assert _forced(state) == [(2, "rest")]  # seat 1 is skipped; seat 0 holds the sail tie
    assert state.to_move == 0


def test_governor_cannot_move_markers_to_a_space_it_already_resolved() -> None:
    seats = [{"character": "governor", "markers": {"draw": 1, "build": 1}, "done": ["sail"]},
             {"markers": {"draw": 2, "rest": 1}}]
    texts = legal_texts(resolution(3, seats=seats))
    assert "govern:draw:sail" not in texts and "govern:draw:rest" in texts


def test_the_governor_and_preacher_powers_are_once_a_round() -> None:
    seats = [{"character": "governor", "used": True, "markers": {"draw": 1, "build": 1}},
             {"markers": {"draw": 2, "rest": 1}}]
    assert not any(t.startswith("govern:") for t in legal_texts(resolution(3, seats=seats)))
    seats = [{"character": "preacher", "used": True, "markers": {"draw": 1, "sail": 1}},
             {"markers": {"draw": 2, "sail": 2, "rest": 1}}]
    assert legal_texts(resolution(3, seats=seats)) == {"clear:draw", "clear:sail"}
