"""Persistence: SQLAlchemy models, Alembic migrations (shipped here, applied at startup), the store."""

from isla.server.store.outage import DatabaseUnavailable
from isla.server.store.rated import Finish, ImportedGame, SeatFinal, SeatResult
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
    "ImportedGame",
    "NotApplied",
    "SeatFinal",
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
