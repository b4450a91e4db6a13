"""The Flask app: the rules procedures as a REST API, and the rules site beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported by the factory: the server patches the stdlib first
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app from :data:`api.settings.DEFAULTS`, the ``RPG_*`` environment, ``config``.

    Under ``TESTING`` the rate limit is off unless ``config`` sets ``RATELIMIT_ENABLED``: a test
    suite sends hundreds of requests from one address.
    """
    from flask import abort, g, request
    from flask_smorest import Api
    from flask_swagger_ui import get_swaggerui_blueprint

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
    from api.fastpath import ProcedureFastPath
    from api.health import init_health
    from api.hosts import init_allowed_hosts
    from api.limits import init_limits
    from api.odd_text import find_odd_query, find_odd_text, refuse_odd_text
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
    for rulebook in (pravidla, psychopaths_land, conquest, olgoj_chorchoj):
        api.register_blueprint(rulebook.blp)
        document_procedures(api, app, rulebook.blp)
    api.register_blueprint(expeditions.blp)
    expeditions.document_token(api)

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

    def is_api() -> bool:
        path: str = request.environ.get("PATH_INFO", "")
        return path.startswith("/api/")

    # A procedure's usual answer skips Flask's request machinery, and so does a poll of an
    # expedition that nothing changed since; inside ProxyFix (init_limits).
    app.wsgi_app = ConditionalPolls(app, app.wsgi_app)  # type: ignore[method-assign]
    fast = app.extensions["rpg_fast_path"] = ProcedureFastPath(app, app.wsgi_app)
    app.wsgi_app = fast  # type: ignore[method-assign]
    init_allowed_hosts(app)  # first: a request for an unknown host is refused before any work
    init_limits(app, is_api)
    init_health(app)
    expeditions.init_expeditions(app)  # its database, health check and free 304 polls
    discord.init_discord(app)  # its signature check comes before any body is read

    @app.before_request
    def json_only() -> None:
        # An unknown path or method is answered by its routing error (404, 405) first.
        if request.method == "POST" and is_api() and request.routing_exception is None:
            if not request.is_json:
                abort(415)
            # The argument parser's own json.loads would crash (a 500) on hostile nesting or a
            # 5000-digit integer: every body is checked here with the guarded provider first.
            try:
                g.json_body = app.json.loads(request.get_data(cache=True))
            except ValueError:
                abort(400)
            odd = find_odd_text(g.json_body)
            if odd is not None:
                refuse_odd_text(odd)

    @app.before_request
    def odd_query() -> None:
        # Every string of every route is checked before any work: a query's too.
        if is_api() and request.query_string and request.routing_exception is None:
            odd = find_odd_query(request.args)
            if odd is not None:
                refuse_odd_text(odd)

    init_security_headers(app, is_api)
    # CORS, the API's security headers, no-store and the rate limit's headers, as answers leave.
    api_prefix = app.config["OPENAPI_URL_PREFIX"].rstrip("/")
    app.wsgi_app = ApiHeaders(  # type: ignore[method-assign]
        app.wsgi_app, api_prefix, (api_prefix + "/docs", api_prefix + "/openapi.json"),
        bool(app.config["RATELIMIT_HEADERS_ENABLED"]))
    register_error_handlers(app, is_api, site.not_found)
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
