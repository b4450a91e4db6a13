"""The expeditions' API: links, actions with the procedures' own answers, the version check,
undo, the log, conditional polls, export and import, errors in the user's language.

Most tests run on a SQLite file and on a real PostgreSQL (``db_app``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from sqlalchemy import select

from api.expeditions import store as store_module
from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.schemas import action_schema
from api.naming import ENDPOINT_SCHEMAS
from api.procedures import query_string
from rpg.expedition.actions import actions
from tests.answers import schema_errors
from tests.expedition.conftest import STORY, Table, app_on, closed


def replayed(client: Any, answer: dict[str, Any]) -> dict[str, Any]:
    """The procedure's own endpoint asked with the step's inputs and seed (or dice)."""
    query = {**answer["input"]}
    if answer["seed"] is not None:
        query["seed"] = answer["seed"]
    else:
        query["dice"] = [r for roll in answer["rolls"] for r in roll["results"]]
    response = client.post(f"/api/v1/{answer['procedure']}", json=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# --- links and access -------------------------------------------------------------------------


def test_creating_gives_two_links_and_keeps_only_their_hashes(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    links = table.created["links"]
    assert links["gm"].endswith(f"/vyprava/#{table.id}.{links['gm_token']}")
    assert links["players"].endswith(f"/vyprava/hraci/#{table.id}.{links['players_token']}")
    assert len(links["gm_token"]) >= 43 and links["gm_token"] != links["players_token"]
    assert table.created["version"] == 1
    assert table.created["log"][0]["text"].startswith("Výprava „Hrobka pod Vraním vrchem“ vyráží")
    database = db_app.extensions["rpg_expeditions"].database
    with database.reading() as session:
        row = session.execute(select(ExpeditionRow).where(
            ExpeditionRow.public_id == table.id)).scalar_one()
        stored = repr([getattr(row, column.key) for column in ExpeditionRow.__table__.columns])
    assert links["gm_token"] not in stored and links["players_token"] not in stored
    assert row.gm_key == hashlib.sha256(links["gm_token"].encode()).hexdigest()


def test_nothing_of_one_expedition_opens_with_another_ones_link(db_app: Flask) -> None:
    client = db_app.test_client()
    ours, theirs = Table.create(client), Table.create(client, name="Jiná")
    for headers in (theirs.gm, theirs.players, {}, {"Authorization": "Bearer nonsense"},
                    {"Authorization": "Basic " + ours.created["links"]["gm_token"]}):
        for path in ("", "/log", "/export", "/players-link"):
            answer = client.get(f"/api/v1/expeditions/{ours.id}{path}", headers=headers)
            assert answer.status_code == 404, (path, headers)
            assert answer.get_json()["message"].startswith("Výprava nenalezena")
        acted = client.post(f"/api/v1/expeditions/{ours.id}/actions/shift",
                            json={"version": 1}, headers=headers)
        assert acted.status_code == 404
    assert client.get("/api/v1/expeditions/unknown", headers=ours.gm).status_code == 404


def test_the_players_link_reads_but_cannot_act(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    assert table.read(table.players)["role"] == "players"
    refused = table.act("shift", 403, headers=table.players)
    assert refused["message"] == "Odkaz hráčů je jen ke čtení: jednat může jen PJ."
    english = table.client.post(f"/api/v1/expeditions/{table.id}/undo?lang=en",
                                json={"version": 1}, headers=table.players)
    assert english.status_code == 403
    assert english.get_json()["message"] == "The players' link is read only: only the GM can act."


def test_the_players_link_is_shown_again_and_rotated(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    client = table.client
    again = client.get(f"/api/v1/expeditions/{table.id}/players-link", headers=table.gm)
    assert again.get_json()["players_token"] == table.created["links"]["players_token"]
    assert client.get(f"/api/v1/expeditions/{table.id}/players-link",
                      headers=table.players).status_code == 403
    rotated = client.post(f"/api/v1/expeditions/{table.id}/players-link", json={},
                          headers=table.gm).get_json()
    assert client.get(f"/api/v1/expeditions/{table.id}", headers=table.players).status_code == 404
    fresh = {"Authorization": f"Bearer {rotated['players_token']}"}
    assert table.read(fresh)["role"] == "players"


# --- actions answer the procedures' own answers ------------------------------------------------


ACTIONS = [
    ("shift", {}),
    ("shift", {"noise": True}),
    ("encounter", {"sides": ["hráči", "goblini"], "reaction_modifier": 1}),
    ("attack", {"attacker": "Eva", "target": "Ota", "attack": {"ac": 12, "damage": "1d8+1"}}),
    ("morale", {"group": "goblini", "morale": 7}),
    ("fatigue", {"character": "Eva", "reasons": ["no-sleep", "illness"]}),
    ("travel-day", {"activity": "forage", "bonuses": ["food"]}),
    ("fast-travel", {"days": 8}),
    ("heal", {"character": "Eva", "magic": 3}),
]


@pytest.mark.parametrize(("kind", "inputs"), ACTIONS)
def test_each_step_is_the_procedures_own_answer_and_replays_from_its_seed(
        db_app: Flask, kind: str, inputs: dict[str, Any]) -> None:
    table = Table.create(db_app.test_client())
    seed = {"seed": 2024} if actions()[kind].rolls else {}
    acted = table.act(kind, **seed, **inputs)
    answers = acted["entry"]["answers"]
    assert answers, kind
    for answer in answers:
        assert schema_errors(answer) == {}
        assert replayed(table.client, answer) == answer
    # The same action with the same seed on the same state gives the same entry.
    other = Table.create(table.client)
    again = other.act(kind, **seed, **inputs)["entry"]["answers"]
    if not seed:  # nothing rolled: the seed is drawn, as the procedures' endpoints draw one
        again = [{**answer, "seed": None} for answer in again]
        answers = [{**answer, "seed": None} for answer in answers]
    assert again == answers


def test_physical_dice_are_replayed_by_the_procedures_too(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), mode="wilderness")
    acted = table.act("travel-day", dice=[5, 4, 4, 5, 6, 6])
    assert acted["entry"]["seed"] is None and acted["entry"]["dice"] == [5, 4, 4, 5, 6, 6]
    for answer in acted["entry"]["answers"]:
        assert answer["seed"] is None and replayed(table.client, answer) == answer
    too_many = table.act("travel-day", 422, dice=[5, 4, 4, 5, 6, 6, 6])
    assert too_many["errors"] == {"dice": ["Příliš mnoho kostek: zadáno 7, postup použil 6."]}


def test_a_hidden_roll_shows_as_hidden_to_the_players(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("shift", seed=1)
    table.act("shift", seed=2, hidden=True)
    players = table.read(table.players)["log"]
    assert players[0]["hidden"] and players[0]["text"] == "PJ hodil skrytě."
    assert players[0]["answers"] == [] and players[0]["seed"] is None
    assert players[1]["answers"] and not players[1]["hidden"]
    gm = table.read()["log"]
    assert gm[0]["hidden"] and gm[0]["answers"][0]["procedure"] == "dungeon-turn"
    english = table.read(table.players, lang="en")["log"][0]
    assert english["text"] == "The GM rolled in secret."
    undone = table.undo()
    assert undone["entry"]["text"] == "PJ vzal zpět: Další směna (záznam 3)."
    assert table.read(table.players)["log"][0]["text"] == "PJ vzal zpět skrytý hod."
    assert "morale" not in table.read(table.players)["state"]


def test_a_secret_rolls_outcome_stays_with_the_gm(db_app: Flask) -> None:
    # The entry's line says what the dice came to (who is surprised, a hit and its damage, the
    # morale's outcome): for a secret roll that is the GM's alone, in either language and in
    # every read the players' link makes.
    table = Table.create(db_app.test_client())
    table.act("encounter", dice=[4, 2, 3, 4, 5, 3, 8, 6, 6], hidden=True,
              sides=["hráči", "goblini"], creatures=[{"name": "vlk", "hp": 5, "morale": 7}])
    table.act("attack", dice=[15, 4], hidden=True, attacker="Eva", target="vlk",
              attack={"ac": 11, "damage": "1d6"})
    table.act("morale", dice=[5, 4], hidden=True, group="goblini")
    said = [entry["text"] for entry in table.read()["log"][:3]]
    assert said == [
        "Morálka skupiny goblini: prchá nebo se vzdává; úspěchy v tomto setkání: 0 → 0.",
        "Útok: Eva → vlk, zásah, poškození 4.",
        "Setkání (uvnitř): hráči, goblini. Nikdo není překvapený. Vzdálenost 14 m (poblíž), "
        "pořadí: goblini, hráči. Reakce (goblini): Přátelský, nápomocný."]
    for lang, outcomes in (("cs", ("prchá", "zásah", "poškození", "překvapen", "Přátelský")),
                           ("en", ("flees", "hit", "damage", "surprised", "Friendly"))):
        reads = [table.read(table.players, lang=lang)["log"], table.client.get(
            f"/api/v1/expeditions/{table.id}/log", query_string={"lang": lang},
            headers=table.players).get_json()["entries"]]
        for log in reads:
            assert [(e["kind"], e["text"], e["events"], e["answers"]) for e in log[:3]] == [
                ("hidden", "PJ hodil skrytě." if lang == "cs" else "The GM rolled in secret.",
                 [], [])] * 3
            shown = str(log)
            assert not [word for word in outcomes if word in shown], lang


def test_the_answer_carries_the_new_state_and_offers_what_comes_next(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("shift", seed=1)
    acted = table.act("shift", dice=[1])
    assert acted["entry"]["events"] == ["Putující monstrum! Nabízí se setkání."]
    assert acted["entry"]["offers"] == [{"action": "encounter", "input": {}, "missing": []}]
    state = acted["state"]
    assert state["clock"] == 2 and state["clock_text"] == "den 1, 0 h 20 min, směna 2"
    assert [e["left_text"] for e in state["effects"]] == ["zbývají 4 směny"] * 2
    assert table.read(table.players)["log"][0]["offers"] == []


# --- the version check, undo, the log ---------------------------------------------------------


def test_a_stale_device_gets_409_in_its_language_and_recovers(db_app: Flask) -> None:
    client = db_app.test_client()
    first = Table.create(client)
    second = Table(client, first.created)
    first.act("shift", seed=1)
    stale = second.act("shift", 409, seed=1)
    assert stale["code"] == 409 and stale["status"] == "Conflict"
    assert stale["message"].startswith("Mezitím jednal jiný přístroj: výprava je ve verzi 2")
    assert list(stale["errors"]) == ["version"]
    english = client.post(f"/api/v1/expeditions/{first.id}/actions/shift",
                          json={"version": 1}, headers={**first.gm, "Accept-Language": "en"})
    assert english.get_json()["message"].startswith("Another device acted meanwhile")
    as_text = client.post(f"/api/v1/expeditions/{first.id}/actions/shift?format=text",
                          json={"version": 1}, headers=first.gm)
    assert as_text.status_code == 409 and as_text.mimetype == "text/plain"
    second.version = second.read()["version"]  # the stale device reads again, then acts
    assert second.act("shift", seed=2)["version"] == 3


def test_undo_appends_an_entry_that_restores_the_state_before(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    start = table.read()["state"]
    table.act("damage", character="Eva", amount=4)
    table.act("shift", seed=1)
    database = db_app.extensions["rpg_expeditions"].database

    def written() -> list[tuple[Any, ...]]:
        with database.reading() as session:
            return [(e.seq, e.said, e.state_before, e.at) for e in session.execute(
                select(EntryRow).join(ExpeditionRow).where(ExpeditionRow.public_id == table.id)
                .order_by(EntryRow.seq)).scalars()]

    before = written()
    table.undo()
    table.undo()
    assert table.read()["state"] == start
    read = table.read()
    log = read["log"]
    assert [e["kind"] for e in log] == ["undo", "undo", "shift", "damage", "start"]
    assert [e["seq"] in read["undone"] for e in log] == [False, False, True, True, False]
    assert [e["undoes"] for e in log[:2]] == [2, 3]
    assert table.undo(422)["message"] == "Není co vzít zpět."
    assert written()[:3] == before  # nothing written is ever changed
    table.act("shift", seed=3)
    assert table.undo()["state"] == start


def test_the_log_pages_newest_first(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    for seed in range(6):
        table.act("shift", seed=seed)
    page = table.client.get(f"/api/v1/expeditions/{table.id}/log?limit=3",
                            headers=table.players).get_json()
    assert [e["seq"] for e in page["entries"]] == [7, 6, 5] and page["next_before"] == 5
    rest = table.client.get(f"/api/v1/expeditions/{table.id}/log?limit=50&before=5",
                            headers=table.players).get_json()
    assert [e["seq"] for e in rest["entries"]] == [4, 3, 2, 1] and rest["next_before"] is None
    assert table.client.get(f"/api/v1/expeditions/{table.id}/log?limit=101",
                            headers=table.gm).status_code == 422


def test_the_log_has_a_bound(db_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_ENTRIES", 3)
    table = Table.create(db_app.test_client())
    table.act("shift", seed=1)
    table.act("shift", seed=2)
    full = table.act("shift", 422, seed=3)
    assert full["message"].startswith("Deník výpravy je plný")


# --- polls ------------------------------------------------------------------------------------


def test_a_conditional_poll_is_a_cheap_304(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    first = table.client.get(f"/api/v1/expeditions/{table.id}", headers=table.players)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    polled = table.client.get(f"/api/v1/expeditions/{table.id}",
                              headers={**table.players, "If-None-Match": tag})
    assert polled.status_code == 304 and polled.get_data() == b""
    table.act("shift", seed=1)
    changed = table.client.get(f"/api/v1/expeditions/{table.id}",
                               headers={**table.players, "If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    # The GM's view and the English view are other bodies: other tags.
    assert table.client.get(f"/api/v1/expeditions/{table.id}", headers={
        **table.gm, "If-None-Match": changed.headers["ETag"]}).status_code == 200


def test_polls_answered_304_are_not_counted_by_the_rate_limit(tmp_path: Path) -> None:
    app = app_on(f"sqlite:///{tmp_path / 'limited.sqlite3'}", RATELIMIT_ENABLED=True,
                 RATELIMIT_DEFAULT="5/minute")
    try:
        client = app.test_client()
        table = Table.create(client)  # 1
        url = f"/api/v1/expeditions/{table.id}"
        tag = client.get(url, headers=table.players).headers["ETag"]  # 2
        statuses = {client.get(url, headers={**table.players, "If-None-Match": tag}).status_code
                    for _ in range(30)}
        assert statuses == {304}
        table.act("shift", seed=1)  # 3
        full = client.get(url, headers={**table.players, "If-None-Match": tag})  # 4
        assert full.status_code == 200 and full.headers["X-RateLimit-Remaining"] == "1"
        # A poll that opens nothing is counted, and so is a full read past the budget.
        missing = client.get("/api/v1/expeditions/nope", headers={"If-None-Match": tag})  # 5
        assert missing.status_code == 404 and missing.headers["X-RateLimit-Remaining"] == "0"
        refused = client.get(url, headers={**table.players, "If-None-Match": tag})
        assert refused.status_code == 429
    finally:
        closed(app)


# --- export and import ------------------------------------------------------------------------


def play(table: Table) -> None:
    """A short evening: shifts, a fight, damage, a death save, an undo, a hidden roll, a day."""
    for seed in range(3):
        table.act("shift", seed=seed)
    table.act("encounter", seed=4, sides=["hráči", "goblini"])
    table.act("round")
    table.act("attack", seed=5, attacker="goblin", target="Ota",
              attack={"ac": 10, "damage": "2d6+4"})
    table.act("morale", seed=6, group="goblini", morale=6, hidden=True)
    table.act("encounter-end")
    table.act("damage", character="Dan", amount=2)
    table.undo()
    table.act("add-effect", name="Pochodeň 3", shifts=6, light=True)
    table.act("mode", mode="wilderness")
    table.act("travel-day", dice=[5, 4, 4, 5, 6, 6])


def test_export_then_import_gives_the_same_expedition(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    play(table)
    exported = table.client.get(f"/api/v1/expeditions/{table.id}/export", headers=table.gm)
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    document = exported.get_json()
    public = table.client.get(f"/api/v1/expeditions/{table.id}/export", headers=table.players)
    assert public.status_code == 200  # the players' export: the log's public forms, no secret
    assert public.get_json()["log"] == document["log"]
    assert {"state", "secrets"} & set(public.get_json()) == set()
    assert document["secrets"]["key"]["key"] not in public.get_data(as_text=True)
    imported = table.client.post("/api/v1/expeditions/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    copy = Table(table.client, imported.get_json())
    assert copy.id != table.id and copy.created["links"]["gm_token"] != table.created[
        "links"]["gm_token"]
    original, moved = table.read(entries=100), copy.read(entries=100)
    assert moved["state"] == original["state"] and moved["version"] == original["version"]
    for ours, theirs in zip(original["log"], moved["log"], strict=True):
        assert {**theirs} == {**ours}
    again = table.client.get(f"/api/v1/expeditions/{copy.id}/export", headers=copy.gm)
    assert {**again.get_json(), "id": None} == {**document, "id": None}


def test_an_import_that_does_not_replay_to_its_state_is_refused(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    play(table)
    document = table.client.get(f"/api/v1/expeditions/{table.id}/export",
                                headers=table.gm).get_json()
    edited = {**document, "state": {**document["state"], "supplies": 999}}
    refused = table.client.post("/api/v1/expeditions/import?lang=en", json=edited)
    assert refused.status_code == 422
    assert refused.get_json()["message"].startswith(
        "Replaying the export gives another state than the export's")
    forged = {**document, "log": [*document["log"][:3], {**document["log"][3], "seed": 7}]}
    assert table.client.post("/api/v1/expeditions/import", json=forged).status_code == 422
    swapped = {**document, "log": [document["log"][1], document["log"][0]]}
    assert table.client.post("/api/v1/expeditions/import", json=swapped).status_code == 422


def test_an_import_may_be_larger_than_other_bodies_but_is_bounded(db_app: Flask) -> None:
    client = db_app.test_client()
    table = Table.create(client)
    document = client.get(f"/api/v1/expeditions/{table.id}/export", headers=table.gm).get_json()
    padded = {**document, "id": "x" * 32}
    body = client.application.json.dumps(padded)
    filler = " " * (100 * 1024)  # whitespace: a 100 KiB body, past the 64 KiB of the others
    assert client.post("/api/v1/expeditions/import", data=body + filler,
                       content_type="application/json").status_code == 201
    assert client.post("/api/v1/expeditions", data=client.application.json.dumps(STORY) + filler,
                       content_type="application/json").status_code == 413
    huge = " " * (db_app.config["EXPEDITION_IMPORT_MAX_BYTES"] + 1)
    assert client.post("/api/v1/expeditions/import", data=body + huge,
                       content_type="application/json").status_code == 413


# --- errors, bounds, formats ------------------------------------------------------------------


@pytest.mark.parametrize(("body", "field"), [
    ({**STORY, "name": "x" * 81}, "name"),
    ({**STORY, "party": [{"name": f"P{i}", "max_hp": 5} for i in range(21)]}, "party"),
    ({**STORY, "party": [{"name": "x" * 41, "max_hp": 5}]}, "party"),
    ({**STORY, "effects": [{"name": "Pochodeň", "shifts": 0}]}, "effects"),
    ({**STORY, "supplies": 100_001}, "supplies"),
    ({**STORY, "modee": "dungeon"}, "modee"),
])
def test_bounds_on_creating(db_app: Flask, body: dict[str, Any], field: str) -> None:
    answer = db_app.test_client().post("/api/v1/expeditions", json=body)
    assert answer.status_code == 422 and field in answer.get_json()["errors"]


def test_an_action_refuses_what_the_rules_refuse_naming_the_field(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    assert table.act("damage", 422, character="Nikdo", amount=3)["errors"] == {
        "character": ["V družině není nikdo jménem 'Nikdo'."]}
    assert "attack" in table.act("attack", 422, attack={"ac": 12, "damage": "1d8",
                                                        "fatigue": 3})["errors"]
    assert "version" in table.client.post(
        f"/api/v1/expeditions/{table.id}/actions/shift", json={}, headers=table.gm
    ).get_json()["errors"]
    assert table.act("rest", 422)["message"].startswith("Na odpočinek je brzy")
    assert table.act("shift", 422, seed=1, dice=[1])["errors"]["dice"]


def test_an_actions_refusal_names_its_inputs_as_the_gms_page_does(db_app: Flask) -> None:
    # In Czech by the labels of the action's own form (the API's schema); in English by the
    # API's names.
    table = Table.create(db_app.test_client(), mode="wilderness")
    twice = [{"group": "Eva a Ota", "activity": "forage"},
             {"group": "Eva a Ota", "activity": "hunt"}]
    refused = table.act("travel-day", 422, activities=twice)
    assert refused["message"] == (
        "Skupina 'Eva a Ota' je v poli „Nebo aktivity skupin (každá skupina hází zvlášť)“ "
        "dvakrát: každá skupina má svou jednu aktivitu.")
    assert refused["errors"] == {"activities": [refused["message"]]}
    english = table.act("travel-day", 422, activities=twice, lang="en")
    assert english["message"] == ("The group 'Eva a Ota' is in 'activities' twice: each group "
                                  "has its one activity.")
    assert table.act("damage", 422, character="Eva", amount=0)["message"] == (
        "Neplatný vstup. „Kolik životů ztrácí“: Musí být od 1 do 100000.")


@pytest.mark.parametrize("kind", sorted(kind for kind in actions() if kind != "start"))
def test_every_action_names_its_refused_inputs_by_its_own_form(db_app: Flask,
                                                               kind: str) -> None:
    # The endpoint an action's URL reaches has the action's schema, from which a Czech refusal
    # takes its labels (api/errors.py), for every action of the registry.
    endpoint, _ = db_app.url_map.bind("localhost").match(
        f"/api/v1/expeditions/x/actions/{kind}", method="POST")
    schema = ENDPOINT_SCHEMAS[endpoint]
    assert set(schema._declared_fields) == set(
        action_schema(kind, actions()[kind].rolls)._declared_fields)


def test_an_action_as_a_chat_card(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    text = table.client.post(f"/api/v1/expeditions/{table.id}/actions/shift?format=text",
                             json={"version": 1, "seed": 3}, headers=table.gm)
    assert text.status_code == 200 and text.mimetype == "text/plain"
    assert text.get_data(as_text=True).startswith("Uběhla směna: den 1, 0 h 10 min, směna 1.")
    table.version = 2
    markdown = table.client.post(f"/api/v1/expeditions/{table.id}/actions/shift",
                                 json={"version": 2, "seed": 3, "format": "md"}, headers=table.gm)
    assert markdown.get_data(as_text=True).startswith("**Hrobka pod Vraním vrchem · Další směna**")


def test_every_endpoint_is_in_the_openapi_document(db_app: Flask) -> None:
    paths = db_app.test_client().get("/api/v1/openapi.json").get_json()["paths"]
    ours = {path for path in paths if path.startswith("/api/v1/expeditions")}
    assert {"/api/v1/expeditions", "/api/v1/expeditions/import",
            "/api/v1/expeditions/{public_id}", "/api/v1/expeditions/{public_id}/undo",
            "/api/v1/expeditions/{public_id}/redo",
            "/api/v1/expeditions/{public_id}/log", "/api/v1/expeditions/{public_id}/export",
            "/api/v1/expeditions/{public_id}/players-link",
            "/api/v1/expeditions/{public_id}/actions/shift",
            "/api/v1/expeditions/{public_id}/actions/travel-day"} <= ours
    travel = paths["/api/v1/expeditions/{public_id}/actions/travel-day"]["post"]
    assert "travel" in travel["description"] and "camping" in travel["description"]


def test_the_database_is_a_required_readiness_check(db_app: Flask) -> None:
    health = db_app.test_client().get("/api/v1/health").get_json()
    assert health["checks"]["database"] == {"ok": True, "store": db_app.extensions[
        "rpg_expeditions"].database.kind, "required": True}


def test_a_database_that_does_not_answer_is_a_503_and_the_rules_serve_on() -> None:
    app = app_on("postgresql+psycopg://nobody@127.0.0.1:1/none")
    client = app.test_client()
    health = client.get("/api/v1/health")
    assert health.status_code == 503 and health.get_json()["status"] == "unavailable"
    created = client.post("/api/v1/expeditions", json=STORY)
    assert created.status_code == 503 and created.headers["Retry-After"] == "5"
    assert created.get_json()["message"].startswith("Databáze výprav teď neodpovídá")
    assert client.get("/api/v1/morale?morale=7").status_code == 200


def test_the_query_of_a_step_replays_as_a_get_too(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    answer = table.act("shift", seed=11)["entry"]["answers"][0]
    url = f"/api/v1/{answer['procedure']}?{query_string(answer['input'])}&" + urlencode(
        {"seed": answer["seed"]})
    assert table.client.get(url).get_json() == answer
