"""The small pieces of `isla.core`: ranks, option validation, records, the registry and the RNG."""

from __future__ import annotations

import json
from typing import Any

import pytest

import isla
from isla.core import rng as rnglib
from isla.core.errors import BadOption, BadState, IllegalAction, IslaError, UnknownGame
from isla.core.protocol import OptionSpec, shared_ranks
from isla.core.record import Record, replay

PR = "puertorico"


# --- shared_ranks: competition ranking, ties share the better place -----------------------------

def test_tied_first_places_share_rank_one_and_the_next_is_third() -> None:
    assert shared_ranks([(5,), (5,), (3,)]) == [1, 1, 3]


def test_ranks_follow_the_seat_order_of_the_keys_not_their_sorted_order() -> None:
    assert shared_ranks([(3,), (5,), (4,), (5,)]) == [4, 1, 3, 1]


def test_the_tiebreak_separates_equal_scores_and_full_ties_share() -> None:
    assert shared_ranks([(40, 2), (40, 5), (38, 9), (40, 5)]) == [3, 1, 4, 1]


def test_everyone_tied_is_everyone_first() -> None:
    assert shared_ranks([(0, 0)] * 4) == [1, 1, 1, 1]


# --- options: validated by OptionSpec through new_state -----------------------------------------

def _new(players: int = 4, **options: Any) -> isla.State:
    return isla.game(PR).new_state(players=players, seed=1, options=options)


def test_defaults_fill_in_every_option_including_the_player_count_dependent_vp_supply() -> None:
    for players, vp in ((2, 65), (3, 75), (4, 100), (5, 122)):
        assert _new(players).to_json()["options"] == {
            "vp_supply": vp, "forced_placement": False, "open_vp": False,
            "two_player_roles": "official", "balanced": False,
        }


def test_an_unknown_option_is_refused_and_named() -> None:
    with pytest.raises(BadOption, match="unknown option 'ballanced'"):
        _new(ballanced=True)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"balanced": "yes"}, "'balanced' must be true or false"),
        ({"balanced": 1}, "'balanced' must be true or false"),
        ({"vp_supply": "100"}, "'vp_supply' must be a whole number"),
        ({"vp_supply": True}, "'vp_supply' must be a whole number"),
        ({"vp_supply": 2.5}, "'vp_supply' must be a whole number"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(BadOption, match=message):
        _new(**options)


def test_an_int_option_out_of_range_is_refused_with_its_bound() -> None:
    with pytest.raises(BadOption, match="at least 1, not 0"):
        _new(vp_supply=0)
    with pytest.raises(BadOption, match="at most 999, not 1000"):
        _new(vp_supply=1000)
    assert _new(vp_supply=1).to_json()["vp_supply"] == 1


def test_a_choice_outside_its_list_is_refused_and_the_choices_are_named() -> None:
    with pytest.raises(BadOption, match="one of official, craftsman_angst, not 'angst'"):
        _new(2, two_player_roles="angst")


def test_a_two_player_only_option_is_refused_with_four_players_but_its_default_is_accepted() -> None:
    with pytest.raises(BadOption, match="applies only to games with 2 players"):
        _new(4, two_player_roles="craftsman_angst")
    assert _new(4, two_player_roles="official").to_json()["options"]["two_player_roles"] == "official"
    assert _new(2, two_player_roles="craftsman_angst").to_json()["options"]["two_player_roles"] == (
        "craftsman_angst"
    )


@pytest.mark.parametrize("players", [1, 6, 0, "4", True])
def test_a_player_count_outside_two_to_five_is_refused(players: Any) -> None:
    with pytest.raises(BadOption):
        isla.game(PR).new_state(players=players, seed=1)


def test_option_spec_parses_command_line_values_into_its_type() -> None:
    flag = OptionSpec("fast", "bool", False, "a flag")
    count = OptionSpec("count", "int", 3, "a number", minimum=1, maximum=9)
    assert [flag.parse(t) for t in ("true", "Yes", "on", "1", "false", "NO", "off", "0")] == [
        True, True, True, True, False, False, False, False,
    ]
    assert count.parse("7") == 7
    with pytest.raises(BadOption, match="'fast' must be true or false, not 'maybe'"):
        flag.parse("maybe")
    with pytest.raises(BadOption, match="'count' must be a whole number, not 'seven'"):
        count.parse("seven")
    with pytest.raises(BadOption, match="at most 9"):
        count.check(count.parse("10"), players=3)


def test_option_spec_json_leaves_out_a_player_count_dependent_default() -> None:
    specs = {spec.name: spec.to_json() for spec in isla.game(PR).option_specs}
    assert "default" not in specs["vp_supply"]
    assert specs["vp_supply"]["minimum"] == 1
    assert specs["two_player_roles"]["choices"] == ["official", "craftsman_angst"]
    assert specs["two_player_roles"]["only_for_players"] == [2]
    assert specs["balanced"]["default"] is False


# --- records ----------------------------------------------------------------------------------

def _record() -> Record:
    return Record(
        game=PR, players=3, seed=11, options={"balanced": True}, actions=["role:builder"],
        seats=["ana", "bo", "cy"], engine_version="puertorico-1",
    )


def test_a_record_survives_a_json_round_trip() -> None:
    record = _record()
    text = json.dumps(record.to_json())
    assert Record.from_json(json.loads(text)) == record
    assert json.loads(text)["record"] == 1


def test_a_minimal_record_gets_defaults_for_everything_but_game_and_players() -> None:
    record = Record.from_json({"game": PR, "players": 4})
    assert (record.seed, record.options, record.actions, record.seats) == (0, {}, [], [])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ({"record": 2, "game": PR, "players": 4}, "unsupported record version 2"),
        ({"game": PR, "players": 4, "moves": []}, "unknown record field 'moves'"),
        ({"players": 4}, "needs the field 'game'"),
        ({"game": PR}, "needs the field 'players'"),
        ({"game": 7, "players": 4}, "'game' must be a string"),
        ({"game": PR, "players": "4"}, "'players' must be a whole number"),
        ({"game": PR, "players": True}, "'players' must be a whole number"),
        ({"game": PR, "players": 4, "seed": 1.5}, "'seed' must be a whole number"),
        ({"game": PR, "players": 4, "options": []}, "'options' must be an object"),
        ({"game": PR, "players": 4, "actions": "role:mayor"}, "'actions' must be a list of action texts"),
        ({"game": PR, "players": 4, "actions": [1]}, "'actions' must be a list of action texts"),
        ({"game": PR, "players": 4, "seats": [None]}, "'seats' must be a list of names"),
        ({"game": PR, "players": 4, "engine_version": 1}, "'engine_version' must be a string"),
    ],
)
def test_a_malformed_record_is_refused_with_bad_state(data: Any, message: str) -> None:
    with pytest.raises(BadState, match=message):
        Record.from_json(data)


def test_a_record_replays_to_the_state_reached_by_playing_its_actions() -> None:
    state = isla.game(PR).new_state(players=3, seed=11, options={"balanced": True})
    played = []
    for _ in range(25):
        action = sorted(state.legal_actions(), key=str)[-1]
        state.apply(action)
        played.append(str(action))
    record = Record(game=PR, players=3, seed=11, options={"balanced": True}, actions=played)
    assert replay(record).to_json() == state.to_json()
    assert record.replay().to_json() == state.to_json()
    assert replay(record, upto=0).to_json() == record.start().to_json()


def test_a_record_with_an_action_that_does_not_apply_names_its_number() -> None:
    record = Record(game=PR, players=3, seed=11, actions=["role:builder", "role:builder"])
    with pytest.raises(IllegalAction, match="record action 2 does not apply"):
        record.replay()


# --- registry ---------------------------------------------------------------------------------

def test_the_registry_finds_puerto_rico_by_its_short_name_and_loads_it_once() -> None:
    assert PR in isla.game_names()
    game = isla.game(PR)
    assert game is isla.game(PR)
    assert (game.name, game.min_players, game.max_players) == (PR, 2, 5)


def test_an_unknown_game_is_refused_and_the_known_ones_are_named() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess' \(known: .*puertorico"):
        isla.game("chess")


def test_every_error_a_user_can_cause_is_an_isla_error() -> None:
    for error in (IllegalAction, BadState, BadOption, UnknownGame):
        assert issubclass(error, IslaError)


# --- the RNG (SplitMix64 with a one-integer state) ----------------------------------------------

def _outputs(state: int, count: int) -> list[int]:
    out = []
    for _ in range(count):
        state, value = rnglib.next_state(state)
        out.append(value)
    return out


def test_the_same_seed_gives_the_same_sequence_and_another_seed_another() -> None:
    start = rnglib.seed_state(42)
    assert start == rnglib.seed_state(42)
    assert _outputs(start, 50) == _outputs(rnglib.seed_state(42), 50)
    assert _outputs(start, 50) != _outputs(rnglib.seed_state(43), 50)
    assert all(0 <= v < 1 << 64 for v in _outputs(start, 50))


def test_splitmix64_matches_its_published_first_output_for_state_zero() -> None:
    # The reference SplitMix64 (Steele, Lea, Flood 2014) seeded with 0 first returns 0xE220A8397B1DCDAF.
    assert rnglib.next_state(0)[1] == 0xE220A8397B1DCDAF


def test_below_stays_in_range_and_reaches_every_value() -> None:
    state = rnglib.seed_state(7)
    for n in (1, 2, 3, 6, 7, 100):
        seen = set()
        for _ in range(60 * n):
            state, value = rnglib.below(state, n)
            assert 0 <= value < n
            seen.add(value)
        assert seen == set(range(n))


def test_shuffle_is_a_permutation_and_is_determined_by_the_state() -> None:
    items = list(range(30))
    first = items[:]
    after = rnglib.shuffle(rnglib.seed_state(3), first)
    assert sorted(first) == items
    assert first != items
    second = items[:]
    assert rnglib.shuffle(rnglib.seed_state(3), second) == after
    assert second == first
    third = items[:]
    rnglib.shuffle(rnglib.seed_state(4), third)
    assert third != first


def test_shuffle_of_short_lists_leaves_the_state_alone() -> None:
    state = rnglib.seed_state(5)
    for items in ([], [1]):
        assert rnglib.shuffle(state, items) == state
