"""The change every follower asks for at once is read once per process (shared_reads), and the
followers after the first are answered with that reading before Flask (``api.expeditions.polls``).

Each test runs on a SQLite file and on a real PostgreSQL (``database_url``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask, request_started
from werkzeug.test import TestResponse

from api.expeditions.store import ExpeditionStore
from api.expeditions.views import etag
from tests.expedition.conftest import app_on, closed, followed, poll, without_date


@pytest.fixture
def app(database_url: str) -> Iterator[Flask]:
    made = app_on(database_url, RATELIMIT_ENABLED=True, RATELIMIT_DEFAULT="1000/minute")
    yield made
    closed(made)


@pytest.fixture
def reads(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The full reads of the database the app's store does (their links' roles)."""
    store: ExpeditionStore = app.extensions["rpg_expeditions"]
    done: list[str] = []
    original = store.read

    def counted(*args: Any, **kwargs: Any) -> Any:
        answer = original(*args, **kwargs)
        done.append(answer[0].role)
        return answer

    monkeypatch.setattr(store, "read", counted)
    return done


def test_the_followers_of_a_change_share_one_read(app: Flask, reads: list[str]) -> None:
    table, tag = followed(app)
    table.act("shift", seed=1)
    reads.clear()
    answers = [poll(app, table, tag, table.players) for _ in range(5)]
    assert reads == ["players"]  # one read of the database for five followers
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer.get_data() for answer in answers}) == 1
    assert all(answer.headers["ETag"] == 'W/"2.players.cs.20"' for answer in answers)
    # The very answer a follower reading for itself gets, headers and all.
    fresh = app_on(app.config["DATABASE_URL"], RATELIMIT_ENABLED=True,
                   RATELIMIT_DEFAULT="1000/minute")
    try:
        alone = poll(fresh, table, tag, table.players)
    finally:
        closed(fresh)
    assert alone.get_data() == answers[0].get_data()
    # Written once as the app writes any JSON answer (the separators, the final newline).
    with app.app_context():
        written = app.json.response(answers[0].get_json())
    assert answers[0].get_data() == written.get_data()
    assert answers[0].headers["Content-Type"] == written.headers["Content-Type"]
    assert [(name, value) for name, value in without_date(alone)
            if not name.startswith("X-RateLimit")] == [
        (name, value) for name, value in without_date(answers[-1])
        if not name.startswith("X-RateLimit")]
    # Each follower is still counted by the rate limit.
    left = [int(answer.headers["X-RateLimit-Remaining"]) for answer in answers]
    assert left == sorted(left, reverse=True) and len(set(left)) == 5


def test_each_language_and_page_length_is_a_reading_of_its_own(
        app: Flask, reads: list[str]) -> None:
    table, tag = followed(app)
    table.act("shift", seed=1)
    reads.clear()
    english = poll(app, table, tag, table.players, "?lang=en")
    short = poll(app, table, tag, table.players, "?entries=1")
    czech = poll(app, table, tag, table.players)
    assert reads == ["players"] * 3
    assert english.headers["ETag"] == f'W/"{etag(2, "players", "en", 20)}"'
    assert english.get_json()["log"][0]["text"] != czech.get_json()["log"][0]["text"]
    assert len(short.get_json()["log"]) == 1 < len(czech.get_json()["log"])


def test_the_gms_reading_is_never_shared_and_hidden_rolls_stay_hidden(
        app: Flask, reads: list[str]) -> None:
    table, tag = followed(app)
    gm_tag = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                   headers=table.gm).headers["ETag"]
    table.act("morale", seed=6, group="goblini", morale=6, hidden=True)
    reads.clear()
    players = poll(app, table, tag, table.players).get_json()["log"][0]
    gm = poll(app, table, gm_tag, table.gm).get_json()["log"][0]
    again = poll(app, table, gm_tag, table.gm).get_json()["log"][0]
    assert reads == ["players", "gm", "gm"]
    assert players["text"] == "PJ hodil skrytě." and players["answers"] == []
    assert gm["answers"] and gm == again and gm["text"] != players["text"]


def test_a_rotated_players_link_is_refused_though_its_reading_is_kept(
        app: Flask, reads: list[str]) -> None:
    table, tag = followed(app)
    table.act("shift", seed=1)
    kept = poll(app, table, tag, table.players)
    assert kept.status_code == 200
    rotated = app.test_client().post(f"/api/v1/expeditions/{table.id}/players-link", json={},
                                     headers=table.gm)
    assert rotated.status_code == 200
    assert poll(app, table, tag, table.players).status_code == 404
    token = rotated.get_json()["players_token"]
    reads.clear()
    renewed = poll(app, table, tag, {"Authorization": f"Bearer {token}"})
    assert renewed.status_code == 200 and renewed.get_data() == kept.get_data()
    assert reads == []  # the new link reads the same version's reading


def dispatched_by_flask(app: Flask, ask: Callable[[], TestResponse]) -> tuple[TestResponse, bool]:
    """``ask``'s answer, and whether Flask dispatched the request (else the polls answered it
    before Flask, :mod:`api.expeditions.polls`)."""
    dispatched: list[Flask] = []
    with request_started.connected_to(lambda sender, **_: dispatched.append(sender), app):
        answer = ask()
    return answer, bool(dispatched)


def test_a_change_read_already_is_answered_before_flask_byte_for_byte(
        app: Flask, reads: list[str]) -> None:
    table, tag = followed(app)
    table.act("shift", seed=1)
    reads.clear()
    first, by_flask = dispatched_by_flask(app, lambda: poll(app, table, tag, table.players))
    assert by_flask and first.status_code == 200  # the first follower reads the change
    second, by_flask = dispatched_by_flask(app, lambda: poll(app, table, tag, table.players))
    assert not by_flask and reads == ["players"]
    assert (second.status_code, second.get_data()) == (200, first.get_data())

    def without_count(answer: TestResponse) -> list[tuple[str, str]]:
        return [(name, value) for name, value in without_date(answer)
                if name != "X-RateLimit-Remaining"]

    assert without_count(second) == without_count(first)
    assert int(second.headers["X-RateLimit-Remaining"]) == int(
        first.headers["X-RateLimit-Remaining"]) - 1
    # A read is JSON whatever its Accept prefers: the same reading.
    text, by_flask = dispatched_by_flask(app, lambda: poll(
        app, table, tag, {**table.players, "Accept": "text/plain"}))
    assert not by_flask and text.get_data() == first.get_data()
    # What the reading does not answer, Flask does: a query it refuses, another language, the
    # GM's link.
    card, by_flask = dispatched_by_flask(app, lambda: poll(app, table, tag, table.players,
                                                           "?format=text"))
    assert by_flask and card.status_code == 422
    english, by_flask = dispatched_by_flask(app, lambda: poll(
        app, table, tag, {**table.players, "Accept-Language": "en"}))
    assert by_flask and english.headers["Content-Language"] == "en"
    gm, by_flask = dispatched_by_flask(app, lambda: poll(app, table, 'W/"1.gm.cs.20"', table.gm))
    assert by_flask and gm.get_json()["role"] == "gm"


def test_past_the_rate_limit_a_shared_reading_is_refused_once_counted(database_url: str) -> None:
    app = app_on(database_url, RATELIMIT_ENABLED=True, RATELIMIT_DEFAULT="6/minute")
    try:
        table, tag = followed(app)  # two requests: the read, the poll answered 304 (free)
        table.act("shift", seed=1)  # three
        assert poll(app, table, tag, table.players).status_code == 200  # four: Flask reads it
        left = [poll(app, table, tag, table.players) for _ in range(3)]
        assert [answer.status_code for answer in left] == [200, 200, 429]
        assert [answer.headers["X-RateLimit-Remaining"] for answer in left] == ["1", "0", "0"]
        assert left[2].get_json()["code"] == 429 and left[2].headers["Retry-After"]
    finally:
        closed(app)
