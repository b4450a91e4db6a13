"""The rate limit in Redis: one budget across instances; Redis down and back again.

A throwaway ``redis-server`` on a free loopback port (``scripts/test`` installs Debian's package;
missing, the tests fail). Two app objects in this process share it, and so do two real server
processes. When it stops the API answers as usual, without a limit, and says so once in the log
and in the health probe; when it starts again the limit holds again.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from api import create_app
from api.limits import RateLimiter
from tests.reliability.servers import Redis, fresh_window, redis_server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    with redis_server(tmp_path) as running:
        yield running


def instance(redis: Redis, limit: str, prefix: str) -> Flask:
    return create_app({"TESTING": True, "RATELIMIT_ENABLED": True, "RATELIMIT_DEFAULT": limit,
                       "RATELIMIT_STORAGE_URI": redis.uri, "RATELIMIT_KEY_PREFIX": prefix})


def test_two_instances_share_one_budget(redis: Redis) -> None:
    prefix = uuid.uuid4().hex
    first = instance(redis, "5/minute", prefix).test_client()
    second = instance(redis, "5/minute", prefix).test_client()
    statuses = []
    for turn in range(4):
        statuses.append(first.get("/api/v1/reaction").status_code)
        statuses.append(second.post("/api/v1/roll", json={"expr": "1d6"}).status_code
                        if turn % 2 else second.get("/api/v1/travel").status_code)
    assert statuses == [200] * 5 + [429] * 3
    refused = second.get("/api/v1/morale?morale=7&lang=en")
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["message"] == "Too many requests: try again shortly."
    # Another client has its own budget in the same Redis.
    assert first.get("/api/v1/reaction", environ_base={"REMOTE_ADDR": "192.0.2.9"}).headers[
        "X-RateLimit-Remaining"] == "4"


def test_redis_down_serves_without_a_limit_then_the_limit_holds_again(
        redis: Redis, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RateLimiter, "RETRY_SECONDS", 0.0)  # try Redis on every request
    app = instance(redis, "3/minute", uuid.uuid4().hex)
    client = app.test_client()
    assert [client.get("/api/v1/reaction").status_code for _ in range(4)] == [200] * 3 + [429]

    redis.stop()
    with caplog.at_level(logging.WARNING, logger="api.limits"):
        answers = [client.get("/api/v1/reaction") for _ in range(10)]
    assert [answer.status_code for answer in answers] == [200] * 10
    assert all("X-RateLimit-Limit" not in answer.headers for answer in answers)
    assert all(len(answer.get_data()) < 2000 for answer in answers)
    warnings = [record for record in caplog.records if "unavailable" in record.getMessage()]
    assert len(warnings) == 1  # once a minute, not once a request
    health = client.get("/api/v1/health")
    assert health.status_code == 200
    assert health.get_json() == {"status": "degraded", "checks": {
        "ratelimit": {"ok": False, "store": "redis", "required": False},
        "database": {"ok": True, "store": "sqlite", "required": True}}}
    assert client.get("/api/v1/health/live").status_code == 200

    redis.start()
    assert client.get("/api/v1/health").get_json()["status"] == "ready"
    statuses = []
    for _ in range(20):  # bounded: the budget of a fresh window is 3
        statuses.append(client.get("/api/v1/reaction").status_code)
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429 and statuses.count(200) <= 3


def test_a_redis_that_never_answers_costs_a_bounded_wait(tmp_path: Path) -> None:
    """A port with nobody behind it: every request still answers, without the limit."""
    never = Redis(port=1, workdir=tmp_path)  # port 1 on loopback: refused at once
    app = instance(never, "1/minute", "x")
    client = app.test_client()
    started = time.monotonic()
    assert {client.get("/api/v1/reaction").status_code for _ in range(5)} == {200}
    assert time.monotonic() - started < 10


def test_two_real_instances_share_one_budget_and_survive_redis_going(
        redis: Redis, tmp_path: Path) -> None:
    # An hour's window, at least two minutes of it left: a minute's ended within the 14
    # requests of a loaded run (12 answered, not 10).
    settings = {"RPG_RATELIMIT_STORAGE_URI": redis.uri, "RPG_RATELIMIT_DEFAULT": "10/hour",
                "RPG_RATELIMIT_KEY_PREFIX": uuid.uuid4().hex}
    with serve(tmp_path, **settings) as first, serve(tmp_path, **settings) as second:
        fresh_window(3600, needed=120)
        statuses = [(first if turn % 2 else second).get("/api/v1/reaction")[0]
                    for turn in range(14)]
        assert statuses == [200] * 10 + [429] * 4
        status, headers, body = first.get("/api/v1/morale?morale=7")
        assert status == 429 and json.loads(body)["code"] == 429 and int(headers["Retry-After"])

        redis.stop()
        for server in (first, second):
            status, headers, _ = server.get("/api/v1/reaction")
            assert status == 200 and "X-RateLimit-Limit" not in headers
            assert json.loads(server.get("/api/v1/health")[2])["status"] == "degraded"

        redis.start()
        # The budget was Redis's memory: a fresh one, shared again by both instances.
        # Each worker tries Redis again a second after its last failure: pace the requests.
        deadline, statuses = time.monotonic() + 20, []
        while time.monotonic() < deadline and len(statuses) < 100:
            statuses.append((first if len(statuses) % 2 else second).get("/api/v1/reaction")[0])
            if statuses[-1] == 429:
                break
            time.sleep(0.1)
        assert statuses[-1] == 429
        assert statuses.count(200) >= 10 - 1  # the fresh window's budget, spent across both
    log = (first.log.read_text() + second.log.read_text())
    assert "Traceback" not in log
    assert "rate-limit store (redis) unavailable" in log

