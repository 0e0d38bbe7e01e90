"""Tables, seats, the action log with its unique (table_id, seq), and table events.

Revision ID: 0001
Revises:
Create Date: 2026-11-20
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Stamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("seating", sa.String(10), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_at", Stamp, nullable=False),
        sa.Column("started_at", Stamp, nullable=True),
        sa.Column("finished_at", Stamp, nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_game_tables"),
    )
    op.create_index("ix_game_tables_status", "game_tables", ["status"])
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined_at", Stamp, nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_table_seats_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("table_id", "slot", name="pk_table_seats"),
        sa.UniqueConstraint("table_id", "seat", name="uq_table_seats_table_id_seat"),
    )
    op.create_index("ix_table_seats_token_hash", "table_seats", ["token_hash"])
    op.create_table(
        "table_actions",
        sa.Column("id", Id, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("source", sa.String(12), nullable=False),
        sa.Column("created_at", Stamp, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_table_actions_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_table_actions"),
        sa.UniqueConstraint("table_id", "seq", name="uq_table_actions_table_id_seq"),
    )
    op.create_table(
        "table_events",
        sa.Column("id", Id, autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("created_at", Stamp, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_table_events_table_id_game_tables"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_table_events"),
    )
    op.create_index("ix_table_events_table_id", "table_events", ["table_id"])


def downgrade() -> None:
    op.drop_table("table_events")
    op.drop_table("table_actions")
    op.drop_index("ix_table_seats_token_hash", table_name="table_seats")
    op.drop_table("table_seats")
    op.drop_index("ix_game_tables_status", table_name="game_tables")
    op.drop_table("game_tables")
