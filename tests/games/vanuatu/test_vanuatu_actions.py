"""The nine actions (§9) with their characters (§11), the 10-vatu conversion (V22) and treasure
sales and the Beggar's trade at the seat's own decisions (V25).

Each position gives the acting seat a second majority (usually rest) so its decision is a real
choice and is not applied by the engine on its own.
"""

from __future__ import annotations

from vtools import cell_json, legal_texts, position, resolution, seat_json, start_board

# Seat 1 keeps a real choice (draw or sail) so play stops after seat 0's action, inside the round.
BUSY = {"markers": {"draw": 1, "sail": 1}}
BIG_BOARD = [*start_board(), {"cell": "2,1", "tile": "B2"}, {"cell": "3,1", "tile": "E1"}]


def _seat(markers: dict[str, int], **fields: object) -> dict[str, object]:
    return {"markers": {**markers, "rest": 1}, **fields}


# --- 1 sail ---

def test_v19_sail_names_an_ocean_tile_and_pays_its_distance() -> None:
    state = resolution(3, board=BIG_BOARD, seats=[_seat({"sail": 1})])
    assert {t for t in legal_texts(state) if t.startswith("sail:")} == {
        "sail:start-fish", "sail:start-wreck", "sail:B2", "sail:E1"}
    state.apply("sail:E1")
    assert seat_json(state, 0)["boat"] == "E1" and seat_json(state, 0)["vatus"] == 1


def test_v19_sail_reaches_only_as_far_as_the_vatus_pay() -> None:
    state = resolution(3, board=BIG_BOARD, seats=[_seat({"sail": 1}, vatus=1)])
    assert "sail:E1" not in legal_texts(state) and "sail:B2" in legal_texts(state)


def test_navigator_sails_for_free() -> None:
    state = resolution(3, board=BIG_BOARD, seats=[_seat({"sail": 1}, vatus=0, character="navigator")])
    state.apply("sail:E1")
    assert seat_json(state, 0)["vatus"] == 0 and seat_json(state, 0)["boat"] == "E1"


# --- 2 build ---

def test_build_costs_three_vatus_and_places_a_hut() -> None:
    state = resolution(3, seats=[_seat({"build": 1})])
    state.apply("build:efate")
    assert seat_json(state, 0)["vatus"] == 0 and seat_json(state, 0)["huts_left"] == 7
    assert cell_json(state, "0,0")["huts"] == [1, 0, 0]


def test_builder_pays_one_vatu() -> None:
    state = resolution(3, seats=[_seat({"build": 1}, vatus=1, character="builder")])
    state.apply("build:efate")
    assert seat_json(state, 0)["vatus"] == 0 and cell_json(state, "0,0")["huts"] == [1, 0, 0]


def test_v9_a_player_may_have_several_huts_on_one_island_up_to_its_spaces() -> None:
    state = resolution(3, board=start_board(huts=[2, 0, 0]), seats=[_seat({"build": 1})])
    state.apply("build:efate")
    assert cell_json(state, "0,0")["huts"] == [3, 0, 0]
    full = resolution(3, board=start_board(huts=[2, 1, 0]), seats=[_seat({"build": 1, "draw": 1})])
    assert "build:efate" not in legal_texts(full) and "clear:build" in legal_texts(full)


# --- 3 explore and 4 fish ---

def test_explore_takes_a_treasure_worth_the_discs_left_then_one_disc_goes() -> None:
    state = resolution(3, seats=[_seat({"explore": 1}, boat="start-wreck")])
    state.apply("explore")
    assert seat_json(state, 0)["treasures"] == [2] and cell_json(state, "0,1")["treasure"] == 1


def test_diver_also_gains_the_treasure_value_in_vatus() -> None:
    state = resolution(3, seats=[_seat({"explore": 1}, boat="start-wreck", character="diver")])
    state.apply("explore")
    assert seat_json(state, 0)["treasures"] == [2] and seat_json(state, 0)["vatus"] == 5


def test_fish_takes_a_fish_worth_the_discs_left_and_the_fisherman_scores_it() -> None:
    state = resolution(3, seats=[_seat({"fish": 1}, boat="start-fish", character="fisherman")])
    state.apply("fish")
    assert seat_json(state, 0)["fish"] == [2] and seat_json(state, 0)["pp"] == 2
    assert cell_json(state, "1,0")["fish"] == 1


# --- 5 sell ---

def test_sell_any_fish_for_value_times_price_then_the_price_drops_once_and_v22_converts() -> None:
    board = start_board(huts=[1, 0, 0])
    state = resolution(3, board=board, seats=[_seat({"sell": 1}, fish=[1, 3]), BUSY])
    assert {t for t in legal_texts(state) if t.startswith("sell")} == {"sell:1", "sell:3", "sell:1+3"}
    state.apply("sell:1+3")
    seat = seat_json(state, 0)
    assert seat["fish"] == [] and (seat["vatus"], seat["pp"]) == (5, 5)  # 3 + 12 = 15 = 5 PP + 5
    assert state.to_json()["fish_price"] == 2


def test_sell_needs_an_own_hut_next_to_the_boat_unless_vendor() -> None:
    others = start_board(huts=[0, 1, 0])
    state = resolution(3, board=others, seats=[_seat({"sell": 1, "draw": 1}, fish=[2])])
    assert "clear:sell" in legal_texts(state)
    state = resolution(3, board=others, seats=[_seat({"sell": 1}, fish=[2], character="vendor")])
    assert "sell:2" in legal_texts(state)


def test_v3_the_fish_price_never_falls_below_one() -> None:
    board = start_board(huts=[1, 0, 0])
    state = resolution(3, fish_price=1, board=board, seats=[_seat({"sell": 1}, fish=[1]), BUSY])
    state.apply("sell:1")
    assert state.to_json()["fish_price"] == 1 and seat_json(state, 0)["vatus"] == 4


# --- 6 buy and export ---

def _demand(*tiles: tuple[str, dict[str, int]]) -> dict[str, object]:
    return {"display": [{"tile": t, "filled": f} for t, f in tiles]}


def test_v1_an_exported_cube_goes_to_the_topmost_tile_needing_it() -> None:
    demand = _demand(("3", {}), ("2", {}), ("9", {}))  # 3: B B C; 2: K K C; 9: K K K
    state = resolution(3, demand=demand, seats=[_seat({"buy": 1})])
    assert {t for t in legal_texts(state) if t.startswith("buy")} == {
        "buy:kava@efate", "buy:copra@efate", "buy:beef@efate"}
    state.apply("buy:kava@efate")
    display = state.to_json()["demand"]["display"]
    assert [d["filled"] for d in display] == [{}, {"kava": 1}, {}]
    assert seat_json(state, 0)["pp"] == 1 and seat_json(state, 0)["vatus"] == 2
    assert cell_json(state, "0,0")["goods"] == {"copra": 1, "beef": 1}


def test_export_completing_a_demand_tile_scores_two_more() -> None:
    demand = _demand(("9", {"kava": 2}))
    state = resolution(3, demand=demand, seats=[_seat({"buy": 1})])
    state.apply("buy:kava@efate")
    assert seat_json(state, 0)["pp"] == 1 + 2


def test_v2_a_good_no_tile_needs_may_be_bought_but_is_lost() -> None:
    demand = _demand(("9", {}))  # K K K: no beef wanted
    state = resolution(3, demand=demand, seats=[_seat({"buy": 1})])
    state.apply("buy:beef@efate")
    assert seat_json(state, 0)["pp"] == 0 and seat_json(state, 0)["vatus"] == 0
    assert state.to_json()["reserve"]["beef"] == 6  # the cube went back to the reserve


def test_buyer_may_export_a_second_identical_cube_from_the_reserve_for_free() -> None:
    demand = _demand(("2", {}))
    state = resolution(3, demand=demand, seats=[_seat({"buy": 1}, character="buyer"), BUSY])
    state.apply("buy:kava@efate")
    assert legal_texts(state) == {"buyer:take", "buyer:skip"}
    state.apply("buyer:take")
    assert seat_json(state, 0)["pp"] == 2 and seat_json(state, 0)["vatus"] == 2
    assert state.to_json()["reserve"]["kava"] == 8  # 10 in all, 2 on the demand tile


# --- 7 draw and 8 tourist ---

def test_draw_scores_three_and_the_artist_five() -> None:
    state = resolution(3, seats=[_seat({"draw": 1})])
    state.apply("draw:efate")
    assert seat_json(state, 0)["pp"] == 3 and cell_json(state, "0,0")["drawings"] == 1
    state = resolution(3, seats=[_seat({"draw": 1}, character="artist")])
    state.apply("draw:efate")
    assert seat_json(state, 0)["pp"] == 5


def test_tourist_pays_one_vatu_per_hut_of_any_colour_and_the_guide_two_pp_per_drawing() -> None:
    board = start_board(huts=[0, 1, 2], drawings=1)
    seats = [_seat({"tourist": 1}, character="guide"), BUSY]
    state = resolution(3, board=board, tourists={"tile": 2}, seats=seats)
    state.apply("tourist:efate")
    seat = seat_json(state, 0)
    assert (seat["vatus"], seat["pp"]) == (6, 2)
    assert cell_json(state, "0,0")["tourists"] == 1 and state.to_json()["tourists"]["left"] == 1


def test_tourist_needs_tourists_left_this_round() -> None:
    state = resolution(3, tourists={"tile": 1, "left": 0}, seats=[_seat({"tourist": 1})])
    assert "clear:tourist" in legal_texts(state)


# --- 9 rest ---

def test_v24_rest_draws_the_top_token_of_the_face_down_pile_and_hides_it() -> None:
    seats = [{"markers": {"rest": 1, "buy": 1}}, {"markers": {"draw": 2, "sail": 1}}]
    state = resolution(3, seats=seats, rest_pile=["first", "both", "point", "coin"])
    state.apply("rest")
    assert seat_json(state, 0)["rest"] == "coin"
    assert state.view(0)["seats"][0]["rest"] == "coin"
    assert state.view(1)["seats"][0]["rest"] == "hidden"
    assert state.view(None)["seats"][0]["rest"] == "hidden"


def test_rest_bonuses_are_paid_at_the_end_of_the_round_and_only_the_token_moves_the_first_player() -> None:
    seats = [{"markers": {"rest": 1, "draw": 1}}, {"markers": {"rest": 1}}, {"markers": {"rest": 1}}]
    state = resolution(3, seats=seats, rest_pile=["coin", "point", "first", "both"])
    state.apply("rest")  # seat 0: both; then seat 1: first, seat 2: point; seat 0 draws
    data = state.to_json()
    assert data["round"] == 2 and data["first"] == 1
    assert [(s["vatus"], s["pp"]) for s in data["seats"]] == [(4, 1 + 3), (3, 0), (3, 1)]


def test_rest_is_impossible_when_the_pile_is_empty() -> None:
    seats = [{"markers": {"rest": 1, "draw": 1}}, {"rest": "first"}, {"rest": "both"}, {"rest": "point"},
             {"rest": "coin"}]
    state = position(5, phase={"name": "resolution", "seat": 0}, rest_pile=[], seats=seats)
    assert legal_texts(state) == {"clear:rest", "draw:efate"}


# --- V22 and V25 ---

def test_v22_every_vatu_gain_converts_ten_vatus_into_five_pp() -> None:
    board = start_board(huts=[1, 1, 1])
    state = resolution(3, board=board, tourists={"tile": 1}, seats=[_seat({"tourist": 1}, vatus=8)])
    state.apply("tourist:efate")
    assert (seat_json(state, 0)["vatus"], seat_json(state, 0)["pp"]) == (1, 5)


def test_v25_treasures_sell_at_any_own_decision_without_ending_it() -> None:
    state = position(3, phase={"name": "planning", "seat": 0}, seats=[{"treasures": [2, 3]}])
    texts = legal_texts(state)
    assert {"cash:2", "cash:3"} <= texts
    state.apply("cash:3")
    assert state.to_move == 0 and seat_json(state, 0)["treasures"] == [2]
    assert seat_json(state, 0)["vatus"] == 6


def test_v25_selling_a_treasure_can_make_a_majority_action_possible() -> None:
    state = resolution(3, seats=[_seat({"build": 1}, vatus=0, treasures=[3])])
    assert {"clear:build", "cash:3"} <= legal_texts(state)
    state.apply("cash:3")
    assert "build:efate" in legal_texts(state) and "clear:build" not in legal_texts(state)


def test_beggar_trades_one_to_three_pp_for_vatus_once_a_round() -> None:
    state = position(3, phase={"name": "planning", "seat": 0}, seats=[{"pp": 2, "character": "beggar"}])
    assert {"beg:1", "beg:2"} <= legal_texts(state) and "beg:3" not in legal_texts(state)
    state.apply("beg:2")
    seat = seat_json(state, 0)
    assert (seat["pp"], seat["vatus"], seat["used"]) == (0, 5, True)
    assert not any(t.startswith("beg:") for t in legal_texts(state))


def test_buyer_is_not_asked_when_no_displayed_tile_needs_a_second_cube() -> None:
    demand = _demand(("9", {"kava": 2}))  # the bought kava fills the tile
    state = resolution(3, demand=demand, seats=[_seat({"buy": 1}, character="buyer"), BUSY])
    state.apply("buy:kava@efate")
    assert state.to_move == 1 and seat_json(state, 0)["pp"] == 3


def test_v25_without_the_bonuses_option_the_beggar_trades_only_once_the_character_is_chosen() -> None:
    """A position that does not name `bonuses` is read as stored before it (automatic)."""
    seats = [{"character": "beggar", "pp": 3, "treasures": [1]}, {"character": "artist"}, {}]
    state = position(3, round=2, phase={"name": "characters", "seat": 0}, seats=seats)
    texts = legal_texts(state)
    assert "cash:1" in texts and not any(t.startswith("beg:") for t in texts)


def test_v25_the_beggar_gets_a_last_trade_after_round_eight() -> None:
    seats = [{"character": "beggar", "pp": 9, "vatus": 9, "markers": {"rest": 1}}, {}, {}]
    state = position(3, round=8, phase={"name": "resolution", "seat": 0}, seats=seats,
                     rest_pile=["coin", "point", "both", "first"])
    assert {"beg:1", "beg:2", "beg:3", "rest"} == legal_texts(state)
    state.apply("rest")
    assert legal_texts(state) == {"beg:1", "beg:2", "beg:3", "finish"}
    state.apply("beg:1")  # 9 vatus + 1 = 10: 5 PP at once (V22)
    assert state.to_move is None
    assert (seat_json(state, 0)["pp"], seat_json(state, 0)["vatus"]) == (13, 0)
