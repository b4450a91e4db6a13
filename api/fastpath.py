"""A procedure's usual answer without Flask's request machinery; everything else goes to Flask.

Most requests a procedure gets are the plain case: a GET or a JSON POST from an allowed host,
counted by the rate limit and within it, valid input, a JSON answer. Flask's request context,
routing, hooks and response object cost that case more than the rule itself does (the throughput
figures on the site's page ``docs/nastroje/mereni.md``), so this WSGI middleware answers it
directly, with the very functions Flask's path uses: the same input schema
(:attr:`api.procedures.Endpoint.args`), the same dice, the same body
(:func:`api.procedures.answer_body`) and the same JSON provider. :mod:`api.wsgi`, outside it, adds
the same headers to both.

Anything else is handed to Flask untouched, and Flask answers it as it answers every request:
another path or method, a host to refuse, a query or body over the limits, a body that is not
JSON, a POST with a query string, text that cannot be stored (:mod:`api.odd_text`), input the
schema refuses, a format other than JSON, a request over the rate limit (counted here, not again
there), a rule or dice error (with the seed drawn here, so Flask rolls the same dice). An
exception of any kind is a hand-over, never an answer. ``tests/api/test_fastpath.py`` holds
both paths to the same status, headers and body for every procedure's samples.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from marshmallow import ValidationError
from werkzeug.wrappers import Request

from api.formats import accepted_format
from api.language import accepted_language
from api.limits import RateLimiter, count_request
from api.odd_text import find_odd_query, find_odd_text
from api.procedures import (
    API_PREFIX,
    COMMON,
    DRAWN_SEED,
    ENDPOINTS,
    Endpoint,
    answer_body,
    dice_source,
    query_args,
)
from api.wsgi import LANGUAGE, StartResponse, WsgiApp

if TYPE_CHECKING:
    from flask import Flask

class ProcedureFastPath:
    """WSGI middleware in front of Flask's own ``wsgi_app`` (inside ProxyFix, when configured)."""

    def __init__(self, app: Flask, flask_wsgi: WsgiApp) -> None:
        self.app = app
        self.next = flask_wsgi
        self.max_query = int(app.config["MAX_QUERY_LENGTH"])
        self.max_body = app.config["MAX_CONTENT_LENGTH"]
        self.budget = int(app.config["DICE_BUDGET"])
        self._routes: dict[str, Endpoint] | None = None

    @property
    def routes(self) -> dict[str, Endpoint]:
        """Each procedure's path (``/api/v1/morale``) and its endpoint; read once registered."""
        if self._routes is None:
            self._routes = {f"{API_PREFIX}/{path}": endpoint
                            for path, endpoint in ENDPOINTS.items()}
        return self._routes

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        endpoint = self.routes.get(environ.get("PATH_INFO", ""))
        if endpoint is not None and environ.get("REQUEST_METHOD") in ("GET", "POST"):
            try:
                answered = self._answer(endpoint, environ)
            except Exception:  # Flask answers it, as it answers every error
                answered = None
            if answered is not None:
                start_response("200 OK", [("Content-Type", "application/json"),
                                          ("Content-Length", str(len(answered)))])
                return [answered]
        return self.next(environ, start_response)

    def _answer(self, endpoint: Endpoint, environ: dict[str, Any]) -> bytes | None:
        """The answer's JSON, or ``None``: Flask answers this request."""
        compact = getattr(self.app.json, "compact", None)
        if compact is False or (compact is None and self.app.debug):
            return None  # an indented answer (debug): Flask writes it
        host_allowed = self.app.extensions.get("rpg_host_allowed")
        if host_allowed is not None and not host_allowed(environ):
            return None
        if len(environ.get("QUERY_STRING", "")) > self.max_query:
            return None
        request = Request(environ)
        if environ["REQUEST_METHOD"] == "POST":
            if environ.get("QUERY_STRING"):
                return None  # a POST's query may still choose the format or the language
            data = self._body(request, environ)
            if data is None:
                return None
        else:
            if find_odd_query(request.args) is not None:
                return None  # Flask refuses it, naming the field (a repeated value's too)
            data = query_args(request.args, endpoint.multiple)
        if find_odd_text(data) is not None:
            return None  # Flask refuses it, naming the field
        limiter: RateLimiter | None = self.app.extensions.get("rpg_rate_limiter")
        if limiter is not None:
            counted = count_request(limiter, environ)
            if counted is not None and not counted.allowed:
                return None  # Flask refuses it with this count (429)
        try:
            args: dict[str, Any] = endpoint.args.load(data)
        except ValidationError:
            return None
        common = {key: args.pop(key, None) for key in COMMON}
        if (common["format"] or accepted_format(environ)) != "json":
            return None
        lang = common["lang"] or accepted_language(environ)
        source, seed = dice_source(common["seed"], common["dice"], self.budget)
        if common["seed"] is None and seed is not None:
            environ[DRAWN_SEED] = seed  # should Flask answer after all: the same dice
        body = answer_body(endpoint.procedure, args, source, seed, lang)
        environ[LANGUAGE] = lang
        return f"{self.app.json.dumps(body, separators=(',', ':'))}\n".encode()

    def _body(self, request: Request, environ: dict[str, Any]) -> Any:
        """A POST's JSON body (read once, left readable for Flask), or ``None``: not ours."""
        if not environ.get("CONTENT_LENGTH") or not request.is_json:
            return None  # chunked (no length), or not JSON: Flask's guards answer it
        length = request.content_length or 0
        if self.max_body is not None and length > self.max_body:
            return None
        raw = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(raw)
        try:
            document = self.app.json.loads(raw)
        except ValueError:
            return None
        return document if isinstance(document, dict) else None
