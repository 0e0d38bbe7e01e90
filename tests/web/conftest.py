"""Fixtures for the end-to-end tests: a real server on a SQLite file, driven through Debian's Chromium.

The browser is `/usr/bin/chromium` (Debian's package, which `.ci/run` installs), launched by
Playwright through pytest-playwright's fixtures with `executable_path`; Playwright's own browser
downloads (`playwright install`) are never used. When Chromium is missing the tests FAIL with that
message; they never skip.

The server is the one the server tests use (`tests/server/servertools.py`: uvicorn in a thread on a
free port), with bots that move quickly (every wait below is for the server or the page to do
something, never a timed assertion).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The server tests' helpers (a real server in a thread, HTTP clients): that folder is on sys.path
# only while its own tests run, so put it there for these too.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from servertools import Running, serve
from webserver import Restartable

from isla.server import ServerConfig

CHROMIUM = Path("/usr/bin/chromium")
# Bots wait this long before each move: long enough for the page to show every move, short
# enough that a whole game against three bots takes seconds.
BOT_PACE = 0.05


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's Chromium; its absence fails the run (install it with `apt-get install chromium`)."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium; "
            "bash .ci/run installs it); they never use `playwright install`",
            pytrace=False,
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], chromium: Path) -> dict[str, Any]:
    """pytest-playwright's launch arguments (headless unless --headed), with Debian's Chromium."""
    return {**browser_type_launch_args, "executable_path": str(chromium)}


@pytest.fixture(scope="session")
def base_url() -> str | None:
    """No base URL (every test server has its own port; the tests use full URLs).

    Defined here because pytest-playwright's fallback fixture of this name (used when
    pytest-base-url is not installed) is an instance method, which pytest 9 deprecates with a
    warning that this project's warnings-as-errors turns into a failure.
    """
    return None


@pytest.fixture
def web_config(tmp_path: Path) -> ServerConfig:
    """A server on a fresh SQLite file whose bots move fast (the easy bots' thinking is instant)."""
    return ServerConfig(
        data_dir=tmp_path,
        bot_pace=BOT_PACE,
        bot_seconds=None,
        argon2_time_cost=1,
        argon2_memory_kib=8 * 1024,
    )


@pytest.fixture
def server(web_config: ServerConfig) -> Iterator[Running]:
    with serve(web_config) as running:
        yield running


@pytest.fixture
def restartable(web_config: ServerConfig) -> Iterator[Restartable]:
    server = Restartable(web_config)
    try:
        yield server
    finally:
        server.stop()
