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

from api.limits.counters import Counters, RedisCounters, SharedMemoryCounters, StoreUnavailable
from api.limits.guards import (
    charge_rate_limit,
    charge_weight,
    count_request,
    defer_rate_limit,
    dice_budget,
    init_limits,
    rate_limiter,
)
from api.limits.limiter import RateLimiter
from api.limits.rates import Rate, Verdict, parse_rates, verdict

__all__ = [
    "Counters", "Rate", "RateLimiter", "RedisCounters", "SharedMemoryCounters", "StoreUnavailable",
    "Verdict", "charge_rate_limit", "charge_weight", "count_request", "defer_rate_limit",
    "dice_budget", "init_limits", "parse_rates", "rate_limiter", "verdict",
]
