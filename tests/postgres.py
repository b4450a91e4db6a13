"""A throwaway PostgreSQL cluster for the tests and the bench: Debian's ``postgresql`` package.

``initdb`` and ``pg_ctl`` run as the ``postgres`` user when the tests run as root (PostgreSQL
refuses to run as root), in a fresh temporary directory, on a free loopback port, with its socket
in that directory; the cluster is stopped (``pg_ctl stop -m fast``) and its directory removed at
the end, whatever happened. A missing PostgreSQL fails: ``scripts/test`` installs the package.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.ports import free_port

ROOTS = Path("/usr/lib/postgresql")


class PostgresMissing(RuntimeError):
    """Debian's postgresql package is not installed."""


def binaries() -> Path:
    """The newest installed PostgreSQL's ``bin`` folder."""
    found = sorted((p for p in ROOTS.glob("*/bin") if (p / "initdb").is_file()),
                   key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    if not found:
        raise PostgresMissing(
            f"no initdb under {ROOTS}: install Debian's postgresql (scripts/test does)")
    return found[-1]


def _as_postgres(command: list[str]) -> list[str]:
    """The command run as the postgres user when we are root (PostgreSQL refuses root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class Cluster:
    """A running cluster: its port, and databases made on it."""

    port: int
    directory: Path
    user: str
    options: str = ""  #: the server's options (``pg_ctl -o``), to start it again with

    def _pg_ctl(self, *arguments: str) -> None:
        subprocess.run(_as_postgres([str(binaries() / "pg_ctl"), "-D",
                                     str(self.directory / "data"), *arguments]),
                       check=True, capture_output=True, timeout=90)

    @contextlib.contextmanager
    def stopped(self) -> Iterator[None]:
        """The cluster shut down for the block (``-m immediate``: every connection cut at
        once, as a crash would), started again on its port after it, whatever happened.

        What was committed before is written out first: the tests' clusters commit without
        waiting for the disk (``synchronous_commit=off``), so a crash would lose the last commits
        a server with the default settings keeps (an expedition created just before came back a
        404)."""
        self._admin("CHECKPOINT")
        self._pg_ctl("-m", "immediate", "-w", "stop")
        try:
            yield
        finally:
            self._pg_ctl("-o", self.options, "-l", str(self.directory / "log"), "-w", "-t",
                         "60", "start")

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` (psycopg 3)."""
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def _admin(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=self.port, user=self.user,
                             dbname="postgres", autocommit=True) as connection:
            connection.execute(statement)

    def create_database(self) -> str:
        """A new, empty database; its name."""
        name = "t_" + uuid.uuid4().hex[:16]
        self._admin(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        """Drop ``name``, ending any connection still open to it."""
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A fresh database's URL, dropped at the end."""
        name = self.create_database()
        try:
            yield self.url(name)
        finally:
            self.drop_database(name)


@contextlib.contextmanager
def cluster(*, durable: bool = False) -> Iterator[Cluster]:
    """A started cluster; ``durable`` keeps fsync on (the bench), else off (tests need no
    protection against a power cut)."""
    bin_dir = binaries()
    directory = Path(tempfile.mkdtemp(prefix="rpg-postgres-"))
    data = directory / "data"
    user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(directory, entry.pw_uid, entry.pw_gid)
    port = free_port()
    options = f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c max_connections=200"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    started = False
    try:
        subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust",
                                     "-U", user, "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                                     "-l", str(directory / "log"), "-w", "-t", "60", "start"]),
                       check=True, capture_output=True, timeout=90)
        started = True
        yield Cluster(port, directory, user, options)
    finally:
        if started:
            subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                                         "-w", "stop"]), capture_output=True, timeout=60)
        shutil.rmtree(directory, ignore_errors=True)
