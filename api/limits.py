"""What one client may ask of the API: request size, dice per request, requests per minute.

The body size is Flask's ``MAX_CONTENT_LENGTH`` (413). Here: the query string's length (414), the
dice budget of one request (422), and the rate limit per client address (429
with ``Retry-After``, from Flask-Limiter; counters in memory, or in Redis for several instances).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from flask import Flask, abort, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

from rpg.dice import ReplayDice, SeededDice
from rpg.errors import TooManyRolls
from rpg.text import both


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

    limiter = Limiter(get_remote_address, app=app)

    @limiter.request_filter
    def only_the_api() -> bool:
        # The site, the API docs and CORS preflights are free; the procedures are counted.
        return not is_api() or request.method == "OPTIONS" or request.path.startswith(
            ("/api/v1/docs", "/api/v1/openapi.json"))

    return limiter
