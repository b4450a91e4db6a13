"""What one client may ask of the API: request size, dice per request, requests per minute.

The body size is Flask's ``MAX_CONTENT_LENGTH`` (413). Here: the query string's length (414), the
dice budget of one request (422), and the rate limit per client address (429
with ``Retry-After``, from Flask-Limiter; counters in memory, or in Redis for several instances).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from flask import Flask, abort, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits.storage import MemoryStorage
from werkzeug.middleware.proxy_fix import ProxyFix

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import TooManyRolls
from rpg.core.text import both


def _over_budget(budget: int) -> TooManyRolls:
    return TooManyRolls(both(
        "Příliš mnoho kostek: jeden požadavek smí hodit nejvýše {n} kostek; zmenši počty.",
        "Too many dice: one request may roll at most {n} dice; ask for fewer.", n=budget))


class BudgetedSeededDice(SeededDice):
    """Seeded dice that stop at the request's dice budget."""

    def __init__(self, seed: int, budget: int) -> None:
        super().__init__(seed)
        self.budget = budget

    def die(self, faces: int, label: str) -> int:
        if self.drawn >= self.budget:
            raise _over_budget(self.budget)
        return super().die(faces, label)


class BudgetedReplayDice(ReplayDice):
    """Physical dice; a procedure that would need more than the budget stops the same way."""

    def __init__(self, values: Sequence[int], budget: int) -> None:
        super().__init__(values)
        self.budget = budget

    def die(self, faces: int, label: str) -> int:
        if self.drawn >= self.budget:
            raise _over_budget(self.budget)
        return super().die(faces, label)


class SweptMemoryStorage(MemoryStorage):
    """``memory://`` counters whose expired entries are swept inline, not by a timer thread.

    ``limits``' memory storage starts a ``threading.Timer`` (10 ms) on every counted request when
    the last one has run out: under steady load a new thread every few requests, and the request
    that starts it waits until the thread is scheduled. The counters themselves need no timer
    (every read drops an expired counter first); the timer only frees the memory of clients that
    stopped coming, which a sweep at most once per :attr:`SWEEP_SECONDS` does as well.
    """

    STORAGE_SCHEME = ["swept-memory"]  # noqa: RUF012  (limits' registry reads a list)
    SWEEP_SECONDS = 1.0

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: str):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._next_sweep = time.monotonic() + self.SWEEP_SECONDS

    # The base class's private hook, called on every increment and moving-window entry.
    def _MemoryStorage__schedule_expiry(self) -> None:
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.SWEEP_SECONDS
            self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


def storage_uri(configured: str) -> str:
    """The storage Flask-Limiter is given: ``memory://`` becomes :class:`SweptMemoryStorage`."""
    if configured.startswith("memory://"):
        return SweptMemoryStorage.STORAGE_SCHEME[0] + configured.removeprefix("memory")
    return configured


def retry_after() -> int | None:
    """Whole seconds until the breached limit of this request resets (for a 429's Retry-After).

    Flask-Limiter writes ``Retry-After`` itself only with its ``X-RateLimit-*`` headers on; the
    error handler adds it from here, so a 429 carries it either way.
    """
    for limiter in current_app.extensions.get("limiter", ()):
        limit = limiter.current_limit
        if limit is not None and limit.breached:
            return max(1, int(limit.reset_at - time.time()))  # as Flask-Limiter writes it
    return None


def dice_budget() -> int:
    """The configured most dice one request may roll."""
    return int(current_app.config["DICE_BUDGET"])


def init_limits(app: Flask, is_api: Callable[[], bool]) -> Limiter:
    """Install the query-length guard, the proxy fix and the rate limiter on ``app``."""
    hops = int(app.config["PROXY_HOPS"])
    if hops:
        # Behind a load balancer the client is the X-Forwarded-For entry the proxies vouch for.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    max_query = int(app.config["MAX_QUERY_LENGTH"])

    @app.before_request
    def query_length() -> None:
        if len(request.query_string) > max_query:
            abort(414)

    limiter = Limiter(get_remote_address, app=app,
                      storage_uri=storage_uri(app.config["RATELIMIT_STORAGE_URI"]))

    @limiter.request_filter
    def only_the_api() -> bool:
        # The site, the API docs and CORS preflights are free; the procedures are counted.
        return not is_api() or request.method == "OPTIONS" or request.path.startswith(
            ("/api/v1/docs", "/api/v1/openapi.json"))

    return limiter
