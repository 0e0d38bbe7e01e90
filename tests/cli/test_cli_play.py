"""`isla play`: scripted games against random bots, help, bad answers, quitting and end of input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import run

import isla


def _score_rows(out: str) -> dict[int, list[str]]:
    """The final score table as {seat: [rank, breakdown values...]} (parsed from the printed text)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Final scores"))
    header = lines[start + 1].split()
    assert header[:2] == ["rank", "seat"]
    rows: dict[int, list[str]] = {}
    for line in lines[start + 2:]:
        tokens = [t for t in line.split() if t != "(you)"]
        if len(tokens) != len(header) + 1 or tokens[1] != "seat":
            break
        rows[int(tokens[2])] = [tokens[0], *tokens[3:]]
    return rows


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (4, 2)])
def test_always_answering_1_finishes_the_game_with_a_score_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    players: int, seat: int,
) -> None:
    record_path = tmp_path / "game.json"
    status, out, err = run(
        capsys, "play", "puertorico", "--bots", "random", "--players", str(players), "--seat", str(seat),
        "--seed", "5",
        "--record", str(record_path), stdin="1\n" * 3000, monkeypatch=monkeypatch,
    )
    assert status == 0, err
    assert err == ""
    assert "Final scores" in out
    assert f"You are seat {seat}" in out
    # The saved record replays to a finished game whose result is the printed table.
    record = isla.Record.from_json(json.loads(record_path.read_text()))
    final = isla.replay(record)
    assert final.is_over
    result = final.result()
    rows = _score_rows(out)
    assert sorted(rows) == list(range(players))
    for s in range(players):
        assert rows[s] == [str(result.ranks[s]), *(str(v) for v in result.breakdown[s].values())]
    # Answering 1 means the human always took the first legal action: check it on the replay.
    state = isla.game("puertorico").new_state(players, 5)
    for text in record.actions:
        if state.to_move == seat:
            assert text == state.legal_actions()[0].text
        state.apply(text)
    # Bot moves are announced as they happen.
    others = [s for s in range(players) if s != seat]
    assert all(f"seat {s} chose role:" in out for s in others)
    assert f"you (seat {seat}) chose " in out


def test_the_same_seed_plays_the_same_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ("play", "puertorico", "--bots", "random", "--players", "3", "--seed", "12")
    first = run(capsys, *argv, stdin="1\n" * 3000, monkeypatch=monkeypatch)
    second = run(capsys, *argv, stdin="1\n" * 3000, monkeypatch=monkeypatch)
    assert first[0] == 0
    assert first == second


def test_end_of_input_at_the_first_prompt_ends_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record_path = tmp_path / "left.json"
    status, out, err = run(capsys, "play", "puertorico", "--bots", "random", "--seed", "1",
                           "--record", str(record_path),
                           stdin="", monkeypatch=monkeypatch)
    assert status == 0
    assert "Traceback" not in err
    assert "end of input" in out
    assert "You left the game after 0 actions" in out
    assert "Final scores" not in out
    assert json.loads(record_path.read_text())["actions"] == []


def test_end_of_input_in_the_middle_of_a_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, "play", "puertorico", "--bots", "random", "--players", "2", "--seed", "4",
                           stdin="1\n1\n1\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "Traceback" not in err
    assert "end of input" in out
    assert "You left the game after" in out


def test_quit_leaves_the_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run(capsys, "play", "puertorico", "--bots", "random", "--seed", "1", stdin="quit\n1\n",
                         monkeypatch=monkeypatch)
    assert status == 0
    assert "You left the game after 0 actions (seed 1)" in out
    assert "you (seat 0) chose" not in out


def test_help_numbers_notation_and_bad_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 4 players, seat 0 is the first governor and picks first: the seven roles are offered.
    answers = ["?", "99", "role:nonsense", "board", "role:prospector", "quit"]
    status, out, _ = run(capsys, "play", "puertorico", "--bots", "random", "--players", "4", "--seed", "2",
                         stdin="\n".join(answers) + "\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "How to answer" in out
    assert "takes the prospector role" in out  # the help explains each legal action in words
    assert "There is no action 99" in out
    assert "Not possible: illegal action 'role:nonsense'" in out
    assert "you (seat 0) chose role:prospector" in out
    # "board" draws the board again: the first board plus the redraw before the prospector pick.
    assert out.count("Legal actions for seat 0") >= 2


def test_several_actions_on_one_line_are_applied_all_or_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seat 0 of a 3-player game is the first governor. A line whose second action is illegal is
    # refused as a whole; then a legal pair (settler, then a face-up plantation) is applied.
    state = isla.game("puertorico").new_state(3, 6)
    state.apply("role:settler")
    plantation = next(a.text for a in state.legal_actions() if a.text.startswith("settle:"))
    answers = ["role:settler build:wharf", f"role:settler {plantation}", "quit"]
    status, out, _ = run(capsys, "play", "puertorico", "--bots", "random", "--players", "3", "--seed", "6",
                         stdin="\n".join(answers) + "\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "Not possible: action 2 of 2" in out
    assert "you (seat 0) chose role:settler" in out
    assert f"you (seat 0) chose {plantation}" in out


def test_the_terminal_game_tells_its_log_in_the_players_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`isla play --lang de` tells the log in German; without --lang, LANG chooses (de_DE.UTF-8 too)."""
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    status, dutch, err = run(capsys, "play", "vanuatu", "--bots", "random", "--players", "2", "--seed", "3",
                             stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0, err
    status, german, err = run(capsys, "play", "vanuatu", "--bots", "random", "--players", "2", "--seed", "3",
                              "--lang", "de", stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0, err
    monkeypatch.setenv("LANG", "C.UTF-8")
    status, english, err = run(capsys, "play", "vanuatu", "--bots", "random", "--players", "2", "--seed", "3",
                               stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0, err
    assert " plans " in english and " plant " not in english
    assert " plant " in german and "Runde 2 beginnt" in german
    assert "Ronde 2 begint" in dutch
