"""The ladder's server settings: a points table by player count and place, and the season length."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from rankedtools import rows
from servertools import Running, bot, create, get, wait_for

from isla.cli import main
from isla.ratings import Seasons
from isla.server import ServerConfig
from isla.server.ladder_settings import parse_points


def test_a_points_row_replaces_the_default_for_its_player_count_only() -> None:
    settings = ServerConfig(points_table=parse_points(["2=7,1"]), season_days=30).ratings()
    assert settings.points == {2: (7, 1)}
    assert settings.seasons == Seasons(days=30)
    assert ServerConfig().ratings().points is None and ServerConfig().ratings().seasons.endless


def test_a_points_file_holds_one_row_a_line_with_comments(tmp_path: Path) -> None:
    table = tmp_path / "points.txt"
    table.write_text("# the club's table\n3=5,2\n\n4=10,6,3,1  # four players\n", encoding="utf-8")
    assert parse_points([f"@{table}"]) == ((3, (5, 2)), (4, (10, 6, 3, 1)))


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--points", "4:10,6"], "PLAYERS=P1,P2"),
        (["--points", "2=1,2"], "a worse place cannot earn more"),
        (["--points", "2=3,2,1"], "3 places' points for 2 players"),
        (["--points", "3=-1"], "cannot be negative"),
        (["--points", "3=4", "--points", "3=5"], "names 3 players twice"),
        (["--points", "@/nonexistent/points.txt"], "cannot read the points table"),
        (["--season-days", "-5"], "--season-days"),
        (["--season-days", "weekly"], "must be a whole number"),
    ],
)
@pytest.mark.parametrize("command", [["serve"], ["ratings", "rebuild"]])
def test_bad_ladder_settings_are_one_line_at_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str], args: list[str], needle: str
) -> None:
    assert main([*command, "--data-dir", str(tmp_path), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("isla: ") and needle in err, err


def test_a_server_with_its_own_points_table_awards_those_points(
    config: ServerConfig, servers: Callable[..., Running]
) -> None:
    url = config.database_url
    assert url is not None
    server = servers(config, points_table=((2, (7, 1)),), season_days=7)
    with server.client() as client:
        table_id = create(client, [bot("random"), bot("rush")], ranked=True)["table"]["id"]
        wait_for("the ranked bot game to finish", lambda: get(client, table_id)["status"] == "finished")
    earned = rows(url, "SELECT h.points, h.season, s.place, s.won FROM rating_history h JOIN seat_results s "
                  "ON s.table_id = h.table_id AND s.player = h.player WHERE h.table_id = :t", t=table_id)
    assert len(earned) == 2
    for points, _season, place, won in earned:  # a winner earns its place's points; 2nd did not win
        assert points == ((7, 1)[place - 1] if won else 0)
    assert any(won for *_, won in earned)
    assert {season for _, season, *_ in earned} == {Seasons(days=7).season_of(datetime.now(UTC))}
