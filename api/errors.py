"""One error envelope for the whole API, in the user's language.

``{"code", "status", "message", "errors"}``: ``message`` is one human sentence in ``lang`` (Czech by
default), ``errors`` maps each input field to its messages. Marshmallow's own messages carry their
Czech (:mod:`api.field_messages`), so a Czech GM never reads an English error.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, cast

from flask import Flask, Response, request
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import HTTPException, InternalServerError, NotFound
from werkzeug.wrappers import Request

from api.apierror import ApiError
from api.field_messages import INVALID_JSON_BODY, Bilingual
from api.formats import Card, requested_format
from api.hooks import is_api
from api.language import json_body, request_language
from api.naming import ENDPOINT_SCHEMAS, named_path, naming_in
from api.site import site_file_exists
from rpg.core.catalog import Message, msg, written_value
from rpg.core.dice import MAX_FACES, MAX_GIVEN_DICE, die_named
from rpg.core.errors import RuleError
from rpg.core.text import Text

log = logging.getLogger(__name__)

_STATUS_MESSAGES: dict[int, Text] = {
    400: Text("Chybný požadavek: tělo není platný JSON.",
              "Bad request: the body is not valid JSON."),
    404: Text("Taková adresa v API není.", "No such path in the API."),
    405: Text("Tato metoda zde není dovolena.", "This method is not allowed here."),
    408: Text("Tělo požadavku nedorazilo včas.", "The request body did not arrive in time."),
    413: Text("Tělo požadavku je příliš velké.", "The request body is too large."),
    414: Text("Adresa požadavku je příliš dlouhá: pošli vstup jako JSON metodou POST.",
              "The request URL is too long: send the input as JSON by POST."),
    415: Text("Nepodporovaný typ obsahu: pošli JSON (Content-Type: application/json).",
              "Unsupported content type: send JSON (Content-Type: application/json)."),
    422: Text("Neplatný vstup.", "Invalid input."),
    429: Text("Příliš mnoho požadavků: zkus to za chvíli znovu.",
              "Too many requests: try again shortly."),
    500: Text("Vnitřní chyba serveru.", "Internal server error."),
}


def translate(message: Any, lang: str) -> Any:
    """A validation message (or a nested structure of them) in ``lang``: a catalog text and
    marshmallow's own messages (:mod:`api.field_messages`) in either language."""
    if isinstance(message, Text | Message | Bilingual):
        return message.in_(lang)
    if isinstance(message, dict):
        return {str(key): translate(value, lang) for key, value in message.items()}
    if isinstance(message, list | tuple):
        return [translate(item, lang) for item in message]
    return message


def _first_leaves(errors: Any, named: Callable[[str], str | None], said: str, path: str = "",
                  found: list[str] | None = None) -> list[str]:
    """Each message with the place of the value it refuses: ``named(path)`` (in Czech the
    form's labels), else the API's dotted name (``'party.0.hp'``); a message that is ``said``
    already (the refusal's own sentence, given for its field too) is not repeated."""
    found = [] if found is None else found
    if isinstance(errors, dict):
        for key, value in errors.items():
            _first_leaves(value, named, said, f"{path}.{key}" if path else str(key), found)
    elif isinstance(errors, list):
        for item in errors:
            _first_leaves(item, named, said, path, found)
    elif str(errors) == said:
        pass
    elif path and path != "_schema":
        found.append(f"{named(path) or repr(path)}: {errors}")
    else:
        found.append(str(errors))
    return found


def _input_schema() -> type[Schema] | None:
    """The input schema of the expedition's action Flask's current request calls, if any (a
    procedure's request names its own: :mod:`api.procedure_path`)."""
    return ENDPOINT_SCHEMAS.get(request.endpoint or "")


class NeededDie(Schema):
    """The die a refusal of the table's dice asks for (again)."""

    pos = fields.Integer(validate=validate.Range(1, MAX_GIVEN_DICE + 1), metadata={
        "description": "Its place in the order the procedure consumes the dice (1 = first)."})
    faces = fields.Integer(validate=validate.Range(1, MAX_FACES), metadata={
        "description": "Its faces (6: a d6)."})
    label = fields.String(validate=validate.Length(1, 40), metadata={
        "description": "What it is for, as the answer's rolls label it (e.g. surprise)."})
    word = fields.String(validate=validate.Length(1, 80), metadata={
        "description": "The same in the answer's language (e.g. překvapení)."})


class ErrorSchema(Schema):
    """Every error's body (the envelope :func:`envelope` writes)."""

    code = fields.Integer(validate=validate.Range(400, 599), metadata={
        "description": "The HTTP status."})
    status = fields.String(metadata={
        "description": "The status's name."})
    message = fields.String(metadata={
        "description": "What is wrong, in the request's language."})
    errors = fields.Dict(metadata={"description": "The refused inputs, by the API's names."})
    needed = fields.Nested(NeededDie, metadata={
        "description": "Only when the table's dice (dice) lack a die or one is off its die: "
                       "the die to give next, so a client can ask for the dice one by one."})


def envelope(status: int, message: str, errors: Any = None) -> dict[str, Any]:
    """The error body."""
    from http import HTTPStatus

    return {
        "code": status,
        "status": HTTPStatus(status).phrase,
        "message": message,
        "errors": errors or {},
    }


def _error_format(req: Request) -> str:
    """The format asked for (``format`` in the query or a JSON body, else Accept), for errors too.

    A body is consulted only when it is a POST's JSON, read and parsed without error.
    """
    body = json_body(req) if req.method == "POST" else None
    body_format = body.get("format") if isinstance(body, dict) else None
    return requested_format(body_format if isinstance(body_format, str) else None, req)


def error_response(app: Flask, req: Request, status: int, body: dict[str, Any], lang: str,
                   headers: Iterable[tuple[str, str]] = ()) -> Response:
    """The answer to a refused request: the envelope ``body`` in JSON, or a card in the format
    asked for, with ``headers`` (``Retry-After``, ``Allow``) and the language."""
    from api.procedures import render_card

    fmt = _error_format(req)
    response: Response
    if fmt == "json":
        response = cast(Response, app.json.response(body))
        response.status_code = status
    else:
        title = msg("api.card.error", status=status).in_(lang)
        card = Card(lang=lang, procedure=None, title=title, text=body["message"], error=True)
        response = render_card(card, fmt, status, req)
    for key, value in headers:
        if key.lower() != "content-type":
            response.headers[key] = value
    response.headers["Content-Language"] = lang
    return response


def refusal(app: Flask, req: Request, error: Exception,
            schema: type[Schema] | None) -> Response:
    """The API's answer to ``error`` raised while answering ``req``, whose input ``schema``
    names the refused fields (in Czech, by the form's labels): the one renderer of every
    refusal, Flask's error handlers' and the procedures' path's (:mod:`api.procedure_path`).

    A rule's error is a 422 naming its field (and, for the table's dice, the die to give); an
    HTTP error its status with the fields it refuses; anything else is logged, and a 500."""
    lang = request_language(req=req)
    if isinstance(error, RuleError):
        message = (error.message.in_(lang, naming_in(schema, lang))
                   if isinstance(error.message, Message) else error.message.in_(lang))
        body = envelope(422, message, {error.field or "_schema": [message]})
        needed = getattr(error, "needed", None)
        if needed is not None:  # the table's dice: which die to ask for (again), in words
            body["needed"] = {"pos": needed.pos, "faces": needed.faces, "label": needed.label,
                              "word": written_value(die_named(needed.label), lang)}
        return error_response(app, req, 422, body, lang)
    if not isinstance(error, HTTPException):
        log.exception("unexpected error on %s %s", req.method, req.path, exc_info=error)
        return error_response(app, req, 500, envelope(500, _STATUS_MESSAGES[500].in_(lang)),
                              lang)
    status = error.code or 500
    errors = translate(field_errors(error), lang)
    own = error.message if isinstance(error, ApiError) else None
    base = (own or _STATUS_MESSAGES.get(status, Text(error.name, error.name))).in_(lang)
    if status == 400 and not errors:
        errors = {"_body": [base]}
    named = schema if lang == "cs" else None
    leaves = _first_leaves(errors, lambda path: named_path(named, path) if named else None, base)
    message = base if not leaves or status != 422 else f"{base} " + "; ".join(leaves[:3])
    return error_response(app, req, status, envelope(status, message, errors), lang,
                          error.get_headers())


def field_errors(error: HTTPException) -> dict[str, Any]:
    """The refused inputs of ``error``, ``{field: [...]}``: an :class:`ApiError`'s own, else
    (the one foreign shape read) the ``data`` webargs attaches to the ``UnprocessableEntity``
    its parser raises, ``{"messages": {location: {field: [...]}}}``, flattened."""
    if isinstance(error, ApiError):
        return error.errors
    data = getattr(error, "data", None)
    messages = (data or {}).get("messages") or {}
    flat: dict[str, Any] = {}
    for location_errors in messages.values():
        if isinstance(location_errors, dict):
            flat.update(location_errors)
        else:
            flat.setdefault("_schema", []).extend(
                INVALID_JSON_BODY if said == INVALID_JSON_BODY else said  # its one own message
                for said in (location_errors if isinstance(location_errors, list)
                             else [location_errors]))
    return flat


def _unknown_path(app: Flask) -> bool:
    """Whether a GET of this path would reach only the site's catch-all, and find nothing."""
    try:
        endpoint, arguments = app.url_map.bind_to_environ(request.environ).match(method="GET")
    except HTTPException:
        return False
    if endpoint != "site.page":
        return False
    path = str(arguments.get("path", ""))
    return path.startswith("api/") or not site_file_exists(path)


def register_error_handlers(
    app: Flask,
    site_not_found: Callable[[HTTPException], Response | HTTPException],
) -> None:
    """Answer every error on the API with the envelope (:func:`refusal`); off the API, the
    site's 404 page."""

    @app.errorhandler(RuleError)
    def rule_error(error: RuleError) -> Response:
        return refusal(app, request, error, _input_schema())

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response | HTTPException:
        status = error.code or 500
        if status == 405 and _unknown_path(app):
            # Only the site's catch-all route knows this path: it is no page and no procedure,
            # so it is unknown whatever the method (a POST to a typo is a 404, not a 405).
            error, status = NotFound(), 404
        if not is_api(request):
            return site_not_found(error) if status == 404 else error
        return refusal(app, request, error, _input_schema())

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response | HTTPException:
        if not is_api(request):
            log.exception("unexpected error on %s %s", request.method, request.path)
            return InternalServerError()
        return refusal(app, request, error, None)
