"""Restart: how soon a restarted `isla serve` answers when its database holds many live tables.

Run: `python benchmarks/restart.py --tables 100` (SQLite in a temporary folder), or with
`--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/postgres` (a fresh database there, dropped
at the end). It writes `--tables` live Puerto Rico tables straight into the store: 4 players (seat 0
a person, the others `--bot` bots), each stopped mid-game after `--actions` actions that the
heuristic chose (a realistic log; a whole game is about 420). Then it starts `isla serve` as a
subprocess on that database and measures, from the moment the process is started: the announce
line ("Isla is serving ..."), the first answered `GET /api/health`, the first answered
`GET /api/tables`, and the first answered `GET /api/tables/ID` of the live table whose id sorts
last (the last one a server rebuilding tables in id order gets to). Each is polled every 10 ms
after the previous one answered. It prints its command line first, then its figures; the last line
reads `tables N health X s lobby Y s table Z s`. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import secrets
import shlex
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from load import create_database, drop_database  # benchmarks/load.py: a fresh database, dropped

SERVER_START_PATIENCE = 1800.0  # seconds: the slowest start measured before lazy rebuilding was 196 s


def game_log(seed: int, actions: int) -> list[tuple[int, str]]:
    """(seat, action text) of a 4-player game the heuristic plays, stopped after `actions` actions."""
    import isla
    from isla.bots import make_bot
    from isla.bots.base import SeatAccess

    state = isla.game("puertorico").new_state(players=4, seed=seed, options={})
    bots = [make_bot("heuristic", seat, seed, game="puertorico") for seat in range(4)]
    played: list[tuple[int, str]] = []
    while len(played) < actions and not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(SeatAccess(state, seat))
        trial = state.clone()
        trial.apply(action)
        if trial.is_over:  # keep the game live: stop one action before its end
            break
        state = trial
        played.append((seat, action.text))
    return played


async def fill(url: str, tables: int, actions: int, bot: str) -> str:
    """Write the live tables; return the id of the one that sorts last."""
    import isla
    from isla.server.config import parse_database_url
    from isla.server.store import Store, StoredSeat, StoredTable
    from isla.server.store.models import ActionRow
    from isla.server.store.repository import now

    game = isla.game("puertorico")
    store = await Store.open(parse_database_url(url))
    ids = []
    try:
        for number in range(tables):
            seed = number + 1
            table_id = secrets.token_hex(6)
            seats = [StoredSeat(0, "human", seat=0, name="Ann", token_hash=secrets.token_hex(32))]
            seats += [StoredSeat(slot, "bot", seat=slot, bot=bot) for slot in range(1, 4)]
            stored = StoredTable(
                id=table_id, game=game.name, players=4, options=game.resolve_options(4, {}), seed=seed,
                engine_version=game.version, seating="fixed", status="playing", seats=seats,
            )
            await store.insert_table(stored)
            stamp = now()
            async with store.engine.begin() as connection:
                rows = [
                    {"table_id": table_id, "seq": seq, "seat": seat, "action": text, "source": "bot",
                     "created_at": stamp}
                    for seq, (seat, text) in enumerate(game_log(seed, actions))
                ]
                await connection.execute(ActionRow.__table__.insert(), rows)
            ids.append(table_id)
    finally:
        await store.close()
    return max(ids)


def answered(base: str, path: str) -> bool:
    """Whether the server gave any HTTP answer to GET `path` (a 5xx counts: the server answers)."""
    try:
        with urllib.request.urlopen(base + path, timeout=SERVER_START_PATIENCE) as response:
            response.read()
        return True
    except urllib.error.HTTPError as error:
        return error.code < 500
    except OSError:
        return False


def poll(base: str, path: str, deadline: float) -> None:
    while not answered(base, path):
        if time.monotonic() > deadline:
            raise SystemExit(f"no answer to GET {path} within {SERVER_START_PATIENCE:g} s")
        time.sleep(0.01)


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def measure(args: argparse.Namespace, folder: Path, database_url: str, last_id: str) -> dict[str, float]:
    port = free_port()
    command = [sys.executable, "-m", "isla", "serve", "--port", str(port), "--data-dir", str(folder / "data"),
               "--log-level", "warning", "--database-url", database_url, *shlex.split(args.serve_args)]
    log_path = folder / "server.log"
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log_path.open("w"), text=True)
    figures: dict[str, float] = {}

    def announced() -> None:  # printed once uvicorn has started: before or after the first answers
        assert server.stdout is not None
        if server.stdout.readline():
            figures["announce"] = time.monotonic() - started

    reader = threading.Thread(target=announced, daemon=True)
    reader.start()
    try:
        deadline = started + SERVER_START_PATIENCE
        poll(base, "/api/health", deadline)
        figures["health"] = time.monotonic() - started
        poll(base, "/api/tables", deadline)
        figures["lobby"] = time.monotonic() - started
        poll(base, f"/api/tables/{last_id}", deadline)
        figures["table"] = time.monotonic() - started
        reader.join(SERVER_START_PATIENCE)
    finally:
        server.terminate()
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
    trouble = [line for line in log_path.read_text().splitlines() if "locked" in line or "Traceback" in line]
    figures["trouble"] = float(len(trouble))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="live tables in the database (default 100)")
    parser.add_argument("--actions", type=int, default=300, help="actions in each table's log (default 300)")
    parser.add_argument("--bot", default="easy", help="the level of the three bots at each table (easy)")
    parser.add_argument("--postgres", metavar="ADMIN_URL", help="use a fresh PostgreSQL database there")
    parser.add_argument("--serve-args", default="", help="more options for the started `isla serve`")
    args = parser.parse_args(argv)
    print("command: python benchmarks/restart.py " + shlex.join(sys.argv[1:] if argv is None else argv))
    code = subprocess.run([sys.executable, "-c", "import isla; print(isla.__file__)"], capture_output=True,
                          text=True, check=False).stdout.strip()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(code).parent, check=False).stdout.strip()
    print(f"server code: {Path(code).parent}" + (f" (PYTHONPATH={os.environ['PYTHONPATH']})"
                                                 if os.environ.get("PYTHONPATH") else ""))
    with tempfile.TemporaryDirectory(prefix="isla-restart-") as name:
        folder = Path(name)
        database_url = create_database(args.postgres) if args.postgres else \
            f"sqlite+aiosqlite:///{folder / 'data' / 'isla.db'}"
        try:
            built = time.monotonic()
            last_id = asyncio.run(fill(database_url, args.tables, args.actions, args.bot))
            built = time.monotonic() - built
            load = os.getloadavg()
            print(f"commit {commit or '?'}, {os.cpu_count()} cores, {platform.python_implementation()} "
                  f"{platform.python_version()}, load average before the start {load[0]:.2f}")
            kind = "postgresql" if args.postgres else "sqlite"
            print(f"{args.tables} live tables of 4 players ({args.bot} bots at 3 seats), {args.actions} "
                  f"actions each, on {kind} (written in {built:.1f} s)")
            figures = measure(args, folder, database_url, last_id)
        finally:
            if args.postgres:
                drop_database(args.postgres, database_url)
    announce = figures.get("announce", float("nan"))
    print(f"from the start of `isla serve`: announce {announce:.2f} s, first /api/health "
          f"{figures['health']:.2f} s, first /api/tables {figures['lobby']:.2f} s, the last table "
          f"{figures['table']:.2f} s")
    print(f"server log lines with 'locked' or a traceback: {figures['trouble']:.0f}")
    print(f"tables {args.tables} health {figures['health']:.2f} s lobby {figures['lobby']:.2f} s "
          f"table {figures['table']:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
