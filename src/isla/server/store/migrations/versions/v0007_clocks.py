"""Clocks: each table's speed and its running clocks, stored so that no clock runs while the server
is down and a restarted server resumes every clock with the time it had left.

`game_tables.clock` is the table's `clock` field in full form (isla.clocks, docs/clocks.md; null:
no limit, as every table made before clocks). `game_tables.clock_state` is the running clocks, the
`ClockState` JSON: per seat the time it had left when its clock last started (ms), which seat is
deciding and the wall time (epoch ms) its running period began, the seats that timed out, and
whether the clocks are stopped (the server went down). It is rewritten in the transaction of every
change that moves a clock (a move, a start, a timeout, a reclaimed seat, a shutdown), so what is
stored is always the time left at the last change plus when the running period began.
`game_tables.clock_deadline` is when the running seat times out (epoch ms), indexed: the guard a
timeout is written under (only the writer that saw this deadline wins) and what a scheduler of
several processes can ask for. `table_events.data` is the machine-readable part of an event (a
`timeout`'s seat, instant, action and clock state); the words stay in `detail`.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("game_tables", sa.Column("clock_state", sa.JSON(), nullable=True))
    op.add_column("game_tables", sa.Column("clock_deadline", sa.BigInteger(), nullable=True))
    op.create_index("ix_game_tables_clock_deadline", "game_tables", ["clock_deadline"])
    op.add_column("table_events", sa.Column("data", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("table_events", "data")
    op.drop_index("ix_game_tables_clock_deadline", table_name="game_tables")
    op.drop_column("game_tables", "clock_deadline")
    op.drop_column("game_tables", "clock_state")
    op.drop_column("game_tables", "clock")
