""""It's your turn" mails for turn-based tables, at most one per table every N hours per account.

`TurnNotices.turn_started` is the one entry point: the table service calls it when a seat held by
an account gets a decision. It sends only if the table is turn-based (the injected predicate
`turn_based`, which the app answers from the tables' clocks), the account asked for notices, its
address is confirmed, and no notice for this table went to it within the last N hours. `started`
is the fire-and-forget form for code that must not wait (a move): it runs the check in a task and
logs anything that goes wrong, so a failing database or SMTP server never touches the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import timedelta

from isla.server.mail import texts
from isla.server.mail.sender import Mailer
from isla.server.store.mailing import MailRecords

log = logging.getLogger("isla.server.mail")


def never(_table_id: str) -> bool:
    """The default predicate: no table is turn-based (the clocks of issue 16 are not here yet)."""
    return False


class TurnNotices:
    """Decides whether a turn gets a mail, and sends it in the background."""

    def __init__(
        self, records: MailRecords, mailer: Mailer | None, base_url: str, notice_hours: float,
        turn_based: Callable[[str], bool] = never,
    ) -> None:
        self.records = records
        self.mailer = mailer
        self.base_url = base_url.rstrip("/")
        self.notice_hours = notice_hours
        self.turn_based = turn_based
        self._tasks: set[asyncio.Task[bool]] = set()

    async def turn_started(
        self, table_id: str, account_id: str, game_name: str, lang: str | None = None
    ) -> bool:
        """Send "it's your turn at table X" if everything above allows it; True if a mail was queued."""
        if self.mailer is None or not self.turn_based(table_id):
            return False
        state = await self.records.state(account_id)
        if not state.turn_notices or state.address is None:
            return False
        if not await self.records.claim_notice(account_id, table_id, timedelta(hours=self.notice_hours)):
            return False
        link = f"{self.base_url}/tables/{table_id}"
        account = await self.records.store.user(account_id)
        # The account's language, else the one of the request that added the address.
        chosen = lang or (account.lang if account is not None else None) or state.lang or "en"
        subject, body = texts.turn_notice(chosen, table_id, game_name, link, self.notice_hours)
        self.mailer.send_later(state.address, subject, body)
        return True

    def started(self, table_id: str, account_id: str, game_name: str) -> None:
        """`turn_started` without waiting for it (from inside a move); failures are logged only."""
        if self.mailer is None or not self.turn_based(table_id):
            return
        task = asyncio.get_running_loop().create_task(self._quietly(table_id, account_id, game_name),
                                                      name=f"turn notice:{table_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _quietly(self, table_id: str, account_id: str, game_name: str) -> bool:
        try:
            return await self.turn_started(table_id, account_id, game_name)
        except Exception as error:
            log.warning("isla: table %s: a turn notice could not be prepared: %s: %s",
                        table_id, type(error).__name__, error)
            return False

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.mailer is not None:
            await self.mailer.close()
