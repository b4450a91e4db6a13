"""The language of an answer: the ``lang`` input, else ``Accept-Language``, else Czech.

Each function reads a request given to it, Werkzeug's (the procedures' path,
:mod:`api.procedure_path`) or Flask's, by default the current one: one reading for both.
"""

from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Request

from api.serialize import guarded_loads
from rpg.core.text import LANGUAGES

#: The request's language once read (the environ's, so either path reads it once).
_LANG = "rpg.request_language"
#: The request's JSON body as the API read it: parsed once, with the guarded parser (``None``:
#: none, or not JSON).
JSON_BODY = "rpg.json_body"
#: The refusal of a body that is not valid JSON (an ``HTTPException`` class), else ``None``.
_JSON_REFUSED = "rpg.json_refused"


def request_language(given: str | None = None, req: Request | None = None) -> str:
    """``cs`` or ``en`` for the request ``req`` (default: Flask's current one), read once.
    ``given`` is the ``lang`` input already read (a procedure's parsed arguments): then nothing
    is read again."""
    environ = (request if req is None else req).environ
    if given is not None:
        environ[_LANG] = given
        return given
    cached: str | None = environ.get(_LANG)
    if cached:
        return cached
    lang = query_value("lang", req)
    if lang not in LANGUAGES:
        body = json_body(req)
        lang = body.get("lang") if isinstance(body, dict) else None
    if lang not in LANGUAGES:
        lang = accepted_language(environ)
    environ[_LANG] = lang
    return lang


def json_body(req: Request | None = None, *, refuse: bool = False) -> Any:
    """The JSON body of ``req`` (default: Flask's current request), parsed once with the guarded
    parser (:func:`api.serialize.guarded_loads`); ``None`` when it is not JSON, not valid, or
    too large to read. With ``refuse``, a body that is not valid JSON is its refusal instead: a
    400, or the 413 of a body too large (the ``json_only`` guard, :func:`api.create_app`)."""
    req = request if req is None else req
    environ = req.environ
    if JSON_BODY not in environ:
        body = None
        refused: type[HTTPException] | None = None
        if environ.get("CONTENT_TYPE") and req.is_json:  # most requests have no body to parse
            try:
                body = guarded_loads(req.get_data(cache=True))
            except ValueError:
                refused = BadRequest
            except HTTPException as error:  # a 413: the body is never read
                refused = type(error)
        environ[JSON_BODY], environ[_JSON_REFUSED] = body, refused
    if refuse and environ[_JSON_REFUSED] is not None:
        raise environ[_JSON_REFUSED] from None
    return environ[JSON_BODY]


def accepted_language(environ: dict[str, Any]) -> str:
    """The best of :data:`LANGUAGES` by the request's ``Accept-Language``, else ``cs``."""
    header = environ.get("HTTP_ACCEPT_LANGUAGE")
    if header is None:  # most clients (curl, bots, VTT macros) send none: nothing to parse
        return "cs"
    best: str = parse_accept_header(header, LanguageAccept).best_match(LANGUAGES, default="cs")
    return best


def query_value(name: str, req: Request | None = None) -> str | None:
    """The query string's first ``name``, or ``None``; without the exception Werkzeug's
    ``args.get`` builds and catches for a missing key (an ``HTTPException``, every request)."""
    args = (request if req is None else req).args
    return args[name] if name in args else None  # noqa: SIM401 - see above
