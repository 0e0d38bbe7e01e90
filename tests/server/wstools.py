"""A small synchronous WebSocket client for the server tests (the `websockets` library's own client).

`Socket.expect(type)` reads messages until one of that type arrives, keeping the others it passed
(tables, log entries) so tests can look at everything the server sent.
"""

from __future__ import annotations

import json
import socket
import time
from typing import Any

from servertools import PATIENCE
from websockets.sync.client import ClientConnection, connect


class Socket:
    def __init__(
        self, base_url: str, token: str | None = None, origin: str | None = None, cookie: str | None = None,
        *, headers: dict[str, str] | None = None, query: str = "",
    ) -> None:
        headers = dict(headers or {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if cookie is not None:
            headers["Cookie"] = cookie
        url = base_url.replace("http://", "ws://", 1) + "/ws" + query
        # connect() is a context manager (websockets 17); enter it here and leave it in close().
        self._opened = connect(
            url, additional_headers=headers, origin=origin, open_timeout=PATIENCE  # type: ignore[arg-type]
        )
        self.ws: ClientConnection = self._opened.__enter__()
        self.received: list[dict[str, Any]] = []  # every message, in order
        self.table: dict[str, Any] | None = None  # the newest table snapshot
        self.log: list[dict[str, Any]] = []  # every log entry

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def next(self, timeout: float = PATIENCE) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        if message["type"] == "table":
            self.table = message["table"]
        elif message["type"] == "log":
            self.log.extend(message["entries"])
        return message

    def expect(self, kind: str, timeout: float = PATIENCE) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind!r} message within {timeout} s")
            message = self.next(left)
            if message["type"] == kind:
                return message

    def expect_any(self, kinds: tuple[str, ...], timeout: float = PATIENCE) -> dict[str, Any]:
        """Read until a message of one of these types arrives; return it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no message of {kinds} within {timeout} s")
            message = self.next(left)
            if message["type"] in kinds:
                return message

    def until(self, what: str, check: Any, timeout: float = PATIENCE) -> dict[str, Any]:
        """Read until the newest table snapshot satisfies `check`; return it."""
        deadline = time.monotonic() + timeout
        while self.table is None or not check(self.table):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"gave up waiting for {what}")
            self.next(left)
        return self.table

    def refused(self, code: str, *needles: str) -> dict[str, Any]:
        error = self.expect("error")
        assert error["code"] == code, error
        for needle in needles:
            assert needle in error["error"], error
        return error

    def alive(self) -> None:
        """The connection still answers (a refusal did not close it)."""
        self.send({"type": "ping", "ref": "alive"})
        assert self.expect("pong")["ref"] == "alive"

    def close(self) -> None:
        self._opened.__exit__(None, None, None)

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def connect_as(base_url: str, host: str, headers: dict[str, str] | None = None) -> ClientConnection:
    """A WebSocket handshake with the server at `base_url` that names `host` in its Host header (as a
    browser does that reached the server under another name); the caller closes the connection."""
    port = int(base_url.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    try:
        return connect(f"ws://{host}/ws", sock=sock, additional_headers=headers, open_timeout=PATIENCE)
    except BaseException:
        sock.close()
        raise
