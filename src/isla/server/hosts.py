"""The Host allow-list: a server answers only to the names it is known by (against DNS rebinding).

A page on any site can make its own domain name resolve, a moment later, to 127.0.0.1 (DNS
rebinding): the visitor's browser then takes the page and a server on the visitor's own machine for
one origin, and the page may read and drive that server as if it were its own. What gives it away is
the Host header, which still names the attacker's domain. So every HTTP request and WebSocket
handshake must name one of the server's own hosts, else it is refused with 400 `forbidden_host`
before anything else runs.

The names (`host_list`): those the server was started with (`--host`, with its port: a loopback
address, `localhost` included, stands for `localhost`, `127.0.0.1` and `[::1]`), plus every
`allowed_hosts` name (`--allowed-host`: the public names behind a reverse proxy, say). A name given
without a port is allowed on any port; `*` allows every host. A server bound to every interface
(`0.0.0.0` or `::`) is reached by names nobody can guess, so it allows every host unless names are
given, and then only those and the loopback names.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from isla.core.said import generic
from isla.server.origin import DEFAULT_PORTS, PAGE_SCHEMES, headers_of, refusal

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD = frozenset({"0.0.0.0", "::", ""})
ANY = "*"


@dataclass(frozen=True)
class HostName:
    """One allowed name (lower case, IPv6 addresses without brackets), on one port or on any (None)."""

    name: str
    port: int | None


def parse_host(text: str) -> HostName | None:
    """The name and port of a Host header or of an `--allowed-host` entry; None if it is neither."""
    text = text.strip()
    if text.startswith("["):  # an IPv6 address: [::1] or [::1]:8000
        name, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else None
    else:
        name, colon, port_text = text.rpartition(":")
        if not colon or ":" in name:  # no port; or a bare IPv6 address (only as a setting): ::1
            name, port_text = text, None
    name = name.lower().rstrip(".")
    if not name or any(c in name for c in "/@?#\\ \t"):
        return None
    port = None
    if port_text is not None:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return None
        port = int(port_text)
    return HostName(name, port)


def host_list(host: str, port: int, extra: tuple[str, ...]) -> frozenset[HostName] | None:
    """The names a server bound to `host`:`port` answers to, with the `extra` ones; None: every name.
    ValueError names an extra entry that is not a host name."""
    names: set[HostName] = set()
    for text in extra:
        if text.strip() == ANY:
            return None
        parsed = parse_host(text)
        if parsed is None:
            raise ValueError(f"{text!r} is not a host name (write it as name or name:port)")
        names.add(parsed)
    bound = host.strip().strip("[]").lower()
    if bound in WILDCARD:
        if not names:
            return None
        bound = "localhost"  # and the names given
    if bound in LOOPBACK:
        names.update(HostName(name, port) for name in LOOPBACK)
    else:
        names.add(HostName(bound.rstrip("."), port))
    return frozenset(names)


def allows(names: frozenset[HostName], scope: Scope) -> bool:
    """Whether the request's Host header is one of `names` (with its scheme's port if it gives none)."""
    header = headers_of(scope).get("host")
    asked = None if header is None else parse_host(header)
    if asked is None:
        return False
    scheme = str(scope.get("scheme", "http"))
    port = asked.port or DEFAULT_PORTS.get(PAGE_SCHEMES.get(scheme, scheme))
    return HostName(asked.name, None) in names or HostName(asked.name, port) in names


class HostCheck:
    """Refuse (400, `forbidden_host`) a request or WebSocket handshake whose Host is not allowed."""

    def __init__(self, app: ASGIApp, names: frozenset[HostName] | None) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] in ("http", "websocket")
        if self.names is not None and checked and not allows(self.names, scope):
            asked = headers_of(scope).get("host", "")
            message = generic(
                "this server does not answer to the host name {host}; whoever runs it can "
                "allow the name with `isla serve --allowed-host NAME`", host=repr(asked[:100]),
            )
            await refusal(400, message, "forbidden_host")(scope, receive, send)
            return
        await self.app(scope, receive, send)
