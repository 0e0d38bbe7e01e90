"""Chat messages in the database: one row per message, read back by room (a table id, or "lobby").

Kept apart from the action log on purpose: a chat message never changes a game, so nothing that
replays or rates a game ever reads these rows (the replay only shows them beside the moves).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from isla.server.store.models import ChatRow


@dataclass(frozen=True)
class ChatLine:
    """One message as kept: who said what, where, when, and at which table sequence number."""

    room: str
    name: str
    text: str
    user_id: str | None = None
    seat: int | None = None
    spectator: bool = False
    seq: int | None = None
    id: int | None = None
    at: datetime | None = None


async def add(session: AsyncSession, line: ChatLine) -> ChatLine:
    row = ChatRow(
        room=line.room, at=datetime.now(UTC), seq=line.seq, name=line.name, user_id=line.user_id,
        seat=line.seat, spectator=line.spectator, text=line.text,
    )
    session.add(row)
    await session.flush()
    return _line(row)


async def history(session: AsyncSession, room: str, limit: int) -> list[ChatLine]:
    rows = await session.scalars(
        select(ChatRow).where(ChatRow.room == room).order_by(ChatRow.id.desc()).limit(limit)
    )
    return [_line(row) for row in reversed(list(rows))]


def _line(row: ChatRow) -> ChatLine:
    return ChatLine(
        room=row.room, name=row.name, text=row.text, user_id=row.user_id, seat=row.seat,
        spectator=row.spectator, seq=row.seq, id=row.id, at=row.at,
    )
