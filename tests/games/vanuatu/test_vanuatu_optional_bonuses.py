"""§11: every character bonus is optional (bonuses=optional, the default of a new game), and V26:
the Beggar trades once a round at every decision of each seat holding it.

The plain action text is the action with the bonus; `<text>:nobonus` is the same action without
it, offered only to the holder and only where the two differ in effect. When the action is possible
only with the bonus, declining it leaves it impossible, so clearing the stack is a choice (V11,
V20). With bonuses=automatic (and in every position or record that does not name the option) the
bonuses apply by themselves and the Beggar trades from planning on, as before.

Each acting seat has a second majority (rest) so its decision is a real choice.
"""

from __future__ import annotations

from typing import Any

import pytest
from vtools import cell_json, legal_texts, position, resolution, seat_json, start_board

from isla.core import IllegalAction
from isla.games.vanuatu.game import GAME

OPTIONAL = {"bonuses": "optional"}
BUSY = {"markers": {"draw": 1, "sail": 1}}
BIG_BOARD = [*start_board(), {"cell": "2,1", "tile": "B2"}, {"cell": "3,1", "tile": "E1"}]


def _seat(markers: dict[str, int], **fields: object) -> dict[str, object]:
    return {"markers": {**markers, "rest": 1}, **fields}


def optional(players: int = 3, **fields: Any) -> Any:
    return resolution(players, options=OPTIONAL, **fields)


def declined(texts: set[str]) -> set[str]:
    return {t for t in texts if t.endswith(":nobonus")}


# --- Navigator ---

def test_s11_the_navigator_may_sail_paying_as_anyone_else() -> None:
    state = optional(board=BIG_BOARD, seats=[_seat({"sail": 1}, vatus=1, character="navigator"), BUSY])
    texts = legal_texts(state)
    assert {"sail:start-fish", "sail:start-wreck", "sail:B2", "sail:E1"} <= texts  # free, 1-3 steps
    # without the bonus, only as far as its one vatu pays
    assert declined(texts) == {"sail:start-fish:nobonus", "sail:start-wreck:nobonus", "sail:B2:nobonus"}
    assert "clear:sail" not in texts  # possible without the bonus too: it must be performed (V11)
    state.apply("sail:B2:nobonus")
    assert (seat_json(state, 0)["boat"], seat_json(state, 0)["vatus"]) == ("B2", 0)


def test_v11_a_navigator_who_cannot_pay_may_decline_and_clear_the_sail() -> None:
    state = optional(board=BIG_BOARD, seats=[_seat({"sail": 1}, vatus=0, character="navigator"), BUSY])
    texts = legal_texts(state)
    assert "sail:E1" in texts and "clear:sail" in texts and not declined(texts)
    state.apply("clear:sail")
    assert seat_json(state, 0)["boat"] == "start-boats" and "sail" in seat_json(state, 0)["done"]


# --- Fisherman, Diver, Artist ---

def test_s11_the_fisherman_may_fish_without_its_pp() -> None:
    seats = [_seat({"fish": 1}, boat="start-fish", character="fisherman"), BUSY]
    state = optional(seats=seats)
    assert {"fish", "fish:nobonus"} <= legal_texts(state)
    state.apply("fish:nobonus")
    assert (seat_json(state, 0)["fish"], seat_json(state, 0)["pp"]) == ([2], 0)
    with_bonus = optional(seats=seats)
    with_bonus.apply("fish")
    assert (seat_json(with_bonus, 0)["fish"], seat_json(with_bonus, 0)["pp"]) == ([2], 2)


def test_s11_the_diver_may_explore_without_its_vatus() -> None:
    state = optional(seats=[_seat({"explore": 1}, boat="start-wreck", character="diver"), BUSY])
    state.apply("explore:nobonus")
    assert (seat_json(state, 0)["treasures"], seat_json(state, 0)["vatus"]) == ([2], 3)


def test_s11_the_artist_may_score_a_drawing_as_anyone_else() -> None:
    state = optional(seats=[_seat({"draw": 1}, character="artist"), BUSY])
    assert {"draw:efate", "draw:efate:nobonus"} <= legal_texts(state)
    state.apply("draw:efate:nobonus")
    assert seat_json(state, 0)["pp"] == 3


# --- Builder ---

def test_s11_the_builder_may_pay_the_full_price() -> None:
    state = optional(seats=[_seat({"build": 1}, vatus=3, character="builder"), BUSY])
    texts = legal_texts(state)
    assert {"build:efate", "build:efate:nobonus"} <= texts and "clear:build" not in texts
    state.apply("build:efate:nobonus")
    assert seat_json(state, 0)["vatus"] == 0 and cell_json(state, "0,0")["huts"] == [1, 0, 0]


def test_v11_a_builder_who_could_build_only_with_its_bonus_may_decline_and_clear() -> None:
    state = optional(seats=[_seat({"build": 1}, vatus=2, character="builder"), BUSY])
    texts = legal_texts(state)
    assert "build:efate" in texts and "clear:build" in texts and not declined(texts)


# --- Guide and Vendor: declining only where it changes something ---

TOURISTS = {"tile": 2, "left": 2}


def test_s11_the_guide_declines_only_on_an_island_with_drawings() -> None:
    seats = [_seat({"tourist": 1}, character="guide"), BUSY]
    texts = legal_texts(optional(seats=seats, tourists=TOURISTS))
    assert "tourist:efate" in texts and not declined(texts)  # no drawing: +0 PP either way
    state = optional(board=start_board(drawings=1, huts=[1, 0, 0]), seats=seats, tourists=TOURISTS)
    assert {"tourist:efate", "tourist:efate:nobonus"} <= legal_texts(state)
    state.apply("tourist:efate:nobonus")
    assert (seat_json(state, 0)["vatus"], seat_json(state, 0)["pp"]) == (4, 0)


def test_s11_the_vendor_at_its_own_hut_has_nothing_to_decline() -> None:
    board = start_board(huts=[1, 0, 0])
    state = optional(board=board, seats=[_seat({"sell": 1}, fish=[2], character="vendor"), BUSY])
    texts = legal_texts(state)
    assert "sell:2" in texts and "clear:sell" not in texts and not declined(texts)


def test_v11_a_vendor_without_a_hut_may_decline_the_sale_and_keep_its_fish() -> None:
    board = start_board(huts=[0, 1, 0])
    state = optional(board=board, seats=[_seat({"sell": 1}, fish=[2], character="vendor"), BUSY])
    assert {"sell:2", "clear:sell"} <= legal_texts(state)
    state.apply("clear:sell")
    assert seat_json(state, 0)["fish"] == [2]


# --- who may decline, and the tables that apply bonuses by themselves ---

def test_s11_only_the_holder_declines_and_only_where_the_table_lets_bonuses_be_declined() -> None:
    plain = optional(board=BIG_BOARD, seats=[_seat({"sail": 1}, character="artist"), BUSY])
    assert not declined(legal_texts(plain))
    seats = [_seat({"sail": 1}, vatus=0, character="navigator"), BUSY]
    automatic = resolution(3, board=BIG_BOARD, seats=seats)
    assert automatic.to_json()["options"]["bonuses"] == "automatic"  # a position without the option
    texts = legal_texts(automatic)
    assert "sail:E1" in texts and "clear:sail" not in texts and not declined(texts)


def test_s11_declining_is_explained_when_it_is_not_a_choice() -> None:
    automatic = resolution(3, seats=[_seat({"build": 1}, character="builder"), BUSY])
    with pytest.raises(IllegalAction, match="bonuses=automatic"):
        automatic.apply("build:efate:nobonus")
    other = optional(seats=[_seat({"build": 1}, character="artist"), BUSY])
    with pytest.raises(IllegalAction, match="only the holder of the Builder"):
        other.apply("build:efate:nobonus")
    short = optional(seats=[_seat({"build": 1}, vatus=2, character="builder"), BUSY])
    with pytest.raises(IllegalAction, match="cannot pay"):
        short.apply("build:efate:nobonus")
    guide = optional(seats=[_seat({"tourist": 1}, character="guide"), BUSY], tourists=TOURISTS)
    with pytest.raises(IllegalAction, match="same action: play tourist:efate"):
        guide.apply("tourist:efate:nobonus")


def test_v16_planning_counts_what_the_holder_could_do_with_its_bonus() -> None:
    """A bonus can only widen what is possible (more vatus, a free sail, a sale without a hut), so
    planning counts it: a Navigator without vatus may plan a sail and the fishing it leads to."""
    seats = [{"vatus": 0, "character": "navigator", "markers": {"sail": 1}}]
    state = position(3, options=OPTIONAL, phase={"name": "planning", "seat": 0}, seats=seats)
    assert {"plan:sail", "plan:fish"} <= legal_texts(state)


# --- V26: the Beggar across a character change ---

def _beggar_round_two(phase: dict[str, Any], **fields: Any) -> Any:
    seats = [{"character": "beggar", "pp": 3}, {"character": "artist"}, {"character": "guide"}]
    return position(3, options=OPTIONAL, round=2, phase=phase, seats=seats, **fields)


def test_v26_last_rounds_beggar_trades_at_tile_placement() -> None:
    state = _beggar_round_two({"name": "tiles", "seat": 0}, archipelago={"preview": ["A1", "B1"]})
    assert {"beg:1", "beg:2", "beg:3"} <= legal_texts(state)
    state.apply("beg:2")
    assert (seat_json(state, 0)["pp"], seat_json(state, 0)["vatus"]) == (1, 5)
    assert not any(t.startswith("beg:") for t in legal_texts(state))  # once a round


def test_v26_the_old_holder_trades_before_its_pick_and_the_new_holder_later_that_round() -> None:
    state = _beggar_round_two({"name": "characters", "seat": 0})
    assert {"beg:1", "beg:2", "beg:3", "char:navigator"} <= legal_texts(state)
    state.apply("beg:1")
    assert not any(t.startswith("beg:") for t in legal_texts(state))
    state.apply("char:navigator")  # returns the Beggar
    assert state.to_move == 1 and "char:beggar" in legal_texts(state)
    state.apply("char:beggar")
    state.apply("char:fisherman")
    # planning: seat 0, the Navigator now, traded as the Beggar before its pick: nothing left
    assert state.to_json()["phase"]["name"] == "planning" and state.to_move == 0
    assert not any(t.startswith("beg:") for t in legal_texts(state))


def test_v26_the_new_holder_of_the_beggar_trades_in_the_same_round() -> None:
    seats = [{"character": "beggar", "pp": 3}, {"character": "artist", "pp": 2}, {"character": "guide"}]
    state = position(3, options=OPTIONAL, round=2, phase={"name": "characters", "seat": 0}, seats=seats)
    state.apply("beg:3")
    state.apply("char:navigator")
    state.apply("char:beggar")
    state.apply("char:fisherman")
    for _ in range(2):  # seat 0 plans two markers, then seat 1 decides
        state.apply(next(t for t in sorted(legal_texts(state)) if t.startswith("plan:")))
    assert state.to_move == 1 and {"beg:1", "beg:2"} <= legal_texts(state)


def test_v26_with_two_players_last_rounds_beggar_trades_at_the_neutral_markers() -> None:
    seats = [{"character": "beggar", "pp": 1}, {"character": "artist"}]
    state = position(2, options=OPTIONAL, round=2, phase={"name": "neutral", "seat": 0}, seats=seats)
    assert "beg:1" in legal_texts(state)


def test_v25_with_automatic_bonuses_the_beggar_trades_only_once_the_rounds_character_is_chosen() -> None:
    seats = [{"character": "beggar", "pp": 3}, {"character": "artist"}, {"character": "guide"}]
    state = position(3, round=2, phase={"name": "characters", "seat": 0}, seats=seats,
                     options={"bonuses": "automatic"})
    assert not any(t.startswith("beg:") for t in legal_texts(state))


# --- the log in words ---

def test_the_log_says_when_a_bonus_is_declined() -> None:
    names = ["Ana", "Bo", "Cy"]
    state = optional(board=BIG_BOARD, seats=[_seat({"sail": 1}, vatus=1, character="navigator"), BUSY])
    lines = GAME.narrate(state, state.parse_action("sail:B2:nobonus"), names)
    assert lines[0] == "Ana sails to B2 (-1 vatu), not using the Navigator's bonus."
    board = start_board(huts=[0, 1, 0])
    state = optional(board=board, seats=[_seat({"sell": 1}, fish=[2], character="vendor"), BUSY])
    lines = GAME.narrate(state, state.parse_action("clear:sell"), names)
    assert lines[0] == "Ana declines the Vendor's bonus and takes their markers off sell without acting."
