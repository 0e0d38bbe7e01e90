"""Soak: a steady load for a long time on several `isla serve` processes killed (`kill -9`) at random.

Run: `python benchmarks/soak.py --postgres postgresql+asyncpg://postgres@127.0.0.1:5432/postgres
--redis-url redis://127.0.0.1:6379/0 --minutes 30` (a fresh database there, dropped at the end).

It starts `--processes` servers on that database sharing it through Redis (docs/deploy.md) and
plays load.py's human-like people against them (`--seats`, `--think`, `--bots`, `--bot`; the people
of a table on different processes). Every `--kill-every` seconds (drawn uniformly) one process
other than the first is killed with SIGKILL, left down for `--down` seconds and started again on
its port; its people reconnect to another process at once, its tables' leases expire and another
process takes them over. The first process is never killed: its resident memory, sampled every
minute, is the measure of growth (the others restart fresh): the last line's `rss` is its growth
from minute 5 to the end of the last table (before the checks, which read every table back).

After `--minutes` no new table is started and the tables being played are played to the end (for
at most `--finish-minutes`). It then checks that every table started has finished and that every
move a server acknowledged is in the table's log, and prints the last line
`soak minutes M kills K tables T unfinished U acknowledged A lost L errors E rss +X MiB`.
A dropped connection is not an error here (the kills make them); refused moves, internal errors,
waits beyond `--patience` and a process that does not start again are. Only 127.0.0.1 is a target.
Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shlex
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from load import ANNOUNCE, UNLIMITED, Run, create_database, drop_database, http, percentile, think

START_PATIENCE = 120.0  # seconds a (re)started process may take to announce itself


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Process:
    """One `isla serve` on a fixed port, started again on the same port after each kill."""

    def __init__(self, number: int, folder: Path, command: list[str]) -> None:
        self.number, self.port = number, free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.command = [*command, "--port", str(self.port), "--data-dir", str(folder / f"data{number}")]
        self.log: TextIO = (folder / f"server{number}.log").open("a")
        self.popen: subprocess.Popen[str] | None = None
        self.up = False
        self.starts = 0

    def start(self) -> None:
        """Start it and wait for its announcement (blocking: called in a thread)."""
        self.popen = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.log, text=True,
                                      env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.popen.stdout is not None
        timer = threading.Timer(START_PATIENCE, self.popen.kill)
        timer.start()
        try:
            line = self.popen.stdout.readline()
        finally:
            timer.cancel()
        if not ANNOUNCE.search(line):
            raise RuntimeError(f"process {self.number} did not start: {line!r}")
        threading.Thread(target=self.popen.stdout.read, daemon=True).start()  # never let the pipe fill
        self.starts += 1
        self.up = True

    def kill(self) -> None:
        assert self.popen is not None
        self.up = False
        self.popen.kill()
        self.popen.wait()

    def stop(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(60)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        self.log.close()

    def rss_mib(self) -> float:
        assert self.popen is not None
        for line in Path(f"/proc/{self.popen.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0


class Soak(Run):
    """load.py's people, who reconnect to another process when theirs dies and always play to the end."""

    def __init__(self, args: argparse.Namespace, processes: list[Process]) -> None:
        super().__init__(args, [p.base for p in processes])
        self.processes = processes
        self.stop_starting = 0.0  # no new table after this
        self.created: list[str] = []
        self.kills = 0
        self.reconnects = 0
        self.memory: list[tuple[float, float]] = []  # (minutes, MiB) of the first process
        self.measuring = True  # every move's round trip counts
        self.final_rss = 0.0

    def live(self) -> list[Process]:
        return [p for p in self.processes if p.up] or self.processes[:1]

    async def call(self, method: str, path: str, body: Any = None) -> Any:
        """An HTTP call to some live process, retried on another while a process is down."""
        for attempt in range(60):
            process = random.choice(self.live())
            try:
                return await asyncio.to_thread(http, process.base, method, path, body)
            except OSError:  # refused or reset: a process killed under the call
                await asyncio.sleep(min(1.0, 0.1 * (attempt + 1)))
        raise RuntimeError(f"{method} {path}: no process answered")

    async def create_table(self, humans: int, bots: int) -> tuple[str, list[str]]:
        seats = [{"kind": "human", "name": f"Player {i + 1}"} for i in range(humans)]
        seats += [{"kind": "bot", "bot": self.args.bot}] * bots
        created = await self.call("POST", "/api/tables", {"game": self.args.game, "seats": seats})
        self.figures.tables_started += 1
        self.created.append(created["table"]["id"])
        return created["table"]["id"], [t["token"] for t in created["tokens"]]

    async def table_runner(self, number: int) -> None:
        while time.monotonic() < self.stop_starting:
            table_id, tokens = await self.create_table(self.args.humans, self.args.bots)
            rngs = [random.Random(f"{self.args.seed}:{number}:{table_id}:{i}") for i in range(len(tokens))]
            people = [self.person(table_id, token, rng, i)
                      for i, (token, rng) in enumerate(zip(tokens, rngs, strict=True))]
            if self.rng.random() < self.args.spectators:
                people.append(self.spectator(table_id, len(tokens)))
            await asyncio.gather(*people)

    def ws_url(self, turn: int) -> str:
        live = self.live()
        return live[turn % len(live)].ws_url

    async def person(self, table_id: str, token: str, rng: random.Random, turn: int) -> bool:  # type: ignore[override]
        """Play one seat to the end of the game, over as many connections as the kills make."""
        figures, patience = self.figures, self.args.patience
        headers = {"Authorization": f"Bearer {token}"}
        while time.monotonic() < self.deadline:
            try:
                async with connect(self.ws_url(turn), additional_headers=headers, open_timeout=patience,
                                   max_size=1 << 22) as ws:
                    if await self.play_seat(ws, table_id, rng):
                        return True
            except (ConnectionClosed, OSError):
                self.reconnects += 1  # its process was killed: on to another one
                turn += 1
                await asyncio.sleep(0.2)
            except TimeoutError:
                figures.errors[f"no answer within {patience:g} s"] += 1
                turn += 1
        return False

    async def spectator(self, table_id: str, turn: int) -> bool:  # type: ignore[override]
        while time.monotonic() < self.deadline:
            try:
                url = self.ws_url(turn)
                async with connect(url, open_timeout=self.args.patience, max_size=1 << 22) as ws:
                    await ws.send(json.dumps({"type": "watch", "table": table_id}))
                    while True:
                        if (await self.next_table(ws))["status"] != "playing":
                            return True
            except (ConnectionClosed, OSError):
                turn += 1
                await asyncio.sleep(0.2)
            except TimeoutError:
                turn += 1
        return False

    async def killer(self) -> None:
        """Kill a process other than the first at random, leave it down a while, start it again."""
        low, high = self.args.kill_every
        while True:
            await asyncio.sleep(random.uniform(low, high))
            if time.monotonic() >= self.stop_starting:
                return
            victim = random.choice(self.processes[1:])
            victim.kill()
            self.kills += 1
            elapsed = (time.monotonic() - self.started) / 60
            print(f"{elapsed:6.1f} min: killed process {victim.number} (kill {self.kills})", flush=True)
            await asyncio.sleep(random.uniform(*self.args.down))
            await asyncio.to_thread(victim.start)

    async def watch_memory(self) -> None:
        while True:
            minutes = (time.monotonic() - self.started) / 60
            self.memory.append((minutes, self.processes[0].rss_mib()))
            print(f"{minutes:6.1f} min: first process {self.memory[-1][1]:.0f} MiB, acknowledged "
                  f"{len(self.figures.acknowledged)}, tables {len(self.created)} "
                  f"(finished {len(self.figures.finished)}), errors {sum(self.figures.errors.values())}",
                  flush=True)
            await asyncio.sleep(60)

    async def unfinished(self) -> list[str]:
        tables = [await self.call("GET", f"/api/tables/{t}") for t in self.created]
        return [table["id"] for table in tables if table["status"] == "playing"]

    async def lost(self) -> int:
        by_table: dict[str, set[tuple[int, str]]] = {}
        for table_id, seq, action in self.figures.acknowledged:
            by_table.setdefault(table_id, set()).add((seq, action))
        missing = 0
        for table_id, moves in by_table.items():
            logged = await self.call("GET", f"/api/tables/{table_id}/log")
            missing += len(moves - {(a["seq"], a["action"]) for a in logged["actions"]})
        return missing

    async def soak(self) -> tuple[list[str], int]:
        args = self.args
        self.started = time.monotonic()
        self.stop_starting = self.started + 60 * args.minutes
        self.deadline = self.stop_starting + 60 * args.finish_minutes
        tables = (args.seats + args.humans - 1) // args.humans
        helpers = [asyncio.create_task(self.killer()), asyncio.create_task(self.watch_memory())]
        await asyncio.gather(*(self.table_runner(i) for i in range(tables)))
        for helper in helpers:
            helper.cancel()
        # Before the checks below, which read every table back (into the processes' memory again).
        self.final_rss = self.processes[0].rss_mib()
        for process in self.processes:
            if not process.up:
                await asyncio.to_thread(process.start)
        return await self.unfinished(), await self.lost()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--postgres", metavar="ADMIN_URL", required=True,
                        help="PostgreSQL to make the fresh database on (dropped at the end)")
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--processes", type=int, default=3, help="server processes (default 3)")
    parser.add_argument("--minutes", type=float, default=30.0, help="how long new tables start (default 30)")
    parser.add_argument("--finish-minutes", type=float, default=15.0,
                        help="the longest time left to finish the last tables (default 15)")
    parser.add_argument("--seats", type=int, default=60, help="live human seats (default 60)")
    parser.add_argument("--game", default="puertorico")
    parser.add_argument("--humans", type=int, default=2)
    parser.add_argument("--bots", type=int, default=2)
    parser.add_argument("--bot", default="easy")
    parser.add_argument("--spectators", type=float, default=0.1)
    parser.add_argument("--think", type=think, default=(0.2, 1.0), help="think time range, s (0.2-1)")
    parser.add_argument("--kill-every", type=think, default=(30.0, 120.0),
                        help="seconds between kills, a range (30-120)")
    parser.add_argument("--down", type=think, default=(0.0, 15.0), help="seconds a killed process stays down")
    parser.add_argument("--patience", type=float, default=120.0, help="longest wait for one answer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve-args", default="", help="more options for every `isla serve`")
    args = parser.parse_args(argv)
    if args.processes < 2:
        raise SystemExit("a soak needs two processes at least: the first is never killed")
    print("command: python benchmarks/soak.py " + shlex.join(sys.argv[1:] if argv is None else argv))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent, check=False).stdout.strip()
    code = subprocess.run([sys.executable, "-c", "import isla; print(isla.__file__)"], capture_output=True,
                          text=True, check=False).stdout.strip()
    print(f"server code: {Path(code).parent}" + (f" (PYTHONPATH={os.environ['PYTHONPATH']})"
                                                 if os.environ.get("PYTHONPATH") else ""))
    print(f"commit {commit or '?'}, {os.cpu_count()} cores, {platform.python_implementation()} "
          f"{platform.python_version()}, load average before {os.getloadavg()[0]:.2f}")
    random.seed(args.seed)
    database_url = create_database(args.postgres)
    command = [sys.executable, "-m", "isla", "serve", "--database-url", database_url,
               "--redis-url", args.redis_url, "--log-level", "warning", *UNLIMITED,
               *shlex.split(args.serve_args)]
    with tempfile.TemporaryDirectory(prefix="isla-soak-") as folder:
        processes = [Process(n, Path(folder), command) for n in range(args.processes)]
        try:
            for process in processes:  # one after another: the first one migrates the database
                process.start()
            tables = (args.seats + args.humans - 1) // args.humans
            low, high = args.think
            print(f"{args.processes} processes, {args.seats} human seats at {tables} tables of "
                  f"{args.humans} people + {args.bots} {args.bot} bots, think {low:g}-{high:g} s, "
                  f"{args.spectators:.0%} with a spectator; a kill every "
                  f"{args.kill_every[0]:g}-{args.kill_every[1]:g} s, down "
                  f"{args.down[0]:g}-{args.down[1]:g} s; {args.minutes:g} min", flush=True)
            soak = Soak(args, processes)
            unfinished, lost = asyncio.run(soak.soak())
        finally:
            for process in processes:
                process.stop()
            drop_database(args.postgres, database_url)
        logs = "".join((Path(folder) / f"server{process.number}.log").read_text(errors="replace")
                       for process in processes)
    figures = soak.figures
    trips = [1000 * t for t in figures.round_trips]
    after_warmup = [mib for minutes, mib in soak.memory if minutes >= 5] or [mib for _, mib in soak.memory]
    final_rss = soak.final_rss
    growth = final_rss - after_warmup[0]
    print(f"kills {soak.kills}, reconnections {soak.reconnects}, starts per process "
          f"{[p.starts for p in processes]}")
    print(f"tables started {len(soak.created)}, unfinished {len(unfinished)} {unfinished[:5]}")
    print(f"moves acknowledged {len(figures.acknowledged)}; round trip p50 {percentile(trips, 0.5):.0f} ms, "
          f"p99 {percentile(trips, 0.99):.0f} ms, max {max(trips, default=0):.0f} ms")
    print("first process's memory (min, MiB): " + ", ".join(f"{m:.0f}:{mib:.0f}" for m, mib in soak.memory)
          + f", when the last table ended:{final_rss:.0f}")
    print(f"server logs: tracebacks {logs.count('Traceback (most recent call last)')}, leases taken from "
          f"a living holder {logs.count('has taken it over')}, "
          f"failed takeovers {logs.count('taking it over failed')}")
    errors = sum(figures.errors.values())
    if figures.errors:
        print("errors: " + ", ".join(f"{kind} {n}" for kind, n in figures.errors.most_common()))
    print(f"soak minutes {args.minutes:g} kills {soak.kills} tables {len(soak.created)} unfinished "
          f"{len(unfinished)} acknowledged {len(figures.acknowledged)} lost {lost} errors {errors} "
          f"rss {growth:+.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
