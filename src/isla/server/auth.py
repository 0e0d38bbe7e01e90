"""Accounts, guests and browser sessions: who a browser's request comes from.

A person either registers an account (a name and a password) or plays as a guest (a name only, so
a newcomer is at a table in two clicks). Either way the browser gets a session: an opaque random
id in the `isla_session` cookie. The database keeps only the SHA-256 of that id, so a leaked
database signs nobody in, and a session ends for real on logout because it lives on the server
(a signed cookie could not be revoked).

Passwords are hashed with argon2id, whose cost is deliberate (about a second per hash with the
default settings on a small machine): the hashing runs in a pool of threads of its own ("isla-hash",
HASHING_AT_ONCE of them), so it never stalls the event loop the tables run on, and a sign-in never
queues behind anything else run in threads (asyncio's default executor, the bots' thread). Sign-ins
are limited per client, and failed logins per client and name (signins.py), so the hash's cost is
not the only thing standing between a guesser and a password.

When a session ends (logout, a new sign-in in the same browser), `Accounts` tells its listeners
(the WebSocket hub, which closes that session's sockets).

Cookies travel with every request a browser makes to this server, whichever site caused it.
`OriginCheck` refuses state-changing requests that carry a session cookie but come from another
site's page (cross-site request forgery); API clients, which send a bearer token and no cookie,
are not affected.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from isla.core.said import generic
from isla.server.clients import UNKNOWN
from isla.server.config import ServerConfig
from isla.server.names import account_name_taken, clean_name, person_name
from isla.server.names import name_key as name_key  # noqa: PLC0414 (names.py has the rules; importable here too)
from isla.server.origin import Origin, refusal, refused
from isla.server.signins import LOGIN_FAILURES as LOGIN_FAILURES  # noqa: PLC0414
from isla.server.signins import LOGIN_WINDOW as LOGIN_WINDOW  # noqa: PLC0414
from isla.server.signins import SignInLimits
from isla.server.store.repository import NameTaken, Store, StoredUser
from isla.server.tables import TableError

COOKIE = "isla_session"
MIN_PASSWORD = 8
MAX_PASSWORD = 200
MAX_NAME_KEY = 80  # the column's width; a case-folded name can be longer than the name itself
# Hashes computed at once (the threads of the hashing pool): each takes a core for about a second,
# and this machine has two.
HASHING_AT_ONCE = 2
HASHING_THREADS = "isla-hash"
# A session cookie longer than this is not one of ours (ours are 43 characters).
MAX_COOKIE = 128
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
KEPT_USER = "isla.user"  # where current_user keeps its answer in the request's state


@dataclass(frozen=True)
class User:
    """A signed-in person: an account (guest False) or a guest."""

    id: str
    name: str
    guest: bool
    lang: str | None = None  # the language the account chose (PUT /api/me/language), or None


@dataclass(frozen=True)
class SignedIn:
    """A new session: the user, and the session id to hand to the browser as its cookie."""

    user: User
    session_id: str


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def _user(stored: StoredUser) -> User:
    return User(stored.id, stored.name, stored.guest, stored.lang)


class Accounts:
    """Registering, signing in and out, and finding the user behind a session cookie."""

    def __init__(
        self, store: Store, config: ServerConfig, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.session_days = int(config.session_days)
        self.secure_cookies = bool(config.secure_cookies)
        self.hasher = PasswordHasher(time_cost=config.argon2_time_cost, memory_cost=config.argon2_memory_kib)
        self.limits = SignInLimits(config.sign_ins_per_minute, config.sign_in_burst, clock)
        self._hashing = ThreadPoolExecutor(HASHING_AT_ONCE, thread_name_prefix=HASHING_THREADS)
        self._dummy_hash: str | None = None
        self._ended: list[Callable[[str], None]] = []

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call `listener(session_hash)` whenever a session ends here (logout, replaced by a sign-in)."""
        self._ended.append(listener)

    def close(self) -> None:
        """Stop the hashing threads (hashes in progress finish; none waiting is started)."""
        self._hashing.shutdown(wait=False, cancel_futures=True)

    @property
    def session_seconds(self) -> int:
        return self.session_days * 24 * 3600

    # --- signing in ---------------------------------------------------------------------------

    async def register(self, name: str, password: str, client: str = UNKNOWN) -> SignedIn:
        """Create an account and sign it in. Refused: a bad name or password, a name already taken
        (or one that reads as a bot's), too many sign-ins from the client."""
        await self.limits.count(client)
        name = person_name(name)
        key = _checked_key(name)
        _check_password(password)
        if await self.store.user_by_name_key(key) is not None:  # before spending a second hashing
            raise _name_taken(name)
        password_hash = await self._hash(password)
        user = StoredUser(secrets.token_hex(16), name, guest=False, name_key=key, password_hash=password_hash)
        return await self._create(user)

    async def guest(self, name: str, client: str = UNKNOWN) -> SignedIn:
        """Sign in as a guest. Guests may share names, but not an account's name nor a bot's."""
        await self.limits.count(client)  # before telling whether the name is an account's
        name = person_name(name)
        if await self.store.user_by_name_key(name_key(name)) is not None:
            raise account_name_taken(name)
        return await self._create(StoredUser(secrets.token_hex(16), name, guest=True))

    async def login(self, name: str, password: str, client: str = UNKNOWN) -> SignedIn:
        """Sign in to an account. Unknown names and wrong passwords get one and the same refusal."""
        await self.limits.count(client)
        try:
            key = name_key(clean_name(name))
        except TableError:
            key = name_key(" ".join(str(name).split()))
        await self.limits.count_login(client, key)
        stored = await self.store.user_by_name_key(key)
        if stored is None or stored.password_hash is None or len(password) > MAX_PASSWORD:
            await self._verify(await self._dummy(), password)  # as slow as a real check: no timing hint
            raise TableError("bad_login", generic("wrong name or password"))
        if not await self._verify(stored.password_hash, password):
            raise TableError("bad_login", generic("wrong name or password"))
        await self.limits.login_succeeded(client, key)
        if self.hasher.check_needs_rehash(stored.password_hash):  # the settings got stronger
            await self.store.set_password_hash(stored.id, await self._hash(password))
        return await self._session_for(_user(stored))

    async def logout(self, session_id: str | None) -> None:
        """End a session on the server; its cookie is worthless from now on, its sockets close."""
        if session_id and len(session_id) <= MAX_COOKIE:
            hashed = session_hash(session_id)
            await self.store.delete_session(hashed)
            for listener in self._ended:
                listener(hashed)

    async def session_alive(self, hashed: str) -> bool:
        """Whether the session with this hash still signs someone in (it has not ended nor expired)."""
        return await self.store.session_user(hashed) is not None

    async def user_for_session(self, session_id: str | None) -> User | None:
        """The user a session cookie signs in; None for no cookie, a forged one, or an expired session."""
        if not session_id or len(session_id) > MAX_COOKIE:
            return None
        stored = await self.store.session_user(session_hash(session_id))
        return None if stored is None else _user(stored)

    # --- helpers ------------------------------------------------------------------------------

    def _expiry(self) -> datetime:
        return datetime.now(UTC) + timedelta(days=self.session_days)

    async def _create(self, user: StoredUser) -> SignedIn:
        session_id = secrets.token_urlsafe(32)
        try:
            await self.store.create_user(user, (session_hash(session_id), self._expiry()))
        except NameTaken:  # another registration of the same name got there first
            raise _name_taken(user.name) from None
        return SignedIn(_user(user), session_id)

    async def _session_for(self, user: User) -> SignedIn:
        session_id = secrets.token_urlsafe(32)
        await self.store.create_session(session_hash(session_id), user.id, self._expiry())
        return SignedIn(user, session_id)

    async def _hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(self._hashing, self.hasher.hash, password)

    async def _verify(self, password_hash: str, password: str) -> bool:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._hashing, self.hasher.verify, password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _dummy(self) -> str:
        """A hash of nothing anyone knows, with the current settings, to check unknown names against."""
        if self._dummy_hash is None:
            self._dummy_hash = await self._hash(secrets.token_urlsafe(16))
        return self._dummy_hash


def _checked_key(name: str) -> str:
    key = name_key(name)
    if len(key) > MAX_NAME_KEY:
        raise TableError("invalid",
                         generic("this name is too long for an account name; choose a shorter one"))
    return key


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise TableError("invalid", generic("a password needs at least {least} characters",
                                            least=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        raise TableError("invalid", generic("a password has at most {limit} characters", limit=MAX_PASSWORD))


def _name_taken(name: str) -> TableError:
    return TableError("name_taken", generic("the name '{name}' is taken; choose another one", name=name))


# --- for the routes and the WebSocket ----------------------------------------------------------


async def current_user(request: HTTPConnection) -> User | None:
    """The user signed in by the request's session cookie (HTTP or WebSocket), or None.

    Asked once per request: the answer is kept in the request's state, so a route, its error
    handler and the language of its answer (isla.server.language) share one look-up."""
    kept = request.scope.setdefault("state", {})
    if KEPT_USER in kept:
        user: User | None = kept[KEPT_USER]
        return user
    accounts: Accounts | None = getattr(request.app.state, "accounts", None)
    if accounts is None:
        return None
    kept[KEPT_USER] = user = await accounts.user_for_session(request.cookies.get(COOKIE))
    return user


class OriginCheck:
    """Refuse (403, `forbidden_origin`) a state-changing request or a WebSocket handshake that the
    rule in origin.py refuses: one that carries the session cookie but does not come from one of
    this server's own pages (or a configured allowed origin).

    SameSite=Lax already keeps the cookie off most cross-site requests; this catches the rest (an
    old browser, a sibling subdomain). The sign-in routes and the WebSocket are checked whenever the
    browser says where the request comes from, cookie or not, so another site can neither sign a
    visitor in to an account of its choosing nor read this server through a visitor's browser.
    """

    def __init__(self, app: ASGIApp, allowed: frozenset[Origin] = frozenset()) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and refused(scope, COOKIE, self.allowed, always=True):
            message = generic(
                "cross-site WebSocket refused: open it from this server's own pages "
                "(its Origin header names another site, or a signed-in browser sent none)"
            )
            await refusal(403, message, "forbidden_origin")(scope, receive, send)
            return
        if scope["type"] == "http" and scope.get("method", "GET") not in SAFE_METHODS:
            sign_in = str(scope.get("path", "")).startswith("/api/auth/")
            if refused(scope, COOKIE, self.allowed, always=sign_in):
                message = generic(
                    "cross-site request refused: a request from a signed-in browser must come from this "
                    "server's own pages (its Origin or Referer header names another site, or neither is sent)"
                )
                await refusal(403, message, "forbidden_origin")(scope, receive, send)
                return
        await self.app(scope, receive, send)
