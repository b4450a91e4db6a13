"""The rate limit: one budget per client across the API, shared by the workers of an instance.

429 with Retry-After and the envelope in the user's language; ``X-RateLimit-*`` on answers; the
site, the API docs, the health probes and CORS preflights free. Redis is in ``test_redis.py``.
"""

from __future__ import annotations

import json
import logging
import math
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from api import create_app
from api.limits import Rate, SharedMemoryCounters, parse_rates, verdict
from api.shared_lock import SharedLock

ROOT = Path(__file__).resolve().parents[2]


def limited(limit: str = "3/minute", **config: object) -> Flask:
    return create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                       "RATELIMIT_DEFAULT": limit, **config})


def test_past_the_limit_is_429_with_retry_after_in_czech() -> None:
    client = limited().test_client()
    for _ in range(3):
        assert client.get("/api/v1/morale?morale=7").status_code == 200
    refused = client.get("/api/v1/morale?morale=7")
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.headers["Content-Language"] == "cs"
    assert refused.get_json() == {
        "code": 429, "status": "Too Many Requests",
        "message": "Příliš mnoho požadavků: zkus to za chvíli znovu.", "errors": {}}
    assert refused.headers.getlist("Retry-After") == [refused.headers["Retry-After"]]


def test_the_refusal_speaks_english_when_asked() -> None:
    client = limited("1/minute").test_client()
    client.post("/api/v1/roll", json={"expr": "1d6"})
    refused = client.post("/api/v1/roll", json={"expr": "1d6", "lang": "en"})
    assert refused.status_code == 429
    assert refused.get_json()["message"] == "Too many requests: try again shortly."
    assert refused.headers["Access-Control-Allow-Origin"] == "*"  # a VTT macro can read it
    exposed = refused.headers["Access-Control-Expose-Headers"]
    assert {"Retry-After", "X-RateLimit-Remaining"} <= {h.strip() for h in exposed.split(",")}


def test_one_budget_across_every_route_and_method() -> None:
    client = limited("4/minute").test_client()
    answers = [
        client.get("/api/v1/morale?morale=7").status_code,
        client.get("/api/v1/reaction").status_code,
        client.post("/api/v1/roll", json={"expr": "1d6"}).status_code,
        client.get("/api/v1/psychopaths-land/combat").status_code,
        client.get("/api/v1/travel").status_code,
        client.post("/api/v1/morale", json={"morale": 7}).status_code,
    ]
    assert answers[:3] == [200, 200, 200]
    assert answers[3] != 429  # the fourth request, on a fourth route, still has room
    assert answers[4:] == [429, 429]


def test_headers_count_down_and_a_200_has_no_retry_after() -> None:
    client = limited("3/minute;100/hour").test_client()
    seen = []
    for _ in range(3):
        answer = client.get("/api/v1/reaction")
        assert answer.status_code == 200
        assert "Retry-After" not in answer.headers
        seen.append((answer.headers["X-RateLimit-Limit"], answer.headers["X-RateLimit-Remaining"]))
        reset = int(answer.headers["X-RateLimit-Reset"])
        assert time.time() - 1 <= reset <= time.time() + 60
    assert seen == [("3", "2"), ("3", "1"), ("3", "0")]


def test_the_nearest_limit_is_the_one_reported() -> None:
    client = limited("100/minute;2/hour").test_client()
    first = client.get("/api/v1/reaction")
    assert (first.headers["X-RateLimit-Limit"], first.headers["X-RateLimit-Remaining"]) == (
        "2", "1")
    client.get("/api/v1/reaction")
    before = time.time()
    refused = client.get("/api/v1/reaction")
    after = time.time()
    assert refused.status_code == 429
    # The hour's window, not a minute's: the seconds left of the hour (windows start at the
    # multiples of their length since the epoch). In an hour's last minute both windows end
    # together, so the figure is the same; "more than 60" failed a run 51 s before the hour.
    left = [math.ceil(3600 - moment % 3600) for moment in (after, before)]
    assert left[0] <= int(refused.headers["Retry-After"]) <= left[1], (left, refused.headers)


def test_the_headers_can_be_switched_off_retry_after_stays() -> None:
    client = limited("1/minute", RATELIMIT_HEADERS_ENABLED=False).test_client()
    assert "X-RateLimit-Limit" not in client.get("/api/v1/reaction").headers
    refused = client.get("/api/v1/reaction")
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 60


def test_clients_are_counted_apart() -> None:
    client = limited("1/minute").test_client()
    first = {"REMOTE_ADDR": "192.0.2.1"}
    second = {"REMOTE_ADDR": "192.0.2.2"}
    assert client.get("/api/v1/reaction", environ_base=first).status_code == 200
    assert client.get("/api/v1/reaction", environ_base=first).status_code == 429
    assert client.get("/api/v1/reaction", environ_base=second).status_code == 200


@pytest.mark.parametrize("hops", [0, 1])
def test_behind_a_proxy_the_forwarded_address_counts(hops: int) -> None:
    client = limited("1/minute", PROXY_HOPS=hops).test_client()
    for address in ("198.51.100.1", "198.51.100.2"):
        response = client.get("/api/v1/reaction", headers={"X-Forwarded-For": address})
        # Trusting the proxy, two addresses; not trusting it, one (the proxy's).
        expected = 200 if hops or address.endswith(".1") else 429
        assert response.status_code == expected


def test_the_site_docs_health_and_preflights_are_not_counted() -> None:
    client = limited("1/minute").test_client()
    for _ in range(3):
        assert client.get("/api/v1/openapi.json").status_code == 200
        assert client.get("/api/v1/docs/").status_code == 200
        assert client.get("/api/v1/health").status_code == 200
        assert client.get("/api/v1/health/live").status_code == 200
        assert client.options("/api/v1/morale", headers={
            "Origin": "https://foundry.example",
            "Access-Control-Request-Method": "POST"}).status_code == 200
        with client.get("/") as site:  # a file response: close it, or its file stays open
            assert site.status_code in (200, 404)
    assert client.get("/api/v1/morale?morale=7").status_code == 200
    assert client.get("/api/v1/morale?morale=7").status_code == 429


def test_rolled_answers_are_never_stored_the_documents_may_be() -> None:
    client = limited("100/minute").test_client()
    assert client.get("/api/v1/morale?morale=7").headers["Cache-Control"] == "no-store"
    assert client.get("/api/v1/morale?morale=99").headers["Cache-Control"] == "no-store"
    assert client.get("/api/v1/morale?morale=7&format=html").headers[
        "Cache-Control"] == "no-store"
    assert "no-store" not in client.get("/api/v1/openapi.json").headers.get("Cache-Control", "")


def test_limits_and_storage_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RPG_RATELIMIT_DEFAULT", "2/minute")
    monkeypatch.setenv("RPG_RATELIMIT_STORAGE_URI", "memory://")
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True})
    assert app.config["RATELIMIT_DEFAULT"] == "2/minute"
    client = app.test_client()
    assert [client.get("/api/v1/reaction").status_code for _ in range(3)] == [200, 200, 429]


def test_the_environment_can_switch_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RPG_RATELIMIT_ENABLED", "false")
    monkeypatch.setenv("RPG_RATELIMIT_DEFAULT", "1/minute")
    client = create_app().test_client()
    assert {client.get("/api/v1/reaction").status_code for _ in range(3)} == {200}


def test_tests_run_unlimited_unless_they_ask() -> None:
    assert create_app({"TESTING": True}).config["RATELIMIT_ENABLED"] is False
    assert create_app({"TESTING": True, "RATELIMIT_ENABLED": True}).config[
        "RATELIMIT_ENABLED"] is True


@pytest.mark.parametrize(("config", "message"), [
    ({"RATELIMIT_DEFAULT": "lots"}, "cannot read 'lots'"),
    ({"RATELIMIT_DEFAULT": " ; "}, "names no limit"),
    ({"RATELIMIT_STORAGE_URI": "memcached://cache:11211"}, "neither memory:// nor redis://"),
])
def test_a_wrong_setting_stops_the_start(config: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        limited(**config)


@pytest.mark.parametrize(("spec", "rates"), [
    ("120/minute;3000/hour", (Rate(120, 60), Rate(3000, 3600))),
    ("10 per second", (Rate(10, 1),)),
    ("5/2 minutes, 100/day", (Rate(5, 120), Rate(100, 86400))),
    ("1/HOUR", (Rate(1, 3600),)),
])
def test_rates_are_read_as_written(spec: str, rates: tuple[Rate, ...]) -> None:
    assert parse_rates(spec) == rates


def test_a_window_past_lets_the_client_in_again() -> None:
    client = limited("1/second").test_client()
    assert client.get("/api/v1/reaction").status_code == 200
    assert client.get("/api/v1/reaction").status_code == 429
    time.sleep(1.1)
    assert client.get("/api/v1/reaction").status_code == 200


def test_windows_are_fixed_and_a_refusal_does_not_count() -> None:
    table = SharedMemoryCounters([Rate(2, 60), Rate(3, 3600)], slots=64)
    start = 7200.0  # the start of a minute and of an hour
    assert [table.hit("a", start + s).allowed for s in (0, 1, 2, 3)] == [True, True, False, False]
    # The next minute has room again; the hour's third request is the last.
    assert [table.hit("a", start + s).allowed for s in (60, 61)] == [True, False]
    assert table.hit("a", start + 3600).allowed
    assert table.hit("b", start + 3).remaining == 1  # another client, its own budget


def test_a_full_table_forgets_the_quietest_client_never_refuses_a_new_one() -> None:
    table = SharedMemoryCounters([Rate(5, 60)], slots=4)
    now = 600.0
    for _ in range(4):
        table.hit("busy", now)
    for name in range(50):  # far more clients than slots
        assert table.hit(f"client-{name}", now).allowed
    assert table.hit("busy", now).remaining == 0  # the busiest is never the one forgotten


def test_the_verdict_reports_the_breached_window() -> None:
    rates = [Rate(2, 60), Rate(10, 3600)]
    refused = verdict(rates, 30.0, [2, 5], allowed=False)
    assert (refused.limit, refused.remaining, refused.reset, refused.retry_after) == (
        2, 0, 60, 30)
    both = verdict(rates, 30.0, [2, 10], allowed=False)
    assert (both.limit, both.retry_after) == (10, 3570)


def test_a_lock_left_held_is_taken_over(caplog: pytest.LogCaptureFixture,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table = SharedMemoryCounters([Rate(5, 60)], slots=16)
    monkeypatch.setattr(SharedLock, "TIMEOUT", 0.05)
    assert table.lock.acquire_now()  # as a worker killed inside the section would leave it
    with caplog.at_level(logging.ERROR, logger="api.shared_lock"):
        assert table.hit("a", 100.0).allowed
    assert "taking it over" in caplog.text
    assert table.lock.acquire_now()  # released again: the table works on
    table.lock.release()
    assert table.hit("a", 100.0).remaining == 3


def _stall_in(lock: SharedLock, holding: Any, done: Any) -> None:
    with lock.held():
        holding.set()
        done.wait(30)


def test_a_stalled_workers_lock_is_not_taken_from_it(caplog: pytest.LogCaptureFixture,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # A worker alive inside the section (stopped, starved): the request is counted without the
    # lock, and the lock stays the worker's.
    monkeypatch.setattr(SharedLock, "TIMEOUT", 0.05)
    table = SharedMemoryCounters([Rate(5, 60)], slots=16)
    context = multiprocessing.get_context("fork")
    holding, done = context.Event(), context.Event()
    worker = context.Process(target=_stall_in, args=(table.lock, holding, done))
    worker.start()
    try:
        assert holding.wait(30)
        with caplog.at_level(logging.ERROR, logger="api.shared_lock"):
            assert table.hit("a", 100.0).remaining == 4
        assert "going on without it" in caplog.text
        assert not table.lock.acquire_now()  # still the worker's
    finally:
        done.set()
        worker.join(timeout=30)
    assert worker.exitcode == 0
    assert table.hit("a", 100.0).remaining == 3


FORKED_WORKERS = """
import json, os
from api import create_app

app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True, "RATELIMIT_DEFAULT": "10/minute"})
client = app.test_client()
first = client.get("/api/v1/reaction").status_code  # counted in the parent
children = []
for _ in range(3):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a worker: five requests, their statuses to the parent, nothing else
        try:
            os.close(read)
            statuses = [client.get("/api/v1/reaction").status_code for _ in range(5)]
            os.write(write, json.dumps(statuses).encode())
        finally:
            os._exit(0)
    os.close(write)
    children.append((pid, read))
statuses = []
for pid, read in children:
    with os.fdopen(read, "rb") as pipe:
        statuses += json.loads(pipe.read() or b"[]")
    os.waitpid(pid, 0)
print(json.dumps([first, statuses, client.get("/api/v1/reaction").status_code]))
"""


def test_forked_workers_share_one_budget() -> None:
    """As gunicorn's workers are: the app is built, then processes are forked from it.

    In a fresh single-threaded interpreter, as gunicorn's master is (forking this test process,
    which runs other threads, could copy a lock some thread holds).
    """
    done = subprocess.run([sys.executable, "-c", FORKED_WORKERS], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    first, statuses, last = json.loads(done.stdout.strip().splitlines()[-1])
    assert first == 200
    assert len(statuses) == 15
    assert statuses.count(200) == 9 and statuses.count(429) == 6
    assert last == 429  # the parent sees the children's counts
