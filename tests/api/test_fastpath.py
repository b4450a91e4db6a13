"""The procedures' fast path (api.fastpath) answers exactly what Flask's path answers.

Every procedure's registry samples, by GET and by POST, with a seed and with a drawn one, go
through the app twice: once with the fast path, once with it handing everything to Flask. The
status, every header and the body are the same; and the fast path did answer them (Flask never
saw the request). What it must not answer - refusals, cards, a POST with a query, an unknown
host, a request over the rate limit - reaches Flask, counted once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from api import create_app
from api.fastpath import ProcedureFastPath
from api.procedures import DRAWN_SEED, query_string
from rpg.core.registry import procedures

CASES = [(path, sample) for path, procedure in procedures().items()
         for sample in procedure.samples]


class Recorder:
    """Stands between the fast path and Flask: the environs Flask got."""

    def __init__(self, fast: ProcedureFastPath) -> None:
        self.flask = fast.next
        self.seen: list[dict[str, Any]] = []
        fast.next = self

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.seen.append(environ)
        return self.flask(environ, start_response)


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                       "RATELIMIT_DEFAULT": "1000000/minute"})


@pytest.fixture
def flask_saw(app: Flask) -> Iterator[Recorder]:
    fast: ProcedureFastPath = app.extensions["rpg_fast_path"]
    recorder = Recorder(fast)
    yield recorder
    fast.next = recorder.flask


def both(app: Flask, method: str, url: str, **kwargs: Any) -> tuple[Any, Any]:
    """The answer with the fast path, then the one Flask gives with the fast path off."""
    fast: ProcedureFastPath = app.extensions["rpg_fast_path"]
    quick = app.test_client().open(url, method=method, **kwargs)
    handed = fast.next.seen[:] if isinstance(fast.next, Recorder) else []
    routes, fast._routes = fast._routes, {}
    try:
        slow = app.test_client().open(url, method=method, **kwargs)
    finally:
        fast._routes = routes
    if isinstance(fast.next, Recorder):
        fast.next.seen = handed  # what Flask got from the fast path, not from the second call
    return quick, slow


def same(quick: Any, slow: Any) -> None:
    assert quick.status_code == slow.status_code
    assert quick.get_data() == slow.get_data()
    headers = {name: value for name, value in quick.headers if not name.startswith("X-RateLimit")}
    assert headers == {name: value for name, value in slow.headers
                       if not name.startswith("X-RateLimit")}
    # Each counted once (a refused host is not counted at all): one request less left.
    if "X-RateLimit-Remaining" in quick.headers:
        assert int(quick.headers["X-RateLimit-Remaining"]) == \
            int(slow.headers["X-RateLimit-Remaining"]) + 1
    else:
        assert "X-RateLimit-Remaining" not in slow.headers


def in_query(sample: dict[str, Any]) -> dict[str, Any]:
    """A sample as a query string takes it: structured inputs (objects) as JSON."""
    def structured(value: Any) -> bool:
        return isinstance(value, dict) or (
            isinstance(value, list) and any(isinstance(item, dict | list) for item in value))
    return {key: json.dumps(value) if structured(value) else value
            for key, value in sample.items()}


@pytest.mark.parametrize(("path", "sample"), CASES, ids=[f"{p}-{i}" for i, (p, _) in
                                                          enumerate(CASES)])
def test_the_fast_path_answers_as_flask_does(app: Flask, flask_saw: Recorder, path: str,
                                            sample: dict[str, Any]) -> None:
    query = query_string({**in_query(sample), "seed": 7})
    quick, slow = both(app, "GET", f"/api/v1/{path}?{query}")
    assert quick.status_code == 200, quick.get_json()
    same(quick, slow)
    quick, slow = both(app, "POST", f"/api/v1/{path}", json={**sample, "seed": 7,
                                                             "lang": "en"})
    assert quick.status_code == 200
    same(quick, slow)
    assert quick.headers["Content-Language"] == "en"
    assert flask_saw.seen == [], "the fast path handed a plain request to Flask"


def test_a_drawn_seed_is_written_in_the_answer_and_replays_it(app: Flask,
                                                               flask_saw: Recorder) -> None:
    drawn = app.test_client().get("/api/v1/roll?expr=3d6", headers={"Accept-Language": "en"})
    assert drawn.status_code == 200 and drawn.headers["Content-Language"] == "en"
    seed = drawn.get_json()["seed"]
    again = app.test_client().get(f"/api/v1/roll?expr=3d6&seed={seed}&lang=en")
    assert again.get_json()["rolls"] == drawn.get_json()["rolls"]
    assert flask_saw.seen == []


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
])
def test_what_the_fast_path_does_not_answer_reaches_flask(
        app: Flask, flask_saw: Recorder, method: str, url: str, kwargs: dict[str, Any],
        status: int) -> None:
    quick, slow = both(app, method, url, **kwargs)
    assert len(flask_saw.seen) == 1
    assert quick.status_code == slow.status_code == status
    same(quick, slow)


def test_flask_rolls_the_dice_the_fast_path_drew(app: Flask, flask_saw: Recorder,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # A failure after the seed was drawn (here: writing the body) hands the request over; Flask
    # answers with the seed drawn, so a handed-over answer is the one the fast path would give.
    import api.fastpath

    def failing(*_: Any, **__: Any) -> None:
        raise RuntimeError("after the draw")

    monkeypatch.setattr(api.fastpath, "answer_body", failing)
    answer = app.test_client().get("/api/v1/roll?expr=2d6")
    assert answer.status_code == 200
    assert answer.get_json()["seed"] == flask_saw.seen[0][DRAWN_SEED]


def test_over_the_limit_flask_refuses_with_the_fast_paths_count() -> None:
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True, "RATELIMIT_DEFAULT": "3/minute"})
    client = app.test_client()
    left = [client.get("/api/v1/morale?morale=7").headers["X-RateLimit-Remaining"]
            for _ in range(3)]
    assert left == ["2", "1", "0"]
    refused = client.get("/api/v1/morale?morale=7")
    assert refused.status_code == 429
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert "Retry-After" in refused.headers
