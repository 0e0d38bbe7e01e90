"""The Ray backend gives exactly the local results (a small local Ray cluster, started by the arena).

Ray is an optional extra (`pip install 'isla[ray]'`); the development extra installs it so CI runs
this test. Without Ray the test is skipped, and pytest's -ra summary says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from isla.arena import make_plan, outcome, run_tournament

pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'isla[ray]')")


def test_the_ray_backend_plays_the_same_games_as_the_local_one(tmp_path: Path) -> None:
    plan = make_plan("puertorico", 3, ["random", "random:2", "random"], seed=6, games=6)
    local = run_tournament(plan, jobs=1)
    # Start on the local backend, "interrupt" after two games, finish on Ray: one result.
    run_tournament(plan, out=tmp_path, limit=2)
    played: list[int] = []
    on_ray = run_tournament(
        plan, backend="ray", jobs=2, out=tmp_path, on_game=lambda g: played.append(g["index"])
    )
    assert sorted(played) == [2, 3, 4, 5]
    assert [outcome(g) for g in on_ray] == [outcome(g) for g in local]
