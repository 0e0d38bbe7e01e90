"""A table remembers who created it whatever slot they sit in, and from where.

`creator_token_hash` is the SHA-256 of the creator token handed to a caller who created the table
without signing in (an API client), so creator rights (abandon) go with that token, not with
whoever holds slot 0. `creator_client` is the client address the table was created from, so the
server can bound how many live tables one client opens. Both are nullable: older tables keep
their signed-in creator (`creator_id`) or, lacking one, the old rule (the first person's seat).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("creator_token_hash", sa.String(64), nullable=True))
    op.add_column("game_tables", sa.Column("creator_client", sa.String(64), nullable=True))
    op.create_index("ix_game_tables_creator_client", "game_tables", ["creator_client"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_creator_client", table_name="game_tables")
    op.drop_column("game_tables", "creator_client")
    op.drop_column("game_tables", "creator_token_hash")
