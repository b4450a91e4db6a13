"""Rolls no one can fake, on a played expedition (the contract's section 7), on SQLite and on
PostgreSQL (``db_app``): the independent verifier (``chain_verifier``, written from the site's
page alone) checks what the API exports; tampering with any entry, key, hash or order is caught
and named, by the verifier and by the import; a hidden roll's dice do not follow from anything a
player can read before its reveal; every verified step replays through the stateless API.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import re
from pathlib import Path

import pytest
from flask import Flask

from api.expeditions.chain import CHAIN_KINDS
from tests.expedition.chain_verifier import Report, verify, verify_head
from tests.expedition.conftest import Table, changed, exported, leaves, rechained, stateless


def play(table: Table) -> None:
    """An evening: drawn rolls, the table's dice, a typed seed, a secret roll, an undo, the key
    revealed, the secret roll revealed, then drawn rolls of the next epoch."""
    table.act("shift")  # 2: drawn (a wandering-monster check)
    table.act("saving-throw", character="Eva")  # 3: drawn
    table.act("saving-throw", character="Eva", dice=[7])  # 4: the table's die
    table.act("saving-throw", character="Ota", seed=11, target=12)  # 5: a typed seed
    table.act("saving-throw", character="Eva", hidden=True)  # 6: secret, drawn
    table.act("shift")  # 7: drawn
    table.undo()  # 8
    table.reveal_key()  # 9
    table.reveal_entry(6)  # 10
    table.act("saving-throw", character="Eva")  # 11: drawn in epoch 2 (its key still secret)


@pytest.fixture
def played(db_app: Flask) -> Table:
    table = Table.create(db_app.test_client())
    play(table)
    return table


def test_the_verifier_checks_a_played_expedition_by_origin(played: Table) -> None:
    public = exported(played, played.players)
    report = verify(public, stateless(played.client))
    # Drawn and verified: the shift's check (2), the save (3), the secret save (6) once
    # revealed, the undone shift (7); the table's die (4); the typed seed (5); epoch 2's save
    # waits for its key.
    assert report == Report(verified=4, physical=1, given_seed=1, hidden=0, waiting=1,
                            mismatches=0, first_failure=None)
    assert public["head"] == {"seq": 11, "hash": public["log"][-1]["hash"]}
    assert verify_head(public, {"seq": 6, "hash": public["log"][5]["hash"]})
    # The GM's export holds epoch 2's key: with it, every drawn roll verifies.
    gm = exported(played)
    assert verify(gm, stateless(played.client), use_secrets=True) == Report(
        verified=5, physical=1, given_seed=1, hidden=0, waiting=0, mismatches=0,
        first_failure=None)


def test_the_read_and_the_players_export_agree_with_the_chain(played: Table) -> None:
    read = played.read(played.players, entries=100)
    public = exported(played, played.players)
    assert [{**entry} for entry in reversed(read["log"])] == public["log"]
    assert read["head"] == public["head"]
    assert read["commitment"]["epoch"] == 2 and read["commitment"]["from_seq"] == 10
    assert read["undone"] == [7]
    english = played.read(played.players, entries=100, lang="en")
    assert [e["hash"] for e in english["log"]] == [e["hash"] for e in read["log"]]
    assert english["log"][0]["title"] == "Saving throw"


def test_a_hidden_roll_is_not_derivable_before_its_reveal(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("saving-throw", character="Eva", hidden=True)  # 2
    table.reveal_key()  # 3: the key of the secret roll's epoch is public now
    secret = table.read(entries=100)["log"][-2]  # the GM's reading of entry 2
    assert secret["seq"] == 2 and secret["kind"] == "saving-throw"
    seed = secret["steps"][0]["seed"]
    dice = [die for roll in secret["answers"][0]["rolls"] for die in roll["results"]]
    # Everything a player can read: the records, every page of the log in both languages, the
    # players' export, the chronicle.
    readable = [
        table.client.get(f"/api/v1/expeditions/{table.id}?entries=100&lang={lang}",
                         headers=table.players).get_data(as_text=True) for lang in ("cs", "en")]
    readable.append(table.client.get(f"/api/v1/expeditions/{table.id}/log?limit=100",
                                     headers=table.players).get_data(as_text=True))
    readable.append(json.dumps(exported(table, table.players)))
    readable.append(table.client.get(f"/api/v1/expeditions/{table.id}/chronicle",
                                     headers=table.players).get_data(as_text=True))
    text = "\n".join(readable)
    public = exported(table, table.players)
    key = bytes.fromhex(public["log"][2]["revealed"]["key"])
    assert str(seed) not in text and secret["sealed"] in text
    # The revealed key without the entry's nonce draws another seed, and so other dice.
    without_nonce = int.from_bytes(hmac.new(key, f"{public['chain_id']}/2/0".encode(),
                                            hashlib.sha256).digest()[:8], "big") >> 11
    assert without_nonce != seed
    assert verify(public).hidden == 1
    # Revealed, the same dice verify.
    table.reveal_entry(2)
    revealed = exported(table, table.players)
    assert verify(revealed, stateless(table.client)).verified == 1
    shown = revealed["log"][-1]["reveals"]["entry"]
    assert [die for roll in shown["answers"][0]["rolls"] for die in roll["results"]] == dice


def test_a_changed_value_anywhere_is_caught_at_its_entry(played: Table) -> None:
    document = exported(played)
    replay = stateless(played.client)
    tried = 0
    for index, entry in enumerate(document["log"]):
        for path in list(leaves(entry))[::7]:  # every seventh value of every entry: ~100 imports
            forged = copy.deepcopy(document)
            target = forged["log"][index]
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = changed(target[path[-1]])
            report = verify(forged, replay)
            assert report.first_failure is not None and report.first_failure[0] == index + 1, (
                path, report)
            refused = played.client.post("/api/v1/expeditions/import?lang=en", json=forged)
            assert refused.status_code == 422, path
            assert re.match(rf"Entry (no\. )?{index + 1}: ", refused.get_json()["message"]), (
                path, refused.get_json())
            tried += 1
    assert tried > 40


def test_a_reordered_or_rechained_forgery_is_refused_and_named(played: Table) -> None:
    document = exported(played)
    swapped = copy.deepcopy(document)
    swapped["log"][2], swapped["log"][3] = swapped["log"][3], swapped["log"][2]
    assert verify(swapped).first_failure is not None
    refused = played.client.post("/api/v1/expeditions/import?lang=en", json=swapped)
    assert refused.status_code == 422
    assert refused.get_json()["message"].startswith("Entry 3: its hash does not follow")
    # A forger who rewrites a drawn roll's dice and chains everything again: the chain links,
    # but the seed no longer gives the dice, and the key did not draw a forged seed.
    forged = copy.deepcopy(document)
    forged["log"][2]["steps"][0]["seed"] += 1
    forged = rechained(forged)
    assert verify(forged, stateless(played.client)).first_failure[0] == 3  # type: ignore[index]
    refused = played.client.post("/api/v1/expeditions/import?lang=en", json=forged)
    assert refused.get_json()["errors"] == {"log": [
        "Entry 3: its epoch's key did not draw the seed of step no. 1. The export was edited "
        "or is damaged."]}
    # A revealed key changed (and the chain written again) no longer matches its commitment.
    forged = copy.deepcopy(document)
    key = forged["log"][8]["revealed"]["key"]
    forged["log"][8]["revealed"]["key"] = ("0" if key[0] != "0" else "1") + key[1:]
    forged = rechained(forged)
    assert verify(forged).first_failure[0] == 9  # type: ignore[index]
    refused = played.client.post("/api/v1/expeditions/import?lang=en", json=forged)
    assert refused.get_json()["message"].startswith("Entry 9: the revealed key does not match")
    # A changed hash.
    forged = copy.deepcopy(document)
    forged["log"][4]["hash"] = "0" * 64
    assert verify(forged).first_failure[0] == 5  # type: ignore[index]
    assert played.client.post("/api/v1/expeditions/import?lang=en", json=forged).get_json()[
        "message"].startswith("Entry 5: its hash does not follow the chain.")


def test_the_import_goes_on_with_the_same_chain(played: Table) -> None:
    document = exported(played)
    imported = played.client.post("/api/v1/expeditions/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    moved = Table(played.client, imported.get_json())
    again = exported(moved)
    assert again["chain_id"] == document["chain_id"] and again["log"] == document["log"]
    assert moved.read()["commitment"] == played.read()["commitment"]
    # The reveals read as they did, for the GM, in either language (their words rebuilt).
    for lang in ("cs", "en"):
        def reveals(table: Table, lang: str = lang) -> list[tuple[str, str]]:
            log = table.client.get(f"/api/v1/expeditions/{table.id}?entries=30&lang={lang}",
                                   headers=table.gm).get_json()["log"]
            return [(e["title"], e["text"]) for e in log if e["kind"].startswith("reveal-")]
        assert reveals(moved) == reveals(played)
        assert len(reveals(played)) == 2 and all(t != title for title, t in reveals(played))
    # Both go on drawing the same seeds for the same entry: one chain, one key.
    ours = played.act("saving-throw", character="Eva")["entry"]["steps"]
    theirs = moved.act("saving-throw", character="Eva")["entry"]["steps"]
    assert ours == theirs and ours[0]["origin"] == "drawn"
    # The players' export verifies but does not import.
    refused = played.client.post("/api/v1/expeditions/import?lang=en",
                                 json=exported(played, played.players))
    assert refused.status_code == 422
    assert refused.get_json()["message"].startswith("This is the players' export")


def test_a_reveal_is_the_gms_and_names_a_secret_roll(played: Table) -> None:
    refused = played.client.post(f"/api/v1/expeditions/{played.id}/reveal-key",
                                 json={"version": played.version}, headers=played.players)
    assert refused.status_code == 403
    assert played.reveal_entry(3, status=422)["errors"] == {
        "entry": ["Záznam č. 3: tohle není skrytý hod."]}
    assert played.reveal_entry(6, status=422)["errors"] == {
        "entry": ["Skrytý hod č. 6: ten už je odhalený."]}
    assert played.reveal_entry(99, status=422)["errors"] == {
        "entry": ["Záznam č. 99: tohle není skrytý hod."]}
    # A reveal is no action of the records: the undo takes back the action before it.
    undone = played.undo()
    assert undone["entry"]["undoes"] == 11


def test_the_gm_page_knows_which_entries_no_undo_takes_back() -> None:
    source = Path("docs/javascripts/expedition/gm.js").read_text(encoding="utf-8")
    found = re.search(r"const NOT_ACTIONS = new Set\((\[.*?\])\);", source)
    assert found is not None
    assert set(json.loads(found.group(1))) == CHAIN_KINDS
