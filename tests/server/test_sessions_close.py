"""A WebSocket opened with a session closes when that session ends, on SQLite and PostgreSQL: on
logout, when the browser signs in again, and when the session expires; nothing it sends afterwards
acts for the user it was opened by."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
import pytest
from servertools import Running, bot, create, get, serve
from sqlalchemy import update
from test_auth import browser, cheap, forget_users, in_database, sign
from websockets.exceptions import ConnectionClosed
from wstools import Socket

from isla.server.auth import COOKIE
from isla.server.config import ServerConfig
from isla.server.store.models import SessionRow


@pytest.fixture
def site(config: ServerConfig) -> Iterator[Running]:
    """A server that looks at its sockets' sessions often, so an expiry shows without a long wait."""
    forget_users(config.url().render_as_string(hide_password=False))
    with serve(cheap(config, session_check_seconds=0.05)) as running:
        yield running


def my_table(client: httpx2.Client) -> dict[str, Any]:
    """A table the signed-in client plays first (seat 0, fixed seating) against two bots."""
    return create(client, [{"kind": "me"}, bot(), bot()], seating="fixed")["table"]


@contextlib.contextmanager
def socket_of(site: Running, client: httpx2.Client) -> Iterator[Socket]:
    """A socket opened with the client's session cookie, from the server's own page (closing it is
    quiet if the server closed it)."""
    socket = Socket(site.url, cookie=f"{COOKIE}={client.cookies[COOKIE]}", origin=site.url)
    try:
        yield socket
    finally:
        with contextlib.suppress(ConnectionClosed):
            socket.close()


def closed_code(socket: Socket) -> int | None:
    """Read until the server closes the socket; the close code it gave. Fails if it stays open."""
    try:
        while True:
            message = socket.next()
            assert message["type"] != "ok", f"the closed session still acted: {message}"
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code


def test_logout_closes_the_sessions_sockets_and_they_cannot_act_after_it(site: Running) -> None:
    with browser(site) as ann, browser(site) as other:
        sign(ann, "guest", "Ann")
        sign(other, "guest", "Bob")
        table = my_table(ann)
        with socket_of(site, ann) as sock, socket_of(site, other) as bystander:
            sock.send({"type": "watch", "table": table["id"]})
            legal = sock.until("Ann's turn", lambda t: t["legal"])["legal"]
            assert ann.post("/api/auth/logout").status_code == 200
            with contextlib.suppress(ConnectionClosed):  # sent at once; it may find the socket closed
                sock.send({"type": "submit", "table": table["id"], "seq": 0, "actions": [legal[0]]})
            assert closed_code(sock) == 1008
            bystander.alive()  # another browser's socket stays open
        with site.client() as anyone:
            assert get(anyone, table["id"])["seq"] == 0  # the move sent after the logout was not played


def test_signing_in_again_closes_the_old_sessions_sockets(site: Running) -> None:
    with browser(site) as client:
        sign(client, "guest", "Ann")
        with socket_of(site, client) as sock:
            sock.alive()
            assert sign(client, "guest", "Cleo").status_code == 201  # the browser's session is replaced
            assert closed_code(sock) == 1008
        with socket_of(site, client) as fresh:  # the page reconnects as whoever it now is
            fresh.alive()


def test_an_expired_sessions_sockets_are_closed(site: Running) -> None:
    with browser(site) as client:
        sign(client, "guest", "Ann")
        id_hash = hashlib.sha256(client.cookies[COOKIE].encode()).hexdigest()
        with socket_of(site, client) as sock:
            sock.alive()
            past = datetime.now(UTC) - timedelta(seconds=1)

            async def expire(connection: Any) -> None:
                await connection.execute(
                    update(SessionRow).where(SessionRow.id_hash == id_hash).values(expires_at=past)
                )

            in_database(site, expire)
            assert closed_code(sock) == 1008
