"""Putting the mail parts together for one app (its lifespan calls `open_mail` and `close`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from isla.server.config import ServerConfig
from isla.server.mail.addresses import Addresses
from isla.server.mail.sender import Mailer
from isla.server.mail.turns import TurnNotices, never
from isla.server.store import Store
from isla.server.store.mailing import MailRecords


@dataclass
class Mail:
    addresses: Addresses
    notices: TurnNotices

    async def close(self) -> None:
        await self.notices.close()


def open_mail(state: Any, store: Store, config: ServerConfig) -> Mail:
    """The app's email parts, kept on `state` (the app's state): `email` and `turn_notices`.

    Which tables are turn-based is asked of `state.turn_based(table_id)` at each turn (default:
    none is), so the clocks, or a test, can set it on the app.
    """
    mailer = None if config.mail is None else Mailer(config.mail)
    records = MailRecords(store)
    base = config.link_base()
    hours = config.mail.notice_hours if config.mail is not None else 0.0

    def turn_based(table_id: str) -> bool:
        predicate = getattr(state, "turn_based", never)
        return bool(predicate(table_id))

    mail = Mail(Addresses(records, mailer, base), TurnNotices(records, mailer, base, hours, turn_based))
    state.email = mail.addresses
    state.turn_notices = mail.notices
    return mail
