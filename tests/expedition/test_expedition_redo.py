"""Redo: the newest undo taken back, the action it undid in effect again as it was recorded.

On a SQLite file and on a real PostgreSQL (``db_app``): the state and the version after a redo,
a chain of undos redone newest first, an undo after a redo, nothing to redo (422 in Czech and
English), a stale device (409), a resend with its Idempotency-Key, the players' read, and an
export with undos and redos imported again.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask

from tests.expedition.conftest import Table, rechained


def marks(table: Table, headers: dict[str, str] | None = None) -> list[tuple[str, bool]]:
    """The log newest first: each entry's kind and whether it reads as undone."""
    read = table.read(headers, entries=100)
    return [(e["kind"], e["seq"] in read["undone"]) for e in read["log"]]


def test_a_redo_restores_the_state_the_undone_action_left_as_recorded(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("damage", character="Eva", amount=4)
    shifted = table.act("shift", seed=1)
    table.undo()
    redone = table.redo()
    assert redone["version"] == 5 and redone["state"] == shifted["state"]
    assert table.read()["state"] == shifted["state"]  # the shift's dice were not rolled again
    entry = redone["entry"]
    assert (entry["kind"], entry["undoes"], entry["title"]) == ("redo", 4, "Znovu")
    assert entry["text"] == "PJ zopakoval: Další směna (záznam 3)."
    assert entry["answers"] == [] and entry["seed"] is None
    assert marks(table) == [("redo", False), ("undo", True), ("shift", False),
                            ("damage", False), ("start", False)]
    english = table.read(lang="en")["log"][0]
    assert (english["title"], english["text"]) == ("Redo", "The GM redid: Next shift (entry 3).")


def test_undos_are_redone_newest_first_then_nothing_is_left(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    damaged = table.act("damage", character="Eva", amount=4)
    shifted = table.act("shift", seed=1)
    table.undo()
    table.undo()
    assert table.redo()["state"] == damaged["state"]
    second = table.redo()
    assert second["state"] == shifted["state"]
    assert second["entry"]["text"] == "PJ zopakoval: Další směna (záznam 3)."
    assert marks(table) == [("redo", False), ("redo", False), ("undo", True), ("undo", True),
                            ("shift", False), ("damage", False), ("start", False)]
    assert table.redo(422)["message"] == "Není co zopakovat."
    assert table.version == 7


def test_an_undo_after_a_redo_takes_the_action_back_again(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    start = table.read()["state"]
    shifted = table.act("shift", seed=1)
    table.undo()
    table.redo()
    again = table.undo()
    assert again["state"] == start and again["entry"]["undoes"] == 2
    assert again["entry"]["text"] == "PJ vzal zpět: Další směna (záznam 2)."
    assert marks(table) == [("undo", False), ("redo", False), ("undo", True), ("shift", True),
                            ("start", False)]
    assert table.redo()["state"] == shifted["state"]
    assert marks(table)[:5] == [("redo", False), ("undo", True), ("redo", False),
                                ("undo", True), ("shift", False)]
    assert table.undo()["state"] == start
    assert table.undo(422)["message"] == "Není co vzít zpět."


def test_nothing_to_redo_is_a_422_in_the_users_language(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    assert table.redo(422)["message"] == "Není co zopakovat."
    english = table.client.post(f"/api/v1/expeditions/{table.id}/redo?lang=en",
                                json={"version": 1}, headers=table.gm)
    assert english.status_code == 422
    assert english.get_json()["message"] == "There is nothing to redo."
    table.act("shift", seed=1)
    assert table.redo(422)["message"] == "Není co zopakovat."
    table.undo()
    table.act("supplies", change=1)  # a new action after the undo: the undone shift stays so
    assert table.redo(422)["message"] == "Není co zopakovat."
    assert table.version == 4


def test_a_stale_device_cannot_redo_and_the_players_link_cannot(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("shift", seed=1)
    table.undo()
    stale = table.client.post(f"/api/v1/expeditions/{table.id}/redo",
                              json={"version": 2}, headers=table.gm)
    assert stale.status_code == 409 and list(stale.get_json()["errors"]) == ["version"]
    assert stale.get_json()["message"].startswith("Mezitím jednal jiný přístroj")
    players = table.client.post(f"/api/v1/expeditions/{table.id}/redo",
                                json={"version": 3}, headers=table.players)
    assert players.status_code == 403
    assert table.read()["version"] == 3


def test_a_redo_sent_again_with_its_key_is_applied_once(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("supplies", change=3)
    table.undo()
    path = f"/api/v1/expeditions/{table.id}/redo?format=text"
    sent = {**table.gm, "Idempotency-Key": str(uuid.uuid4())}
    first = table.client.post(path, json={"version": 3}, headers=sent)
    again = table.client.post(path, json={"version": 3}, headers=sent)
    assert first.status_code == again.status_code == 200
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert first.get_data(as_text=True).startswith("PJ zopakoval: Zásoby (záznam 2).")
    assert [kind for kind, _ in marks(table)] == ["redo", "undo", "supplies", "start"]
    assert table.read()["state"]["supplies"] == 15


def test_the_players_read_a_redone_secret_roll_as_secret_and_in_effect(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("shift", seed=1, hidden=True)
    table.undo()
    assert marks(table, table.players)[1:] == [("hidden", True), ("start", False)]
    table.redo()
    read = table.read(table.players)
    log = read["log"]
    assert [(e["kind"], e["seq"] in read["undone"]) for e in log] == [
        ("redo", False), ("undo", True), ("hidden", False), ("start", False)]
    assert log[0]["text"] == "PJ zopakoval skrytý hod."
    assert log[1]["text"] == "PJ vzal zpět skrytý hod."
    assert table.read(table.players, lang="en")["log"][0]["text"] == "The GM redid a secret roll."
    assert table.read()["log"][0]["text"] == "PJ zopakoval: Další směna (záznam 2)."


def test_an_older_page_of_the_log_marks_what_later_entries_undid(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    for seed in range(3):
        table.act("shift", seed=seed)
    table.undo()
    table.undo()
    table.redo()
    page = table.client.get(f"/api/v1/expeditions/{table.id}/log?limit=3&before=5",
                            headers=table.gm).get_json()
    assert [(e["seq"], e["seq"] in page["undone"]) for e in page["entries"]] == [
        (4, True), (3, False), (2, False)]


def exported(table: Table) -> dict[str, Any]:
    answer = table.client.get(f"/api/v1/expeditions/{table.id}/export", headers=table.gm)
    assert answer.status_code == 200
    document: dict[str, Any] = answer.get_json()
    return document


def test_an_export_with_undos_and_redos_imports_as_the_same_expedition(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("damage", character="Eva", amount=4)
    table.act("shift", seed=1, hidden=True)
    table.undo()
    table.undo()
    table.redo()
    table.redo()
    table.undo()
    table.redo()
    table.act("shift", seed=2)
    table.undo()
    document = exported(table)
    assert [(e["kind"], e["undoes"]) for e in document["log"][3:]] == [
        ("undo", 3), ("undo", 2), ("redo", 5), ("redo", 4), ("undo", 3), ("redo", 8),
        ("shift", None), ("undo", 10)]
    imported = table.client.post("/api/v1/expeditions/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    copy = Table(table.client, imported.get_json())
    original, moved = table.read(entries=100), copy.read(entries=100)
    assert moved["state"] == original["state"] and moved["version"] == original["version"] == 11
    assert moved["log"] == original["log"]
    assert {**exported(copy), "id": None} == {**document, "id": None}
    assert copy.redo()["state"] == table.redo()["state"]


def test_an_import_whose_redo_takes_back_no_waiting_undo_is_refused(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("shift", seed=1)
    table.act("shift", seed=2)
    table.undo()
    table.undo()
    table.redo()
    document = exported(table)
    # A forger who writes the whole chain again: it links, and the replay still refuses it.
    forged = rechained({**document, "log": [*document["log"][:5],
                                            {**document["log"][5], "undoes": 4}]})
    refused = table.client.post("/api/v1/expeditions/import?lang=en", json=forged)
    assert refused.status_code == 422
    assert refused.get_json()["errors"] == {
        "log": ["Entry 6: it takes back entry 4, which cannot be redone."]}
    early = rechained({**document, "log": [*document["log"][:3],
                                           {**document["log"][5], "seq": 4}]})
    assert table.client.post("/api/v1/expeditions/import", json=early).status_code == 422
