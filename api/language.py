"""The language of an answer: the ``lang`` input, else ``Accept-Language``, else Czech."""

from __future__ import annotations

from typing import Any

from flask import g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header

from rpg.core.text import LANGUAGES


def request_language(given: str | None = None) -> str:
    """``cs`` or ``en`` for the current request; cached on ``g``. ``given`` is the ``lang``
    input already read (a procedure's parsed arguments): then nothing is read again."""
    if given is not None:
        g.lang = given
        return given
    cached: str | None = g.get("lang")
    if cached:
        return cached
    lang = query_value("lang")
    if lang not in LANGUAGES and request.is_json:
        try:
            body = request.get_json(silent=True)
        except HTTPException:  # e.g. 413: the body is never read again
            body = None
        lang = body.get("lang") if isinstance(body, dict) else None
    if lang not in LANGUAGES:
        lang = accepted_language(request.environ)
    g.lang = lang
    return lang


def accepted_language(environ: dict[str, Any]) -> str:
    """The best of :data:`LANGUAGES` by the request's ``Accept-Language``, else ``cs``."""
    header = environ.get("HTTP_ACCEPT_LANGUAGE")
    if header is None:  # most clients (curl, bots, VTT macros) send none: nothing to parse
        return "cs"
    best: str = parse_accept_header(header, LanguageAccept).best_match(LANGUAGES, default="cs")
    return best


def query_value(name: str) -> str | None:
    """The query string's first ``name``, or ``None``; without the exception Werkzeug's
    ``args.get`` builds and catches for a missing key (an ``HTTPException``, every request)."""
    args = request.args
    return args[name] if name in args else None  # noqa: SIM401 - see above
