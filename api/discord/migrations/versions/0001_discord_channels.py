"""Discord channels linked to an expedition.

Revision ID: discord_0001
Revises:
Create Date: 2026-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "discord_0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``discord_channels``."""
    op.create_table(
        "discord_channels",
        sa.Column("channel_id", sa.String(32), primary_key=True),
        sa.Column("guild_id", sa.String(32), nullable=True),
        sa.Column("public_id", sa.String(32), nullable=False),
        sa.Column("sealed_token", sa.String(400), nullable=False),
        sa.Column("linked_by", sa.String(32), nullable=False),
        sa.Column("role_id", sa.String(32), nullable=True),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``discord_channels``."""
    op.drop_table("discord_channels")
