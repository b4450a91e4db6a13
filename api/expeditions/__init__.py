"""Expeditions (výpravy): the GM's records kept in a database and shared by link.

:func:`init_expeditions` connects the app to its database (``RPG_DATABASE_URL``, SQLite in the
instance folder by default), migrates it, registers it as a *required* readiness check, lets a
conditional poll that answers 304 go uncounted by the rate limit, and gives the import its own
body limit. The endpoints are in :mod:`api.expeditions.views` and
:mod:`api.expeditions.transfer`; the rules in :mod:`rpg.expedition`.
"""

from __future__ import annotations

from datetime import timedelta

from flask import Flask, request

from api.expeditions import transfer, views  # noqa: F401 - their routes join the blueprint
from api.expeditions.database import Database, default_url
from api.expeditions.store import ExpeditionStore
from api.expeditions.views import blp
from api.health import add_check
from api.limits import defer_rate_limit

__all__ = ["blp", "init_expeditions"]

#: The read endpoint, whose conditional polls are free when they answer 304.
READ_ENDPOINT = "expeditions.Expedition"
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
    store = ExpeditionStore(
        database, timedelta(hours=float(app.config["EXPEDITION_IDEMPOTENCY_HOURS"])))
    app.extensions["rpg_expeditions"] = store
    add_check(app, "database", database.check, required=True)

    def conditional_poll() -> bool:
        return (request.method == "GET" and request.endpoint == READ_ENDPOINT
                and bool(request.if_none_match))

    defer_rate_limit(app, conditional_poll)
    import_limit = int(app.config["EXPEDITION_IMPORT_MAX_BYTES"])

    @app.url_value_preprocessor
    def import_body_limit(endpoint: str | None, _values: object) -> None:
        # Runs before every before_request hook: an export of a long log is larger than any
        # procedure's input, and only the import may take it.
        if endpoint == IMPORT_ENDPOINT:
            request.max_content_length = import_limit

    return store
