"""Expeditions and their append-only logs.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create ``expeditions`` and ``log_entries``."""
    op.create_table(
        "expeditions",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("public_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("gm_key", sa.String(64), nullable=False),
        sa.Column("players_key", sa.String(64), nullable=False),
        sa.Column("players_generation", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("last_action", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("public_id", name="uq_expeditions_public_id"),
    )
    op.create_table(
        "log_entries",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("expedition_id", ID, sa.ForeignKey("expeditions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("inputs", JSON, nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("dice", JSON, nullable=True),
        sa.Column("steps", JSON, nullable=False),
        sa.Column("said", JSON, nullable=False),
        sa.Column("offers", JSON, nullable=False),
        sa.Column("state_before", JSON, nullable=True),
        sa.Column("previous_action", sa.Integer(), nullable=True),
        sa.Column("reverts", sa.Integer(), nullable=True),
        sa.UniqueConstraint("expedition_id", "seq", name="uq_log_entries_expedition_seq"),
    )
    op.create_index("ix_log_entries_reverts", "log_entries", ["expedition_id", "reverts"])


def downgrade() -> None:
    """Drop both tables."""
    op.drop_index("ix_log_entries_reverts", table_name="log_entries")
    op.drop_table("log_entries")
    op.drop_table("expeditions")
