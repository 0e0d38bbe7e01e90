"""Game end (§6.8 E1-E3, E5, ruling R11): the three triggers, the finished round, and the ranking.

Four players, governor 0, so a round is seats 0, 1, 2, 3 choosing in turn. The rest of a round is
finished with roles that need no decision on these empty boards: the prospector (+1 doubloon), the
craftsman (nobody produces) and the captain (nobody has goods).
"""

from __future__ import annotations

from conftest import apply_all, phase_json, position, seat_json, table

from isla.games.puertorico.game import PuertoRicoState


def finish_round(state: PuertoRicoState, *roles: str) -> None:
    """Let the remaining seats choose `roles`; the game must go on until the last pick."""
    for role in roles:
        assert not state.is_over, f"the game ended before {role} was chosen"
        state.apply(f"role:{role}")


def test_colonist_shortage_ends_the_game_after_the_round() -> None:
    # E1(a)/M8: 3 colonists in the supply, but the ship needs max(4 players, 0 empty circles) = 4.
    state = position(colonists={"supply": 3, "ship": 4})
    apply_all(state, "role:mayor", "mayor:refuse")
    assert table(state)["colonists"] == {"supply": 0, "ship": 3}
    assert table(state)["end_triggers"] == ["colonists"]
    assert phase_json(state) == {"name": "role", "seat": 1}
    finish_round(state, "prospector", "craftsman", "captain")
    assert state.is_over
    assert phase_json(state) == {"name": "over"}
    assert state.legal_actions() == []
    result = state.result()
    assert result.over
    assert result.end_triggers == ["colonists"]


def test_supply_that_exactly_refills_the_ship_does_not_end_the_game() -> None:
    # E2: 4 colonists left, 4 needed: the supply is empty but the game goes on into round 2.
    state = position(colonists={"supply": 4, "ship": 4})
    apply_all(state, "role:mayor", "mayor:refuse")
    assert table(state)["colonists"] == {"supply": 0, "ship": 4}
    assert table(state)["end_triggers"] == []
    finish_round(state, "prospector", "craftsman", "captain")
    assert not state.is_over
    assert table(state)["round"] == 2
    assert phase_json(state) == {"name": "role", "seat": 1}


def test_twelfth_city_space_ends_the_game_after_the_round() -> None:
    # E1(b): seat 1 has 11 spaces (five large buildings and a small market) and builds a 12th.
    large = {"guild-hall": 0, "residence": 0, "fortress": 0, "customs-house": 0, "city-hall": 0}
    state = position(seats=[{}, {"doubloons": 5, "city": {**large, "small-market": 0}}, {"doubloons": 1}])
    apply_all(state, "role:builder", "build:pass", "build:hacienda")
    assert table(state)["end_triggers"] == ["city"]
    # The builder phase goes on: seat 2 still builds.
    assert state.to_move == 2
    state.apply("build:small-indigo-plant")
    assert seat_json(state, 2)["city"] == {"small-indigo-plant": 0}
    finish_round(state, "prospector", "craftsman", "captain")
    assert state.is_over
    assert state.result().end_triggers == ["city"]


def test_last_vp_chip_ends_the_game_after_the_round() -> None:
    # E1(c)/E3: seat 2 chooses the captain with 2 chips left; the phase and the round still finish.
    state = position(
        seats=[{}, {}, {"goods": {"corn": 3, "indigo": 1}}, {"goods": {"sugar": 2}}],
        vp_supply=2,
    )
    apply_all(state, "role:prospector", "role:craftsman", "role:captain", "ship:corn:5")
    assert table(state)["end_triggers"] == ["vp"]
    assert not state.is_over
    state.apply("ship:sugar:6")  # seat 3 is still paid, past the supply
    assert seat_json(state, 3)["vp"] == 2
    # Seat 2's indigo went on the 7-ship by force; nothing is left to store.
    assert seat_json(state, 2)["vp"] == 3 + 1 + 1
    assert state.to_move == 3
    finish_round(state, "trader")
    assert state.is_over
    assert state.result().end_triggers == ["vp"]


def test_several_triggers_in_one_round_are_all_reported() -> None:
    state = position(colonists={"supply": 3, "ship": 4}, vp_supply=1, seats=[{}, {"goods": {"corn": 1}}])
    apply_all(state, "role:mayor", "mayor:refuse", "role:captain", "ship:corn:5")
    finish_round(state, "prospector", "craftsman")
    assert state.is_over
    assert state.result().end_triggers == ["colonists", "vp"]


def _over(*seats: dict[str, object]) -> PuertoRicoState:
    return position(seats=list(seats), phase={"name": "over"})


def test_result_ranks_by_score() -> None:
    state = _over({"vp": 10}, {"vp": 12}, {"vp": 3, "city": {"harbor": 0}}, {"vp": 2})
    result = state.result()
    assert result.over
    assert result.scores == [10, 12, 6, 2]
    assert result.ranks == [2, 1, 3, 4]


def test_tie_is_broken_by_doubloons_plus_goods_counting_each_barrel_as_one() -> None:
    # R11/E5: seat 0 has 2 doubloons + 2 coffee = 4, seat 1 has 4 doubloons + 1 corn = 5 (coffee
    # counts 1 like any barrel, not its price).
    state = _over(
        {"vp": 10, "doubloons": 2, "goods": {"coffee": 2}},
        {"vp": 10, "doubloons": 4, "goods": {"corn": 1}},
    )
    result = state.result()
    assert result.scores == [10, 10, 0, 0]
    assert result.tiebreaks == [4, 5, 0, 0]
    assert result.ranks == [2, 1, 3, 3]


def test_players_still_tied_share_the_place() -> None:
    # R11/E5: seats 0 and 1 tie on score and tie-break: both first, the next is third.
    state = _over(
        {"vp": 9, "doubloons": 3, "goods": {"corn": 1}},
        {"vp": 9, "doubloons": 1, "goods": {"sugar": 2, "indigo": 1}},
        {"vp": 8, "doubloons": 20},
        {"vp": 1},
    )
    result = state.result()
    assert result.ranks == [1, 1, 3, 4]


def test_result_is_provisional_while_the_game_goes_on() -> None:
    state = position(seats=[{"vp": 4}])
    result = state.result()
    assert not result.over
    assert result.scores == [4, 0, 0, 0]
