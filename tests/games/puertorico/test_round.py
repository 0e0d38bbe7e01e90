"""The round: role choice order, role-card doubloons, the prospector and the governor (§3.1, §6.7, §2.2-2.3).

In a fresh game nobody has goods or occupied plantations, so craftsman, trader and captain resolve with
no decision at all (every step is forced); these tests use them to move through rounds quickly.
"""

from __future__ import annotations

import pytest
from conftest import apply_all, legal_texts, new_game, position, seat_json, table

from isla.core.errors import IllegalAction
from isla.games.puertorico.game import PuertoRicoState


def _pick(state: PuertoRicoState, role: str, order: list[int]) -> None:
    """Note who picks, then pick `role`."""
    assert state.to_move is not None
    order.append(state.to_move)
    state.apply(role)


def test_governor_chooses_first_then_clockwise_3_1() -> None:
    state = new_game(4)
    order: list[int] = []
    for role in ("role:prospector", "role:craftsman", "role:trader", "role:captain"):
        _pick(state, role, order)
    assert order == [0, 1, 2, 3]
    # §3.1 step 4: the governor card passes clockwise, and the new governor chooses first.
    assert table(state)["governor"] == 1
    assert table(state)["round"] == 2
    assert state.to_move == 1


def test_governor_passes_clockwise_from_the_last_seat_to_seat_0() -> None:
    state = position(3, governor=2)
    assert state.to_move == 2
    apply_all(state, "role:craftsman", "role:trader", "role:captain")
    assert table(state)["governor"] == 0
    assert state.to_move == 0


def test_a_chosen_role_cannot_be_chosen_again_in_the_round_3_1() -> None:
    state = new_game(4)
    state.apply("role:craftsman")
    assert legal_texts(state) == {
        "role:settler", "role:mayor", "role:builder", "role:trader", "role:captain", "role:prospector",
    }
    before = table(state)
    with pytest.raises(IllegalAction, match="already chosen this round"):
        state.apply("role:craftsman")
    assert table(state) == before


def test_the_chooser_takes_the_doubloons_on_the_role_card_r1() -> None:
    state = position(4, seats=[{"doubloons": 1}], roles={"builder": {"doubloons": 2}})
    state.apply("role:builder")
    assert seat_json(state, 0)["doubloons"] == 3
    assert table(state)["roles"]["builder"] == {"doubloons": 0, "taken_by": 0}


@pytest.mark.parametrize(
    ("players", "quick_roles"),
    [
        (3, ["craftsman", "trader", "captain"]),
        (4, ["craftsman", "trader", "captain", "prospector"]),
        (5, ["craftsman", "trader", "captain", "prospector", "prospector2"]),
    ],
)
def test_a_doubloon_on_each_of_the_three_unchosen_roles_at_round_end_r1(
    players: int, quick_roles: list[str]
) -> None:
    state = new_game(players)
    apply_all(state, *(f"role:{r}" for r in quick_roles))
    roles = table(state)["roles"]
    assert {name: card["doubloons"] for name, card in roles.items() if card["doubloons"]} == {
        "settler": 1, "mayor": 1, "builder": 1,
    }
    assert all(card["taken_by"] is None for card in roles.values())  # every card is back


def test_role_doubloons_accumulate_until_the_role_is_taken_r1() -> None:
    state = position(3, roles={"settler": {"doubloons": 2}, "trader": {"doubloons": 1}})
    apply_all(state, "role:craftsman", "role:trader", "role:captain")
    roles = table(state)["roles"]
    assert roles["settler"]["doubloons"] == 3
    assert roles["trader"]["doubloons"] == 0  # taken by seat 1 this round
    assert seat_json(state, 1)["doubloons"] == 1


def test_prospector_gives_one_doubloon_and_no_phase_r2() -> None:
    state = position(4, seats=[{}, {"doubloons": 2}], roles={"prospector": {"doubloons": 1}}, governor=1)
    state.apply("role:prospector")
    # 1 from the bank plus the 1 lying on the card; the next seat chooses a role at once.
    assert seat_json(state, 1)["doubloons"] == 4
    assert [seat_json(state, s)["doubloons"] for s in (0, 2, 3)] == [0, 0, 0]
    assert table(state)["phase"] == {"name": "role", "seat": 2}


def test_five_players_have_two_prospectors_that_both_pay_r2() -> None:
    state = new_game(5)
    apply_all(state, "role:prospector", "role:prospector2")
    assert [seat_json(state, s)["doubloons"] for s in range(5)] == [5, 5, 4, 4, 4]


def _two_player_round(state: PuertoRicoState, order: list[int]) -> None:
    """Six picks of the official 2p round; settler and builder are passed by both players."""
    _pick(state, "role:prospector", order)
    _pick(state, "role:craftsman", order)
    _pick(state, "role:trader", order)
    _pick(state, "role:captain", order)
    _pick(state, "role:builder", order)
    apply_all(state, "build:pass", "build:pass")
    _pick(state, "role:settler", order)
    apply_all(state, "settle:pass", "settle:pass")


def test_two_players_official_order_g_o_g_o_g_o_with_one_leftover_role_2_2() -> None:
    state = new_game(2)
    order: list[int] = []
    _two_player_round(state, order)
    assert order == [0, 1, 0, 1, 0, 1]
    roles = table(state)["roles"]
    assert {name: card["doubloons"] for name, card in roles.items() if card["doubloons"]} == {"mayor": 1}
    # The governor card passes to the other player, who picks first: seat 1 picks twice in a row.
    assert table(state)["governor"] == 1
    assert state.to_move == 1


def test_two_players_official_second_round_starts_with_the_new_governor_2_2() -> None:
    state = new_game(2)
    _two_player_round(state, [])
    order: list[int] = []
    _pick(state, "role:mayor", order)  # takes the leftover doubloon
    assert seat_json(state, 1)["doubloons"] == 3 + 1
    # Refuse the privilege colonist; each seat gets one of the 2 ship colonists and leaves it in San Juan.
    apply_all(state, "mayor:refuse", "place:done", "place:done")
    assert state.to_move == 0
    assert table(state)["phase"]["name"] == "role"
    _pick(state, "role:prospector", order)
    _pick(state, "role:craftsman", order)
    _pick(state, "role:trader", order)
    _pick(state, "role:captain", order)
    _pick(state, "role:builder", order)
    assert order == [1, 0, 1, 0, 1, 0]


def test_two_players_craftsman_angst_order_g_o_g_o_g_with_two_leftover_roles_2_3() -> None:
    state = new_game(2, two_player_roles="craftsman_angst")
    order: list[int] = []
    _pick(state, "role:prospector", order)
    _pick(state, "role:craftsman", order)
    _pick(state, "role:trader", order)
    _pick(state, "role:captain", order)
    _pick(state, "role:builder", order)
    apply_all(state, "build:pass", "build:pass")
    assert order == [0, 1, 0, 1, 0]
    roles = table(state)["roles"]
    assert {name: card["doubloons"] for name, card in roles.items() if card["doubloons"]} == {
        "settler": 1, "mayor": 1,
    }
    assert table(state)["governor"] == 1
    assert table(state)["round"] == 2
    assert state.to_move == 1  # the opponent becomes governor and picks first
