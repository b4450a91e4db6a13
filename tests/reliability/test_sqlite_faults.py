"""The SQLite file failing under a running server: made read-only, its folder removed.

The run command here honours files' permission bits (as a non-root operator's server does:
:data:`tests.reliability.servers.UNPRIVILEGED`). A read-only file: writes are 503, the readiness
probe says so (it writes, and rolls back, on a fresh connection), reads go on; writable again,
every action goes through (no connection opened meanwhile lingers with "disk I/O error"). The
folder removed: no action is written into the deleted file; the app opens (creates and migrates)
the database at its path again, or says it cannot (503) until it can.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.expedition.conftest import STORY
from tests.reliability.servers import UNPRIVILEGED, Server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py


def gm(created: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {created['links']['gm_token']}"}


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
