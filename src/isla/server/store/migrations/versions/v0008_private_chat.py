"""Private tables and chat: `game_tables.private`, its `invite` secret and `spectator_chat`; the
`chat_messages` of every table and of the lobby.

Every existing table stays public with spectator chat open; nothing is rewritten.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.add_column(
        "game_tables", sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("game_tables", sa.Column("invite", sa.String(64), nullable=True))
    op.add_column(
        "game_tables", sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", Id, autoincrement=True, nullable=False),
        sa.Column("room", sa.String(32), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("spectator", sa.Boolean(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_chat_messages"),
    )
    op.create_index("ix_chat_messages_room_id", "chat_messages", ["room", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_room_id", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_column("game_tables", "spectator_chat")
    op.drop_column("game_tables", "invite")
    op.drop_column("game_tables", "private")
