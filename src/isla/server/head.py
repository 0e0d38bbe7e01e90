"""HEAD is GET without the body, for every page and GET endpoint (RFC 9110 §9.3.2).

Link checkers, uptime monitors and proxies ask HEAD; the routes declare GET only, and Starlette
answered them 405. This middleware runs a HEAD request as its GET and sends the answer's status and
headers (Content-Length included, as the GET would send it) with no body. A route that has no GET
still refuses it, with the same 405 a GET would get; nothing a HEAD runs changes anything, because
GET routes change nothing.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # a part of the body: not sent
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


__all__ = ["HeadAsGet"]
