"""Stores frozen by SIGSTOP (processes the test started) against the run command.

- Redis (the rate limit's counters): a request waits for it at most its 0.25 s timeout, not
  retried (it waited 0.5–1 s: a timeout retried, a health-check PING); the API serves on without
  the limit, and the limit holds again once Redis is thawed.
- PostgreSQL (the expeditions): the postmaster and every backend stopped. The readiness probe
  answers within 2 s (503 ``unavailable``), reads and actions answer 503 within the database's
  deadline (5 s), and no action answered with an error is ever committed, not even once the
  database is thawed and works through what it had received; actions acting through a freeze
  mid-burst too: the log holds exactly the actions answered 200.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import statistics
import threading
import time
import uuid
from pathlib import Path

import pytest

from tests.expedition.conftest import STORY
from tests.postgres import Cluster
from tests.reliability.outages import DATABASE_TIMEOUT, frozen, until_ready
from tests.reliability.servers import gm, redis_server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py


def test_a_frozen_redis_costs_a_request_its_timeout_once(tmp_path: Path) -> None:
    with redis_server(tmp_path) as redis, serve(
            tmp_path, RPG_RATELIMIT_STORAGE_URI=redis.uri, RPG_RATELIMIT_DEFAULT="50/minute",
            WEB_CONCURRENCY="1") as server:
        assert server.get("/api/v1/morale?morale=7")[1]["X-RateLimit-Remaining"] == "49"
        assert redis.process is not None
        os.kill(redis.process.pid, signal.SIGSTOP)
        try:
            waits = []
            for _ in range(5):  # a failed Redis is skipped for a second: each of these waits
                started = time.monotonic()
                status, headers, _ = server.get("/api/v1/morale?morale=7", timeout=5)
                waits.append(time.monotonic() - started)
                assert status == 200 and "X-RateLimit-Remaining" not in headers
                time.sleep(1.2)
            # One 0.25 s timeout, not retried (a request's own time is milliseconds).
            assert statistics.median(waits) < 0.45, waits
            health = json.loads(server.get("/api/v1/health", timeout=5)[2])
            assert health["status"] == "degraded"
        finally:
            os.kill(redis.process.pid, signal.SIGCONT)
        deadline = time.monotonic() + 15
        while "X-RateLimit-Remaining" not in server.get("/api/v1/morale?morale=7")[1]:
            assert time.monotonic() < deadline, "the limit never held again"
            time.sleep(0.3)


# --- PostgreSQL -------------------------------------------------------------------------------


def test_a_frozen_postgresql_is_503_in_seconds_and_nothing_answered_an_error_is_committed(
        postgres: Cluster, tmp_path: Path) -> None:
    with postgres.database() as url, serve(
            tmp_path, RPG_DATABASE_URL=url, RPG_DATABASE_TIMEOUT=str(DATABASE_TIMEOUT),
            RPG_RATELIMIT_ENABLED="false") as server:
        status, _, created = server.post("/api/v1/expeditions", STORY)
        assert status == 201
        path = f"/api/v1/expeditions/{created['id']}"
        assert server.post(f"{path}/actions/supplies", {"version": 1, "change": 1},
                           gm(created))[0] == 200
        answers: dict[int, int] = {}

        def act(change: int) -> None:
            try:
                answers[change] = server.post(
                    f"{path}/actions/supplies", {"version": 2, "change": change},
                    {**gm(created), "Idempotency-Key": str(uuid.uuid4())},
                    timeout=3 * DATABASE_TIMEOUT)[0]
            except (OSError, http.client.HTTPException):
                answers[change] = 0  # no answer within three deadlines: a hang

        with frozen(postgres):
            status, _, body = server.get("/api/v1/health", timeout=2.5)
            assert status == 503 and json.loads(body)["status"] == "unavailable"
            assert server.get("/api/v1/health/live", timeout=2.5)[0] == 200
            status, headers, _ = server.get(path, gm(created), timeout=3 * DATABASE_TIMEOUT)
            assert status == 503 and headers["Retry-After"] == "5"
            acting = [threading.Thread(target=act, args=(change,)) for change in (10, 20, 30)]
            for thread in acting:
                thread.start()
            for thread in acting:
                thread.join(timeout=4 * DATABASE_TIMEOUT)
            assert answers == {10: 503, 20: 503, 30: 503}
            assert server.get("/api/v1/morale?morale=7", timeout=5)[0] == 200  # rules serve on
            time.sleep(DATABASE_TIMEOUT)  # past every deadline the app gave the database
        until_ready(server)
        found = json.loads(server.get(f"{path}?entries=100", gm(created))[2])
        assert found["version"] == 2 and found["state"]["supplies"] == STORY["supplies"] + 1
        assert server.post(f"{path}/actions/supplies", {"version": 2, "change": 5},
                           gm(created))[0] == 200


def test_actions_through_a_freeze_mid_burst_are_committed_exactly_when_answered_200(
        postgres: Cluster, tmp_path: Path) -> None:
    with postgres.database() as url, serve(
            tmp_path, RPG_DATABASE_URL=url, RPG_DATABASE_TIMEOUT=str(DATABASE_TIMEOUT),
            RPG_RATELIMIT_ENABLED="false") as server:
        tables = []
        for n in range(4):
            status, _, made = server.post("/api/v1/expeditions",
                                          {**STORY, "name": f"Výprava {n}", "supplies": 0})
            assert status == 201
            tables.append(made)
        answered: dict[int, dict[int, int]] = {n: {} for n in range(4)}
        stop = threading.Event()

        def device(n: int) -> None:
            made = tables[n]
            version = 1
            for change in range(1, 400):  # bounded; the test stops it sooner
                if stop.is_set():
                    return
                try:
                    status, _, acted = server.post(
                        f"/api/v1/expeditions/{made['id']}/actions/supplies",
                        {"version": version, "change": change}, gm(made),
                        timeout=3 * DATABASE_TIMEOUT)
                except (OSError, http.client.HTTPException):
                    status, acted = 0, {}
                answered[n][change] = status
                if status == 200:
                    version = acted["version"]
                elif status == 503:
                    # The device reads again when it can (the version it saw may be stale).
                    with contextlib.suppress(OSError, http.client.HTTPException, ValueError):
                        read = server.get(f"/api/v1/expeditions/{made['id']}", gm(made),
                                          timeout=3 * DATABASE_TIMEOUT)
                        if read[0] == 200:
                            version = json.loads(read[2])["version"]

        threads = [threading.Thread(target=device, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(1.5)
        with frozen(postgres):
            time.sleep(DATABASE_TIMEOUT + 3)
        time.sleep(3)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        until_ready(server)
        errors = 0
        for n, made in enumerate(tables):
            log: list[dict[str, object]] = []
            before = None
            while True:
                page = json.loads(server.get(
                    f"/api/v1/expeditions/{made['id']}/log?limit=100"
                    + (f"&before={before}" if before else ""), gm(made))[2])
                log += page["entries"]
                before = page["next_before"]
                if before is None:
                    break
            committed = {entry["input"]["change"] for entry in log if entry["kind"] == "supplies"}
            assert committed == {change for change, status in answered[n].items()
                                 if status == 200}, (n, answered[n])
            errors += sum(status != 200 for status in answered[n].values())
        assert errors > 0  # the freeze was met: some actions were answered an error
