"""The language of an answer: the ``lang`` input, else ``Accept-Language``, else Czech."""

from __future__ import annotations

from flask import g, request
from werkzeug.exceptions import HTTPException

from rpg.core.text import LANGUAGES


def request_language() -> str:
    """``cs`` or ``en`` for the current request; cached on ``g``."""
    cached: str | None = g.get("lang")
    if cached:
        return cached
    lang = request.args.get("lang")
    if lang not in LANGUAGES and request.is_json:
        try:
            body = request.get_json(silent=True)
        except HTTPException:  # e.g. 413: the body is never read again
            body = None
        lang = body.get("lang") if isinstance(body, dict) else None
    if lang not in LANGUAGES:
        # Most clients (curl, bots, VTT macros) send no Accept-Language: skip parsing one.
        lang = (request.accept_languages.best_match(LANGUAGES, default="cs")
                if "HTTP_ACCEPT_LANGUAGE" in request.environ else "cs")
    g.lang = lang
    return lang
