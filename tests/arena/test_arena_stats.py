"""Wilson intervals against hand-computed figures, and how wins, ties and failures are counted."""

from __future__ import annotations

import math
from typing import Any

import pytest

from isla.arena import make_plan, summarize, wilson
from isla.arena.stats import format_table


def test_wilson_matches_hand_computed_intervals() -> None:
    # 10 of 20, z = 1.96: centre 0.5, half-width 1.96/(1+3.8415/20) * sqrt(0.25/20 + 3.8415/1600)
    # = 1.64418 * 0.122070 = 0.200706.
    low, high = wilson(10, 20)
    assert low == pytest.approx(0.29929, abs=5e-5)
    assert high == pytest.approx(0.70071, abs=5e-5)
    # 0 of 10: the interval is [0, z²/(n+z²)] = [0, 3.8415/13.8415] = [0, 0.27754].
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.27754, abs=5e-5)
    # 50 of 200 (a bot at par over 200 four-player games): centre (0.25 + 0.0096)/1.01921 = 0.25471,
    # half-width 1.92303 * sqrt(0.0009375 + 0.0000240) = 0.05962, so [0.19508, 0.31434].
    low, high = wilson(50, 200)
    assert low == pytest.approx(0.19508, abs=5e-5)
    assert high == pytest.approx(0.31434, abs=5e-5)


def test_wilson_is_symmetric_and_handles_no_trials() -> None:
    low, high = wilson(3, 17)
    mirror_low, mirror_high = wilson(14, 17)
    assert math.isclose(low, 1 - mirror_high) and math.isclose(high, 1 - mirror_low)
    assert wilson(0, 0) == (0.0, 1.0)


def _game(index: int, seats: list[str], entrants: list[int], scores: list[int], *, ranks: list[int],
          failure: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "index": index, "block": index // 3, "rotation": index % 3, "seed": 5, "seats": seats,
        "entrants": entrants, "over": failure is None, "scores": scores, "ranks": ranks,
        "tiebreaks": [0, 0, 0],
        "breakdown": [{"shipping": s - 1, "buildings": 1, "bonus": 0, "total": s} for s in scores],
        "end_triggers": ["colonists"], "rounds": 14, "decisions": [10, 10, 10], "actions": [],
        "failure": failure, "timing": {"think_seconds": [0.5, 0.25, 0.25]},
    }


def test_a_shared_first_place_counts_one_over_k_and_failed_games_are_left_out() -> None:
    plan = make_plan("puertorico", 3, ["random:2", "random", "random"], seed=0, games=3)
    games = [
        _game(0, ["random:2", "random", "random"], [0, 1, 2], [30, 30, 20], ranks=[1, 1, 3]),  # a tie
        _game(1, ["random", "random:2", "random"], [2, 0, 1], [10, 40, 20], ranks=[3, 1, 2]),  # random:2 wins
        _game(2, ["random", "random", "random:2"], [1, 2, 0], [9, 9, 9], ranks=[1, 1, 1],
              failure={"seat": 2, "bot": "random:2", "problem": "boom"}),
    ]
    summary = summarize(plan, reversed(games))  # order of arrival does not matter
    other = summary["by_bot"]["random:2"]
    randoms = summary["by_bot"]["random"]
    assert summary["games"] == 2 and summary["failed_games"] == 1
    assert other["seat_games"] == 2 and other["wins"] == 1.5
    assert randoms["seat_games"] == 4 and randoms["wins"] == 0.5
    assert other["wins"] + randoms["wins"] == summary["games"]  # each game hands out exactly one win
    assert other["mean_score"] == 35 and other["mean_rank"] == 1
    assert other["mean_breakdown"]["shipping"] == 34
    assert summary["by_entrant"][1]["wins"] == 0.5 and summary["by_entrant"][2]["wins"] == 0
    assert [row["wins"] for row in summary["by_seat"]] == [0.5, 1.5, 0]
    assert summary["by_seat"][0]["win_rate_by_bot"] == {"random:2": 0.5, "random": 0.0}
    assert summary["end_triggers"] == {"colonists": 2, "city": 0, "vp": 0}
    assert summary["mean_rounds"] == 14 and summary["mean_winner_score"] == 35
    assert summary["failures"] == [
        {"index": 2, "seats": ["random", "random", "random:2"], "seat": 2, "bot": "random:2",
         "problem": "boom"}
    ]
    assert summary["partial_blocks"] == 1  # block 0 lost its third rotation
    timing = summary["timing"]["by_bot"]["random:2"]
    assert timing["decisions"] == 20 and timing["mean_seconds_per_decision"] == pytest.approx(0.75 / 20)
    table = format_table(summary)
    assert "failed games: 1" in table and "game 2: seat 2 (random:2): boom" in table
    assert "by entrant" in table  # 'random' fills two seats, so entrants get their own rows
    assert "not perfectly balanced" in table


def test_a_game_everyone_lost_hands_out_no_win() -> None:
    plan = make_plan("vanuatu", 3, ["random:2", "random", "random"], seed=0, games=2)
    lost = _game(0, ["random:2", "random", "random"], [0, 1, 2], [0, 0, 0], ranks=[1, 1, 1])
    lost["nobody_wins"] = True
    won = _game(1, ["random", "random:2", "random"], [2, 0, 1], [10, 40, 20], ranks=[3, 1, 2])
    summary = summarize(plan, [lost, won])
    assert summary["games"] == 2
    assert summary["by_bot"]["random:2"]["wins"] == 1 and summary["by_bot"]["random"]["wins"] == 0
    assert [row["wins"] for row in summary["by_seat"]] == [0, 1, 0]
