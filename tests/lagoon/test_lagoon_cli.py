"""Lagoon on the command line: its opening state, its text board as a seat sees it, and `isla play`."""

from __future__ import annotations

import io
import json

import pytest

from isla.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_the_text_board_shows_a_seat_its_own_current_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, opening = _run(capsys, "rules", "new", "lagoon", "--players", "3", "--seed", "2")
    assert status == 0
    cards = json.loads(opening)["cards"]
    monkeypatch.setattr("sys.stdin", io.StringIO(opening))
    status, board = _run(capsys, "rules", "show", "-", "--seat", "1")
    assert status == 0
    assert "Lagoon (as seen by seat 1)" in board and "Seat 0 to move, round 1." in board
    assert f"seat 1  C............|  current: {cards[1]}" in board
    assert "seat 0  C............|  current: ?" in board


def test_a_person_plays_lagoon_in_the_terminal_against_the_levels(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("?\n" + "sail\n" * 20))
    status, out = _run(capsys, "play", "lagoon", "--players", "3", "--seed", "4", "--bots", "hard:20,easy")
    assert status == 0
    assert "sail                         sails 1-3 ahead" in out  # the help, in Lagoon's own words
    assert "=== round 2 ===" in out
    assert "The race is over." in out
