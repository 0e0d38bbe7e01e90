"""Lagoon installed as a package would be: found through its entry point in the group "isla.games",
with no registration call at all, by a fresh `isla` process (its command line lists and plays it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _installed(tmp_path: Path, entry_points: str) -> dict[str, str]:
    """An environment in which a distribution with these entry points is installed (and Lagoon's
    package importable, as pip would make it)."""
    info = tmp_path / "lagoon-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lagoon\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[isla.games]\n{entry_points}\n")
    paths = [str(tmp_path), str(HERE), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def _isla(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    program = "import sys; from isla.cli import main; sys.exit(main(sys.argv[1:]))"
    command = [sys.executable, "-c", program, *argv]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_an_installed_game_is_found_through_its_entry_point(tmp_path: Path) -> None:
    env = _installed(tmp_path, "lagoon = lagoon.game:GAME")
    shown = _isla(env, "--help")
    assert shown.returncode == 0 and "Games: puertorico, vanuatu, lagoon." in shown.stdout
    simulated = _isla(env, "sim", "lagoon", "--players", "2", "--games", "5", "--seed", "1")
    assert simulated.returncode == 0, simulated.stderr
    assert simulated.stdout.startswith("lagoon: 5 random games, 2 players, seed 1")


def test_an_installed_game_that_takes_a_taken_name_is_one_clear_error(tmp_path: Path) -> None:
    env = _installed(tmp_path, "puertorico = lagoon.game:GAME")
    refused = _isla(env, "sim", "vanuatu", "--games", "1")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        "isla: two games are named 'puertorico': isla.games.puertorico.game:GAME and lagoon.game:GAME "
        "(entry point group 'isla.games'); uninstall one of them"
    ]
