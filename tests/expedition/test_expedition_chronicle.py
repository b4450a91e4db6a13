"""The evening as a Markdown chronicle (``GET /<id>/chronicle``), on SQLite and PostgreSQL.

Exact for a small seeded evening: the GM's in Czech, the players' in English (a secret roll as
its stub), a typed name that would be Markdown kept as text, the file's name in both of the
header's forms, the log read a page at a time giving the same chronicle.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from api.expeditions import store as store_module
from api.formats import markdown_escaped
from tests.expedition.conftest import Table

NAME = "# Eva *x* [a](b)"

GM_CS = """\
# Hrobka pod Vraním vrchem

Kronika výpravy · den 1, 0 h 10 min, směna 1 · kobka · 3 zásoby

## Družina

- \\# Eva \\*x\\* \\[a\\]\\(b\\): při vědomí, životy 7 z 10, únava 0

## Deník

### 1 · Výprava vyráží

Výprava „Hrobka pod Vraním vrchem“ vyráží \\(kobka\\): 1 postava, 3 zásoby.

- Tma: družině nehoří žádné světlo. Postavy ve tmě jsou považovány za slepé.

### 2 · Další směna (skrytě)

Uběhla směna: den 1, 0 h 10 min, směna 1.

- Kostky:
  - Směna 1: hod na putující monstra se nedělá; odpočinek zatím ne \\(nejvýše jednou za 8 h \
průzkumu\\).

### 3 · Zranění

\\# Eva \\*x\\* \\[a\\]\\(b\\): životy 10 − 3 = 7.

### 4 · Zpět (vzato zpět)

~~PJ vzal zpět: Zranění \\(záznam 3\\).~~

### 5 · Znovu

PJ zopakoval: Zranění \\(záznam 3\\).
"""

PLAYERS_EN = """\
# Hrobka pod Vraním vrchem

Chronicle of the expedition · day 1, 0 h 10 min, turn 1 · dungeon · 3 supplies

## The party

- \\# Eva \\*x\\* \\[a\\]\\(b\\): conscious, 7 of 10 HP, fatigue 0

## Log

### 1 · The expedition sets out

The expedition “Hrobka pod Vraním vrchem” sets out \\(dungeon\\): 1 character, 3 supplies.

- Darkness: no light burns for the party. Characters in darkness count as blind.

### 2 · Secret roll

The GM rolled in secret.

### 3 · Damage

\\# Eva \\*x\\* \\[a\\]\\(b\\): 10 − 3 = 7 HP.

### 4 · Undo (taken back)

~~The GM took back: Damage \\(entry 3\\).~~

### 5 · Redo

The GM redid: Damage \\(entry 3\\).
"""


def evening(app: Flask) -> Table:
    """A short evening: a secret shift, a wound taken back and given again."""
    table = Table.create(app.test_client(), supplies=3, effects=[],
                         party=[{"name": NAME, "max_hp": 10}])
    table.act("shift", seed=1, hidden=True)
    table.act("damage", character=NAME, amount=3)
    table.undo()
    table.redo()
    return table


def chronicle(table: Table, headers: dict[str, str], query: str = "") -> Any:
    return table.client.get(f"/api/v1/expeditions/{table.id}/chronicle{query}", headers=headers)


def test_the_gms_chronicle_in_czech_is_the_whole_evening(db_app: Flask) -> None:
    table = evening(db_app)
    answer = chronicle(table, table.gm)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert answer.headers["Content-Language"] == "cs"
    assert answer.headers["Content-Disposition"] == (
        "attachment; filename=kronika-Hrobka-pod-Vranim-vrchem.md; "
        "filename*=UTF-8''kronika-Hrobka-pod-Vran%C3%ADm-vrchem.md")
    assert answer.get_data(as_text=True) == GM_CS


def test_the_players_chronicle_keeps_secret_rolls_secret(db_app: Flask) -> None:
    table = evening(db_app)
    answer = chronicle(table, table.players, "?lang=en")
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "en"
    assert answer.headers["Content-Disposition"].startswith(
        "attachment; filename=chronicle-Hrobka-pod-Vranim-vrchem.md; ")
    assert answer.get_data(as_text=True) == PLAYERS_EN
    gm = chronicle(table, table.gm, "?lang=en").get_data(as_text=True)
    assert "### 2 · Next shift (secret)\n\nA shift passes" in gm and "- Dice:" in gm


def test_the_log_is_read_a_page_at_a_time(db_app: Flask,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = evening(db_app)
    monkeypatch.setattr(store_module, "PAGE_MAX", 2)
    assert chronicle(table, table.gm).get_data(as_text=True) == GM_CS


def test_a_typed_name_stays_text_in_the_heading_and_the_file_name(db_app: Flask) -> None:
    table = Table.create(db_app.test_client(), name="- Eva *x* [a](b) ../Výprava", party=[])
    answer = chronicle(table, table.gm)
    lines = answer.get_data(as_text=True).splitlines()
    assert lines[0] == "# " + markdown_escaped("- Eva *x* [a](b) ../Výprava")
    assert lines[0] == "# \\- Eva \\*x\\* \\[a\\]\\(b\\) ../Výprava"
    assert lines[4:8] == ["## Družina", "", "V družině nikdo není.", ""]
    assert answer.headers["Content-Disposition"] == (
        "attachment; filename=kronika-Eva-x-ab-Vyprava.md; "
        "filename*=UTF-8''kronika-Eva-x-ab-V%C3%BDprava.md")
    nothing_ascii = Table.create(db_app.test_client(), name="Путь")
    assert chronicle(nothing_ascii, nothing_ascii.gm).headers["Content-Disposition"] == (
        "attachment; filename=kronika.md; filename*=UTF-8''kronika-%D0%9F%D1%83%D1%82%D1%8C.md")


def test_no_link_no_chronicle_and_bad_input_is_a_422(db_app: Flask) -> None:
    table = evening(db_app)
    missing = chronicle(table, {"Authorization": "Bearer nonsense"})
    assert missing.status_code == 404
    assert missing.get_json()["message"].startswith("Výprava nenalezena")
    assert chronicle(table, table.gm, "?lang=de").status_code == 422
    assert chronicle(table, table.gm, "?entries=5").status_code == 422


def test_the_chronicle_is_in_the_openapi_document(db_app: Flask) -> None:
    paths = db_app.test_client().get("/api/v1/openapi.json").get_json()["paths"]
    get = paths["/api/v1/expeditions/{public_id}/chronicle"]["get"]
    assert list(get["responses"]["200"]["content"]) == ["text/markdown"]
    assert get["summary"] == "The expedition as a Markdown chronicle"
