"""Server settings: where the data lives, which database, and how the tables behave.

One frozen object built once (by `isla serve` from its command line, or by tests directly) and
handed to `create_app`; nothing in the server reads the environment or global state on its own, so
two apps with different settings can run side by side in one process (the tests do).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from isla.core.errors import IslaError
from isla.server.mail.settings import MailSettings

if TYPE_CHECKING:  # SQLAlchemy is imported when a URL is built, not by `isla --help`
    from sqlalchemy.engine import URL

    from isla.ratings import Settings
    from isla.server.wallclock import WallClock

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DATABASE_FILE = "isla.db"
# The drivers the store is written and tested for (async SQLAlchemy dialects).
SUPPORTED_DRIVERS = ("sqlite+aiosqlite", "postgresql+asyncpg")


class ConfigError(IslaError):
    """A setting that cannot work (an unsupported database URL, an unusable data directory)."""


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/isla`, else `~/.local/share/isla`: where a self-hoster's games are kept."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "isla"


@dataclass(frozen=True)
class ServerConfig:
    """Everything the server needs to know; the defaults suit one person on a laptop."""

    data_dir: Path = field(default_factory=default_data_dir)
    # None: the SQLite file `isla.db` inside data_dir.
    database_url: str | None = None
    # Redis (redis://HOST[:PORT][/DB]): several processes on one PostgreSQL database share their
    # tables through it (cluster.py, docs/deploy.md "Several processes"). None: one process.
    redis_url: str | None = None
    # A process owns a live table (runs its bots, clocks and stand-ins) while its lease in Redis
    # lasts: `lease_seconds`, renewed every `renew_seconds`; a dead owner's tables are taken over
    # by another process once their leases expire.
    lease_seconds: float = 10.0
    renew_seconds: float = 3.0
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    # Seconds a bot waits before each move, so a person can follow what happened.
    bot_pace: float = 0.5
    # Upper bound on a bot's thinking time per decision (the levels are iteration budgets).
    bot_seconds: float | None = 5.0
    # Worker processes in which searching bots think, so that nobody's move waits for a bot
    # (botpool.py). None: one per core but one, at least one. 0: bots think in the server process.
    bot_workers: int | None = None
    # A finished (or abandoned) table leaves memory this long after its last follower left; it is
    # read back from the log when someone asks for it again.
    release_seconds: float = 60.0
    # How long a SQLite write waits for another connection's write lock before it gives up and is
    # answered 503 'unavailable' (milliseconds). Reads never wait for the lock.
    sqlite_busy_ms: int = 30_000
    # Request bodies larger than this are refused with 413 before they are parsed.
    max_body_bytes: int = 64 * 1024
    # WebSocket messages larger than this are refused with an error (the connection stays open).
    max_message_bytes: int = 64 * 1024
    # Messages one WebSocket connection may send: on average per second, and in one burst. Past
    # that, messages are refused with an error; a connection refused a whole burst in a row is closed.
    ws_messages_per_second: float = 20.0
    ws_message_burst: int = 60
    # What one client may hold at once (docs/server.md, "Limits"): live (open or playing) tables
    # per account or guest and per client address, and live tables of bots only per address.
    max_tables_per_player: int = 20
    max_tables_per_client: int = 50
    max_bot_tables_per_client: int = 5
    # Connections per client address: WebSockets, and TCP connections of any kind (WebSockets
    # included); new connections per second on average and in one burst.
    max_websockets_per_client: int = 32
    max_connections_per_client: int = 128
    connects_per_second: float = 20.0
    connect_burst: int = 100
    # A request's head (request line and headers) may be this large, and must be complete this
    # many seconds after the connection opened or the previous response was sent.
    max_header_bytes: int = 16 * 1024
    header_seconds: float = 10.0
    # Another player may hand a seat to a bot once its player has been disconnected this long, or
    # has been to move this long without moving; the player can take the seat back at any time.
    away_seconds: float = 60.0
    idle_seconds: float = 120.0
    # The bot level that stands in for an absent player.
    stand_in_level: str = "medium"
    # Accounts: argon2id cost (the defaults take about 1 s per hash on a 2-core machine), how long a
    # session lasts, and whether cookies are marked Secure (set it when serving over https).
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 64 * 1024
    session_days: int = 30
    secure_cookies: bool = False
    # Sign-in attempts (as a guest, registering, logging in) one client address may make: on average
    # per minute, and in one burst. Past that: 429 `too_many` until its bucket refills (signins.py).
    sign_ins_per_minute: float = 10.0
    sign_in_burst: int = 20
    # How often the sessions of open WebSockets are checked: an expired session's sockets are closed.
    session_check_seconds: float = 60.0
    # Reverse proxies whose X-Forwarded-For names the real client (addresses or networks, e.g.
    # "127.0.0.1" or "10.0.0.0/8"). Empty: the header is ignored and the peer is the client.
    trusted_proxies: tuple[str, ...] = ()
    # Host names the server answers to besides those it was started with (`host`, with `port`),
    # e.g. its public name behind a proxy; "*" for any. A server bound to every interface (0.0.0.0,
    # ::) answers to every name unless some are given. Other names get 400 forbidden_host (hosts.py).
    allowed_hosts: tuple[str, ...] = ()
    # Origins (https://name[:port]) whose pages may act with a signed-in browser's session cookie,
    # besides the server's own (origin.py): a proxy's public origin when it does not pass the Host on.
    allowed_origins: tuple[str, ...] = ()
    # The ladder (docs/ratings.md): points by player count and place, each row replacing the
    # default for its count ((4, (10, 6, 3, 1)), ...; empty: the default table), and the season
    # length in days (0: one endless season).
    points_table: tuple[tuple[int, tuple[int, ...]], ...] = ()
    season_days: int = 0
    # Email notices (server/mail/): the SMTP server to send through; None: no email features.
    mail: MailSettings | None = None
    # The server's public address (https://isla.example.org), used in the links mails carry.
    # None: the address it was started with (`public_url()`).
    site_url: str | None = None
    # The wall time the tables' clocks read and wait on (wallclock.py); None: the system's. Tests
    # give a ManualClock, so a bank runs out when the test says, without sleeping.
    wall_clock: WallClock | None = field(default=None, compare=False, repr=False)

    def ratings(self) -> Settings:
        """What every rated game goes through: the Elo, this points table and these seasons."""
        from isla.server.ladder_settings import ratings_settings

        try:
            return ratings_settings(self.points_table, self.season_days)
        except ValueError as error:
            raise ConfigError(str(error)) from None

    # Chat (chat.py): the longest message, how many messages one person may send in a window of
    # this many seconds (a token bucket: the burst refills at that rate), and how many of a room's
    # newest messages a page gets when it connects.
    chat_max_chars: int = 500
    chat_messages: int = 5
    chat_window_seconds: float = 10.0
    chat_history: int = 100

    def workers(self) -> int:
        """How many bot worker processes to run (`bot_workers`, or its default)."""
        if self.bot_workers is not None:
            return self.bot_workers
        from isla.server.botpool import spare_cores

        return spare_cores()

    def sqlite_path(self) -> Path:
        return self.data_dir / DATABASE_FILE

    def url(self) -> URL:
        """The database URL to connect to, checked against the drivers the store supports."""
        from sqlalchemy.engine import URL

        if self.database_url is None:
            return URL.create("sqlite+aiosqlite", database=str(self.sqlite_path()))
        return parse_database_url(self.database_url)

    def public_url(self) -> str:
        """Where a browser reaches this server (what `isla serve` prints)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def link_base(self) -> str:
        """Where links in mails point: `site_url` if given, else `public_url()`."""
        return (self.site_url or self.public_url()).rstrip("/")


def parse_database_url(text: str) -> URL:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(text)
    except ArgumentError:
        raise ConfigError(f"cannot read the database URL {text!r}") from None
    if url.drivername not in SUPPORTED_DRIVERS:
        raise ConfigError(
            f"unsupported database {url.drivername!r} in the database URL "
            f"(use one of: {', '.join(d + '://...' for d in SUPPORTED_DRIVERS)})"
        )
    _check_driver(url.drivername)
    return url


# The drivers that are extras of the package: the database, the driver's module and the extra that
# installs it (pyproject.toml).
DRIVER_EXTRAS = {"postgresql+asyncpg": ("PostgreSQL", "asyncpg", "postgres")}
# Redis's client, an extra too: (what needs it, the module, the extra).
REDIS_EXTRA = ("--redis-url", "redis.asyncio", "redis")
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def _check_driver(drivername: str) -> None:
    """A database whose driver is an extra that is not installed: one line naming the extra."""
    if drivername in DRIVER_EXTRAS:
        _need(*DRIVER_EXTRAS[drivername])


def _need(what: str, module: str, extra: str) -> None:
    """`module`, an extra's, is importable; else one line naming the extra that installs it."""
    try:
        __import__(module)
    except ImportError:
        name = module.split(".", maxsplit=1)[0]
        raise ConfigError(
            f"{what} needs its {'client' if what.startswith('--') else 'driver'} {name}, which is not "
            f"installed: pip install 'isla[{extra}]'"
        ) from None


def check_redis_url(text: str) -> str:
    """A Redis URL the server can use (its client installed), else one ConfigError line."""
    if not text.startswith(REDIS_SCHEMES):
        raise ConfigError(f"cannot read the Redis URL {text!r}: it starts with redis://, rediss:// or unix://"
                          " (redis://127.0.0.1:6379/0)")
    _need(*REDIS_EXTRA)
    return text


def describe_redis(url: str) -> str:
    """A Redis URL without its user and password, for messages and logs."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}"


def describe_url(url: URL) -> str:
    """The URL without its password, for messages and logs."""
    return url.render_as_string(hide_password=True)
