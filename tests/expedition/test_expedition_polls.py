"""Conditional polls answered from the expeditions' kept heads (``api.expeditions.heads``,
``api.expeditions.polls``): the same 304 as a poll that reads the database, neither a database
session nor Flask's dispatch for it, and every change, new players' link and hidden roll seen by
the very next poll.

Each test runs on a SQLite file and on a real PostgreSQL (``database_url``).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask, request_started
from werkzeug.test import TestResponse

from api.expeditions.heads import Head, Heads
from api.expeditions.store import PAGE_MAX
from api.expeditions.views import read_id
from api.hooks import GUARDS
from tests.expedition.conftest import Table, app_on, closed, followed, poll, without_date
from tests.guards import spy_on_guards


@pytest.fixture
def apps(database_url: str) -> Iterator[tuple[Flask, Flask]]:
    """Two apps on one database: one keeping heads (the default), one reading the database for
    every poll (``EXPEDITION_HEAD_SECONDS`` 0: the poll as it was before heads were kept)."""
    kept, unkept = app_on(database_url), app_on(database_url, EXPEDITION_HEAD_SECONDS=0)
    yield kept, unkept
    closed(kept)
    closed(unkept)


def sessions(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The database sessions ``app`` opens from now on, by kind."""
    database = app.extensions["rpg_expeditions"].database
    opened: list[str] = []
    for kind in ("reading", "writing"):
        plain = getattr(database, kind)

        def counted(*args: Any, _plain: Callable[..., Any] = plain, _kind: str = kind,
                    **kwargs: Any) -> Any:
            opened.append(_kind)
            return _plain(*args, **kwargs)

        monkeypatch.setattr(database, kind, counted)
    return opened


@pytest.mark.parametrize(("link", "query", "language"), [
    ("players", "", None),
    ("players", "?entries=5&lang=en", None),
    ("gm", "", "en-GB,en;q=0.8"),
])
def test_a_poll_from_the_kept_head_is_todays_304_without_a_session(
        apps: tuple[Flask, Flask], monkeypatch: pytest.MonkeyPatch, link: str, query: str,
        language: str | None) -> None:
    kept, unkept = apps
    table = Table.create(kept.test_client())
    headers = {**(table.players if link == "players" else table.gm),
               **({"Accept-Language": language} if language else {})}
    tag = kept.test_client().get(f"/api/v1/expeditions/{table.id}{query}",
                                 headers=headers).headers["ETag"]
    assert poll(kept, table, tag, headers, query).status_code == 304  # the head is kept now
    opened = sessions(kept, monkeypatch)
    dispatched: list[Flask] = []
    with request_started.connected_to(lambda sender, **_: dispatched.append(sender), kept):
        from_memory = poll(kept, table, tag, headers, query)
    assert opened == [] and dispatched == []  # neither the database nor Flask's dispatch
    from_database = poll(unkept, table, tag, headers, query)
    assert from_memory.status_code == from_database.status_code == 304
    assert without_date(from_memory) == without_date(from_database)
    assert from_memory.get_data() == from_database.get_data() == b""


def test_a_poll_answered_before_flask_passes_every_guard_and_is_not_counted(
        database_url: str) -> None:
    app = app_on(database_url, RATELIMIT_ENABLED=True, ALLOWED_HOSTS="localhost")
    names = [guard.__name__ for guard in app.extensions[GUARDS]]
    passed = spy_on_guards(app)
    try:
        table, tag = followed(app)
        read = app.test_client().get(f"/api/v1/expeditions/{table.id}", headers=table.players)
        remaining = int(read.headers["X-RateLimit-Remaining"])
        passed.clear()
        dispatched: list[Flask] = []
        with request_started.connected_to(lambda sender, **_: dispatched.append(sender), app):
            for _ in range(3):
                assert poll(app, table, tag, table.players).status_code == 304
        assert dispatched == [] and passed == names * 3
        again = app.test_client().get(f"/api/v1/expeditions/{table.id}", headers=table.players)
        assert int(again.headers["X-RateLimit-Remaining"]) == remaining - 1  # the polls were free
        passed.clear()
        refused = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                        headers={**table.players, "If-None-Match": tag,
                                                 "Host": "evil.example"})
        # Stopped by the first guard before Flask (spied), then refused by Flask's own hook.
        assert refused.status_code == 400 and passed == ["known_host"]
        assert refused.get_json()["errors"]["Host"]
    finally:
        closed(app)


@pytest.mark.parametrize(("path", "public_id"), [
    ("/api/v1/expeditions/abc_DEF-12", "abc_DEF-12"),
    ("/api/v1/expeditions/" + "a" * 32, "a" * 32),
    ("/api/v1/expeditions/" + "a" * 33, None),
    ("/api/v1/expeditions/", None),
    ("/api/v1/expeditions", None),
    ("/api/v1/expeditions/abc/log", None),
    ("/api/v1/expeditionsabc", None),
    ("/api/v1/expeditions/ab cd", None),
    ("/api/v2/expeditions/abc", None),
])
def test_one_test_tells_a_reads_path_to_the_rate_limit_and_the_polls(
        path: str, public_id: str | None) -> None:
    assert read_id(path) == public_id


def test_after_a_change_the_next_poll_reads_it(apps: tuple[Flask, Flask]) -> None:
    kept, _ = apps
    table, tag = followed(kept)
    table.act("shift", seed=1)
    changed = poll(kept, table, tag, table.players)
    assert changed.status_code == 200
    assert changed.get_json()["version"] == table.version == 2
    assert changed.headers["ETag"] == 'W/"2.players.cs.20"'
    assert poll(kept, table, changed.headers["ETag"], table.players).status_code == 304
    table.undo()
    assert poll(kept, table, changed.headers["ETag"], table.players).status_code == 200


def test_a_rotated_players_link_is_refused_by_the_next_poll(apps: tuple[Flask, Flask]) -> None:
    kept, _ = apps
    table, tag = followed(kept)
    rotated = kept.test_client().post(f"/api/v1/expeditions/{table.id}/players-link", json={},
                                      headers=table.gm).get_json()
    refused = poll(kept, table, tag, table.players)
    assert refused.status_code == 404
    assert refused.get_json()["message"] == "Výprava nenalezena: odkaz je neplatný nebo zrušený."
    fresh = {"Authorization": f"Bearer {rotated['players_token']}"}
    assert poll(kept, table, tag, fresh).status_code == 304  # the same view, the new link


def test_a_hidden_roll_stays_hidden_from_the_next_poll(apps: tuple[Flask, Flask]) -> None:
    kept, _ = apps
    table, tag = followed(kept)
    table.act("morale", seed=6, group="goblini", morale=6, hidden=True)
    seen = poll(kept, table, tag, table.players)
    assert seen.status_code == 200
    newest = seen.get_json()["log"][0]
    assert newest["hidden"] and newest["text"] == "PJ hodil skrytě." and newest["answers"] == []


HEAD = Head(3, "ab" * 32, "cd" * 32)


def test_a_head_read_before_a_write_is_not_kept() -> None:
    heads = Heads(60)
    found, forgotten = heads.lookup("abc")
    assert found is None
    heads.forget("abc")  # a write committed while the head was being read
    heads.keep("abc", HEAD, forgotten)
    assert heads.lookup("abc")[0] is None
    found, forgotten = heads.lookup("abc")
    heads.keep("abc", HEAD, forgotten)
    assert heads.lookup("abc")[0] == HEAD
    assert heads.lookup("abd")[0] is None


def test_a_head_forgotten_by_another_worker_is_forgotten_by_all() -> None:
    heads = Heads(60)
    heads.keep("abc", HEAD, heads.lookup("abc")[1])
    worker = multiprocessing.get_context("fork").Process(target=heads.forget, args=("abc",))
    worker.start()
    worker.join(timeout=30)
    assert worker.exitcode == 0
    assert heads.lookup("abc")[0] is None


def _hold_the_lock(heads: Heads, holding: Any, done: Any, leave: bool) -> None:
    """A worker inside the heads' lock: it waits there for ``done``, or dies there."""
    with heads.lock.held():
        holding.set()
        if leave:
            os._exit(0)  # killed inside: the lock stays held by no one alive
        done.wait(30)


def test_a_live_holders_lock_is_kept_and_the_poll_does_without() -> None:
    # A worker stopped inside the lock (SIGSTOP, starved): a poll waits LOCK_TIMEOUT, answers a
    # miss from the database, keeps nothing, and leaves the holder its lock; a write's forgetting
    # is written all the same.
    context = multiprocessing.get_context("fork")
    heads = Heads(60)
    heads.keep("abc", HEAD, heads.lookup("abc")[1])
    holding, done = context.Event(), context.Event()
    worker = context.Process(target=_hold_the_lock, args=(heads, holding, done, False))
    worker.start()
    try:
        assert holding.wait(30)
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGSTOP)  # frozen inside the lock, alive
        assert heads.lookup("abc") == (None, -1)  # a miss, though the head is kept
        heads.keep("abd", HEAD, heads.lookup("abd")[1])  # read meanwhile: not kept
        heads.forget("abc")
        assert not heads.lock.acquire_now()  # still the holder's
    finally:
        if worker.pid is not None:
            os.kill(worker.pid, signal.SIGCONT)
        done.set()
        worker.join(timeout=30)
    assert worker.exitcode == 0
    assert heads.lookup("abc")[0] is None  # forgotten
    assert heads.lookup("abd")[0] is None  # never kept
    heads.keep("abd", HEAD, heads.lookup("abd")[1])
    assert heads.lookup("abd")[0] == HEAD  # the lock works again


def test_a_lock_left_by_a_killed_worker_is_taken_over() -> None:
    context = multiprocessing.get_context("fork")
    heads = Heads(60)
    holding, done = context.Event(), context.Event()
    worker = context.Process(target=_hold_the_lock, args=(heads, holding, done, True))
    worker.start()
    worker.join(timeout=30)
    assert holding.is_set() and worker.exitcode == 0
    assert not heads.lock.acquire_now()  # left held
    heads.keep("abc", HEAD, heads.lookup("abc")[1])  # taken over, then released
    assert heads.lookup("abc")[0] == HEAD
    assert heads.lock.acquire_now()
    heads.lock.release()


def test_no_head_is_kept_with_no_lifetime() -> None:
    heads = Heads(0)
    heads.keep("abc", HEAD, heads.lookup("abc")[1])
    assert heads.lookup("abc") == (None, 0)


# --- odd polls: answered as the full path answers them ------------------------------------------


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def both_paths(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[tuple[Flask, Flask]]:
    """Two apps on one database for the module (see :func:`apps`)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('polls') / 'expeditions.sqlite3'}"
        kept, unkept = app_on(url), app_on(url, EXPEDITION_HEAD_SECONDS=0)
        yield kept, unkept
        closed(kept)
        closed(unkept)
        return
    postgres = request.getfixturevalue("postgres")
    with postgres.database() as url:
        kept, unkept = app_on(url), app_on(url, EXPEDITION_HEAD_SECONDS=0)
        yield kept, unkept
        closed(kept)
        closed(unkept)


#: A tag that is never an expedition's.
FOREIGN = 'W/"7.players.cs.20"'

#: Odd polls: (query, headers besides the link's and If-None-Match, which link, If-None-Match).
#: ``{tag}`` in If-None-Match stands for the tag the link's read answered (with no query).
ODD_POLLS: list[tuple[str, str, dict[str, str], str, str]] = [
    ("entries empty", "?entries=", {}, "players", "{tag}"),
    ("entries huge", "?entries=" + "9" * 400, {}, "players", "{tag}"),
    ("entries negative", "?entries=-1", {}, "players", "{tag}"),
    ("entries not a number", "?entries=zwanzig", {}, "players", "{tag}"),
    ("entries a fraction", "?entries=20.0", {}, "players", "{tag}"),
    ("entries in other digits", "?entries=%D9%A2%D9%A0", {}, "players", "{tag}"),
    ("entries repeated", "?entries=20&entries=5", {}, "players", "{tag}"),
    ("entries repeated, the second a NUL", "?entries=20&entries=%00", {}, "players", "{tag}"),
    ("lang repeated, the second a control", "?lang=cs&lang=%1B", {}, "players", "{tag}"),
    ("entries with a NUL", "?entries=20%00", {}, "players", "{tag}"),
    ("entries with a bidi override", "?entries=%E2%80%AE20", {}, "players", "{tag}"),
    ("a name with a NUL", "?%00=1", {}, "players", "{tag}"),
    ("bytes that are no UTF-8", "?entries=%C0%AF", {}, "players", "{tag}"),
    ("an unknown parameter", "?entries=20&since=3", {}, "players", "{tag}"),
    ("an unknown language", "?lang=de", {}, "players", "{tag}"),
    ("a chat card's format", "?format=html", {}, "players", "{tag}"),
    ("empty pairs", "?&&=&", {}, "players", "{tag}"),
    ("a query past the bound", "?entries=20&x=" + "a" * 5000, {}, "players", "{tag}"),
    ("If-None-Match malformed", "", {}, "players", 'W/"unterminated'),
    ("If-None-Match bare", "", {}, "players", "2.players.cs.20 garbage,,,"),
    ("If-None-Match huge", "", {}, "players", ", ".join(['W/"x"'] * 2000)),
    ("If-None-Match a list holding the tag", "", {}, "players", 'W/"x", {tag}, "y"'),
    ("If-None-Match the tag strong", "", {}, "players", "{strong}"),
    ("If-None-Match any", "", {}, "players", "*"),
    ("If-None-Match empty", "", {}, "players", ""),
    ("If-None-Match another tag", "", {}, "players", FOREIGN),
    ("the GM's tag sent with the players' link", "", {}, "players", 'W/"1.gm.cs.20"'),
    ("no token", "", {}, "none", "{tag}"),
    ("a wrong token", "", {}, "wrong", "{tag}"),
    ("a token of the wrong length", "", {}, "short", "{tag}"),
    ("a huge token", "", {}, "huge", "{tag}"),
    ("another scheme", "", {}, "basic", "{tag}"),
    ("the scheme alone", "", {}, "scheme", "{tag}"),
    ("the scheme in lower case, spaces around", "", {}, "spaced", "{tag}"),
    ("the language by the header, malformed", "", {"Accept-Language": ";;q=x,en;q=abc"},
     "players", "{tag}"),
    ("the language by a body", "", {"Content-Type": "application/json"}, "players", "{tag}"),
    ("an unknown id", "/abcdefghijkl", {}, "players", "{tag}"),
    ("an id too long", "/" + "a" * 33, {}, "players", "{tag}"),
    ("an id with a NUL", "/ab%00cd", {}, "players", "{tag}"),
]


def odd_headers(table: Table, link: str) -> dict[str, str]:
    """The ``Authorization`` of ``link``: one of the table's, or one that opens nothing."""
    token = table.created["links"]["players_token"]
    return {
        "players": table.players, "gm": table.gm, "none": {},
        "wrong": {"Authorization": "Bearer " + token[::-1]},
        "short": {"Authorization": "Bearer " + token[:7]},
        "huge": {"Authorization": "Bearer " + token * 300},
        "basic": {"Authorization": "Basic " + token},
        "scheme": {"Authorization": "Bearer"},
        "spaced": {"Authorization": f"bearer   {token}  "},
    }[link]


def odd_poll(app: Flask, table: Table, tag: str, query: str, extra: dict[str, str], link: str,
             match: str) -> TestResponse:
    """One case of :data:`ODD_POLLS` sent to ``app``, ``tag`` being the page's ETag."""
    path = f"/api/v1/expeditions/{table.id}"
    if query.startswith("/"):
        path, query = f"/api/v1/expeditions{query}", ""
    headers = {**odd_headers(table, link), **extra,
               "If-None-Match": match.format(tag=tag, strong=tag.removeprefix("W/"))}
    body = b'{"lang": "en"}' if "Content-Type" in extra else None
    return app.test_client().open(path + query, method="GET", headers=headers, data=body)


#: Each odd poll of ``ODD_POLLS`` as a test's parameters.
odd_polls = pytest.mark.parametrize(("query", "extra", "link", "match"),
                                    [case[1:] for case in ODD_POLLS],
                                    ids=[case[0] for case in ODD_POLLS])


def same_answers(from_memory: TestResponse, from_database: TestResponse) -> None:
    """The answer of the app that keeps heads is the one without them: status, headers, body."""
    assert from_memory.status_code == from_database.status_code < 500
    assert without_date(from_memory) == without_date(from_database)
    assert from_memory.get_data() == from_database.get_data()


@odd_polls
def test_an_odd_poll_is_answered_as_the_full_path_answers_it(
        both_paths: tuple[Flask, Flask], query: str, extra: dict[str, str], link: str,
        match: str) -> None:
    kept, unkept = both_paths
    table = Table.create(kept.test_client())
    answers = []
    for app in (kept, unkept):
        tag = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                    headers=table.players).headers["ETag"]
        assert poll(app, table, tag, table.players).status_code == 304  # the head kept
        answers.append(odd_poll(app, table, tag, query, extra, link, match))
    from_memory, from_database = answers
    same_answers(from_memory, from_database)
    if from_memory.status_code == 304:
        assert link in ("players", "spaced")  # only a link that opens it is told "unchanged"


@odd_polls
def test_an_odd_poll_of_a_change_read_already_is_answered_as_the_full_path_answers_it(
        both_paths: tuple[Flask, Flask], query: str, extra: dict[str, str], link: str,
        match: str) -> None:
    # After a change that the app has read for a follower (kept: the polls may answer the next
    # follower before Flask, from that reading), each odd poll of the old tag gets what the
    # full path gives it.
    kept, unkept = both_paths
    table = Table.create(kept.test_client())
    tag = kept.test_client().get(f"/api/v1/expeditions/{table.id}",
                                 headers=table.players).headers["ETag"]
    table.act("shift", seed=1)
    answers = []
    for app in (kept, unkept):
        assert poll(app, table, tag, table.players).status_code == 200  # the change read
        answers.append(odd_poll(app, table, tag, query, extra, link, match))
    same_answers(*answers)


@pytest.mark.parametrize(("query", "link", "status", "message"), [
    ("?entries=-1", "players", 422,
     f"Neplatný vstup. 'entries': Musí být od 0 do {PAGE_MAX}."),
    ("?entries=-1&lang=en", "players", 422,
     "Invalid input. 'entries': Must be greater than or equal to 0 and less than or equal to "
     f"{PAGE_MAX}."),
    ("?entries=20&entries=%00&lang=en", "players", 422,
     "Invalid input. 'entries.1': Contains a control character (U+0000) that cannot be stored: "
     "remove it."),
    ("", "wrong", 404, "Výprava nenalezena: odkaz je neplatný nebo zrušený."),
    ("?lang=en", "short", 404, "No such expedition: the link is invalid or revoked."),
])
def test_an_odd_poll_is_refused_in_the_readers_language(
        both_paths: tuple[Flask, Flask], query: str, link: str, status: int,
        message: str) -> None:
    kept, _ = both_paths
    table, tag = followed(kept)
    refused = poll(kept, table, tag, odd_headers(table, link), query)
    assert refused.status_code == status
    assert refused.get_json()["message"] == message
