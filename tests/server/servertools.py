"""Helpers for the server tests: a real uvicorn server in a thread, and HTTP clients for it.

Kept in a uniquely named module (not the conftest) so it cannot clash with other test folders'
helpers; pytest puts this folder on sys.path, so tests import it as `servertools`.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx2
import uvicorn

from isla.server import ServerConfig, create_app
from isla.server.guard import uvicorn_config
from isla.server.store import Store

# How long, at most, any test waits for the server or a page to do something (a start, a bot's move,
# a snapshot on the page): never a speed test, only a bound that keeps a broken server from hanging
# the run. Generous, because a busy machine is slow (a page's first snapshot once took over 5 s on two
# shared cores); set ISLA_TEST_PATIENCE (seconds) to change it. The browser tests make it Playwright's
# default for every wait too (tests/web/conftest.py). pytest-timeout bounds each whole test
# (pyproject.toml), so a hang fails with a message however the waits add up.
PATIENCE_VARIABLE = "ISLA_TEST_PATIENCE"
DEFAULT_PATIENCE = 120.0


def _patience(text: str | None) -> float:
    if not text:
        return DEFAULT_PATIENCE
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise ValueError(f"{PATIENCE_VARIABLE} must be a number of seconds above 0, not {text!r}")
    return value


PATIENCE = _patience(os.environ.get(PATIENCE_VARIABLE))


@dataclass
class Running:
    """A server that is up: its base URL and its settings."""

    url: str
    config: ServerConfig

    def client(self, token: str | None = None) -> httpx2.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx2.Client(base_url=self.url, headers=headers, timeout=PATIENCE)


@contextmanager
def serve(
    config: ServerConfig, port: int = 0, wrap: Callable[[Any], Any] | None = None
) -> Iterator[Running]:
    """Run the app under uvicorn on a loopback port until the block ends (then stop it).

    `port` 0 picks a free one; a given port lets a restarted server be found at the same URL (the
    address may be reused: the previous server's closed connections can still be in TIME_WAIT).
    `wrap`, if given, wraps the app in an ASGI middleware of the test's (e.g. one adding headers).
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    port = sock.getsockname()[1]
    config = replace(config, host="127.0.0.1", port=port)
    app = create_app(config) if wrap is None else wrap(create_app(config))
    server = uvicorn.Server(uvicorn_config(app, config, log_config=None, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name=f"uvicorn:{port}")
    thread.start()
    deadline = time.monotonic() + PATIENCE
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            thread.join(PATIENCE)
            sock.close()
            raise RuntimeError("the test server did not start (see the captured log)")
        time.sleep(0.01)
    try:
        yield Running(f"http://127.0.0.1:{port}", config)
    finally:
        server.should_exit = True
        thread.join(PATIENCE)
        sock.close()
        assert not thread.is_alive(), "the test server did not stop"


def wait_for(what: str, check: Callable[[], Any], interval: float = 0.02) -> Any:
    """Poll `check` until it returns something truthy; fail (naming `what`) after PATIENCE seconds."""
    deadline = time.monotonic() + PATIENCE
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(interval)


def create(client: httpx2.Client, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"seats": seats, **body})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def human(name: str) -> dict[str, Any]:
    return {"kind": "human", "name": name}


def bot(spec: str = "random") -> dict[str, Any]:
    return {"kind": "bot", "bot": spec}


OPEN: dict[str, Any] = {"kind": "open"}


def get(client: httpx2.Client, table_id: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()
    return table


def timeless(table: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without its clock readings (how long seats have been away or idle), to compare."""
    seats = [{k: v for k, v in seat.items() if k not in ("away_seconds", "idle_seconds")}
             for seat in table["seats"]]
    return {**table, "seats": seats}


def table_log(client: httpx2.Client, table_id: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/log")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act(client: httpx2.Client, table_id: str, seq: int, *actions: str) -> httpx2.Response:
    return client.post(f"/api/tables/{table_id}/actions", json={"seq": seq, "actions": list(actions)})


def run_async(job: Callable[[Store], Any], url: str) -> Any:
    """Run `job(store)` on a store opened at `url`, in a fresh event loop (for direct checks)."""
    from isla.server.config import parse_database_url

    async def main() -> Any:
        store = await Store.open(parse_database_url(url))
        try:
            return await job(store)
        finally:
            await store.close()

    return asyncio.run(main())


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


class Apps:
    """The apps a test's servers run, to reach a server's table service once it has started
    (`serve(config, wrap=apps.wrap)`, then `apps.service(0)` for the first)."""

    def __init__(self) -> None:
        self.apps: list[Any] = []

    def wrap(self, app: Any) -> Any:
        self.apps.append(app)
        return app

    def service(self, index: int) -> Any:
        return self.apps[index].state.tables
