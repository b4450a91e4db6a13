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

A database that stalls must not stall the API (``RPG_DATABASE_TIMEOUT``, 5 s):

- PostgreSQL: every connection has a connect timeout (2 s), a statement timeout (4 s), a lock
  timeout (2 s: a row another device's action holds) and an idle-in-transaction timeout; and,
  under the run command's gevent workers, every transaction (a read, an action) a deadline on
  the client's side too, which holds when the server itself is frozen and enforces none of its
  own: past it the request is a 503 and the connection is dropped. A write also tells the server
  its deadline (``rpg.commit_by``, 2 s before the client's): a deferred trigger refuses
  the COMMIT after it (migration 0002), so a server frozen after the client sent COMMIT, thawed
  after the client answered an error, rolls the write back rather than applying it unseen (the
  one window left is a freeze between that check and the commit's own record, a few
  milliseconds; an ``Idempotency-Key`` makes the resend safe even then).
- The readiness probe (:meth:`Database.check`) gives the database 1.5 s.
- SQLite: a writer waits at most 5 s for the file's lock. The file is checked before every
  transaction: still the one at its path (device and inode; a folder removed or a file
  replaced is reopened, created and migrated again, never written into the deleted one), and
  writable for a write (a file made read-only is a 503, not a write through a connection opened
  before). Once it is writable again, a connection opened meanwhile (SQLite opens such a file
  read-only, for good) is replaced when next checked out, and the WAL and shared-memory files
  SQLite made meanwhile (with the file's mode: read-only) are given the file's mode again. A
  read-only or I/O error drops every pooled connection, so none opened in a bad moment answers
  "disk I/O error" later; the probe writes (and rolls back) on a fresh connection.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import math
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from api.greenlets import cooperative
from api.settings import DEFAULTS

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: PostgreSQL's advisory lock for the migrations (any constant shared by every instance).
MIGRATION_LOCK = 0x72_70_67_65_78_70  # "rpgexp"
#: Seconds a SQLite writer waits for the file's lock before giving up (a 503, never a hang).
SQLITE_BUSY_MS = 5000
#: Seconds one request's database work may take by default (``RPG_DATABASE_TIMEOUT``).
TIMEOUT = float(DEFAULTS["DATABASE_TIMEOUT"])
#: Seconds the readiness probe gives the database (the probe answers within 2 s).
PROBE_SECONDS = 1.5
#: Seconds the migrations may take at start (a large table's new index may take a while).
MIGRATION_SECONDS = 120.0
#: How much earlier than the client's deadline PostgreSQL must have processed a COMMIT, and
#: the part of it the commit's own record and answer may take after that check.
COMMIT_MARGIN = 2.0
COMMIT_WINDOW = 0.5
#: SQLite's errors after which no pooled connection is trusted (each reopens on its next use).
SQLITE_FILE_ERRORS = ("readonly", "read-only", "disk i/o error", "unable to open database file")


def default_url(instance_path: str) -> str:
    """The SQLite file in the app's instance folder."""
    return f"sqlite:///{Path(instance_path) / 'expeditions.sqlite3'}"


def writable(path: Path) -> bool:
    """Whether this process may write the SQLite file at ``path`` (by its permission bits)."""
    return os.access(path, os.W_OK, effective_ids=True)


def writable_again(path: Path) -> bool:
    """Whether the SQLite file at ``path`` is writable, its WAL and shared-memory files made so
    too: SQLite creates them with the file's mode, so made while it was read-only they stay
    read-only (and with them every connection opened after) once it is writable again."""
    if not writable(path):
        return False
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists() and not writable(companion):
            try:
                companion.chmod(path.stat().st_mode & 0o666)
            except OSError as error:
                log.error("the expeditions' database %s is writable but its %s is not, and "
                          "cannot be made so: %s", path, companion.name, error)
                return False
            log.warning("the expeditions' database's %s is writable again", companion.name)
    return True


class DatabaseUnavailable(Exception):
    """The database did not answer (or could not be migrated yet)."""


@contextlib.contextmanager
def deadline(seconds: float, what: str = "the database") -> Iterator[None]:
    """Raise :class:`DatabaseUnavailable` when the block waits past ``seconds`` (under gevent;
    elsewhere the database's own timeouts hold). The wait is interrupted where it blocks: a
    connection cut mid-query is dropped by SQLAlchemy, never reused."""
    if not cooperative():
        yield
        return
    import gevent

    timeout = gevent.Timeout(seconds)
    timeout.start()
    try:
        yield
    except gevent.Timeout as fired:
        if fired is not timeout:
            raise
        raise DatabaseUnavailable(f"{what} did not answer within {seconds:g} s") from None
    finally:
        timeout.close()


class Database:
    """The engine, its migrations and its transactions, for one app."""

    RETRY_SECONDS = 1.0

    def __init__(self, url: str, *, pool_size: int = 5, timeout: float = TIMEOUT) -> None:
        self.url = make_url(url)
        self.kind = "postgresql" if self.url.get_backend_name() == "postgresql" else "sqlite"
        self.timeout = timeout
        database = self.url.database
        #: The SQLite file (``None``: PostgreSQL, or SQLite in memory).
        self.path = (Path(database) if self.kind == "sqlite" and database
                     and database != ":memory:" else None)
        self.engine = self._engine(pool_size)
        self._migrated = False
        self._tried_at = -float("inf")
        self._lock = threading.Lock()
        #: The SQLite file's (device, inode) when it was migrated; another at its path is a new one.
        self._identity: tuple[int, int] | None = None
        self._read_only = False
        # A worker forked from the master must not share the master's pooled connections.
        reference = weakref.ref(self)

        def forget_pool() -> None:
            database = reference()
            if database is not None:
                database.engine.dispose(close=False)

        os.register_at_fork(after_in_child=forget_pool)

    def _engine(self, pool_size: int) -> Engine:
        if self.kind == "postgresql":
            seconds = self.timeout
            return create_engine(self.url, pool_size=pool_size, max_overflow=pool_size,
                                 pool_pre_ping=True, pool_timeout=seconds, connect_args={
                # libpq's connect timeout is whole seconds, at least 2.
                "connect_timeout": max(2, math.ceil(seconds * 0.4)),
                "options": (f"-c statement_timeout={round(seconds * 800)} "
                            f"-c lock_timeout={round(seconds * 400)} "
                            f"-c idle_in_transaction_session_timeout={round(seconds * 4000)}"),
                # A host that vanished is noticed by the kernel, not only by a deadline.
                "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5,
                "keepalives_count": 3})
        memory = self.path is None
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

        if self.path is not None:
            path = self.path

            @event.listens_for(engine, "do_connect")
            def note_writable_before(_dialect: Any, record: Any, _cargs: Any,
                                     _params: Any) -> None:
                record.info["writable"] = writable_again(path)

            @event.listens_for(engine, "connect")
            def note_writable(_connection: Any, record: Any) -> None:
                # Writable both before and after it opened: it did not open read-only.
                record.info["writable"] = record.info.get("writable", False) and writable(path)

            @event.listens_for(engine, "checkout")
            def reopen_once_writable(_connection: Any, record: Any, _proxy: Any) -> None:
                # SQLite opens a file it may not write read-only, and the connection stays so:
                # one opened meanwhile (by a read, or by whichever request came) is replaced.
                if not record.info.get("writable", False) and writable(path):
                    raise DisconnectionError("opened while the file was read-only")

        @event.listens_for(engine, "begin")
        def begin(connection: Any) -> None:
            immediate = connection.get_execution_options().get("writing", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        @event.listens_for(engine, "handle_error")
        def distrust_after_file_errors(context: Any) -> None:
            # A connection opened while the file was read-only stays read-only, and one that met
            # an I/O error may keep failing: every pooled connection is reopened on next use.
            if any(words in str(context.original_exception).lower()
                   for words in SQLITE_FILE_ERRORS):
                context.is_disconnect = True

        return engine

    # --- migrations ---------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the tables to the newest migration, once per instance start (under a lock)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._migration_lock(), self.engine.connect() as connection:
            if self.kind == "postgresql":
                # A migration may take longer than a request's statement (an index on a large
                # table), and waits for another instance's migration to end: no timeouts in
                # this transaction (LOCAL: the pooled connection keeps its own after it).
                connection.execute(text("SET LOCAL statement_timeout = 0"))
                connection.execute(text("SET LOCAL lock_timeout = 0"))
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            connection.commit()
        self._identity = self._file_identity()
        self._migrated = True

    @contextlib.contextmanager
    def _migration_lock(self) -> Iterator[None]:
        if self.path is None:
            yield
            return
        with open(f"{self.path}.migrating", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def start(self) -> None:
        """Migrate at start; a database that does not answer yet is tried again on use."""
        try:
            with deadline(MIGRATION_SECONDS, "the database's migration"):
                self.migrate()
        except Exception as error:  # the stateless API serves on without it
            self._tried_at = time.monotonic()
            log.error("database unavailable at start (%s), trying again on use: %s",
                      self.kind, error)

    def ready(self, *, writing: bool = False) -> None:
        """Raise :class:`DatabaseUnavailable` unless the tables are migrated (a SQLite file:
        still the one migrated, and writable for a write)."""
        if self._migrated and self.path is not None:
            self._check_file(writing)
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

    # --- the SQLite file ------------------------------------------------------------------------

    def _file_identity(self) -> tuple[int, int] | None:
        """The SQLite file's (device, inode), ``None`` when there is none at its path."""
        if self.path is None:
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def _check_file(self, writing: bool) -> None:
        """Reopen a file removed or replaced (migrate again); refuse a write to a read-only one."""
        assert self.path is not None
        if self._file_identity() != self._identity:
            with self._lock:
                if self._migrated and self._file_identity() != self._identity:
                    log.error("the expeditions' database %s was removed or replaced: its "
                              "connections are closed, and it is opened (created and migrated "
                              "when missing) again", self.path)
                    self._migrated = False
                    self._tried_at = -float("inf")
                    self.engine.dispose()
            return  # ready() migrates it
        if not writing:
            return
        can_write = writable(self.path)
        if can_write == self._read_only:  # changed (a connection opened read-only is replaced
            self._read_only = not can_write  # when it is next checked out writable)
            log.warning("the expeditions' database %s is %s", self.path,
                        "read-only: writes are refused" if not can_write else "writable again")
        if not can_write:
            raise DatabaseUnavailable(f"{self.path} is read-only")

    def _write_probe(self) -> None:
        """Write (and roll back) on a fresh connection: a file that cannot be written fails."""
        assert self.path is not None
        writable_again(self.path)
        connection = sqlite3.connect(self.path, timeout=PROBE_SECONDS, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("UPDATE alembic_version SET version_num = version_num")
            connection.execute("ROLLBACK")
        finally:
            connection.close()

    # --- transactions ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads (no row lock, no write lock), within the deadline."""
        with deadline(self.timeout):
            self.ready()
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                yield session

    @contextlib.contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction: committed when the block ends, rolled back on any error; within
        the deadline, which PostgreSQL is told too (it refuses the COMMIT after it)."""
        with deadline(self.timeout):
            due = time.monotonic() + self.timeout
            self.ready(writing=True)
            bound = self.engine.execution_options(writing=True)
            with Session(bound, expire_on_commit=False) as session, session.begin():
                if self.kind == "postgresql":
                    session.connection()  # checked out (connected) first: the statement is timed
                    self._commit_by(session, due)
                yield session

    @staticmethod
    def _commit_by(session: Session, due: float) -> None:
        """Tell PostgreSQL the latest moment it may commit this transaction, on its own clock
        (so the two clocks need not agree): :data:`COMMIT_MARGIN` before the client's deadline
        as the statement leaves. The server reads it at most a round trip later, so a round
        trip longer than the margin less :data:`COMMIT_WINDOW` could place it too close to the
        client's deadline: such a slow database is refused the write (a 503)."""
        sent = time.monotonic()
        session.execute(text(
            "SELECT set_config('rpg.commit_by', "
            "(clock_timestamp() + make_interval(secs => :seconds))::text, true)"),
            {"seconds": due - sent - COMMIT_MARGIN})
        if time.monotonic() - sent > COMMIT_MARGIN - COMMIT_WINDOW:
            raise DatabaseUnavailable("the database answers too slowly to commit in time")

    def check(self) -> tuple[bool, str]:
        """The readiness probe: migrated, answering ``SELECT 1`` (a SQLite file: the one at its
        path, and writable), within :data:`PROBE_SECONDS`."""
        try:
            with deadline(PROBE_SECONDS):
                self.ready()
                with self.engine.connect() as connection:
                    connection.execute(text("SELECT 1"))
                if self.path is not None:
                    self._write_probe()
        except Exception as error:
            log.warning("database check failed (%s): %s", self.kind, error)
            if self.path is not None and isinstance(error, sqlite3.Error):
                self.engine.dispose()  # no connection of the failing file answers a request
            return False, self.kind
        return True, self.kind

    def close(self) -> None:
        """Close every pooled connection (tests, and the bench between rounds)."""
        self.engine.dispose()
