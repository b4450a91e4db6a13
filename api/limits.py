"""What one client may ask of the API: request size, dice per request, requests per window.

The body size is Flask's ``MAX_CONTENT_LENGTH`` (413). Here: the query string's length (414), the
dice budget of one request (422), and the rate limit (429 with ``Retry-After``).

The rate limit is ONE budget per client address (after ``RPG_PROXY_HOPS``) across every API
route, in fixed windows (``120/minute;3000/hour``: both must have room). A request refused does
not count. A request costs one unit; a heavy one more, by its weight (an expedition's import: by
its entries and the dice its replay rolls, :func:`charge_weight`). A conditional poll answered
304 is free; a poll that opens nothing (a guessed token) is counted and refused past the budget
like any request. The counters live

- in a table in shared memory (``memory://``, the default), created with the app before gunicorn
  forks its workers, so every worker of an instance counts against the same budget; or
- in Redis (``redis://host:6379/0``), one Lua script a request, so every instance shares it.

When the store fails (Redis down or unreachable) the API serves without a limit rather than fail:
a request waits for Redis at most 0.25 s (a timeout is not retried; only a connection found dead,
which fails at once, is tried once more on a fresh one), a warning is logged at most once a
minute, the store is tried again at most once a second per worker, and the health endpoint
reports the limit as degraded (:mod:`api.health`).
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import mmap
import multiprocessing
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from flask import Flask, Response, abort, current_app, g, request
from werkzeug.middleware.proxy_fix import ProxyFix

from api.wsgi import COUNTED, RATE_LIMIT

log = logging.getLogger(__name__)

def dice_budget() -> int:
    """The configured most dice one request may roll."""
    return int(current_app.config["DICE_BUDGET"])


# --- The rate limit ---------------------------------------------------------------------------

_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_RATE = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Rate:
    """At most ``amount`` requests in each fixed window of ``seconds``."""

    amount: int
    seconds: int


def parse_rates(spec: str) -> tuple[Rate, ...]:
    """``"120/minute;3000/hour"`` (also ``per``, ``10/5 minutes``, ``,`` between) as rates."""
    rates = []
    for part in filter(str.strip, re.split(r"[;,]", spec)):
        match = _RATE.match(part)
        if not match:
            raise ValueError(f"RATELIMIT_DEFAULT: cannot read {part.strip()!r} "
                             "(write e.g. '120/minute;3000/hour')")
        amount, count, unit = match.groups()
        rates.append(Rate(int(amount), int(count or 1) * _SECONDS[unit.lower()]))
    if not rates:
        raise ValueError("RATELIMIT_DEFAULT names no limit")
    return tuple(rates)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One request counted: whether it may go on, and the figures for the headers."""

    allowed: bool
    limit: int  #: the rate the headers report: the one breached, else the one nearest to it
    remaining: int
    reset: float  #: epoch seconds when that rate's window ends
    retry_after: int  #: whole seconds until every breached window has ended (0 when allowed)


def verdict(rates: Sequence[Rate], now: float, counts: Sequence[int], allowed: bool,
            cost: int = 1) -> Verdict:
    """The verdict for ``counts`` (after this request when allowed, before its ``cost`` units
    when refused)."""
    ends = [(math.floor(now / rate.seconds) + 1) * rate.seconds for rate in rates]
    if allowed:
        i = min(range(len(rates)), key=lambda j: (rates[j].amount - counts[j], rates[j].seconds))
        return Verdict(True, rates[i].amount, rates[i].amount - counts[i], ends[i], 0)
    breached = [j for j, rate in enumerate(rates) if counts[j] + cost > rate.amount]
    i = max(breached, key=lambda j: ends[j])
    return Verdict(False, rates[i].amount, 0, ends[i], max(1, math.ceil(ends[i] - now)))


class StoreUnavailable(Exception):
    """The counters' store did not answer."""


class Counters(Protocol):
    """Where the counts live: :class:`SharedMemoryCounters` or :class:`RedisCounters`."""

    kind: str

    def hit(self, key: str, now: float, cost: int = 1) -> Verdict:
        """Count ``cost`` units of ``key`` at ``now`` unless a window has no room for them."""

    def ping(self) -> None:
        """Raise :class:`StoreUnavailable` unless the store answers."""


class SharedMemoryCounters:
    """A fixed-size table of counters in anonymous shared memory, shared by forked workers.

    One slot per client: its key's hash, then (window number, count) per rate. A client's slot is
    found within :attr:`PROBES` slots of its hash; a slot whose windows have all ended is free
    again, so the table needs no sweeping. When every probed slot holds a live client (more
    distinct clients within a window than the table has room for), the least busy of them is
    forgotten: that client starts a fresh budget, never a refusal it has not earned.

    The table is written under one process-shared lock (the section lasts microseconds). A worker
    killed inside it would leave it held: after :attr:`LOCK_TIMEOUT` the next request takes it
    over, at worst miscounting one request.
    """

    kind = "memory"
    PROBES = 8
    LOCK_TIMEOUT = 0.2

    def __init__(self, rates: Sequence[Rate], slots: int = 65_536) -> None:
        self.rates = tuple(rates)
        self.slots = slots
        self.width = 1 + 2 * len(self.rates)
        # MAP_SHARED and anonymous: the very same pages in every process forked after this.
        self._memory = mmap.mmap(-1, slots * self.width * 8)
        self._table = memoryview(self._memory).cast("q")
        self._lock = multiprocessing.get_context("fork").Lock()

    def ping(self) -> None:
        """Shared memory always answers."""

    def hit(self, key: str, now: float, cost: int = 1) -> Verdict:
        # str hashes are salted per interpreter; forked workers inherit the master's salt.
        fingerprint = hash(key) or 1
        windows = [int(now // rate.seconds) for rate in self.rates]
        if not self._lock.acquire(timeout=self.LOCK_TIMEOUT):
            log.error("rate-limit table lock held for %.1f s: taking it over", self.LOCK_TIMEOUT)
        try:
            start = self._slot(fingerprint, windows)
            table = self._table
            counts = [table[start + 2 + 2 * i] if table[start + 1 + 2 * i] == window else 0
                      for i, window in enumerate(windows)]
            allowed = all(count + cost <= rate.amount
                          for count, rate in zip(counts, self.rates, strict=True))
            if allowed:
                table[start] = fingerprint
                for i, window in enumerate(windows):
                    counts[i] += cost
                    table[start + 1 + 2 * i] = window
                    table[start + 2 + 2 * i] = counts[i]
        finally:
            with contextlib.suppress(ValueError):  # released by a request that took it over
                self._lock.release()
        return verdict(self.rates, now, counts, allowed, cost)

    def _slot(self, fingerprint: int, windows: list[int]) -> int:
        """The offset of ``fingerprint``'s slot: its own, else a free one, else the quietest."""
        table, width = self._table, self.width
        home = fingerprint % self.slots
        free = quietest = -1
        quietest_count = 0
        for probe in range(self.PROBES):
            start = (home + probe) % self.slots * width
            if table[start] == fingerprint:
                return start
            if free < 0:
                live = [table[start + 2 + 2 * i] for i, window in enumerate(windows)
                        if table[start + 1 + 2 * i] == window]
                if table[start] == 0 or not any(live):
                    free = start
                elif quietest < 0 or sum(live) < quietest_count:
                    quietest, quietest_count = start, sum(live)
        start = free if free >= 0 else quietest
        table[start: start + width] = memoryview(bytes(8 * width)).cast("q")
        return start


#: Counts a request's units (one, or its weight) across every rate, atomically: nothing is
#: counted when any window lacks room for them. KEYS: one per rate; ARGV: the amounts, then the
#: keys' lifetimes in seconds, then the units.
_HIT_SCRIPT = """
local n = #KEYS
local cost = tonumber(ARGV[2 * n + 1])
local counts = {}
for i = 1, n do
  counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
  if counts[i] + cost > tonumber(ARGV[i]) then
    for j = i + 1, n do counts[j] = tonumber(redis.call('GET', KEYS[j]) or '0') end
    return {0, unpack(counts)}
  end
end
for i = 1, n do
  counts[i] = redis.call('INCRBY', KEYS[i], cost)
  if counts[i] == cost then redis.call('EXPIRE', KEYS[i], ARGV[n + i]) end
end
return {1, unpack(counts)}
"""


class RedisCounters:
    """Counters in Redis shared by every instance; one round trip (a Lua script) a request.

    Each window is its own key (``<prefix>:{<client>}:<seconds>:<window number>``, the braces
    keep one client's keys on one cluster node), expiring just after its window; instances agree
    on windows by their clocks.
    """

    kind = "redis"
    #: Seconds to wait for Redis: a stalled Redis must not stall the API.
    TIMEOUT = 0.25

    def __init__(self, uri: str, rates: Sequence[Rate], prefix: str) -> None:
        try:
            import redis
            from redis.backoff import NoBackoff
            from redis.retry import Retry
        except ImportError as missing:  # pragma: no cover - a dependency of the project
            raise RuntimeError("RATELIMIT_STORAGE_URI is Redis: install the 'redis' package") \
                from missing
        self.rates = tuple(rates)
        self.prefix = prefix
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._client = redis.Redis.from_url(
            uri, socket_timeout=self.TIMEOUT, socket_connect_timeout=self.TIMEOUT,
            # One immediate retry, and only of a connection found dead (a pooled connection
            # after Redis restarted or failed over: it fails at once, and the retry reconnects).
            # A timeout is not retried: a frozen Redis costs a request 0.25 s, not a second.
            # No health-check PING before a command either: it would wait 0.25 s of its own.
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
            health_check_interval=0)
        self._script = self._client.register_script(_HIT_SCRIPT)
        self._lifetimes = [rate.seconds + 5 for rate in self.rates]

    def ping(self) -> None:
        """Raise :class:`StoreUnavailable` unless Redis answers PING."""
        try:
            self._client.ping()
        except self._errors as error:
            raise StoreUnavailable(f"{type(error).__name__}: {error}") from error

    def hit(self, key: str, now: float, cost: int = 1) -> Verdict:
        keys = [f"{self.prefix}:{{{key}}}:{rate.seconds}:{int(now // rate.seconds)}"
                for rate in self.rates]
        try:
            allowed, *counts = self._script(
                keys=keys, args=[rate.amount for rate in self.rates] + self._lifetimes + [cost])
        except self._errors as error:
            raise StoreUnavailable(f"{type(error).__name__}: {error}") from error
        return verdict(self.rates, now, [int(count) for count in counts], bool(allowed), cost)


class RateLimiter:
    """Counts requests in ``counters``; serves without a limit while the store fails."""

    #: Seconds between two tries of a failed store (per worker).
    RETRY_SECONDS = 1.0
    #: Seconds between two warnings that the store fails (per instance).
    WARN_SECONDS = 60.0

    def __init__(self, counters: Counters) -> None:
        self.counters = counters
        self._retry_at = 0.0
        self._failing = False
        # When the last warning was logged, shared by the workers (created before the fork).
        self._warned = memoryview(mmap.mmap(-1, 8)).cast("d")
        self._warned[0] = -math.inf

    def hit(self, key: str, cost: int = 1) -> Verdict | None:
        """Count ``cost`` units of ``key``; ``None`` when the store cannot count them."""
        if self._failing and time.monotonic() < self._retry_at:
            return None
        try:
            result = self.counters.hit(key, time.time(), cost)
        except StoreUnavailable as error:
            self.failed(error)
            return None
        if self._failing:
            self._failing = False
            log.warning("rate-limit store (%s) answers again: the limit holds again",
                        self.counters.kind)
        return result

    def failed(self, error: Exception) -> None:
        """Note a failure of the store: skip it for a while, warn at most once a minute."""
        now = time.monotonic()
        self._failing, self._retry_at = True, now + self.RETRY_SECONDS
        wall = time.time()
        if wall - self._warned[0] >= self.WARN_SECONDS:
            self._warned[0] = wall
            log.warning("rate-limit store (%s) unavailable, serving without a limit: %s",
                        self.counters.kind, error)

    def check(self) -> tuple[bool, str]:
        """Whether the store answers now (for the health endpoint), and what it is."""
        try:
            self.counters.ping()
        except StoreUnavailable as error:
            self.failed(error)
            return False, self.counters.kind
        if self._failing:
            self._retry_at = 0.0  # answers again: the next request uses it
        return True, self.counters.kind


def counters_for(config: dict[str, Any]) -> Counters:
    """The store ``RATELIMIT_STORAGE_URI`` names, counting ``RATELIMIT_DEFAULT``."""
    rates = parse_rates(str(config["RATELIMIT_DEFAULT"]))
    uri = str(config["RATELIMIT_STORAGE_URI"])
    if uri.startswith("memory://"):
        return SharedMemoryCounters(rates, int(config["RATELIMIT_TABLE_SIZE"]))
    if uri.startswith(("redis://", "rediss://", "unix://")):
        return RedisCounters(uri, rates, str(config["RATELIMIT_KEY_PREFIX"]))
    raise ValueError(f"RATELIMIT_STORAGE_URI: {uri!r} is neither memory:// nor redis://")


def retry_after() -> int | None:
    """Whole seconds until the client may ask again (for a 429's ``Retry-After``)."""
    counted: Verdict | None = g.get("rate_limit")
    return counted.retry_after if counted is not None and not counted.allowed else None


def rate_limiter(app: Flask) -> RateLimiter | None:
    """The app's rate limiter, ``None`` when the limit is off."""
    return app.extensions.get("rpg_rate_limiter")


def defer_rate_limit(app: Flask, deferred: Callable[[], bool]) -> None:
    """Let requests for which ``deferred()`` holds go uncounted until the view knows its answer.

    Such a view calls :func:`charge_rate_limit` before any work that is not free; whatever it
    answers except a 304 is counted after it anyway. (A conditional poll answered 304 costs one
    indexed read: players behind one router poll every second or two.)
    """
    app.extensions.setdefault("rpg_rate_limit_deferred", []).append(deferred)


def count_request(limiter: RateLimiter, environ: dict[str, Any]) -> Verdict | None:
    """Count the request of ``environ`` (by its address, after ProxyFix when configured), once:
    a request counted before Flask saw it (:mod:`api.fastpath`) keeps that count."""
    if COUNTED in environ:
        counted: Verdict | None = environ[RATE_LIMIT]
        return counted
    counted = limiter.hit(environ.get("REMOTE_ADDR") or "")
    # api.wsgi writes the X-RateLimit-* headers from it as the answer leaves.
    environ[RATE_LIMIT] = counted
    environ[COUNTED] = True
    return counted


def _count(limiter: RateLimiter) -> Verdict | None:
    """Count the current request."""
    g.rate_limit_counted = True
    counted = g.rate_limit = count_request(limiter, request.environ)
    return counted


def charge_rate_limit() -> None:
    """Count the current request now (once); 429 when its client's budget is spent."""
    limiter = rate_limiter(current_app)
    if limiter is None or g.get("rate_limit_counted"):
        return
    counted = _count(limiter)
    if counted is not None and not counted.allowed:
        abort(429)


def charge_weight(units: int) -> None:
    """Count ``units`` more of the current request's client: a heavy request pays its weight
    (an import, by its entries and dice). 429 when the budget has no room for them (then none
    is counted); the answer's headers show the budget after them."""
    limiter = rate_limiter(current_app)
    if limiter is None or units <= 0:
        return
    environ = request.environ
    counted = limiter.hit(environ.get("REMOTE_ADDR") or "", units)
    if counted is None:
        return
    environ[RATE_LIMIT] = g.rate_limit = counted
    if not counted.allowed:
        abort(429)


def init_limits(app: Flask, is_api: Callable[[], bool]) -> RateLimiter | None:
    """Install the query-length guard, the proxy fix and the rate limiter on ``app``."""
    hops = int(app.config["PROXY_HOPS"])
    if hops:
        # Behind a load balancer the client is the X-Forwarded-For entry the proxies vouch for.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    max_query = int(app.config["MAX_QUERY_LENGTH"])
    prefix = app.config["OPENAPI_URL_PREFIX"].rstrip("/")
    documents = (prefix + "/docs", prefix + "/openapi.json")
    # The API docs and the health probes are free, as are the site and CORS preflights.
    exempt = (*documents, prefix + "/health")

    @app.before_request
    def query_length() -> None:
        if len(request.environ.get("QUERY_STRING", "")) > max_query:
            abort(414)

    @app.before_request
    def chunked_body_length() -> None:
        # A body without Content-Length (chunked) is cut at MAX_CONTENT_LENGTH by Werkzeug's
        # stream, silently: the truncated JSON would then be a 400. Read it here, one byte past
        # the limit, so that a body too large is a 413 as a declared one is.
        environ = request.environ
        max_body = request.max_content_length  # a route may raise its own (an import)
        if max_body is None or environ.get("CONTENT_LENGTH") \
                or environ["REQUEST_METHOD"] != "POST" or not environ.get("wsgi.input_terminated"):
            return
        body = environ["wsgi.input"].read(max_body + 1)
        if len(body) > max_body:
            abort(413)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))

    if not app.config["RATELIMIT_ENABLED"]:
        return None
    limiter = RateLimiter(counters_for(app.config))
    app.extensions["rpg_rate_limiter"] = limiter

    api_prefix = prefix + "/"

    deferred = app.extensions.setdefault("rpg_rate_limit_deferred", [])

    @app.before_request
    def rate_limit() -> None:
        # Read from the environ (after ProxyFix, when configured): the cheapest way to ask.
        environ = request.environ
        path = environ.get("PATH_INFO", "")
        if (not path.startswith(api_prefix) or path.startswith(exempt)
                or environ["REQUEST_METHOD"] == "OPTIONS"):
            return
        if deferred and any(free() for free in deferred):
            g.rate_limit_deferred = True  # the view counts it unless it answers 304
            return
        counted = _count(limiter)
        if counted is not None and not counted.allowed:
            abort(429)

    @app.after_request
    def count_deferred(response: Response) -> Response:
        # A deferred request the view refused early (404, 422) is counted too: only a 304 is
        # free. Its verdict goes to the environ as any other's, for the headers.
        if (g.get("rate_limit_deferred") and not g.get("rate_limit_counted")
                and response.status_code != 304):
            _count(limiter)
        return response

    return limiter
