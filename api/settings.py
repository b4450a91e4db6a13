"""The app's settings: defaults, each overridable from the environment as ``RPG_<NAME>``.

``create_app(config)`` applies, in order: :data:`DEFAULTS`, the ``RPG_*`` environment (values are
read as JSON where they parse, e.g. ``RPG_DICE_BUDGET=500``, ``RPG_RATELIMIT_ENABLED=false``,
else as strings), then ``config``, which overrides everything. The names, for the README:

======================================  =====================================================
``RPG_MAX_CONTENT_LENGTH``              largest request body in bytes (413 past it)
``RPG_MAX_QUERY_LENGTH``                longest query string in bytes (414 past it)
``RPG_DICE_BUDGET``                     most dice one request may roll (422 past it)
``RPG_RATELIMIT_ENABLED``               ``true`` / ``false``
``RPG_RATELIMIT_DEFAULT``               one budget per client, e.g. ``"120/minute;2000/hour"``
``RPG_RATELIMIT_STORAGE_URI``           ``memory://`` (one instance) or ``redis://host:6379/0``
``RPG_RATELIMIT_HEADERS_ENABLED``       the ``X-RateLimit-*`` headers (``true`` / ``false``)
``RPG_RATELIMIT_KEY_PREFIX``            the prefix of the counters' keys in Redis
``RPG_RATELIMIT_TABLE_SIZE``            clients the ``memory://`` table holds per window
``RPG_PROXY_HOPS``                      trusted reverse proxies in front (X-Forwarded-For), 0 = none
``RPG_ALLOWED_HOSTS``                   host names the app answers to (``Host``), list or ``a,b``
``RPG_FRAME_ANCESTORS``                 who may frame the site's pages (CSP ``frame-ancestors``)
``RPG_SITE_DIR``                        the built site (``mkdocs build`` output)
``RPG_SITE_URL``                        the public site root for links in Markdown / HTML cards (its
                                        host is allowed too)
``RPG_DATABASE_URL``                    the expeditions' database (SQLAlchemy URL); unset, the
                                        SQLite file ``instance/expeditions.sqlite3``; several
                                        instances:
                                        ``postgresql+psycopg://user:password@host/name``
``RPG_EXPEDITION_IMPORT_MAX_BYTES``     the largest expedition import (its body only; 413 past it)
``RPG_DISCORD_PUBLIC_KEY``              the Discord application's public key (hex): interactions
                                        signed with it are answered, every other one is a 401
``RPG_SECRET_KEY``                      Flask's secret key; seals the GM links of the Discord
                                        channels linked to an expedition (unset, none is linked)
``RPG_EXPEDITION_IMPORT_DICE``          most dice an import's replay may roll (422 past them)
``RPG_EXPEDITION_IMPORT_SECONDS``       most seconds an import's replay may take (503 past them)
``RPG_EXPEDITION_IDEMPOTENCY_HOURS``    how long a write's answer is kept for its Idempotency-Key
``RPG_DATABASE_TIMEOUT``                seconds one request's database work may take (503 past)
``RPG_EXPEDITION_HEAD_SECONDS``         seconds a conditional poll's answer is kept in memory (the
                                        bound across instances; 0: every poll reads the database)
``RPG_EXPEDITION_WAIT_SECONDS``         most seconds a poll asking ``Prefer: wait=N`` is held until
                                        its expedition changes (0, the default: none is held; the
                                        run command: 25)
``RPG_EXPEDITION_MAX_WAITERS``          polls one process holds at once (past them answered at
                                        once); the run command: 9/10 of its connections per worker
======================================  =====================================================
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {
    "API_TITLE": "RPG Companion – Pravidla a procedury",
    "API_VERSION": "1.0.0",
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/api/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {
        "info": {"description": "Resolves the game master's rule procedures of the Czech "
                                "rules: every answer carries the dice, the exact chance, "
                                "a chat-ready text in Czech or English and the rule cited."},
    },
    # Every valid request body is a few hundred bytes; the largest (lists of 100 objects of
    # 40-character names) stays well under this.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # Below gunicorn's request-line limit (8190 bytes, answered by gunicorn itself), so a long
    # query string gets the app's 414 with the error envelope.
    "MAX_QUERY_LENGTH": 7 * 1024,
    # The most any valid input needs: a fall from 10 000 m (the contract's highest) rolls 4999
    # d6. The engine's own runaway guard is 10 000 dice per procedure.
    "DICE_BUDGET": 5_000,
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_DEFAULT": "120/minute;3000/hour",
    # memory://: a table shared by the workers of one instance (api.limits); redis://: by all.
    "RATELIMIT_STORAGE_URI": "memory://",
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATELIMIT_KEY_PREFIX": "rpg-companion",
    # 65 536 slots of 40 bytes (2.5 MiB): far more distinct clients an hour than a table's GM
    # companion meets; past it the quietest client is forgotten, never refused.
    "RATELIMIT_TABLE_SIZE": 65_536,
    "PROXY_HOPS": 0,
    # Names this app answers to (the Host header, any port): links in Markdown and HTML answers
    # are built from it unless SITE_URL is set. ".example.org" takes its subdomains too, "*" any.
    # The default serves scripts/serve on 127.0.0.1:8000 and the test client (localhost).
    "ALLOWED_HOSTS": ["localhost", "127.0.0.1", "[::1]"],
    # VTTs (Foundry, Owlbear Rodeo, Roll20) run on any origin, self-hosted ones included, and
    # embed the calculator pages in an iframe: the static rules site has no state to hijack.
    "FRAME_ANCESTORS": "*",
    # flask-compress on the site's files only (api/site.py): gzip, which every client takes.
    "COMPRESS_REGISTER": False,
    "COMPRESS_ALGORITHM": ["gzip"],
    "COMPRESS_MIMETYPES": ["text/html", "text/css", "text/javascript", "application/javascript",
                           "application/json", "application/manifest+json", "image/svg+xml",
                           "application/xml"],
    "SITE_DIR": str(Path(__file__).resolve().parent.parent / "site"),
    "SITE_URL": None,
    # None: the SQLite file in the instance folder (api.expeditions.database).
    "DATABASE_URL": None,
    # An export holds every action of the log (about 300 bytes each): 10 000 entries fit.
    "EXPEDITION_IMPORT_MAX_BYTES": 4 * 1024 * 1024,
    # None: Discord's interactions are refused (api.discord).
    "DISCORD_PUBLIC_KEY": None,
    # What an import's replay may cost: a long campaign (a few thousand entries) rolls a few dice
    # an entry; four actions at the dice budget roll as many.
    "EXPEDITION_IMPORT_DICE": 20_000,
    "EXPEDITION_IMPORT_SECONDS": 20,
    # A resent write is answered again for two days (payment APIs keep a day at least).
    "EXPEDITION_IDEMPOTENCY_HOURS": 48,
    # Seconds one request's database work may take (PostgreSQL's statement timeout is 4/5 of
    # it, its lock timeout 2/5; the client's own deadline under the run command's workers).
    "DATABASE_TIMEOUT": 5,
    # A players' page polls every 1.5 s: a change made on another instance (one PostgreSQL)
    # reaches it within this plus a poll (api.expeditions.heads); on one instance, at once.
    "EXPEDITION_HEAD_SECONDS": 1.0,
    # A page that asks may be answered only once its expedition changes (api.expeditions.waits).
    # Each held poll holds a request: off here, as a threaded server holds a thread for each;
    # the run command's gevent workers turn it on (api.serve).
    "EXPEDITION_WAIT_SECONDS": 0,
    "EXPEDITION_MAX_WAITERS": 100,
}
