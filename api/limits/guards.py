"""The limits as the Flask app applies them: the dice budget, the query length, the
chunked body's size, the rate limit (counted once, deferred for polls, weighted for imports)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, NoReturn

from flask import Flask, Request, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge, RequestURITooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from api.apierror import abort_api
from api.hooks import add_guard
from api.limits.counters import counters_for
from api.limits.limiter import RateLimiter
from api.limits.rates import Verdict
from api.wsgi import COUNTED, RATE_LIMIT


def dice_budget() -> int:
    """The configured most dice one request may roll."""
    return int(current_app.config["DICE_BUDGET"])


def refuse_over_limit(counted: Verdict) -> NoReturn:
    """429, with the whole seconds until the client may ask again (``Retry-After``)."""
    abort_api(429, headers=[("Retry-After", str(counted.retry_after))])


def rate_limiter(app: Flask) -> RateLimiter | None:
    """The app's rate limiter, ``None`` when the limit is off."""
    return app.extensions.get("rpg_rate_limiter")


def defer_rate_limit(app: Flask, deferred: Callable[[Request], bool]) -> None:
    """Let requests for which ``deferred(request)`` holds go uncounted until the view knows its
    answer.

    Such a view calls :func:`charge_rate_limit` before any work that is not free; whatever it
    answers except a 304 is counted after it anyway. (A conditional poll answered 304 costs one
    indexed read: players behind one router poll every second or two.)
    """
    app.extensions.setdefault("rpg_rate_limit_deferred", []).append(deferred)


#: Set in the environ of a request whose count :func:`defer_rate_limit` deferred.
DEFERRED = "rpg.rate_limit_deferred"


def count_request(limiter: RateLimiter, environ: dict[str, Any]) -> Verdict | None:
    """Count the request of ``environ`` (by its address, after ProxyFix when configured), once."""
    if COUNTED in environ:
        counted: Verdict | None = environ[RATE_LIMIT]
        return counted
    counted = limiter.hit(environ.get("REMOTE_ADDR") or "")
    # api.wsgi writes the X-RateLimit-* headers from it as the answer leaves.
    environ[RATE_LIMIT] = counted
    environ[COUNTED] = True
    return counted


def charge_rate_limit() -> None:
    """Count the current request now (once); 429 when its client's budget is spent."""
    limiter = rate_limiter(current_app)
    if limiter is None:
        return
    counted = count_request(limiter, request.environ)
    if counted is not None and not counted.allowed:
        refuse_over_limit(counted)


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
    environ[RATE_LIMIT] = counted
    if not counted.allowed:
        refuse_over_limit(counted)


def init_limits(app: Flask) -> RateLimiter | None:
    """Install the query-length guard, the proxy fix and the rate limiter on ``app`` (guards,
    :mod:`api.hooks`: the procedures' requests pass them too)."""
    hops = int(app.config["PROXY_HOPS"])
    if hops:
        # Behind a load balancer the client is the X-Forwarded-For entry the proxies vouch for.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    max_query = int(app.config["MAX_QUERY_LENGTH"])
    prefix = app.config["OPENAPI_URL_PREFIX"].rstrip("/")
    documents = (prefix + "/docs", prefix + "/openapi.json")
    # The API docs and the health probes are free, as are the site and CORS preflights.
    exempt = (*documents, prefix + "/health")

    def query_length(req: Request) -> None:
        if len(req.environ.get("QUERY_STRING", "")) > max_query:
            raise RequestURITooLarge

    def chunked_body_length(req: Request) -> None:
        # A body without Content-Length (chunked) is cut at MAX_CONTENT_LENGTH by Werkzeug's
        # stream, silently: the truncated JSON would then be a 400. Read it here, one byte past
        # the limit, so that a body too large is a 413 as a declared one is.
        environ = req.environ
        max_body = req.max_content_length  # a route may raise its own (an import)
        if max_body is None or environ.get("CONTENT_LENGTH") \
                or environ["REQUEST_METHOD"] != "POST" or not environ.get("wsgi.input_terminated"):
            return
        body = environ["wsgi.input"].read(max_body + 1)
        if len(body) > max_body:
            raise RequestEntityTooLarge
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))

    add_guard(app, query_length)
    add_guard(app, chunked_body_length)
    if not app.config["RATELIMIT_ENABLED"]:
        return None
    limiter = RateLimiter(counters_for(app.config))
    app.extensions["rpg_rate_limiter"] = limiter

    api_prefix = prefix + "/"

    deferred = app.extensions.setdefault("rpg_rate_limit_deferred", [])

    def rate_limit(req: Request) -> None:
        # Read from the environ (after ProxyFix, when configured): the cheapest way to ask.
        environ = req.environ
        path = environ.get("PATH_INFO", "")
        if (not path.startswith(api_prefix) or path.startswith(exempt)
                or environ["REQUEST_METHOD"] == "OPTIONS"):
            return
        if deferred and any(free(req) for free in deferred):
            environ[DEFERRED] = True  # the view counts it unless it answers 304
            return
        counted = count_request(limiter, environ)
        if counted is not None and not counted.allowed:
            refuse_over_limit(counted)

    add_guard(app, rate_limit)

    @app.after_request
    def count_deferred(response: Response) -> Response:
        # A deferred request the view refused early (404, 422) is counted too: only a 304 is
        # free. Its verdict goes to the environ as any other's, for the headers.
        environ = request.environ
        if DEFERRED in environ and COUNTED not in environ and response.status_code != 304:
            count_request(limiter, environ)
        return response

    return limiter
