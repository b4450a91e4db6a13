"""The API's one error type: a status, a catalog message, the refused fields and extra headers.

Every refusal the API words itself is an :class:`ApiError`, raised by :func:`abort_api` as
flask-smorest's ``abort`` is; :mod:`api.errors` renders it as the error envelope in the user's
language. Nothing is attached to another library's exception after it is made: the one foreign
shape the envelope still reads is webargs' ``UnprocessableEntity`` with its ``data``, which the
request parser raises (:func:`api.errors.field_errors`).

This module imports nothing of the API, so every layer may raise it (the limits, the host check,
the odd-text guard, the expeditions).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from werkzeug.exceptions import HTTPException

from rpg.core.catalog import Message
from rpg.core.text import Text


class ApiError(HTTPException):
    """An HTTP error answered with the envelope.

    ``message`` is the envelope's sentence (``None``: the status's own, :mod:`api.errors`);
    ``errors`` maps each refused input to its messages, ``{field: [message, ...]}`` (nested as
    marshmallow nests them: ``{"party": {"0": {"name": [...]}}}``); ``headers`` are added to the
    answer (``Retry-After``, ``Allow``).
    """

    def __init__(self, status: int, message: Text | Message | None = None,
                 errors: Mapping[str, Any] | None = None,
                 headers: Iterable[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.code = status
        self.message = message
        self.errors: dict[str, Any] = dict(errors or {})
        self.headers: tuple[tuple[str, str], ...] = tuple(headers)

    def get_headers(self, environ: Any = None, scope: Any = None) -> list[tuple[str, str]]:
        """Werkzeug's headers for the status, then the error's own."""
        return [*super().get_headers(environ, scope), *self.headers]


def abort_api(status: int, message: Text | Message | None = None,
              errors: Mapping[str, Any] | None = None,
              headers: Iterable[tuple[str, str]] = (), field: str | None = None) -> NoReturn:
    """Raise an :class:`ApiError`; with ``field``, the message is also that field's error."""
    if field is not None and message is not None:
        errors = {**(errors or {}), field: [message]}
    raise ApiError(status, message, errors, headers)


def unprocessable(messages: Any) -> ApiError:
    """A 422 for marshmallow's messages of one input (``ValidationError.messages``): a mapping
    is the fields' errors as they are, anything else the document's own (``_schema``)."""
    if isinstance(messages, Mapping):
        return ApiError(422, errors=messages)
    return ApiError(422, errors={"_schema": list(messages) if isinstance(messages, list)
                                 else [messages]})
