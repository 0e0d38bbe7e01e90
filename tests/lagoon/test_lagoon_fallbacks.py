"""What a game that declares only what it must gets: Lagoon without its heuristic, text board, end
triggers or score split. Each fallback is documented (docs/writing-a-game.md); none is a random move
played in a bot's stead."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from lagoon.game import LagoonGame, LagoonState
from servertools import Running, bot, human, serve

from isla.bots import SeatAccess, UnknownBot, bot_move, bot_names, levels, make_bot, parse_spec
from isla.bots.knowledge import score_values
from isla.core import IMPERFECT, GameInfo
from isla.core.registry import game, register, unregister
from isla.i18n import game_domain
from isla.render import describe_action, render_view
from isla.server import ServerConfig
from isla.sim import run_random_games


class BareLagoon(LagoonGame):
    name, title = "lagoon-bare", "Lagoon, bare"
    info = GameInfo(information=IMPERFECT, action_count=3, bounds=LagoonGame.info.bounds)


BARE = BareLagoon()


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(BARE)
    yield
    unregister(BARE.name)


def _state(players: int = 2, seed: int = 1, course: int = 12) -> LagoonState:
    state = BARE.new_state(players, seed, {"course": course})
    assert isinstance(state, LagoonState)
    return state


def test_without_a_heuristic_only_the_bots_that_need_none_are_offered() -> None:
    assert levels("lagoon-bare") == {}
    assert bot_names("lagoon-bare") == ["random", "mcts"]
    reason = "not offered for lagoon-bare: lagoon-bare declares no heuristic"
    for spec in ("medium", "heuristic", "rush", "mcts-model:5"):
        with pytest.raises(UnknownBot, match=reason):
            parse_spec(spec, "lagoon-bare")
    with pytest.raises(UnknownBot, match="not offered"):
        make_bot("easy", 0, 0, game="lagoon-bare")


def test_the_generic_evaluation_favours_the_seat_ahead_by_its_share_of_the_score_range() -> None:
    state = _state()
    state.positions = [6, 2]
    ahead, behind = score_values(state)
    low, high = BARE.info.bounds(2, {"course": 12}).scores
    assert ahead == pytest.approx(0.5 + 4 / (2 * (high - low)))
    assert behind == pytest.approx(1 - ahead)


def test_mcts_without_a_heuristic_finds_the_move_that_reaches_the_reef() -> None:
    # Nine ahead with a current of 3: riding it (4) reaches the reef at 12; a sail reaches it only
    # on a 3, and the other canoe is one sail from the reef too.
    state = _state()
    state.positions, state.cards = [8, 10], [3, 1]
    mcts = make_bot("mcts:300", 0, 5, game="lagoon-bare")
    assert mcts.choose(SeatAccess(state, 0)).text == "current"


def test_mcts_without_a_heuristic_plays_whole_races() -> None:
    state = _state(players=3)
    bots = [make_bot("mcts:20", seat, 3, game="lagoon-bare") for seat in range(3)]
    while (seat := state.to_move) is not None:
        state.apply(bot_move(bots[seat], state))
    assert state.result().over


def test_without_a_text_board_a_view_is_shown_as_json_and_an_action_as_its_text() -> None:
    view = _state().view(0)
    assert render_view(view) == json.dumps(view, indent=2)
    assert describe_action("lagoon-bare", "sail") == "sail"
    assert describe_action("lagoon", "sail") != "sail"  # Lagoon's own words


def test_without_catalogs_a_game_has_no_text_domain_and_keeps_its_english() -> None:
    # Lagoon's folder has no locale/ and its GameInfo names no text_domain: nothing to translate.
    assert game_domain(game("lagoon")) is None
    assert game_domain(game("lagoon-bare")) is None


def test_without_declared_end_triggers_statistics_list_those_that_fired() -> None:
    bare = run_random_games("lagoon-bare", 2, 20, seed=1, options={"course": 6})
    full = run_random_games("lagoon", 2, 20, seed=1, options={"course": 6})
    assert bare.end_triggers == {"reef": 20}
    assert full.end_triggers == {"reef": 20, "tide": 0}


def test_a_server_refuses_a_table_with_a_bot_the_game_does_not_offer(tmp_path: Path) -> None:
    config = ServerConfig(data_dir=tmp_path, bot_pace=0.0, argon2_time_cost=1, argon2_memory_kib=64)
    running: Running
    with serve(config) as running, running.client() as client:
        seats = [human("Ann"), bot("medium")]
        response = client.post("/api/tables", json={"game": "lagoon-bare", "seats": seats})
        assert response.status_code == 422
        assert "seat 1: bot 'medium' is not offered for lagoon-bare" in response.json()["error"]
        seats = [human("Ann"), bot("mcts")]
        assert client.post("/api/tables", json={"game": "lagoon-bare", "seats": seats}).status_code == 201
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
        assert games["lagoon-bare"]["levels"] == [] and games["lagoon-bare"]["bots"] == ["random", "mcts"]
