"""The Host allow-list against DNS rebinding: a request or WebSocket handshake naming a host the
server is not known by is refused with 400 `forbidden_host` before anything runs (on a SQLite file
and on PostgreSQL), and the list is what the server was started with plus `allowed_hosts`."""

from __future__ import annotations

import socket
from dataclasses import replace
from typing import Any

import httpx2
import pytest
from servertools import PATIENCE, Running, human, serve
from websockets.exceptions import InvalidStatus
from wstools import connect_as

from isla.server import ServerConfig
from isla.server.hosts import HostName, host_list

SEATS = {"seats": [human("Ann"), human("Ben")]}


def port_of(running: Running) -> int:
    return int(running.url.rsplit(":", 1)[1])


def as_host(running: Running, host: str) -> httpx2.Client:
    """A client of the server (reached at 127.0.0.1) whose requests name `host` in their Host header."""
    return httpx2.Client(base_url=running.url, headers={"Host": host}, timeout=PATIENCE)


def forbidden(response: httpx2.Response) -> None:
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["code"] == "forbidden_host" and "--allowed-host" in body["error"], body
    assert set(body) == {"error", "code"}


def tables(running: Running) -> list[Any]:
    with running.client() as client:
        listed: list[Any] = client.get("/api/tables").json()["tables"]
        return listed


def test_a_request_naming_another_host_is_refused_and_changes_nothing(server: Running) -> None:
    port = port_of(server)
    before = tables(server)
    with as_host(server, f"rebound.example:{port}") as rebound:
        forbidden(rebound.post("/api/tables", json=SEATS))
        forbidden(rebound.get("/"))
        forbidden(rebound.get("/api/tables"))
    with as_host(server, f"127.0.0.1:{port + 1 if port < 65535 else port - 1}") as other_port:
        forbidden(other_port.get("/api/games"))  # the name with another port is another host
    assert tables(server) == before


def test_the_loopback_names_with_the_servers_port_are_welcome(server: Running) -> None:
    port = port_of(server)
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost:{port}", f"[::1]:{port}"):
        with as_host(server, host) as client:
            assert client.get("/api/games").status_code == 200, host
            assert client.post("/api/tables", json=SEATS).status_code == 201, host


def test_a_websocket_handshake_naming_another_host_is_refused_before_it_is_accepted(server: Running) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect_as(server.url, f"rebound.example:{port_of(server)}")
    assert refused.value.response.status_code == 400
    assert b"forbidden_host" in refused.value.response.body
    with connect_as(server.url, f"localhost:{port_of(server)}") as welcome:
        welcome.send('{"type": "ping", "ref": "p"}')
        assert '"pong"' in str(welcome.recv(timeout=PATIENCE))


def test_a_request_without_a_host_header_is_refused(sqlite_server: Running) -> None:
    with socket.create_connection(("127.0.0.1", port_of(sqlite_server)), timeout=PATIENCE) as raw:
        raw.sendall(b"GET /api/games HTTP/1.0\r\n\r\n")
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400"), answer[:100]
    assert b'"code":"forbidden_host"' in answer


def test_allowed_hosts_add_names_on_any_port_or_on_one(config: ServerConfig) -> None:
    allowed = ("Isla.Example.org", "lan-box:8443", "[2001:db8::1]")
    with serve(replace(config, allowed_hosts=allowed)) as running:
        port = port_of(running)
        for host in ("isla.example.org", f"isla.example.org:{port}", "isla.example.org.", "lan-box:8443",
                     "[2001:db8::1]:9", f"localhost:{port}"):
            with as_host(running, host) as client:
                assert client.post("/api/tables", json=SEATS).status_code == 201, host
        for host in ("lan-box", f"lan-box:{port}", "example.org", "evil.isla.example.org"):
            with as_host(running, host) as client:
                forbidden(client.post("/api/tables", json=SEATS))


def test_an_allowed_host_of_star_allows_every_name(config: ServerConfig) -> None:
    with serve(replace(config, allowed_hosts=("*",))) as running, \
            as_host(running, "anything.example") as client:
        assert client.get("/api/games").status_code == 200


@pytest.mark.parametrize(("host", "extra", "expected"), [
    ("127.0.0.1", (), {("localhost", 8000), ("127.0.0.1", 8000), ("::1", 8000)}),
    ("localhost", (), {("localhost", 8000), ("127.0.0.1", 8000), ("::1", 8000)}),
    ("::1", ("isla.example.org",), {("localhost", 8000), ("127.0.0.1", 8000), ("::1", 8000),
                                    ("isla.example.org", None)}),
    ("192.168.1.5", (), {("192.168.1.5", 8000)}),
    ("0.0.0.0", (), None),
    ("::", (), None),
    ("0.0.0.0", ("box.lan:8000",), {("box.lan", 8000), ("localhost", 8000), ("127.0.0.1", 8000),
                                    ("::1", 8000)}),
    ("127.0.0.1", ("*",), None),
])
def test_the_default_list_is_the_names_the_server_was_started_with(
    host: str, extra: tuple[str, ...], expected: set[tuple[str, int | None]] | None
) -> None:
    names = host_list(host, 8000, extra)
    assert (None if names is None else {(n.name, n.port) for n in names}) == expected
    assert names is None or HostName("evil.example", None) not in names


@pytest.mark.parametrize("bad", ["http://isla.example.org", "isla.example.org/path", "name:99999", "name:",
                                 "[::1", "a b", "user@host"])
def test_a_bad_allowed_host_is_a_clear_error(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a host name"):
        host_list("127.0.0.1", 8000, (bad,))
