"""Persistence: SQLAlchemy models, Alembic migrations (shipped here, applied at startup), the store."""

from isla.server.store.outage import DatabaseUnavailable
from isla.server.store.rated import Finish, SeatResult
from isla.server.store.repository import (
    NotApplied,
    SeqTaken,
    Store,
    StoredAction,
    StoredClocks,
    StoredEvent,
    StoredSeat,
    StoredTable,
    TimedOut,
)

__all__ = [
    "DatabaseUnavailable",
    "Finish",
    "NotApplied",
    "SeatResult",
    "SeqTaken",
    "Store",
    "StoredAction",
    "StoredClocks",
    "StoredEvent",
    "StoredSeat",
    "StoredTable",
    "TimedOut",
]
