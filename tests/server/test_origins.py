"""One rule for where a request comes from, over HTTP and WebSocket alike (origin.py), on a SQLite
file and on PostgreSQL: a state-changing request or a WebSocket handshake that carries the session
cookie must name this server's origin or a configured allowed one; a request that carries only a
player token needs to name nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

import httpx2
import pytest
from servertools import PATIENCE, Running, bot, create, serve
from websockets.exceptions import InvalidStatus
from wstools import Socket

from isla.server.auth import COOKIE
from isla.server.config import ConfigError, ServerConfig
from isla.server.origin import allowed_origins

PROXY = "https://isla.example.org"  # the public origin of a proxy that does not pass the Host on
SEATS = {"seats": [{"kind": "me"}, bot("random")]}


@pytest.fixture
def site(config: ServerConfig) -> Iterator[Running]:
    with serve(replace(config, allowed_origins=(PROXY,))) as running:
        yield running


def signed_in(server: Running) -> str:
    """A guest's session cookie, as `name=value` for a Cookie header."""
    with httpx2.Client(base_url=server.url, headers={"Origin": server.url}, timeout=PATIENCE) as page:
        response = page.post("/api/auth/guest", json={"name": "Ann"})
        assert response.status_code == 201, response.text
        return f"{COOKIE}={page.cookies[COOKIE]}"


def post(server: Running, cookie: str | None, origin: str | None) -> httpx2.Response:
    headers = {}
    if cookie:
        headers["Cookie"] = cookie
    if origin:
        headers["Origin"] = origin
    with httpx2.Client(base_url=server.url, timeout=PATIENCE) as client:
        return client.post("/api/tables", json=SEATS, headers=headers)


def ws_refused(server: Running, cookie: str | None, origin: str | None) -> dict[str, str]:
    with pytest.raises(InvalidStatus) as refused:
        Socket(server.url, cookie=cookie, origin=origin)
    response = refused.value.response
    assert response.status_code == 403
    body: dict[str, str] = json.loads(response.body)
    assert body["code"] == "forbidden_origin" and set(body) == {"error", "code"}, body
    return body


def test_a_websocket_with_the_session_cookie_and_no_origin_is_refused(site: Running) -> None:
    body = ws_refused(site, signed_in(site), None)
    assert "cross-site WebSocket refused" in body["error"]


def test_the_session_cookie_from_a_foreign_origin_is_refused_over_http_and_websocket(site: Running) -> None:
    cookie = signed_in(site)
    for foreign in ("http://evil.example", "null", site.url.rsplit(":", 1)[0] + ":1",
                    site.url.replace("http://", "https://"), PROXY + ":8443"):
        refused = post(site, cookie, foreign)
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden_origin", foreign
        ws_refused(site, cookie, foreign)
    with site.client() as client:
        assert client.get("/api/tables").json()["tables"] == []  # nothing was created


def test_the_session_cookie_from_the_own_or_a_configured_origin_is_accepted(site: Running) -> None:
    cookie = signed_in(site)
    for origin in (site.url, PROXY, PROXY + ":443", PROXY.upper()):
        created = post(site, cookie, origin)
        assert created.status_code == 201, (origin, created.text)
        assert created.json()["table"]["you"]["name"] == "Ann"
        with Socket(site.url, cookie=cookie, origin=origin) as socket:
            socket.alive()


def test_a_player_token_needs_no_origin(site: Running) -> None:
    with site.client() as api:  # no cookie, no Origin: an API client
        created = create(api, [{"kind": "human", "name": "Ann"}, bot("random")])
    token = created["tokens"][0]["token"]
    with Socket(site.url, token=token) as socket:
        socket.send({"type": "watch", "table": created["table"]["id"]})
        assert socket.expect("table")["table"]["you"]["seat"] is not None
    with Socket(site.url) as anonymous:  # a spectator without anything
        anonymous.alive()


def test_a_bad_allowed_origin_is_a_clear_error() -> None:
    assert allowed_origins(("https://a.example", "http://b.example:8080/")) == {
        ("https", "a.example", 443), ("http", "b.example", 8080)
    }
    for bad in ("a.example", "https://a.example/path", "ftp://a.example", "https://user@a.example"):
        with pytest.raises(ValueError, match="is not an origin"):
            allowed_origins((bad,))
    from isla.server import create_app

    with pytest.raises(ConfigError, match="is not an origin"):
        create_app(ServerConfig(allowed_origins=("a.example",)))


def test_behind_a_trusted_proxy_the_own_origin_is_the_public_one(config: ServerConfig) -> None:
    """A proxy passing on the public Host and the scheme the browser used (X-Forwarded-Proto): the
    public origin is the server's own, with no allowed origin configured."""
    public = replace(config, trusted_proxies=("127.0.0.1",), allowed_hosts=("isla.example.org",))
    with serve(public) as running:
        cookie = signed_in(running)
        proxied = {"Host": "isla.example.org", "X-Forwarded-Proto": "https", "Cookie": cookie}
        with httpx2.Client(base_url=running.url, headers=proxied, timeout=PATIENCE) as client:
            created = client.post("/api/tables", json=SEATS, headers={"Origin": "https://isla.example.org"})
            assert created.status_code == 201, created.text
            plain = client.post("/api/tables", json=SEATS, headers={"Origin": "http://isla.example.org"})
            assert plain.status_code == 403 and plain.json()["code"] == "forbidden_origin"
