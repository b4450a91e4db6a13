"""Players' and characters' polls held until a change (``Prefer: wait=N``,
``api.expeditions.waits``) under the run command: its processes, two instances on one
PostgreSQL, a database that stops answering, a worker told to stop.

The held poll runs in a thread of the test (a connection of its own); the GM acts from another
connection, which lands on either worker. Nothing here is timed: a change must bring the ``200``
(or the refusal of a cut link) instead of the ``304`` that ends a wait with nothing changed.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.postgres import Cluster
from tests.reliability.outages import DATABASE_TIMEOUT, outage_ahead, players_page
from tests.reliability.servers import Server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py

Answer = tuple[int, dict[str, str], bytes]


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=8) as executor:
        yield executor


def held(pool: ThreadPoolExecutor, server: Server, path: str, headers: dict[str, str],
         tag: str, wait: int) -> Future[Answer]:
    """A players' poll asking to be held ``wait`` s, sent from a thread of ``pool``; given a
    moment to arrive before the test acts (whether it arrived first or not, a change must bring
    the same answer)."""
    future = pool.submit(server.get, path, {**headers, "If-None-Match": tag,
                                            "Prefer": f"wait={wait}"},
                         timeout=wait + 3 * DATABASE_TIMEOUT)
    time.sleep(0.5)
    return future


def version(answer: Answer) -> int:
    status, _, body = answer
    assert status == 200, answer
    return int(json.loads(body)["version"])


def test_held_polls_on_both_workers_see_the_change_and_the_cut_link(
        tmp_path: Path, pool: ThreadPoolExecutor) -> None:
    with serve(tmp_path) as server:
        path, gm, players, tag = players_page(server)
        status, headers, _ = server.get(path, {**players, "If-None-Match": tag,
                                               "Prefer": "wait=1"})
        assert (status, headers["Preference-Applied"]) == (304, "wait=1")
        status, headers, _ = server.get(path, {**players, "If-None-Match": tag})
        assert status == 304 and "Preference-Applied" not in headers  # none asked: today's

        # Four connections: the polls land on both workers; the action on either.
        polls = [held(pool, server, path, players, tag, 20) for _ in range(4)]
        status, _, acted = server.post(f"{path}/actions/shift", {"version": 1, "seed": 1}, gm)
        assert status == 200, acted
        answers = [future.result() for future in polls]
        assert [version(answer) for answer in answers] == [2, 2, 2, 2]
        assert {answer[1]["ETag"] for answer in answers} == {'W/"2.players.cs.20"'}
        tag = answers[0][1]["ETag"]

        polls = [held(pool, server, path, players, tag, 20) for _ in range(4)]
        status, _, rotated = server.post(f"{path}/players-link", {}, gm)
        assert status == 200, rotated
        for future in polls:
            status, _, body = future.result()
            assert status == 404 and json.loads(body)["message"] == (
                "Výprava nenalezena: odkaz je neplatný nebo zrušený."), body


def test_a_follower_held_on_another_instance_sees_the_change_before_its_wait_ends(
        tmp_path: Path, postgres: Cluster, pool: ThreadPoolExecutor) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with (postgres.database() as url,
          serve(tmp_path / "a", RPG_DATABASE_URL=url) as acting,
          serve(tmp_path / "b", RPG_DATABASE_URL=url) as following):
        path, gm, players, tag = players_page(acting)
        asked = time.monotonic()
        future = held(pool, following, path, players, tag, 10)
        status, _, acted = acting.post(f"{path}/actions/shift", {"version": 1, "seed": 1}, gm)
        assert status == 200, acted
        answer = future.result()
        print(f"seen on the other instance {time.monotonic() - asked:.2f} s after the poll")
        assert version(answer) == 2 and "Preference-Applied" not in answer[1]

        future = held(pool, following, path, players, answer[1]["ETag"], 10)
        status, _, rotated = acting.post(f"{path}/players-link", {}, gm)
        assert status == 200, rotated
        assert future.result()[0] == 404  # the cut link, across instances too


@pytest.mark.parametrize("character", [None, "Eva"], ids=["players", "character"])
@pytest.mark.parametrize("outage", ["frozen", "stopped"])
def test_a_poll_held_through_a_database_outage_is_answered_as_every_poll(
        postgres: Cluster, tmp_path: Path, pool: ThreadPoolExecutor, outage: str,
        character: str | None) -> None:
    # The players' poll is held before Flask, a character's in Flask's view after its link's
    # read (api.expeditions.views._hold): both wake when the watcher cannot read.
    with outage_ahead(postgres, tmp_path, outage) as (server, down):
        path, _, players, tag = players_page(server, character)
        assert tag.split(".")[1] == ("character" if character else "players")
        future = held(pool, server, path, players, tag, 4 * DATABASE_TIMEOUT)
        with down():
            status, headers, _ = future.result()
        # The watcher could not read the database: Flask answered, as it answers every poll then
        # (the head it still keeps, or the outage's 503), before the wait ended; never a 500.
        assert (status, headers.get("Retry-After")) in ((304, None), (503, "5")), status
        assert "Preference-Applied" not in headers


def test_a_stopping_worker_answers_its_held_poll_at_once(
        tmp_path: Path, pool: ThreadPoolExecutor) -> None:
    with serve(tmp_path, WEB_CONCURRENCY="1") as server:
        path, _, players, tag = players_page(server)
        future = held(pool, server, path, players, tag, 25)
        server.process.send_signal(signal.SIGTERM)
        status, headers, _ = future.result()
        assert status == 304 and "Preference-Applied" not in headers
