"""The database schema: tables, their seats, their append-only action log, their events; accounts.

The action log is the truth about a game (ARCHITECTURE.md, "How a move travels"): `game_tables`
keeps what is needed to start the game again (game, options, seed, engine version) and
`table_actions` every chosen action with its sequence number. The unique (table_id, seq) is what
lets a second writer lose cleanly when two submissions race for the same move. A finished game also
keeps its record and result, which ratings and replays will read later. `users` are accounts and
guests; `sessions` the browser sessions signed in as one of them (only a hash of the cookie).

Changing this module means adding an Alembic revision under `migrations/versions/`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Explicit constraint names, so migrations can refer to them on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s_%(column_1_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite makes only an INTEGER PRIMARY KEY auto-incrementing; PostgreSQL gets a 64-bit key.
Id = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class TableRow(Base):
    """One table: how its game was set up, where it stands, and (once over) its record and result."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    engine_version: Mapped[str] = mapped_column(String(40))
    seating: Mapped[str] = mapped_column(String(10))  # "random" | "fixed"
    status: Mapped[str] = mapped_column(String(12), index=True)  # open | playing | finished
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # The user who created the table (may abandon it); None for tables created with tokens only.
    creator_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"))
    # The newest table set up to play this one again with the same seats (None: none yet).
    again_id: Mapped[str | None] = mapped_column(ForeignKey("game_tables.id"))
    # SHA-256 of the creator token of a table created without signing in (creator rights go with it).
    creator_token_hash: Mapped[str | None] = mapped_column(String(64))
    # The client address the table was created from (to bound the live tables one client opens).
    creator_client: Mapped[str | None] = mapped_column(String(64), index=True)
    # Chosen at creation: only accounts and bots sit at a ranked table, and its finished game is rated.
    ranked: Mapped[bool] = mapped_column(Boolean, default=False)
    # The table's speed (isla.clocks `clock`, full form; None: no limit), its running clocks (a
    # `ClockState` as JSON, rewritten at every change) and when the running seat times out (epoch ms).
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    clock_deadline: Mapped[int | None] = mapped_column(BigInteger, index=True)
    # A private table is never listed; only holders of its invite secret (or its seats) see it.
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(64))
    # Whether spectators may write in the table's chat (its creator may close it at any time).
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=True)


class SeatRow(Base):
    """A place at a table. `slot` is its position in the creator's list; `seat` the engine seat.

    The seat is decided when the table starts: equal to the slot with fixed seating, shuffled with
    random seating (ruling R16: the engine's seat 0 is the first governor).
    """

    __tablename__ = "table_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # open | human | bot
    bot: Mapped[str | None] = mapped_column(String(40))
    name: Mapped[str | None] = mapped_column(String(80))
    # SHA-256 of the player token handed out at join; the token itself is never stored.
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The signed-in user holding this seat (any tab of theirs may play it); None for token seats.
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), index=True)
    # The bot level playing for an absent human until they reclaim the seat; None otherwise.
    stand_in: Mapped[str | None] = mapped_column(String(40))


class ActionRow(Base):
    """One action of a table's game, in order: seq 0 is the first action after the setup."""

    __tablename__ = "table_actions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(12))  # player | bot | fallback
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """Something that happened at a table besides an action (a bot failure now; handovers later)."""

    __tablename__ = "table_events"

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # the log's length when it happened
    seat: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    detail: Mapped[str] = mapped_column(Text)
    # What a program reads of the event (a timeout's seat, instant and clock state); None for most.
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class UserRow(Base):
    """A person: a registered account (name + password) or a guest (a name only).

    `name_key` is the case-folded name of an account, unique so that "Ann" and "ANN" cannot both
    register; guests have none (their names need not be unique) and no password hash.
    """

    __tablename__ = "users"
    __table_args__ = (UniqueConstraint("name_key", name="uq_users_name_key"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    name_key: Mapped[str | None] = mapped_column(String(80))
    # An argon2id hash in PHC string form; the password itself is never stored.
    password_hash: Mapped[str | None] = mapped_column(String(255))
    guest: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The language the account chose (isla.i18n.LANGUAGES; migration 0009), or None: its browser's.
    lang: Mapped[str | None] = mapped_column(String(16))


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its session cookie, so a leaked database signs in nobody."""

    __tablename__ = "sessions"
    __table_args__ = (Index("ix_sessions_expires_at", "expires_at"),)

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatResultRow(Base):
    """One seat of a finished game: who sat there, its place, score and win (the truth ratings replay).

    `player` is the rated identity: `account:<user id>` or `bot:<kind:iterations>@<engine version>`
    (None for a person without an account, at an unranked table); `stood_in` says a bot stood in for
    the seat's player at some time (their seat is rated on the result like any other).
    """

    __tablename__ = "seat_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    slot: Mapped[int] = mapped_column(Integer)
    player: Mapped[str | None] = mapped_column(String(120), index=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(80))
    name: Mapped[str | None] = mapped_column(String(80))
    place: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    stood_in: Mapped[bool] = mapped_column(Boolean)


class RatedGameRow(Base):
    """A rated (finished, ranked) table, numbered per game in the order it was rated."""

    __tablename__ = "rated_games"
    __table_args__ = (UniqueConstraint("game", "number", name="uq_rated_games_game_number"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    number: Mapped[int] = mapped_column(Integer)
    places_that_win: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's current rating in one game (a projection of the rated games: rebuild recomputes it)."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    player: Mapped[str] = mapped_column(String(120), primary_key=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"))
    bot: Mapped[str | None] = mapped_column(String(80))
    rating: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    last_played: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingHistoryRow(Base):
    """A player's rating before and after one rated game, and the ladder points it earned."""

    __tablename__ = "rating_history"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    player: Mapped[str] = mapped_column(String(120), primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(40))
    rating_before: Mapped[float] = mapped_column(Double)
    rating_after: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)  # rated games after this one
    season: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LadderPointsRow(Base):
    """A player's ladder points in one season of one game."""

    __tablename__ = "ladder_points"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    season: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(120), primary_key=True)
    points: Mapped[int] = mapped_column(Integer)


class ChatRow(Base):
    """One chat message: in a table's chat (`room` is the table id) or the lobby's (`room` "lobby").

    `seq` is the table's sequence number when it was said, so a replay shows it among the moves."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_room_id", "room", "id"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    room: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seq: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(120))
    user_id: Mapped[str | None] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
    spectator: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(Text)
