"""A real SMTP server for the email tests: aiosmtpd in its own thread, keeping what it receives.

Nothing is mocked: the server under test talks SMTP over a loopback socket to this one. Mails are
read with `Inbox.wait_for` (polling with the tests' patience, never a fixed sleep).
"""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from servertools import wait_for

from isla.server.mail import MailSettings

LINK = re.compile(r"https?://\S+/email/confirm\?token=\S+")


@dataclass
class Inbox:
    """Every mail the test SMTP server accepted, in order; and the logins it refused."""

    mails: list[EmailMessage] = field(default_factory=list)
    refused_logins: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # aiosmtpd's name
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        with self.lock:
            self.mails.append(mail)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.mails if m["To"] == address]

    def wait_for(self, address: str, count: int = 1) -> list[EmailMessage]:
        """The mails to `address` once there are at least `count` of them."""
        found: list[EmailMessage] = wait_for(f"{count} mail(s) to {address}",
                                             lambda: len(self.to(address)) >= count and self.to(address))
        return found


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


def link_in(mail: EmailMessage) -> str:
    found = LINK.search(text_of(mail))
    assert found is not None, text_of(mail)
    return found.group(0)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def smtp_server(login: tuple[str, str] | None = None) -> Iterator[tuple[Inbox, int]]:
    """A running SMTP server on a free loopback port; with `login`, it wants that name and password."""
    inbox = Inbox()
    extra: dict[str, Any] = {}
    if login is not None:

        def authenticator(_server: Any, _session: Any, _envelope: Any, _how: str, data: Any) -> AuthResult:
            given = data if isinstance(data, LoginPassword) else None
            if given is not None and (given.login.decode(), given.password.decode()) == login:
                return AuthResult(success=True)
            inbox.refused_logins += 1
            return AuthResult(success=False, handled=False)

        extra = {"authenticator": authenticator, "auth_require_tls": False}
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), **extra)
    controller.start()
    try:
        yield inbox, controller.port
    finally:
        controller.stop()


def plain(port: int, **changes: Any) -> MailSettings:
    """Settings for the test SMTP server (no TLS on loopback), a throttle of 12 hours."""
    return MailSettings(host="127.0.0.1", port=port, tls="none", sender="isla@example.org", **changes)
