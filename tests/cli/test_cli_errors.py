"""Every bad-input path of the CLI: status 2, nothing on stdout, one "isla: " line naming the problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import assert_one_line_error, run, write_json

import isla


@pytest.fixture
def new_state_file(tmp_path: Path) -> str:
    return write_json(tmp_path / "state.json", isla.game("puertorico").new_state(4, 1).to_json())


def test_illegal_action_names_the_action_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], new_state_file: str
) -> None:
    before = Path(new_state_file).read_text()
    status, out, err = run(capsys, "rules", "apply", new_state_file, "build:wharf")
    assert_one_line_error(status, out, err, "build:wharf", "illegal")
    assert Path(new_state_file).read_text() == before


def test_apply_is_all_or_nothing_and_names_the_failing_action(
    capsys: pytest.CaptureFixture[str], new_state_file: str
) -> None:
    # The first action is legal, the second is not (a role already taken): nothing is printed.
    status, out, err = run(capsys, "rules", "apply", new_state_file, "role:prospector", "role:prospector")
    assert_one_line_error(status, out, err, "action 2 of 2", "role:prospector")


def test_notation_that_does_not_exist(capsys: pytest.CaptureFixture[str], new_state_file: str) -> None:
    status, out, err = run(capsys, "rules", "apply", new_state_file, "fly:moon")
    assert_one_line_error(status, out, err, "fly:moon")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{not json", "malformed JSON"),
        ('{"game": "puertorico",', "malformed JSON"),
        ("", "empty"),
        ("[1, 2]", "JSON object"),
        ('"a string"', "JSON object"),
    ],
)
def test_malformed_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    for command in ("legal", "show", "result"):
        status, out, err = run(capsys, "rules", command, str(path))
        assert_one_line_error(status, out, err, needle)


def test_malformed_json_on_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(capsys, "rules", "legal", "-", stdin="{\n  oops\n}", monkeypatch=monkeypatch)
    assert_one_line_error(status, out, err, "malformed JSON in stdin", "line 2")


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"players": 3}, "seats"),
        ({"players": 3, "seats": [{}, {}]}, "seats has 2 entries"),
        ({"seats": [{"doubloons": -1}, {}, {}]}, "seats[0].doubloons"),
        ({"seats": [{"doubloons": "many"}, {}, {}]}, "seats[0].doubloons"),
        ({"seats": [{"city": {"castle": 0}}, {}, {}]}, "castle"),
        ({"seats": [{}, {}, {}], "colour": "red"}, "colour"),
        ({"seats": [{}, {}, {}], "phase": {"name": "dancing"}}, "phase.name"),
        ({"seats": [{}, {}, {}], "schema": 99}, "schema"),
        ({"seats": [{}, {}, {}], "options": {"balanced": "yes"}}, "balanced"),
        ({"seats": [{}, {}, {}], "game": 7}, "game"),
    ],
)
def test_schema_invalid_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: dict, needle: str
) -> None:
    path = write_json(tmp_path / "bad.json", data)
    status, out, err = run(capsys, "rules", "show", path)
    assert_one_line_error(status, out, err, needle)


def test_unknown_game_in_a_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_json(tmp_path / "chess.json", {"game": "chess", "seats": []})
    status, out, err = run(capsys, "rules", "legal", path)
    assert_one_line_error(status, out, err, "unknown game 'chess'", "puertorico")


def test_unknown_game_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (("rules", "new", "chess"), ("sim", "chess", "--games", "1"), ("play", "chess")):
        status, out, err = run(capsys, *argv)
        assert_one_line_error(status, out, err, "unknown game 'chess'")


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--option", "colour=red"], ("unknown option 'colour'", "balanced")),
        (["--option", "balanced=maybe"], ("balanced", "true or false")),
        (["--option", "vp_supply=lots"], ("vp_supply", "whole number")),
        (["--option", "vp_supply=0"], ("vp_supply", "at least 1")),
        (["--option", "two_player_roles=chaos"], ("two_player_roles", "official")),
        (["--option", "two_player_roles=craftsman_angst"], ("two_player_roles", "2 players")),
        (["--option", "balanced"], ("key=value",)),
        (["--option", "balanced=true", "--option", "balanced=false"], ("twice",)),
        (["--players", "7"], ("2 to 5 players", "7")),
        (["--players", "1"], ("2 to 5 players",)),
    ],
)
def test_bad_option_or_player_count(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: tuple[str, ...]
) -> None:
    status, out, err = run(capsys, "rules", "new", "puertorico", *args)
    assert_one_line_error(status, out, err, *needles)
    status, out, err = run(capsys, "sim", "puertorico", "--games", "1", *args)
    assert_one_line_error(status, out, err, *needles)


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere.json")
    for argv in (("rules", "legal", missing), ("rules", "replay", missing)):
        status, out, err = run(capsys, *argv)
        assert_one_line_error(status, out, err, "cannot read", "nowhere.json")


def test_a_directory_is_not_a_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "rules", "legal", str(tmp_path))
    assert_one_line_error(status, out, err, "cannot read")


def test_binary_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    status, out, err = run(capsys, "rules", "legal", str(path))
    assert_one_line_error(status, out, err, "cannot read")


def test_show_for_a_seat_that_does_not_exist(capsys: pytest.CaptureFixture[str], new_state_file: str) -> None:
    status, out, err = run(capsys, "rules", "show", new_state_file, "--seat", "4")
    assert_one_line_error(status, out, err, "no seat 4", "0 to 3")


def test_replay_with_an_illegal_record_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"game": "puertorico", "players": 4, "seed": 1, "actions": ["role:builder", "role:builder"]}
    status, out, err = run(capsys, "rules", "replay", write_json(tmp_path / "r.json", record))
    assert_one_line_error(status, out, err, "record action 2")


@pytest.mark.parametrize(
    ("record", "needle"),
    [
        ({"game": "puertorico", "seed": 1, "actions": []}, "players"),
        ({"players": 4, "actions": "role:builder"}, "actions"),
        ({"players": 4, "turns": []}, "turns"),
        ({"players": 9}, "2 to 5 players"),
        ({"players": 4, "options": {"colour": "red"}}, "colour"),
        ({"game": "chess", "players": 2}, "unknown game"),
    ],
)
def test_invalid_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict, needle: str
) -> None:
    status, out, err = run(capsys, "rules", "replay", write_json(tmp_path / "r.json", record))
    assert_one_line_error(status, out, err, needle)


def test_replay_upto_past_the_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"game": "puertorico", "players": 3, "seed": 1, "actions": ["role:builder"]}
    path = write_json(tmp_path / "r.json", record)
    status, out, err = run(capsys, "rules", "replay", path, "--upto", "5")
    assert_one_line_error(status, out, err, "--upto 5", "only 1")
    status, out, err = run(capsys, "rules", "replay", path, "--upto", "-1")
    assert_one_line_error(status, out, err, "--upto")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ([], "required"),
        (["rules"], "required"),
        (["rules", "apply", "x.json"], "ACTION"),
        (["rules", "new", "puertorico", "--players", "four"], "four"),
        (["rules", "frobnicate"], "frobnicate"),
        (["sim", "puertorico", "--games", "0"], "at least 1"),
        (["play", "puertorico", "--bots", "genius"], "genius"),
        (["rules", "legal", "x.json", "--colour"], "--colour"),
    ],
)
def test_usage_errors_are_one_line_too(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert_one_line_error(status, out, err, needle)


def test_play_seat_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "puertorico", "--players", "3", "--seat", "3", "--seed", "1")
    assert_one_line_error(status, out, err, "no seat 3")


def test_errors_print_no_json_to_stdout_even_after_reading_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = json.dumps(isla.game("puertorico").new_state(3, 2).to_json())
    status, out, err = run(capsys, "rules", "apply", "-", "mayor:take", stdin=text, monkeypatch=monkeypatch)
    assert_one_line_error(status, out, err, "mayor:take")
