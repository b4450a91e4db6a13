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
    from flask import Flask, abort, request
    from flask_cors import CORS
    from flask_smorest import Api
    from flask_swagger_ui import get_swaggerui_blueprint

    from api import conquest, expeditions, index, olgoj_chorchoj, pravidla, psychopaths_land, site
    from api.errors import register_error_handlers
    from api.health import init_health
    from api.hosts import init_allowed_hosts
    from api.limits import init_limits
    from api.security import init_security_headers
    from api.serialize import RulesJsonProvider
    from api.settings import DEFAULTS

    app = Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("RPG")
    if config:
        app.config.from_mapping(config)
        if config.get("TESTING") and "RATELIMIT_ENABLED" not in config:
            app.config["RATELIMIT_ENABLED"] = False
    app.json = RulesJsonProvider(app)

    api = Api(app)
    for rulebook in (pravidla, psychopaths_land, conquest, olgoj_chorchoj):
        api.register_blueprint(rulebook.blp)
    api.register_blueprint(expeditions.blp)

    CORS(app, resources={r"/api/v1/*": {
        "origins": "*", "methods": ["GET", "POST", "OPTIONS"],
        # A VTT page on the public internet calling a GM's server on the LAN or localhost:
        # Chromium asks first (Private Network Access) and needs this answer.
        "allow_private_network": True,
        # What a macro may read besides the simple headers: the answer's language and the
        # rate limit's state, so it can wait instead of hammering.
        "expose_headers": ["Content-Language", "Retry-After", "X-RateLimit-Limit",
                           "X-RateLimit-Remaining", "X-RateLimit-Reset", "ETag"],
    }}, send_wildcard=True)
    docs_url = app.config["OPENAPI_URL_PREFIX"] + "/docs"
    app.register_blueprint(get_swaggerui_blueprint(docs_url, "/api/v1/openapi.json", config={
        "app_name": app.config["API_TITLE"],
        # Fixed, so the page reflects nothing from the request (its inline script is hashed).
        "oauth2RedirectUrl": docs_url + "/oauth2-redirect.html",
    }))
    app.register_blueprint(index.bp)
    app.register_blueprint(site.bp)
    site.compress.init_app(app)

    def is_api() -> bool:
        return request.path.startswith("/api/")

    init_allowed_hosts(app)  # first: a request for an unknown host is refused before any work
    init_limits(app, is_api)
    init_health(app)
    expeditions.init_expeditions(app)  # its database, health check and free 304 polls

    @app.before_request
    def json_only() -> None:
        # An unknown path or method is answered by its routing error (404, 405) first.
        if is_api() and request.method == "POST" and request.routing_exception is None:
            if not request.is_json:
                abort(415)
            # The argument parser's own json.loads would crash (a 500) on hostile nesting or a
            # 5000-digit integer: every body is checked here with the guarded provider first.
            try:
                app.json.loads(request.get_data(cache=True))
            except ValueError:
                abort(400)

    init_security_headers(app, is_api)
    register_error_handlers(app, is_api, site.not_found)
    return app
