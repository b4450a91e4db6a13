"""The health probes: live always; ready when the stores answer, degraded or 503 otherwise."""

from __future__ import annotations

from flask import Flask

from api import create_app
from api.health import add_check

#: The expeditions' database, a required check (under TESTING, SQLite in memory).
DATABASE = {"ok": True, "store": "sqlite", "required": True}


def app_with(**config: object) -> Flask:
    return create_app({"TESTING": True, "RATELIMIT_ENABLED": True, **config})


def test_live_and_ready_with_the_memory_table() -> None:
    client = app_with().test_client()
    live = client.get("/api/v1/health/live")
    assert (live.status_code, live.get_json()) == (200, {"status": "live"})
    for path in ("/api/v1/health", "/api/v1/health/ready"):
        ready = client.get(path)
        assert ready.status_code == 200
        assert ready.get_json() == {"status": "ready", "checks": {
            "ratelimit": {"ok": True, "store": "memory", "required": False},
            "database": DATABASE}}
        assert ready.headers["Cache-Control"] == "no-store"


def test_without_a_limit_only_the_database_is_checked() -> None:
    answer = create_app({"TESTING": True}).test_client().get("/api/v1/health")
    assert answer.get_json() == {"status": "ready", "checks": {"database": DATABASE}}


def test_a_failing_required_store_is_503_an_optional_one_degraded() -> None:
    app = app_with()
    add_check(app, "cache", lambda: (False, "memcached"), required=False)
    degraded = app.test_client().get("/api/v1/health")
    assert degraded.status_code == 200
    assert degraded.get_json()["status"] == "degraded"
    assert degraded.get_json()["checks"]["cache"] == {
        "ok": False, "store": "memcached", "required": False}
    assert app.test_client().get("/api/v1/health/live").status_code == 200

    def broken() -> tuple[bool, str]:
        raise RuntimeError("no connection")

    add_check(app, "database", broken, required=True)
    down = app.test_client().get("/api/v1/health")
    assert down.status_code == 503
    assert down.get_json()["status"] == "unavailable"
    assert down.get_json()["checks"]["database"] == {
        "ok": False, "store": "unknown", "required": True}
    assert int(down.headers["Retry-After"]) > 0
    assert app.test_client().get("/api/v1/health/live").status_code == 200


def test_an_unknown_health_path_is_the_api_404() -> None:
    answer = create_app({"TESTING": True}).test_client().get("/api/v1/health/nothing")
    assert answer.status_code == 404
    assert answer.get_json()["code"] == 404
