"""The expeditions' database: SQLite with no set-up, or PostgreSQL with one setting.

``RPG_DATABASE_URL`` names it (SQLAlchemy's URL): unset, a SQLite file in the app's instance
folder (``instance/expeditions.sqlite3`` beside the code), created on first use; for several
instances, ``postgresql+psycopg://user:password@host/name``. Under ``TESTING`` without a URL each
app gets its own SQLite database in memory, as the rate limit is off there: a test suite builds
hundreds of apps.

The migrations (Alembic) run when the app is created, in the gunicorn master before the workers
fork, under a lock (PostgreSQL's advisory lock, a file lock beside a SQLite file) so several
instances starting at once migrate once. When the database does not answer then, the app starts
anyway (the rules and the stateless procedures serve on) and tries again on the next use, at
most once a second; the readiness probe reports the database as a required check.

Every write is one transaction that takes the expedition's row first: ``SELECT … FOR UPDATE`` in
PostgreSQL, ``BEGIN IMMEDIATE`` in SQLite (one writer at a time per file; readers go on under
WAL), so the version check and the write cannot interleave with another device's.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: PostgreSQL's advisory lock for the migrations (any constant shared by every instance).
MIGRATION_LOCK = 0x72_70_67_65_78_70  # "rpgexp"
#: Seconds a SQLite writer waits for the file's lock before giving up (a 503, never a hang).
SQLITE_BUSY_MS = 5000


def default_url(instance_path: str) -> str:
    """The SQLite file in the app's instance folder."""
    return f"sqlite:///{Path(instance_path) / 'expeditions.sqlite3'}"


class DatabaseUnavailable(Exception):
    """The database did not answer (or could not be migrated yet)."""


class Database:
    """The engine, its migrations and its transactions, for one app."""

    RETRY_SECONDS = 1.0

    def __init__(self, url: str, *, pool_size: int = 5) -> None:
        self.url = make_url(url)
        self.kind = "postgresql" if self.url.get_backend_name() == "postgresql" else "sqlite"
        self.engine = self._engine(pool_size)
        self._migrated = False
        self._tried_at = -float("inf")
        self._lock = threading.Lock()
        # A worker forked from the master must not share the master's pooled connections.
        reference = weakref.ref(self)

        def forget_pool() -> None:
            database = reference()
            if database is not None:
                database.engine.dispose(close=False)

        os.register_at_fork(after_in_child=forget_pool)

    def _engine(self, pool_size: int) -> Engine:
        if self.kind == "postgresql":
            return create_engine(self.url, pool_size=pool_size, max_overflow=pool_size,
                                 pool_pre_ping=True, pool_timeout=10)
        database = self.url.database
        memory = database in (None, "", ":memory:")
        if database and not memory:
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            self.url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_MS / 1000},
            **({"poolclass": StaticPool} if memory else {}))

        @event.listens_for(engine, "connect")
        def configure(connection: Any, _record: Any) -> None:
            # SQLAlchemy (not the driver) opens transactions, so a write can say IMMEDIATE.
            connection.isolation_level = None
            cursor = connection.cursor()
            if not memory:
                # WAL: readers never wait for the writer; FULL: a commit is on disk before it
                # is answered, so a killed worker or a power cut loses nothing committed.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def begin(connection: Any) -> None:
            immediate = connection.get_execution_options().get("writing", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine

    # --- migrations ---------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the tables to the newest migration, once per instance start (under a lock)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self._migration_lock(), self.engine.connect() as connection:
            if self.kind == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        self._migrated = True

    @contextlib.contextmanager
    def _migration_lock(self) -> Iterator[None]:
        database = self.url.database
        if self.kind != "sqlite" or database in (None, "", ":memory:"):
            yield
            return
        with open(f"{database}.migrating", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def start(self) -> None:
        """Migrate at start; a database that does not answer yet is tried again on use."""
        try:
            self.migrate()
        except Exception as error:  # the stateless API serves on without it
            self._tried_at = time.monotonic()
            log.error("database unavailable at start (%s), trying again on use: %s",
                      self.kind, error)

    def ready(self) -> None:
        """Raise :class:`DatabaseUnavailable` unless the tables are migrated."""
        if self._migrated:
            return
        with self._lock:
            if self._migrated:
                return
            if time.monotonic() - self._tried_at < self.RETRY_SECONDS:
                raise DatabaseUnavailable("the database did not answer a moment ago")
            try:
                self.migrate()
            except Exception as error:
                self._tried_at = time.monotonic()
                raise DatabaseUnavailable(str(error)) from error

    # --- transactions ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads (no row lock, no write lock)."""
        self.ready()
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextlib.contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction: committed when the block ends, rolled back on any error."""
        self.ready()
        bound = self.engine.execution_options(writing=True)
        with Session(bound, expire_on_commit=False) as session, session.begin():
            yield session

    def check(self) -> tuple[bool, str]:
        """The readiness probe: migrated, and answering ``SELECT 1``."""
        try:
            self.ready()
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception as error:
            log.warning("database check failed (%s): %s", self.kind, error)
            return False, self.kind
        return True, self.kind

    def close(self) -> None:
        """Close every pooled connection (tests, and the bench between rounds)."""
        self.engine.dispose()
