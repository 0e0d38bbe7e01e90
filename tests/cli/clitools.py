"""Helpers for the CLI tests: run `isla` in-process and check the shape of its failures.

Kept in a uniquely named module (not a conftest) so it cannot clash with other test folders'
helpers; pytest puts this folder on sys.path, so tests import it as `clitools`.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import isla
from isla.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    """Call `main(argv)` and return (status, stdout, stderr); `stdin` needs `monkeypatch`."""
    capsys.readouterr()  # drop anything printed before
    if stdin is not None:
        assert monkeypatch is not None, "pass monkeypatch to feed stdin"
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, out: str, err: str, *needles: str) -> None:
    """A bad-input failure: status 2, nothing on stdout, one 'isla: ' line naming the problem."""
    assert status == 2, (status, out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("isla: "), err
    for needle in needles:
        assert needle in lines[0], (needle, err)


def write_json(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def random_actions(players: int, seed: int, count: int | None, rng_seed: int) -> tuple[isla.State, list[str]]:
    """Play `count` random legal actions (None: to the end) from new_state(players, seed)."""
    state = isla.game("puertorico").new_state(players, seed)
    rng = random.Random(rng_seed)
    texts: list[str] = []
    while state.to_move is not None and (count is None or len(texts) < count):
        texts.append(state.apply(rng.choice(state.legal_actions())).text)
    return state, texts
