"""Conditional polls answered from the expeditions' kept heads (``api.expeditions.heads``,
``api.expeditions.polls``): the same 304 as a poll that reads the database, neither a database
session nor Flask's dispatch for it, and every change, new players' link and hidden roll seen by
the very next poll.

Each test runs on a SQLite file and on a real PostgreSQL (``database_url``).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask, request_started
from werkzeug.test import TestResponse

from api.expeditions.heads import Head, Heads
from tests.expedition.conftest import Table, app_on, closed


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


def poll(app: Flask, table: Table, tag: str, headers: dict[str, str],
         query: str = "") -> TestResponse:
    return app.test_client().get(f"/api/v1/expeditions/{table.id}{query}",
                                 headers={**headers, "If-None-Match": tag})


def followed(app: Flask) -> tuple[Table, str]:
    """A new expedition, read by the players' link, and its ETag, whose head ``app`` now keeps
    (a poll answered 304)."""
    table = Table.create(app.test_client())
    tag = app.test_client().get(f"/api/v1/expeditions/{table.id}",
                                headers=table.players).headers["ETag"]
    assert poll(app, table, tag, table.players).status_code == 304
    return table, tag


def without_date(response: TestResponse) -> list[tuple[str, str]]:
    return [(name, value) for name, value in response.headers.items() if name != "Date"]


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


def test_no_head_is_kept_with_no_lifetime() -> None:
    heads = Heads(0)
    heads.keep("abc", HEAD, heads.lookup("abc")[1])
    assert heads.lookup("abc") == (None, 0)
