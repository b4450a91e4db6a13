"""The log's hash chain and the epochs' keys (rolls no one can fake); players' character links.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27

``expeditions`` gains its chain's id, head and current epoch with its secret key;
``log_entries`` each entry's epoch, public form, hash, and a hidden entry's nonce and full form.
An existing expedition's log is chained as it stands: its chain id is its public id, epoch 1
begins now with a fresh key, and each entry's public form is built from what it stores (its
steps, seeded or physical, say so: none was drawn under a key). ``character_links`` keeps each
player's link to one character (its token's SHA-256), revocable.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from api.expeditions import chain

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _iso(moment: Any) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return str(moment.astimezone(UTC).isoformat())


def upgrade() -> None:
    """Add the columns, chain every existing log, then require them."""
    op.add_column("expeditions", sa.Column("chain_id", sa.String(32), nullable=True))
    op.add_column("expeditions", sa.Column("head_hash", sa.String(64), nullable=True))
    op.add_column("expeditions", sa.Column("epoch", sa.Integer(), nullable=True))
    op.add_column("expeditions", sa.Column("epoch_key", sa.LargeBinary(32), nullable=True))
    op.add_column("expeditions", sa.Column("epoch_from", sa.Integer(), nullable=True))
    op.add_column("log_entries", sa.Column("epoch", sa.Integer(), nullable=True))
    op.add_column("log_entries", sa.Column("public_form", JSON, nullable=True))
    op.add_column("log_entries", sa.Column("hash", sa.String(64), nullable=True))
    op.add_column("log_entries", sa.Column("nonce", sa.String(32), nullable=True))
    op.add_column("log_entries", sa.Column("full_form", JSON, nullable=True))
    _chain_existing()
    op.create_table(
        "character_links",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("expedition_id", ID, sa.ForeignKey("expeditions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("character", sa.String(80), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_character_links_key", "character_links", ["expedition_id", "key"])
    if op.get_bind().dialect.name == "sqlite":
        # SQLite alters a constraint only by copying the table; copying ``expeditions`` would
        # drop it, and with it (ON DELETE CASCADE) every log: the columns stay nullable there.
        return
    # The backfill's updates queued the commit deadline's deferred trigger (0002): it runs now,
    # as PostgreSQL alters no table with trigger events pending.
    op.execute("SET CONSTRAINTS ALL IMMEDIATE")
    for table, columns in (("expeditions", ("chain_id", "head_hash", "epoch", "epoch_key",
                                            "epoch_from")),
                           ("log_entries", ("epoch", "public_form", "hash"))):
        for column in columns:
            op.alter_column(table, column, nullable=False)


def _chain_existing() -> None:
    bind = op.get_bind()
    meta = sa.MetaData()
    expeditions = sa.Table("expeditions", meta, autoload_with=bind)
    entries = sa.Table("log_entries", meta, autoload_with=bind)
    for expedition in bind.execute(sa.select(expeditions.c.id, expeditions.c.public_id)).all():
        key = chain.new_key()
        previous = expedition.public_id
        for row in bind.execute(sa.select(entries).where(
                entries.c.expedition_id == expedition.id).order_by(entries.c.seq)).mappings():
            stored = {"seq": row["seq"], "at": _iso(row["at"]), "epoch": 1,
                      "hidden": row["hidden"], "kind": row["kind"], "inputs": row["inputs"],
                      "said": row["said"], "seed": row["seed"], "dice": row["dice"],
                      "steps": row["steps"], "reverts": row["reverts"],
                      "extra": ({"commitment": chain.commitment(1, key, 1)}
                                if row["seq"] == 1 else None)}
            nonce = chain.new_nonce() if row["hidden"] else None
            public, full = chain.forms(stored, nonce)
            previous = chain.link(previous, public)
            bind.execute(entries.update().where(entries.c.id == row["id"]).values(
                epoch=1, public_form=public, hash=previous, nonce=nonce, full_form=full))
        bind.execute(expeditions.update().where(expeditions.c.id == expedition.id).values(
            chain_id=expedition.public_id, head_hash=previous, epoch=1, epoch_key=key,
            epoch_from=1))


def downgrade() -> None:
    """Drop the chain's columns and the character links."""
    op.drop_index("ix_character_links_key", "character_links")
    op.drop_table("character_links")
    with op.batch_alter_table("log_entries") as batch:
        for column in ("full_form", "nonce", "hash", "public_form", "epoch"):
            batch.drop_column(column)
    with op.batch_alter_table("expeditions") as batch:
        for column in ("epoch_from", "epoch_key", "epoch", "head_hash", "chain_id"):
            batch.drop_column(column)
