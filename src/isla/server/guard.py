"""The front door: what one client may cost the server before a request reaches the application.

Uvicorn alone lets one client hold as many connections as it likes, open them as fast as it can,
send request headers of any size (its default parser has no limit) and take forever to finish
them. `GuardedProtocol` is uvicorn's h11 protocol with these bounds (docs/server.md, "Limits"):

- at most `max_connections_per_client` open connections per client address, WebSockets included,
  and new ones at `connects_per_second` on average (bursts of `connect_burst`); past that a new
  connection is answered 429 `too_many` and closed;
- a request head (request line and headers) of at most `max_header_bytes` (else 431 `too_large`),
  complete within `header_seconds` of the connection opening or the previous response (else 408
  `timeout`, or a silent close when nothing of it came).

The client here is the connection's peer: the request's own claims (X-Forwarded-For) are not
read yet. Behind a reverse proxy every connection comes from the proxy, so a peer that is one of
`trusted_proxies` is not counted (the proxy bounds its own clients); every other peer is. The
limits the application applies (tables, WebSockets, sign-ins) count the client the proxy names.

`uvicorn_config` builds the uvicorn settings of an Isla server, guard included; `isla serve` and
the tests' servers both use it, so the tests run the guard that serves.
"""

from __future__ import annotations

import asyncio
import http
import ipaddress
import json
import re
from collections import Counter
from typing import Any, cast

import h11
import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from isla.server.clients import UNKNOWN
from isla.server.config import ServerConfig
from isla.server.ratelimit import TokenBucket

# A refused connection is kept this long after its answer, reading and dropping what the client
# still sends, so that the client reads the answer instead of a connection reset.
LINGER_SECONDS = 2.0
# Past this many remembered addresses, those whose connect rate is back to a full burst are forgotten.
REMEMBERED = 4096
# WebSocket frames beyond this close the connection; smaller ones over the server's message limit
# (64 KiB) are answered with an error and the connection stays open.
WS_MAX_BYTES = 1 << 20
_HEAD_END = re.compile(rb"\n\r?\n")  # the blank line after the headers, as h11 finds it


class ConnectionGuard:
    """Open connections and connect rates per client address, shared by all connections of a server."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.trusted = [ipaddress.ip_network(proxy, strict=False) for proxy in config.trusted_proxies]
        self.open: Counter[str] = Counter()
        self.rates: dict[str, TokenBucket] = {}

    def exempt(self, address: str) -> bool:
        """Whether `address` is a trusted proxy, whose connections carry many clients'."""
        try:
            peer = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(peer in network for network in self.trusted)

    def admit(self, address: str) -> str | None:
        """Count a new connection from `address`; None if it may go on, else why it is refused.

        A refused connection is not counted as open, but it does count against the connect rate.
        """
        if self.exempt(address):
            return None
        config = self.config
        bucket = self.rates.get(address)
        if bucket is None:
            if len(self.rates) >= REMEMBERED:
                self.rates = {known: rate for known, rate in self.rates.items() if not rate.full()}
            bucket = self.rates[address] = TokenBucket(config.connects_per_second, config.connect_burst)
        if not bucket.take():
            return (f"too many new connections from your address: at most "
                    f"{config.connects_per_second:g} a second; wait a moment and try again")
        if self.open[address] >= config.max_connections_per_client:
            return (f"too many connections from your address: at most {config.max_connections_per_client} "
                    "at once; close some (pages of this server, programs) and try again")
        self.open[address] += 1
        return None

    def release(self, address: str) -> None:
        """A connection `admit` counted has closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class GuardedConfig(uvicorn.Config):
    """Uvicorn's settings plus the guard its connections share."""

    def __init__(self, app: ASGIApp, guard: ConnectionGuard, **options: Any) -> None:
        super().__init__(app, **options)
        self.guard = guard


class GuardedProtocol(H11Protocol):
    """Uvicorn's h11 HTTP protocol, bounded per client as the module says.

    After a WebSocket upgrade uvicorn hands the connection to its WebSocket protocol; this one stays
    the transport's protocol and passes everything on to it, so that the connection is counted until
    it closes, whatever it carries.
    """

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if not isinstance(config, GuardedConfig):
            raise TypeError("GuardedProtocol needs the settings uvicorn_config builds")
        self.guard = config.guard
        self.counted: str | None = None  # the address this connection is counted under
        self.refused = False
        self.upgraded: asyncio.Protocol | None = None
        self.head_timer: asyncio.TimerHandle | None = None
        self.linger_timer: asyncio.TimerHandle | None = None

    # --- the connection -------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = str(self.client[0]) if self.client else UNKNOWN
        problem = self.guard.admit(address)
        if problem is not None:
            self.refuse(429, problem, "too_many")
            return
        if not self.guard.exempt(address):
            self.counted = address
        self.expect_head()

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self.head_timer, self.linger_timer):
            if timer is not None:
                timer.cancel()
        if self.counted is not None:
            self.guard.release(self.counted)
            self.counted = None
        if self.upgraded is not None:
            self.upgraded.connection_lost(exc)
            return
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.upgraded is not None:
            self.upgraded.data_received(data)
        elif not self.refused:  # a refused connection's data is dropped while it lingers
            super().data_received(data)

    def eof_received(self) -> None:
        if self.upgraded is not None:
            self.upgraded.eof_received()

    def pause_writing(self) -> None:
        if self.upgraded is not None:
            self.upgraded.pause_writing()
        else:
            super().pause_writing()

    def resume_writing(self) -> None:
        if self.upgraded is not None:
            self.upgraded.resume_writing()
        else:
            super().resume_writing()

    # --- request heads --------------------------------------------------------------------

    def expect_head(self) -> None:
        """A request head is due now: it must be complete within `header_seconds`."""
        if self.head_timer is not None:
            self.head_timer.cancel()
        self.head_timer = self.loop.call_later(self.guard.config.header_seconds, self.head_overdue)

    def handle_events(self) -> None:
        if self.conn.their_state is h11.IDLE and self.head_too_large():
            limit = self.guard.config.max_header_bytes
            self.refuse(431, f"the request headers are larger than {limit} bytes", "too_large")
            return
        super().handle_events()
        if self.head_timer is not None and self.conn.their_state is not h11.IDLE:
            self.head_timer.cancel()  # the head is complete (or refused)
            self.head_timer = None

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self.expect_head()  # before uvicorn reads a pipelined request, which stops the clock
        super().on_response_complete()

    def head_overdue(self) -> None:
        self.head_timer = None
        if self.transport.is_closing() or self.refused or self.conn.their_state is not h11.IDLE:
            return
        if not self.conn.trailing_data[0]:
            self.transport.close()  # nothing of a request came: nothing to answer
            return
        seconds = f"{self.guard.config.header_seconds:g}"
        self.refuse(408, f"the request headers did not arrive within {seconds} s", "timeout")

    def head_too_large(self) -> bool:
        """Whether the request head received so far (complete or not) is over `max_header_bytes`.

        h11's own limit counts only a head still incomplete: one that arrives whole in one read,
        however large, passes it. So the received bytes are measured up to the blank line that ends
        the head (what follows is the body, or the next request).
        """
        buffered = self.conn.trailing_data[0]
        end = _HEAD_END.search(buffered)
        return (end.start() if end is not None else len(buffered)) > self.guard.config.max_header_bytes

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        super().handle_websocket_upgrade(event)
        self.upgraded = cast(asyncio.Protocol, self.transport.get_protocol())
        self.transport.set_protocol(self)

    # --- refusing -------------------------------------------------------------------------

    def refuse(self, status: int, problem: str, code: str) -> None:
        """Answer `status` with the JSON error and end the connection (after a short linger)."""
        self.refused = True
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
        body = json.dumps({"error": problem, "code": code}).encode("utf-8")
        head = (
            f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode("ascii") + body)
        if self.transport.can_write_eof():
            self.transport.write_eof()  # the answer, then end of stream; what still comes is dropped
            self.linger_timer = self.loop.call_later(LINGER_SECONDS, self.transport.close)
        else:
            self.transport.close()


def uvicorn_config(app: ASGIApp, config: ServerConfig, **options: Any) -> uvicorn.Config:
    """Uvicorn's settings for serving `app` with `config`: the guarded protocol and its limits.

    Uvicorn's own proxy handling stays off: `create_app` trusts only `trusted_proxies`
    (clients.py), so no client picks the address it is counted under. `options` are further
    uvicorn settings (log_level, log_config).
    """
    return GuardedConfig(
        app, ConnectionGuard(config), http=GuardedProtocol, lifespan="on", proxy_headers=False,
        h11_max_incomplete_event_size=config.max_header_bytes, ws_max_size=WS_MAX_BYTES, **options,
    )
