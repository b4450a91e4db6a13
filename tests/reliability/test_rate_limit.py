"""Rate limiting per client address: 429, Retry-After, the envelope in the user's language."""

from __future__ import annotations

import threading
import time

import pytest
from flask import Flask

from api import create_app
from api.limits import SweptMemoryStorage, storage_uri


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


def test_the_refusal_speaks_english_when_asked() -> None:
    client = limited("1/minute").test_client()
    client.post("/api/v1/roll", json={"expr": "1d6"})
    refused = client.post("/api/v1/roll", json={"expr": "1d6", "lang": "en"})
    assert refused.status_code == 429
    assert refused.get_json()["message"] == "Too many requests: try again shortly."
    assert refused.headers["Access-Control-Allow-Origin"] == "*"  # a VTT macro can read it


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


def test_the_site_docs_and_preflights_are_not_counted() -> None:
    client = limited("1/minute").test_client()
    for _ in range(3):
        assert client.get("/api/v1/openapi.json").status_code == 200
        assert client.get("/api/v1/docs/").status_code == 200
        assert client.options("/api/v1/morale", headers={
            "Origin": "https://foundry.example",
            "Access-Control-Request-Method": "POST"}).status_code == 200
        with client.get("/") as site:  # a file response: close it, or its file stays open
            assert site.status_code in (200, 404)
    assert client.get("/api/v1/morale?morale=7").status_code == 200


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


def test_memory_counters_start_no_thread_per_request(monkeypatch: pytest.MonkeyPatch) -> None:
    app = limited("100000/minute")
    client = app.test_client()
    client.get("/api/v1/morale?morale=7")
    started: list[threading.Thread] = []
    original = threading.Thread.start

    def counting(thread: threading.Thread) -> None:
        started.append(thread)
        original(thread)

    monkeypatch.setattr(threading.Thread, "start", counting)
    for _ in range(20):
        assert client.get("/api/v1/morale?morale=7").status_code == 200
        time.sleep(0.012)  # past limits' 10 ms timer, which would have started a new thread
    assert started == []


def test_memory_counters_expire_and_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SweptMemoryStorage, "SWEEP_SECONDS", 0.0)
    storage = SweptMemoryStorage("swept-memory://")
    storage.incr("gone", expiry=0.05)
    assert storage.get("gone") == 1
    time.sleep(0.1)
    storage.incr("kept", expiry=60)
    assert "gone" not in storage.storage  # swept without being read again
    assert storage.get("kept") == 1


def test_a_window_past_lets_the_client_in_again() -> None:
    client = limited("1/second").test_client()
    assert client.get("/api/v1/reaction").status_code == 200
    assert client.get("/api/v1/reaction").status_code == 429
    time.sleep(1.1)
    assert client.get("/api/v1/reaction").status_code == 200


@pytest.mark.parametrize(("configured", "used"), [
    ("memory://", "swept-memory://"),
    ("redis://cache:6379/0", "redis://cache:6379/0"),
])
def test_memory_storage_is_the_swept_one_and_others_pass(configured: str, used: str) -> None:
    assert storage_uri(configured) == used
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True})
    assert isinstance(app.extensions["limiter"].copy().pop().storage, SweptMemoryStorage)


def test_retry_after_stays_when_the_rate_limit_headers_are_off() -> None:
    client = limited("1/minute", RATELIMIT_HEADERS_ENABLED=False).test_client()
    assert "X-RateLimit-Limit" not in client.get("/api/v1/reaction").headers
    refused = client.get("/api/v1/reaction")
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.headers.getlist("Retry-After") == [refused.headers["Retry-After"]]
