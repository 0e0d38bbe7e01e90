"""A Lagoon tournament on the command line, in worker processes that learn Lagoon from the registry
of the process that started them; its table shows what Lagoon declares for statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from isla.cli import main


def test_a_tournament_of_lagoon_bots_runs_in_worker_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = tmp_path / "r.json"
    argv = ["tournament", "lagoon", "--bots", "hard:30,medium:30,easy", "--games", "6", "--seed", "1",
            "--jobs", "2", "--json", str(result), "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("lagoon: 6 games, 3 players, seed 1, bots hard:30,medium:30,easy\n")
    data = json.loads(result.read_text())
    assert [g["failure"] for g in data["games"]] == [None] * 6
    summary = data["summary"]
    # Both declared end triggers are counted, even one that never fired; each game ended by one.
    assert set(summary["end_triggers"]) == {"reef", "tide"}
    assert sum(summary["end_triggers"].values()) == 6
    header = next(line for line in out.splitlines() if line.lstrip().startswith("bot "))
    assert "distance" in header and "reef" in header  # the declared score split
    ends = next(line for line in out.splitlines() if line.lstrip().startswith("end triggers"))
    for trigger, count in summary["end_triggers"].items():
        assert f"{trigger} {count} (" in ends, ends
