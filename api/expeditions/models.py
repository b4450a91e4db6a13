"""The expeditions' tables (SQLAlchemy 2): one row per expedition, one row per log entry.

- ``expeditions``: the current state (JSON), its ``version`` (the number of log entries, the
  optimistic lock every action checks), the two links' keys (SHA-256 of each token: the tokens
  themselves are never stored), ``last_action``, the entry an undo would revert, and the hash
  chain's id, head and current epoch with its secret key.
- ``log_entries``: append-only, one per action, ``(expedition_id, seq)`` unique. Each keeps what
  replays it (the action's inputs, its seed or dice, each step's procedure, inputs and seed) and
  what it said in both languages (the procedures' full answers included), the state before it
  (what an undo restores; the state before the next entry is what a redo restores) and, for
  the chain of undos, the action in effect before it (``previous_action``) or the entry it
  reverts (``reverts``: an undo its action, a redo its undo).

- ``character_links``: a player's link to one character (its token's SHA-256), revocable.
- ``idempotency_keys``: the answer of each write sent with an ``Idempotency-Key``, kept (in the
  write's own transaction) so that the same request sent again gets the same answer instead of
  being applied twice: its key's and its request's SHA-256, the answer's status, headers and
  body (a new expedition's without its links: their tokens are derived again from the key and
  ``nonce``, never stored), per ``scope`` (the expedition's public id, or ``create``).

A migration (``api/expeditions/migrations``) creates them; a change of these classes needs a new
migration.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: JSON in SQLite (text), JSONB in PostgreSQL (binary, compressed when large).
Json = JSON().with_variant(JSONB(), "postgresql")
#: SQLite's row ids are INTEGER PRIMARY KEY; PostgreSQL's BIGINT identity.
Id = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    """The expeditions' tables."""


class ExpeditionRow(Base):
    """One expedition: its current records and how to reach it."""

    __tablename__ = "expeditions"

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    gm_key: Mapped[str] = mapped_column(String(64))
    players_key: Mapped[str] = mapped_column(String(64))
    players_generation: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(Json)
    last_action: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The hash chain (:mod:`api.expeditions.chain`): its id, its head's hash, the current epoch
    # and its secret key (never in a players' answer, a log line or an error).
    chain_id: Mapped[str] = mapped_column(String(32))
    head_hash: Mapped[str] = mapped_column(String(64))
    epoch: Mapped[int] = mapped_column(Integer)
    epoch_key: Mapped[bytes] = mapped_column(LargeBinary(32))
    epoch_from: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    # Every UPDATE names the version it read (``WHERE version = :old``) and fails when another
    # transaction moved it; the store sets the new version itself (the log's length).
    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}  # noqa: RUF012


class EntryRow(Base):
    """One entry of an expedition's log, never changed once written."""

    __tablename__ = "log_entries"
    __table_args__ = (
        UniqueConstraint("expedition_id", "seq", name="uq_log_entries_expedition_seq"),
        Index("ix_log_entries_reverts", "expedition_id", "reverts"),
    )

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    expedition_id: Mapped[int] = mapped_column(
        Id, ForeignKey("expeditions.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    inputs: Mapped[dict[str, Any]] = mapped_column(Json)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    dice: Mapped[list[int] | None] = mapped_column(Json, nullable=True)
    steps: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    said: Mapped[dict[str, Any]] = mapped_column(Json)
    offers: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    state_before: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    previous_action: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reverts: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The chain: the entry's epoch, its public form (what its hash covers, as the players read
    # it in Czech), its hash; a hidden entry's nonce and full form (secret until revealed).
    epoch: Mapped[int] = mapped_column(Integer)
    public_form: Mapped[dict[str, Any]] = mapped_column(Json)
    hash: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[str | None] = mapped_column(String(32), nullable=True)
    full_form: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)


class CharacterLinkRow(Base):
    """A player's link to one character of an expedition (the token's SHA-256, as the other
    links'): it reads what the players' link reads and rolls for that character; revoked, it
    opens nothing."""

    __tablename__ = "character_links"
    __table_args__ = (Index("ix_character_links_key", "expedition_id", "key"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    expedition_id: Mapped[int] = mapped_column(
        Id, ForeignKey("expeditions.id", ondelete="CASCADE"))
    character: Mapped[str] = mapped_column(String(80))
    key: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class IdempotencyRow(Base):
    """The kept answer of one write sent with an ``Idempotency-Key``."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (
        UniqueConstraint("scope", "key_hash", name="uq_idempotency_keys_scope_key"),
        Index("ix_idempotency_keys_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(40))
    key_hash: Mapped[str] = mapped_column(String(64))
    request_hash: Mapped[str] = mapped_column(String(64))
    expedition_id: Mapped[int] = mapped_column(
        Id, ForeignKey("expeditions.id", ondelete="CASCADE"), index=True)
    status: Mapped[int] = mapped_column(Integer)
    headers: Mapped[dict[str, str]] = mapped_column(Json)
    body: Mapped[bytes] = mapped_column(LargeBinary)
    nonce: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
