"""Every request of a procedure, answered in one place: its result, its card and its refusals.

A procedure's request is the API's commonest, and Flask's request context, routing, hook
dispatch and response object cost it more than the rule itself does (the throughput figures on
the site's page ``docs/nastroje/mereni.md``). This WSGI app answers every request whose path is
a procedure's (``/api/v1/morale``, any method) and hands every other path to Flask, which keeps
the site, the docs, the health probes and the expeditions.

A procedure's request passes the same guards as any request Flask answers, in the same order
(:mod:`api.hooks`: the allowed host, the query's length, a chunked body's size, the rate limit,
a JSON body, odd text in the query); then a method other than ``GET``, ``HEAD``, ``POST`` and
``OPTIONS`` is a 405, an ``OPTIONS`` lists the methods, and the input is read by the endpoint's
one schema (:attr:`api.procedures.Endpoint.args`), the dice rolled, the body written
(:func:`api.procedures.answer_body`) in JSON or as a chat card. Whatever is raised on the way is
answered by :func:`api.errors.refusal`, the renderer Flask's error handlers use too.
:mod:`api.wsgi`, outside it, adds the headers every API answer carries. It reads the request with
Flask's own request class, made from the environ without Flask's context, and the helpers that
read a request (:mod:`api.language`, :mod:`api.formats`) take it as they take Flask's.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from flask import Request, Response
from marshmallow import ValidationError
from werkzeug.exceptions import InternalServerError, MethodNotAllowed

from api.apierror import unprocessable
from api.errors import refusal
from api.formats import requested_format
from api.hooks import BeforeFlask
from api.language import JSON_BODY, request_language
from api.procedures import (
    API_PREFIX,
    COMMON,
    ENDPOINTS,
    Endpoint,
    answer_body,
    card_of,
    dice_source,
    query_args,
    render_card,
    site_root,
)
from api.wsgi import LANGUAGE, StartResponse, WsgiApp

if TYPE_CHECKING:
    from flask import Flask

log = logging.getLogger(__name__)

#: The methods a procedure answers (``HEAD`` as ``GET`` without the body).
METHODS = ("GET", "HEAD", "OPTIONS", "POST")


class ProcedurePath(BeforeFlask):
    """WSGI middleware in front of Flask's own ``wsgi_app`` (inside ProxyFix, when configured)."""

    def __init__(self, app: Flask, flask_wsgi: WsgiApp) -> None:
        super().__init__(app, flask_wsgi)
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
        if endpoint is None:
            return self.next(environ, start_response)
        req = self.request_class(environ)
        try:
            return self._answer(endpoint, req, start_response)
        except Exception as error:  # every error is answered with the envelope
            try:
                return refusal(self.app, req, error, endpoint.input_schema)(
                    environ, start_response)
            except Exception:
                log.exception("the refusal of %s %s failed", req.method, req.path)
                return InternalServerError()(environ, start_response)

    def _answer(self, endpoint: Endpoint, req: Request,
                start_response: StartResponse) -> Iterable[bytes]:
        environ = req.environ
        method = req.method
        if method not in METHODS:
            req.routing_exception = MethodNotAllowed(valid_methods=METHODS)
        self.guard(req)
        if req.routing_exception is not None:
            raise req.routing_exception
        if method == "OPTIONS":
            allowed = self.app.response_class()
            allowed.allow.update(METHODS)
            return allowed(environ, start_response)
        data = environ.get(JSON_BODY) if method == "POST" else query_args(req.args,
                                                                             endpoint.multiple)
        try:
            args: dict[str, Any] = endpoint.args.load(data if data is not None else {})
        except ValidationError as error:
            raise unprocessable(error.messages) from error
        common = {key: args.pop(key, None) for key in COMMON}
        lang = request_language(common["lang"], req)
        source, seed = dice_source(common["seed"], common["dice"], self.budget)
        body = answer_body(endpoint.procedure, args, source, seed, lang)
        fmt = common["format"] or requested_format(req=req)
        environ[LANGUAGE] = lang  # api.wsgi writes Content-Language as the answer leaves
        if fmt != "json":
            card = card_of(body, endpoint.procedure, lang, site_root(req, self.app.config))
            return render_card(card, fmt, req=req)(environ, start_response)
        compact = getattr(self.app.json, "compact", None)
        if compact is False or (compact is None and self.app.debug):
            indented = cast(Response, self.app.json.response(body))  # debug's indented JSON
            return indented(environ, start_response)
        # The provider's compact form, as its response() writes it, without a response object.
        payload = f"{self.app.json.dumps(body, separators=(',', ':'))}\n".encode()
        start_response("200 OK", [("Content-Type", "application/json"),
                                  ("Content-Length", str(len(payload)))])
        return [b""] if method == "HEAD" else [payload]
