"""A calculator for every procedure, generated from the API's OpenAPI document.

Nothing of a rule is written here: the fields, their bounds, defaults and choices come from the
procedure's input schema (its OpenAPI operation), their Czech labels and words from the schema's
``x-label`` and ``x-words``, the calculator's title and what its chance means from the message
catalog, and where it stands from the rule the procedure cites (:mod:`rpg.core.registry`). A
field with no default starts at the procedure's first sample (``samples[0]``, which answers), so
a calculator answers the first tap of its button. The
markup is the calculators' contract with their script (``core/ui.js``) and with the tests: the
root has ``data-procedure="<api path>"``, inputs are named as the API's fields, ``name="dice"``
takes physical dice, ``[data-action="roll"]`` computes, ``[data-output]`` shows the text and holds
the ``result`` JSON in ``data-result``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rpg.core.catalog import msg
from rpg.core.registry import Procedure
from rpg.core.text import number
from rulesite import messages  # noqa: F401  (the calculator.* entries of the catalog)

#: Inputs every procedure takes that are not the calculator's business (``dice`` is, separately).
COMMON = {"seed", "dice", "lang", "format"}
#: The calculators' JavaScript, below the site's ``docs`` folder.
SCRIPTS = Path("javascripts") / "calculators"
#: The site's sources.
DOCS = Path(__file__).resolve().parents[1] / "docs"


def attrs(**values: Any) -> str:
    """HTML attributes; ``None`` and ``False`` leave an attribute out, ``True`` writes it bare."""
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{html.escape(str(value))}"')
    return " ".join(parts)


def _word(key: str) -> str:
    """One of the form's own words (``calculator.<key>`` in the catalog), escaped."""
    return html.escape(msg(f"calculator.{key}").cs)


def _bounds(schema: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    return {
        f"data_{prefix}min": schema.get("minimum", schema.get("minLength")),
        f"data_{prefix}max": schema.get("maximum", schema.get("maxLength")),
    }


#: Mappings entered as cells of another field's rows (``x-column-of``), with their start.
Columns = Sequence[Mapping[str, Any]]


def _written(item: Any) -> str:
    """An item of a list as its text input takes it: ``Meč +2``, ``Plášť``, ``2,5``."""
    if isinstance(item, Mapping):  # {name, bonus}
        bonus = item.get("bonus") or 0
        return f"{item['name']} {bonus:+d}" if bonus else str(item["name"])
    return number(item, "cs") if isinstance(item, int | float) else str(item)


def starting_values(procedure: Procedure,
                    parameters: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What each field without a default holds when the calculator opens: the procedure's first
    sample's value (``samples[0]`` answers, so the first tap of the button does). A required
    field with neither a default nor a sample value fails the build: the calculator would
    answer its first tap with "Vyplň toto pole"."""
    sample = procedure.samples[0]
    start = {p["name"]: sample[p["name"]] for p in parameters
             if "default" not in p["schema"] and p["name"] in sample}
    missing = [p["name"] for p in parameters
               if p.get("required") and "default" not in p["schema"] and p["name"] not in start]
    if missing:
        raise RuntimeError(f"{procedure.path}: samples[0] gives no starting value for {missing}")
    return start


def calculator_module(procedure: Procedure, docs_dir: Path = DOCS) -> str:
    """The module of a procedure's calculator: the engine module's path (``pravidla/checks``
    for ``rpg/pravidla/checks.py``); a row of odds is computed by ``pravidla/odds.js`` from its
    module's data."""
    if not (docs_dir / SCRIPTS / f"{procedure.module}.js").is_file():
        raise RuntimeError(f"{procedure.path}: no calculator module {procedure.module}.js")
    return procedure.module


class Forms:
    """The forms of one build, from the OpenAPI document's operations and schemas (labels,
    words, placeholders and groups are the schemas' ``x-`` keys)."""

    def __init__(self, document: Mapping[str, Any], docs_dir: Path) -> None:
        self.paths = document["paths"]
        self.components: Mapping[str, Mapping[str, Any]] = document["components"]["schemas"]
        self.docs_dir = docs_dir

    def module(self, procedure: Procedure) -> str:
        """The calculator's JavaScript module, below ``javascripts/calculators``."""
        return calculator_module(procedure, self.docs_dir)

    def label(self, path: str, name: str, schema: Mapping[str, Any]) -> str:
        """A field's Czech label."""
        return str(schema.get("x-label") or name.replace("_", " "))

    def word(self, schema: Mapping[str, Any], value: str) -> str:
        """An option's Czech word."""
        return str(schema.get("x-words", {}).get(value, value))

    def _item(self, items: Mapping[str, Any]) -> Mapping[str, Any]:
        if "$ref" in items:
            return self.components[items["$ref"].rsplit("/", 1)[-1]]
        return items

    def _rows_valued(self, schema: Mapping[str, Any]) -> bool:
        """A list of objects (other than ``{name, bonus}``) or of lists, or a mapping: a row
        editor."""
        if schema.get("type") == "object":
            return "additionalProperties" in schema
        items = schema.get("items", {})
        if schema.get("type") != "array" or not ("$ref" in items or items.get("type") == "array"):
            return False
        return "$ref" not in items or set(self._item(items)["properties"]) != {"name", "bonus"}

    @staticmethod
    def _fixed(schema: Mapping[str, Any]) -> bool:
        """A list of exactly so many plain values (a hex's ``[q, r]``): no objects, no lists."""
        items = schema.get("items", {})
        return (schema.get("type") == "array" and schema.get("minItems") is not None
                and schema.get("minItems") == schema.get("maxItems")
                and items.get("type") in ("integer", "number", "string") and "$ref" not in items)

    def field(self, path: str, parameter: Mapping[str, Any], start: Any = None,
              columns: Columns = ()) -> str:
        """One labelled input of the form, typed and bounded as the API's field, holding
        ``start`` (the sample's value) when given; ``columns``: the mappings entered as cells of
        its rows."""
        name, schema = parameter["name"], parameter["schema"]
        required = bool(parameter.get("required"))
        ident = f"kalk-{path.replace('/', '-')}-{name}"
        label = self.label(path, name, schema)
        error = f'<span class="calculator__error" id="{ident}-chyba" hidden></span>'
        common = {"id": ident, "name": name, "required": required,
                  "aria_describedby": f"{ident}-chyba"}
        kind = schema.get("type")
        default = schema.get("default")
        items = self._item(schema.get("items", {}))
        shown = default if start is None else start  # start is given only without a default
        if kind == "boolean":
            box = attrs(type="checkbox", checked=shown is True, data_kind=kind, **common)
            return (f'<div class="calculator__field calculator__field--check"><input {box}>'
                    f'<label for="{ident}">{html.escape(label)}</label>{error}</div>')
        if "oneOf" in schema:
            return self._either(name, schema, label, ident, error)
        if kind == "array" and "enum" in items and "x-words" in items:
            return self._choices(path, name, schema, items, label, ident, error, start or [])
        if "enum" in schema:
            # Left empty, the procedure takes its own default (``x-default``: shown by its word,
            # and so not offered a second time) or none.
            unset = schema.get("x-default")
            options = ([] if required or default is not None else [
                f'<option {attrs(value="", data_default=unset)}>'
                f'{html.escape(self.word(schema, unset)) if unset else _word("unset")}</option>'])
            options += [
                f"<option {attrs(value=value, selected=value == shown)}>"
                f"{html.escape(self.word(schema, value))}</option>"
                for value in schema["enum"] if value != unset]
            control = f"<select {attrs(data_kind='string', **common)}>{''.join(options)}</select>"
        elif self._rows_valued(schema):
            # A list of objects (a party of {name, hp}), of lists or of choices, or a mapping
            # ({name: points}): a row per item, each value in its own labelled control.
            editor = self.rows(schema, label, required=required, start=start, columns=columns,
                               id=ident, data_kind="rows", data_name=name, role="group",
                               aria_labelledby=f"{ident}-nazev", aria_describedby=f"{ident}-chyba")
            return (f'<div class="calculator__field calculator__field--wide">'
                    f'<span class="calculator__legend" id="{ident}-nazev">{html.escape(label)}'
                    f"</span>{editor}{error}</div>")
        elif kind == "object":
            # A single nested object: no input of the API is one, and no control reads one.
            raise RuntimeError(f"{path}: no calculator control for the object field {name!r}")
        elif kind == "array":
            item = dict(items)
            if "properties" in item:  # objects {name, bonus}: "Meč +2, Plášť"
                item = {"type": "named-bonus", **_bounds(item["properties"]["name"], "name_"),
                        **_bounds(item["properties"]["bonus"], "bonus_")}
            example = schema.get("example")
            control = "<input " + attrs(
                type="text", data_kind="array", data_item=item.get("type", "string"),
                value=None if start is None else ", ".join(map(_written, start)),
                data_min_items=schema.get("minItems"), data_max_items=schema.get("maxItems"),
                placeholder=", ".join(map(str, example)) if example else None,
                autocomplete="off", **_bounds(item, "item_"),
                **{k: v for k, v in item.items() if k.startswith("data_")}, **common) + ">"
        elif kind in ("integer", "number"):
            control = "<input " + attrs(
                type="text", inputmode="numeric" if kind == "integer" else "decimal",
                data_kind=kind, value=None if shown is None else number(shown, "cs"),
                autocomplete="off", **_bounds(schema), **common) + ">"
        else:
            control = "<input " + attrs(
                type="text", data_kind="string", value=shown,
                placeholder=schema.get("x-placeholder") or schema.get("example"),
                maxlength=schema.get("maxLength"), autocomplete="off", spellcheck="false",
                **_bounds(schema), **common) + ">"
        return (f'<div class="calculator__field"><label for="{ident}">{html.escape(label)}'
                f"</label>{control}{error}</div>")

    def _either(self, name: str, schema: Mapping[str, Any], label: str, ident: str,
                error: str) -> str:
        """One way for all (a select of its words) or a row per item (camping's ``pay``: a
        choice for each failure in turn); rows given, they are the value."""
        way, each = schema["oneOf"]
        default = schema.get("default")
        options = "".join(f"<option {attrs(value=value, selected=value == default)}>"
                          f"{html.escape(self.word(way, value))}</option>"
                          for value in way["enum"])
        # The field's label is the select's own <label>: tapped, it focuses the select.
        select = attrs(data_cell="value", id=f"{ident}-zpusob")
        each_label = str(each.get("x-label", ""))
        editor = self.rows(each, each_label, required=False)
        group = attrs(class_="calculator__either", data_kind="either", data_name=name, id=ident,
                      role="group", aria_labelledby=f"{ident}-nazev",
                      aria_describedby=f"{ident}-chyba")
        return (f'<div class="calculator__field calculator__field--wide">'
                f'<label class="calculator__legend" id="{ident}-nazev" for="{ident}-zpusob">'
                f"{html.escape(label)}</label><div {group}><select {select}>{options}</select>"
                f'<span class="calculator__legend">{html.escape(each_label)}</span>{editor}</div>'
                f"{error}</div>")

    def rows(self, schema: Mapping[str, Any], label: str, *, required: bool, start: Any = None,
             columns: Columns = (), **extra: Any) -> str:
        """A row editor: a ``<template>`` of one row, the rows of ``start`` (the sample's list
        or mapping) or else the rows the list must have at least, and a button adding one
        (``core/ui.js`` adds and removes rows and reads them into the list or mapping the API
        takes). ``data-rows`` says what a row is: ``object`` (a cell per property,
        ``data-key``), ``mapping`` (a key and its value, ``data-part``) or ``list`` (one item).
        ``columns``: mappings keyed by a property of these rows (fast travel's share of the
        damage by the character's name), each a cell of the row (``data-column``), so a name
        is typed once."""
        def cells(item: Any) -> list[str]:
            if shape == "mapping":
                given_key, value = item if item is not None else (None, None)
                return [self.cell(key, str(key.get("x-label", "")), part="key", required=True,
                                  start=given_key),
                        self.cell(schema["additionalProperties"],
                                  str(schema["additionalProperties"].get("x-label", "")),
                                  part="value", required=True, start=value)]
            if shape == "list":
                return [self.cell(entry, str(entry.get("x-label", label)), part="item",
                                  required=True, start=item)]
            given = item or {}
            own = [self.cell(prop, self.label("", name, prop), key=name,
                             required=name in needed, start=given.get(name))
                   for name, prop in entry["properties"].items()]
            return own + [self.cell(
                column["schema"]["additionalProperties"],
                str(column["schema"]["additionalProperties"].get("x-label", "")),
                column=column["name"], by=column["schema"]["x-column-of"]["key"],
                start=(column.get("start") or {}).get(given.get(
                    column["schema"]["x-column-of"]["key"]))) for column in columns]

        if schema.get("type") == "object":
            shape, low, high = "mapping", "minProperties", "maxProperties"
            key = {"type": "string", **schema.get("x-keys", {})}
            items = list(start.items()) if start is not None else None
        else:
            low, high = "minItems", "maxItems"
            entry = self._item(schema["items"])
            shape = "object" if "properties" in entry else "list"
            needed = set(entry.get("required", ()))
            items = list(start) if start is not None else None
        remove = msg("calculator.remove-row").cs

        def row(item: Any) -> str:
            return (f'<div class="calculator__row" data-row>{"".join(cells(item))}'
                    f'<button type="button" class="calculator__remove" data-action="remove-row" '
                    f'aria-label="{html.escape(remove)}" title="{html.escape(remove)}">×</button>'
                    "</div>")

        least = schema.get(low) or 0
        shown = max(least, 1) if required else 0  # an optional list starts empty
        filled = row(None) * shown if items is None else "".join(map(row, items))
        box = attrs(class_="calculator__rows", data_rows=shape, data_min_items=schema.get(low),
                    data_max_items=schema.get(high), data_required=required,
                    data_columns=" ".join(column["name"] for column in columns) or None, **extra)
        return (f"<div {box}><template>{row(None)}</template>{filled}"
                f'<button type="button" class="calculator__add" data-action="add-row">'
                f'{_word("add-row")}</button></div>')

    def cell(self, schema: Mapping[str, Any], label: str, *, key: str | None = None,
             part: str | None = None, column: str | None = None, by: str | None = None,
             required: bool = False, start: Any = None) -> str:
        """One value of a row, labelled, holding ``start`` when given: a select of the rules'
        words, a bounded number, a name, or (a list or mapping inside the row) a row editor of
        its own. A ``column`` is a mapping's value keyed by the row's ``by``."""
        where = attrs(class_="calculator__cell", data_key=key, data_part=part,
                      data_column=column, data_by=by)
        error = '<span class="calculator__error" hidden></span>'
        schema = self._item(schema) if "$ref" in schema else schema
        if self._fixed(schema):
            # A fixed number of plain values (a hex's [q, r]): one labelled control each, side
            # by side, no row to add or remove.
            items = schema["items"]
            labels = schema.get("x-labels") or [str(items.get("x-label", label))] * int(
                schema["maxItems"])
            parts = "".join(self.cell(items, str(name), part=str(index), required=True,
                                      start=None if start is None else start[index])
                            for index, name in enumerate(labels))
            box = attrs(class_="calculator__tuple", data_cell="rows", data_rows="tuple")
            return (f'<div {where}><span class="calculator__legend">{html.escape(label)}</span>'
                    f"<div {box}>{parts}</div>{error}</div>")
        if self._rows_valued(schema) or schema.get("type") == "array":
            editor = self.rows(schema, label, data_cell="rows", start=start, required=bool(
                schema.get("minItems") or schema.get("minProperties")))
            return (f'<div {where}><span class="calculator__legend">{html.escape(label)}</span>'
                    f"{editor}{error}</div>")
        kind = schema.get("type")
        if isinstance(kind, list):  # a nullable name: ["string", "null"]
            kind = next(k for k in kind if k != "null")
        common = {"data_cell": "value", "required": required, "autocomplete": "off"}
        default = schema.get("default") if start is None else start
        if "enum" in schema:
            options = [] if required else ['<option value=""></option>']
            options += [f"<option {attrs(value=value, selected=value == default)}>"
                        f"{html.escape(self.word(schema, value))}</option>"
                        for value in schema["enum"]]
            control = f"<select {attrs(data_type='string', **common)}>{''.join(options)}</select>"
        elif kind in ("integer", "number"):
            control = "<input " + attrs(
                type="text", inputmode="numeric" if kind == "integer" else "decimal",
                data_type=kind, value=None if default is None else number(default, "cs"),
                **_bounds(schema), **common) + ">"
        else:
            control = "<input " + attrs(
                type="text", data_type="string", value=default, maxlength=schema.get("maxLength"),
                spellcheck="false", **_bounds(schema), **common) + ">"
        return (f'<div {where}><label><span>{html.escape(label)}</span>{control}</label>'
                f"{error}</div>")

    def _choices(self, path: str, name: str, schema: Mapping[str, Any],
                 items: Mapping[str, Any], label: str, ident: str, error: str,
                 start: list[Any]) -> str:
        """A list of choices in the rules' words: a checkbox per value, or a count per value
        when a value may be given more than once (``x-repeat``: a need with two survivalists'
        bonuses); ``start`` the values chosen at first."""
        repeat = bool(schema.get("x-repeat"))
        boxes = []
        for index, value in enumerate(items["enum"]):
            box_id = f"{ident}-{index}"
            word = html.escape(self.word(items, value))
            if repeat:
                control = attrs(type="text", inputmode="numeric", id=box_id, name=name,
                                value=start.count(value), data_value=value, data_min=0,
                                data_max=schema.get("maxItems"), autocomplete="off")
                boxes.append(f'<span class="calculator__count"><input {control}>'
                             f'<label for="{box_id}">{word}</label></span>')
            else:
                control = attrs(type="checkbox", id=box_id, name=name, value=value,
                                checked=value in start)
                boxes.append(f'<span class="calculator__option"><input {control}>'
                             f'<label for="{box_id}">{word}</label></span>')
        group = attrs(class_="calculator__choices", data_kind="choices", data_name=name,
                      data_repeat=repeat, role="group", aria_labelledby=f"{ident}-nazev",
                      aria_describedby=f"{ident}-chyba", id=ident,
                      data_min_items=schema.get("minItems"),
                      data_max_items=schema.get("maxItems"))
        return (f'<div class="calculator__field calculator__field--wide">'
                f'<span class="calculator__legend" id="{ident}-nazev">{html.escape(label)}</span>'
                f'<div {group}>{"".join(boxes)}</div>{error}</div>')

    def grouped(self, path: str, parameters: list[Mapping[str, Any]],
                fields: list[str]) -> list[str]:
        """Consecutive fields of one ``x-group`` folded into a ``<details>`` that opens on
        demand (attack's situations: a phone scrolls less)."""
        titles = [p["schema"].get("x-group") for p in parameters]
        out: list[str] = []
        index = 0
        while index < len(fields):
            title = titles[index]
            if not title:
                out.append(fields[index])
                index += 1
                continue
            end = index
            while end < len(fields) and titles[end] == title:
                end += 1
            out.append(f'<details class="calculator__group"><summary>{html.escape(title)}'
                       f'</summary>{"".join(fields[index:end])}</details>')
            index = end
        return out

    def html(self, procedure: Procedure) -> str:
        """The calculator of one procedure, from its GET operation in the OpenAPI document."""
        path = procedure.path
        operation = self.paths[f"/api/v1/{path}"]["get"]
        parameters = [p for p in operation["parameters"] if p["name"] not in COMMON]
        dice = next(p for p in operation["parameters"] if p["name"] == "dice")
        start = starting_values(procedure, parameters)
        columns: dict[str, list[Mapping[str, Any]]] = {}
        for p in parameters:
            if "x-column-of" in p["schema"]:
                columns.setdefault(p["schema"]["x-column-of"]["field"], []).append(
                    {**p, "start": start.get(p["name"])})
        parameters = [p for p in parameters if "x-column-of" not in p["schema"]]
        fields = self.grouped(path, parameters, [
            self.field(path, p, start.get(p["name"]), columns.get(p["name"], ()))
            for p in parameters])
        fields.append(self.field(path, {**dice, "required": False}))
        title = procedure.title.in_("cs")
        chance = procedure.chance_label
        root = attrs(class_="calculator", data_procedure=path, data_module=self.module(procedure),
                     data_chance=chance.in_("cs") if chance else None)
        return (
            f'<section {root} aria-label="Kalkulačka: {html.escape(title)}">'
            f'<p class="calculator__title">Kalkulačka: {html.escape(title)}</p>'
            # The form's labels and buttons are left out of the search index: read in a result
            # they ran together ("Počet stěn kostkyVlastní kostkyHodit"); the title stays.
            f'<form class="calculator__form" novalidate data-search-exclude>{"".join(fields)}'
            '<button type="submit" class="md-button md-button--primary" data-action="roll">'
            f'{_word("roll" if procedure.rolls else "compute")}</button></form>'
            '<div class="calculator__output" data-output aria-live="polite"></div>'
            "</section>"
        )
