"""An account's email address: adding or changing it (a confirmation link is mailed to it),
confirming it through that link, removing it, and turning your-turn notices on and off.

An address is used for nothing but its own confirmation mail until its owner opens the link: the
link carries a single-use secret (only its SHA-256 is stored) that expires after CONFIRM_HOURS and
stops working once used or once a newer link is sent. Confirmation mails are rate-limited per
account (a token bucket; the clock is injected so tests need not wait), so nobody can use the
server to flood an inbox. Only accounts (not guests) have addresses, and an account only ever sees
its own.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import quote

from isla.core.said import generic
from isla.server.mail import texts
from isla.server.mail.sender import Mailer
from isla.server.mail.settings import CONFIRM_HOURS
from isla.server.ratelimit import TokenBucket
from isla.server.store.mailing import EmailState, MailRecords
from isla.server.tables import TableError

MAX_ADDRESS = 254
# Something@somewhere.tld, without spaces, control characters or a second @: enough to catch typos
# and header tricks; whether it really receives mail is what the confirmation link shows.
_PART = r"[^@\s\x00-\x1f\x7f<>()\[\],;:\"\\]"
ADDRESS = re.compile(rf"{_PART}+@{_PART}+\.[^@\s\x00-\x1f\x7f<>()\[\],;:\"\\.]+")
# Confirmation mails per account: a burst of 3, then one more every 20 minutes.
CONFIRM_BURST = 3
CONFIRM_EVERY_SECONDS = 20 * 60
# Past this many accounts' buckets in memory, those of accounts quiet long enough are dropped.
KEPT_BUCKETS = 10_000
CONFIRM_PATH = "/email/confirm"
NO_EMAIL = generic("email is not set up on this server")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def checked_address(text: str) -> str:
    """The address as given (spaces at the ends dropped), or a TableError saying what is wrong."""
    address = text.strip()
    if not address:
        raise TableError("invalid", generic("give an email address"))
    if len(address) > MAX_ADDRESS:
        raise TableError("invalid", generic("an email address has at most {limit} characters",
                                            limit=MAX_ADDRESS))
    if ADDRESS.fullmatch(address) is None:
        raise TableError("invalid", generic("this is not an email address (expected something like "
                                            "ann@example.org)"))
    return address


@dataclass(frozen=True)
class Owner:
    """The signed-in account acting on its own address."""

    id: str
    name: str
    guest: bool


class Addresses:
    """The email part of accounts; `mailer` None means the server has no SMTP settings."""

    def __init__(
        self, records: MailRecords, mailer: Mailer | None, base_url: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.records = records
        self.mailer = mailer
        self.base_url = base_url.rstrip("/")
        self.clock = clock
        self._buckets: dict[str, TokenBucket] = {}

    @property
    def available(self) -> bool:
        return self.mailer is not None

    def _check(self, owner: Owner) -> Mailer:
        if self.mailer is None:
            raise TableError("no_email", NO_EMAIL)
        if owner.guest:
            raise TableError("forbidden", generic("guests have no email address: register an account first"))
        return self.mailer

    async def state(self, owner: Owner) -> EmailState:
        self._check(owner)
        return await self.records.state(owner.id)

    async def set_address(self, owner: Owner, text: str, lang: str) -> EmailState:
        """Mail a confirmation link to the address; it is used once the link is opened."""
        mailer = self._check(owner)
        address = checked_address(text)
        bucket = self._buckets.get(owner.id)
        if bucket is None and len(self._buckets) >= KEPT_BUCKETS:  # forget the accounts long quiet
            self._buckets = {key: kept for key, kept in self._buckets.items() if not kept.full()}
        if bucket is None:
            bucket = TokenBucket(1 / CONFIRM_EVERY_SECONDS, CONFIRM_BURST, self.clock)
            self._buckets[owner.id] = bucket
        if not bucket.take():
            raise TableError("too_many", generic("too many confirmation mails for this account; try again "
                                                 "in a while"))
        token = secrets.token_urlsafe(32)
        await self.records.set_pending(owner.id, address, token_hash(token), lang)
        link = f"{self.base_url}{CONFIRM_PATH}?token={quote(token)}"
        subject, body = texts.confirmation(lang, owner.name, link, CONFIRM_HOURS)
        mailer.send_later(address, subject, body)
        return await self.records.state(owner.id)

    async def confirm(self, token: str) -> str:
        """'confirmed', 'expired', 'unknown' (forged, used or replaced) or 'no_email'."""
        if self.mailer is None:
            return "no_email"
        if not token or len(token) > 128:
            return "unknown"
        return await self.records.confirm(token_hash(token), timedelta(hours=CONFIRM_HOURS))

    async def remove(self, owner: Owner) -> EmailState:
        self._check(owner)
        await self.records.remove(owner.id)
        return await self.records.state(owner.id)

    async def set_turn_notices(self, owner: Owner, wanted: bool) -> EmailState:
        self._check(owner)
        if not await self.records.set_turn_notices(owner.id, wanted) and wanted:
            raise TableError("not_confirmed", generic("confirm an email address first (open the link mailed "
                                                      "to it)"))
        return await self.records.state(owner.id)
