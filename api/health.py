"""Health probes for a load balancer or an orchestrator: live, and ready.

- ``GET /api/v1/health/live``: 200 whenever the process answers; touches no store. A failing
  liveness probe means "restart this instance".
- ``GET /api/v1/health`` (also ``/api/v1/health/ready``): every registered check runs.
  200 ``{"status": "ready"}`` when all answer; 200 ``{"status": "degraded"}`` when only optional
  stores fail; 503 ``{"status": "unavailable"}`` (with ``Retry-After``) when a required one fails.
  A failing readiness probe means "send this instance no traffic".

The rate limit's store is optional: when Redis is down the API serves without a limit
(:mod:`api.limits`), so taking every instance out of the balancer because their shared Redis
failed would turn a missing safeguard into an outage. It is reported as ``"degraded"``, with the
check named, for monitoring to alert on. A store the answers cannot be made without (a database)
registers a *required* check with :func:`add_check`, and its failure makes the probe 503.

The probes are not rate-limited, answer any ``Host`` (a balancer asks by address) and are never
cached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Blueprint, Flask, Response, current_app, jsonify

from api.limits import rate_limiter

bp = Blueprint("health", __name__, url_prefix="/api/v1/health")


@dataclass(frozen=True, slots=True)
class Check:
    """One store the app depends on: ``probe()`` returns whether it answers, and its kind."""

    name: str
    probe: Callable[[], tuple[bool, str]]
    required: bool


def add_check(app: Flask, name: str, probe: Callable[[], tuple[bool, str]], *,
              required: bool) -> None:
    """Register a check the readiness probe runs (e.g. a database: ``required=True``)."""
    app.extensions.setdefault("rpg_health_checks", []).append(Check(name, probe, required))


def _answer(body: dict[str, object], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    if status == 503:
        response.headers["Retry-After"] = "5"
    return response


@bp.get("/live")
def live() -> Response:
    """The process answers."""
    return _answer({"status": "live"})


@bp.get("")
@bp.get("/ready")
def ready() -> Response:
    """Every check run: ready, degraded (an optional store fails) or unavailable (503)."""
    checks = {}
    required_down = optional_down = False
    for check in current_app.extensions.get("rpg_health_checks", []):
        try:
            answers, kind = check.probe()
        except Exception:  # a probe must report, never raise
            current_app.logger.exception("health check %s failed", check.name)
            answers, kind = False, "unknown"
        checks[check.name] = {"ok": answers, "store": kind, "required": check.required}
        if not answers:
            required_down |= check.required
            optional_down |= not check.required
    status = "unavailable" if required_down else "degraded" if optional_down else "ready"
    return _answer({"status": status, "checks": checks}, 503 if required_down else 200)


def init_health(app: Flask) -> None:
    """Register the probes and the rate limit's check (optional: the API serves without it)."""
    app.register_blueprint(bp)
    limiter = rate_limiter(app)
    if limiter is not None:
        add_check(app, "ratelimit", limiter.check, required=False)
