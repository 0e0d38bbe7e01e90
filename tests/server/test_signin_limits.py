"""Sign-ins are limited per client, and failed logins per client and name (signins.py), on SQLite
and PostgreSQL. Two clients are played from one machine through a trusted proxy: the server
trusts 127.0.0.1, so each request's X-Forwarded-For is the address it is counted under."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2
import pytest
from argon2 import PasswordHasher
from servertools import PATIENCE, Running, run_async, serve
from test_auth import PASSWORD, cheap, forget_users, refused

from isla.server.auth import Accounts
from isla.server.config import ServerConfig
from isla.server.store import Store

Site = Callable[..., Running]


@pytest.fixture
def site(config: ServerConfig) -> Iterator[Site]:
    """`site(**settings)`: a server behind a trusted proxy (127.0.0.1) on the test's database."""
    forget_users(config.url().render_as_string(hide_password=False))
    with contextlib.ExitStack() as stack:
        yield lambda **settings: stack.enter_context(
            serve(cheap(config, trusted_proxies=("127.0.0.1",), **settings))
        )


def from_address(server: Running, address: str) -> httpx2.Client:
    """An API client that the server counts as `address` (the proxy says so)."""
    return httpx2.Client(base_url=server.url, headers={"X-Forwarded-For": address}, timeout=PATIENCE)


def post(client: httpx2.Client, how: str, name: str, password: str | None = None) -> httpx2.Response:
    """Sign in as an API client would: without the cookie of the previous sign-in."""
    client.cookies.clear()
    body = {"name": name} if password is None else {"name": name, "password": password}
    return client.post(f"/api/auth/{how}", json=body)


def test_one_client_signing_in_too_often_waits_and_others_do_not(site: Site) -> None:
    server = site(sign_in_burst=3, sign_ins_per_minute=1.0)
    with from_address(server, "10.0.0.1") as first, from_address(server, "10.0.0.2") as second:
        for name in ("Ann", "Bob", "Cleo"):
            assert post(first, "guest", name).status_code == 201
        message = refused(post(first, "guest", "Dan"), 429, "too_many", "try again in", "seconds")
        assert "address" in message
        # register and login count under the same limit
        refused(post(first, "register", "Dan", PASSWORD), 429, "too_many", "try again in")
        refused(post(first, "login", "Dan", PASSWORD), 429, "too_many", "try again in")
        assert post(second, "register", "Dan", PASSWORD).status_code == 201  # another client is not held up
        # a guest is still told plainly that a name is an account's (within the limit)
        refused(post(second, "guest", "dan"), 409, "name_taken", "account")


def test_password_spraying_across_names_from_one_client_is_bounded(site: Site) -> None:
    server = site(sign_in_burst=5, sign_ins_per_minute=1.0)
    with from_address(server, "10.0.0.9") as sprayer:
        answers = [post(sprayer, "login", f"Name{n}", "Password1").json()["code"] for n in range(8)]
    assert answers == ["bad_login"] * 5 + ["too_many"] * 3


def test_a_lock_made_from_one_address_never_locks_the_right_password_out_from_another(site: Site) -> None:
    server = site(sign_in_burst=100)
    with from_address(server, "10.0.0.1") as ann, from_address(server, "10.0.0.66") as stranger:
        assert post(ann, "register", "Ann", PASSWORD).status_code == 201
        for _ in range(5):
            refused(post(stranger, "login", "Ann", "guess guess"), 401, "bad_login")
        refused(post(stranger, "login", "ANN", PASSWORD), 429, "too_many", "this name")  # even the right one
        assert post(ann, "login", "Ann", PASSWORD).status_code == 200  # the owner elsewhere is not locked out
        assert post(stranger, "login", "Bob", "guess").json()["code"] == "bad_login"  # other names go on


class Watched(PasswordHasher):
    """argon2's own hasher, noting which thread each hash and check runs in."""

    threads: list[str]

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.threads.append(threading.current_thread().name)
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.threads.append(threading.current_thread().name)
        return super().verify(hash, password)


def test_hashing_runs_in_its_own_threads_and_never_queues_behind_the_default_executor(
    database_url: str, tmp_path: Any
) -> None:
    forget_users(database_url)
    config = cheap(ServerConfig(data_dir=tmp_path, database_url=database_url))

    async def job(store: Store) -> list[str]:
        accounts = Accounts(store, config)
        hasher = Watched(time_cost=1, memory_cost=64)
        hasher.threads = []
        accounts.hasher = hasher
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(1))
        gate = threading.Event()
        busy = loop.run_in_executor(None, gate.wait)  # the default executor's only thread is taken
        try:
            await asyncio.wait_for(accounts.register("Ann", PASSWORD), PATIENCE)
            await asyncio.wait_for(accounts.login("Ann", PASSWORD), PATIENCE)
            assert not busy.done()  # the default executor was busy all along
        finally:
            gate.set()
            await busy
            accounts.close()
        return hasher.threads

    threads = run_async(job, database_url)
    assert len(threads) >= 2 and all(name.startswith("isla-hash") for name in threads), threads
