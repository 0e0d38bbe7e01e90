"""Load: human-like players over the real HTTP + WebSocket API of a real `isla serve` process.

Run: `python benchmarks/load.py --seats 10 --seconds 60` (starts its own server on SQLite in a
temporary folder), `--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/postgres` (a fresh
database there, dropped at the end), or `--url http://127.0.0.1:8000` (a server already running;
`--url` given several times: processes sharing one database through Redis, docs/deploy.md, with
the people of each table on different processes, so every move crosses between them).

The profile: `--seats` live human seats at tables of `--humans` people and `--bots` bots of level
`--bot` (default 2 people and 2 `medium` bots, Puerto Rico; `--clock normal` plays them at a speed,
default no limit), a share `--spectators` of those tables
with one spectator reading every push (default none), plus `--bot-tables` tables of bots
only beside them. Each person is one WebSocket client holding a player token: it watches its table,
and when its seat is to move it thinks for a time drawn uniformly from `--think` seconds, then
submits one random legal action. A finished table is replaced by a new one, so the load stays the
same for the whole run.

The round trip of a move is measured from sending `submit` to receiving the mover's own updated
snapshot (the `table` push at the acknowledged seq); the time to the `ok` is reported beside it.
An error is any refused move, internal error, dropped connection or a wait beyond `--patience`;
a lost move is an acknowledged one missing from the table's log at the end. Only 127.0.0.1 is a
target. It prints its command line first, then its figures; the last line reads
`seats N p50 X ms p95 Y ms p99 Z ms errors E lost L`. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import secrets
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

# Every client of a run comes from 127.0.0.1: the started server's per-client limits (docs/server.md,
# "Limits") are lifted so that they measure the server, not the guard ( --serve-args still override).
UNLIMITED = ["--max-tables-per-player", "1000000", "--max-tables-per-client", "1000000",
             "--max-websockets-per-client", "1000000", "--max-connections-per-client", "1000000",
             "--connects-per-second", "100000", "--connect-burst", "1000000"]
ANNOUNCE = re.compile(r"Isla is serving (http://\S+/)")
# Server log lines worth counting: the bots of a table giving up, pool exhaustion, any traceback.
TROUBLE = {
    "bots stopped": "the bots stopped",
    "pool timeouts": "QueuePool limit",
    "tracebacks": "Traceback (most recent call last)",
}


@dataclass
class Figures:
    """Everything measured, shared by all the clients of one run."""

    round_trips: list[float] = field(default_factory=list)  # submit -> own updated snapshot, s
    oks: list[float] = field(default_factory=list)  # submit -> ok, s
    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)  # (table, seq, action)
    finished: set[str] = field(default_factory=set)
    tables_started: int = 0
    last_seq: dict[str, int] = field(default_factory=dict)  # table -> newest seq seen


def http(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One JSON request (blocking: run it in a thread); raise RuntimeError with the server's answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:300]!r}") from None


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(fraction * len(ordered) + 0.999999) - 1))
    return ordered[index]


class Run:
    def __init__(self, args: argparse.Namespace, bases: list[str], server_pid: int | None = None) -> None:
        self.args = args
        self.server_pid = server_pid
        self.bases = bases  # several: processes sharing one database (tables and seats spread over them)
        self.base = bases[0]
        self.ws_urls = [base.replace("http://", "ws://", 1).rstrip("/") + "/ws" for base in bases]
        self.figures = Figures()
        self.rng = random.Random(args.seed)
        self.deadline = 0.0
        self.measuring = False
        self.actions_per_second = 0.0

    async def create_table(self, humans: int, bots: int) -> tuple[str, list[str]]:
        seats = [{"kind": "human", "name": f"Player {i + 1}"} for i in range(humans)]
        seats += [{"kind": "bot", "bot": self.args.bot}] * bots
        body: dict[str, Any] = {"game": self.args.game, "seats": seats}
        if self.args.clock is not None:
            body["clock"] = self.args.clock
        created = await asyncio.to_thread(http, self.base, "POST", "/api/tables", body)
        self.figures.tables_started += 1
        return created["table"]["id"], [t["token"] for t in created["tokens"]]

    async def table_runner(self, number: int) -> None:
        """One human table after another until the time is up: its people play, then a new table."""
        while time.monotonic() < self.deadline:
            table_id, tokens = await self.create_table(self.args.humans, self.args.bots)
            rngs = [random.Random(f"{self.args.seed}:{number}:{table_id}:{i}") for i in range(len(tokens))]
            # With several processes, the people of a table (and its spectator) are on different ones.
            urls = [self.ws_urls[(number + i) % len(self.ws_urls)] for i in range(len(tokens) + 1)]
            people = [self.person(table_id, token, rng, url)
                      for token, rng, url in zip(tokens, rngs, urls, strict=False)]
            watched = self.rng.random() < self.args.spectators
            watching = [self.spectator(table_id, urls[-1])] if watched else []
            results = (await asyncio.gather(*people, *watching))[: len(people)]
            if not all(results):
                return  # its clients stopped on the deadline (or gave up): so does the table

    async def bot_table_runner(self) -> None:
        """A table of bots only, replaced when it finishes: load beside the people's tables."""
        while time.monotonic() < self.deadline:
            table_id, _ = await self.create_table(0, self.args.bots + self.args.humans)
            while time.monotonic() < self.deadline:
                await asyncio.sleep(2.0)
                table = await asyncio.to_thread(http, self.base, "GET", f"/api/tables/{table_id}")
                self.figures.last_seq[table_id] = table["seq"]
                if table["status"] != "playing":
                    self.figures.finished.add(table_id)
                    break

    async def person(self, table_id: str, token: str, rng: random.Random, ws_url: str) -> bool:
        """Play one seat until the game ends (True) or the time is up (False)."""
        figures, patience = self.figures, self.args.patience
        headers = {"Authorization": f"Bearer {token}"}
        try:
            async with connect(ws_url, additional_headers=headers, open_timeout=patience,
                               max_size=1 << 22) as ws:
                return await self.play_seat(ws, table_id, rng)
        except (ConnectionClosed, OSError) as error:
            if time.monotonic() < self.deadline:
                figures.errors[f"connection: {type(error).__name__}"] += 1
            return False
        except TimeoutError:
            figures.errors[f"no answer within {patience:g} s"] += 1
            return False

    async def play_seat(self, ws: Any, table_id: str, rng: random.Random) -> bool:
        """Watch the table on `ws` and play the seat: True once the game is over, False when the
        time is up."""
        figures = self.figures
        await ws.send(json.dumps({"type": "watch", "table": table_id}))
        table = await self.next_table(ws)
        refs = 0
        while True:
            figures.last_seq[table_id] = max(figures.last_seq.get(table_id, 0), table["seq"])
            if table["status"] != "playing":
                figures.finished.add(table_id)
                return True
            if time.monotonic() >= self.deadline:
                return False
            if not table["legal"]:
                table = await self.next_table(ws)
                continue
            refs += 1
            table = await self.take_turn(ws, table_id, table, rng, f"m{refs}")

    async def take_turn(self, ws: Any, table_id: str, table: dict[str, Any], rng: random.Random,
                        ref: str) -> dict[str, Any]:
        """Think, then submit one random legal action (unless the seat has none by then, or the time
        is up); the table as the answer leaves it."""
        figures = self.figures
        await asyncio.sleep(rng.uniform(*self.args.think))
        table = await self.drain(ws, table)
        if not table["legal"] or time.monotonic() >= self.deadline:
            return table
        action, seq = rng.choice(table["legal"]), table["seq"]
        start = time.perf_counter()
        await ws.send(json.dumps({"type": "submit", "table": table_id, "seq": seq, "actions": [action],
                                  "ref": ref}))
        answer = await self.answer(ws, ref)
        if answer["type"] == "error":
            figures.errors[f"refused: {answer['code']}"] += 1
            return await self.drain(ws, table)
        ok_at = time.perf_counter() - start
        figures.acknowledged.append((table_id, seq, action))
        table = await self.next_table(ws, answer["seq"])
        if self.measuring:
            figures.oks.append(ok_at)
            figures.round_trips.append(time.perf_counter() - start)
        return table

    async def spectator(self, table_id: str, ws_url: str) -> bool:
        """Watch a table without a seat, reading every push, until it ends or the time is up."""
        try:
            async with connect(ws_url, open_timeout=self.args.patience, max_size=1 << 22) as ws:
                await ws.send(json.dumps({"type": "watch", "table": table_id}))
                while time.monotonic() < self.deadline:
                    table = await self.next_table(ws)
                    if table["status"] != "playing":
                        return True
        except (ConnectionClosed, OSError) as error:
            if time.monotonic() < self.deadline:
                self.figures.errors[f"spectator connection: {type(error).__name__}"] += 1
        except TimeoutError:
            pass  # nothing happened at the table for a while: not the spectator's error
        return False

    async def receive(self, ws: Any) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), self.args.patience))
        if message["type"] == "error" and message.get("ref") is None:
            self.figures.errors[f"pushed error: {message['code']}"] += 1
        return message

    async def next_table(self, ws: Any, min_seq: int = 0) -> dict[str, Any]:
        """The next snapshot pushed at `min_seq` or later."""
        while True:
            message = await self.receive(ws)
            if message["type"] == "table" and message["table"]["seq"] >= min_seq:
                table: dict[str, Any] = message["table"]
                return table

    async def answer(self, ws: Any, ref: str) -> dict[str, Any]:
        while True:
            message = await self.receive(ws)
            if message["type"] in ("ok", "error") and message.get("ref") == ref:
                return message

    async def drain(self, ws: Any, table: dict[str, Any]) -> dict[str, Any]:
        """The newest snapshot among the messages that arrived while the person was thinking."""
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.001)
            except TimeoutError:
                return table
            message = json.loads(raw)
            if message["type"] == "table":
                table = message["table"]

    async def lost(self) -> int:
        """Acknowledged moves missing from their table's log."""
        by_table: dict[str, list[tuple[int, str]]] = {}
        for table_id, seq, action in self.figures.acknowledged:
            by_table.setdefault(table_id, []).append((seq, action))
        missing = 0
        for table_id, moves in by_table.items():
            logged = await asyncio.to_thread(http, self.base, "GET", f"/api/tables/{table_id}/log")
            have = {(a["seq"], a["action"]) for a in logged["actions"]}
            missing += sum(1 for move in moves if move not in have)
        return missing

    async def main(self) -> tuple[float, int]:
        args = self.args
        tables = (args.seats + args.humans - 1) // args.humans
        start = time.monotonic()
        self.deadline = start + args.warmup + args.seconds
        runners = [asyncio.create_task(self.table_runner(i)) for i in range(tables)]
        runners += [asyncio.create_task(self.bot_table_runner()) for _ in range(args.bot_tables)]
        await asyncio.sleep(args.warmup)
        if self.server_pid is not None:  # gc_pauses.py counts collections from here on
            os.kill(self.server_pid, signal.SIGUSR1)
        self.measuring = True
        seq_before = sum(self.figures.last_seq.values())
        measured_from = time.monotonic()
        await asyncio.gather(*runners)
        elapsed = time.monotonic() - measured_from
        actions = sum(self.figures.last_seq.values()) - seq_before
        self.actions_per_second = actions / elapsed
        print(f"all actions logged (people and bots): about {actions / elapsed:.1f}/s")
        return elapsed, await self.lost()


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds of a process, and of its living descendants (worker processes)."""
    tick = os.sysconf("SC_CLK_TCK")

    def own(p: int) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / tick

    def children(p: int) -> list[int]:
        found: list[int] = []
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{p}/task").iterdir():
                with contextlib.suppress(OSError):
                    found += [int(c) for c in (task / "children").read_text().split()]
        return found

    pending, descendants = children(pid), 0.0
    while pending:
        child = pending.pop()
        descendants += own(child)
        pending += children(child)
    return own(pid), descendants


def create_database(admin_url: str) -> str:
    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlalchemy.ext.asyncio import create_async_engine

    admin = make_url(admin_url)
    name = f"isla_load_{secrets.token_hex(4)}"

    async def make() -> None:
        engine = create_async_engine(admin, isolation_level="AUTOCOMMIT")
        async with engine.connect() as connection:
            await connection.execute(text(f'CREATE DATABASE "{name}"'))
        await engine.dispose()

    asyncio.run(make())
    return admin.set(database=name).render_as_string(hide_password=False)


def drop_database(admin_url: str, url: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlalchemy.ext.asyncio import create_async_engine

    name = make_url(url).database

    async def drop() -> None:
        engine = create_async_engine(make_url(admin_url), isolation_level="AUTOCOMMIT")
        async with engine.connect() as connection:
            await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await engine.dispose()

    asyncio.run(drop())


def start_server(args: argparse.Namespace, folder: Path, database_url: str | None) -> tuple[Any, str, Path]:
    # Through gc_pauses.py: `isla serve` itself, with its garbage collections timed into gc.json.
    command = [sys.executable, str(Path(__file__).with_name("gc_pauses.py")), str(folder / "gc.json"),
               "serve", "--port", "0", "--data-dir", str(folder / "data"),
               "--log-level", "warning", *UNLIMITED, *shlex.split(args.serve_args)]
    if database_url:
        command += ["--database-url", database_url]
    log_path = folder / "server.log"
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log_path.open("w"), text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = ANNOUNCE.search(line)
    if not found:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}\n{log_path.read_text()[-2000:]}")
    return server, found.group(1), log_path


def think(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seats", type=int, default=10, help="live human seats (default 10)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds played before measuring")
    parser.add_argument("--game", default="puertorico")
    parser.add_argument("--humans", type=int, default=2, help="people per table (default 2)")
    parser.add_argument("--bots", type=int, default=2, help="bots per people's table (default 2)")
    parser.add_argument("--bot", default="medium", help="the bots' level (default medium)")
    parser.add_argument("--bot-tables", type=int, default=0, help="tables of bots only beside them")
    parser.add_argument("--spectators", type=float, default=0.0,
                        help="the share of people's tables with one spectator (0-1, default 0)")
    parser.add_argument("--think", type=think, default=(1.0, 3.0), help="think time range, s (1-3)")
    parser.add_argument("--clock", default=None,
                        help="the people's tables' speed, a preset (normal, 24h, ...; default: no limit)")
    parser.add_argument("--patience", type=float, default=120.0, help="longest wait for one answer")
    parser.add_argument("--seed", type=int, default=1)
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--url", action="append",
                        help="a running server on 127.0.0.1 (else one is started); given more than once, "
                             "processes sharing one database (the people of a table on different ones)")
    target.add_argument("--database-url", help="start the server on this database")
    target.add_argument("--postgres", metavar="ADMIN_URL", help="start it on a fresh database there")
    parser.add_argument("--serve-args", default="", help="more options for the started `isla serve`")
    args = parser.parse_args(argv)
    print("command: python benchmarks/load.py " + shlex.join(sys.argv[1:] if argv is None else argv))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent, check=False).stdout.strip()
    load = os.getloadavg()
    code = subprocess.run([sys.executable, "-c", "import isla; print(isla.__file__)"], capture_output=True,
                          text=True, check=False).stdout.strip()
    print(f"server code: {Path(code).parent}" + (f" (PYTHONPATH={os.environ['PYTHONPATH']})"
                                                 if os.environ.get("PYTHONPATH") else ""))
    print(f"commit {commit or '?'}, {os.cpu_count()} cores, {platform.python_implementation()} "
          f"{platform.python_version()}, load average before {load[0]:.2f}")
    database_url = args.database_url
    with tempfile.TemporaryDirectory(prefix="isla-load-") as folder:
        server, log_path = None, None
        if args.url:
            bases = args.url
            if any(urlparse(base).hostname not in ("127.0.0.1", "localhost") for base in bases):
                raise SystemExit("load.py only targets a server on 127.0.0.1")
        else:
            if args.postgres:
                database_url = create_database(args.postgres)
            server, base, log_path = start_server(args, Path(folder), database_url)
            bases = [base]
        print(f"server {' '.join(bases)} ({'given' if args.url else 'started'}; database: "
              f"{'postgresql' if database_url and 'postgres' in database_url else 'sqlite'})")
        tables = (args.seats + args.humans - 1) // args.humans
        low, high = args.think
        print(f"{args.seats} human seats at {tables} {args.game} tables of {args.humans} people + "
              f"{args.bots} {args.bot} bots, {args.spectators:.0%} with a spectator, "
              f"{args.bot_tables} bot-only "
              f"tables; think {low:g}-{high:g} s; "
              f"warm-up {args.warmup:g} s, measured {args.seconds:g} s")
        run = Run(args, bases, server.pid if server else None)
        cpu_before = cpu_seconds(server.pid) if server else (0.0, 0.0)
        try:
            elapsed, lost = asyncio.run(run.main())
            cpu_after = cpu_seconds(server.pid) if server else (0.0, 0.0)
        finally:
            if server is not None:
                server.terminate()
                try:
                    server.wait(60)
                except subprocess.TimeoutExpired:
                    server.kill()
            if args.postgres and database_url:
                drop_database(args.postgres, database_url)
        figures = run.figures
        trips = [1000 * t for t in figures.round_trips]
        oks = [1000 * t for t in figures.oks]
        print(f"human moves measured {len(trips)}, {len(trips) / elapsed:.1f}/s; tables started "
              f"{figures.tables_started}, finished {len(figures.finished)}")
        for name, values in (("round trip (submit -> own snapshot)", trips), ("submit -> ok", oks)):
            print(f"{name}: p50 {percentile(values, 0.5):.0f} ms, p90 {percentile(values, 0.9):.0f} ms, "
                  f"p99 {percentile(values, 0.99):.0f} ms, max {max(values, default=0):.0f} ms")
        if server is not None:
            main_cpu = cpu_after[0] - cpu_before[0]
            print(f"server CPU while measured: {main_cpu / elapsed:.2f} cores in its own process; "
                  f"{cpu_after[1]:.1f} s in its worker processes over the whole run")
            if run.actions_per_second:  # the figure a busy machine disturbs least
                per_action = 1000 * main_cpu / elapsed / run.actions_per_second
                print(f"server CPU per logged action: {per_action:.1f} ms")
        if log_path is not None:
            text = log_path.read_text(errors="replace")
            counted = ", ".join(f"{name} {text.count(needle)}" for name, needle in TROUBLE.items())
            print(f"server log: {counted}")
            gc_file = log_path.with_name("gc.json")
            if gc_file.exists():
                pauses = json.loads(gc_file.read_text())
                print(f"server garbage collections while measured: longest pause "
                      f"{pauses['longest_ms']:.0f} ms "
                      f"({pauses.get('longest_cpu_ms', 0):.0f} ms of CPU) "
                      f"(generation {pauses['generation']}); collections per generation "
                      f"{pauses['collections']}, total ms {pauses['total_ms']}")
        print(f"load average after {os.getloadavg()[0]:.2f} (the machine's, other work included)")
        errors = sum(figures.errors.values())
        if figures.errors:
            print("errors: " + ", ".join(f"{kind} {n}" for kind, n in figures.errors.most_common()))
        print(f"seats {args.seats} p50 {percentile(trips, 0.5):.0f} ms p95 {percentile(trips, 0.95):.0f} ms "
              f"p99 {percentile(trips, 0.99):.0f} ms errors {errors} lost {lost}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
