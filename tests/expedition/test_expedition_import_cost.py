"""An import is bounded by what it costs: dice, time, and its client's rate-limit budget.

The issue's case: an export of heavy attack entries (each ``count`` 50 of ``100d100``) imported by
six clients at once killed every worker. Now an import's replay stops at its dice bound (a 422
naming the entry), its weight (entries, dice) is charged to its client's budget (a 429 when it has
no room), and it lets the worker's other requests run between entries: against the real run
command, a normal client is answered throughout six heavy imports, and no worker is killed.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from api.expeditions.models import ExpeditionRow
from api.limits import limiter
from tests.expedition.conftest import Table, app_on, as_version_1, closed
from tests.reliability.servers import serve

HEAVY = {"attack": {"ac": 10, "damage": "100d100", "count": 50}}
LIGHT = {"attack": {"ac": 10, "damage": "10d10", "count": 5}}


def export_of(client: Any, entries: int, inputs: dict[str, Any]) -> dict[str, Any]:
    """A new expedition's export followed by ``entries`` seeded attacks of ``inputs`` (with no
    target: no record changes, so the export's state is the start's), in the format of earlier
    releases (version 1: actions without a chain, which an import still takes)."""
    table = Table.create(client, name="Těžká", party=[], effects=[], supplies=0)
    document = as_version_1(client.get(f"/api/v1/expeditions/{table.id}/export",
                                       headers=table.gm).get_json())
    at = document["log"][0]["at"]
    document["log"] += [{"seq": 2 + n, "kind": "attack", "at": at, "input": inputs, "seed": n}
                        for n in range(entries)]
    document["version"] = 1 + entries
    return document


def expeditions(app: Flask) -> int:
    with app.extensions["rpg_expeditions"].database.reading() as session:
        return int(session.execute(select(func.count(ExpeditionRow.id))).scalar_one())


def test_an_import_is_charged_by_its_entries_and_dice(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # The limit counts in fixed windows of a minute: the limiter's clock stands still here, or a
    # window that ends while a loaded machine makes the export forgets what it counted so far.
    monkeypatch.setattr(limiter, "time", SimpleNamespace(time=lambda: 1_800_000_000.0,
                                                         monotonic=time.monotonic))
    app = app_on(f"sqlite:///{tmp_path / 'x.sqlite3'}", RATELIMIT_ENABLED=True,
                 RATELIMIT_DEFAULT="1000/minute")
    try:
        client = app.test_client()
        document = export_of(client, 250, LIGHT)
        used = 1000 - int(client.get("/api/v1/health/live").headers.get(
            "X-RateLimit-Remaining", "1000"))
        imported = client.post("/api/v1/expeditions/import", json=document)
        assert imported.status_code == 201, imported.get_json()
        copy = Table(client, imported.get_json())
        log = client.get(f"/api/v1/expeditions/{copy.id}/log?limit=100", headers=copy.gm)
        entries = [*log.get_json()["entries"]]
        before = log.get_json()["next_before"]
        while before is not None:
            page = client.get(f"/api/v1/expeditions/{copy.id}/log?limit=100&before={before}",
                              headers=copy.gm).get_json()
            entries += page["entries"]
            before = page["next_before"]
        rolled = sum(len(roll["results"]) for entry in entries for answer in entry["answers"]
                     for roll in answer["rolls"])
        assert rolled > 5000  # the import rolled more than one action may
        remaining = int(imported.headers["X-RateLimit-Remaining"])
        # The request, two units for its 251 entries, one per 1 000 dice rolled.
        assert remaining == 1000 - used - 1 - 2 - rolled // 1000 - 2  # (2: the creation, export)
    finally:
        closed(app)


def test_an_import_past_its_dice_bound_is_refused_and_writes_nothing(db_app: Flask) -> None:
    client = db_app.test_client()
    document = export_of(client, 300, HEAVY)
    assert 40_000 < len(json.dumps(document, separators=(",", ":"))) < 60_000  # the 47 KB
    count = expeditions(db_app)
    refused = client.post("/api/v1/expeditions/import?lang=en", json=document)
    assert refused.status_code == 422
    errors = refused.get_json()["errors"]["log"]
    assert len(errors) == 1 and errors[0].startswith(
        "Replaying the export would roll more than 20000 dice (at entry ")
    assert expeditions(db_app) == count


def test_an_import_heavier_than_the_budget_is_refused_before_its_replay(tmp_path: Path) -> None:
    app = app_on(f"sqlite:///{tmp_path / 'x.sqlite3'}", RATELIMIT_ENABLED=True,
                 RATELIMIT_DEFAULT="9/minute")
    try:
        client = app.test_client()
        document = export_of(client, 700, {"attack": {"ac": 10, "damage": "1d6"}})  # 2 used
        count = expeditions(app)
        # 1 for the request, 7 for its 701 entries: 10 > 9, refused before any replay.
        refused = client.post("/api/v1/expeditions/import", json=document)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        assert expeditions(app) == count
        assert client.get("/api/v1/morale?morale=7").status_code == 200  # nothing was counted
    finally:
        closed(app)


def test_heavy_imports_at_once_leave_a_normal_client_answered(tmp_path: Path) -> None:
    # The run command with two workers (as small as the machine's share of five).
    with serve(tmp_path, RPG_RATELIMIT_DEFAULT="100000/minute") as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("POST", "/api/v1/expeditions", body=json.dumps({"name": "Těžká"}),
                           headers={"Content-Type": "application/json"})
        created = json.loads(connection.getresponse().read())
        connection.request("GET", f"/api/v1/expeditions/{created['id']}/export",
                           headers={"Authorization": f"Bearer {created['links']['gm_token']}"})
        document = json.loads(connection.getresponse().read())
        connection.close()
        document["log"] += [{"seq": 2 + n, "kind": "attack", "at": document["log"][0]["at"],
                             "input": HEAVY, "seed": n} for n in range(300)]
        document["version"] = 301
        body = json.dumps(document).encode()
        statuses: list[int] = []

        def importer() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
            try:
                connection.request("POST", "/api/v1/expeditions/import", body=body,
                                   headers={"Content-Type": "application/json"})
                statuses.append(connection.getresponse().status)
            finally:
                connection.close()

        threads = [threading.Thread(target=importer) for _ in range(6)]
        for thread in threads:
            thread.start()
        normal = []
        while any(thread.is_alive() for thread in threads) and len(normal) < 200:
            normal.append(server.get("/api/v1/morale?morale=7", timeout=10)[0])
        for thread in threads:
            thread.join(timeout=120)
        assert statuses == [422] * 6
        assert normal and set(normal) == {200}
        assert "WORKER TIMEOUT" not in server.log.read_text(errors="replace")


def test_an_import_past_its_time_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    # A replay that cannot finish in time (here: no time at all) is a 503 to retry later.
    app = app_on(f"sqlite:///{tmp_path / 'x.sqlite3'}", EXPEDITION_IMPORT_SECONDS=0)
    try:
        client = app.test_client()
        document = export_of(client, 3, {"attack": {"ac": 10, "damage": "1d6"}})
        count = expeditions(app)
        refused = client.post("/api/v1/expeditions/import", json=document)
        assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
        assert refused.get_json()["message"] == (
            "Import se nestihl přehrát do 0 s: server je vytížený, zkus to později.")
        assert expeditions(app) == count
    finally:
        closed(app)
