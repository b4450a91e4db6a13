"""A calculator for every procedure, generated from the API's OpenAPI document.

Nothing of a rule is written here: the fields, their bounds, defaults and choices come from the
procedure's input schema (its OpenAPI operation), their Czech labels and words from the schema's
``x-label`` and ``x-words``, the calculator's title and what its chance means from the message
catalog, and where it stands from the rule the procedure cites (:mod:`rpg.core.registry`). The
markup is the calculators' contract with their script (``core/ui.js``) and with the tests: the
root has ``data-procedure="<api path>"``, inputs are named as the API's fields, ``name="dice"``
takes physical dice, ``[data-action="roll"]`` computes, ``[data-output]`` shows the text and holds
the ``result`` JSON in ``data-result``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rpg.core.registry import Procedure
from rpg.core.text import number

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


def _bounds(schema: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    return {
        f"data_{prefix}min": schema.get("minimum", schema.get("minLength")),
        f"data_{prefix}max": schema.get("maximum", schema.get("maxLength")),
    }


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

    def _json_valued(self, schema: Mapping[str, Any]) -> bool:
        """An object, or a list of objects other than ``{name, bonus}`` or of lists."""
        if schema.get("type") == "object":
            return True
        items = schema.get("items", {})
        if schema.get("type") != "array" or not ("$ref" in items or items.get("type") == "array"):
            return False
        return "$ref" not in items or set(self._item(items)["properties"]) != {"name", "bonus"}

    def field(self, path: str, parameter: Mapping[str, Any]) -> str:
        """One labelled input of the form, typed and bounded as the API's field."""
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
        if kind == "boolean":
            box = attrs(type="checkbox", checked=default is True, data_kind=kind, **common)
            return (f'<div class="calculator__field calculator__field--check"><input {box}>'
                    f'<label for="{ident}">{html.escape(label)}</label>{error}</div>')
        if kind == "array" and "enum" in items and "x-words" in items:
            return self._choices(path, name, schema, items, label, ident, error)
        if "enum" in schema:
            options = ([] if required or default is not None
                       else ['<option value="">(výchozí)</option>'])
            options += [
                f"<option {attrs(value=value, selected=value == default)}>"
                f"{html.escape(self.word(schema, value))}</option>" for value in schema["enum"]]
            control = f"<select {attrs(data_kind='string', **common)}>{''.join(options)}</select>"
        elif self._json_valued(schema):
            # Objects, and lists of objects other than {name, bonus} (a party of {name, hp}):
            # written as JSON, checked by the procedure's own rules when computed.
            placeholder = schema.get("x-placeholder")
            box = attrs(data_kind="json", rows=3, spellcheck="false", autocomplete="off",
                        placeholder=placeholder, **common)
            return (f'<div class="calculator__field calculator__field--wide">'
                    f'<label for="{ident}">{html.escape(label)}</label>'
                    f"<textarea {box}></textarea>{error}</div>")
        elif kind == "array":
            item = dict(items)
            if "properties" in item:  # objects {name, bonus}: "Meč +2, Plášť"
                item = {"type": "named-bonus", **_bounds(item["properties"]["name"], "name_"),
                        **_bounds(item["properties"]["bonus"], "bonus_")}
            example = schema.get("example")
            control = "<input " + attrs(
                type="text", data_kind="array", data_item=item.get("type", "string"),
                data_min_items=schema.get("minItems"), data_max_items=schema.get("maxItems"),
                placeholder=", ".join(map(str, example)) if example else None,
                autocomplete="off", **_bounds(item, "item_"),
                **{k: v for k, v in item.items() if k.startswith("data_")}, **common) + ">"
        elif kind in ("integer", "number"):
            control = "<input " + attrs(
                type="text", inputmode="numeric" if kind == "integer" else "decimal",
                data_kind=kind, value=None if default is None else number(default, "cs"),
                autocomplete="off", **_bounds(schema), **common) + ">"
        else:
            control = "<input " + attrs(
                type="text", data_kind="string", value=default,
                placeholder=schema.get("x-placeholder") or schema.get("example"),
                maxlength=schema.get("maxLength"), autocomplete="off", spellcheck="false",
                **_bounds(schema), **common) + ">"
        return (f'<div class="calculator__field"><label for="{ident}">{html.escape(label)}'
                f"</label>{control}{error}</div>")

    def _choices(self, path: str, name: str, schema: Mapping[str, Any],
                 items: Mapping[str, Any], label: str, ident: str, error: str) -> str:
        """A list of choices in the rules' words: a checkbox per value, or a count per value
        when a value may be given more than once (``x-repeat``: a need with two survivalists'
        bonuses)."""
        repeat = bool(schema.get("x-repeat"))
        boxes = []
        for index, value in enumerate(items["enum"]):
            box_id = f"{ident}-{index}"
            word = html.escape(self.word(items, value))
            if repeat:
                control = attrs(type="text", inputmode="numeric", id=box_id, name=name,
                                value=0, data_value=value, data_min=0,
                                data_max=schema.get("maxItems"), autocomplete="off")
                boxes.append(f'<span class="calculator__count"><input {control}>'
                             f'<label for="{box_id}">{word}</label></span>')
            else:
                control = attrs(type="checkbox", id=box_id, name=name, value=value)
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
        fields = self.grouped(path, parameters, [self.field(path, p) for p in parameters])
        fields.append(self.field(path, {**dice, "required": False}))
        title = procedure.title.in_("cs")
        chance = procedure.chance_label
        root = attrs(class_="calculator", data_procedure=path, data_module=self.module(procedure),
                     data_chance=chance.in_("cs") if chance else None)
        return (
            f'<section {root} aria-label="Kalkulačka: {html.escape(title)}">'
            f'<p class="calculator__title">Kalkulačka: {html.escape(title)}</p>'
            f'<form class="calculator__form" novalidate>{"".join(fields)}'
            '<button type="submit" class="md-button md-button--primary" data-action="roll">'
            "Hodit</button></form>"
            '<div class="calculator__output" data-output aria-live="polite"></div>'
            "</section>"
        )
