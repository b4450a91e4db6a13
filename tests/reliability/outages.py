"""A store's outage under the run command, for the reliability tests: a PostgreSQL cluster
frozen (SIGSTOP on the postmaster and every process it started) or stopped, the app's database
deadline, a players' page polling, and the wait for the readiness probe once it is over."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from api.expeditions.database import TIMEOUT
from tests.postgres import Cluster
from tests.reliability.servers import Server, serve

#: The app's deadline for a request's database work (its default), which these tests give it.
DATABASE_TIMEOUT = TIMEOUT


def cluster_processes(running: Cluster) -> list[int]:
    """The postmaster and every process it started (backends, checkpointer, WAL writer…)."""
    postmaster = int((running.directory / "data" / "postmaster.pid").read_text().split()[0])
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(postmaster)],
                              capture_output=True, text=True, check=False).stdout.split()
    return [postmaster, *(int(pid) for pid in children)]


@contextlib.contextmanager
def frozen(running: Cluster) -> Iterator[None]:
    """The whole cluster stopped (SIGSTOP) for the block, continued (SIGCONT) after it."""
    stopped = cluster_processes(running)
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


def until_ready(server: Server) -> None:
    """Return once the readiness probe answers 200 again (30 s at most)."""
    deadline = time.monotonic() + 30
    while server.get("/api/v1/health", timeout=5)[0] != 200:
        assert time.monotonic() < deadline, "the database never came back"
        time.sleep(0.3)


def players_page(server: Server, character: str | None = None
                 ) -> tuple[str, dict[str, str], dict[str, str], str]:
    """A new expedition: its path, the GM's and the players' headers, and the players' ETag
    (its head now kept: the poll was answered 304). With a ``character``, the party is that one
    character, and the headers and the ETag are its link's instead of the players'."""
    status, _, created = server.post("/api/v1/expeditions", {
        "name": "Výprava v nesnázích",
        **({"party": [{"name": character, "max_hp": 10}]} if character else {})})
    assert status == 201, created
    path = f"/api/v1/expeditions/{created['id']}"
    gm = {"Authorization": f"Bearer {created['links']['gm_token']}"}
    token = created["links"]["players_token"]
    if character:
        status, _, link = server.post(f"{path}/character-links", {"character": character}, gm)
        assert status == 201, link
        token = link["token"]
    players = {"Authorization": f"Bearer {token}"}
    status, headers, _ = server.get(path, players)
    assert status == 200
    assert server.get(path, {**players, "If-None-Match": headers["ETag"]})[0] == 304
    return path, gm, players, headers["ETag"]


#: Brings an outage on the database for the block.
Outage = Callable[[], contextlib.AbstractContextManager[None]]


@contextlib.contextmanager
def outage_ahead(postgres: Cluster, tmp_path: Path,
                 outage: str) -> Iterator[tuple[Server, Outage]]:
    """The run command on a fresh database of ``postgres``, and the ``outage`` ("frozen" or
    "stopped") to bring on it."""
    down: Outage = (
        (lambda: frozen(postgres)) if outage == "frozen" else postgres.stopped)
    with postgres.database() as url, serve(
            tmp_path, RPG_DATABASE_URL=url, RPG_DATABASE_TIMEOUT=str(DATABASE_TIMEOUT),
            RPG_RATELIMIT_ENABLED="false") as server:
        yield server, down
