"""Accounts, guests and sessions on a real server, on SQLite and on PostgreSQL.

Password hashing uses cheap argon2 settings here (`argon2_time_cost=1`, `argon2_memory_kib=64`
in the server config): the defaults cost about a second per hash, which would make these tests
slow without making them check anything more.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
import pytest
from servertools import PATIENCE, Running, create, run_async, serve
from sqlalchemy import func, select, text, update

from isla.server.auth import COOKIE, LOGIN_WINDOW, Accounts
from isla.server.config import ServerConfig, parse_database_url
from isla.server.store import Store, StoredSeat, StoredTable
from isla.server.store.db import alembic_config, make_engine
from isla.server.store.models import SessionRow, UserRow
from isla.server.tables import TableError

PASSWORD = "correct horse"


def cheap(config: ServerConfig, **changes: Any) -> ServerConfig:
    return replace(config, **{"argon2_time_cost": 1, "argon2_memory_kib": 64, **changes})


def forget_users(url: str) -> None:
    """Empty the users and sessions (PostgreSQL's database is shared by the session's tests)."""
    if not url.startswith("postgresql"):
        return

    async def job(store: Store) -> None:
        async with store.engine.begin() as connection:
            await connection.execute(text("TRUNCATE sessions, users CASCADE"))

    run_async(job, url)


@pytest.fixture
def site(config: ServerConfig) -> Iterator[Running]:
    """A server with cheap password hashing on the test's database."""
    forget_users(config.url().render_as_string(hide_password=False))
    with serve(cheap(config)) as running:
        yield running


def browser(server: Running, origin: str | None = None) -> httpx2.Client:
    """A client that behaves like a page of this server: it keeps cookies and sends its Origin."""
    return httpx2.Client(base_url=server.url, headers={"Origin": origin or server.url}, timeout=PATIENCE)


def sign(client: httpx2.Client, how: str, name: str, password: str | None = PASSWORD) -> httpx2.Response:
    body: dict[str, Any] = {"name": name}
    if password is not None and how != "guest":
        body["password"] = password
    return client.post(f"/api/auth/{how}", json=body)


def me(client: httpx2.Client) -> dict[str, Any] | None:
    response = client.get("/api/auth/me")
    assert response.status_code == 200, response.text
    user: dict[str, Any] | None = response.json()["user"]
    return user


def refused(response: httpx2.Response, status: int, code: str, *needles: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code"} and body["code"] == code, body
    message: str = body["error"]
    assert "\n" not in message and "Traceback" not in message
    for needle in needles:
        assert needle in message, message
    return message


def session_cookie(response: httpx2.Response) -> str:
    [header] = [h for h in response.headers.get_list("set-cookie") if h.startswith(f"{COOKIE}=")]
    return header


def in_database(server: Running, job: Callable[[Any], Any]) -> Any:
    """Run `job(connection)` on the server's database, beside the server."""

    async def run(store: Store) -> Any:
        async with store.engine.begin() as connection:
            return await job(connection)

    return run_async(run, server.config.url().render_as_string(hide_password=False))


def test_register_signs_in_and_me_names_the_user_in_this_browser_only(site: Running) -> None:
    with browser(site) as ann, browser(site) as other:
        response = sign(ann, "register", "  Ann  ")
        assert response.status_code == 201, response.text
        user = response.json()["user"]
        assert user["name"] == "Ann" and user["guest"] is False and len(user["id"]) == 32
        assert me(ann) == user
        assert COOKIE not in response.text  # the session id is only in the cookie
        assert me(other) is None


def test_logout_ends_the_session_on_the_server_and_login_starts_a_new_one(site: Running) -> None:
    with browser(site) as ann, browser(site) as thief:
        registered = sign(ann, "register", "Ann")
        old = ann.cookies[COOKIE]
        thief.cookies.set(COOKIE, old)
        assert me(thief) == registered.json()["user"]  # a copy of the cookie is the session, until...
        out = ann.post("/api/auth/logout")
        assert out.status_code == 200 and out.json() == {"user": None}
        assert "Max-Age=0" in session_cookie(out) or "max-age=0" in session_cookie(out).lower()
        assert me(ann) is None
        assert me(thief) is None  # ... logout: the server forgot it
        again = sign(ann, "login", "Ann")
        assert again.status_code == 200, again.text
        assert again.json()["user"] == registered.json()["user"]
        assert ann.cookies[COOKIE] != old
        assert me(ann) == registered.json()["user"]
        assert ann.post("/api/auth/logout").status_code == 200
        assert ann.post("/api/auth/logout").json() == {"user": None}  # signed out already: no harm


def test_signing_in_again_ends_the_browsers_previous_session(site: Running) -> None:
    with browser(site) as client, browser(site) as copy:
        sign(client, "guest", "Ann")
        first = client.cookies[COOKIE]
        sign(client, "register", "Bob")
        copy.cookies.set(COOKIE, first)
        assert me(copy) is None
        assert (me(client) or {}).get("name") == "Bob"


def test_account_names_are_unique_whatever_their_case(site: Running) -> None:
    with browser(site) as client:
        assert sign(client, "register", "Ann").status_code == 201
        for taken in ("ANN", "ann", " aNn ", "\uff21\uff4e\uff4e"):  # the last: "Ann" in full-width letters
            refused(sign(client, "register", taken, "another password"), 409, "name_taken", "taken")
        assert sign(client, "login", "aNN").json()["user"]["name"] == "Ann"  # any case signs in
        assert sign(client, "register", "Anne").status_code == 201


def test_guests_sign_in_with_a_name_only_and_may_share_names(site: Running) -> None:
    with browser(site) as first, browser(site) as second:
        one = sign(first, "guest", "Bob")
        two = sign(second, "guest", "bob")
        assert one.status_code == two.status_code == 201
        assert one.json()["user"]["guest"] is True and one.json()["user"]["name"] == "Bob"
        assert one.json()["user"]["id"] != two.json()["user"]["id"]
        assert me(first) == one.json()["user"] and me(second) == two.json()["user"]
        # a guest has no password to sign in with
        refused(sign(first, "login", "Bob", "anything at all"), 401, "bad_login")
        assert sign(first, "register", "Bob").status_code == 201  # a guest's name does not reserve it


def test_a_guest_cannot_take_an_accounts_name(site: Running) -> None:
    with browser(site) as ann, browser(site) as impostor:
        sign(ann, "register", "Ann")
        refused(sign(impostor, "guest", "ANN"), 409, "name_taken", "account")
        assert me(impostor) is None


def test_passwords_have_8_to_200_characters(site: Running) -> None:
    with browser(site) as client:
        refused(sign(client, "register", "Ann", "x" * 7), 422, "invalid", "at least 8")
        refused(sign(client, "register", "Ann", "x" * 201), 422, "invalid", "at most 200")
        assert me(client) is None
        assert sign(client, "register", "Ann", "x" * 8).status_code == 201
        assert sign(client, "register", "Bob", "y" * 200).status_code == 201
        assert sign(client, "login", "Bob", "y" * 200).status_code == 200


def test_bad_names_are_refused_with_the_reason(site: Running) -> None:
    with browser(site) as client:
        refused(sign(client, "register", "   "), 422, "invalid", "empty")
        refused(sign(client, "register", "x" * 41), 422, "invalid", "40")
        refused(sign(client, "guest", "Ann\x07"), 422, "invalid", "control")
        assert me(client) is None


def test_unknown_names_and_wrong_passwords_get_one_and_the_same_refusal(site: Running) -> None:
    with browser(site) as client:
        sign(client, "register", "Ann")
        client.post("/api/auth/logout")
        wrong = refused(sign(client, "login", "Ann", "wrong password"), 401, "bad_login")
        unknown = refused(sign(client, "login", "Nobody", PASSWORD), 401, "bad_login")
        assert wrong == unknown == "wrong name or password"
        assert me(client) is None


def test_failed_logins_are_limited_per_name(site: Running) -> None:
    with browser(site) as client:
        sign(client, "register", "Ann")
        sign(client, "register", "Bob")
        client.post("/api/auth/logout")
        for _ in range(5):
            refused(sign(client, "login", "Ann", "guess guess"), 401, "bad_login")
        refused(sign(client, "login", "ANN", PASSWORD), 429, "too_many", "try again")  # even the right one
        assert me(client) is None
        assert sign(client, "login", "Bob", PASSWORD).status_code == 200  # other names are not affected


def test_the_login_limit_lifts_after_a_minute_and_a_success_clears_it(
    database_url: str, tmp_path: Any
) -> None:
    forget_users(database_url)
    clock = [1000.0]
    config = cheap(ServerConfig(data_dir=tmp_path, database_url=database_url))

    async def job(store: Store) -> list[str]:
        accounts = Accounts(store, config, clock=lambda: clock[0])
        await accounts.register("Ann", PASSWORD)
        seen = []

        async def attempt(password: str) -> str:
            try:
                await accounts.login("Ann", password)
            except TableError as error:
                return error.code
            return "ok"

        for _ in range(4):
            seen.append(await attempt("wrong password"))
        seen.append(await attempt(PASSWORD))  # a success forgets the failures...
        for _ in range(5):
            seen.append(await attempt("wrong password"))
        seen.append(await attempt(PASSWORD))  # ... five in a row lock the name
        clock[0] += LOGIN_WINDOW - 1
        seen.append(await attempt(PASSWORD))
        clock[0] += 2
        seen.append(await attempt(PASSWORD))  # a minute after the first of them
        return seen

    assert run_async(job, database_url) == ["bad_login"] * 4 + ["ok"] + ["bad_login"] * 5 + [
        "too_many", "too_many", "ok"
    ]


def test_an_expired_session_is_not_accepted_and_is_swept_away(site: Running) -> None:
    with browser(site) as ann, browser(site) as bob:
        sign(ann, "register", "Ann")
        id_hash = hashlib.sha256(ann.cookies[COOKIE].encode()).hexdigest()
        past = datetime.now(UTC) - timedelta(seconds=1)

        async def expire(connection: Any) -> None:
            await connection.execute(
                update(SessionRow).where(SessionRow.id_hash == id_hash).values(expires_at=past)
            )

        in_database(site, expire)
        assert me(ann) is None
        sign(bob, "guest", "Bob")  # a new session sweeps expired ones away

        async def count(connection: Any) -> int:
            return int(await connection.scalar(select(func.count()).where(SessionRow.id_hash == id_hash)))

        assert in_database(site, count) == 0


def test_the_session_cookie_is_httponly_lax_site_wide_and_lasts_the_configured_days(site: Running) -> None:
    with browser(site) as client:
        for response in (sign(client, "register", "Ann"), sign(client, "login", "Ann"),
                         sign(client, "guest", "Bob")):
            attributes = {part.strip().split("=")[0].lower(): part.strip() for part in
                          session_cookie(response).split(";")[1:]}
            assert "httponly" in attributes
            assert attributes["samesite"].lower() == "samesite=lax"
            assert attributes["path"] == "Path=/"
            assert attributes["max-age"] == f"Max-Age={30 * 24 * 3600}"
            assert "secure" not in attributes  # plain http here: a Secure cookie would never come back


def test_secure_cookies_when_configured(config: ServerConfig) -> None:
    forget_users(config.url().render_as_string(hide_password=False))
    with serve(cheap(config, secure_cookies=True, session_days=2)) as server, browser(server) as client:
        header = session_cookie(sign(client, "guest", "Ann"))
        assert "; Secure" in header and f"Max-Age={2 * 24 * 3600}" in header


def test_the_database_keeps_an_argon2id_hash_and_only_a_hash_of_the_session(site: Running) -> None:
    with browser(site) as client:
        sign(client, "register", "Ann")
        cookie = client.cookies[COOKIE]

        async def rows(connection: Any) -> tuple[Any, list[str]]:
            user = (await connection.execute(select(UserRow.password_hash, UserRow.name_key))).one()
            sessions = list(await connection.scalars(select(SessionRow.id_hash)))
            return user, sessions

        (password_hash, key), sessions = in_database(site, rows)
        assert password_hash.startswith("$argon2id$") and PASSWORD not in password_hash
        assert key == "ann"
        assert sessions == [hashlib.sha256(cookie.encode()).hexdigest()]
        assert cookie not in sessions


def test_login_rehashes_a_password_when_the_settings_got_stronger(config: ServerConfig, servers: Any) -> None:
    forget_users(config.url().render_as_string(hide_password=False))
    with browser(servers(cheap(config))) as client:
        sign(client, "register", "Ann")

    async def stored(connection: Any) -> str:
        return str(await connection.scalar(select(UserRow.password_hash)))

    stronger = servers(cheap(config, argon2_time_cost=2))
    before = in_database(stronger, stored)
    assert "t=1" in before
    with browser(stronger) as client:
        assert sign(client, "login", "Ann").status_code == 200
    after = in_database(stronger, stored)
    assert "t=2" in after and after.startswith("$argon2id$")
    with browser(stronger) as client:
        assert sign(client, "login", "Ann").status_code == 200


def test_a_forged_cookie_signs_in_nobody(site: Running) -> None:
    with browser(site) as client:
        sign(client, "register", "Ann")
        real = client.cookies[COOKIE]
        for forged in ("forged", real[:-1] + ("A" if real[-1] != "A" else "B"), "x" * 5000, ""):
            client.cookies.clear()
            client.cookies.set(COOKIE, forged)
            assert me(client) is None, forged


def test_cross_site_requests_with_a_session_cookie_are_refused(site: Running) -> None:
    with browser(site) as ann, browser(site, "http://evil.example") as evil:
        sign(ann, "register", "Ann")
        evil.cookies.set(COOKIE, ann.cookies[COOKIE])  # the browser sends Ann's cookie along
        refused(evil.post("/api/auth/logout"), 403, "forbidden_origin", "cross-site")
        seats = {"seats": [{"kind": "bot", "bot": "random"}, {"kind": "open"}]}
        refused(evil.post("/api/tables", json=seats), 403, "forbidden_origin")
        other_port = site.url.rsplit(":", 1)[0] + ":1"
        ann.headers["Origin"] = other_port
        refused(ann.post("/api/auth/logout"), 403, "forbidden_origin")
        del ann.headers["Origin"]
        refused(ann.post("/api/auth/logout"), 403, "forbidden_origin")  # neither Origin nor Referer
        ann.headers["Referer"] = "http://evil.example/page"
        refused(ann.post("/api/auth/logout"), 403, "forbidden_origin")
        assert me(ann) is not None  # nothing above signed Ann out
        assert evil.get("/api/auth/me").json()["user"]["name"] == "Ann"  # reading is not refused
        ann.headers["Referer"] = site.url + "/tables/abc"
        assert ann.post("/api/auth/logout").status_code == 200  # the Referer names this server
        assert me(ann) is None


def test_cross_site_sign_ins_are_refused_and_cookieless_api_clients_are_not_checked(site: Running) -> None:
    with browser(site, "http://evil.example") as evil, site.client() as api:
        refused(sign(evil, "guest", "Ann"), 403, "forbidden_origin")
        refused(sign(evil, "register", "Ann"), 403, "forbidden_origin")
        assert COOKIE not in evil.cookies
        seats = [{"kind": "bot", "bot": "random"}, {"kind": "open"}]
        assert evil.post("/api/tables", json={"seats": seats}).status_code == 201  # no cookie: no check
        create(api, seats)
        assert sign(api, "guest", "Ann").status_code == 201  # no Origin: an API client


def test_malformed_bodies_get_clear_errors(site: Running) -> None:
    with browser(site) as client:
        json_type = {"content-type": "application/json"}
        bad_json = client.post("/api/auth/register", content=b"{name", headers=json_type)
        refused(bad_json, 400, "bad_request", "malformed JSON")
        refused(client.post("/api/auth/login", json=["Ann", PASSWORD]), 400, "bad_request", "JSON object")
        refused(client.post("/api/auth/register", json={"name": "Ann"}), 422, "invalid", "password")
        refused(client.post("/api/auth/register", json={"name": "Ann", "password": 12345678}), 422, "invalid",
                "password")
        refused(client.post("/api/auth/guest", json={"name": "Ann", "admin": True}), 422, "invalid", "admin")
        refused(client.post("/api/auth/guest", json={}), 422, "invalid", "name")
        huge = {"name": "A", "password": "p" * 100_000}
        refused(client.post("/api/auth/register", json=huge), 413, "too_large")
        assert me(client) is None


def test_seats_and_tables_keep_their_user_stand_in_and_creator(database_url: str) -> None:
    forget_users(database_url)

    async def job(store: Store) -> StoredTable | None:
        from isla.server.store.repository import StoredUser

        ann = "u" * 32
        await store.create_user(StoredUser(ann, "Ann", guest=True))
        seats = [StoredSeat(0, "human", 0, name="Ann", user_id=ann, stand_in="medium"),
                 StoredSeat(1, "bot", 1, bot="random")]
        await store.insert_table(
            StoredTable("t-users", "puertorico", 2, {}, 7, "x", "fixed", "playing", seats, creator_id=ann)
        )
        return await store.load("t-users")

    stored = run_async(job, database_url)
    assert stored is not None and stored.creator_id == "u" * 32
    assert [(s.user_id, s.stand_in) for s in stored.seats] == [("u" * 32, "medium"), (None, None)]


def test_migration_0002_keeps_the_tables_of_a_0001_database_and_can_be_undone(database_url: str) -> None:
    from alembic import command

    forget_users(database_url)

    async def main() -> tuple[list[Any], list[Any]]:
        engine = make_engine(parse_database_url(database_url))

        def migrate(target: str, down: bool = False) -> Callable[[Any], None]:
            def run(connection: Any) -> None:
                (command.downgrade if down else command.upgrade)(alembic_config(connection), target)

            return run

        try:
            async with engine.begin() as connection:  # a fresh SQLite file has no schema yet
                await connection.run_sync(migrate("head"))
            async with engine.begin() as connection:
                await connection.run_sync(migrate("0001", down=True))
            async with engine.begin() as connection:
                await connection.execute(text(
                    "INSERT INTO game_tables (id, game, players, options, seed, engine_version, seating, "
                    "status, created_at) VALUES ('t-old', 'puertorico', 2, '{}', 7, 'x', 'fixed', 'open', "
                    ":stamp)"
                ), {"stamp": datetime.now(UTC)})
                await connection.execute(text(
                    "INSERT INTO table_seats (table_id, slot, kind, name) VALUES ('t-old', 0, 'human', 'Ann')"
                ))
            async with engine.begin() as connection:
                await connection.run_sync(migrate("head"))
            async with engine.begin() as connection:
                seats = list(await connection.execute(text(
                    "SELECT slot, name, user_id, stand_in FROM table_seats WHERE table_id = 't-old'"
                )))
                tables = list(await connection.execute(text(
                    "SELECT id, creator_id FROM game_tables WHERE id = 't-old'"
                )))
            return [tuple(row) for row in seats], [tuple(row) for row in tables]
        finally:
            await engine.dispose()

    seats, tables = asyncio.run(main())
    assert seats == [(0, "Ann", None, None)]
    assert tables == [("t-old", None)]

    async def loaded(store: Store) -> StoredTable | None:
        return await store.load("t-old")

    stored = run_async(loaded, database_url)
    assert stored is not None and stored.seats[0].name == "Ann" and stored.creator_id is None
