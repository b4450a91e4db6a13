"""The expeditions' database under pressure: devices acting at once, instances sharing one
database, a worker killed mid-work, a restart. On a SQLite file and on a real PostgreSQL.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, select, text
from sqlalchemy import Table as Table_

from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.store import key_of
from rpg.expedition.state import State, state_json
from tests.expedition.conftest import STORY, Table, app_on, closed
from tests.reliability.servers import Server, serve, workers


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


def test_an_existing_log_is_chained_by_the_migration(database_url: str) -> None:
    """A database of the release before the chain: migration 0003 chains its log as it
    stands (what was stored reads back the same, each step seeded or physical, a secret roll
    sealed), and the expedition goes on in the chain."""
    from alembic import command
    from alembic.config import Config

    from api import create_app
    from api.expeditions.database import MIGRATIONS, Database
    from tests.expedition.chain_verifier import Report, verify

    old = Database(database_url, timeout=5.0)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    gm_token, players = "g" * 43, "p" * 43
    at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    said = {lang: {"title": f"T {lang}", "text": f"x {lang}", "events": [], "answers": []}
            for lang in ("cs", "en")}
    state = state_json(State(name="Stará"))
    stateless = create_app({"TESTING": True}).test_client()
    step_seed = random.Random(7).randrange(2**53)  # what the action's seed 7 gave its step
    answers = {seq: stateless.post("/api/v1/saving-throw", json={"target": 12, **given}
                                   ).get_json() for seq, given in ((2, {"seed": step_seed}),
                                                                    (3, {"dice": [3]}))}
    with old.engine.connect() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        meta = MetaData()
        expeditions = Table_("expeditions", meta, autoload_with=connection)
        entries = Table_("log_entries", meta, autoload_with=connection)
        row = connection.execute(expeditions.insert().values(
            public_id="old_one", name="Stará", gm_key=key_of(gm_token),
            players_key=key_of(players), players_generation=0, version=4, state=state,
            last_action=None, created_at=at, updated_at=at).returning(expeditions.c.id)
        ).scalar_one()
        for seq, kind, hidden, seed, dice, reverts in (
                (1, "start", False, None, None, None), (2, "shift", False, 7, None, None),
                (3, "shift", True, None, [3], None), (4, "undo", False, None, None, 3)):
            steps = [] if kind in ("start", "undo") else [
                {"procedure": "saving-throw", "input": {"target": 12},
                 "seed": None if seed is None else step_seed, "dice": dice}]
            connection.execute(entries.insert().values(
                expedition_id=row, seq=seq, kind=kind, at=at, hidden=hidden, inputs={},
                seed=seed, dice=dice, steps=steps, offers=[], state_before=state,
                said={lang: {**said[lang], "answers": [answers[seq]] if steps else []}
                      for lang in said}, previous_action=None, reverts=reverts))
        connection.commit()
    old.close()
    app = app_on(database_url)  # migrates to the newest
    try:
        client = app.test_client()
        table = Table(client, {"id": "old_one", "version": 4, "links": {
            "gm_token": gm_token, "players_token": players}})
        exported = client.get("/api/v1/expeditions/old_one/export", headers=table.players)
        assert exported.status_code == 200, exported.get_data(as_text=True)
        document = exported.get_json()
        assert [e["kind"] for e in document["log"]] == ["start", "shift", "hidden", "undo"]
        assert document["log"][1]["steps"][0]["origin"] == "seed"
        assert document["log"][0]["commitment"]["epoch"] == 1
        assert verify(document) == Report(given_seed=1, hidden=1)
        assert document["log"][1]["answers"] == [answers[2]]  # what was stored reads back
        gm = table.read(entries=10)
        assert gm["log"][1]["steps"][0]["origin"] == "dice" and gm["log"][1]["hidden"]
        table.act("supplies", change=1)
        assert verify(client.get("/api/v1/expeditions/old_one/export",
                                 headers=table.players).get_json()).mismatches == 0
    finally:
        closed(app)
