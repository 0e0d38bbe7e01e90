"""`isla rules check` and `isla rules perft` on the command line: bad input is status 2, one line,
no traceback (the checks themselves: tests/core/test_rules_check.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import assert_one_line_error, run, write_json

import isla


def test_an_unknown_game_is_named_with_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rules", "check", "chess")
    assert_one_line_error(status, out, err, "unknown game 'chess'", "puertorico")


def test_a_player_count_the_game_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rules", "check", "puertorico", "--players", "6")
    assert_one_line_error(status, out, err, "2 to 5 players, not 6")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--fast"], "unrecognized arguments: --fast"),
        (["--players", "three"], "invalid int value"),
        ([], "the following arguments are required: game"),
    ],
)
def test_bad_flags(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    game = [] if not argv else ["vanuatu"]
    status, out, err = run(capsys, "rules", "check", *game, *argv)
    assert_one_line_error(status, out, err, needle)


def test_perft_needs_a_depth(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_json(tmp_path / "s.json", isla.game("vanuatu").new_state(3, 1).to_json())
    status, out, err = run(capsys, "rules", "perft", path)
    assert_one_line_error(status, out, err, "--depth")
    status, out, err = run(capsys, "rules", "perft", path, "--depth", "-1")
    assert_one_line_error(status, out, err, "must be at least 0, not -1")


def test_perft_counts_and_divides_a_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A new 3-player Vanuatu game opens with the characters: 11, then 10, then 9 to pick from.
    path = write_json(tmp_path / "s.json", isla.game("vanuatu").new_state(3, 1).to_json())
    status, out, _ = run(capsys, "rules", "perft", path, "--depth", "3")
    assert (status, out) == (0, "990\n")
    status, out, _ = run(capsys, "rules", "perft", path, "--depth", "2", "--divide")
    lines = out.splitlines()
    assert status == 0
    assert len(lines) == 12 and all(line.endswith(" 10") for line in lines[:11])
    assert lines[0].startswith("char:") and lines[-1] == "total 110"
