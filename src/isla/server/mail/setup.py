"""Putting the mail parts together for one app (its lifespan calls `open_mail` and `close`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from isla.server.config import ServerConfig
from isla.server.mail.addresses import Addresses
from isla.server.mail.sender import Mailer
from isla.server.mail.turns import TurnNotices
from isla.server.store import Store
from isla.server.store.mailing import MailRecords


@dataclass
class Mail:
    addresses: Addresses
    notices: TurnNotices

    async def close(self) -> None:
        await self.notices.close()


def open_mail(
    state: Any, store: Store, config: ServerConfig, turn_based_table: Callable[[str], bool]
) -> Mail:
    """The app's email parts, kept on `state` (the app's state): `email` and `turn_notices`.

    Which tables are turn-based is `turn_based_table(table_id)` (the tables' clocks), asked at each
    turn: only those mail their players.
    """
    mailer = None if config.mail is None else Mailer(config.mail)
    records = MailRecords(store)
    base = config.link_base()
    hours = config.mail.notice_hours if config.mail is not None else 0.0

    mail = Mail(Addresses(records, mailer, base), TurnNotices(records, mailer, base, hours, turn_based_table))
    state.email = mail.addresses
    state.turn_notices = mail.notices
    return mail
