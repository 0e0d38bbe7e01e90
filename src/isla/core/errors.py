"""The two ways a caller can be wrong, as typed errors with messages meant for people.

Every message is a single line that names the problem, so the CLI and the server can pass it on
unchanged; none of these errors ever leaves a state half-changed.
"""

from __future__ import annotations

from collections.abc import Sequence


class IslaError(Exception):
    """Base of every error Isla reports to a user."""


class IllegalAction(IslaError):
    """An action that is not legal in the state it was offered to (the state is left unchanged)."""

    def __init__(self, action: str, reason: str, legal: Sequence[str] = ()) -> None:
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        shown = ", ".join(self.legal[:12]) + (", ..." if len(self.legal) > 12 else "")
        message = f"illegal action {action!r}: {reason}"
        if self.legal:
            message += f" (legal: {shown})"
        super().__init__(message)


class BadState(IslaError):
    """A state or record document that does not match its schema, or is inconsistent."""


class BadOption(IslaError):
    """An unknown game option, a bad option value, or an unsupported player count."""


class UnknownGame(IslaError):
    """A game short name that the registry does not know."""


class BadGame(IslaError):
    """A game whose declarations are missing or malformed, found when it is registered."""
