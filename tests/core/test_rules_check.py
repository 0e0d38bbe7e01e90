"""`isla rules check GAME`: every registered game passes it, and a broken game fails it by name.

The test over the registry is the one that covers a new game: registering it is enough, no new
test is needed. The broken games are the conformance toy with one defect each, registered for the
test under a name of their own.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_conformance_suite import Pebbles

from isla.cli import main
from isla.core import game_names, registry
from isla.core.conformance_plan import sample_setups, thorough_setups


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["rules", "check", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def register(monkeypatch: pytest.MonkeyPatch) -> Callable[[Pebbles], None]:
    """Make a toy game known by name for one test (and forget it after).

    Not through a public registration: a broken toy is exactly what registration may refuse, and
    `isla rules check` must judge a game however it was found. Only the loaded-games cache is set,
    so the toy is found by name but not listed among the registered games.
    """

    def put(game: Pebbles) -> None:
        monkeypatch.setitem(registry._loaded, game.name, game)

    return put


def test_every_registered_game_passes_the_default_check(capsys: pytest.CaptureFixture[str]) -> None:
    # The names are read when the test runs, not when it is collected, so a game a test folder
    # registers in its conftest (every conftest is imported before the first test runs) is checked
    # too, with no test of its own.
    failed = {}
    for name in game_names():
        status, out, err = _run(capsys, name)
        setups = sample_setups(registry.game(name))
        lines = out.splitlines()
        expected = [f"{name}: {setup.describe()}: ok" for setup in setups]
        summary = f"{name}: every check holds on the sample: {len(setups)} setups"
        held = status == 0 and not err and lines[: len(setups)] == expected
        if not (held and len(lines) > len(setups) and lines[len(setups)].startswith(summary)):
            failed[name] = out + err
    assert game_names() and not failed, failed


def test_a_game_with_a_leaking_view_fails_naming_the_check_and_the_game(
    capsys: pytest.CaptureFixture[str], register: Callable[[Pebbles], None]
) -> None:
    register(Pebbles("view-leaks-deck"))
    status, out, err = _run(capsys, "pebbles")
    assert status == 1, out + err
    assert err == ""
    assert "pebbles: 2 players, default options, seeds 1 2: FAILED" in out
    assert "pebbles breaks the check 'hidden-view'" in out
    assert "what went wrong: seat " in out
    assert "where: pebbles, 2 players, seed 1, step " in out
    assert "every check holds" not in out


def test_a_game_whose_view_crashes_fails_as_a_crash_not_a_traceback(
    capsys: pytest.CaptureFixture[str], register: Callable[[Pebbles], None]
) -> None:
    register(Pebbles("view-crashes"))
    status, out, err = _run(capsys, "pebbles")
    assert status == 1, out + err
    assert "breaks the check 'no-crash'" in out and "KeyError" in out
    assert "Traceback" not in out + err


def test_a_sound_game_that_declares_everything_passes_without_notes(
    capsys: pytest.CaptureFixture[str], register: Callable[[Pebbles], None]
) -> None:
    register(Pebbles())
    status, out, _ = _run(capsys, "pebbles")
    assert status == 0, out
    assert "note:" not in out


def test_a_sound_game_that_declares_nothing_passes_with_a_note_per_skipped_check(
    capsys: pytest.CaptureFixture[str], register: Callable[[Pebbles], None]
) -> None:
    register(Pebbles("undeclared"))
    status, out, _ = _run(capsys, "pebbles")
    assert status == 0, out
    notes = [line for line in out.splitlines() if line.startswith("  note: ")]
    assert [line.split()[1] for line in notes] == [
        "codec:", "score-bounds:", "length-bound:", "end-triggers:", "determinize-vacuous:",
    ]


def test_thorough_plays_every_combination_with_three_seeds(
    capsys: pytest.CaptureFixture[str], register: Callable[[Pebbles], None]
) -> None:
    toy = Pebbles()
    register(toy)
    status, out, _ = _run(capsys, "pebbles", "--thorough")
    assert status == 0, out
    # 2 and 3 players, each with the pile at its minimum, default and maximum (3, 12, 40).
    assert [setup.describe() for setup in thorough_setups(toy)] == [
        f"{n} players, {pile}, seeds 1 2 3"
        for n in (2, 3) for pile in ("default options", "pile=3", "pile=40")
    ]
    assert "on every combination: 6 setups, 18 games" in out


def test_players_restricts_the_run_to_one_player_count(
    capsys: pytest.CaptureFixture[str], register: Callable[[Pebbles], None]
) -> None:
    register(Pebbles())
    status, out, _ = _run(capsys, "pebbles", "--players", "3")
    assert status == 0, out
    setup_lines = [line for line in out.splitlines() if line.endswith(": ok")]
    assert setup_lines and all(line.startswith("pebbles: 3 players, ") for line in setup_lines)
