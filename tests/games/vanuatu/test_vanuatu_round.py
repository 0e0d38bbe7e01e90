"""The round: preparation (§8.1, V3-V5, V13b, V23), character choice (V10), the end after round 8
and the last treasure sales before the final scoring (V25)."""

from __future__ import annotations

from vtools import cell_json, legal_texts, phase_json, position, seat_json, start_board

# Seat 0 holds the only stack, on rest: loading this position ends the round by itself.
LAST_REST = [{"markers": {"rest": 1}}]


def _end_of_round(round_: int, **fields: object) -> object:
    fields.setdefault("seats", LAST_REST)
    fields.setdefault("rest_pile", ["coin", "point", "both", "first"])
    return position(3, round=round_, phase={"name": "resolution", "seat": 0}, **fields)


def test_preparation_resets_the_fish_price_and_replaces_the_tourist_tile_v3_v5() -> None:
    state = _end_of_round(3, fish_price=1, tourists={"tile": 3, "left": 2, "stack": [1, 2]})
    data = state.to_json()  # type: ignore[attr-defined]
    assert data["round"] == 4 and data["fish_price"] == 3
    assert data["tourists"] == {"tile": 2, "left": 2, "stack": [1]}  # the 2 unused tourists are gone


def test_v13b_completed_demand_tiles_leave_the_rest_move_up_and_new_ones_go_to_the_bottom() -> None:
    demand = {"display": [{"tile": "9", "filled": {"kava": 3}}, {"tile": "2", "filled": {"kava": 1}},
                          {"tile": "6", "filled": {"kava": 1, "copra": 2}}],
              "deck": ["1", "3", "4", "5"], "discard": ["7", "8", "10"]}
    state = _end_of_round(2, demand=demand)
    data = state.to_json()["demand"]  # type: ignore[attr-defined]
    assert [d["tile"] for d in data["display"]] == ["2", "5", "4"]
    assert data["display"][0]["filled"] == {"kava": 1}
    assert sorted(data["discard"]) == ["10", "6", "7", "8", "9"]
    assert state.to_json()["reserve"]["kava"] == 9 - 1  # type: ignore[attr-defined]


def test_v4_only_islands_without_cubes_are_refilled_to_their_printed_goods() -> None:
    board = [*start_board(goods={}), {"cell": "1,2", "tile": "A1", "goods": {"beef": 1}}]
    state = _end_of_round(3, board=board)
    assert cell_json(state, "0,0")["goods"] == {"kava": 1, "copra": 1, "beef": 1}  # type: ignore[arg-type]
    assert cell_json(state, "1,2")["goods"] == {"beef": 1}  # type: ignore[arg-type]


def test_v23_the_refill_is_limited_by_the_reserve() -> None:
    demand = {"display": [{"tile": "3", "filled": {"beef": 2}}, {"tile": "5", "filled": {"beef": 2}},
                          {"tile": "4", "filled": {"beef": 1}}]}
    board = [*start_board(goods={}), {"cell": "1,2", "tile": "A1", "goods": {"beef": 1}}]
    state = _end_of_round(3, board=board, demand=demand)  # all 6 beef are placed
    assert cell_json(state, "0,0")["goods"] == {"kava": 1, "copra": 1}  # type: ignore[arg-type]


def test_rounds_two_to_seven_start_with_the_first_player_placing_the_shown_tiles() -> None:
    state = _end_of_round(1, first=2, seats=[{"markers": {"rest": 1}}, {}, {}],
                          archipelago={"preview": ["A2", "B1"]}, rest_pile=["first", "point", "both", "coin"])
    data = state.to_json()  # type: ignore[attr-defined]
    assert data["round"] == 2 and phase_json(state)["name"] == "tiles"  # type: ignore[arg-type]
    assert state.to_move == 2  # type: ignore[attr-defined]
    state.apply("tile:A2@1,2")  # type: ignore[attr-defined]
    state.apply("tile:B1@-1,0")  # type: ignore[attr-defined]
    data = state.to_json()  # type: ignore[attr-defined]
    assert [t[0] for t in data["archipelago"]["preview"]] == ["C", "D"]
    assert cell_json(state, "-1,0")["treasure"] == 3 and cell_json(state, "1,2")["goods"] == {  # type: ignore[arg-type]
        "kava": 1, "copra": 1}
    assert phase_json(state)["name"] == "characters"  # type: ignore[arg-type]


def test_v10_a_character_cannot_be_kept_and_one_held_by_a_later_player_is_not_free() -> None:
    seats = [{"character": "navigator"}, {"character": "beggar"}, {"character": "diver"}]
    state = position(3, round=2, phase={"name": "characters", "seat": 0}, seats=seats)
    texts = legal_texts(state)
    assert "char:navigator" not in texts and "char:beggar" not in texts and "char:diver" not in texts
    assert len(texts) == 8
    state.apply("char:artist")
    texts = legal_texts(state)
    assert "char:navigator" in texts and "char:artist" not in texts and "char:beggar" not in texts


def test_the_game_ends_after_round_eight_with_last_treasure_sales_v25() -> None:
    seats = [{"markers": {"rest": 1}, "treasures": [2]}, {}, {}]
    state = _end_of_round(8, seats=seats)
    assert legal_texts(state) == {"cash:2", "rest"}  # type: ignore[arg-type]
    state.apply("rest")  # type: ignore[attr-defined]
    assert phase_json(state)["name"] == "final" and state.to_move == 0  # type: ignore[arg-type,attr-defined]
    assert legal_texts(state) == {"cash:2", "finish"}  # type: ignore[arg-type]
    state.apply("finish")  # type: ignore[attr-defined]
    assert state.to_move is None and state.result().over  # type: ignore[attr-defined]
    assert seat_json(state, 0)["treasures"] == [2]  # type: ignore[arg-type]


def test_the_game_ends_at_once_when_nobody_has_a_treasure_or_a_beggar_trade() -> None:
    state = _end_of_round(8)
    assert state.to_move is None  # type: ignore[attr-defined]
    assert state.result().end_triggers == ["rounds"]  # type: ignore[attr-defined]
