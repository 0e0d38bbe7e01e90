"""What one client's connections may cost (guard.py, docs/server.md "Limits"): connections and
WebSockets per client address, new connections per second, the size of a request's headers and
the time they may take. Real uvicorn servers built the way `isla serve` builds them, raw sockets;
SQLite only, since no database is involved."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from contextlib import ExitStack, closing
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2
import pytest
from servertools import PATIENCE, Running, serve, wait_for
from test_server_cli import isla_serve
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from isla.server import ServerConfig

Start = Callable[..., Running]


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Start]:
    """Start a server on a SQLite file with some settings changed: `start(max_header_bytes=...)`."""
    # Raw requests here name the host "isla": every host is allowed (the Host check is test_hosts.py's).
    base = ServerConfig(
        data_dir=tmp_path, bot_pace=0.0, argon2_time_cost=1, argon2_memory_kib=64, allowed_hosts=("*",)
    )
    with ExitStack() as stack:
        yield lambda **changes: stack.enter_context(serve(replace(base, **changes)))


def opened(server: Running) -> socket.socket:
    host, port = server.url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=PATIENCE)


def request(path: str = "/api/health", extra: bytes = b"") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: isla\r\nConnection: close\r\n".encode() + extra + b"\r\n"


def answer(sock: socket.socket, data: bytes = b"") -> tuple[int, dict[str, Any] | None]:
    """Send `data`, read until the server closes; (status, JSON body) of the answer, (0, None) for none."""
    with closing(sock):
        if data:
            sock.sendall(data)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    if not received:
        return 0, None
    head, _, body = received.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    try:
        return status, json.loads(body)
    except ValueError:
        return status, None


def served(server: Running) -> bool:
    return answer(opened(server), request())[0] == 200


def test_request_headers_larger_than_the_limit_get_431(start: Start) -> None:
    server = start()
    limit = server.config.max_header_bytes
    assert answer(opened(server), request(extra=b"X-Pad: " + b"p" * (limit // 2) + b"\r\n"))[0] == 200
    status, body = answer(opened(server), request(extra=b"X-Pad: " + b"p" * (1 << 20) + b"\r\n"))
    assert status == 431 and body == {
        "error": f"the request headers are larger than {limit} bytes", "code": "too_large"
    }
    assert served(server)


def test_request_headers_that_never_complete_time_out(start: Start) -> None:
    server = start(header_seconds=0.5)
    status, body = answer(opened(server), b"GET /api/health HTTP/1.1\r\nHost: isla\r\n")  # no end
    assert status == 408 and body is not None and body["code"] == "timeout", body
    assert "0.5 s" in body["error"]
    assert answer(opened(server)) == (0, None)  # a silent connection is closed without a word
    assert served(server)


def test_a_keep_alive_connection_must_send_its_next_head_in_time(start: Start) -> None:
    server = start(header_seconds=0.5)
    with closing(opened(server)) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: isla\r\n\r\n")
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200"), first
        sock.sendall(b"GET /api/health HTTP/1.1\r\n")  # and the rest never comes
        status, body = answer(sock)
    assert status == 408 and body is not None and body["code"] == "timeout", body


def test_one_address_holds_at_most_its_limit_of_connections(start: Start) -> None:
    server = start(max_connections_per_client=3, header_seconds=3600.0)
    held = [opened(server) for _ in range(3)]
    try:
        wait_for("the three connections to be counted", lambda: not served(server))
        status, body = answer(opened(server), request())
        assert status == 429 and body is not None and body["code"] == "too_many", body
        assert "at most 3 at once" in body["error"]
    finally:
        held.pop().close()
    wait_for("a place to be free again", lambda: served(server))
    for sock in held:
        sock.close()


def test_websockets_count_as_connections_until_they_close(start: Start) -> None:
    server = start(max_connections_per_client=2, max_websockets_per_client=10)
    ws_url = server.url.replace("http://", "ws://") + "/ws"
    with connect(ws_url, open_timeout=PATIENCE) as first, connect(ws_url, open_timeout=PATIENCE):
        first.send(json.dumps({"type": "ping", "ref": "still"}))
        assert json.loads(first.recv(timeout=PATIENCE))["ref"] == "still"  # an upgraded one works
        status, body = answer(opened(server), request())
        assert status == 429 and body is not None and body["code"] == "too_many", body
    wait_for("the WebSockets' places to be free", lambda: served(server))


def test_new_connections_per_second_are_limited(start: Start) -> None:
    server = start(connects_per_second=0.001, connect_burst=3)  # almost no refill: exact counts
    for _ in range(3):
        assert served(server)
    status, body = answer(opened(server), request())
    assert status == 429 and body is not None and body["code"] == "too_many", body
    assert "new connections" in body["error"]


def websocket(server: Running, client: str | None = None) -> ClientConnection:
    headers = {"X-Forwarded-For": client} if client else {}
    url = server.url.replace("http://", "ws://") + "/ws"
    return connect(url, additional_headers=headers, open_timeout=PATIENCE)


def closed_at_once(connection: ClientConnection) -> str:
    """The reason of a close the server sent right after the handshake (code 1013: try again later)."""
    with pytest.raises(ConnectionClosed) as closed:
        connection.recv(timeout=PATIENCE)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013, closed.value
    return closed.value.rcvd.reason


def test_one_address_holds_at_most_its_limit_of_websockets(start: Start) -> None:
    server = start(max_websockets_per_client=2)
    with websocket(server), websocket(server) as second:
        with websocket(server) as third:
            assert "too many WebSockets from your address: at most 2 at once" in closed_at_once(third)
        second.send(json.dumps({"type": "ping", "ref": "alive"}))  # the others are untouched
        assert json.loads(second.recv(timeout=PATIENCE))["ref"] == "alive"

    def opens() -> bool:
        with websocket(server) as again:
            again.send(json.dumps({"type": "ping", "ref": "again"}))
            try:
                return bool(json.loads(again.recv(timeout=PATIENCE))["ref"] == "again")
            except ConnectionClosed:
                return False

    wait_for("a WebSocket to be served again", opens)


def test_behind_a_trusted_proxy_the_peer_is_not_limited_but_each_client_it_names_is(start: Start) -> None:
    server = start(trusted_proxies=("127.0.0.1",), max_connections_per_client=1, max_websockets_per_client=1)
    with httpx2.Client(base_url=server.url, timeout=PATIENCE) as a, \
            httpx2.Client(base_url=server.url, timeout=PATIENCE) as b:
        # Two kept-alive connections from the proxy's address: the proxy itself is not bounded.
        assert a.get("/api/health").status_code == 200 and b.get("/api/health").status_code == 200
        assert a.get("/api/health").status_code == 200
    with websocket(server, "203.0.113.1") as one, websocket(server, "203.0.113.2") as other:
        with websocket(server, "203.0.113.1") as again:
            assert "at most 1 at once" in closed_at_once(again)
        for connection in (one, other):
            connection.send(json.dumps({"type": "ping", "ref": "here"}))
            assert json.loads(connection.recv(timeout=PATIENCE))["ref"] == "here"


def test_isla_serve_guards_its_connections(tmp_path: Path) -> None:
    with isla_serve("--data-dir", str(tmp_path), "--max-header-bytes", "2048") as url:
        server = Running(url.rstrip("/"), ServerConfig())
        status, body = answer(opened(server), request(extra=b"X-Pad: " + b"p" * 4096 + b"\r\n"))
        assert status == 431 and body is not None and "2048 bytes" in body["error"], body
