"""One action, applied once: the ``Idempotency-Key`` header on every write.

In the app on SQLite and PostgreSQL: the same key and request answer the kept answer again (same
status and body, ``Idempotent-Replayed: true``) instead of a 409 or a second application; another
request with the key is a 422; keys are per expedition; a creation's answer is kept without its
tokens; an expired key is a new request. Against the real run command: an action whose answer
was lost (the connection dropped after sending it; a worker killed mid-burst) is sent again with
its key and applied once.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select, update

from api.expeditions.models import EntryRow, ExpeditionRow, IdempotencyRow
from tests.expedition.conftest import STORY, Table
from tests.reliability.servers import Server, serve, workers


def key() -> str:
    return str(uuid.uuid4())


def post(table: Table, path: str, body: dict[str, Any], idempotency: str | None,
         headers: dict[str, str] | None = None) -> Any:
    sent = {**(headers if headers is not None else table.gm)}
    if idempotency is not None:
        sent["Idempotency-Key"] = idempotency
    return table.client.post(path, json=body, headers=sent)


def entries(db_app: Flask, public_id: str) -> list[EntryRow]:
    with db_app.extensions["rpg_expeditions"].database.reading() as session:
        return list(session.execute(select(EntryRow).join(ExpeditionRow).where(
            ExpeditionRow.public_id == public_id).order_by(EntryRow.seq)).scalars())


def test_an_action_sent_again_with_its_key_is_answered_again_not_applied_twice(
        db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    path = f"/api/v1/expeditions/{table.id}/actions/supplies"
    sent = key()
    first = post(table, path, {"version": 1, "change": 5}, sent)
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    table.version = first.get_json()["version"]
    table.act("shift", seed=1)  # another action since: the resend's version is stale
    again = post(table, path, {"version": 1, "change": 5}, sent)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert again.headers["Content-Type"] == first.headers["Content-Type"]
    assert [entry.kind for entry in entries(db_app, table.id)] == ["start", "supplies", "shift"]
    assert table.read()["state"]["supplies"] == STORY["supplies"] + 5
    # Without a key, the same resend is what it always was: stale.
    assert post(table, path, {"version": 1, "change": 5}, None).status_code == 409


def test_the_same_key_with_another_request_is_refused(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    path = f"/api/v1/expeditions/{table.id}/actions/supplies"
    sent = key()
    assert post(table, path, {"version": 1, "change": 5}, sent).status_code == 200
    for body, where in (({"version": 1, "change": 6}, path),
                        ({"version": 1, "change": 5}, path + "?lang=cs"),
                        ({"version": 1}, f"/api/v1/expeditions/{table.id}/undo")):
        refused = post(table, where, body, sent)
        assert refused.status_code == 422, refused.get_data()
        assert list(refused.get_json()["errors"]) == ["Idempotency-Key"]
    english = post(table, path + "?lang=en", {"version": 1, "change": 7}, sent)
    assert english.get_json()["errors"]["Idempotency-Key"] == [
        "This Idempotency-Key came with another request: a new request needs a new key."]
    assert len(entries(db_app, table.id)) == 2


@pytest.mark.parametrize("bad", ["short", "x" * 256, "klíč-" + "x" * 20, "with space " * 3])
def test_a_key_is_16_to_255_visible_ascii_characters(db_app: Flask, bad: str) -> None:
    table = Table.create(db_app.test_client())
    refused = post(table, f"/api/v1/expeditions/{table.id}/actions/shift", {"version": 1}, bad)
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == {"Idempotency-Key": [
        "Hlavička Idempotency-Key musí mít od 16 do 255 viditelných znaků ASCII (např. UUID)."]}
    assert len(entries(db_app, table.id)) == 1


def test_undo_and_a_chat_card_are_kept_as_they_were_answered(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("supplies", change=3)
    undo = f"/api/v1/expeditions/{table.id}/undo?format=text"
    sent = key()
    first = post(table, undo, {"version": 2}, sent)
    again = post(table, undo, {"version": 2}, sent)
    assert first.status_code == again.status_code == 200
    assert first.mimetype == again.mimetype == "text/plain"
    assert again.get_data() == first.get_data()
    assert first.get_data(as_text=True).startswith("PJ vzal zpět")
    assert [entry.kind for entry in entries(db_app, table.id)] == ["start", "supplies", "undo"]


def test_keys_are_per_expedition(db_app: Flask) -> None:
    client = db_app.test_client()
    ours, theirs = Table.create(client), Table.create(client, name="Jiná")
    sent = key()
    for table in (ours, theirs):
        answer = post(table, f"/api/v1/expeditions/{table.id}/actions/supplies",
                      {"version": 1, "change": 1}, sent)
        assert answer.status_code == 200 and "Idempotent-Replayed" not in answer.headers
    # The players' link cannot act, with a key or without.
    refused = post(ours, f"/api/v1/expeditions/{ours.id}/actions/supplies",
                   {"version": 1, "change": 1}, sent, ours.players)
    assert refused.status_code == 403


def test_a_creation_sent_again_is_the_same_expedition_and_keeps_no_token(db_app: Flask) -> None:
    client = db_app.test_client()
    sent = key()
    first = client.post("/api/v1/expeditions", json=STORY, headers={"Idempotency-Key": sent})
    again = client.post("/api/v1/expeditions", json=STORY, headers={"Idempotency-Key": sent})
    assert first.status_code == again.status_code == 201
    assert again.get_data() == first.get_data()
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    created = first.get_json()
    table = Table(client, created)
    assert table.read()["version"] == 1
    assert client.post("/api/v1/expeditions", json={**STORY, "name": "Jiná"},
                       headers={"Idempotency-Key": sent}).status_code == 422
    database = db_app.extensions["rpg_expeditions"].database
    with database.reading() as session:
        kept = session.execute(select(IdempotencyRow).where(
            IdempotencyRow.scope == "create")).scalars().all()
        expeditions = session.execute(select(ExpeditionRow)).scalars().all()
    links = created["links"]
    stored = repr([(row.body, row.headers, row.nonce, row.key_hash) for row in kept]) + repr(
        [(row.gm_key, row.players_key) for row in expeditions])
    assert links["gm_token"] not in stored and links["players_token"] not in stored
    assert sent not in stored


def test_an_import_sent_again_is_answered_again(db_app: Flask) -> None:
    client = db_app.test_client()
    table = Table.create(client)
    table.act("shift", seed=4)
    document = client.get(f"/api/v1/expeditions/{table.id}/export", headers=table.gm).get_json()
    sent = key()
    first = client.post("/api/v1/expeditions/import", json=document,
                        headers={"Idempotency-Key": sent})
    again = client.post("/api/v1/expeditions/import", json=document,
                        headers={"Idempotency-Key": sent})
    assert first.status_code == again.status_code == 201
    assert again.get_data() == first.get_data()
    with db_app.extensions["rpg_expeditions"].database.reading() as session:
        assert len(session.execute(select(ExpeditionRow)).scalars().all()) >= 2
        copies = session.execute(select(ExpeditionRow).where(
            ExpeditionRow.public_id == first.get_json()["id"])).scalars().all()
    assert len(copies) == 1


def test_a_kept_answer_expires_and_is_swept(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    path = f"/api/v1/expeditions/{table.id}/actions/supplies"
    sent = key()
    first = post(table, path, {"version": 1, "change": 2}, sent)
    assert first.status_code == 200
    table.version = first.get_json()["version"]
    store = db_app.extensions["rpg_expeditions"]
    long_ago = datetime.now(UTC) - store.keep_keys - timedelta(minutes=1)
    with store.database.writing() as session:
        session.execute(update(IdempotencyRow).values(created_at=long_ago))
    # Expired: the resend is a new request again (stale, as without a key).
    assert post(table, path, {"version": 1, "change": 2}, sent).status_code == 409
    assert store.keep_keys >= timedelta(days=1)
    other = Table.create(table.client)
    assert post(other, f"/api/v1/expeditions/{other.id}/actions/supplies",
                {"version": 1, "change": 2}, key()).status_code == 200
    with store.database.writing() as session:
        session.execute(update(IdempotencyRow).values(created_at=long_ago))
    store._swept_at = -float("inf")  # the next write sweeps (else at most every 10 minutes)
    table.act("shift", seed=1)
    with store.database.reading() as session:
        assert session.execute(select(IdempotencyRow)).scalars().all() == []


# --- the real run command: an answer lost, a worker killed --------------------------------------


def raw_post(server: Server, path: str, body: dict[str, Any], headers: dict[str, str]) -> None:
    """Send a POST and close the connection without reading the answer (a phone that lost it)."""
    payload = json.dumps(body).encode()
    head = "".join(f"{name}: {value}\r\n" for name, value in {
        "Host": "127.0.0.1", "Content-Type": "application/json",
        "Content-Length": str(len(payload)), **headers}.items())
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\n{head}\r\n".encode() + payload)
        sock.shutdown(socket.SHUT_WR)


def test_a_lost_answer_and_killed_workers_apply_each_action_once(database_url: str,
                                                                  tmp_path: Path) -> None:
    settings = {"RPG_DATABASE_URL": database_url, "RPG_RATELIMIT_ENABLED": "false"}
    with serve(tmp_path, **settings) as server:
        status, _, created = server.post("/api/v1/expeditions", STORY, {})
        assert status == 201
        gm = {"Authorization": f"Bearer {created['links']['gm_token']}"}
        path = f"/api/v1/expeditions/{created['id']}"

        # The answer lost: sent, the connection gone; the action was committed all the same.
        sent = key()
        raw_post(server, f"{path}/actions/supplies", {"version": 1, "change": 10},
                 {**gm, "Idempotency-Key": sent})
        deadline = time.monotonic() + 30
        while json.loads(server.get(path, gm)[2])["version"] == 1:
            assert time.monotonic() < deadline, "the lost action was never committed"
            time.sleep(0.1)
        status, headers, answer = server.post(f"{path}/actions/supplies",
                                            {"version": 1, "change": 10},
                                            {**gm, "Idempotency-Key": sent})
        assert status == 200 and headers["Idempotent-Replayed"] == "true"
        assert answer["version"] == 2 and answer["state"]["supplies"] == STORY["supplies"] + 10

        # Four devices, each acting on its own expedition, while workers are killed mid-burst:
        # every request without an answer is sent again with its key until one comes.
        tables = []
        for n in range(4):
            status, _, made = server.post("/api/v1/expeditions",
                                        {**STORY, "name": f"Výprava {n}", "supplies": 0}, {})
            assert status == 201
            tables.append(made)
        changes = list(range(1, 16))
        outcomes: dict[int, list[int]] = {n: [] for n in range(4)}
        stop = threading.Event()

        def device(n: int) -> None:
            made = tables[n]
            token = {"Authorization": f"Bearer {made['links']['gm_token']}"}
            version = 1
            for change in changes:
                sent = key()
                for _attempt in range(40):
                    try:
                        status, _, acted = server.post(
                            f"/api/v1/expeditions/{made['id']}/actions/supplies",
                            {"version": version, "change": change},
                            {**token, "Idempotency-Key": sent})
                    except (OSError, http.client.HTTPException, json.JSONDecodeError):
                        time.sleep(0.2)  # no answer: the worker died; send it again
                        continue
                    outcomes[n].append(status)
                    if status == 200:
                        version = acted["version"]
                        break
                    time.sleep(0.2)  # a 503 while a worker restarts: send it again
                else:
                    raise AssertionError(f"device {n}: change {change} never answered")

        def killer() -> None:
            for _ in range(6):
                if stop.wait(0.4):
                    return
                for pid in workers(server)[:1]:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)

        threads = [threading.Thread(target=device, args=(n,)) for n in range(4)]
        killing = threading.Thread(target=killer)
        for thread in (*threads, killing):
            thread.start()
        for thread in threads:
            thread.join(timeout=240)
        stop.set()
        killing.join(timeout=30)
        assert all(not thread.is_alive() for thread in threads)
        for n, made in enumerate(tables):
            token = {"Authorization": f"Bearer {made['links']['gm_token']}"}
            found = json.loads(server.get(f"/api/v1/expeditions/{made['id']}?entries=100",
                                          token)[2])
            # Each change applied exactly once: the log holds each, the sum is theirs.
            assert found["version"] == 1 + len(changes), (n, outcomes[n])
            assert found["state"]["supplies"] == sum(changes)
            assert sorted(entry["input"]["change"] for entry in found["log"]
                          if entry["kind"] == "supplies") == changes
            assert 409 not in outcomes[n]
