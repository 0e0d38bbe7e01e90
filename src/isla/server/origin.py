"""Where a browser's request says it comes from, and the one rule by which the server takes it or not.

A browser sends this server's session cookie with every request to it, whichever site's page caused
the request (SameSite=Lax keeps it off most cross-site requests, not off all: an old browser, a
sibling subdomain). So a request that acts with the cookie must show that one of this server's own
pages sent it. The rule, for HTTP and WebSocket alike (auth.py's `OriginCheck` applies it to both):

- A state-changing HTTP request (anything but GET, HEAD and OPTIONS) or a WebSocket handshake that
  carries the session cookie must name where it comes from, and that must be this server's own
  origin (the scheme it was reached by and the Host the browser asked for) or one of the configured
  `allowed_origins`. Where it comes from is the `Origin` header; an HTTP request without one is
  judged by its `Referer` (browsers always send Origin on cross-origin POSTs and on WebSocket
  handshakes, but not every browser on a same-origin POST).
- A request without the cookie needs to name nothing: an API client authenticated by a player token
  sends no Origin. Some requests are refused whenever they name another site, cookie or not: the
  sign-in routes (another site could sign a visitor in to an account of its choosing) and the
  WebSocket (a page on the Internet could read, through a visitor's browser, a server that only the
  visitor's network reaches).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi.responses import JSONResponse
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from isla.server.language import in_language, scope_language

# (scheme, host, port) with the scheme http or https, the host in lower case.
Origin = tuple[str, str, int]
DEFAULT_PORTS = {"http": 80, "https": 443}
# A WebSocket is reached by ws/wss; its page's origin is http/https.
PAGE_SCHEMES = {"ws": "http", "wss": "https"}


def parse_origin(text: str, default_scheme: str | None = None) -> Origin | None:
    """(scheme, host, port) of a URL, or of a bare `host[:port]` given a default scheme; None if it
    is not an http(s) origin (the text `null` that sandboxed pages send is none)."""
    try:
        parts = urlsplit(text if default_scheme is None else f"//{text}")
        scheme = (parts.scheme or default_scheme or "").lower()
        host = parts.hostname
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if scheme not in DEFAULT_PORTS or not host or port is None:
        return None
    return scheme, host.rstrip("."), port


def allowed_origins(texts: tuple[str, ...]) -> frozenset[Origin]:
    """The configured origins, each `scheme://host[:port]`; ValueError names one that is not."""
    origins = set()
    for text in texts:
        origin = parse_origin(text)
        if origin is None or urlsplit(text).path not in ("", "/") or "@" in text:
            raise ValueError(f"{text!r} is not an origin (write it as https://name or http://name:port)")
        origins.add(origin)
    return frozenset(origins)


def headers_of(scope: Scope) -> dict[str, str]:
    return {name.decode("latin-1"): value.decode("latin-1") for name, value in scope.get("headers", [])}


def own_origin(scope: Scope) -> Origin | None:
    """This server's origin as the request reached it: its scheme (behind a trusted proxy, the one the
    browser used) and its Host header (the Host check, hosts.py, has already vetted that name)."""
    scheme = str(scope.get("scheme", "http"))
    scheme = PAGE_SCHEMES.get(scheme, scheme)
    host = headers_of(scope).get("host")
    if host is None:
        server = scope.get("server")
        if not server:
            return None
        host = f"[{server[0]}]:{server[1]}" if ":" in str(server[0]) else f"{server[0]}:{server[1]}"
    return parse_origin(host, default_scheme=scheme)


def claimed(scope: Scope) -> str | None:
    """Where the request says it comes from: its Origin, or for HTTP, lacking that, its Referer."""
    headers = headers_of(scope)
    if "origin" in headers or scope["type"] == "websocket":
        return headers.get("origin")
    return headers.get("referer")


def carries_cookie(scope: Scope, cookie: str) -> bool:
    for name, value in scope.get("headers", []):
        if name == b"cookie" and cookie_parser(value.decode("latin-1")).get(cookie):
            return True
    return False


def refused(scope: Scope, cookie: str, allowed: frozenset[Origin], *, always: bool) -> bool:
    """Whether the rule above refuses this request (a state-changing request or a WebSocket
    handshake): `cookie` is the session cookie's name, `allowed` the configured origins, `always`
    whether a request naming another site is refused even without the cookie."""
    where = claimed(scope)
    if where is None:
        return carries_cookie(scope, cookie)
    if not always and not carries_cookie(scope, cookie):
        return False
    origin = parse_origin(where)
    return origin is None or (origin != own_origin(scope) and origin not in allowed)


def refusal(status: int, message: str, code: str) -> ASGIApp:
    """An answer `{"error": message, "code": code}` with this status, to send before anything else
    runs, in the language of the request's `?lang=` or Accept-Language (isla.server.language: a
    `Said` is rendered, a text stays as it is); a WebSocket handshake gets the same HTTP answer
    (uvicorn's denial-response extension), or is closed before it is accepted where the server
    cannot send one."""

    async def answer(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1008, "reason": code})
            return
        words = in_language(message, scope_language(scope))
        await JSONResponse({"error": words, "code": code}, status_code=status)(scope, receive, send)

    return answer
