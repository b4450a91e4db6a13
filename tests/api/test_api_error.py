"""The API's one error type (:class:`api.apierror.ApiError`): its envelope in either language,
its headers, and no message or header attached to another library's exception anywhere."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.apierror import ApiError, abort_api, unprocessable
from rpg.core.catalog import msg
from rpg.core.text import Text

API = Path(__file__).resolve().parents[2] / "api"

STALE = Text("Záznam je mezitím jiný.", "The record has changed meanwhile.")
NAME = Text("Jméno chybí.", "The name is missing.")


@pytest.fixture(scope="module")
def refusing() -> FlaskClient:
    """An app with routes of its own that raise each kind of refusal."""
    app: Flask = create_app({"TESTING": True, "RATELIMIT_ENABLED": False})

    def stale() -> Any:
        abort_api(409, STALE, field="version", headers=[("Retry-After", "7")])

    def nested() -> Any:
        abort_api(422, errors={"party": {"0": {"name": [NAME]}}})

    def catalog() -> Any:
        abort_api(404, msg("expedition.api.not-found"))

    def schema_level() -> Any:
        raise unprocessable(["Not a valid mapping type."])

    for rule, view in (("stale", stale), ("nested", nested), ("catalog", catalog),
                       ("schema-level", schema_level)):
        app.add_url_rule(f"/api/v1/test-refusal/{rule}", rule, view)
    return app.test_client()


@pytest.mark.parametrize(("lang", "message"), [("cs", STALE.cs), ("en", STALE.en)])
def test_the_envelope_carries_the_message_the_field_and_the_headers(
        refusing: FlaskClient, lang: str, message: str) -> None:
    answer = refusing.get(f"/api/v1/test-refusal/stale?lang={lang}")
    assert answer.status_code == 409
    assert answer.get_json() == {"code": 409, "status": "Conflict", "message": message,
                                 "errors": {"version": [message]}}
    assert answer.headers["Retry-After"] == "7"
    assert answer.headers.getlist("Retry-After") == ["7"]
    assert answer.headers["Content-Language"] == lang
    assert answer.headers["Content-Type"] == "application/json"


@pytest.mark.parametrize(("lang", "message"), [
    ("cs", "Neplatný vstup. 'party.0.name': Jméno chybí."),
    ("en", "Invalid input. 'party.0.name': The name is missing."),
])
def test_without_a_message_the_status_speaks_and_a_422_names_its_fields(
        refusing: FlaskClient, lang: str, message: str) -> None:
    answer = refusing.get(f"/api/v1/test-refusal/nested?lang={lang}")
    assert answer.status_code == 422
    assert answer.get_json() == {
        "code": 422, "status": "Unprocessable Entity", "message": message,
        "errors": {"party": {"0": {"name": [NAME.in_(lang)]}}}}
    assert "Retry-After" not in answer.headers


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_catalog_message_is_rendered_in_the_language(refusing: FlaskClient, lang: str) -> None:
    answer = refusing.get(f"/api/v1/test-refusal/catalog?lang={lang}")
    assert answer.status_code == 404
    assert answer.get_json() == {"code": 404, "status": "Not Found",
                                 "message": msg("expedition.api.not-found").in_(lang),
                                 "errors": {}}


def test_marshmallow_messages_of_the_document_itself_are_the_schemas(
        refusing: FlaskClient) -> None:
    answer = refusing.get("/api/v1/test-refusal/schema-level?lang=en")
    assert answer.get_json()["errors"] == {"_schema": ["Not a valid mapping type."]}
    assert unprocessable({"a": ["x"]}).errors == {"a": ["x"]}
    assert unprocessable("x").errors == {"_schema": ["x"]}


def test_a_card_keeps_the_status_and_the_headers(refusing: FlaskClient) -> None:
    answer = refusing.get("/api/v1/test-refusal/stale?lang=en&format=text")
    assert answer.status_code == 409
    assert answer.headers["Retry-After"] == "7"
    assert STALE.en in answer.get_data(as_text=True)


def test_outside_the_handlers_werkzeug_answers_with_the_headers() -> None:
    refused = ApiError(503, STALE, headers=[("Retry-After", "30")])
    response = refused.get_response()
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "30"
    assert refused.name == "Service Unavailable"


# An exception's message, errors or headers assigned after it is made (``refused.data = ...``,
# ``raised.text = ...``, ``raised.get_headers = ...``), read back by name (``getattr(error,
# "text")``) or typed away (``# type: ignore`` beside an error): each is an ApiError's argument.
ASSIGNED = re.compile(r"\.(data|text|get_headers)\s*=(?!=)|getattr\(error, \"(data|text)\"")


def test_no_error_is_worded_by_assigning_to_it() -> None:
    found = [f"{path.relative_to(API.parent)}: {line.strip()}"
             for path in sorted(API.rglob("*.py"))
             for line in path.read_text(encoding="utf-8").splitlines()
             if ASSIGNED.search(line)
             or ("type: ignore" in line and re.search(r"\b(error|refused|raised)\b", line))]
    # The one foreign shape read: webargs' UnprocessableEntity, in api.errors.field_errors.
    assert found == ['api/errors.py: data = getattr(error, "data", None)']
