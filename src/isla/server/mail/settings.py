"""How the server reaches its SMTP server, and how often it may mail a player about one table.

Built by `isla serve` from its flags and environment (isla/cli/mailflags.py); the password comes
from the environment only and is kept out of every repr, log line and error message.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TLS_MODES = ("none", "starttls", "tls")
# The usual port of each mode, when none is given.
DEFAULT_PORTS = {"none": 25, "starttls": 587, "tls": 465}
DEFAULT_NOTICE_HOURS = 12.0
# A confirmation link works this long after it was mailed.
CONFIRM_HOURS = 24


@dataclass(frozen=True)
class MailSettings:
    """An SMTP server to send through and the sender's address; the throttle of turn notices."""

    host: str
    sender: str  # the From: address
    port: int | None = None  # None: the usual port of the TLS mode
    tls: str = "starttls"
    username: str | None = None
    password: str | None = field(default=None, repr=False)  # from ISLA_SMTP_PASSWORD only
    notice_hours: float = DEFAULT_NOTICE_HOURS  # at most one turn notice per table this often
    timeout: float = 30.0  # seconds an SMTP conversation may take before it counts as failed

    def __post_init__(self) -> None:
        if self.tls not in TLS_MODES:
            raise ValueError(f"the SMTP TLS mode must be one of {', '.join(TLS_MODES)}, not {self.tls!r}")
        if self.notice_hours < 0:
            raise ValueError("the notice throttle must be 0 hours or more")

    @property
    def smtp_port(self) -> int:
        return self.port if self.port is not None else DEFAULT_PORTS[self.tls]
