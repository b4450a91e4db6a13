"""Every request of a procedure is answered by one path (api.procedure_path), past the same guards.

The guards every API request passes are pinned here: Flask's ``before_request`` hooks and the
procedures' path's list, by name and in order. A hook added to Flask that is not a guard fails
the first test until someone decides whether a procedure's request passes it too. Flask never
sees a procedure's request: its answers, cards and refusals all come from the one path.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from api import create_app
from api.hooks import GUARDS
from api.procedure_path import METHODS, ProcedurePath
from api.procedures import query_string
from rpg.core.registry import procedures
from tests.guards import spy_on_guards

CASES = [(path, sample) for path, procedure in procedures().items()
         for sample in procedure.samples]

#: The checks every API request passes, in order (api.hooks).
GUARD_NAMES = ["known_host", "query_length", "chunked_body_length", "rate_limit", "json_only",
               "odd_query"]
#: Flask's hooks that are not guards: each asks one route only, never a procedure's.
ROUTE_HOOKS = {
    "known_query": "an expedition's POST: its query may choose only the language and format",
    "discord_signature": "Discord's interactions: the signature before the body is read",
}


class Recorder:
    """Stands between the procedures' path and Flask: the environs Flask got."""

    def __init__(self, path: ProcedurePath) -> None:
        self.flask = path.next
        self.seen: list[dict[str, Any]] = []
        path.next = self

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.seen.append(environ)
        return self.flask(environ, start_response)


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                       "RATELIMIT_DEFAULT": "1000000/minute", "ALLOWED_HOSTS": "localhost"})


@pytest.fixture
def flask_saw(app: Flask) -> Iterator[Recorder]:
    path: ProcedurePath = app.extensions["rpg_procedure_path"]
    recorder = Recorder(path)
    yield recorder
    path.next = recorder.flask


def test_every_api_request_passes_the_same_guards() -> None:
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                      "ALLOWED_HOSTS": "localhost"})
    hooks = [hook.__name__ for hook in app.before_request_funcs[None]]
    assert [name for name in hooks if name not in ROUTE_HOOKS] == GUARD_NAMES
    assert set(hooks) - set(GUARD_NAMES) == set(ROUTE_HOOKS)
    assert [guard.__name__ for guard in app.extensions[GUARDS]] == GUARD_NAMES

    passed = spy_on_guards(app)
    for method in ("GET", "POST"):
        passed.clear()
        kwargs: dict[str, Any] = ({"json": {"morale": 7}} if method == "POST"
                                  else {"query_string": "morale=7"})
        assert app.test_client().open("/api/v1/morale", method=method,
                                      **kwargs).status_code == 200
        assert passed == GUARD_NAMES
    passed.clear()
    refused = app.test_client().get("/api/v1/morale?morale=7", headers={"Host": "evil.example"})
    assert refused.status_code == 400 and passed == ["known_host"]


@pytest.mark.parametrize(("path", "sample"), CASES, ids=[f"{p}-{i}" for i, (p, _) in
                                                          enumerate(CASES)])
def test_every_sample_is_answered_by_the_one_path(app: Flask, flask_saw: Recorder, path: str,
                                                  sample: dict[str, Any]) -> None:
    def in_query(value: Any) -> Any:  # structured inputs (objects) as JSON
        structured = isinstance(value, dict) or (
            isinstance(value, list) and any(isinstance(item, dict | list) for item in value))
        return json.dumps(value) if structured else value

    query = query_string({**{key: in_query(value) for key, value in sample.items()}, "seed": 7})
    got = app.test_client().get(f"/api/v1/{path}?{query}")
    assert got.status_code == 200, got.get_json()
    posted = app.test_client().post(f"/api/v1/{path}", json={**sample, "seed": 7, "lang": "en"})
    assert posted.status_code == 200
    assert got.headers["Content-Language"] == "cs" and posted.headers["Content-Language"] == "en"
    assert got.get_json()["rolls"] == posted.get_json()["rolls"]
    assert flask_saw.seen == []


def test_a_drawn_seed_is_written_in_the_answer_and_replays_it(app: Flask) -> None:
    drawn = app.test_client().get("/api/v1/roll?expr=3d6", headers={"Accept-Language": "en"})
    assert drawn.status_code == 200 and drawn.headers["Content-Language"] == "en"
    seed = drawn.get_json()["seed"]
    again = app.test_client().get(f"/api/v1/roll?expr=3d6&seed={seed}&lang=en")
    assert again.get_json()["rolls"] == drawn.get_json()["rolls"]


@pytest.mark.parametrize(("method", "url", "kwargs", "status"), [
    ("GET", "/api/v1/morale?morale=99", {}, 422),                    # the schema refuses
    ("GET", "/api/v1/morale?morale=7&dice=3,4&format=text", {}, 200),  # a card
    ("GET", "/api/v1/morale?morale=7&dice=3,4", {"headers": {"Accept": "text/plain"}}, 200),
    ("POST", "/api/v1/morale?format=md", {"json": {"morale": 7, "dice": [3, 4]}}, 200),
    ("POST", "/api/v1/morale", {"data": "morale=7"}, 415),            # not JSON
    ("POST", "/api/v1/morale", {"data": "{", "content_type": "application/json"}, 400),
    ("GET", "/api/v1/morale?morale=7", {"headers": {"Host": "evil.example"}}, 400),
    ("GET", "/api/v1/roll?expr=500d6", {}, 422),                       # the dice budget
    ("GET", "/api/v1/morale?morale=7&dice=3", {}, 422),                # a die missing
    ("HEAD", "/api/v1/morale?morale=7&dice=3,4", {}, 200),
    ("GET", "/api/v1/morale?morale=7&morale=%00", {}, 422),          # a repeated value's NUL
    ("GET", "/api/v1/morale?x=" + "a" * 20_000, {}, 414),
    ("POST", "/api/v1/morale", {"data": "[" * 5000 + "]" * 5000,
                                "content_type": "application/json"}, 400),
    ("PUT", "/api/v1/morale", {}, 405),
    ("OPTIONS", "/api/v1/morale", {}, 200),
])
def test_refusals_and_cards_are_answered_by_the_one_path(
        app: Flask, flask_saw: Recorder, method: str, url: str, kwargs: dict[str, Any],
        status: int) -> None:
    answer = app.test_client().open(url, method=method, **kwargs)
    assert answer.status_code == status
    assert flask_saw.seen == []
    if status >= 400:
        assert answer.get_json()["code"] == status
        assert answer.headers["Content-Language"] == "cs"


def test_methods_head_and_options() -> None:
    client = create_app({"TESTING": True}).test_client()
    got = client.get("/api/v1/morale?morale=7&dice=3,4")
    head = client.head("/api/v1/morale?morale=7&dice=3,4")
    assert head.status_code == 200 and head.get_data() == b""
    assert head.headers["Content-Length"] == got.headers["Content-Length"]
    assert head.headers["Content-Type"] == got.headers["Content-Type"] == "application/json"
    options = client.options("/api/v1/morale")
    assert options.status_code == 200 and options.get_data() == b""
    assert options.headers["Allow"] == ", ".join(METHODS) == "GET, HEAD, OPTIONS, POST"
    refused = client.delete("/api/v1/morale?lang=en")
    assert refused.status_code == 405 and refused.headers["Allow"] == ", ".join(METHODS)
    assert refused.get_json() == {"code": 405, "status": "Method Not Allowed",
                                  "message": "This method is not allowed here.", "errors": {}}


def test_debug_answers_are_indented() -> None:
    client = create_app({"TESTING": True, "DEBUG": True}).test_client()
    answer = client.get("/api/v1/morale?morale=7&dice=3,4")
    assert answer.get_data().decode() == json.dumps(answer.get_json(), indent=2,
                                                     ensure_ascii=False) + "\n"


def test_an_unexpected_error_is_the_envelope_and_logged(
        app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import api.procedure_path

    def failing(*_: Any, **__: Any) -> None:
        raise RuntimeError("a bug in a rule")

    monkeypatch.setattr(api.procedure_path, "answer_body", failing)
    with caplog.at_level(logging.ERROR, logger="api.errors"):
        answer = app.test_client().get("/api/v1/roll?expr=2d6&lang=en")
    assert answer.status_code == 500
    assert answer.get_json() == {"code": 500, "status": "Internal Server Error",
                                 "message": "Internal server error.", "errors": {}}
    assert "unexpected error on GET /api/v1/roll" in caplog.text
    assert "a bug in a rule" in caplog.text


def test_over_the_limit_each_request_is_counted_once() -> None:
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True, "RATELIMIT_DEFAULT": "3/minute"})
    client = app.test_client()
    left = [client.get(url).headers["X-RateLimit-Remaining"]
            for url in ("/api/v1/morale?morale=7", "/api/v1/morale?morale=99",
                        "/api/v1/morale?morale=7&format=text")]
    assert left == ["2", "1", "0"]
    refused = client.get("/api/v1/morale?morale=7")
    assert refused.status_code == 429
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert int(refused.headers["Retry-After"]) > 0
