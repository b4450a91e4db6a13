"""Players who roll their own (the contract's section 7), on SQLite and on PostgreSQL: a link per
character, issued, listed and revoked by the GM and stored hashed; its rolls for its character
only, with the records filled in, in the chain under the character's name and changing nothing
until the GM applies one, once; what the link cannot do.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from api.expeditions.models import CharacterLinkRow, ExpeditionRow
from tests.expedition.chain_verifier import verify
from tests.expedition.conftest import Player, Table, exported, rechained, stateless


def apply(table: Table, seq: int, status: int = 200) -> dict[str, Any]:
    answer = table.client.post(f"/api/v1/expeditions/{table.id}/apply",
                               json={"version": table.version, "entry": seq}, headers=table.gm)
    assert answer.status_code == status, answer.get_json()
    data: dict[str, Any] = answer.get_json()
    if status == 200:
        table.version = data["version"]
    return data


@pytest.fixture
def table(db_app: Flask) -> Table:
    return Table.create(db_app.test_client())


def test_a_link_is_issued_once_stored_hashed_listed_and_revoked_at_once(
        db_app: Flask, table: Table) -> None:
    eva = Player(table, "Eva")
    assert eva.link["character"] == "Eva" and len(eva.link["token"]) >= 40
    with db_app.extensions["rpg_expeditions"].database.reading() as session:
        keys = list(session.execute(select(CharacterLinkRow.key)).scalars())
    assert hashlib.sha256(eva.link["token"].encode()).hexdigest() in keys
    assert eva.link["token"] not in keys
    listed = table.client.get(f"/api/v1/expeditions/{table.id}/character-links",
                              headers=table.gm).get_json()["links"]
    assert [(link["id"], link["character"]) for link in listed] == [(eva.link["id"], "Eva")]
    assert "token" not in listed[0]
    read = table.client.get(f"/api/v1/expeditions/{table.id}", headers=eva.headers)
    assert read.status_code == 200
    assert (read.get_json()["role"], read.get_json()["character"]) == ("character", "Eva")
    revoked = table.client.delete(
        f"/api/v1/expeditions/{table.id}/character-links/{eva.link['id']}", headers=table.gm)
    assert revoked.status_code == 204
    assert table.client.get(f"/api/v1/expeditions/{table.id}",
                            headers=eva.headers).status_code == 404
    eva.roll("saving-throw", 404)
    unknown = table.client.post(f"/api/v1/expeditions/{table.id}/character-links?lang=en",
                                json={"character": "Zora"}, headers=table.gm)
    assert unknown.get_json()["errors"] == {"character": ["No character Zora in the expedition."]}
    # The players' link issues nothing.
    assert table.client.post(f"/api/v1/expeditions/{table.id}/character-links",
                             json={"character": "Eva"}, headers=table.players).status_code == 403


def test_a_roll_fills_in_the_records_and_changes_nothing(table: Table) -> None:
    table.act("fatigue", character="Eva", reasons=["no-sleep"])
    before = table.read()["state"]
    eva = Player(table, "Eva")
    rolled = eva.roll("saving-throw")
    entry = rolled["entry"]
    assert (entry["kind"], entry["character"], entry["title"]) == (
        "player-roll", "Eva", "Hod hráče: postava Eva")
    answer = entry["answers"][0]
    assert answer["input"]["target"] == 12 and answer["input"]["fatigue"] == 1  # from the sheet
    assert entry["steps"][0]["origin"] == "drawn" and entry["input"]["action"] == "saving-throw"
    assert rolled["state"] == before == table.read()["state"]
    table_die = eva.roll("saving-throw", dice=[3])["entry"]
    assert table_die["steps"][0]["origin"] == "dice" and table_die["dice"] == [3]
    # The players read it as any entry, in the chain.
    public = exported(table, table.players)
    assert public["log"][-1]["character"] == "Eva"
    table.reveal_key()
    report = verify(exported(table, table.players), stateless(table.client))
    # Drawn: the fatigue's save against death and Eva's save; the table's die: her second.
    assert (report.verified, report.physical, report.mismatches) == (2, 1, 0)


def test_the_gm_applies_an_attack_once(table: Table) -> None:
    table.act("encounter", seed=1, sides=["hráči", "goblini"],
              creatures=[{"name": "goblin", "side": "goblini", "hp": 9, "ac": 11}])
    ota = Player(table, "Ota")
    hit = ota.roll("attack", target="goblin", attack={"damage": "1d6"}, dice=[15, 4])
    seq = hit["entry"]["seq"]
    assert hit["entry"]["answers"][-1]["input"]["ac"] == 11  # the creature's OČ, from the records
    creatures = hit["state"]["encounter"]["creatures"]
    assert [c["hp"] for c in creatures] == [9]  # nothing applied yet
    applied = apply(table, seq)
    assert applied["entry"]["kind"] == "apply" and applied["entry"]["input"] == {"entry": seq}
    assert [c["hp"] for c in applied["state"]["encounter"]["creatures"]] == [5]
    assert apply(table, seq, 422)["errors"] == {
        "entry": [f"Hod hráče č. {seq}: ten už je zapsaný."]}
    not_a_roll = apply(table, 2, 422)
    assert not_a_roll["errors"] == {"entry": ["Záznam č. 2: tohle není hod hráče."]}
    # The refusal's own sentence, given for its field too, is said once.
    assert not_a_roll["message"] == "Záznam č. 2: tohle není hod hráče."
    # An apply is an action of the records: undone, the goblin is whole again.
    assert [c["hp"] for c in table.undo()["state"]["encounter"]["creatures"]] == [9]


def test_an_apply_after_the_records_changed_is_refused(table: Table) -> None:
    eva = Player(table, "Eva")
    failed = eva.roll("saving-throw", dice=[10])["entry"]  # 10 < 12: a failure
    assert failed["answers"][0]["result"]["success"] is False
    table.act("edit-character", character="Eva", save=8)
    refused = apply(table, failed["seq"], 422)
    assert refused["errors"] == {"entry": [
        "Hod hráče č. 2: záznamy se od hodu změnily a stejné kostky teď dávají jiný výsledek. "
        "Požádej hráče o nový hod."]}


def test_a_death_save_applied_writes_its_consequence(table: Table) -> None:
    table.act("damage", character="Dan", amount=7)
    before = table.read()["state"]
    dan = Player(table, "Dan")
    save = dan.roll("death-save", dice=[2, 3])["entry"]
    assert table.read()["state"] == before  # rolled, not applied
    applied = apply(table, save["seq"])
    assert applied["entry"]["answers"] == save["answers"]  # the same dice, the same result
    shown = {m["name"]: m for m in applied["state"]["party"]}["Dan"]
    assert (shown["status"], shown["unconscious_shifts"]) == ("unconscious", 3)


def test_what_a_characters_link_cannot_do(table: Table) -> None:
    eva = Player(table, "Eva")
    table.act("saving-throw", character="Ota", target=12, hidden=True)
    # For another character: the character is its link's, no input names one.
    other = eva.roll("saving-throw", 422, character="Ota")
    assert "character" in other["errors"]
    assert "attacker" in eva.roll("attack", 422, attacker="Ota", attack={"damage": "1d6",
                                                                         "ac": 10})["errors"]
    assert "hidden" in eva.roll("saving-throw", 422, hidden=True)["errors"]
    assert "seed" in eva.roll("saving-throw", 422, seed=5)["errors"]
    version = {"version": table.version}
    for path, body in (("actions/shift", version), ("undo", version), ("redo", version),
                       ("reveal-key", version), ("reveal-entry", {**version, "entry": 2}),
                       ("apply", {**version, "entry": 2}), ("players-link", {}),
                       ("character-links", {"character": "Eva"})):
        answer = table.client.post(f"/api/v1/expeditions/{table.id}/{path}", json=body,
                                   headers=eva.headers)
        assert answer.status_code == 403, (path, answer.get_json())
    assert table.client.get(f"/api/v1/expeditions/{table.id}/character-links",
                            headers=eva.headers).status_code == 403
    # It reads what the players read: the secret roll as its stub, no secrets in its export.
    read = table.client.get(f"/api/v1/expeditions/{table.id}", headers=eva.headers).get_json()
    assert read["log"][0]["kind"] == "hidden" and "morale" not in read["state"]
    document = exported(table, eva.headers)
    assert "secrets" not in document and document["kind"] == "public"
    # The GM rolls with the GM's actions, not as a character.
    gm = table.client.post(f"/api/v1/expeditions/{table.id}/character/saving-throw", json={},
                           headers=table.gm)
    assert gm.status_code == 403


def test_rolls_and_applies_import_with_the_chain(table: Table) -> None:
    eva = Player(table, "Eva")
    first = eva.roll("saving-throw")["entry"]["seq"]
    eva.roll("roll", expr="2d6+1")
    apply(table, first)
    document = exported(table)
    imported = table.client.post("/api/v1/expeditions/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    moved = Table(table.client, imported.get_json())
    assert exported(moved)["log"] == document["log"]
    assert moved.read()["state"] == table.read()["state"]


#: One roll of every kind a character's link rolls, with the inputs its action needs.
ROLLS = {"skill-check": {"dc": 12}, "saving-throw": {}, "death-save": {},
         "attack": {"target": "goblin", "attack": {"damage": "1d6"}}, "roll": {"expr": "2d6+1"}}


def test_every_kind_a_link_rolls_is_tried() -> None:
    from api.expeditions.characters import PLAYER_ROLLS
    assert set(ROLLS) == set(PLAYER_ROLLS)


@pytest.mark.parametrize("kind", sorted(ROLLS))
def test_every_roll_of_a_link_is_drawn_changes_nothing_and_verifies(
        table: Table, kind: str) -> None:
    table.act("encounter", seed=1, sides=["hráči", "goblini"],
              creatures=[{"name": "goblin", "side": "goblini", "hp": 9, "ac": 11}])
    if kind == "death-save":
        table.act("damage", character="Eva", amount=10)
    before = table.read()["state"]
    eva = Player(table, "Eva")
    entry = eva.roll(kind, **ROLLS[kind])["entry"]
    assert (entry["kind"], entry["character"], entry["input"]["action"]) == (
        "player-roll", "Eva", kind)
    assert entry["steps"] and {step["origin"] for step in entry["steps"]} == {"drawn"}
    assert table.read()["state"] == before
    table.reveal_key()
    report = verify(exported(table, table.players), stateless(table.client))
    assert report.mismatches == 0 and report.verified >= len(entry["steps"])


@pytest.mark.parametrize("odd", ["\ud800", "Eva\x00", "\u202eEva"])
def test_odd_text_is_refused_before_any_write(db_app: Flask, table: Table, odd: str) -> None:
    database = db_app.extensions["rpg_expeditions"].database

    def counts() -> tuple[int, int]:
        with database.reading() as session:
            return (len(session.execute(select(CharacterLinkRow)).scalars().all()),
                    len(session.execute(select(ExpeditionRow)).scalars().all()))

    before = counts()
    refused = table.client.post(f"/api/v1/expeditions/{table.id}/character-links",
                                data=json.dumps({"character": odd}), headers=table.gm,
                                content_type="application/json")
    assert refused.status_code == 422
    # An export rechained around odd text in an entry (a forger's): refused, nothing imported.
    document = exported(table)
    document["log"][0]["title"] = odd
    if odd != "\ud800":  # no canonical form holds a lone surrogate: no chain can link it
        document = rechained(document)
    answer = table.client.post("/api/v1/expeditions/import", data=json.dumps(document),
                               content_type="application/json")
    assert answer.status_code == 422
    assert counts() == before
