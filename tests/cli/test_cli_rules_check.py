"""`isla rules check` refuses bad input like every other command: status 2, one line, no traceback."""

from __future__ import annotations

import pytest
from clitools import assert_one_line_error, run


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
