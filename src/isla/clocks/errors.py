"""The one error the clock package reports: a `clock` value (or a stored clock state) that is bad."""

from __future__ import annotations

from isla.core.errors import IslaError


class ClockError(IslaError):
    """A bad `clock` field or stored clock state; the message is one line saying what to change.

    `code` is the API error code the server answers with (`invalid`, a 422), so a table is never
    created with a clock nobody can read back.
    """

    code = "invalid"

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))
