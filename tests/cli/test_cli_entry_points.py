"""The entry points really work as processes: `isla`, `python -m isla` and `python -m isla.cli`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import isla

SCRIPT = Path(sys.executable).parent / "isla"


def _run(argv: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("prefix", [[sys.executable, "-m", "isla"], [sys.executable, "-m", "isla.cli"]])
def test_module_entry_points(prefix: list[str]) -> None:
    done = _run([*prefix, "--version"])
    assert done.returncode == 0
    assert done.stdout.strip() == f"isla {isla.__version__}"
    new = _run([*prefix, "rules", "new", "puertorico", "--players", "3", "--seed", "8"])
    assert new.returncode == 0, new.stderr
    applied = _run([*prefix, "rules", "apply", "-", "role:mayor"], stdin=new.stdout)
    assert applied.returncode == 0, applied.stderr
    assert json.loads(applied.stdout)["roles"]["mayor"]["taken_by"] == 0


@pytest.mark.skipif(not SCRIPT.exists(), reason="the console script is not installed next to python")
def test_console_script_help_and_a_clean_failure() -> None:
    done = _run([str(SCRIPT), "--help"])
    assert done.returncode == 0
    assert "rules" in done.stdout and "sim" in done.stdout and "play" in done.stdout
    bad = _run([str(SCRIPT), "rules", "legal", "-"], stdin="{broken")
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("isla: malformed JSON")


def test_play_as_a_process_with_stdin_closed() -> None:
    done = _run([sys.executable, "-m", "isla", "play", "puertorico", "--seed", "3"], stdin="")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr
    assert "You left the game" in done.stdout


def test_every_command_has_help() -> None:
    for argv in (["rules", "--help"], ["rules", "new", "--help"], ["rules", "legal", "--help"],
                 ["rules", "apply", "--help"], ["rules", "show", "--help"], ["rules", "result", "--help"],
                 ["rules", "replay", "--help"], ["sim", "--help"], ["play", "--help"]):
        done = _run([sys.executable, "-m", "isla", *argv])
        assert done.returncode == 0, argv
        assert done.stdout.startswith("usage: isla"), argv
