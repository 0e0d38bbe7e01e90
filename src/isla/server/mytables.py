"""My games: every table a signed-in person sits at that is not over, whose turn it is, time left.

What `GET /api/me/tables` answers and the lobby's "My games" list shows. Each entry is the table's
public summary (with its `clock` and running `clocks`) plus the caller's place in it: their seat,
whether it is their turn (a bot standing in for them is not), the time their seat has left, and
the table's last move. Tables where it is the caller's turn come first, the least time left first
among them; then the others, the most recently moved first.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from isla.core import JSON
from isla.server.store.repository import LastMove

if TYPE_CHECKING:
    from isla.server.tables import LocalTableService

NEVER = datetime.min.replace(tzinfo=UTC)


def _when(moment: datetime) -> datetime:
    """A stored instant as an aware UTC datetime (SQLite gives naive ones back: they are UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _last_move(last: LastMove | None) -> JSON | None:
    if last is None:
        return None
    return {"seq": last.seq, "seat": last.seat, "action": last.action, "at": _when(last.at).isoformat()}


def entry(summary: JSON, user_id: str, last: LastMove | None) -> JSON:
    """One table of My games: its summary and the caller's seat, turn and time left there."""
    mine = next((s for s in summary["seats"] if s.get("user") == user_id), None)
    seat = None if mine is None else mine.get("seat")
    playing = summary["status"] == "playing"
    my_turn = playing and seat is not None and summary["to_move"] == seat and mine is not None \
        and mine.get("stand_in") is None
    clocks = summary.get("clocks")
    left = clocks["left"][seat] if clocks is not None and seat is not None else None
    return {"table": summary, "slot": None if mine is None else mine["slot"], "seat": seat,
            "my_turn": my_turn, "time_left": left, "last_move": _last_move(last)}


def _order(item: tuple[JSON, datetime]) -> tuple[Any, ...]:
    data, moved = item
    left = data["time_left"]
    return (not data["my_turn"], left if data["my_turn"] and left is not None else float("inf"),
            -moved.timestamp())


async def my_tables(service: LocalTableService, user_id: str) -> list[JSON]:
    """The caller's tables, in the order above. A table being played is read back into memory if it
    is not there yet (after a restart), so its clocks are the running ones."""
    from isla.server.tables import TableError, _summary

    found = []
    for stored, last in await service.store.seated(user_id):
        summary: JSON | None
        try:
            summary = (await service._get(stored.id)).summary() if stored.status == "playing" else None
        except TableError:  # cannot be replayed by this server: listed as stored
            summary = None
        if summary is None:
            summary = _summary(stored)
        moved = _when(last.at) if last is not None else _when(stored.created_at or NEVER)
        found.append((entry(summary, user_id, last), moved))
    return [data for data, _ in sorted(found, key=_order)]
