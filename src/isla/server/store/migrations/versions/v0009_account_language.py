"""An account's language: `users.lang`, the language Isla speaks to it when a request names none.

Nullable: every existing user keeps no language (the browser's Accept-Language decides, as before);
nothing is rewritten.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("lang", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("users", "lang")
