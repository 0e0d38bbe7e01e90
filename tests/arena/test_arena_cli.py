"""`isla tournament` and `isla tournament merge` on the command line: the happy path and bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from isla.cli import main

BASE = ["tournament", "puertorico", "--bots", "random,random,random", "--seed", "1", "--jobs", "1"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _one_line_error(result: tuple[int, str, str], *needles: str) -> None:
    status, out, err = result
    assert status == 2, result
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("isla: "), err
    for needle in needles:
        assert needle in lines[0], (needle, err)


def _deterministic(summary: dict) -> dict:
    return {key: value for key, value in summary.items() if key != "timing"}


def test_a_tournament_prints_the_table_and_writes_json_records_and_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, records, result = tmp_path / "run", tmp_path / "records", tmp_path / "r.json"
    status, stdout, stderr = _run(
        capsys, *BASE, "--games", "4", "--out", str(out), "--records", str(records), "--json", str(result)
    )
    assert status == 0, stderr
    assert "4 games rounded up to 6" in stderr  # whole blocks of 3 rotations
    assert stdout.startswith("puertorico: 6 games, 3 players, seed 1, bots random,random,random\n")
    for needle in ("95% interval", "ship VP", "by entrant", "by seat", "mean rounds", "end triggers",
                   "decisions/s", "failed games: 0", "this run: played 6 games"):
        assert needle in stdout, needle
    data = json.loads(result.read_text())
    assert data["plan"]["games"] == 6 and data["plan"]["bots"] == ["random"] * 3
    assert [g["index"] for g in data["games"]] == list(range(6))
    assert "actions" not in data["games"][0]  # actions live in the records
    assert data["summary"]["games"] == 6
    assert data["summary"]["by_bot"]["random"]["seat_games"] == 18
    assert len(list(records.glob("game-*.json"))) == 6
    assert (out / "run.json").exists() and len((out / "games.jsonl").read_text().splitlines()) == 6

    # A record replays with `isla rules replay` to the game's final scores.
    status, stdout, stderr = _run(capsys, "rules", "replay", str(records / "game-000002.json"))
    assert status == 0, stderr
    final_state = tmp_path / "final.json"
    final_state.write_text(stdout)
    status, stdout, stderr = _run(capsys, "rules", "result", str(final_state))
    assert status == 0, stderr
    replayed = json.loads(stdout)
    assert replayed["over"] is True
    assert replayed["scores"] == data["games"][2]["scores"]
    assert replayed["ranks"] == data["games"][2]["ranks"]

    # The same command again finds every game done, and prints the same results.
    again = tmp_path / "again.json"
    status, stdout, stderr = _run(capsys, *BASE, "--games", "4", "--out", str(out), "--json", str(again))
    assert status == 0
    assert "6 of 6 games were already in" in stderr
    assert "this run: played 0 games" in stdout
    assert _deterministic(json.loads(again.read_text())["summary"]) == _deterministic(data["summary"])

    # Merge of that run gives the same summary.
    merged = tmp_path / "merged.json"
    status, stdout, stderr = _run(capsys, "tournament", "merge", str(out), "--json", str(merged))
    assert status == 0, stderr
    assert stdout.startswith("puertorico: 6 games")
    assert _deterministic(json.loads(merged.read_text())["summary"]) == _deterministic(data["summary"])


def test_quiet_prints_nothing_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    status, stdout, stderr = _run(capsys, *BASE, "--games", "4", "--quiet")
    assert status == 0 and stderr == ""
    assert "puertorico: 6 games" in stdout


def test_merge_combines_runs_of_split_ranges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole, part_a, part_b = tmp_path / "whole.json", tmp_path / "a", tmp_path / "b"
    assert _run(capsys, *BASE, "--games", "6", "--quiet", "--json", str(whole))[0] == 0
    assert _run(capsys, *BASE, "--games", "3", "--quiet", "--out", str(part_a))[0] == 0
    assert _run(capsys, *BASE, "--games", "3", "--first", "3", "--quiet", "--out", str(part_b))[0] == 0
    merged, records = tmp_path / "merged.json", tmp_path / "records"
    status, _, stderr = _run(
        capsys, "tournament", "merge", str(part_a), str(part_b),
        "--json", str(merged), "--records", str(records),
    )
    assert status == 0, stderr
    assert _deterministic(json.loads(merged.read_text())["summary"]) == _deterministic(
        json.loads(whole.read_text())["summary"]
    )
    assert len(list(records.glob("game-*.json"))) == 6


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["tournament", "puertorico", "--bots", "random,nobody"], ["unknown bot 'nobody'"]),
        (["tournament", "puertorico", "--players", "4", "--bots", "random,random"], ["need 4 bots"]),
        (["tournament", "chess", "--bots", "random,random"], ["unknown game 'chess'"]),
        (["tournament", "puertorico", "--bots", "random,random", "--option", "colour=1"], ["unknown option"]),
        (["tournament", "puertorico", "--bots", "random,random", "--option", "balanced"], ["key=value"]),
        (["tournament", "puertorico", "--bots", "random,random", "--players", "6"], ["players"]),
        (["tournament", "puertorico"], ["--bots is required"]),
        (["tournament", "puertorico", "--bots", "random,random", "--games", "0"], ["--games", "at least 1"]),
        (["tournament", "puertorico", "--bots", "random,random", "--first", "3"], ["multiple of the player"]),
        (["tournament", "puertorico", "--bots", "random,random", "--backend", "spark"], ["--backend"]),
        (["tournament", "puertorico", "--bots", "random,random", "--address", "x:1"], ["--address is for"]),
        (["tournament", "puertorico", "somewhere", "--bots", "random,random"], ["unexpected argument"]),
        (["tournament", "merge"], ["at least one run directory"]),
        (["tournament", "merge", "d", "--bots", "random,random"], ["takes only run directories", "--bots"]),
        (["tournament", "merge", "no-such-dir"], ["not a tournament run directory"]),
    ],
)
def test_bad_input_fails_with_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needles: list[str]
) -> None:
    _one_line_error(_run(capsys, *argv, "--quiet"), *needles)


def test_unwritable_directories_and_mismatched_runs_fail_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    _one_line_error(_run(capsys, *BASE, "--quiet", "--out", str(blocker / "run")), "cannot write the run")
    _one_line_error(_run(capsys, *BASE, "--quiet", "--records", str(blocker / "r")), "cannot write the rec")
    _one_line_error(_run(capsys, *BASE, "--quiet", "--json", str(blocker / "r.json")), "cannot write --json")
    _one_line_error(_run(capsys, *BASE, "--quiet", "--json", str(tmp_path)), "cannot write --json")
    run = tmp_path / "run"
    assert _run(capsys, *BASE, "--games", "3", "--quiet", "--out", str(run))[0] == 0
    _one_line_error(
        _run(capsys, *BASE[:-4], "--seed", "2", "--jobs", "1", "--games", "3", "--quiet", "--out", str(run)),
        "holds a different tournament", "seed 1 there, 2 now",
    )


def test_the_ray_backend_without_ray_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail as if not installed
    _one_line_error(
        _run(capsys, *BASE, "--games", "3", "--quiet", "--backend", "ray"), "pip install 'isla[ray]'"
    )
