"""The committed golden playthroughs (tests/golden/) still match what the engine does.

Each file is one seeded random game, written by scripts/regenerate_golden.py. This test renders
every case again in memory and compares. A difference means the engine's behaviour changed: if
that is intended, regenerate the files and review their diff; if not, it is a regression.
Several steps of these files were checked by hand against rules/puerto-rico.md when they were
first written (setup, role order and doubloons on unchosen roles, builder costs, the mayor's
refill and the colonist end trigger, the hospice taking from the ship).
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "regenerate_golden.py"
REGENERATE = "python scripts/regenerate_golden.py"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("regenerate_golden", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


golden = _load_script()


@pytest.mark.parametrize("case", golden.CASES, ids=[c.filename for c in golden.CASES])
def test_golden_playthrough_is_unchanged(case: Any) -> None:
    path = golden.GOLDEN_DIR / case.filename
    assert path.exists(), f"{path} is missing; run `{REGENERATE}`"
    expected = path.read_text(encoding="utf-8")
    actual = golden.render(case)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), f"committed {path.name}", "engine now", n=2,
            lineterm="",
        )
        shown = "\n".join(list(diff)[:40])
        pytest.fail(
            f"{path.name} differs from the engine's playthrough. If the change is intended, run "
            f"`{REGENERATE}` and review the diff of tests/golden/; otherwise it is a regression.\n{shown}"
        )


def test_every_golden_file_belongs_to_a_case() -> None:
    names = {c.filename for c in golden.CASES}
    assert {p.name for p in golden.GOLDEN_DIR.glob("*.txt")} == names


def test_golden_files_are_small() -> None:
    assert sum(p.stat().st_size for p in golden.GOLDEN_DIR.glob("*.txt")) < 400_000


def test_a_golden_file_starts_from_the_setup_table_and_ends_with_a_result() -> None:
    # 4 players (§2.1): 3 doubloons each, 75 + 4 colonists, 100 VP, ships 5/6/7, 5 face-up tiles.
    text = (golden.GOLDEN_DIR / "puertorico-4p-seed9.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    start = next(line for line in lines if line.startswith("start "))
    assert "$ 3,3,3,3" in start and "col 75+4" in start and "vp-supply 100" in start
    assert "ships 5:- 6:- 7:-" in start
    assert lines[-1].startswith('result {"breakdown"') and '"over": true' in lines[-1]
