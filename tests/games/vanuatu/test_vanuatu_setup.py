"""Setup (§7, seed 004 steps 1-14) and the options of new_state (V14, V17)."""

from __future__ import annotations

import pytest
from vtools import legal_texts, new_game, phase_json

from isla.core.errors import BadOption
from isla.games.vanuatu.data import TILES


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_efate_has_one_cube_of_each_good_and_boats_start_on_the_blank_ocean(players: int) -> None:
    data = new_game(players, seed=players).to_json()
    efate = next(e for e in data["board"] if e["tile"] == "efate")
    assert efate["cell"] == "0,0" and efate["goods"] == {"kava": 1, "copra": 1, "beef": 1}
    oceans = {e["cell"]: e["tile"] for e in data["board"] if e["tile"] != "efate"}
    assert set(oceans) == {"1,0", "0,1", "1,1"}
    assert sorted(oceans.values()) == ["start-boats", "start-fish", "start-wreck"]
    assert all(s["boat"] == "start-boats" and s["vatus"] == 3 and s["pp"] == 0 for s in data["seats"])
    assert data["reserve"] == {"kava": 9, "copra": 7, "beef": 5}
    assert data["fish_price"] == 3 and data["round"] == 1


def test_setup_archipelago_is_two_stacks_sorted_a_to_f_and_the_first_pair_is_shown() -> None:
    for seed in range(6):
        data = new_game(4, seed).to_json()["archipelago"]
        order = data["preview"] + list(reversed(data["stack"]))  # the order tiles are drawn
        letters = [TILES[[t.name for t in TILES].index(name)].letter for name in order]
        assert letters == list("ABCDEF") * 2
        assert sorted(order[:6] + order[6:]) == sorted(t.name for t in TILES[4:])
        assert order[0][0] == "A" and order[1][0] == "B"


@pytest.mark.parametrize(("players", "removed"), [(2, 4), (3, 4), (4, 2), (5, 0)])
def test_v6_one_tourist_tile_leaves_the_game_by_player_count(players: int, removed: int) -> None:
    data = new_game(players, seed=9).to_json()["tourists"]
    tiles = sorted([data["tile"], *data["stack"]])
    full = [0, 1, 1, 2, 2, 2, 3, 3, 4]
    full.remove(removed)
    assert tiles == full
    assert data["left"] == data["tile"]


def test_setup_shows_three_demand_tiles_and_stacks_four_rest_tokens() -> None:
    data = new_game(3, seed=2).to_json()
    assert len(data["demand"]["display"]) == 3 and len(data["demand"]["deck"]) == 7
    assert sorted(data["rest_pile"]) == ["both", "coin", "first", "point"]


def test_setup_first_player_is_drawn_with_the_seed_and_chooses_a_character_first() -> None:
    firsts = {new_game(4, seed).to_json()["first"] for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = new_game(4, seed=5)
    assert phase_json(state)["name"] == "characters"
    assert state.to_move == state.to_json()["first"]
    assert len(legal_texts(state)) == 11


def test_v17_the_no_character_mode_starts_with_planning() -> None:
    state = new_game(3, seed=1, characters="off")
    assert phase_json(state)["name"] == "planning"


def test_v17_characters_are_mandatory_with_two_players() -> None:
    with pytest.raises(BadOption, match="3, 4, 5 players"):
        new_game(2, seed=1, characters="off")


@pytest.mark.parametrize("bad", [{"hut_pp_per_tourist": 3}, {"characters": "maybe"}, {"rising": True}])
def test_options_are_validated(bad: dict[str, object]) -> None:
    with pytest.raises(BadOption):
        new_game(4, seed=1, **bad)
