"""Email notices (issue 16): an account's address, its confirmation, its wish for your-turn mails,
and when each (account, table) last got a notice.

`account_emails` has at most one row per account. `address` is the confirmed address, the only one
mail is ever sent to besides the confirmation itself; `pending` is an address waiting for its owner
to open the link mailed to it, whose single-use secret is kept only as its SHA-256 (`token_hash`,
unique, so a link finds its row) with the time it was sent (`sent_at`: links expire). `turn_notices`
(off by default) is the owner's "email me when it's my turn"; `lang` the language the mails are
written in. `turn_notices_sent` is the throttle: at most one notice per table every N hours.

Both are new tables; nothing existing changes.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Stamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "account_emails",
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("pending", sa.String(254), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("sent_at", Stamp, nullable=True),
        sa.Column("confirmed_at", Stamp, nullable=True),
        sa.Column("turn_notices", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("lang", sa.String(16), nullable=True),
        sa.PrimaryKeyConstraint("user_id", name="pk_account_emails"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_account_emails_user_id_users"),
        sa.UniqueConstraint("token_hash", name="uq_account_emails_token_hash"),
    )
    op.create_table(
        "turn_notices_sent",
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("sent_at", Stamp, nullable=False),
        sa.PrimaryKeyConstraint("user_id", "table_id", name="pk_turn_notices_sent"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_turn_notices_sent_user_id_users"),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"],
                                name="fk_turn_notices_sent_table_id_game_tables"),
    )


def downgrade() -> None:
    op.drop_table("turn_notices_sent")
    op.drop_table("account_emails")
