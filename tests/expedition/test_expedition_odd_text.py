"""Odd text into every string of every expedition route, then the expedition reads back whole.

The routes and their strings come from the app's OpenAPI document (:mod:`tests.openapi_strings`),
so a route or a field added later is covered too. Text that cannot be stored or shown (a lone
surrogate, NUL, other control characters, bidirectional overrides and isolates) is refused with
a 422 naming the field before any write; a name of only blank or zero-width characters, or 10 000
characters, is refused by the field itself (or, where such text is a valid input, taken). Either
way nothing is a 5xx, and afterwards the GM's read, the players' read, the log and the export all
answer 200, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from sqlalchemy import select

from api.expeditions.idempotency import Answer
from api.expeditions.models import ExpeditionRow
from api.expeditions.store import Unstorable, Written
from tests.expedition.conftest import STORY, Table
from tests.openapi_strings import StringField, placed, string_fields

#: Text no database stores or no page shows as written: refused by every route, naming the field.
ODD = {
    "lone surrogate": "Eva\ud800",
    "NUL": "Eva\x00",
    "escape (C0)": "\x1b[31mEva",
    "C1 control": "Eva\x9b",
    "right-to-left override": "\u202eavE",
    "isolate": "\u2067Eva\u2069",
}
#: Text a name refuses for itself (it shows nothing, or is far too long); other fields may take it.
BLANK = {
    "zero-width only": "\u200b\u200d\ufeff",
    "blank only": " \u3164\u00a0\u2800",
    "10 000 characters": "é" * 10_000,
}


def routes(client: Any) -> list[tuple[str, str, StringField]]:
    """(method, path, string field) of every expedition route, from the OpenAPI document."""
    document = client.get("/api/v1/openapi.json").get_json()
    found = []
    for path, operations in document["paths"].items():
        if not path.startswith("/api/v1/expeditions"):
            continue
        for method in ("get", "post"):
            if method in operations:
                found += [(method, path, field)
                          for field in string_fields(document, path, method)]
    return found


def send(table: Table, method: str, path: str, field: StringField, value: str) -> Any:
    """``value`` into ``field`` of ``method path`` on the table's expedition, as the GM."""
    url = path.replace("{public_id}", table.id)
    if field.location == "query":
        # A URL carries UTF-8: a lone surrogate travels as the bytes Python would write for it.
        encoded = quote(value.encode("utf-8", "surrogatepass"))
        return table.client.open(f"{url}?{field.path[0]}={encoded}", method=method.upper(),
                                 headers=table.gm)
    writes = "/actions/" in path or path.endswith("/undo")  # what takes the version seen
    body = placed(field.path, value, {"version": table.version} if writes else {})
    raw = json.dumps(body, ensure_ascii=True)  # "\ud800" is valid JSON: sent as JSON writes it
    return table.client.open(url, method=method.upper(), data=raw,
                             content_type="application/json", headers=table.gm)


def top(field: StringField) -> str:
    return field.path[0]


def reads_back(table: Table) -> None:
    """Every read of the expedition answers 200 with JSON: the GM's, the players', the log, the
    export."""
    client = table.client
    players = client.get(f"/api/v1/expeditions/{table.id}/players-link", headers=table.gm)
    assert players.status_code == 200, players.get_data()
    token = {"Authorization": f"Bearer {players.get_json()['players_token']}"}
    for path, headers in ((f"/api/v1/expeditions/{table.id}?entries=100", table.gm),
                          (f"/api/v1/expeditions/{table.id}?entries=100", token),
                          (f"/api/v1/expeditions/{table.id}/log?limit=100", token),
                          (f"/api/v1/expeditions/{table.id}/export", table.gm)):
        answer = client.get(path, headers=headers)
        assert answer.status_code == 200, (path, answer.get_data()[:300])
        assert json.loads(answer.get_data(as_text=True))


def test_odd_text_in_every_string_of_every_route_is_refused_and_the_expedition_reads_back(
        db_app: Flask) -> None:
    client = db_app.test_client()
    table = Table.create(client)
    fields = routes(client)
    assert len(fields) > 90  # every action, the creation, the import, the reads
    for method, path, field in fields:
        for kind, value in ODD.items():
            if field.location == "query" and kind == "lone surrogate":
                continue  # no URL can carry one: its bytes arrive as U+FFFD (tested below)
            answer = send(table, method, path, field, value)
            assert answer.status_code == 422, (method, path, str(field), kind,
                                               answer.get_data()[:300])
            errors = answer.get_json()["errors"]
            assert top(field) in errors, (path, str(field), kind, errors)
        for kind, value in BLANK.items():
            answer = send(table, method, path, field, value)
            assert answer.status_code < 500, (path, str(field), kind, answer.get_data()[:300])
            if answer.status_code == 200 and "version" in answer.get_json():
                table.version = answer.get_json()["version"]
    reads_back(table)
    # Nothing odd was written: the expedition is still the one created, acted on only by what
    # the fields take.
    assert table.read()["state"]["name"] == STORY["name"]


@pytest.mark.parametrize("name", ["\u200b", "  ", "\u3164", "Eva\nOta", "Eva\tOta", "\u0301"])
def test_a_name_needs_a_visible_character_on_one_line(db_app: Flask, name: str) -> None:
    client = db_app.test_client()
    table = Table.create(client)
    refused = table.act("add-character", 422, name=name, max_hp=5)
    assert refused["errors"] == {"name": ["Napiš jméno viditelnými znaky na jednom řádku."]}
    english = client.post("/api/v1/expeditions?lang=en", json={**STORY, "name": name})
    assert english.status_code == 422
    assert english.get_json()["errors"] == {
        "name": ["Write the name in visible characters on one line."]}
    assert table.act("add-character", name="\u202fZoë\u200d", max_hp=5)["version"] == 2


def test_the_refusal_names_the_nested_field_in_the_users_language(db_app: Flask) -> None:
    client = db_app.test_client()
    body = json.dumps({**STORY, "party": [STORY["party"][0], {"name": "Ota\ud800", "max_hp": 3}]})
    answer = client.post("/api/v1/expeditions?lang=en", data=body,
                         content_type="application/json")
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == {"party": {"1": {"name": [
        "Contains an incomplete character (a lone UTF-16 surrogate, U+D800) that cannot be "
        "stored: remove it."]}}}
    czech = client.post("/api/v1/expeditions", data=body.replace("\\ud800", "\\u202e"),
                        content_type="application/json")
    assert czech.get_json()["message"] == (
        "Neplatný vstup. 'party.1.name': Obsahuje znak, který obrací směr textu (U+202E): "
        "odstraň ho, jinak by se text zobrazil jinak, než je napsán.")


@pytest.mark.parametrize("public_id", ["%00", "%ED%A0%80", "x%E2%80%AEy", "a" * 33, "a b"])
def test_an_odd_public_id_opens_nothing(db_app: Flask, public_id: str) -> None:
    client = db_app.test_client()
    table = Table.create(client)
    for path in (f"/api/v1/expeditions/{public_id}", f"/api/v1/expeditions/{public_id}/log"):
        answer = client.get(path, headers=table.gm)
        assert answer.status_code == 404, answer.get_data()
    acted = client.post(f"/api/v1/expeditions/{public_id}/actions/shift", json={"version": 1},
                        headers=table.gm)
    assert acted.status_code == 404


def test_a_write_whose_answer_cannot_be_made_is_rolled_back(db_app: Flask) -> None:
    """Past the API's check (as if it had a hole): the store refuses what it cannot store, and an
    answer that cannot be encoded rolls its write back; the expedition reads back as it was."""
    client = db_app.test_client()
    table = Table.create(client)
    store = db_app.extensions["rpg_expeditions"]

    said = {lang: {"title": "x", "text": "x", "events": [], "answers": []}
            for lang in ("cs", "en")}

    def odd(state: dict[str, Any], _spot: Any) -> Written:
        return Written("supplies", {**state, "supplies": 1}, {"note": "\ud800"}, said)

    def plain(state: dict[str, Any], _spot: Any) -> Written:
        return Written("supplies", {**state, "supplies": 1}, {"change": 1}, said)

    def unencodable(_row: Any, _entry: Any) -> Answer:
        return Answer(200, {}, "\ud800".encode())

    with db_app.test_request_context():
        with pytest.raises(Unstorable):
            store.act(table.id, table.created["links"]["gm_token"], 1, odd, unencodable)
        with pytest.raises(UnicodeEncodeError):
            store.act(table.id, table.created["links"]["gm_token"], 1, plain, unencodable)
    with store.database.reading() as session:
        row = session.execute(select(ExpeditionRow).where(
            ExpeditionRow.public_id == table.id)).scalar_one()
        assert row.version == 1 and row.state["supplies"] == STORY["supplies"]
    reads_back(table)
