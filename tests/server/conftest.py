"""Fixtures for the server tests: every database test runs on a SQLite file AND on PostgreSQL.

PostgreSQL is reached at $ISLA_TEST_POSTGRES_URL (default: the local server with trust auth,
`postgresql+asyncpg://postgres@127.0.0.1:5432/postgres`, which is what these machines and CI run;
`.ci/run` makes sure it is up). The session creates a fresh database `isla_test_<random>` there,
migrates it, empties it before each test, and drops it at the end. When PostgreSQL cannot be
reached the PostgreSQL tests FAIL with that message; they never skip.

The tests of several server processes (test_many_processes.py) need Redis too, at
$ISLA_TEST_REDIS_URL (default `redis://127.0.0.1:6379/0`, which `.ci/run` starts); without it they
fail with that message. Their processes name the channel and keys after the test database, so they
meet no other user of that Redis.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path
from typing import Any

import pytest
from servertools import Apps, Running, serve, sqlite_url
from sqlalchemy import text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import create_async_engine

from isla.server import ServerConfig
from isla.server.store import Store

POSTGRES_ADMIN_URL = os.environ.get(
    "ISLA_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("ISLA_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
TABLES = (
    "turn_notices_sent", "account_emails",
    "ladder_points", "rating_history", "ratings", "rated_games", "seat_results",
    "chat_messages", "sessions", "table_events", "table_actions", "table_seats", "game_tables", "users",
)


async def _admin(url: URL, statement: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


async def _migrate(url: URL) -> None:
    store = await Store.open(url)
    await store.close()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh, migrated PostgreSQL database for this test session (dropped afterwards)."""
    admin = make_url(POSTGRES_ADMIN_URL)
    name = f"isla_test_{secrets.token_hex(4)}"
    try:
        asyncio.run(_admin(admin, f'CREATE DATABASE "{name}"'))
    except Exception as error:
        pytest.fail(
            f"PostgreSQL is needed for these tests and cannot be reached at "
            f"{admin.render_as_string(hide_password=True)} ({type(error).__name__}: {error}); "
            "start it (bash .ci/run does) or set ISLA_TEST_POSTGRES_URL",
            pytrace=False,
        )
    url = admin.set(database=name)
    try:
        asyncio.run(_migrate(url))
        yield url.render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _empty(url: str) -> None:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text(f"TRUNCATE {', '.join(TABLES)}"))
    finally:
        await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database of one test: a new SQLite file, or the session's PostgreSQL database emptied."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "isla.db")
    url: str = request.getfixturevalue("postgres_url")
    asyncio.run(_empty(url))
    return url


@pytest.fixture
def postgres_database(postgres_url: str) -> str:
    """The session's PostgreSQL database emptied, for the tests only PostgreSQL can run."""
    asyncio.run(_empty(postgres_url))
    return postgres_url


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The Redis the tests of several processes share their tables through (it must answer)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis is needed for these tests and cannot be reached at {REDIS_URL} "
                    f"({type(error).__name__}: {error}); start it (bash .ci/run does) or set "
                    "ISLA_TEST_REDIS_URL", pytrace=False)
    finally:
        client.close()
    return REDIS_URL


@pytest.fixture
def postgres_admin_url() -> str:
    """A URL for managing the PostgreSQL server itself (its `postgres` database)."""
    return POSTGRES_ADMIN_URL


ServerFactory = Callable[..., AbstractContextManager[Running]]


@pytest.fixture
def config(database_url: str, tmp_path: Path) -> ServerConfig:
    """Settings for a test server on the test's database; bots move without waiting."""
    return ServerConfig(
        data_dir=tmp_path, database_url=database_url, bot_pace=0.0, bot_seconds=None,
        argon2_time_cost=1, argon2_memory_kib=64,  # cheap hashing: these tests are not about its cost
    )


@pytest.fixture
def shared(postgres_database: str, redis_url: str, tmp_path: Path) -> ServerConfig:
    """Settings for test servers in this process that share the test's PostgreSQL database through
    Redis (give each its own `data_dir`); bots in the server process, moving without waiting."""
    return ServerConfig(
        data_dir=tmp_path, database_url=postgres_database, redis_url=redis_url, bot_pace=0.0,
        bot_seconds=None, bot_workers=0, argon2_time_cost=1, argon2_memory_kib=64,
    )


@pytest.fixture
def apps() -> Apps:
    return Apps()


@pytest.fixture
def server(config: ServerConfig) -> Iterator[Running]:
    """A running server on the test's database (SQLite file or PostgreSQL)."""
    with serve(config) as running:
        yield running


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[Running]:
    """A running server on a SQLite file, for tests about HTTP itself rather than the database."""
    config = ServerConfig(
        data_dir=tmp_path, bot_pace=0.0, bot_seconds=None, argon2_time_cost=1, argon2_memory_kib=64
    )
    with serve(config) as running:
        yield running


@pytest.fixture
def servers() -> Iterator[Callable[..., Running]]:
    """Start servers (stopped at the end of the test): `servers(config)`."""
    with ExitStack() as stack:

        def start(config: ServerConfig, **changes: Any) -> Running:
            from dataclasses import replace

            return stack.enter_context(serve(replace(config, **changes)))

        yield start
