"""Answers kept by idempotency key; PostgreSQL refuses a commit past its writer's deadline.

Revision ID: 0002
Revises: 0001
Create Date: 2025-02-01

``idempotency_keys`` keeps the answer of a write sent with an ``Idempotency-Key`` (written in
the write's own transaction). On PostgreSQL, a deferred constraint trigger on ``expeditions``
(every write changes its expedition's row) refuses to commit a transaction whose writer set a
deadline (``rpg.commit_by``, :meth:`api.expeditions.database.Database.writing`) that has passed
when the commit is processed: a server frozen after the client sent COMMIT, and thawed after the
client gave up and answered an error, then rolls the write back instead of applying it unseen.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

COMMIT_DEADLINE_FUNCTION = """
CREATE OR REPLACE FUNCTION rpg_commit_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  commit_by text := current_setting('rpg.commit_by', true);
BEGIN
  IF commit_by IS NOT NULL AND commit_by <> '' AND clock_timestamp() > commit_by::timestamptz
  THEN
    RAISE EXCEPTION 'commit refused: its writer''s deadline % has passed', commit_by
      USING ERRCODE = 'query_canceled';
  END IF;
  RETURN NULL;
END
$$
"""

COMMIT_DEADLINE_TRIGGER = """
CREATE CONSTRAINT TRIGGER expeditions_commit_deadline
AFTER INSERT OR UPDATE ON expeditions
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION rpg_commit_deadline()
"""


def upgrade() -> None:
    """Create ``idempotency_keys``; on PostgreSQL the commit deadline's trigger."""
    op.create_table(
        "idempotency_keys",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("scope", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("expedition_id", ID, sa.ForeignKey("expeditions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("headers", JSON, nullable=False),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.Column("nonce", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("scope", "key_hash", name="uq_idempotency_keys_scope_key"),
    )
    op.create_index("ix_idempotency_keys_created_at", "idempotency_keys", ["created_at"])
    op.create_index("ix_idempotency_keys_expedition_id", "idempotency_keys", ["expedition_id"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(COMMIT_DEADLINE_FUNCTION)
        op.execute(COMMIT_DEADLINE_TRIGGER)


def downgrade() -> None:
    """Drop them."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS expeditions_commit_deadline ON expeditions")
        op.execute("DROP FUNCTION IF EXISTS rpg_commit_deadline()")
    op.drop_index("ix_idempotency_keys_expedition_id", table_name="idempotency_keys")
    op.drop_index("ix_idempotency_keys_created_at", table_name="idempotency_keys")
    op.drop_table("idempotency_keys")
