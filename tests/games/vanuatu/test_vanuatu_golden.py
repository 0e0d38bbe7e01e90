"""The committed golden playthroughs (golden/) still match what the engine does.

Each file is one seeded random game written by vgolden.py. A difference means the engine's
behaviour changed: if intended, regenerate (`python tests/games/vanuatu/vgolden.py`) and review the
diff; if not, it is a regression. Checked by hand when first written: setup (efate's cubes, boats on
start-boats, 3 vatus), the 2 + 2 + 1 planning order, fish values and the fish price falling after
sales and reset each round, rest bonuses at the round's end.
"""

from __future__ import annotations

import difflib

import pytest
from vgolden import CASES, GOLDEN_DIR, Case, render

REGENERATE = "python tests/games/vanuatu/vgolden.py"


@pytest.mark.parametrize("case", CASES, ids=[c.filename for c in CASES])
def test_golden_playthrough_is_unchanged(case: Case) -> None:
    path = GOLDEN_DIR / case.filename
    assert path.exists(), f"{path} is missing; run `{REGENERATE}`"
    expected = path.read_text(encoding="utf-8")
    actual = render(case)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "committed", "engine now",
                                    n=2, lineterm="")
        shown = "\n".join(list(diff)[:40])
        pytest.fail(f"{path.name} differs from the engine's playthrough; if intended, run `{REGENERATE}` "
                    f"and review the diff.\n{shown}")


def test_every_golden_file_belongs_to_a_case() -> None:
    assert {p.name for p in GOLDEN_DIR.glob("*.txt")} == {c.filename for c in CASES}
