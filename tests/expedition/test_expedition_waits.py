"""Polls held until a change (``Prefer: wait=N``, ``api.expeditions.waits``), in one process: the
waiting poll runs in a thread of its own while the GM acts from the test's.

Each test runs on a SQLite file and on a real PostgreSQL (``database_url``). The run command's
processes, two instances and a failing database: ``tests/reliability/test_expedition_waits.py``.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from api.expeditions.database import DatabaseUnavailable
from api.expeditions.heads import Head
from api.expeditions.waits import (
    STAGGER_MOST_SECONDS,
    STAGGER_SECONDS,
    Outcome,
    Waiter,
    Watcher,
    preferred_wait,
    wake_in_turn,
)
from tests.expedition.conftest import Player, Table, app_on, closed, followed, poll, without_date

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py

#: The longest wait the tests' apps allow (the run command's own is 25 s).
MOST = 20


@pytest.fixture
def app(database_url: str) -> Iterator[Flask]:
    waiting = app_on(database_url, EXPEDITION_WAIT_SECONDS=MOST)
    yield waiting
    closed(waiting)


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=4) as executor:
        yield executor


def waits(app: Flask, count: int = 1) -> None:
    """Until ``count`` polls are held by ``app`` (bounded: 10 s)."""
    watcher: Watcher = app.extensions["rpg_expedition_waits"]
    deadline = time.monotonic() + 10
    while watcher.waiting < count:
        assert time.monotonic() < deadline, "the poll is not held"
        time.sleep(0.01)


def held(pool: ThreadPoolExecutor, app: Flask, table: Table, tag: str,
         headers: dict[str, str], wait: int = MOST) -> Future[TestResponse]:
    """A poll asking to be held ``wait`` s, under way in a thread of ``pool`` once it is held."""
    future = pool.submit(poll, app, table, tag, {**headers, "Prefer": f"wait={wait}"})
    waits(app)
    return future


def test_a_held_poll_is_answered_with_the_change_when_the_gm_acts(
        app: Flask, pool: ThreadPoolExecutor) -> None:
    table, tag = followed(app)
    future = held(pool, app, table, tag, table.players)
    assert not future.done()
    table.act("shift", seed=1)
    changed = future.result(timeout=30)
    assert changed.status_code == 200
    assert changed.get_json()["version"] == table.version == 2
    assert changed.headers["ETag"] == 'W/"2.players.cs.20"'
    assert "Preference-Applied" not in changed.headers


def test_every_poll_held_on_the_expedition_gets_the_change(
        app: Flask, pool: ThreadPoolExecutor) -> None:
    table, tag = followed(app)
    futures = [pool.submit(poll, app, table, tag, {**table.players, "Prefer": f"wait={MOST}"})
               for _ in range(3)]
    waits(app, 3)
    table.act("shift", seed=1)
    answers = [future.result(timeout=30) for future in futures]
    assert [answer.status_code for answer in answers] == [200] * 3
    assert {answer.get_json()["version"] for answer in answers} == {2}


def test_the_polls_one_change_wakes_are_answered_in_turn() -> None:
    """Not all at once: a GM's request that lands in the worker goes between them."""
    waiters = [Waiter("x" * 22, Head(1, "gm", "players"), 0) for _ in range(4)]
    wake_in_turn(waiters)
    assert all(waiter.woken.is_set() for waiter in waiters)
    assert {waiter.outcome for waiter in waiters} == {Outcome.CHANGED}
    assert [waiter.delay for waiter in waiters] == [turn * STAGGER_SECONDS for turn in range(4)]
    assert STAGGER_SECONDS > 0


def test_however_many_polls_one_change_wakes_the_last_is_answered_within_a_bound() -> None:
    """900 polls of one expedition in one process (the run command's most) are not 1.8 s apart
    from first to last: they come closer, the last within STAGGER_MOST_SECONDS, in order."""
    waiters = [Waiter("x" * 22, Head(1, "gm", "players"), 0) for _ in range(900)]
    wake_in_turn(waiters)
    delays = [waiter.delay for waiter in waiters]
    assert delays[0] == 0 and delays == sorted(delays) and len(set(delays)) == 900
    assert delays[-1] == pytest.approx(STAGGER_MOST_SECONDS)
    assert STAGGER_MOST_SECONDS < 900 * STAGGER_SECONDS


def test_a_held_poll_that_nothing_changed_ends_in_a_304_saying_it_waited(
        app: Flask, database_url: str) -> None:
    table, tag = followed(app)
    answer = poll(app, table, tag, {**table.players, "Prefer": "wait=1"})
    assert answer.status_code == 304 and answer.get_data() == b""
    assert answer.headers["Preference-Applied"] == "wait=1"
    assert answer.headers["ETag"] == tag
    short = app_on(database_url, EXPEDITION_WAIT_SECONDS=1)
    try:  # a longer wait asked than the server holds: it says how long it held
        assert poll(short, table, tag, table.players).status_code == 304  # its head kept
        capped = poll(short, table, tag, {**table.players, "Prefer": "respond-async, wait=30"})
    finally:
        closed(short)
    assert capped.status_code == 304 and capped.headers["Preference-Applied"] == "wait=1"


def test_a_held_poll_of_a_rotated_players_link_is_refused_at_once(
        app: Flask, pool: ThreadPoolExecutor) -> None:
    table, tag = followed(app)
    future = held(pool, app, table, tag, table.players)
    rotated = app.test_client().post(f"/api/v1/expeditions/{table.id}/players-link", json={},
                                     headers=table.gm)
    assert rotated.status_code == 200
    refused = future.result(timeout=30)
    assert refused.status_code == 404
    assert refused.get_json()["message"] == "Výprava nenalezena: odkaz je neplatný nebo zrušený."
    assert without_date(refused) == without_date(poll(app, table, tag, table.players))


def test_a_characters_poll_is_held_until_the_change_too(app: Flask,
                                                        pool: ThreadPoolExecutor) -> None:
    # A character's link is read in the database, so its poll is held in Flask's view, after
    # that read, where the players' is held before Flask from the head kept in memory.
    table, _ = followed(app)
    eva = Player(table, "Eva")
    tag = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                headers=eva.headers).headers["ETag"]
    assert tag == 'W/"1.character.cs.20"'
    plain = poll(app, table, tag, eva.headers)
    assert plain.status_code == 304 and "Preference-Applied" not in plain.headers
    waited = poll(app, table, tag, {**eva.headers, "Prefer": "wait=1"})
    assert waited.status_code == 304 and waited.get_data() == b""
    assert waited.headers["Preference-Applied"] == "wait=1" and waited.headers["ETag"] == tag
    assert sorted(without_date(waited)) == sorted(
        [*without_date(plain), ("Preference-Applied", "wait=1")])
    future = held(pool, app, table, tag, eva.headers)
    assert not future.done()
    table.act("shift", seed=1)
    changed = future.result(timeout=30)
    assert changed.status_code == 200 and "Preference-Applied" not in changed.headers
    assert (changed.get_json()["role"], changed.get_json()["version"]) == ("character", 2)
    assert changed.headers["ETag"] == 'W/"2.character.cs.20"'


def test_a_held_poll_of_a_revoked_character_link_is_refused_at_once(
        app: Flask, pool: ThreadPoolExecutor) -> None:
    table, _ = followed(app)
    eva = Player(table, "Eva")
    tag = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                headers=eva.headers).headers["ETag"]
    future = held(pool, app, table, tag, eva.headers)
    revoked = app.test_client().delete(
        f"/api/v1/expeditions/{table.id}/character-links/{eva.link['id']}", headers=table.gm)
    assert revoked.status_code == 204
    refused = future.result(timeout=30)  # held MOST s, it would be a 304
    assert refused.status_code == 404
    assert without_date(refused) == without_date(poll(app, table, tag, eva.headers))


def test_a_hidden_roll_stays_hidden_from_a_held_poll(app: Flask, pool: ThreadPoolExecutor) -> None:
    table, tag = followed(app)
    future = held(pool, app, table, tag, table.players)
    table.act("morale", seed=6, group="goblini", morale=6, hidden=True)
    seen = future.result(timeout=30)
    assert seen.status_code == 200
    newest = seen.get_json()["log"][0]
    assert newest["hidden"] and newest["text"] == "PJ hodil skrytě." and newest["answers"] == []


def test_another_apps_write_to_the_database_wakes_a_held_poll(
        app: Flask, database_url: str, pool: ThreadPoolExecutor) -> None:
    """Another instance on the same database (its own heads table): the watcher's read of the
    database carries its write across."""
    table, tag = followed(app)
    other = app_on(database_url)
    try:
        future = held(pool, app, table, tag, table.players)
        acted = other.test_client().post(f"/api/v1/expeditions/{table.id}/actions/shift",
                                         json={"version": 1, "seed": 1}, headers=table.gm)
        assert acted.status_code == 200
        changed = future.result(timeout=30)
    finally:
        closed(other)
    assert changed.status_code == 200 and changed.get_json()["version"] == 2


@pytest.mark.parametrize("prefer", [None, "wait=0", "wait=abc", "return=minimal"])
def test_without_a_wait_asked_the_poll_is_todays_304(app: Flask, database_url: str,
                                                     prefer: str | None) -> None:
    table, tag = followed(app)
    headers = {**table.players, **({"Prefer": prefer} if prefer else {})}
    unheld = app_on(database_url)  # EXPEDITION_WAIT_SECONDS 0: the app's default
    try:
        today = poll(unheld, table, tag, table.players)
        asked_of_unheld = poll(unheld, table, tag, {**table.players, "Prefer": "wait=5"})
    finally:
        closed(unheld)
    answer = poll(app, table, tag, headers)
    assert answer.status_code == today.status_code == asked_of_unheld.status_code == 304
    assert without_date(answer) == without_date(today) == without_date(asked_of_unheld)
    assert "Preference-Applied" not in answer.headers


def test_past_the_most_waiters_a_poll_is_answered_at_once(database_url: str,
                                                          pool: ThreadPoolExecutor) -> None:
    app = app_on(database_url, EXPEDITION_WAIT_SECONDS=MOST, EXPEDITION_MAX_WAITERS=1)
    try:
        table, tag = followed(app)
        future = held(pool, app, table, tag, table.players)
        at_once = poll(app, table, tag, {**table.players, "Prefer": "wait=10"})
        assert at_once.status_code == 304 and "Preference-Applied" not in at_once.headers
        table.act("shift", seed=1)
        assert future.result(timeout=30).status_code == 200
    finally:
        closed(app)


def test_a_database_that_fails_ends_the_wait_and_flask_answers(
        app: Flask, pool: ThreadPoolExecutor, monkeypatch: pytest.MonkeyPatch) -> None:
    table, tag = followed(app)
    database = app.extensions["rpg_expeditions"].database

    @contextlib.contextmanager
    def failing() -> Iterator[None]:
        raise DatabaseUnavailable("the database did not answer within 5 s")
        yield

    future = held(pool, app, table, tag, table.players)
    monkeypatch.setattr(database, "reading", failing)
    answer = future.result(timeout=30)
    # Flask answers as it answers every poll then: from the head if still kept, else a 503.
    assert (answer.status_code, answer.headers.get("Retry-After")) in ((304, None), (503, "5"))
    assert "Preference-Applied" not in answer.headers


def test_a_stopping_worker_answers_its_held_polls_at_once(
        app: Flask, pool: ThreadPoolExecutor, monkeypatch: pytest.MonkeyPatch) -> None:
    from api.expeditions import waits as module

    table, tag = followed(app)
    future = held(pool, app, table, tag, table.players)
    monkeypatch.setattr(module, "_stopping", False)
    module.stop()
    answer = future.result(timeout=30)
    assert answer.status_code == 304 and "Preference-Applied" not in answer.headers
    again = poll(app, table, tag, {**table.players, "Prefer": "wait=10"})
    assert again.status_code == 304 and "Preference-Applied" not in again.headers


@pytest.mark.parametrize(("prefer", "seconds"), [
    ("wait=25", 25), ("WAIT = 3", 3), ('wait="7"', 7), ("respond-async, wait=10", 10),
    ("wait=10; foo=bar", 10), ("wait=-1", None), ("wait=", None), ("return=minimal", None),
    ("", None), ("wait=99999999999", None),
    # Only ASCII digits: "²" (in latin-1, as a WSGI header arrives) and "٣" are digits to
    # str.isdigit, and int() of the first raises.
    ("wait=\u00b2", None), ("wait=\u0663", None),
])
def test_the_prefer_header_is_read_as_rfc_7240_writes_it(prefer: str,
                                                         seconds: int | None) -> None:
    assert preferred_wait(prefer) == seconds
