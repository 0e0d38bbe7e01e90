"""Seat rotation, duplicate deals, seeds and parameter checks of a tournament plan."""

from __future__ import annotations

from collections import Counter

import pytest

from isla.arena import ArenaError, make_plan, round_up_games, seating
from isla.bots import UnknownBot
from isla.core import BadOption, UnknownGame


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_entrant_sits_in_every_seat_once_per_block(players: int) -> None:
    plan = make_plan("puertorico", players, ["random"] * players, seed=3, games=3 * players)
    seen: Counter[tuple[int, int]] = Counter()
    for index in plan.indices:
        entrants = plan.seating(index)
        assert sorted(entrants) == list(range(players))  # a permutation: each entrant once
        for seat, entrant in enumerate(entrants):
            seen[entrant, seat] += 1
    assert seen == Counter({(e, s): 3 for e in range(players) for s in range(players)})


def test_rotation_zero_seats_the_bots_as_listed_and_later_rotations_shift_them() -> None:
    assert seating(4, 0) == [0, 1, 2, 3]
    assert seating(4, 1) == [3, 0, 1, 2]  # entrant 0 moved to seat 1
    assert seating(4, 6) == [2, 3, 0, 1]  # block 1, rotation 2
    plan = make_plan("puertorico", 3, ["random:3", "random", "random:2"], seed=0, games=3)
    assert plan.seats(1) == ["random:2", "random:3", "random"]


def test_a_block_shares_one_deal_and_blocks_differ() -> None:
    plan = make_plan("puertorico", 4, ["random"] * 4, seed=11, games=12)
    seeds = [plan.game_seed(index) for index in plan.indices]
    assert len(set(seeds[0:4])) == 1 and len(set(seeds[4:8])) == 1 and len(set(seeds[8:12])) == 1
    assert len(set(seeds)) == 3
    assert len({plan.bot_seed(index) for index in plan.indices}) == 12
    other = make_plan("puertorico", 4, ["random"] * 4, seed=12, games=4)
    assert other.game_seed(0) != plan.game_seed(0)


def test_games_are_rounded_up_to_whole_blocks() -> None:
    assert round_up_games(10, 4) == 12
    assert round_up_games(12, 4) == 12
    assert round_up_games(1, 5) == 5
    assert make_plan("puertorico", 3, ["random"] * 3, seed=0, games=7).games == 9


def test_players_default_to_the_number_of_bots_and_options_are_resolved() -> None:
    plan = make_plan("puertorico", None, ["random"] * 3, seed=0, games=3, options={"balanced": True})
    assert plan.players == 3
    assert plan.options["balanced"] is True
    assert "vp_supply" in plan.options  # defaults filled in, so equal plans compare equal
    assert plan.identity() == make_plan(
        "puertorico", 3, ["random"] * 3, seed=0, games=30, options={"balanced": True}
    ).identity()


@pytest.mark.parametrize(
    ("kwargs", "error", "needle"),
    [
        ({"players": 4, "bots": ["random"] * 3}, ArenaError, "4 players need 4 bots"),
        ({"players": None, "bots": ["random", "nobody"]}, UnknownBot, "unknown bot 'nobody'"),
        ({"players": None, "bots": ["random", ""]}, ArenaError, "one bot spec per seat"),
        ({"players": 6, "bots": ["random"] * 6}, BadOption, "2 to 5 players"),
        ({"players": None, "bots": ["random"] * 3, "options": {"colour": 1}}, BadOption, "unknown option"),
        ({"players": None, "bots": ["random"] * 3, "first": 4}, ArenaError, "multiple of the player count"),
        ({"players": None, "bots": ["random"] * 3, "games": 0}, ArenaError, "at least 1"),
    ],
)
def test_bad_parameters_fail_before_any_game(kwargs: dict, error: type[Exception], needle: str) -> None:
    arguments = {"game": "puertorico", "seed": 0, "games": 3, **kwargs}
    with pytest.raises(error, match=needle):
        make_plan(**arguments)


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        make_plan("chess", 2, ["random", "random"], seed=0, games=2)
