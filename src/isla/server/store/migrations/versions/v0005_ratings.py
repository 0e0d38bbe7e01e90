"""Ranked tables, each finished game's per-seat results, and the ratings projected from them.

`game_tables.ranked` is chosen at creation (every existing table is unranked: none was ever rated).
`seat_results` keeps, per finished table and seat, who sat there (an account, or a bot under its
resolved spec and the engine version), the place, score and win, and whether a stand-in ever played
the seat: the stored truth that `isla ratings rebuild` recomputes every rating from. `rated_games`
numbers each game's rated tables in the order they were rated (the order a rebuild replays them),
with the facts the step needs besides the seats. `ratings`, `rating_history` and `ladder_points`
are the projection: the current rating per game and player, the rating after each rated game, and
the ladder points per season. Floats are 64-bit doubles on both databases, so a rebuild gives the
very numbers stored.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "game_tables", sa.Column("ranked", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    _seat_results()
    op.create_index("ix_seat_results_user_id", "seat_results", ["user_id"])
    op.create_index("ix_seat_results_player", "seat_results", ["player"])
    op.create_table(
        "rated_games",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("places_that_win", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_rated_games"),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], name="fk_rated_games_table_id_game_tables"),
        sa.UniqueConstraint("game", "number", name="uq_rated_games_game_number"),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("player", sa.String(120), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("bot", sa.String(80), nullable=True),
        sa.Column("rating", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game", "player", name="pk_ratings"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_ratings_user_id_users"),
    )
    op.create_table(
        "rating_history",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("player", sa.String(120), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rating_before", sa.Double(), nullable=False),
        sa.Column("rating_after", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "player", name="pk_rating_history"),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"],
                                name="fk_rating_history_table_id_game_tables"),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["player"])
    op.create_table(
        "ladder_points",
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(120), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game", "season", "player", name="pk_ladder_points"),
    )


def _seat_results() -> None:
    op.create_table(
        "seat_results",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(120), nullable=True),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("bot", sa.String(80), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("stood_in", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seat_results"),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"],
                                name="fk_seat_results_table_id_game_tables"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_seat_results_user_id_users"),
    )


def downgrade() -> None:
    op.drop_table("ladder_points")
    op.drop_index("ix_rating_history_player", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("rated_games")
    op.drop_index("ix_seat_results_player", table_name="seat_results")
    op.drop_index("ix_seat_results_user_id", table_name="seat_results")
    op.drop_table("seat_results")
    op.drop_column("game_tables", "ranked")
