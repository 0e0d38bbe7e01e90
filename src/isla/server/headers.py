"""Security headers on every answer: pages, static files, the API, the OpenAPI document, errors.

The browser client is the server's own scripts, stylesheets and WebSocket, with no third-party code,
no inline script and no inline style attribute (tests/web/test_table_drawing.py runs the pages under
a stricter policy still), so a Content-Security-Policy that allows only this server costs nothing and
stops an injected script from running or from sending anything anywhere. `data:` images are
allowed for the pages' icon. The other headers: no other site may frame the pages (clickjacking), no
answer is sniffed into another content type, and the Referer (with a table's id in it) goes to this
server only, which the origin check (origin.py) reads when a browser sends no Origin.

A header a route has set itself is kept.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
# The messages that start an answer: an HTTP response, and the HTTP answer refusing a WebSocket.
STARTS = frozenset({"http.response.start", "websocket.http.response.start"})


class SecurityHeaders:
    """Add HEADERS to every answer that does not carry them already."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] in STARTS:
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _value in headers}
                headers.extend(header for header in HEADERS if header[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)
