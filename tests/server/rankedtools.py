"""Helpers for the ranked-table tests: accounts signed in like a browser, games played to the end
through the API, and the rating rows read straight from the database."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx2
from servertools import PATIENCE, Running, get, wait_for
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

PASSWORD = "correct horse"


@contextmanager
def account(server: Running, name: str) -> Iterator[httpx2.Client]:
    """A browser-like client (cookies, Origin) signed in to a new account called `name`."""
    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}, timeout=PATIENCE) as client:
        response = client.post("/api/auth/register", json={"name": name, "password": PASSWORD})
        assert response.status_code == 201, response.text
        yield client


@contextmanager
def guest(server: Running, name: str) -> Iterator[httpx2.Client]:
    """A browser-like client playing as a guest called `name`."""
    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}, timeout=PATIENCE) as client:
        response = client.post("/api/auth/guest", json={"name": name})
        assert response.status_code == 201, response.text
        yield client


def play_out(client: httpx2.Client, table_id: str, seed: int = 1) -> httpx2.Response | None:
    """Play the caller's seat with random legal moves until the game is over; the answer to the
    caller's last move (None if the caller never moved last)."""
    rng = random.Random(seed)
    last: httpx2.Response | None = None

    def step() -> bool:
        nonlocal last
        table = get(client, table_id)
        if table["status"] != "playing":
            return True
        if table["legal"]:
            response = client.post(f"/api/tables/{table_id}/actions",
                                   json={"seq": table["seq"], "actions": [rng.choice(table["legal"])]})
            if response.status_code == 200:
                last = response
                return response.json()["status"] != "playing"
        return False

    wait_for(f"the game at table {table_id} to end", step, interval=0.005)
    return last


def finished(client: httpx2.Client, table_id: str) -> dict[str, Any]:
    return wait_for(f"table {table_id} to finish",
                    lambda: (t := get(client, table_id))["status"] == "finished" and t)


def rows(url: str, query: str, **params: Any) -> list[tuple[Any, ...]]:
    """The rows of one SQL query on the test's database."""

    async def main() -> list[tuple[Any, ...]]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                return [tuple(row) for row in await connection.execute(text(query), params)]
        finally:
            await engine.dispose()

    return asyncio.run(main())


def execute(url: str, *statements: str) -> None:
    """Run SQL statements that change the test's database, in one transaction."""

    async def main() -> None:
        engine = create_async_engine(url)
        try:
            async with engine.begin() as connection:
                for statement in statements:
                    await connection.execute(text(statement))
        finally:
            await engine.dispose()

    asyncio.run(main())
