"""`isla serve`: run the Isla server (HTTP API now; the browser table in a later landing).

    isla serve                                   # http://127.0.0.1:8000/, SQLite in the data directory
    isla serve --port 9000 --data-dir ./isla-data
    isla serve --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/isla
    isla serve --database-url postgresql+asyncpg://... --redis-url redis://127.0.0.1:6379/0  # one of several

Before uvicorn starts, the command opens the database (creating the SQLite file and applying the
migrations) and binds the port itself, so the usual mistakes - an unreachable database, a port in
use - end with one "isla: ..." line and status 2 instead of a server log full of tracebacks.
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from isla.cli.common import CliError, whole_number
from isla.cli.mailflags import add_mail_flags, mail_settings, public_url
from isla.cli.server_options import add_database_options, add_ladder_options, stored_config
from isla.server.config import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    ServerConfig,
    check_redis_url,
    describe_redis,
    describe_url,
)

if TYPE_CHECKING:
    from sqlalchemy import URL

    from isla.server.store import Store


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"must be between 0 and 3600 seconds, not {text}")
    return value


async def open_store(config: ServerConfig) -> Store:
    """The server's database, created and migrated; a problem is one CliError line."""
    from isla.server.store import Store

    url = config.url()
    try:
        return await Store.open(url, config.sqlite_busy_ms)
    except Exception as error:
        lines = str(error).strip().splitlines() or [type(error).__name__]
        raise CliError(f"cannot open the database {describe_url(url)}: {lines[0]}") from None


async def _prepare(config: ServerConfig) -> None:
    """Open the database once (creating and migrating it), to report problems before serving."""
    store = await open_store(config)
    await store.close()


def _listen(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise CliError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise CliError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    sock.set_inheritable(True)
    return sock


def _proxy(text: str) -> str:
    import ipaddress

    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an IP address or network, not {text!r}") from None
    return text


def _host(text: str) -> str:
    from isla.server.hosts import host_list

    try:
        host_list(DEFAULT_HOST, DEFAULT_PORT, (text,))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _origin(text: str) -> str:
    from isla.server.origin import allowed_origins

    try:
        allowed_origins((text,))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _bot_level(text: str) -> str:
    """A level or kind the server offers (no budget of its own: that could occupy a core for hours)."""
    from isla.bots import bot_names

    if text not in bot_names():
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(bot_names())}, not {text!r}")
    return text


def _window(text: str) -> float:
    value = _number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0 seconds, not {text}")
    return value


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number per second, not {text!r}") from None
    if not 0 < value <= 100_000:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 100000, not {text}")
    return value


def serve_config(args: argparse.Namespace) -> ServerConfig:
    """The server's settings from `isla serve`'s arguments."""
    return stored_config(
        args,
        host=args.host,
        port=args.port,
        bot_pace=args.bot_pace,
        bot_workers=args.bot_workers,
        away_seconds=args.away_seconds,
        idle_seconds=args.idle_seconds,
        stand_in_level=args.stand_in_level,
        secure_cookies=args.secure_cookies,
        trusted_proxies=tuple(args.trusted_proxy),
        allowed_hosts=tuple(args.allowed_host),
        allowed_origins=tuple(args.allowed_origin),
        mail=mail_settings(args),  # issue 16: email notices (cli/mailflags.py)
        site_url=public_url(args),
        redis_url=args.redis_url,
        **{name: getattr(args, name) for name in LIMITS},
    )


def cmd_serve(args: argparse.Namespace) -> int:
    config = serve_config(args)
    url = config.url()  # an unsupported URL fails here, with its one-line message
    config.ratings()  # so does a points table or season length that cannot work
    if config.redis_url is not None:
        check_redis_url(config.redis_url)  # a URL it cannot read, or the extra missing: one line
    if config.database_url is None:
        try:
            config.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CliError(f"cannot create the data directory {str(config.data_dir)!r}: "
                           f"{error.strerror or error}") from None
    from isla.server.oneprocess import AlreadyServed, postgres_claim, sqlite_claim, sqlite_file

    database = sqlite_file(url)
    if config.redis_url is not None and url.get_backend_name() != "postgresql":
        raise CliError("--redis-url needs PostgreSQL (--database-url postgresql+asyncpg://...): an SQLite "
                       "database is served by one process (docs/deploy.md, \"Several processes\")")
    # With Redis, any number of processes serve one PostgreSQL database (cluster.py): no claim.
    claim = None if database is not None or config.redis_url is not None else postgres_claim
    try:
        with sqlite_claim(database) if database is not None else contextlib.nullcontext():
            return _serve(args, config, url, claim)
    except AlreadyServed as refused:
        raise CliError(str(refused)) from None


def _serve(args: argparse.Namespace, config: ServerConfig, url: URL,
           claim: Callable[[URL], contextlib.AbstractAsyncContextManager[None]] | None) -> int:
    """Prepare the database, bind the port and run uvicorn (holding `claim` on the database while
    it serves, when the database's claim is taken inside the server's loop)."""
    import asyncio

    import uvicorn

    from isla.server import create_app
    from isla.server.collector import settle
    from isla.server.guard import uvicorn_config
    from isla.server.oneprocess import AlreadyServed

    asyncio.run(_prepare(config))
    sock = _listen(config.host, config.port)
    config = replace(config, port=sock.getsockname()[1])  # --port 0 picks a free port
    redis = config.redis_url
    shared = "" if redis is None else f", shared through Redis at {describe_redis(redis)}"
    announce = (f"Isla is serving {config.public_url()} (database: {describe_url(url)}{shared}); "
                "Ctrl+C stops it\n")

    app = create_app(config)

    class Server(uvicorn.Server):
        refused: AlreadyServed | None = None
        _claims = contextlib.AsyncExitStack()

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            if claim is not None:  # before any table is loaded or any bot moves
                try:
                    await self._claims.enter_async_context(claim(url))
                except AlreadyServed as refused:
                    self.refused = refused
                    self.should_exit = True
                    return
            await super().startup(sockets)
            if self.started:
                settle()  # what start-up made stays: out of the garbage collector's way (collector.py)
                self._settling = asyncio.get_running_loop().create_task(self._settle_when_rebuilt())
                sys.stdout.write(announce)
                sys.stdout.flush()

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            try:
                await super().shutdown(sockets)
            finally:
                await self._claims.aclose()

        async def _settle_when_rebuilt(self) -> None:
            with contextlib.suppress(Exception):
                await app.state.tables.rebuilt()
                settle()

    server = Server(uvicorn_config(app, config, log_level=args.log_level))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl+C: uvicorn has shut down cleanly and re-raised the signal
        pass
    finally:
        sock.close()
    if server.refused is not None:
        raise server.refused
    if not server.started:
        raise CliError("the server did not start (see the log above)")
    return 0


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    p = commands.add_parser(
        "serve",
        help="run the Isla server: play in the browser, with friends and bots",
        description="Run the Isla server. On first start it creates its SQLite database in the data "
        "directory (or uses --database-url) and brings the schema up to date; then it prints its URL: "
        "open it in a browser to play. Running it: docs/server.md; the HTTP and WebSocket API: "
        "docs/api.md and, live, /openapi.json.",
        epilog="examples:\n  isla serve\n  isla serve --port 9000 --data-dir ./isla-data\n"
        "  isla serve --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/isla",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    p.add_argument(
        "--port", type=whole_number(0, 65535), default=DEFAULT_PORT,
        help=f"port to listen on, 0 for any free one (default {DEFAULT_PORT})",
    )
    add_database_options(p)
    p.add_argument(
        "--redis-url", metavar="URL",
        help="let several isla serve processes share one PostgreSQL database through this Redis, e.g. "
        "redis://127.0.0.1:6379/0 (needs pip install 'isla[redis]'; docs/deploy.md, \"Several processes\")",
    )
    p.add_argument(
        "--bot-pace", type=_number, default=ServerConfig.bot_pace, metavar="SECONDS",
        help=f"how long bots wait before each move, so people can follow (default {ServerConfig.bot_pace})",
    )
    p.add_argument(
        "--bot-workers", type=whole_number(0, 256), default=None, metavar="N",
        help="worker processes in which searching bots think, so nobody's move waits for a bot "
        "(default: one per core but one, at least one; 0: bots think in the server process)",
    )
    p.add_argument(
        "--away-seconds", type=_number, default=ServerConfig.away_seconds, metavar="SECONDS",
        help="a person gone this long may have their seat handed to a bot by the others "
        f"(default {ServerConfig.away_seconds:g})",
    )
    p.add_argument(
        "--idle-seconds", type=_number, default=ServerConfig.idle_seconds, metavar="SECONDS",
        help="so may a person who has been to move this long without moving "
        f"(default {ServerConfig.idle_seconds:g})",
    )
    p.add_argument(
        "--stand-in-level", default=ServerConfig.stand_in_level, type=_bot_level, metavar="LEVEL",
        help=f"the bot level that plays for an absent person (default {ServerConfig.stand_in_level})",
    )
    p.add_argument(
        "--secure-cookies", action="store_true",
        help="mark session cookies Secure: set it when the server is reached over https (a proxy)",
    )
    p.add_argument(
        "--trusted-proxy", action="append", default=[], type=_proxy, metavar="ADDRESS",
        help="a reverse proxy (address or network, e.g. 127.0.0.1 or 10.0.0.0/8) whose "
        "X-Forwarded-For header names the real client, for the per-client limits; repeat for several "
        "(default: none, the header is ignored)",
    )
    _add_limits(p)
    add_ladder_options(p)
    add_mail_flags(p)
    p.add_argument(
        "--allowed-host", action="append", default=[], type=_host, metavar="NAME",
        help="a host name (or name:port) the server answers to besides those of --host, e.g. its public "
        "name behind a proxy; repeat for several, '*' for any (default: for a loopback --host, "
        "localhost, 127.0.0.1 and [::1] on the port; for 0.0.0.0 or ::, any name)",
    )
    p.add_argument(
        "--allowed-origin", action="append", default=[], type=_origin, metavar="ORIGIN",
        help="an origin (https://name[:port]) whose pages may act for a signed-in browser besides the "
        "server's own, e.g. a proxy's public origin when it does not pass the Host header on; repeat for "
        "several (default: none)",
    )
    p.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
        help="how much the server logs (default info)",
    )
    p.set_defaults(handler=cmd_serve)


def _add_limits(p: argparse.ArgumentParser) -> None:
    """The flags of what one client may hold or send (docs/server.md, "Limits"), one per setting."""
    limits = p.add_argument_group("limits per client (docs/server.md, \"Limits\")")
    for name, (kind, metavar, what) in LIMITS.items():
        default = getattr(ServerConfig, name)
        limits.add_argument("--" + name.replace("_", "-"), type=kind, default=default, metavar=metavar,
                            help=f"{what} (default {default:g})")


def _count(text: str) -> int:
    return whole_number(1, 1_000_000)(text)


# ServerConfig setting -> (the flag's type, metavar, help); the flag is the setting's name.
LIMITS: dict[str, tuple[Callable[[str], Any], str, str]] = {
    "max_tables_per_player": (_count, "N", "live tables one account or guest may create"),
    "max_tables_per_client": (_count, "N", "live tables one client address may create"),
    "max_bot_tables_per_client": (_count, "N", "live tables with bots only one client address may create"),
    "max_websockets_per_client": (_count, "N", "open WebSockets per client address"),
    "max_connections_per_client": (_count, "N", "open connections per client address, WebSockets included"),
    "connects_per_second": (_rate, "RATE", "new connections one client address may open a second on average"),
    "connect_burst": (_count, "N", "new connections one client address may open at once"),
    "max_header_bytes": (whole_number(1024, 1 << 20), "BYTES",
                         "largest request head (request line and headers) accepted"),
    "header_seconds": (_number, "SECONDS", "how long a connection may take to send a request's headers"),
    "chat_max_chars": (whole_number(1, 10_000), "N", "the longest chat message, in characters"),
    "chat_messages": (whole_number(1, 1000), "N", "chat messages one person may send in a window"),
    "chat_window_seconds": (_window, "SECONDS", "the window of --chat-messages"),
    "chat_history": (whole_number(0, 10_000), "N", "a chat room's newest messages a page gets on connecting"),
}
