"""The expeditions' database under pressure: devices acting at once, instances sharing one
database, a worker killed mid-work, a restart. On a SQLite file and on a real PostgreSQL.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import select, text

from api.expeditions.models import EntryRow, ExpeditionRow
from tests.expedition.conftest import STORY, Table, app_on, closed
from tests.reliability.servers import Server, serve


def test_two_devices_at_once_one_wins_the_other_gets_409(database_url: str) -> None:
    # Two instances (two apps) on one database, as behind a load balancer.
    first, second = app_on(database_url), app_on(database_url)
    try:
        table = Table.create(first.test_client())
        devices = [Table(first.test_client(), table.created),
                   Table(second.test_client(), table.created)]
        for round_ in range(8):
            version = devices[0].read()["version"]
            start = threading.Barrier(2)
            statuses: list[int] = []

            def tap(device: Table, seed: int, version: int = version,
                    start: threading.Barrier = start, statuses: list[int] = statuses) -> None:
                start.wait()
                answer = device.client.post(
                    f"/api/v1/expeditions/{device.id}/actions/supplies",
                    json={"version": version, "change": 1 + seed}, headers=device.gm)
                statuses.append(answer.status_code)

            threads = [threading.Thread(target=tap, args=(device, n))
                       for n, device in enumerate(devices)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=30)
            assert sorted(statuses) == [200, 409], round_
        final = devices[1].read(entries=100)
        assert final["version"] == 1 + 8
        assert [e["seq"] for e in final["log"]] == list(range(9, 0, -1))
    finally:
        closed(first)
        closed(second)


def test_no_update_is_lost_when_devices_retry(database_url: str) -> None:
    apps = [app_on(database_url) for _ in range(2)]
    try:
        table = Table.create(apps[0].test_client(), supplies=0)
        done: list[int] = []

        def device(app_index: int) -> None:
            me = Table(apps[app_index % 2].test_client(), table.created)
            for _ in range(6):
                for _attempt in range(50):
                    me.version = me.read(entries=0)["version"]
                    answer = me.client.post(f"/api/v1/expeditions/{me.id}/actions/supplies",
                                            json={"version": me.version, "change": 1},
                                            headers=me.gm)
                    if answer.status_code == 200:
                        done.append(1)
                        break
                    assert answer.status_code == 409, answer.get_json()

        threads = [threading.Thread(target=device, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        state = table.read(entries=0)
        assert len(done) == 24
        assert state["state"]["supplies"] == 24 and state["version"] == 25
    finally:
        for app in apps:
            closed(app)


def test_the_migrations_run_once_and_again_do_nothing(database_url: str) -> None:
    first = app_on(database_url)
    second = app_on(database_url)  # migrates an up-to-date database: nothing to do
    try:
        database = second.extensions["rpg_expeditions"].database
        with database.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")
                                      ).scalar_one() == "0003"
        Table.create(first.test_client())
        with database.reading() as session:
            assert len(session.execute(select(ExpeditionRow)).scalars().all()) == 1
    finally:
        closed(first)
        closed(second)


# --- real processes: a killed worker, a restart -----------------------------------------------


def post(server: Server, path: str, body: dict[str, Any],
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """One POST of JSON on a fresh connection."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        connection.request("POST", path, body=json.dumps(body).encode(), headers={
            "Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        connection.close()


def workers(server: Server) -> list[int]:
    """The gunicorn workers' process ids (the master's children)."""
    listed = subprocess.run(["ps", "-o", "pid=", "--ppid", str(server.process.pid)],
                            capture_output=True, text=True, check=False).stdout
    return [int(pid) for pid in listed.split()]


def test_a_killed_worker_and_a_restart_lose_nothing_committed(database_url: str,
                                                               tmp_path: Path) -> None:
    settings = {"RPG_DATABASE_URL": database_url, "RPG_RATELIMIT_ENABLED": "false"}
    acknowledged: list[int] = []
    with serve(tmp_path, **settings) as server:
        status, created = post(server, "/api/v1/expeditions", STORY)
        assert status == 201, created
        gm = {"Authorization": f"Bearer {created['links']['gm_token']}"}
        path = f"/api/v1/expeditions/{created['id']}"
        version = created["version"]
        for tap in range(12):
            if tap == 6:
                os.kill(workers(server)[0], signal.SIGKILL)  # gunicorn starts another
            try:
                status, acted = post(server, f"{path}/actions/supplies",
                                     {"version": version, "change": 1}, gm)
            except (ConnectionError, http.client.HTTPException):
                status, acted = 0, {}  # this request died with its worker
            if status == 200:
                version = acted["version"]
                acknowledged.append(version)
            elif status == 409:  # it had committed before its answer was lost: read again
                version = json.loads(server.get(path, gm)[2])["version"]
    assert len(acknowledged) >= 10
    # The server was stopped; a new one on the same database finds everything committed.
    with serve(tmp_path, **settings) as again:
        status, _, body = again.get(f"{path}?entries=100", gm)
        found = json.loads(body)
    assert status == 200
    assert found["version"] >= acknowledged[-1]
    assert set(acknowledged) <= {entry["seq"] for entry in found["log"]}
    assert found["state"]["supplies"] == STORY["supplies"] + found["version"] - 1


def test_each_entry_keeps_the_chain_an_undo_follows(db_app: Any) -> None:
    table = Table.create(db_app.test_client())
    for seed in range(3):
        table.act("shift", seed=seed)
    table.undo()
    database = db_app.extensions["rpg_expeditions"].database
    with database.reading() as session:
        expedition = session.execute(select(ExpeditionRow).where(
            ExpeditionRow.public_id == table.id)).scalar_one()
        rows = session.execute(select(EntryRow).where(
            EntryRow.expedition_id == expedition.id).order_by(EntryRow.seq)).scalars().all()
    assert [row.seq for row in rows] == [1, 2, 3, 4, 5]
    assert [row.previous_action for row in rows] == [None, None, 2, 3, None]
    assert [row.reverts for row in rows] == [None, None, None, None, 4]
    assert expedition.state == rows[3].state_before and expedition.last_action == 3
