"""What a user does with a calculator, as the browser tests do it: fill its form (every kind of
input: fields, boxes, selects, choices, row editors and their columns), tap its button and read
the result, find a row's cell a refusal names; and whether a result agrees with the engine's
(or the API's answer).

Each fill asks the page once what each input is (:data:`_KINDS`) rather than probing kind by
kind: each probe is a round trip to Chromium (2.5–10 ms of CPU)."""

from __future__ import annotations

import functools
import json
from typing import Any

from rpg.core.registry import procedures
from rulesite.calculators import COMMON, starting_values
from rulesite.reference import openapi_document


def _written(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(
            f"{v['name']} {v['bonus']:+d}" if isinstance(v, dict) else str(v) for v in value)
    return str(value)


#: Where a calculator's inputs are, by kind (``{name}``: the input's name): what ``fill`` asks the
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


def row_cell(root, name: str):
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


def fill(root, inputs: dict[str, Any], dice: list[int] | None) -> None:
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


def roll(root, keyboard: bool = False) -> dict[str, Any] | None:
    """The calculator's result once its button is tapped (with ``keyboard``, Enter pressed in
    the dice field), ``None`` when it refused; the output is cleared first, so a stale answer
    can never be read as the new one."""
    output = root.locator("[data-output]")
    output.evaluate("el => { el.innerHTML = ''; delete el.dataset.result; }")
    if keyboard:
        root.locator('[name="dice"]').press("Enter")
    else:
        root.locator('[data-action="roll"]').click()
    output.locator("p").first.wait_for()
    result = output.get_attribute("data-result")
    return None if result is None else json.loads(result)


def agrees(actual: Any, expected: Any) -> bool:
    """Whether a calculator's result is the engine's: equal, a number within 1e-12 of it (times
    the number, above 1: JavaScript may round the last digits otherwise than Python)."""
    if isinstance(expected, float | int) and not isinstance(expected, bool):
        return (isinstance(actual, float | int) and not isinstance(actual, bool)
                and abs(actual - expected) <= 1e-12 * max(1, abs(expected)))
    if isinstance(expected, dict):
        return (isinstance(actual, dict) and actual.keys() == expected.keys()
                and all(agrees(actual[k], expected[k]) for k in expected))
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(map(agrees, actual, expected)))
    return actual == expected


def api_answer(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """What the API answers ``body`` sent to ``path`` (the app's test client; a 200)."""
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer
