"""The Flask app: the rules procedures as a REST API, and the rules site beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, abort, request


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``config`` overrides the defaults and the ``RPG_*`` environment."""
    from flask_cors import CORS
    from flask_smorest import Api
    from flask_swagger_ui import get_swaggerui_blueprint

    from api import conquest, olgoj_chorchoj, pravidla, psychopaths_land, site
    from api.errors import register_error_handlers

    app = Flask(__name__)
    app.config.from_mapping(
        API_TITLE="RPG Companion – Pravidla a procedury",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={
            "info": {"description": "Resolves the game master's rule procedures of the Czech "
                                    "rules: every answer carries the dice, the exact chance, "
                                    "a chat-ready text in Czech or English and the rule cited."},
        },
        MAX_CONTENT_LENGTH=64 * 1024,
        SITE_DIR=str(Path(__file__).resolve().parent.parent / "site"),
        SITE_URL=None,
    )
    app.config.from_prefixed_env("RPG")
    if config:
        app.config.from_mapping(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    api = Api(app)
    for rulebook in (pravidla, psychopaths_land, conquest, olgoj_chorchoj):
        api.register_blueprint(rulebook.blp)

    CORS(app, resources={r"/api/v1/*": {"origins": "*", "methods": ["GET", "POST", "OPTIONS"],
                                         "expose_headers": ["Content-Language", "Retry-After"]}},
         send_wildcard=True)
    app.register_blueprint(get_swaggerui_blueprint(
        "/api/v1/docs", "/api/v1/openapi.json", config={"app_name": app.config["API_TITLE"]}))
    app.register_blueprint(site.bp)

    def is_api() -> bool:
        return request.path.startswith("/api/")

    @app.before_request
    def json_only() -> None:
        if is_api() and request.method == "POST" and not request.is_json:
            abort(415)

    register_error_handlers(app, is_api, site.not_found)
    return app
