"""`isla sim` and `isla.sim.run_random_games`: reproducible random-play statistics."""

from __future__ import annotations

import json

import pytest
from clitools import run

from isla.sim import SimStats, run_random_games


def _comparable(stats: SimStats) -> dict:
    data = stats.to_json()
    for timing in ("elapsed_seconds", "games_per_second"):
        data.pop(timing)
    return data


def test_same_seed_same_statistics() -> None:
    first = run_random_games("puertorico", 3, 20, seed=4)
    second = run_random_games("puertorico", 3, 20, seed=4)
    assert _comparable(first) == _comparable(second)
    other = run_random_games("puertorico", 3, 20, seed=5)
    assert other.total_steps != first.total_steps


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_statistics_are_consistent_with_the_rules(players: int) -> None:
    stats = run_random_games("puertorico", players, 15, seed=players)
    assert stats.games == 15
    # Every game has at least one winner (ties share first place, R11), so wins add up to >= games.
    assert sum(stats.wins) >= stats.games
    assert len(stats.wins) == players
    # A game ends only when one of the three triggers fires (§6.8 E1); several may fire together.
    assert set(stats.end_triggers) == {"colonists", "city", "vp"}
    assert sum(stats.end_triggers.values()) >= stats.games
    assert stats.mean_winner_score >= stats.mean_score
    assert stats.mean_rounds is not None and stats.mean_rounds >= 1
    # Every round has at least one role pick per player, and each pick is a decision.
    assert stats.mean_steps >= stats.mean_rounds * players
    assert abs(sum(stats.seat_mean_scores) / players - stats.mean_score) < 1e-9


def test_options_reach_the_games() -> None:
    # With a VP supply of 1 the first shipment empties it: the vp trigger must fire in every game
    # in which anything is shipped, and the games get much shorter than with the default supply.
    short = run_random_games("puertorico", 4, 20, seed=1, options={"vp_supply": 1})
    normal = run_random_games("puertorico", 4, 20, seed=1)
    assert short.end_triggers["vp"] > 0
    assert short.mean_steps < normal.mean_steps


def test_sim_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "sim", "puertorico", "--players", "3", "--games", "10", "--seed", "2")
    assert status == 0, err
    for phrase in ("10 random games", "3 players", "seed 2", "mean rounds", "mean steps", "mean score",
                   "mean winner score", "colonists", "city", "vp", "shared first place", "seat 2",
                   "games/s", "elapsed"):
        assert phrase in out, phrase


def test_sim_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "sim", "puertorico", "--players", "4", "--games", "12", "--seed", "9",
                           "--option", "balanced=true", "--json")
    assert status == 0, err
    data = json.loads(out)
    expected = run_random_games("puertorico", 4, 12, seed=9, options={"balanced": True})
    for key, value in _comparable(expected).items():
        assert data[key] == value, key
    assert data["games_per_second"] > 0
    assert data["shared_wins_count_for_each_tied_seat"] is True
