"""Discord channels linked to an expedition, kept in the expeditions' database.

A GM links a channel with the expedition's GM link; the channel's buttons then act with it. The
expeditions keep only the SHA-256 of a token, so that a copy of the database opens nothing; a
channel's link must be usable by the server, so its token is kept sealed instead (AES-GCM under
a key derived from the app's ``SECRET_KEY``, ``RPG_SECRET_KEY``, bound to the channel's id): a
copy of the database without the server's secret opens nothing either. Without a
``SECRET_KEY`` the app links no channel.

The table ``discord_channels`` has its own migrations (``api/discord/migrations``, version table
``alembic_version_discord``) beside the expeditions' own, run when the app starts, as theirs are.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy import DateTime, String, delete, select, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from api.expeditions.database import Database, DatabaseUnavailable

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version_discord"
#: PostgreSQL's advisory lock for these migrations (not the expeditions' own).
MIGRATION_LOCK = 0x72_70_67_64_69_73  # "rpgdis"
#: The AES-GCM nonce's length (bytes).
NONCE = 12


class Base(DeclarativeBase):
    """The Discord integration's tables."""


class ChannelRow(Base):
    """One channel linked to one expedition."""

    __tablename__ = "discord_channels"

    channel_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    guild_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    public_id: Mapped[str] = mapped_column(String(32))
    sealed_token: Mapped[str] = mapped_column(String(400))
    linked_by: Mapped[str] = mapped_column(String(32))
    role_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    linked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class Link:
    """A channel's expedition: its id, the GM's token, who may press its buttons."""

    public_id: str
    token: str
    linked_by: str
    role_id: str | None

    def allows(self, user_id: str, roles: list[str]) -> bool:
        """Whether the user ``user_id`` with ``roles`` may act: the linking user, or the role."""
        return user_id == self.linked_by or (self.role_id is not None and self.role_id in roles)


class NoSecret(Exception):
    """The app has no ``SECRET_KEY`` to seal a token with."""


def _cipher(secret: str) -> AESGCM:
    return AESGCM(hashlib.sha256(b"rpg-companion discord channel link\n" + secret.encode())
                  .digest())


def seal(secret: str, channel_id: str, token: str) -> str:
    """``token`` encrypted for ``channel_id`` (nonce + ciphertext, URL-safe base64)."""
    nonce = secrets.token_bytes(NONCE)
    sealed = _cipher(secret).encrypt(nonce, token.encode(), channel_id.encode())
    return base64.urlsafe_b64encode(nonce + sealed).decode()


def unseal(secret: str, channel_id: str, sealed: str) -> str | None:
    """The token sealed for ``channel_id``, or ``None`` (another secret, another channel)."""
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
        return _cipher(secret).decrypt(raw[:NONCE], raw[NONCE:], channel_id.encode()).decode()
    except (InvalidTag, ValueError):
        return None


class Channels:
    """The linked channels, in the expeditions' database."""

    def __init__(self, database: Database, secret: str | None) -> None:
        self.database = database
        self.secret = secret
        self._migrated = False
        self._lock = threading.Lock()

    def migrate(self) -> None:
        """The table at its newest migration (under a lock: instances may start together)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        # BEGIN IMMEDIATE in SQLite: one instance migrates at a time.
        engine = self.database.engine.execution_options(writing=True)
        with engine.connect() as connection:
            if self.database.kind == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        self._migrated = True

    def start(self) -> None:
        """Migrate at start; tried again on use when the database does not answer yet."""
        try:
            self._ready()
        except DatabaseUnavailable as error:
            log.error("discord channels: database unavailable at start, trying on use: %s",
                      error)

    def _ready(self) -> None:
        """The table migrated, once the expeditions' database answers (it retries itself)."""
        self.database.ready()
        if self._migrated:
            return
        with self._lock:
            if not self._migrated:
                try:
                    self.migrate()
                except Exception as error:
                    raise DatabaseUnavailable(str(error)) from error

    def link(self, channel_id: str, guild_id: str | None, public_id: str, token: str,
             linked_by: str, role_id: str | None) -> None:
        """Link ``channel_id`` (again: the newer link stands)."""
        if not self.secret:
            raise NoSecret
        self._ready()
        row = ChannelRow(channel_id=channel_id, guild_id=guild_id, public_id=public_id,
                         sealed_token=seal(self.secret, channel_id, token), linked_by=linked_by,
                         role_id=role_id, linked_at=datetime.now(UTC))
        with self.database.writing() as session:
            session.merge(row)

    def find(self, channel_id: str) -> Link | None:
        """The channel's link, or ``None`` (none, or sealed under another secret)."""
        self._ready()
        with self.database.reading() as session:
            row = session.execute(select(ChannelRow).where(
                ChannelRow.channel_id == channel_id)).scalar_one_or_none()
        if row is None or not self.secret:
            return None
        token = unseal(self.secret, channel_id, row.sealed_token)
        if token is None:
            return None
        return Link(row.public_id, token, row.linked_by, row.role_id)

    def unlink(self, channel_id: str) -> None:
        """Forget the channel's link."""
        self._ready()
        with self.database.writing() as session:
            session.execute(delete(ChannelRow).where(ChannelRow.channel_id == channel_id))
