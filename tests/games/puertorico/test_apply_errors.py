"""Bad input to `apply` and `apply_all`: every one raises IllegalAction with a reason a player can act
on, lists the legal actions, and leaves the state exactly as it was (the checked path of isla.core)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import apply_all, legal_list, position

from isla.core.errors import IllegalAction
from isla.core.protocol import Action
from isla.games.puertorico.game import PuertoRicoState


def rejected(state: PuertoRicoState, action: Any) -> IllegalAction:
    """Apply `action`, expect IllegalAction, and check that nothing changed."""
    before = state.to_json()
    legal = legal_list(state)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    assert state.to_json() == before
    assert legal_list(state) == legal
    return raised.value


@pytest.mark.parametrize("text", ["role:king", "fly", "", "ROLE:BUILDER", "role:builder ", "ship:corn:9"])
def test_unknown_notation(text: str) -> None:
    state = position()
    error = rejected(state, text)
    assert error.reason == "not Puerto Rico notation (see docs/notation.md)"
    assert error.action == text
    assert error.legal == tuple(legal_list(state))
    assert "role:builder" in str(error)


@pytest.mark.parametrize(
    "text", ["sell:corn", "build:pass", "ship:pass", "keep:none", "hacienda", "place:done"]
)
def test_legal_text_at_the_wrong_time(text: str) -> None:
    error = rejected(position(), text)
    assert error.reason == "not now: seat 0 is choosing a role"


@pytest.mark.parametrize("action", [None, 3, 3.5, b"role:builder", ["role:builder"]])
def test_wrong_types(action: Any) -> None:
    error = rejected(position(), action)
    assert error.reason == "an action must be given as its notation text"


def test_role_not_in_this_game() -> None:
    # 4 players play with one prospector (§2.1).
    error = rejected(position(), "role:prospector2")
    assert error.reason == "there is no prospector2 card with 4 players"


def test_role_already_chosen() -> None:
    state = position()
    apply_all(state, "role:prospector")
    error = rejected(state, "role:prospector")
    assert error.reason == "the prospector was already chosen this round"


def test_building_too_expensive_names_price_and_purse() -> None:
    state = position(seats=[{"doubloons": 1}], phase={"name": "builder", "chooser": 0, "seat": 0})
    error = rejected(state, "build:harbor")
    # Builder's privilege: 8 - 1 = 7.
    assert error.reason == "the harbor costs seat 0 7 doubloons and they have 1"


def test_a_price_of_one_is_one_doubloon() -> None:
    # Seat 1's occupied quarry makes the small indigo plant free (so seat 1 has a choice) and the
    # small sugar mill cost 1.
    seat1 = {"doubloons": 0, "island": {"quarry": 1}, "occupied": {"quarry": 1}}
    state = position(seats=[{}, seat1], phase={"name": "builder", "chooser": 0, "seat": 1})
    error = rejected(state, "build:small-sugar-mill")
    assert error.reason == "the small-sugar-mill costs seat 1 1 doubloon and they have 0"


def test_building_owned_twice() -> None:
    state = position(
        seats=[{"doubloons": 9, "city": {"small-market": 0}}],
        phase={"name": "builder", "chooser": 0, "seat": 0},
    )
    assert rejected(state, "build:small-market").reason == "seat 0 already owns a small-market (rule B4)"


def test_selling_a_kind_already_in_the_trading_house() -> None:
    state = position(seats=[{"goods": {"corn": 1, "indigo": 1}}], trading_house=["corn"])
    state.apply("role:trader")
    assert rejected(state, "sell:corn").reason == (
        "the trading house already holds corn (only an occupied office allows that)"
    )
    assert rejected(state, "sell:coffee").reason == "seat 0 has no coffee"


def test_passing_the_captain_when_a_load_is_possible() -> None:
    state = position(seats=[{"goods": {"corn": 1, "indigo": 1}}])
    state.apply("role:captain")
    reason = rejected(state, "ship:pass").reason
    assert reason == "a player who can load goods on a cargo ship must do so (rule C1)"


def test_action_object_from_another_state() -> None:
    # An interned action that was legal somewhere else: refused here with the usual explanation.
    other = position(seats=[{"goods": {"corn": 1, "indigo": 1}}])
    other.apply("role:trader")
    sell: Action = next(a for a in other.legal_actions() if a.text == "sell:corn")
    state = position()
    assert rejected(state, sell).reason == "not now: seat 0 is choosing a role"
    # An Action is its text: one whose text is legal here is accepted, wherever it came from.
    state.apply(Action(-1, "role:builder"))
    assert state.to_json()["phase"]["name"] == "builder"


def test_any_action_after_the_game_is_over() -> None:
    state = position(phase={"name": "over"})
    assert state.is_over
    assert rejected(state, "role:builder").reason == "the game is over"


def test_apply_all_applies_nothing_when_the_third_of_four_actions_is_illegal() -> None:
    state = position(seats=[{"goods": {"corn": 1}}, {"goods": {"indigo": 1}}, {"goods": {"coffee": 1}}])
    before = state.to_json()
    with pytest.raises(IllegalAction) as raised:
        state.apply_all(["role:trader", "sell:corn", "sell:corn", "sell:coffee"])
    assert state.to_json() == before
    assert str(raised.value).startswith("action 3 of 4: illegal action 'sell:corn': seat 1 has no corn")
    # The same list with the third action fixed goes through in full.
    applied = state.apply_all(["role:trader", "sell:corn", "sell:indigo", "sell:coffee"])
    assert [a.text for a in applied] == ["role:trader", "sell:corn", "sell:indigo", "sell:coffee"]
    assert state.to_json()["trading_house"] == ["corn", "indigo", "coffee"]


def test_apply_all_with_a_wrong_type_inside_changes_nothing() -> None:
    state = position()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="action 2 of 2"):
        state.apply_all(["role:prospector", None])  # type: ignore[list-item]
    assert state.to_json() == before
