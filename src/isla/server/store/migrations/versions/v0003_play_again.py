"""A finished table remembers the table set up to play it again (`again_id`).

"Play again with the same seats" makes a new table with the same game, options, seating and bots,
its other people's seats open and kept for them; the finished table points at it, so everybody who
was there finds it (and a second click joins it instead of making another). SQLite gets the new
nullable column with an inline REFERENCES clause, as in revision 0002; PostgreSQL the usual ALTERs.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FK = "fk_game_tables_again_id_game_tables"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE game_tables ADD COLUMN again_id VARCHAR(32) "
            f"CONSTRAINT {FK} REFERENCES game_tables (id)"
        )
    else:
        op.add_column("game_tables", sa.Column("again_id", sa.String(32), nullable=True))
        op.create_foreign_key(FK, "game_tables", "game_tables", ["again_id"], ["id"])


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint(FK, "game_tables", type_="foreignkey")
    op.drop_column("game_tables", "again_id")
