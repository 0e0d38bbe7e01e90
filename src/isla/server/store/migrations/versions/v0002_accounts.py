"""Accounts and guests (`users`), browser sessions (`sessions`), and who sits where.

Seats remember the signed-in user holding them (`user_id`) and the bot level standing in for an
absent player (`stand_in`); a table remembers its creator (`creator_id`).

SQLite cannot add a foreign key to an existing table with ALTER, and Alembic's batch mode (copy the
table, drop the old one, rename) cannot be used on `game_tables`: other tables refer to it, and with
foreign keys enforced (db.py turns them on, and they cannot be turned off inside the migration's
transaction) dropping a referenced table that has rows fails. SQLite does accept a new nullable
column with an inline REFERENCES clause, which is what it gets; PostgreSQL gets the usual ALTERs.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Stamp = sa.DateTime(timezone=True)


def _add_user_reference(table: str, column: str) -> None:
    """Add a nullable `column` to `table` referring to users.id, on SQLite and PostgreSQL alike."""
    name = f"fk_{table}_{column}_users"
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            f"ALTER TABLE {table} ADD COLUMN {column} VARCHAR(32) CONSTRAINT {name} REFERENCES users (id)"
        )
    else:
        op.add_column(table, sa.Column(column, sa.String(32), nullable=True))
        op.create_foreign_key(name, table, "users", [column], ["id"])


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("created_at", Stamp, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_users"),
        sa.UniqueConstraint("name_key", name="uq_users_name_key"),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("created_at", Stamp, nullable=False),
        sa.Column("expires_at", Stamp, nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_sessions_user_id_users"),
        sa.PrimaryKeyConstraint("id_hash", name="pk_sessions"),
    )
    op.create_index("ix_sessions_expires_at", "sessions", ["expires_at"])
    _add_user_reference("table_seats", "user_id")
    op.add_column("table_seats", sa.Column("stand_in", sa.String(40), nullable=True))
    op.create_index("ix_table_seats_user_id", "table_seats", ["user_id"])
    _add_user_reference("game_tables", "creator_id")


def downgrade() -> None:
    # SQLite (3.35 and later) drops these columns in place: a column-level REFERENCES does not stop
    # it, while batch mode's copy of `game_tables` would fail for the reason given at the top.
    op.drop_index("ix_table_seats_user_id", table_name="table_seats")
    op.drop_column("game_tables", "creator_id")
    op.drop_column("table_seats", "stand_in")
    op.drop_column("table_seats", "user_id")
    op.drop_index("ix_sessions_expires_at", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("users")
