"""Trader phase (§1 prices, §3.2, §5 markets and office, §6.2 T1-T6).

Positions start at the role choice (seat 0 to move unless said otherwise) and apply `role:trader`.
A seat with no goods has only `sell:pass` and is skipped by the engine, so the seat to move after a
sale is the next one that has a real choice.
"""

from __future__ import annotations

import pytest
from conftest import apply_all, legal_texts, phase_json, position, seat_json, table


@pytest.mark.parametrize(("good", "price"), [("corn", 0), ("indigo", 1), ("sugar", 2), ("tobacco", 3),
                                            ("coffee", 4)])
def test_trading_house_prices_are_zero_to_four(good: str, price: int) -> None:
    # §1/T1: seat 0 (the trader) has nothing to sell; seat 1 sells at the plain price.
    state = position(seats=[{}, {"doubloons": 1, "goods": {good: 1}}])
    state.apply("role:trader")
    assert state.to_move == 1
    assert legal_texts(state) == {f"sell:{good}", "sell:pass"}
    state.apply(f"sell:{good}")
    assert seat_json(state, 1)["doubloons"] == 1 + price
    assert seat_json(state, 1)["goods"] == {}


def test_trader_privilege_adds_one_doubloon_when_he_sells() -> None:
    # T3: coffee 4 + 1.
    state = position(seats=[{"goods": {"coffee": 1}}, {"goods": {"coffee": 1}}])
    apply_all(state, "role:trader", "sell:coffee")
    assert seat_json(state, 0)["doubloons"] == 5
    # Seat 1 cannot sell coffee now that the house holds one, so the phase is over.
    assert phase_json(state) == {"name": "role", "seat": 1}
    assert seat_json(state, 1)["doubloons"] == 0


def test_trader_privilege_is_nothing_when_he_does_not_sell() -> None:
    state = position(seats=[{"goods": {"corn": 1}}, {"goods": {"indigo": 1}}])
    apply_all(state, "role:trader", "sell:pass", "sell:indigo")
    assert seat_json(state, 0)["doubloons"] == 0
    assert seat_json(state, 1)["doubloons"] == 1
    assert table(state)["trading_house"] == ["indigo"]


@pytest.mark.parametrize(
    ("seller", "city", "good", "price"),
    [
        (1, {"small-market": 1}, "corn", 1),  # §5: corn sells for 0 + 1
        (1, {"large-market": 1}, "indigo", 3),
        (1, {"small-market": 1, "large-market": 1}, "sugar", 5),  # T6: the markets stack
        (0, {"small-market": 1, "large-market": 1}, "coffee", 8),  # T6: the maximum, 4 + 1 + 1 + 2
        (0, {"small-market": 0, "large-market": 0}, "tobacco", 4),  # unoccupied markets do nothing
    ],
)
def test_markets_add_one_and_two_doubloons_and_stack_with_the_privilege(
    seller: int, city: dict[str, int], good: str, price: int
) -> None:
    seats: list[dict[str, object]] = [{}, {}]
    seats[seller] = {"goods": {good: 1}, "city": city}
    state = position(seats=seats)
    apply_all(state, "role:trader", f"sell:{good}")
    assert seat_json(state, seller)["doubloons"] == price


def test_each_player_sells_at_most_one_good() -> None:
    # T1: seat 0 holds three kinds but after one sale the turn goes to seat 1.
    state = position(seats=[{"goods": {"corn": 2, "sugar": 1, "coffee": 1}}, {"goods": {"indigo": 1}}])
    apply_all(state, "role:trader", "sell:coffee")
    assert state.to_move == 1
    assert legal_texts(state) == {"sell:indigo", "sell:pass"}
    state.apply("sell:pass")
    # Everyone had a turn: the phase is over and seat 0 still has the rest of his goods.
    assert phase_json(state)["name"] == "role"
    assert seat_json(state, 0)["goods"] == {"corn": 2, "sugar": 1}


def test_trading_house_takes_only_kinds_it_does_not_hold() -> None:
    # T2: indigo is already in the house.
    state = position(seats=[{"goods": {"indigo": 1, "sugar": 1}}], trading_house=["corn", "indigo"])
    state.apply("role:trader")
    assert legal_texts(state) == {"sell:sugar", "sell:pass"}


def test_occupied_office_may_sell_a_kind_already_in_the_house() -> None:
    # T5 / §5 office.
    state = position(
        seats=[{"goods": {"indigo": 1, "sugar": 1}, "city": {"office": 1}}], trading_house=["corn", "indigo"]
    )
    state.apply("role:trader")
    assert legal_texts(state) == {"sell:indigo", "sell:sugar", "sell:pass"}
    state.apply("sell:indigo")
    assert table(state)["trading_house"] == ["corn", "indigo", "indigo"]
    assert seat_json(state, 0)["doubloons"] == 2


def test_unoccupied_office_gives_no_exception() -> None:
    state = position(
        seats=[{"goods": {"indigo": 1, "sugar": 1}, "city": {"office": 0}}], trading_house=["corn", "indigo"]
    )
    state.apply("role:trader")
    assert legal_texts(state) == {"sell:sugar", "sell:pass"}


def test_full_trading_house_ends_the_phase_and_is_emptied() -> None:
    # T2/T4/T5: the trader fills the house with the 4th good; seat 1 (with an office and goods) and
    # seat 2 get no turn, and the 4 goods go back to the supply at the end of the phase.
    state = position(
        seats=[
            {"goods": {"coffee": 1}},
            {"goods": {"corn": 1, "tobacco": 1}, "city": {"office": 1}},
            {"goods": {"tobacco": 1}},
        ],
        trading_house=["corn", "indigo", "sugar"],
    )
    assert table(state)["goods"] == {"corn": 8, "indigo": 10, "sugar": 10, "tobacco": 7, "coffee": 8}
    apply_all(state, "role:trader", "sell:coffee")
    assert seat_json(state, 0)["doubloons"] == 5
    assert phase_json(state) == {"name": "role", "seat": 1}
    assert table(state)["trading_house"] == []
    assert table(state)["goods"] == {"corn": 9, "indigo": 11, "sugar": 11, "tobacco": 7, "coffee": 9}
    assert seat_json(state, 1)["goods"] == {"corn": 1, "tobacco": 1}
    assert seat_json(state, 2)["goods"] == {"tobacco": 1}


def test_trading_house_with_fewer_than_four_goods_keeps_them_for_the_next_trader_phase() -> None:
    # T4, played across a round with 3 players (governor 0 in round 1, seat 1 in round 2).
    state = position(
        players=3,
        seats=[{"goods": {"indigo": 1}}, {"goods": {"sugar": 2, "coffee": 1}}, {}],
    )
    apply_all(state, "role:trader", "sell:indigo", "sell:sugar")  # seat 2 has nothing: skipped
    assert table(state)["trading_house"] == ["indigo", "sugar"]
    assert table(state)["goods"]["sugar"] == 11 - 2  # not returned to the supply
    # Seat 1 takes the craftsman (nobody produces), seat 2 the builder and everyone passes.
    apply_all(state, "role:craftsman", "role:builder", "build:pass", "build:pass", "build:pass")
    assert table(state)["round"] == 2
    assert state.to_move == 1
    state.apply("role:trader")
    assert table(state)["trading_house"] == ["indigo", "sugar"]
    # Sugar is still in the house, so seat 1 may only sell his coffee.
    assert legal_texts(state) == {"sell:coffee", "sell:pass"}
    state.apply("sell:coffee")
    assert seat_json(state, 1)["doubloons"] == 2 + 5
    assert table(state)["trading_house"] == ["indigo", "sugar", "coffee"]
