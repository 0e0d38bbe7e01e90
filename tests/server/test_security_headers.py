"""Every answer the server gives carries the security headers: pages, static files, the API, the
OpenAPI document, and every kind of error and refusal (on a SQLite file and on PostgreSQL)."""

from __future__ import annotations

import httpx2
import pytest
from servertools import Running, create, human
from websockets.exceptions import InvalidStatus
from wstools import Socket, connect_as

from isla.server.headers import POLICY

EXPECTED = {
    "content-security-policy": POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


def secured(response: httpx2.Response, status: int) -> None:
    assert response.status_code == status, (response.request.url, response.text[:200])
    got = {name: response.headers.get(name) for name in EXPECTED}
    assert got == EXPECTED, (response.request.method, response.request.url, got)


def test_the_policy_allows_only_this_server_and_nothing_inline() -> None:
    directives = dict(part.strip().split(" ", 1) for part in POLICY.split(";"))
    assert directives["default-src"] == "'self'"
    for name in ("script-src", "style-src", "connect-src", "font-src", "base-uri", "form-action"):
        assert directives[name] == "'self'", name
    assert directives["img-src"] == "'self' data:"  # the pages' icon is a data: SVG
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in POLICY and "*" not in POLICY and "http" not in POLICY


def test_pages_static_files_the_api_and_the_openapi_document_carry_the_headers(server: Running) -> None:
    with server.client() as client:
        table_id = create(client, [human("Ann"), human("Ben")])["table"]["id"]
        secured(client.get("/"), 200)
        secured(client.get(f"/tables/{table_id}"), 200)
        secured(client.head("/static/js/net.js"), 200)
        secured(client.get("/static/js/net.js"), 200)
        secured(client.get("/static/css/base.css"), 200)
        board = client.get("/api/games").json()
        modules = [g["board"]["module"] for g in board["games"] if g.get("board")]
        assert modules, board
        secured(client.get(modules[0]), 200)  # a game's own board file
        secured(client.get("/api"), 200)
        secured(client.get("/api/games"), 200)
        secured(client.get(f"/api/tables/{table_id}"), 200)
        secured(client.get("/openapi.json"), 200)


def test_errors_and_refusals_carry_the_headers(server: Running) -> None:
    with server.client() as client:
        secured(client.get("/static/no-such-file.js"), 404)
        secured(client.get("/api/tables/no-such-table"), 404)
        secured(client.get("/no/such/endpoint"), 404)
        secured(client.delete("/api/games"), 405)
        json_type = {"content-type": "application/json"}
        secured(client.post("/api/tables", content=b"{seats", headers=json_type), 400)
        secured(client.post("/api/tables", json={"seats": "two"}), 422)
        secured(client.post("/api/tables", content=b"x" * (server.config.max_body_bytes + 1)), 413)
        secured(client.post("/api/tables/no-such-table/actions", json={"seq": 0, "actions": ["x"]}), 404)
        cross_site = {"Origin": "http://evil.example", "Cookie": "isla_session=whatever"}
        secured(client.post("/api/auth/logout", headers=cross_site), 403)
        secured(client.get("/", headers={"Host": "evil.example"}), 400)


def test_a_refused_websocket_handshake_carries_the_headers_too(sqlite_server: Running) -> None:
    for refusal in (lambda: connect_as(sqlite_server.url, "evil.example"),
                    lambda: Socket(sqlite_server.url, origin="http://evil.example")):
        with pytest.raises(InvalidStatus) as refused:
            refusal()
        response = refused.value.response
        assert response.status_code in (400, 403)
        assert {name: response.headers.get(name) for name in EXPECTED} == EXPECTED
