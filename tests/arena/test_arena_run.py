"""Running tournaments: same results whatever --jobs, resume, merge, failures, records.

Only the `random` bot and toy bots defined here play, so these tests are fast and do not depend on
any game heuristic.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from isla.arena import (
    ArenaError,
    make_plan,
    merge_runs,
    outcome,
    play_game,
    read_run,
    run_tournament,
    summarize,
)
from isla.arena.runner import GAMES_FILE, RUN_FILE, Progress
from isla.bots import Bot, SeatAccess, registry
from isla.core import Action, Record, replay


def _plan(games: int = 9, seed: int = 4, bots: tuple[str, ...] = ("random", "random", "random"),
          first: int = 0):
    return make_plan("puertorico", len(bots), list(bots), seed=seed, games=games, first=first)


def _results(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [outcome(game) for game in games]


def _summary(plan, games):  # the deterministic part of a summary
    summary = summarize(plan, games)
    del summary["timing"]
    return summary


class _BrokenBot(Bot):
    """Raises on its third decision of a game: a bot bug the arena must survive."""

    kind = "broken"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.calls = 0

    def choose(self, access: SeatAccess) -> Action:
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("the toy bot broke")
        return access.legal_actions()[0]


class _CheatBot(Bot):
    """Proposes an action of its own making, which is never legal."""

    kind = "cheat"

    def choose(self, access: SeatAccess) -> Action:  # noqa: ARG002
        return Action(-1, "role:emperor")


def test_a_game_is_a_pure_function_of_the_plan_and_its_index() -> None:
    plan = _plan()
    first, again = play_game(plan, 4), play_game(plan, 4)
    assert outcome(first) == outcome(again)
    assert first["over"] and first["failure"] is None
    assert first["seats"] == plan.seats(4) and first["entrants"] == plan.seating(4)
    assert sum(first["decisions"]) == len(first["actions"]) > 50
    assert outcome(play_game(plan, 5))["actions"] != first["actions"]


def test_jobs_1_and_jobs_2_give_identical_results() -> None:
    plan = _plan(games=6, seed=9)
    one = run_tournament(plan, jobs=1)
    two = run_tournament(plan, jobs=2)
    assert [g["index"] for g in one] == [g["index"] for g in two] == list(range(6))
    assert _results(one) == _results(two)
    assert _summary(plan, one) == _summary(plan, two)


def test_a_resumed_run_ends_with_the_results_of_one_run(tmp_path: Path) -> None:
    plan = _plan(games=9)
    whole = run_tournament(plan, out=tmp_path / "whole")
    run = tmp_path / "resumed"
    partial = run_tournament(plan, out=run, limit=4)  # "interrupted" after 4 games
    assert [g["index"] for g in partial] == [0, 1, 2, 3]
    assert len((run / GAMES_FILE).read_text().splitlines()) == 4
    # A kill in the middle of a write leaves a torn last line; it is dropped and that game replayed.
    with open(run / GAMES_FILE, "a", encoding="utf-8") as handle:
        handle.write('{"index": 4, "block"')
    played: list[int] = []
    resumed = run_tournament(plan, out=run, on_game=lambda g: played.append(g["index"]))
    assert played == [4, 5, 6, 7, 8]
    assert _results(resumed) == _results(whole)
    assert _summary(plan, resumed) == _summary(plan, whole)
    saved_plan, saved = read_run(run)
    assert saved_plan == plan and _results(sorted(saved, key=lambda g: g["index"])) == _results(whole)
    # Nothing is left to do: a third run plays no game.
    played.clear()
    run_tournament(plan, out=run, on_game=lambda g: played.append(g["index"]))
    assert played == []


def test_a_run_can_be_extended_with_more_games(tmp_path: Path) -> None:
    run_tournament(_plan(games=3), out=tmp_path)
    played: list[int] = []
    games = run_tournament(_plan(games=6), out=tmp_path, on_game=lambda g: played.append(g["index"]))
    assert played == [3, 4, 5]
    assert _results(games) == _results(run_tournament(_plan(games=6)))


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"seed": 5}, "seed 4 there, 5 now"),
        ({"bots": ("random", "random", "random:2")}, "bots"),
        ({"first": 3}, "first 0 there, 3 now"),
    ],
)
def test_resuming_with_other_parameters_is_refused(tmp_path: Path, change: dict, needle: str) -> None:
    run_tournament(_plan(games=3), out=tmp_path)
    with pytest.raises(ArenaError, match=needle):
        run_tournament(_plan(**{"games": 3, **change}), out=tmp_path)


def test_resuming_after_a_level_was_retuned_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A level names a budget that may be retuned between sessions; a run must not mix the two.
    bots = ("easy", "random", "random")
    run_tournament(_plan(games=3, bots=bots), out=tmp_path)
    assert json.loads((tmp_path / RUN_FILE).read_text())["budgets"] == ["rush:0", "random:0", "random:0"]
    monkeypatch.setitem(registry.LEVELS, "easy", ("random", 0))
    with pytest.raises(ArenaError, match="budgets"):
        run_tournament(_plan(games=3, bots=bots), out=tmp_path)


def test_a_run_planned_before_budgets_were_recorded_resumes(tmp_path: Path) -> None:
    run_tournament(_plan(games=3), out=tmp_path, limit=1)
    saved = json.loads((tmp_path / RUN_FILE).read_text())
    del saved["budgets"]  # as written by earlier versions
    (tmp_path / RUN_FILE).write_text(json.dumps(saved))
    run_tournament(_plan(games=3), out=tmp_path)
    assert "budgets" in json.loads((tmp_path / RUN_FILE).read_text())


def test_runs_over_different_indices_merge_into_the_single_run(tmp_path: Path) -> None:
    whole = run_tournament(_plan(games=9))
    run_tournament(_plan(games=3), out=tmp_path / "a")
    run_tournament(_plan(games=6, first=3), out=tmp_path / "b")
    run_tournament(_plan(games=6), out=tmp_path / "c", limit=2)  # overlaps a: identical games
    plan, merged = merge_runs([tmp_path / "a", tmp_path / "b", tmp_path / "c"])
    assert [g["index"] for g in merged] == list(range(9))  # duplicates kept once
    assert _results(merged) == _results(whole)
    assert _summary(plan, merged) == _summary(_plan(games=9), whole)


def test_merge_refuses_other_tournaments_and_conflicting_games(tmp_path: Path) -> None:
    run_tournament(_plan(games=3), out=tmp_path / "a")
    run_tournament(_plan(games=3, seed=8), out=tmp_path / "b")
    with pytest.raises(ArenaError, match="different tournament"):
        merge_runs([tmp_path / "a", tmp_path / "b"])
    # The same game with another outcome means other code played it: refused, not averaged.
    run_tournament(_plan(games=3), out=tmp_path / "c")
    lines = (tmp_path / "c" / GAMES_FILE).read_text().splitlines()
    game = json.loads(lines[0])
    game["scores"] = [99, 0, 0]
    (tmp_path / "c" / GAMES_FILE).write_text("\n".join([json.dumps(game), *lines[1:]]) + "\n")
    with pytest.raises(ArenaError, match="game 0 differs"):
        merge_runs([tmp_path / "a", tmp_path / "c"])
    with pytest.raises(ArenaError, match="not a tournament run directory"):
        merge_runs([tmp_path / "nowhere"])


def test_a_bot_that_raises_or_cheats_fails_its_games_and_the_run_completes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.KINDS, "broken", _BrokenBot)
    monkeypatch.setitem(registry.KINDS, "cheat", _CheatBot)
    plan = _plan(games=6, bots=("broken", "random", "random"))
    games = run_tournament(plan)
    assert len(games) == 6
    failures = [g["failure"] for g in games]
    assert all(f is not None for f in failures)
    for game, failure in zip(games, failures, strict=True):
        assert failure["bot"] == "broken" and "the toy bot broke" in failure["problem"]
        assert failure["seat"] == game["entrants"].index(0)  # the broken bot's seat in that rotation
        assert game["decisions"][failure["seat"]] == 2
    summary = summarize(plan, games)
    assert summary["games"] == 0 and summary["failed_games"] == 6
    assert summary["by_bot"]["random"]["seat_games"] == 0

    plan = _plan(games=3, bots=("cheat", "random", "random"))
    games = run_tournament(plan)
    assert all("role:emperor" in g["failure"]["problem"] for g in games)


class _SeatZeroBot(Bot):
    """Fails whenever it sits at seat 0 and plays the first legal action elsewhere."""

    kind = "seatzero"

    def choose(self, access: SeatAccess) -> Action:
        if self.seat == 0:
            raise ValueError("cannot sit at seat 0")
        return access.legal_actions()[0]


def test_failed_and_finished_games_mix_and_only_finished_ones_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.KINDS, "seatzero", _SeatZeroBot)
    plan = _plan(games=9, bots=("seatzero", "random", "random"))
    games = run_tournament(plan)
    failed = [g["index"] for g in games if g["failure"] is not None]
    assert failed == [0, 3, 6]  # rotation 0 puts entrant 0 at seat 0
    summary = summarize(plan, games)
    assert summary["games"] == 6 and summary["failed_games"] == 3
    assert summary["by_bot"]["seatzero"]["seat_games"] == 6
    assert summary["by_bot"]["random"]["seat_games"] == 12
    assert sum(row["wins"] for row in summary["by_seat"]) == pytest.approx(6)
    assert summary["partial_blocks"] == 3


def test_records_replay_exactly(tmp_path: Path) -> None:
    plan = _plan(games=3, seed=2)
    games = run_tournament(plan, records=tmp_path)
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-000000.json", "game-000001.json", "game-000002.json"]
    for file, game in zip(files, games, strict=True):
        record = Record.from_json(json.loads(file.read_text()))
        assert record.seats == plan.seats(game["index"])
        final = replay(record)
        assert final.is_over
        assert final.result().scores == game["scores"]
        assert final.result().ranks == game["ranks"]


def test_a_failed_game_record_replays_to_the_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.KINDS, "broken", _BrokenBot)
    plan = _plan(games=3, bots=("broken", "random", "random"))
    games = run_tournament(plan, records=tmp_path)
    record = Record.from_json(json.loads((tmp_path / "game-000001-failed.json").read_text()))
    state = replay(record)
    assert not state.is_over
    assert state.to_move == games[1]["failure"]["seat"]


def test_unwritable_directories_are_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(ArenaError, match="cannot write the run directory"):
        run_tournament(_plan(games=3), out=blocker / "run")
    with pytest.raises(ArenaError, match="cannot write the records directory"):
        run_tournament(_plan(games=3), records=blocker / "records")


def test_out_must_be_a_run_directory_or_a_new_one(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(ArenaError, match="is a file"):
        run_tournament(_plan(games=3), out=tmp_path / "file")
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    with pytest.raises(ArenaError, match="holds other files"):
        run_tournament(_plan(games=3), out=tmp_path / "busy")
    (tmp_path / "empty").mkdir()
    assert len(run_tournament(_plan(games=3), out=tmp_path / "empty")) == 3


def test_records_are_written_for_games_an_earlier_run_saved(tmp_path: Path) -> None:
    run_tournament(_plan(games=6), out=tmp_path / "run", limit=2)
    run_tournament(_plan(games=6), out=tmp_path / "run", records=tmp_path / "records")
    names = sorted(p.name for p in (tmp_path / "records").iterdir())
    assert names == [f"game-{i:06d}.json" for i in range(6)]


def test_a_damaged_run_file_is_reported(tmp_path: Path) -> None:
    run_tournament(_plan(games=3), out=tmp_path)
    (tmp_path / RUN_FILE).write_text('{"arena": 1, "game": "puertorico"}')
    with pytest.raises(ArenaError, match="damaged"):
        read_run(tmp_path)


def test_the_progress_bar_counts_games_and_failures() -> None:
    import io

    stream = io.StringIO()
    bar = Progress(total=4, done=1, stream=stream)
    bar.update(failed=False)
    bar.update(failed=True)
    bar.update(failed=False)
    bar.close()
    text = stream.getvalue()
    assert "\r[" in text and "1/4 games" in text and "4/4 games" in text
    assert "failed 1" in text and text.endswith("\n")
    silent = Progress(total=4, done=0, stream=None)
    silent.update(failed=False)
    silent.close()  # no stream: draws nothing and does not fail
