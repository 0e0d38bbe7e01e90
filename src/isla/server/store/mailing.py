"""The rows of email notices (migration 0006) and the few reads and writes they need.

Kept apart from repository.py so the mail feature stays in its own corner: `MailRecords` borrows
the store's transactions (a write is one short transaction, a read never waits for a writer) and
knows nothing of SMTP; the mail package decides what to send.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Boolean, DateTime, ForeignKey, String, UniqueConstraint, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from isla.server.store.models import Base
from isla.server.store.repository import Store, now


class AccountEmailRow(Base):
    """An account's address: confirmed (`address`), waiting for its link (`pending`), and wishes."""

    __tablename__ = "account_emails"
    __table_args__ = (UniqueConstraint("token_hash", name="uq_account_emails_token_hash"),)

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str | None] = mapped_column(String(254))
    pending: Mapped[str | None] = mapped_column(String(254))
    # SHA-256 of the link's single-use secret; the secret itself is only ever in the mail.
    token_hash: Mapped[str | None] = mapped_column(String(64))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    turn_notices: Mapped[bool] = mapped_column(Boolean, default=False)
    lang: Mapped[str | None] = mapped_column(String(16))


class TurnNoticeSentRow(Base):
    """When an account last got a your-turn notice for a table (the per-table throttle)."""

    __tablename__ = "turn_notices_sent"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class EmailState:
    """What an account has set about email (only ever shown to that account)."""

    address: str | None = None
    pending: str | None = None
    sent_at: datetime | None = None
    turn_notices: bool = False
    lang: str | None = None


def _state(row: AccountEmailRow | None) -> EmailState:
    if row is None:
        return EmailState()
    return EmailState(row.address, row.pending, _aware(row.sent_at), bool(row.turn_notices), row.lang)


def _aware(stamp: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes (stored as UTC): make them comparable with aware ones."""
    if stamp is None or stamp.tzinfo is not None:
        return stamp
    from datetime import UTC

    return stamp.replace(tzinfo=UTC)


class MailRecords:
    """Reads and writes of the email rows, each one transaction of the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def state(self, user_id: str) -> EmailState:
        async with self.store._read() as session:
            return _state(await session.get(AccountEmailRow, user_id))

    async def set_pending(self, user_id: str, address: str, token_hash: str, lang: str) -> None:
        """Wait for `address` to be confirmed through the link whose secret hashes to `token_hash`
        (a link sent before for this account stops working). The confirmed address, if any, stays
        in use until the new one is confirmed."""
        async with self.store._write() as session:
            row = await session.get(AccountEmailRow, user_id)
            if row is None:
                row = AccountEmailRow(user_id=user_id, turn_notices=False)
                session.add(row)
            row.pending, row.token_hash, row.sent_at, row.lang = address, token_hash, now(), lang

    async def confirm(self, token_hash: str, valid_for: timedelta) -> str:
        """Confirm the pending address whose link has this secret: 'confirmed', 'expired' (nothing
        changes) or 'unknown' (forged, used already, or replaced by a newer link)."""
        async with self.store._write() as session:
            wanted = select(AccountEmailRow).where(AccountEmailRow.token_hash == token_hash)
            row = await session.scalar(wanted)
            if row is None or row.pending is None:
                return "unknown"
            sent = _aware(row.sent_at)
            if sent is None or now() - sent > valid_for:
                return "expired"
            row.address, row.pending, row.token_hash, row.confirmed_at = row.pending, None, None, now()
            return "confirmed"

    async def remove(self, user_id: str) -> None:
        """Forget the account's addresses, its link and its wishes (and when it was last mailed)."""
        async with self.store._write() as session:
            await session.execute(delete(TurnNoticeSentRow).where(TurnNoticeSentRow.user_id == user_id))
            await session.execute(delete(AccountEmailRow).where(AccountEmailRow.user_id == user_id))

    async def set_turn_notices(self, user_id: str, wanted: bool) -> bool:
        """Turn the notices on or off; False (nothing changes) when no address is confirmed."""
        async with self.store._write() as session:
            row = await session.get(AccountEmailRow, user_id)
            if row is None or row.address is None:
                return False
            row.turn_notices = wanted
            return True

    async def claim_notice(self, user_id: str, table_id: str, every: timedelta) -> bool:
        """Note that a notice goes out now for (user, table), unless one went out less than
        `every` ago (then False and nothing changes). Claimed before sending, so two turns at
        once send one mail."""
        try:
            async with self.store._write() as session:
                row = await session.get(TurnNoticeSentRow, (user_id, table_id))
                stamp = now()
                if row is None:
                    session.add(TurnNoticeSentRow(user_id=user_id, table_id=table_id, sent_at=stamp))
                    return True
                last = _aware(row.sent_at)
                if last is not None and stamp - last < every:
                    return False
                row.sent_at = stamp
                return True
        except IntegrityError:  # another claim for the same pair was first
            return False
