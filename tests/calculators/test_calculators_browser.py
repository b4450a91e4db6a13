"""The calculators in Debian's Chromium: the engine's results from physical dice, valid random
rolls, Czech errors beside the field, no sideways scroll at 390 px, and offline use."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable
from typing import Any

import pytest

from rpg.core.registry import procedures
from rulesite.calculators import COMMON, starting_values
from rulesite.reference import openapi_document
from tests.browser import PHONE, serve
from tests.calculators import vectors as golden
from tests.calculators.pages import page_of

pytestmark = pytest.mark.browser

SAMPLE_PER_PROCEDURE = 4
#: The calculators of "Pravidla a procedury" tested here; the other rulebooks' calculators have
#: browser tests of their own (test_hazards_browser.py, test_board_games_browser.py).
CORE = ("roll", "morale", "reaction", "falling", "skill-check", "saving-throw", "magic-items",
        "chance", "trap", "wandering-monsters")


def by_page(paths: Iterable[str]) -> dict[str, list[str]]:
    """``paths`` grouped by the page that holds their calculators (its URL without the
    section), in their order: a page's calculators are checked on one load of it."""
    pages: dict[str, list[str]] = {}
    for path in paths:
        pages.setdefault(page_of(path).split("#")[0], []).append(path)
    return pages


@pytest.fixture(scope="module")
def vectors(golden_vectors: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    return golden_vectors


def _sample(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Vectors with a result, drawn with a fixed seed (the branches are all covered under node)."""
    rolled = [case for case in cases if "result" in case]
    return random.Random(5).sample(rolled, min(SAMPLE_PER_PROCEDURE, len(rolled)))


def _written(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(
            f"{v['name']} {v['bonus']:+d}" if isinstance(v, dict) else str(v) for v in value)
    return str(value)


#: Where a calculator's inputs are, by kind (``{name}``: the input's name): what ``_fill`` asks the
#: page about (:data:`_KINDS`) and then fills. A column's check takes either its cells or the
#: rows that hold them; clearing takes its cells.
WHERE = {
    "column": '[data-column="{name}"], [data-columns~="{name}"]',
    "cells": '[data-column="{name}"] [data-cell=value]',
    "rows": '[data-kind="rows"][data-name="{name}"]',
    "either": '[data-kind="either"][data-name="{name}"]',
    "choices": '[data-kind="choices"][data-name="{name}"]',
    "field": '[name="{name}"]',
}
#: A row's cell by its key (a mapping's ``key``/``value``, a list's ``item``, a record's field).
CELL = ':scope > [data-key="{key}"], :scope > [data-part="{key}"]'


def _at(root, kind: str, name: str):
    """The input ``name`` where :data:`WHERE` puts its ``kind``."""
    return root.locator(WHERE[kind].format(name=name))


#: What each cell of a row holds (by its key), asked of the page once per row: a pair of values
#: (a hex's ``[q, r]``), rows of its own, a choice, or a value to write.
_CELLS = """(row, [keys, where]) => Object.fromEntries(keys.map((key) => {
  const cell = row.querySelector(where.replaceAll("{key}", key));
  if (cell === null) return [key, "missing"];
  if (cell.querySelector(":scope > [data-rows=tuple]")) return [key, "tuple"];
  if (cell.querySelector(":scope > [data-cell=rows]")) return [key, "rows"];
  return [key, cell.querySelector("[data-cell=value]")?.tagName === "SELECT" ? "select" : "value"];
}))"""


def _fill_rows(editor, value: Any) -> None:
    """A row editor holding ``value`` (a list, or a mapping: a row per key, or per pair of a
    list of pairs, where a key may come twice as a user may write it), as a user fills it: its
    rows removed, one added per item, each cell written or chosen (by its API value)."""
    for remove in editor.locator(":scope > [data-row] > [data-action=remove-row]").all()[::-1]:
        remove.click()
    shape = editor.get_attribute("data-rows")
    items = list(value.items()) if isinstance(value, dict) else list(value)
    for index, item in enumerate(items):
        editor.locator(":scope > [data-action=add-row]").click()
        row = editor.locator(":scope > [data-row]").nth(index)
        cells = ({"key": item[0], "value": item[1]} if shape == "mapping"
                 else {"item": item} if shape == "list" else item)
        kinds = row.evaluate(_CELLS, [list(cells), CELL])
        for key, given in cells.items():
            assert kinds[key] != "missing", f"no cell {key!r} in the row"
            cell = row.locator(CELL.format(key=key))
            if kinds[key] == "tuple":
                for part, control in enumerate(cell.locator(
                        ":scope > [data-rows=tuple] [data-cell=value]").all()):
                    control.fill(_written(given[part]))
            elif kinds[key] == "rows":
                _fill_rows(cell.locator(":scope > [data-cell=rows]"), given)
            elif kinds[key] == "select":
                cell.locator("[data-cell=value]").select_option("" if given is None else str(given))
            else:
                cell.locator("[data-cell=value]").fill("" if given is None else _written(given))


def _cell(root, name: str):
    """The cell of a row editor a refusal's dotted ``name`` points to, as ``core/ui.js`` reads
    it: ``ships.0.unit`` (row 1's ship), in a list of lists ``sectors.1.0.name``; a name
    without a row is the editor itself."""
    top, *steps = name.split(".")
    editor = cell = _at(root, "rows", top)
    while steps:
        row = editor.locator(":scope > [data-row]").nth(int(steps.pop(0)))
        key = "item" if editor.get_attribute("data-rows") == "list" else steps.pop(0)
        cell = row.locator(CELL.format(key=key))
        editor = cell.locator(":scope > [data-cell=rows]")
    return cell


@functools.cache
def sample_started(path: str) -> tuple[str, ...]:
    """The fields a calculator opens holding its sample's value (those without a default)."""
    parameters = [p for p in openapi_document()["paths"][f"/api/v1/{path}"]["get"]["parameters"]
                  if p["name"] not in COMMON]
    return tuple(starting_values(procedures()[path], parameters))


#: What each input of a calculator is (by its name), asked of the page once per fill rather than
#: probed kind by kind (each probe a round trip to Chromium: 2.5–10 ms of CPU): the first of
#: ``kinds`` that :data:`WHERE` finds, else its field (a box, a select or a text).
_KINDS = """(root, [names, kinds, where]) => Object.fromEntries(names.map((name) => {
  const at = (kind) => root.querySelector(where[kind].replaceAll("{name}", name));
  const found = kinds.find((kind) => at(kind) !== null);
  const field = at("field");
  return [name, found ?? (field === null ? "missing" : field.dataset.kind === "boolean"
    ? "boolean" : field.tagName === "SELECT" ? "select" : "text")];
}))"""
#: The kinds looked for when filling an input, and when clearing one the sample filled.
FILLED = ("column", "rows", "either", "choices")
CLEARED = ("cells", "rows", "choices")


def _kinds(root, names: list[str], kinds: tuple[str, ...]) -> dict[str, str]:
    """The kind of each input ``names`` names (:data:`_KINDS`); none may be missing."""
    found: dict[str, str] = root.evaluate(_KINDS, [names, list(kinds), WHERE])
    missing = [name for name, kind in found.items() if kind == "missing"]
    assert not missing, f"no input named {missing} in {root.get_attribute('data-procedure')}"
    return found


def _clear(root, name: str, kind: str) -> None:
    """A field left as it would be without the sample: empty (no rows, nothing chosen)."""
    if kind == "cells":
        for cell in _at(root, "cells", name).all():
            cell.fill("")
    elif kind == "rows":
        _fill_rows(_at(root, "rows", name), [])
    elif kind == "choices":
        for box in _at(root, "choices", name).locator("input").all():
            if box.get_attribute("type") == "checkbox":
                box.set_checked(False)
            else:
                box.fill("0")
    elif kind == "boolean":
        _at(root, "field", name).set_checked(False)
    elif kind == "select":
        _at(root, "field", name).select_option("")
    else:
        _at(root, "field", name).fill("")


def _fill_column(root, name: str, value: dict[str, Any]) -> None:
    """A mapping entered as a column of rows (fast travel's share of each character): each
    row's cell holds the value of the row's key (``data-by``), or nothing."""
    for cell in root.locator(f'[data-column="{name}"]').all():
        by = cell.get_attribute("data-by")
        key = cell.locator(f'xpath=../*[@data-key="{by}"]//*[@data-cell="value"]').input_value()
        given = value.get(key)
        cell.locator("[data-cell=value]").fill("" if given is None else str(given))


def _fill(root, inputs: dict[str, Any], dice: list[int] | None) -> None:
    """The form holding ``inputs`` and ``dice``; a field the sample filled when the page opened
    and ``inputs`` does not name is emptied (its procedure's own default applies)."""
    started = [name for name in sample_started(root.get_attribute("data-procedure"))
               if name not in inputs]
    for name, kind in _kinds(root, started, CLEARED).items():
        _clear(root, name, kind)
    kinds = _kinds(root, list(inputs), FILLED)
    columns = []
    for name, value in inputs.items():
        kind = kinds[name]
        if kind == "column":
            columns.append((name, value))  # after the rows it is a column of
        elif kind == "rows":
            _fill_rows(_at(root, "rows", name), value)
        elif kind == "either":  # one way for all (a select), or a row per item
            either = _at(root, "either", name)
            _fill_rows(either.locator(".calculator__rows").first,
                       [] if isinstance(value, str) else value)
            if isinstance(value, str):
                either.locator("select").first.select_option(value)
        elif kind == "choices":  # a list of choices: its boxes ticked, or its counts written
            group = _at(root, "choices", name)
            chosen = list(value) if isinstance(value, list | tuple) else [value]
            for box in group.locator("input").all():
                if box.get_attribute("type") == "checkbox":
                    box.set_checked(box.get_attribute("value") in chosen)
                else:  # a count per value (x-repeat): its value is data-value, not its number
                    box.fill(str(chosen.count(box.get_attribute("data-value"))))
        elif kind == "boolean":
            _at(root, "field", name).set_checked(bool(value))
        elif kind == "select":
            _at(root, "field", name).select_option(str(value))
        else:
            _at(root, "field", name).fill(_written(value))
    for name, value in columns:
        _fill_column(root, name, value)
    root.locator('[name="dice"]').fill("" if dice is None else _written(dice))


def _roll(root, keyboard: bool = False) -> dict[str, Any] | None:
    if keyboard:
        root.locator('[name="dice"]').press("Enter")
    else:
        root.locator('[data-action="roll"]').click()
    output = root.locator("[data-output]")
    output.locator("p").first.wait_for()
    result = output.get_attribute("data-result")
    return None if result is None else json.loads(result)


def _close(actual: Any, expected: Any) -> bool:
    if isinstance(expected, float | int) and not isinstance(expected, bool):
        return (isinstance(actual, float | int) and not isinstance(actual, bool)
                and abs(actual - expected) <= 1e-12 * max(1, abs(expected)))
    if isinstance(expected, dict):
        return (isinstance(actual, dict) and actual.keys() == expected.keys()
                and all(_close(actual[k], expected[k]) for k in expected))
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(map(_close, actual, expected)))
    return actual == expected


@pytest.mark.parametrize("path", CORE)
def test_physical_dice_give_the_engines_result(calculators, vectors, path):
    _, root, errors = calculators.open(path)
    for index, case in enumerate(_sample(vectors[path])):
        root.locator("form").evaluate("form => form.reset()")
        _fill(root, case["input"], case["dice"])
        result = _roll(root, keyboard=index % 2 == 1)
        assert _close(result, case["result"]), (case, result)
        assert root.locator(".calculator__text").inner_text() == case["text"]
        if case["chance"] is not None:
            assert "≈" in root.locator(".calculator__chance").inner_text()
    assert not errors


def _conforms(value: Any, schema: dict[str, Any], components: dict[str, Any]) -> bool:
    """A small JSON Schema check: the subset the API's OpenAPI document uses for results."""
    if "$ref" in schema:
        return _conforms(value, components[schema["$ref"].rsplit("/", 1)[-1]], components)
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds or []
    checks = {
        "null": value is None, "boolean": isinstance(value, bool),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
        "string": isinstance(value, str), "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }
    if kinds and not any(checks[kind] for kind in kinds):
        return False
    if "enum" in schema and value not in schema["enum"] and value is not None:
        return False
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        if not set(schema.get("required", ())) <= value.keys():
            return False
        if schema.get("additionalProperties") is False and not value.keys() <= properties.keys():
            return False
        return all(_conforms(value[k], properties[k], components)
                   for k in value if k in properties)
    if isinstance(value, list) and "items" in schema:
        return all(_conforms(item, schema["items"], components) for item in value)
    return True


#: What a random roll must satisfy beyond the schema, by procedure.
INVARIANTS = {
    "roll": lambda r: r["min"] <= r["total"] <= r["max"],
    "morale": lambda r: 2 <= r["total"] <= 12 and r["holds"] == (r["total"] <= 7),
    "reaction": lambda r: abs(sum(b["probability"] for b in r["distribution"]) - 1) < 1e-12,
    "falling": lambda r: r["dice_count"] <= r["damage"] <= 6 * r["dice_count"],
    "skill-check": lambda r: r["dc"] == 15 and r["total"] == r["natural"] + 2,
    "saving-throw": lambda r: r["success"] == (r["natural"] != 1 and (
        r["natural"] == 20 or r["total"] >= 14)),
    "magic-items": lambda r: r["survived"] == sum(i["survives"] for i in r["items"]),
    "chance": lambda r: r["success"] == (r["roll"] <= 30) and r["y"] == 100,
    "trap": lambda r: r["success"] == (r["roll"] <= 2),
    "wandering-monsters": lambda r: r["success"] == (r["roll"] <= 2),
}
RANDOM_INPUTS = {
    "roll": {"expr": "3d6kh2+1"}, "morale": {"morale": 7}, "reaction": {"modifier": 1},
    "falling": {"height_m": "12,5", "catch": True, "caught_at_m": 6},
    "skill-check": {"modifier": 2, "difficulty": "tezka", "advantage": True},
    "saving-throw": {"target": 14, "against": "poison"},
    "magic-items": {"target": 12, "items": [{"name": "Meč", "bonus": 2},
                                            {"name": "Plášť", "bonus": 0}]},
    "chance": {"percent": 30}, "trap": {}, "wandering-monsters": {"x": 2},
}


@pytest.mark.parametrize("path", CORE)
def test_a_random_roll_gives_a_valid_result(calculators, path):
    document = openapi_document()
    components = document["components"]["schemas"]
    response = document["paths"][f"/api/v1/{path}"]["get"]["responses"]["200"]
    envelope = response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    result_schema = components[envelope]["properties"]["result"]
    _, root, errors = calculators.open(path)
    _fill(root, RANDOM_INPUTS[path], None)
    seen = []
    for _ in range(5):
        result = _roll(root)
        assert result is not None, root.locator("[data-output]").inner_text()
        assert _conforms(result, result_schema, components), result
        assert INVARIANTS[path](result), result
        seen.append(result)
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "field", "message"), [
    ("morale", {"morale": "13"}, "morale", "Zadej hodnotu od 2 do 12."),
    ("morale", {"morale": ""}, "morale", "Vyplň toto pole."),
    ("reaction", {"modifier": "dva"}, "modifier", "Zadej celé číslo."),
    ("reaction", {"dice": "7, 1"}, "dice", "hodnota 7 není mezi 1 a 6"),
    ("reaction", {"dice": "3"}, "dice", "Chybí kostka: je potřeba d6 pro „reakce“"),
    ("falling", {"height_m": "10", "caught_at_m": "3"}, "caught_at_m",
     "má smysl jen spolu s volbou „Pokus o zachycení"),
    ("falling", {"height_m": "-1"}, "height_m", "Zadej hodnotu od 0 do 10000."),
    ("roll", {"expr": "1d6+"}, "expr", "očekáváno číslo nebo kostka na pozici 5"),
    # A message names a field by its Czech label and a choice by its Czech word, never by the
    # API's names ('dc', 'tezka').
    ("skill-check", {"dc": "12", "difficulty": "tezka"}, "dc",
     "Zadej buď „Obtížnost číslem (místo výběru)“ (12), nebo „Obtížnost“ (těžká), ne obojí."),
    ("skill-check", {"dc": "12", "untrained": True}, "dc",
     "vynech „Obtížnost číslem (místo výběru)“, nebo „Dovednost, kterou postava nemá"),
])
def test_an_invalid_field_shows_a_czech_error_beside_it(
    calculators, path, inputs, field, message,
):
    _, root, _ = calculators.open(path)
    fields = dict(inputs)
    dice = fields.pop("dice", None)
    _fill(root, fields, None)
    if dice is not None:
        root.locator('[name="dice"]').fill(dice)
    assert _roll(root) is None
    control = root.locator(f'[name="{field}"]')
    error = root.locator(f"#{control.get_attribute('id')}-chyba")
    assert error.is_visible()
    assert message in error.inner_text()
    assert control.get_attribute("aria-invalid") == "true"
    assert control.get_attribute("aria-describedby") == error.get_attribute("id")
    # The field to fix has the focus, so a phone scrolls it into view.
    assert control.evaluate("element => element === document.activeElement")


def test_every_calculator_starts_and_answers_the_first_tap_of_its_button(calculators):
    # Every calculator, whoever wrote it, wired by its page's script (one visit per page; that
    # every field has a label is read from the built HTML: test_markup.py). A GM opening any
    # calculator and tapping its button gets an answer: every field without a default holds the
    # procedure's first sample's value (samples[0] answers), never an empty required field
    # answering "Vyplň toto pole". A reset brings the sample back.
    errors: list[list[str]] = []
    for paths in by_page(golden.calculators()).values():
        page, _, on_page = calculators.open(paths[0])
        errors.append(on_page)
        for path in paths:
            page.wait_for_selector(f'[data-procedure="{path}"][data-ready]')
            root = page.locator(f'[data-procedure="{path}"]')
            for _ in range(2):
                assert _roll(root) is not None, (path, root.locator("[data-output]").inner_text())
                assert root.locator(".calculator__problem").count() == 0, path
                # A chart says what it shows: its title above it, the same words as its name.
                for figure in root.locator(".calculator__figure").all():
                    title = figure.locator("figcaption").inner_text()
                    assert title and title == figure.locator("svg").get_attribute(
                        "aria-label"), path
                root.locator("form").evaluate("form => form.reset()")
    assert not [error for on_page in errors for error in on_page]


def test_a_chart_has_a_title_saying_what_it_shows(calculators):
    _, root, errors = calculators.open("surprise")
    _fill(root, {}, [1, 5])
    _roll(root)
    figure = root.locator(".calculator__figure")
    assert figure.locator("figcaption").inner_text() == "Šance, kolik stran bude překvapeno"
    assert figure.locator("svg text").all_text_contents() == ["nikdo", "některá", "všechny"]
    assert not errors


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    from tests.calculators.shared_checks import fit_a_phone

    fit_a_phone(calculators, CORE, RANDOM_INPUTS, tmp_path_factory)


WAIT_FOR_WORKER = """async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
    return true;
}"""


def test_offline_reload_still_computes(chromium, calculators_site, vectors):
    context = chromium.new_context(viewport=PHONE)
    case = _sample(vectors["falling"])[0]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with serve(calculators_site) as url:
        page.goto(url + page_of("falling"))
        page.wait_for_selector('[data-procedure="falling"][data-ready]')
        assert page.evaluate(WAIT_FOR_WORKER)
    root = page.locator('[data-procedure="falling"]')
    context.set_offline(True)
    page.reload()
    page.wait_for_selector('[data-procedure="falling"][data-ready]')
    _fill(root, case["input"], case["dice"])
    assert _close(_roll(root), case["result"])
    assert not errors
    context.close()
