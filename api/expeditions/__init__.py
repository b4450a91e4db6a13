"""Expeditions (výpravy): the GM's records kept in a database and shared by link.

:func:`init_expeditions` connects the app to its database (``RPG_DATABASE_URL``, SQLite in the
instance folder by default), migrates it, registers it as a *required* readiness check, lets a
conditional poll that answers 304 go uncounted by the rate limit (and answers it from the heads
kept in shared memory, :mod:`api.expeditions.heads`, held until a change when it asks,
:mod:`api.expeditions.waits`), and gives the import its own body limit.
The endpoints are in :mod:`api.expeditions.views`, :mod:`api.expeditions.transfer` and
:mod:`api.expeditions.chronicle`; the rules in :mod:`rpg.expedition`.
"""

from __future__ import annotations

from datetime import timedelta

from apispec import APISpec
from flask import Flask, Request, request
from marshmallow import ValidationError

from api.apierror import unprocessable
from api.expeditions import characters, chronicle, reveals, transfer, views  # noqa: F401 - their routes join the blueprint
from api.expeditions.database import Database, default_url
from api.expeditions.heads import Heads
from api.expeditions.schemas import AnswerFormat
from api.expeditions.store import ExpeditionStore
from api.expeditions.views import BEARER_SCHEME, blp, read_id
from api.expeditions.waits import Watcher
from api.health import add_check
from api.limits import defer_rate_limit

__all__ = ["blp", "document_token", "init_expeditions"]

IMPORT_ENDPOINT = "expeditions.Import"


def database_url(app: Flask) -> str:
    """``DATABASE_URL`` (``RPG_DATABASE_URL``), else the instance folder's SQLite file; under
    ``TESTING`` without a URL, a database in memory of this app's own."""
    url = app.config.get("DATABASE_URL")
    if url:
        return str(url)
    if app.config.get("TESTING"):
        return "sqlite://"
    return default_url(app.instance_path)


def init_expeditions(app: Flask) -> ExpeditionStore:
    """Open and migrate the database; register its health check and its request rules."""
    database = Database(database_url(app), timeout=float(app.config["DATABASE_TIMEOUT"]))
    database.start()
    # Made here, before gunicorn forks its workers: they share it (api.expeditions.heads).
    heads = Heads(float(app.config["EXPEDITION_HEAD_SECONDS"]))
    store = ExpeditionStore(
        database, timedelta(hours=float(app.config["EXPEDITION_IDEMPOTENCY_HOURS"])), heads)
    app.extensions["rpg_expeditions"] = store
    app.extensions["rpg_expedition_waits"] = Watcher(
        store, int(app.config["EXPEDITION_MAX_WAITERS"]),
        int(app.config["EXPEDITION_WAIT_SECONDS"]))
    add_check(app, "database", database.check, required=True)

    # A read's conditional poll is free when it answers 304. Told by its path, as Flask routes it,
    # not its endpoint: the polls answered before Flask (api.expeditions.polls) pass this guard
    # without Flask's routing.
    def conditional_poll(req: Request) -> bool:
        return (req.method == "GET" and bool(req.if_none_match)
                and read_id(req.environ.get("PATH_INFO", "")) is not None)

    defer_rate_limit(app, conditional_poll)
    import_limit = int(app.config["EXPEDITION_IMPORT_MAX_BYTES"])

    @app.before_request
    def known_query() -> None:
        # A POST reads its inputs from the body; its query string may choose only the answer's
        # language and format, and anything else is a typo to name (a GET's schema does so).
        if request.blueprint != blp.name or request.method != "POST" or not request.args:
            return
        try:
            AnswerFormat().load(request.args.to_dict())
        except ValidationError as error:
            raise unprocessable(error.messages) from None

    @app.url_value_preprocessor
    def import_body_limit(endpoint: str | None, _values: object) -> None:
        # Runs before every before_request hook: an export of a long log is larger than any
        # procedure's input, and only the import may take it.
        if endpoint == IMPORT_ENDPOINT:
            request.max_content_length = import_limit

    return store


def document_token(spec: APISpec) -> None:
    """Declare in the OpenAPI document ``spec`` how a link's token is sent: the ``bearer``
    security scheme the operations that take one name."""
    spec.components.security_scheme(BEARER_SCHEME, {
        "type": "http", "scheme": "bearer",
        "description": "The token of an expedition's link (the GM's acts, the players' reads): "
                       "`Authorization: Bearer <token>`, never in the URL."})
