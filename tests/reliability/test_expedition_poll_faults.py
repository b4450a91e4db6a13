"""Players' pages polling (``If-None-Match``) against the run command while things go wrong.

- PostgreSQL frozen (SIGSTOP) or shut down while the polls come: a poll is answered ``304`` from
  the expedition's kept head while it lives (``RPG_EXPEDITION_HEAD_SECONDS``), then as every read
  is when the database does not answer (README, "The expeditions' database stalled or failing"):
  ``503`` with ``Retry-After`` within the database's deadline, never a hang or a 500; the
  readiness probe says ``unavailable``. Once the database is back, the polls are ``304`` again
  and the next change reaches them.
- The GM cuts the players' link while polls with the old token keep coming, the heads kept 30 s:
  from the moment the GM has the answer, the old token gets nothing but ``404``, on every worker.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
import time
from pathlib import Path

import pytest

from tests.postgres import Cluster
from tests.reliability.outages import DATABASE_TIMEOUT, outage_ahead, players_page, until_ready
from tests.reliability.servers import Server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py

#: Polls 0.25 s apart during an outage: their pauses alone (4 s) outlast a head's 1 s.
POLLS = 16


def polled(server: Server, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
    """One poll, allowed three deadlines (status 0: no answer in them, a hang)."""
    try:
        status, answered, _ = server.get(path, headers, timeout=3 * DATABASE_TIMEOUT)
    except (OSError, http.client.HTTPException):
        return 0, {}
    return status, answered


@pytest.mark.parametrize("outage", ["frozen", "stopped"])
def test_polls_through_a_database_outage_are_304_then_503_and_recover(
        postgres: Cluster, tmp_path: Path, outage: str) -> None:
    with outage_ahead(postgres, tmp_path, outage) as (server, down):
        path, gm, players, tag = players_page(server)
        poll = {**players, "If-None-Match": tag}
        answers: list[tuple[int, str | None]] = []
        with down():
            for _ in range(POLLS):
                status, headers = polled(server, path, poll)
                answers.append((status, headers.get("Retry-After")))
                if status == 503:
                    break
                time.sleep(0.25)
            # Each poll's answer is the head's 304 or the outage's 503, never a hang or a 500.
            assert set(answers) <= {(304, None), (503, "5")}, answers
            assert answers[-1] == (503, "5"), answers  # once the head expired
            assert polled(server, path, poll)[0] == 503  # and so on, the head not kept again
            status, _, body = server.get("/api/v1/health", timeout=2.5)
            assert status == 503 and json.loads(body)["status"] == "unavailable"
        until_ready(server)
        assert polled(server, path, poll)[0] == 304
        status, _, acted = server.post(f"{path}/actions/shift", {"version": 1, "seed": 1}, gm)
        assert status == 200, acted
        status, headers = polled(server, path, poll)
        assert status == 200 and headers["ETag"] == 'W/"2.players.cs.20"'


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_cut_players_link_gets_nothing_once_the_gm_has_the_answer(
        request: pytest.FixtureRequest, tmp_path: Path, database: str) -> None:
    with contextlib.ExitStack() as stack:
        env = {"RPG_EXPEDITION_HEAD_SECONDS": "30", "RPG_RATELIMIT_ENABLED": "false",
               "WEB_CONCURRENCY": "3"}
        if database == "postgresql":
            postgres: Cluster = request.getfixturevalue("postgres")
            env["RPG_DATABASE_URL"] = stack.enter_context(postgres.database())
        server = stack.enter_context(serve(tmp_path, **env))
        path, gm, players, tag = players_page(server)
        # Each of the workers has answered the old link 304 from the head (each poll is a
        # connection of its own: they land on every worker).
        assert {server.get(path, {**players, "If-None-Match": tag})[0]
                for _ in range(12)} == {304}
        cut = threading.Event()
        stop = threading.Event()
        after: list[int] = []  # the polls sent once the GM had the new link
        before: list[int] = []

        def follower() -> None:
            for _ in range(400):  # bounded; stopped sooner
                if stop.is_set():
                    return
                sent_after = cut.is_set()
                status = polled(server, path, {**players, "If-None-Match": tag})[0]
                (after if sent_after else before).append(status)

        threads = [threading.Thread(target=follower) for _ in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        status, _, rotated = server.post(f"{path}/players-link", {}, gm)
        assert status == 200, rotated
        cut.set()
        time.sleep(1.5)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert before and set(before) <= {304, 404}, before
        assert after and set(after) == {404}, after
        assert server.get(path, players)[0] == 404  # a read without a tag too
        fresh = {"Authorization": f"Bearer {rotated['players_token']}"}
        assert server.get(path, {**fresh, "If-None-Match": tag})[0] == 304
