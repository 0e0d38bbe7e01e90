"""Running a tournament: backends (this process, local processes, Ray), run directories, progress.

A run directory (`--out DIR`) makes a tournament resumable: `run.json` holds the plan and
`games.jsonl` one line per finished game, appended and flushed as each game ends. Running the same
plan on the same directory again plays only the games that are missing. Since each game is a pure
function of the plan and its index, a run interrupted any number of times ends with exactly the
results of one uninterrupted run, and so does a merge of runs that played different indices.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import IO, Any

from isla.arena.match import outcome, play_game, record_of_game
from isla.arena.plan import ArenaError, Plan, plan_from_json
from isla.core.registry import Snapshot, restore, snapshot

RUN_FILE = "run.json"
GAMES_FILE = "games.jsonl"
LOCK_FILE = ".lock"
BACKENDS = ("local", "ray")


# --- backends -----------------------------------------------------------------------------------


def _start_worker(games: Snapshot) -> None:
    """Workers know the parent's games and leave Ctrl-C to the parent, which stops them all and
    reports once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    restore(games)


def _play_remote(games: Snapshot, plan: Plan, index: int) -> dict[str, Any]:
    """A game on a Ray node, which knows the games of the process that started the tournament."""
    restore(games)
    return play_game(plan, index)


def _local_games(plan: Plan, indices: Sequence[int], jobs: int) -> Iterator[dict[str, Any]]:
    """Play games in this process (jobs 1) or a pool of processes, yielding each as it finishes."""
    if jobs <= 1 or len(indices) <= 1:
        for index in indices:
            yield play_game(plan, index)
        return
    # "spawn": fresh interpreters, the same on every platform and safe whatever threads we hold.
    pool = get_context("spawn").Pool(
        min(jobs, len(indices)), initializer=_start_worker, initargs=(snapshot(),)
    )
    try:
        yield from pool.imap_unordered(partial(play_game, plan), indices, chunksize=1)
        pool.close()
    finally:
        # On an interrupt (or any early stop) the games still running are abandoned, not awaited:
        # a resumed run replays them.
        pool.terminate()
        pool.join()


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ArenaError("the ray backend needs Ray: pip install 'isla[ray]'") from None


def _ray_games(
    plan: Plan, indices: Sequence[int], jobs: int | None, address: str | None
) -> Iterator[dict[str, Any]]:
    """Play games as Ray tasks (a local Ray started here, or the cluster at `address`)."""
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        # Ray's own start-up chatter would garble the progress bar; its errors still come through.
        settings: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.ERROR,
        }
        if address:
            settings["address"] = address
        elif jobs:
            settings["num_cpus"] = jobs
        try:
            ray.init(**settings)
        except Exception as error:  # Ray reports an unreachable cluster in several ways
            raise ArenaError(f"cannot start Ray{' at ' + address if address else ''}: {error}") from None
    try:
        remote = ray.remote(_play_remote)
        games = snapshot()
        pending = [remote.remote(games, plan, index) for index in indices]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def play_games(
    plan: Plan,
    indices: Sequence[int],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Play the games `indices` of `plan` on `backend`, yielding each result as it finishes."""
    if backend == "local":
        return _local_games(plan, indices, jobs)
    if backend == "ray":
        _import_ray()  # fail before any game with a clear message
        return _ray_games(plan, indices, jobs, address)
    raise ArenaError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")


# --- run directories ----------------------------------------------------------------------------


def _write_json(path: Path, data: Any) -> None:
    """Write a JSON file through a temporary name, so an interrupt never leaves half a file."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    temporary.replace(path)


def make_dir(path: Path, what: str) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".isla-write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as error:
        raise ArenaError(f"cannot write the {what} {str(path)!r}: {error.strerror or error}") from None


def read_games(run_dir: Path) -> list[dict[str, Any]]:
    """The games saved in a run directory. A torn last line (an interrupted write) is ignored."""
    path = run_dir / GAMES_FILE
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").split("\n")
    games = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            game = json.loads(line)
            if not isinstance(game, dict) or not isinstance(game.get("index"), int):
                raise ValueError("not a game")
        except ValueError:
            if number >= len(lines) - 1:  # the last line: cut off by an interrupt, replayed later
                break
            raise ArenaError(f"{path} line {number} is damaged; remove it to replay that game") from None
        games.append(game)
    return games


def read_run(run_dir: Path) -> tuple[Plan, list[dict[str, Any]]]:
    """The plan and games of a run directory; ArenaError if it is not one."""
    run_file = run_dir / RUN_FILE
    if not run_file.is_file():
        raise ArenaError(f"{str(run_dir)!r} is not a tournament run directory (no {RUN_FILE})")
    try:
        data = json.loads(run_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ArenaError(f"cannot read {run_file}: {error}") from None
    return plan_from_json(data, str(run_file)), read_games(run_dir)


def _describe_difference(saved: dict[str, Any], asked: dict[str, Any]) -> str:
    return "; ".join(
        f"{key} {saved.get(key)!r} there, {asked[key]!r} now" for key in asked if saved.get(key) != asked[key]
    )


@contextlib.contextmanager
def _locked(run_dir: Path) -> Iterator[None]:
    """Refuse a second tournament writing to the same run directory at the same time."""
    try:
        import fcntl
    except ImportError:  # not POSIX: run without the guard
        yield
        return
    with open(run_dir / LOCK_FILE, "a", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ArenaError(f"another tournament is running in {str(run_dir)!r}") from None
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _check_run_dir(run_dir: Path) -> None:
    """Create a new run directory; refuse a file, or a folder of other things, so nothing is mixed in."""
    if not run_dir.exists():
        make_dir(run_dir, "run directory")
    elif not run_dir.is_dir():
        raise ArenaError(f"--out {str(run_dir)!r} is a file, not a run directory")
    elif not (run_dir / RUN_FILE).exists() and any(p.name != LOCK_FILE for p in run_dir.iterdir()):
        raise ArenaError(f"--out {str(run_dir)!r} holds other files but no {RUN_FILE}; use a new directory")


def _open_run(run_dir: Path, plan: Plan) -> list[dict[str, Any]]:
    """Create or reopen a run directory for `plan`; return the games it already holds.

    The plan's identity and first index must match what the directory was started with; the number
    of games may grow (to extend a finished run) or shrink (games past it are kept but not shown).
    """
    if (run_dir / RUN_FILE).exists():
        saved, games = read_run(run_dir)
        both = bool(plan.budgets) and bool(saved.budgets)
        asked = {**plan.identity(both), "first": plan.first}
        before = {**saved.identity(both), "first": saved.first}
        if before != asked:
            raise ArenaError(
                f"{str(run_dir)!r} holds a different tournament ({_describe_difference(before, asked)}); "
                "use another --out"
            )
    else:
        games = []
    _write_json(run_dir / RUN_FILE, plan.to_json())
    # Cut a torn last line so new lines start clean.
    path = run_dir / GAMES_FILE
    if path.exists():
        text = path.read_text(encoding="utf-8")
        keep = "".join(json.dumps(game) + "\n" for game in games)
        if text != keep:
            path.write_text(keep, encoding="utf-8")
    return games


def record_path(records_dir: Path, game: dict[str, Any]) -> Path:
    """game-000012.json; a failed game's (partial) record is game-000012-failed.json."""
    suffix = "-failed" if game["failure"] is not None else ""
    return records_dir / f"game-{int(game['index']):06d}{suffix}.json"


def write_record(records_dir: Path, plan: Plan, game: dict[str, Any]) -> Path:
    path = record_path(records_dir, game)
    _write_json(path, record_of_game(plan, game).to_json())
    return path


# --- progress -----------------------------------------------------------------------------------


class Progress:
    """A one-line progress bar on a terminal (plain text, redrawn at most ten times a second)."""

    def __init__(self, total: int, done: int, stream: IO[str] | None, width: int = 30) -> None:
        self.total = total
        self.done = done
        self.failed = 0
        self.stream = stream
        self.width = width
        self.started = time.monotonic()
        self.first_done = done
        self.last_draw = 0.0
        self.draw(force=True)

    def update(self, failed: bool) -> None:
        self.done += 1
        self.failed += failed
        self.draw(force=self.done == self.total)

    def draw(self, force: bool = False) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if not force and now - self.last_draw < 0.1:
            return
        self.last_draw = now
        share = self.done / self.total if self.total else 1.0
        filled = int(share * self.width)
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = now - self.started
        new = self.done - self.first_done
        text = f"\r[{bar}] {self.done}/{self.total} games"
        if new and elapsed > 0:
            rate = new / elapsed
            left = (self.total - self.done) / rate
            text += f"  {rate:.2f} games/s  ETA {_duration(left)}"
        if self.failed:
            text += f"  failed {self.failed}"
        self.stream.write(text.ljust(79))
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"


def progress_stream(quiet: bool) -> IO[str] | None:
    """stderr when it is a terminal and not --quiet; otherwise no progress at all."""
    if quiet or not sys.stderr.isatty():
        return None
    return sys.stderr


# --- the tournament -----------------------------------------------------------------------------


def run_tournament(
    plan: Plan,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: Path | None = None,
    records: Path | None = None,
    progress: IO[str] | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    limit: int | None = None,
) -> list[dict[str, Any]]:
    """Play every game of `plan` not yet in `out` and return all its games, sorted by index.

    `limit` stops after that many new games (to simulate an interrupted run in tests; a real run
    is interrupted by Ctrl-C or a kill, and is continued the same way).
    """
    if records is not None:
        make_dir(records, "records directory")
    with contextlib.ExitStack() as stack:
        games: dict[int, dict[str, Any]] = {}
        log: IO[str] | None = None
        if out is not None:
            _check_run_dir(out)
            stack.enter_context(_locked(out))
            for game in _open_run(out, plan):
                games.setdefault(int(game["index"]), game)
            log = stack.enter_context(open(out / GAMES_FILE, "a", encoding="utf-8"))
        wanted = set(plan.indices)
        if records is not None:  # games saved by an earlier run get their records too
            for index, game in games.items():
                if index in wanted and not record_path(records, game).exists():
                    write_record(records, plan, game)
        pending = [index for index in plan.indices if index not in games]
        if limit is not None:
            pending = pending[:limit]
        bar = Progress(plan.games, len(wanted.intersection(games)), progress)
        try:
            for game in play_games(plan, pending, jobs=jobs, backend=backend, address=address):
                games[int(game["index"])] = game
                if log is not None:
                    log.write(json.dumps(game) + "\n")
                    log.flush()
                if records is not None:
                    write_record(records, plan, game)
                bar.update(game["failure"] is not None)
                if on_game is not None:
                    on_game(game)
        finally:
            bar.close()
    return [games[index] for index in sorted(games) if index in wanted]


def merge_runs(run_dirs: Sequence[Path]) -> tuple[Plan, list[dict[str, Any]]]:
    """Combine runs of one tournament (same identity) into one plan and one list of games.

    A game index found in several runs is kept once if its outcomes agree (games are pure
    functions of the plan, so they should); outcomes that differ are refused, since they mean
    different code played them.
    """
    if not run_dirs:
        raise ArenaError("merge needs at least one run directory")
    plans: list[Plan] = []
    games: dict[int, dict[str, Any]] = {}
    where: dict[int, Path] = {}
    for run_dir in run_dirs:
        plan, run_games = read_run(run_dir)
        if plans and not plan.same_tournament(plans[0]):
            raise ArenaError(
                f"{str(run_dir)!r} is a different tournament from {str(run_dirs[0])!r} "
                f"({_describe_difference(plans[0].identity(), plan.identity())})"
            )
        plans.append(plan)
        for game in run_games:
            index = int(game["index"])
            if index in games:
                if outcome(games[index]) != outcome(game):
                    raise ArenaError(
                        f"game {index} differs between {str(where[index])!r} and {str(run_dir)!r}; "
                        "they were not played by the same code"
                    )
                continue
            games[index] = game
            where[index] = run_dir
    base = plans[0]
    first = min(games, default=base.first)
    merged = Plan(
        game=base.game,
        players=base.players,
        bots=base.bots,
        seed=base.seed,
        options=base.options,
        first=first,
        games=len(games),
        engine_version=base.engine_version,
    )
    return merged, [games[index] for index in sorted(games)]


def full_results(plan: Plan, games: Iterable[dict[str, Any]], summary: dict[str, Any]) -> dict[str, Any]:
    """The --json document: the plan, the summary, and every game (actions are in the records)."""
    return {
        "plan": plan.to_json(),
        "summary": summary,
        "games": [{k: v for k, v in game.items() if k != "actions"} for game in games],
    }


def save_json(path: Path, data: Any) -> None:
    try:
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        raise ArenaError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def default_jobs() -> int:
    return os.cpu_count() or 1
