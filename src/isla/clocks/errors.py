"""The one error the clock package reports: a `clock` value (or a stored clock state) that is bad."""

from __future__ import annotations

from typing import Any

from isla.core.errors import IslaError


def shown(value: Any, limit: int = 40) -> str:
    """`value` as it appears in an error: its repr, cut short so a message stays one short line."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ClockError(IslaError):
    """A bad `clock` field or stored clock state; the message is one line saying what to change.

    `code` is the API error code the server answers with (`invalid`, a 422), so a table is never
    created with a clock nobody can read back.
    """

    code = "invalid"

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))
