"""Sending mail over SMTP without holding up anything else.

smtplib talks to the server in a worker thread (`asyncio.to_thread`), so neither the event loop nor
the move that caused a notice waits for it; `send_later` does not even wait for the thread. A
failure (server down, login refused, address rejected) is logged once, as one line, with the
password scrubbed from it even if a server echoed it back, and is never raised into the caller:
mail is a courtesy, a game action never depends on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from isla.server.mail.settings import MailSettings

log = logging.getLogger("isla.server.mail")


class Mailer:
    """Sends plain-text mails through the configured SMTP server."""

    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings
        self._pending: set[asyncio.Task[bool]] = set()

    def message(self, to: str, subject: str, body: str) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.settings.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain=self.settings.sender.rpartition("@")[2] or None)
        message.set_content(body)
        return message

    async def send(self, to: str, subject: str, body: str) -> bool:
        """Send one mail; True once the SMTP server accepted it, False (logged) if it did not."""
        message = self.message(to, subject, body)
        try:
            await asyncio.to_thread(self._deliver, message)
        except Exception as error:
            log.warning("isla: a mail (%s) could not be sent through %s:%s: %s", subject,
                        self.settings.host, self.settings.smtp_port, self._scrubbed(error))
            return False
        return True

    def send_later(self, to: str, subject: str, body: str) -> None:
        """Send in the background; the caller goes on at once (the task is kept until it ends)."""
        task = asyncio.get_running_loop().create_task(self.send(to, subject, body), name="isla mail")
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def close(self) -> None:
        """Let mails on their way finish (each is bounded by the SMTP timeout)."""
        for task in list(self._pending):
            with contextlib.suppress(Exception):
                await task

    def _deliver(self, message: EmailMessage) -> None:
        """One SMTP conversation (in a worker thread)."""
        s = self.settings
        smtp: smtplib.SMTP
        if s.tls == "tls":
            context = ssl.create_default_context()
            smtp = smtplib.SMTP_SSL(s.host, s.smtp_port, timeout=s.timeout, context=context)
        else:
            smtp = smtplib.SMTP(s.host, s.smtp_port, timeout=s.timeout)
        with smtp:
            if s.tls == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if s.username:
                smtp.login(s.username, s.password or "")
            smtp.send_message(message)

    def _scrubbed(self, error: BaseException) -> str:
        text = " ".join(str(error).split()) or type(error).__name__
        password = self.settings.password
        if password:
            text = text.replace(password, "***")
        return f"{type(error).__name__}: {text}"
