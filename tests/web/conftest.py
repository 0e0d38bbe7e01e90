"""Fixtures for the end-to-end tests: a real server on a SQLite file, driven through Debian's Chromium.

The browser is `/usr/bin/chromium` (Debian's package, which `.ci/run` installs), launched by
Playwright through pytest-playwright's fixtures with `executable_path`; Playwright's own browser
downloads (`playwright install`) are never used. When Chromium is missing the tests FAIL with that
message; they never skip.

The server is the one the server tests use (`tests/server/servertools.py`: uvicorn in a thread on a
free port), with bots that move at once (every wait below is for the server or the page to do
something, never a timed assertion).

Every Playwright wait is bounded by the suite's patience (servertools.PATIENCE), also the implicit
ones: the `new_context` fixture (behind pytest-playwright's `context` and `page`) gives each context
it as the default timeout of actions and navigations, and `expect` gets it as its default. A test
that needs a game in progress starts from a stored position (positions.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

# The server tests' helpers (a real server in a thread, HTTP clients): that folder is on sys.path
# only while its own tests run, so put it there for these too.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from servertools import PATIENCE, Running, serve
from webserver import Restartable

from isla.core import Game, game_names
from isla.core.registry import register, unregister
from isla.server import ServerConfig

CHROMIUM = Path("/usr/bin/chromium")
# Bots move at once: the page is pushed the newest table (pushes are coalesced) and every log line,
# however fast they come, and a whole game is not spent waiting for bots.
BOT_PACE = 0.0
PATIENCE_MS = PATIENCE * 1000


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
    """pytest-playwright's launch arguments (headless unless --headed), with Debian's Chromium, which
    may take up to PATIENCE to start (Playwright's default: 30 s)."""
    return {**browser_type_launch_args, "executable_path": str(chromium), "timeout": PATIENCE_MS}


@pytest.fixture(scope="session", autouse=True)
def _patient_expect() -> None:
    """`expect(...)` waits up to PATIENCE unless a test says otherwise (Playwright's default: 5 s)."""
    expect.set_options(timeout=PATIENCE_MS)


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext]) -> Callable[..., BrowserContext]:
    """pytest-playwright's `new_context`, whose contexts wait up to PATIENCE for every action
    (click, fill, wait_for_...) and navigation unless told otherwise (Playwright's default: 30 s)."""

    def patient(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        context.set_default_timeout(PATIENCE_MS)
        context.set_default_navigation_timeout(PATIENCE_MS)
        return context

    return patient


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's context arguments, for a player who prefers reduced motion: the page then
    skips its glow on every change (a CSS filter animation that only costs CPU on a busy machine)."""
    return {**browser_context_args, "reduced_motion": "reduce"}


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


@pytest.fixture
def lagoon() -> Iterator[Game]:
    """The test game Lagoon (tests/lagoon), which declares no board of its own, registered as a game
    from outside Isla joins it (the test servers run in this process); forgotten after the test
    unless it was registered before (tests/lagoon/conftest.py registers it for its own tests)."""
    folder = str(Path(__file__).resolve().parent.parent / "lagoon")
    if folder not in sys.path:
        sys.path.append(folder)
    from lagoon.game import GAME

    known = GAME.name in game_names()
    register(GAME)
    try:
        yield GAME
    finally:
        if not known:
            unregister(GAME.name)
