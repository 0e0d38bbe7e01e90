"""The golden playthroughs as game records, for the replay tests.

Each golden file (tests/golden/ for Puerto Rico, tests/games/vanuatu/golden/ for Vanuatu) is one
seeded game written out step by step: its header names the game, the players, the seed and the
resolved options; every step line ends with the action chosen; the last line is the final result.
Reading them back gives records of real, reviewed games with the result they must reproduce.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from isla.core import Record

TESTS = Path(__file__).resolve().parents[1]
FOLDERS = (TESTS / "golden", TESTS / "games" / "vanuatu" / "golden")
HEADER = re.compile(r"^# game (\S+) \(engine [^)]*\), (\d+) players, seed (\d+)$")
STEP = re.compile(r"^\d{3} s\d+ \| .* \| (\S+)$")


@dataclass(frozen=True)
class Golden:
    name: str
    record: Record
    result: dict[str, Any]


def read(path: Path) -> Golden:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = next(m for m in map(HEADER.match, lines) if m)
    options = json.loads(next(line for line in lines if line.startswith("# options "))[len("# options "):])
    actions = [m.group(1) for m in map(STEP.match, lines) if m]
    result = json.loads(lines[-1].removeprefix("result "))
    game, players, seed = header.group(1), int(header.group(2)), int(header.group(3))
    names = [f"Player {n + 1}" for n in range(players)]
    return Golden(path.stem, Record(game, players, seed, options, actions, names), result)


def goldens() -> list[Golden]:
    return [read(path) for folder in FOLDERS for path in sorted(folder.glob("*.txt"))]
