"""The Flask app: the rules procedures as a REST API, and the rules site beside it."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported by the factory: the server patches the stdlib first
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app from :data:`api.settings.DEFAULTS`, the ``RPG_*`` environment, ``config``.

    Under ``TESTING`` the rate limit is off unless ``config`` sets ``RATELIMIT_ENABLED``: a test
    suite sends hundreds of requests from one address.
    """
    from flask import Request
    from flask_swagger_ui import get_swaggerui_blueprint
    from werkzeug.exceptions import UnsupportedMediaType

    from api import (
        conquest,
        discord,
        expeditions,
        index,
        integrations,
        olgoj_chorchoj,
        pravidla,
        psychopaths_land,
        site,
    )
    from api.errors import ErrorSchema, register_error_handlers
    from api.expeditions.polls import ConditionalPolls
    from api.health import init_health
    from api.hooks import add_guard, is_api
    from api.hosts import init_allowed_hosts
    from api.language import json_body
    from api.limits import init_limits
    from api.odd_text import find_odd_query, find_odd_text, refuse_odd_text
    from api.openapi import Api
    from api.procedure_path import ProcedurePath
    from api.procedures import document as document_procedures
    from api.security import init_security_headers
    from api.serialize import RulesJsonProvider
    from api.settings import DEFAULTS
    from api.wsgi import ApiHeaders

    app = _sync_once_class()(__name__)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("RPG")
    if config:
        app.config.from_mapping(config)
        if config.get("TESTING") and "RATELIMIT_ENABLED" not in config:
            app.config["RATELIMIT_ENABLED"] = False
    app.json = RulesJsonProvider(app)

    api = Api()
    api.ERROR_SCHEMA = ErrorSchema  # the error body documented as the API writes it
    api.init_app(app)
    with api.building():  # the OpenAPI document is written when first read (api.openapi)
        for rulebook in (pravidla, psychopaths_land, conquest, olgoj_chorchoj):
            api.register_blueprint(rulebook.blp)
            api.write_later(partial(document_procedures, blp=rulebook.blp))
        api.register_blueprint(expeditions.blp)
        api.write_later(expeditions.document_token)

    docs_url = app.config["OPENAPI_URL_PREFIX"] + "/docs"
    app.register_blueprint(get_swaggerui_blueprint(docs_url, "/api/v1/openapi.json", config={
        "app_name": app.config["API_TITLE"],
        # Fixed, so the page reflects nothing from the request (its inline script is hashed).
        "oauth2RedirectUrl": docs_url + "/oauth2-redirect.html",
    }))
    app.register_blueprint(index.bp)
    app.register_blueprint(discord.bp)
    app.register_blueprint(integrations.bp)
    app.register_blueprint(site.bp)
    site.compress.init_app(app)

    # Every request of a procedure is answered before Flask (api.procedure_path), and so is a
    # poll of an expedition that nothing changed since; inside ProxyFix (init_limits).
    app.wsgi_app = ConditionalPolls(app, app.wsgi_app)  # type: ignore[method-assign]
    app.wsgi_app = app.extensions["rpg_procedure_path"] = ProcedurePath(  # type: ignore[method-assign]
        app, app.wsgi_app)
    init_allowed_hosts(app)  # first: a request for an unknown host is refused before any work
    init_limits(app)
    init_health(app)
    expeditions.init_expeditions(app)  # its database, health check and free 304 polls
    discord.init_discord(app)  # its signature check comes before any body is read

    def json_only(req: Request) -> None:
        # An unknown path or method is answered by its routing error (404, 405) first.
        if req.method == "POST" and is_api(req) and req.routing_exception is None:
            if not req.is_json:
                raise UnsupportedMediaType
            # A parser's own json.loads would crash (a 500) on hostile nesting or a 5000-digit
            # integer: every body is read here, once, with the guarded parser.
            body = json_body(req, refuse=True)
            odd = find_odd_text(body)
            if odd is not None:
                refuse_odd_text(odd)

    def odd_query(req: Request) -> None:
        # Every string of every route is checked before any work: a query's too.
        if is_api(req) and req.query_string and req.routing_exception is None:
            odd = find_odd_query(req.args)
            if odd is not None:
                refuse_odd_text(odd)

    add_guard(app, json_only)
    add_guard(app, odd_query)

    init_security_headers(app)
    # CORS, the API's security headers, no-store and the rate limit's headers, as answers leave.
    api_prefix = app.config["OPENAPI_URL_PREFIX"].rstrip("/")
    app.wsgi_app = ApiHeaders(  # type: ignore[method-assign]
        app.wsgi_app, api_prefix, (api_prefix + "/docs", api_prefix + "/openapi.json"),
        bool(app.config["RATELIMIT_HEADERS_ENABLED"]))
    register_error_handlers(app, site.not_found)
    return app


def _sync_once_class() -> type[Flask]:
    """:class:`flask.Flask` that asks once per function whether it is a coroutine function.

    Flask asks it of every hook and view on every request (``ensure_sync``: an ``inspect`` walk
    each time); this app has no coroutine, but a hook added later may be one, so the answer is
    kept per function, not assumed.
    """
    from types import FunctionType, MethodType

    from flask import Flask

    class SyncOnce(Flask):
        _sync: dict[Any, Any]

        def ensure_sync(self, func: Any) -> Any:
            plain = func.__func__ if type(func) is MethodType else func
            if type(plain) is not FunctionType:
                return super().ensure_sync(func)
            sync = self.__dict__.setdefault("_sync", {})
            if plain not in sync:
                sync[plain] = super().ensure_sync(plain) is plain
            return func if sync[plain] else super().ensure_sync(func)

    return SyncOnce
