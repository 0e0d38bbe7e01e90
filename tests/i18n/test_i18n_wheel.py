"""The catalogs ship: the wheel `pip install isla` gets holds every .po file of the source tree, and
Isla installed from it (not this checkout) finds and reads them. Built without build isolation, from
the hatchling the dev extra installs, so the test needs no network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src"

PROBE = """
import isla, json
from isla.core.registry import game
from isla.i18n import GENERIC, game_domain, ngettext, translate
domains = [GENERIC, game_domain(game("puertorico")), game_domain(game("vanuatu"))]
print(json.dumps({
    "isla": isla.__file__,
    "languages": [list(d.languages()) for d in domains],
    "mayor": translate(domains[1], "de", "role.mayor"),
    "beef": translate(domains[2], "zh", "good.beef"),
    "players": ngettext(GENERIC, "pt", "{n} player", "{n} players", 3),
}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
         str(ROOT)],
        capture_output=True, text=True, timeout=240, check=False)
    assert built.returncode == 0, built.stderr
    (found,) = out.glob("isla-*.whl")
    return found


def test_the_wheel_holds_every_catalog(wheel: Path) -> None:
    shipped = set(zipfile.ZipFile(wheel).namelist())
    catalogs = {p.relative_to(SOURCE).as_posix() for p in SOURCE.rglob("*.po*")}
    assert len(catalogs) >= 15  # the generic template, 4 generic, 2 games x 5 languages
    assert sorted(catalogs - shipped) == []
    assert not any(name.endswith(".mo") for name in shipped)  # read from .po, never compiled


def test_the_wheel_holds_every_rules_summary(wheel: Path) -> None:
    shipped = set(zipfile.ZipFile(wheel).namelist())
    summaries = {p.relative_to(SOURCE).as_posix() for p in SOURCE.glob("isla/games/*/rules/*.md")}
    assert len(summaries) >= 10  # 2 games x 5 languages
    assert sorted(summaries - shipped) == []


def test_isla_installed_from_the_wheel_reads_its_catalogs(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True, text=True, timeout=240, check=False)
    assert installed.returncode == 0, installed.stderr
    env = {**os.environ, "PYTHONPATH": str(target)}
    probe = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=tmp_path, capture_output=True,
                           text=True, timeout=120, check=False)
    assert probe.returncode == 0, probe.stderr
    found = json.loads(probe.stdout)
    assert Path(found["isla"]).is_relative_to(target)  # the installed copy, not this checkout
    assert found["languages"] == [["de", "nl", "pt", "zh"], ["de", "en", "nl", "pt", "zh"],
                                  ["de", "en", "nl", "pt", "zh"]]
    assert (found["mayor"], found["beef"], found["players"]) == ("Bürgermeister", "牛肉", "3 jogadores")
