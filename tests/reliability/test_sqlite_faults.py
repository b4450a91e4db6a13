"""The SQLite file failing under a running server: made read-only, its folder removed.

The run command here honours files' permission bits (as a non-root operator's server does:
:data:`tests.reliability.servers.UNPRIVILEGED`). A read-only file: writes are 503, the readiness
probe says so (it writes, and rolls back, on a fresh connection), reads go on; writable again,
every action goes through (no connection opened meanwhile lingers with "disk I/O error"), the
first one too (shown in a process of its own: no connection or WAL file SQLite opened read-only
meanwhile refuses it). The folder removed: no action is written into the deleted file; the app
opens (creates and migrates) the database at its path again, or says it cannot (503) until it
can."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.expedition.conftest import STORY
from tests.reliability.servers import ROOT, UNPRIVILEGED, Server, gm, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py


def health(server: Server) -> tuple[int, dict[str, Any]]:
    status, _, body = server.get("/api/v1/health", timeout=5)
    return status, json.loads(body)


def test_a_read_only_file_refuses_writes_says_so_and_recovers(tmp_path: Path) -> None:
    database = tmp_path / "db" / "expeditions.sqlite3"
    with serve(tmp_path, prefix=UNPRIVILEGED, RPG_DATABASE_URL=f"sqlite:///{database}",
               RPG_RATELIMIT_ENABLED="false") as server:
        status, _, created = server.post("/api/v1/expeditions", STORY)
        assert status == 201
        path = f"/api/v1/expeditions/{created['id']}"
        version = 1
        for change in (1, 2):
            status, _, acted = server.post(f"{path}/actions/supplies",
                                           {"version": version, "change": change}, gm(created))
            assert status == 200
            version = acted["version"]
        database.chmod(0o444)
        try:
            status, body = health(server)
            assert status == 503 and body["checks"]["database"]["ok"] is False
            for _ in range(4):  # each worker, whatever connection it holds
                status, headers, _ = server.post(f"{path}/actions/supplies",
                                                 {"version": version, "change": 10}, gm(created))
                assert status == 503 and headers["Retry-After"] == "5"
            assert server.post("/api/v1/expeditions", STORY)[0] == 503
            assert server.get(path, gm(created))[0] == 200  # reading goes on
        finally:
            database.chmod(0o644)
        assert health(server)[0] == 200
        for change in range(3, 13):
            status, _, acted = server.post(f"{path}/actions/supplies",
                                           {"version": version, "change": change}, gm(created))
            assert status == 200, acted
            version = acted["version"]
        found = json.loads(server.get(f"{path}?entries=0", gm(created))[2])
        assert found["version"] == 13
        assert found["state"]["supplies"] == STORY["supplies"] + sum(range(1, 13))


def settled(request: Callable[[], int], seconds: float = 15) -> int:
    """The status ``request`` answers once no worker answers 503 any more (tried again every
    half second, for ``seconds`` at most)."""
    deadline = time.monotonic() + seconds
    while (status := request()) == 503 and time.monotonic() < deadline:
        time.sleep(0.5)
    return status


def test_a_removed_folder_is_never_written_to_and_the_database_comes_back(
        tmp_path: Path) -> None:
    parent = tmp_path / "data"
    database = parent / "db" / "expeditions.sqlite3"
    settings = {"RPG_DATABASE_URL": f"sqlite:///{database}", "RPG_RATELIMIT_ENABLED": "false"}
    with serve(tmp_path, prefix=UNPRIVILEGED, **settings) as server:
        status, _, gone = server.post("/api/v1/expeditions", STORY)
        assert status == 201
        gone_path = f"/api/v1/expeditions/{gone['id']}"
        assert server.post(f"{gone_path}/actions/shift", {"version": 1}, gm(gone))[0] == 200

        # The folder removed, and its parent read-only: the database cannot be made again.
        shutil.rmtree(database.parent)
        parent.chmod(0o555)
        try:
            status, body = health(server)
            assert status == 503 and body["checks"]["database"]["ok"] is False
            for _ in range(4):
                assert server.post(f"{gone_path}/actions/shift", {"version": 2},
                                   gm(gone))[0] == 503
                assert server.post("/api/v1/expeditions", STORY)[0] == 503
        finally:
            parent.chmod(0o755)

        # It can be made again (tried again at most once a second): a new, empty database at
        # the same path; nothing of the deleted one answers, nothing is written into it.
        deadline = time.monotonic() + 15
        while health(server)[0] != 200:
            assert time.monotonic() < deadline, "the database was never made again"
            time.sleep(0.5)
        assert database.is_file()
        # Each worker makes it again on its own (at most once a second): one may still answer
        # 503 for a moment after another answered the health check; none answers the deleted.
        for _ in range(4):
            assert settled(lambda: server.post(f"{gone_path}/actions/shift", {"version": 2},
                                               gm(gone))[0]) == 404
        kept: dict[str, Any] = {}

        def create() -> int:
            status, _, answer = server.post("/api/v1/expeditions", {**STORY, "name": "Nová"})
            kept.clear()
            kept.update(answer)
            return status

        assert settled(create) == 201
        assert server.post(f"/api/v1/expeditions/{kept['id']}/actions/shift", {"version": 1},
                           gm(kept))[0] == 200
    # A restart finds every write answered 201/200 since: none went into the deleted file.
    with serve(tmp_path, prefix=UNPRIVILEGED, **settings) as again:
        status, _, body = again.get(f"/api/v1/expeditions/{kept['id']}", gm(kept))
        assert status == 200 and json.loads(body)["version"] == 2
        assert again.get(gone_path, gm(gone))[0] == 404
    assert os.stat(database).st_size > 0


#: A process of its own, without the capabilities that override permission bits, runs this:
#: the app's database at ``argv[1]``; ``argv[2]`` "held" keeps another process's connection
#: open throughout (another worker's: the WAL and shared-memory files then stay, writable),
#: "alone" keeps none (the last connection closed removes them: a read made while the file is
#: read-only makes them again, read-only). Each step prints what it answered.
READ_ONLY_MEANWHILE = """
import os, subprocess, sys
from pathlib import Path
from sqlalchemy import text
from api.expeditions.database import Database

path = Path(sys.argv[1])
database = Database(f"sqlite:///{path}")
database.migrate()
holder = None
if sys.argv[2] == "held":
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys; connection = sqlite3.connect(sys.argv[1]); "
         "connection.execute('SELECT * FROM alembic_version').fetchall(); print(flush=True); "
         "sys.stdin.read()", str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    holder.stdout.readline()
path.chmod(0o444)
print("probe", database.check()[0])  # fails: the pool is emptied
with database.reading() as session:  # a connection opened read-only, kept in the pool
    print("read", session.execute(text("SELECT version_num FROM alembic_version")).scalar())
path.chmod(0o644)
with database.writing() as session:
    session.execute(text("UPDATE alembic_version SET version_num = version_num"))
print("written")
print("companions", sorted(oct(path.with_name(path.name + suffix).stat().st_mode & 0o777)
                           for suffix in ("-wal", "-shm")))
print("probe", database.check()[0])
if holder is not None:
    holder.communicate(timeout=10)
"""


@pytest.mark.parametrize("others", ["held", "alone"])
def test_the_first_write_once_writable_again_goes_through(tmp_path: Path, others: str) -> None:
    """The file made read-only and writable again, no request between: the first write is
    written, not refused by a connection or a WAL file SQLite opened read-only meanwhile."""
    database = tmp_path / "db" / "expeditions.sqlite3"
    done = subprocess.run([*UNPRIVILEGED, sys.executable, "-c", READ_ONLY_MEANWHILE,
                           str(database), others], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines() == [
        "probe False", "read 0003", "written", f"companions {['0o644', '0o644']}",
        "probe True"]
