"""`isla ratings import-arena DIR`: an arena run's finished games rate its bots, once, and a rebuild
gives the same numbers as the import (they go through the same step as a ranked table's end)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rankedtools import execute, rows
from servertools import Running, bot, create, get, wait_for
from test_ratings_rebuild import projection

from isla.arena.plan import Plan, plan_from_json
from isla.cli import main
from isla.server import ServerConfig
from isla.server.arena_import import run_id


def arena_run(out: Path, *bots: str, games: int = 6, first: int = 0) -> Path:
    args = ["tournament", "puertorico", "--bots", ",".join(bots), "--games", str(games), "--seed", "5",
            "--out", str(out), "--quiet", "--jobs", "1"]
    if first:
        args += ["--first", str(first)]
    assert main(args) == 0
    return out


def plan_of(run: Path) -> Plan:
    return plan_from_json(json.loads((run / "run.json").read_text(encoding="utf-8")), "run.json")


def test_importing_an_arena_run_rates_its_bots_once_and_rebuilds_the_same(
    config: ServerConfig, servers: Callable[..., Running], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = config.database_url
    assert url is not None
    # A rated game at a ranked table first, so imported and table games share the ratings.
    server = servers(config)
    with server.client() as client:
        table_id = create(client, [bot("random"), bot("heuristic")], ranked=True)["table"]["id"]
        wait_for("the ranked table to finish", lambda: get(client, table_id)["status"] == "finished")
        run = arena_run(tmp_path / "run", "random", "rush", "rush")  # rush twice: one bot, two seats
        capsys.readouterr()
        assert main(["ratings", "import-arena", str(run), "--database-url", url]) == 0
        key = run_id(plan_of(run))
        assert capsys.readouterr().out == f"arena run {key}: rated 6 new games, 0 imported before\n"
        listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert listed == [table_id]  # imported games are rated, not listed as tables
        assert client.get(f"/api/tables/arena-{key}-0").status_code == 404  # nor played or shown
    engine = plan_of(run).engine_version
    ratings = {row[0]: row[1] for row in rows(url, "SELECT player, games FROM ratings")}
    assert ratings[f"bot:random:0@{engine}"] == 7 and ratings[f"bot:rush:0@{engine}"] == 6
    assert len(rows(url, "SELECT table_id FROM rated_games")) == 7
    imported = rows(url, "SELECT table_id FROM rated_games WHERE table_id LIKE 'arena-%' ORDER BY number")
    assert sorted(t for (t,) in imported) == sorted(f"arena-{key}-{i}" for i in range(6))
    stored = projection(url)

    # Twice: nothing changes; the rebuild replays table and imported games alike.
    assert main(["ratings", "import-arena", str(run), "--database-url", url]) == 0
    assert capsys.readouterr().out == f"arena run {key}: rated 0 new games, 6 imported before\n"
    assert projection(url) == stored
    execute(url, "UPDATE ratings SET rating = 0, games = 0, wins = 0", "DELETE FROM ladder_points")
    assert main(["ratings", "rebuild", "--database-url", url]) == 0
    assert projection(url) == stored

    # The second part of the same tournament (split with --first) shares the run id: only its new games.
    more = arena_run(tmp_path / "part2", "random", "rush", "rush", games=3, first=6)
    capsys.readouterr()
    assert main(["ratings", "import-arena", str(more), "--database-url", url]) == 0
    assert capsys.readouterr().out == f"arena run {key}: rated 3 new games, 0 imported before\n"


@pytest.mark.parametrize("what", ["missing", "file", "empty dir", "bad run.json"])
def test_a_directory_that_is_not_an_arena_run_is_one_line(
    what: str, database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "run"
    if what == "file":
        target.write_text("hello", encoding="utf-8")
    elif what == "empty dir":
        target.mkdir()
    elif what == "bad run.json":
        target.mkdir()
        (target / "run.json").write_text("{not json", encoding="utf-8")
    assert main(["ratings", "import-arena", str(target), "--database-url", database_url]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("isla: ") and len(err.splitlines()) == 1, err
    assert "run" in err
