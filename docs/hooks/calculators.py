"""MkDocs hook: a calculator for every procedure, embedded in the rule it implements.

Nothing of the rules is written twice:

- the forms are generated from the app's own OpenAPI document (the same one ``/api/v1/openapi.json``
  serves): field names, bounds, defaults and enumerations come from the API's schemas;
- the rule constants (tables, thresholds, texts) are exported from the Python engine
  (:func:`rules_data`) and built into the calculators' one bundle, ``javascripts/calculators/ui.js``
  (:func:`bundled`);
- each calculator lands right after the element whose id is its rule's citation anchor
  (:data:`rpg.core.citations.RULES`), so the rule pages themselves stay untouched.

The JavaScript (``docs/javascripts/calculators/``) holds the procedures' logic and runs offline;
golden vectors generated from the engine keep it in step (``tests/calculators/``).
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

SCRIPT = "javascripts/calculators/ui.js"
#: esbuild, installed by ``scripts/setup`` from ``package.json`` (``npm ci``).
ESBUILD = Path(__file__).resolve().parents[2] / "node_modules" / ".bin" / "esbuild"
#: Largest number of dice whose sum distribution a calculator draws (a phone-sized chart).
CHART_MAX_DICE = 20
#: Inputs every procedure takes that are not the calculator's business (``dice`` is, separately).
_COMMON = {"seed", "dice", "lang", "format"}


@dataclass(frozen=True)
class Calculator:
    """A calculator: the rule it implements, its JS module, its title and what its chance means."""

    rule: str
    module: str
    title: str
    chance: str | None = None


#: API path → calculator. Only procedures whose JavaScript exists are listed here.
CALCULATORS: dict[str, Calculator] = {
    "roll": Calculator("dice-notation", "notation", "Hod kostkami"),
    "morale": Calculator("morale", "combat", "Ověření morálky", "Šance, že drží"),
    "reaction": Calculator("reaction", "encounters", "Hod na reakci", "Šance tohoto výsledku"),
    "falling": Calculator("falling", "hazards", "Pád z výšky", "Šance na zachycení"),
    "skill-check": Calculator("skill-check", "checks", "Ověření dovednosti", "Šance na úspěch"),
    "chance": Calculator("other-methods", "checks", "Šance x z y", "Šance na úspěch"),
    "saving-throw": Calculator("saving-throw", "checks", "Záchranný hod", "Šance na úspěch"),
    "magic-items": Calculator("magic-items", "checks", "Zničení magických předmětů"),
    "wandering-monsters": Calculator(
        "wandering-monsters", "checks", "Putující monstra", "Šance na setkání"),
    "trap": Calculator("trap", "checks", "Past", "Šance, že se spustí"),
}

#: Czech labels of the API's fields (presentation only; the fields themselves come from OpenAPI).
LABELS: dict[str, str] = {
    "expr": "Výraz (např. 2k6+1, 4d6kh3)",
    "morale": "Morálka stvoření",
    "successes": "Už úspěšných ověření v tomto setkání",
    "modifier": "Oprava",
    "height_m": "Výška pádu (m)",
    "catch": "Pokus o zachycení (Zručnost proti SO 15)",
    "caught_at_m": "Zachycení po uletění (m)",
    "dex_modifier": "Oprava Zručnosti",
    "fatigue": "Únava",
    "dc": "SO (DC), místo obtížnosti",
    "difficulty": "Obtížnost",
    "bonus": "Situační bonus",
    "advantage": "Výhoda",
    "disadvantage": "Nevýhoda",
    "untrained": "Dovednost, kterou postava nemá (vždy velmi těžká)",
    "target": "Záchranný hod (číslo z deníku)",
    "against": "Proti čemu",
    "items": "Předměty (čárkami; bonus za jménem, např. Meč +2, Plášť)",
    "x": "x (úspěch na 1 až x)",
    "y": "y (kostka dy)",
    "percent": "Procenta (místo x z y)",
    "dice": "Vlastní kostky (čárkami; prázdné = hodí prohlížeč)",
}

#: Czech names of the API's enumerated values, where the value itself is not Czech.
VALUE_LABELS: dict[str, str] = {
    "lehka": "lehká (5)", "stredni": "střední (10)", "tezka": "těžká (15)",
    "velmi-tezka": "velmi těžká (20)",
    "magic": "magie (Rozum)", "death": "smrt (Výdrž)", "poison": "jed (Výdrž)", "other": "jiné",
}


#: API path → field → label, where a field name means something else in another procedure
#: (``damage``: a dice expression in ``attack``, counters in ``conquest/regen``).
PATH_LABELS: dict[str, dict[str, str]] = {}
#: Field → an example shown in a JSON-valued field (a list of objects, or an object).
PLACEHOLDERS: dict[str, str] = {}
#: API path → field → (values, the one preselected): a free-text field offered as a choice
#: (unit names, which the API matches case-insensitively and so lists no enum of).
CHOICES: dict[str, dict[str, tuple[list[str], str]]] = {}
#: API path → list field → value → label: buttons that add a value to the list (fatigue's
#: reasons), for a phone where typing "no-food-or-water" is slow.
APPEND_BUTTONS: dict[str, dict[str, dict[str, str]]] = {}
#: API path → (title, first field, last field): the fields from first to last folded into a
#: group that opens on demand (attack's situations).
GROUPS: dict[str, tuple[str, str, str]] = {}


def _load_extensions() -> list[Any]:
    """Calculator tables of further rulebooks, in modules beside this hook.

    Each ``calculators_<area>.py`` may define ``CALCULATORS`` (path → the arguments of
    :class:`Calculator`), ``LABELS``, ``VALUE_LABELS``, ``PATH_LABELS``, ``PLACEHOLDERS``,
    ``CHOICES``, ``APPEND_BUTTONS``, ``GROUPS`` and ``rules_data()``; they are merged into this
    hook's tables, so several areas can grow at once without one file to share.
    """
    import importlib.util
    from pathlib import Path

    found = []
    for file in sorted(Path(__file__).with_name("calculators.py").parent.glob("calculators_*.py")):
        spec = importlib.util.spec_from_file_location(f"calculators_ext_{file.stem}", file)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.append(module)
    return found


_EXTENSIONS = _load_extensions()
for _extension in _EXTENSIONS:
    CALCULATORS.update({
        path: Calculator(*args) for path, args in getattr(_extension, "CALCULATORS", {}).items()})
    LABELS.update(getattr(_extension, "LABELS", {}))
    VALUE_LABELS.update(getattr(_extension, "VALUE_LABELS", {}))
    for _path, _labels in getattr(_extension, "PATH_LABELS", {}).items():
        PATH_LABELS.setdefault(_path, {}).update(_labels)
    PLACEHOLDERS.update(getattr(_extension, "PLACEHOLDERS", {}))
    for _table in ("CHOICES", "APPEND_BUTTONS"):
        for _path, _fields in getattr(_extension, _table, {}).items():
            globals()[_table].setdefault(_path, {}).update(_fields)
    GROUPS.update(getattr(_extension, "GROUPS", {}))


def rules_data() -> dict[str, Any]:
    """The rule constants the calculators need, exported from the engine."""
    from rpg.core import dice, notation
    from rpg.pravidla import checks, combat, d20, encounters, hazards

    def text(value: Any) -> dict[str, str]:
        return {"cs": value.cs, "en": value.en}

    return {
        "dice": {
            "max_given": dice.MAX_GIVEN_DICE, "max_per_procedure": dice.MAX_DICE_PER_PROCEDURE,
        },
        "d20": d20.D20,
        "chart_max_dice": CHART_MAX_DICE,
        "notation": {
            "max_length": notation.MAX_LENGTH, "max_terms": notation.MAX_TERMS,
            "max_dice": notation.MAX_DICE, "max_count": notation.MAX_COUNT,
            "min_faces": notation.MIN_FACES, "max_faces": notation.MAX_FACES,
            "max_constant": notation.MAX_CONSTANT,
        },
        "morale": {
            "min": combat.MORALE_MIN, "max": combat.MORALE_MAX,
            "successes_to_death": combat.MORALE_SUCCESSES_TO_DEATH,
        },
        "reaction": {
            "modifier_min": encounters.REACTION_MODIFIER_MIN,
            "modifier_max": encounters.REACTION_MODIFIER_MAX,
            "table": [
                {"band": band.band, "low": band.low, "high": band.high,
                 "reaction": text(band.reaction), "npc_interaction": text(band.npc_interaction)}
                for band in encounters.REACTION_TABLE
            ],
        },
        "falling": {
            "free_fall_m": hazards.FREE_FALL_M, "metres_per_die": hazards.METRES_PER_DIE,
            "catch_dc": hazards.CATCH_DC, "fall_speed_m_per_s": hazards.FALL_SPEED_M_PER_S,
            "max_height_m": hazards.MAX_HEIGHT_M,
        },
        "checks": {
            "difficulties": {key: {"dc": dc, "cs": cs, "en": en}
                             for key, (dc, cs, en) in checks.DIFFICULTIES.items()},
            "default_difficulty": checks.DEFAULT_DIFFICULTY,
            "untrained_difficulty": checks.UNTRAINED_DIFFICULTY,
            "dc_min": checks.DC_MIN, "dc_max": checks.DC_MAX,
            "save_target_min": checks.SAVE_TARGET_MIN, "save_target_max": checks.SAVE_TARGET_MAX,
            "save_against": {key: {"cs": cs, "en": en}
                             for key, (cs, en) in checks.SAVE_AGAINST.items()},
            "default_against": checks.DEFAULT_AGAINST,
            "magic_items_min": checks.MAGIC_ITEMS_MIN, "magic_items_max": checks.MAGIC_ITEMS_MAX,
            "fatigue_min": checks.FATIGUE_MIN,
            "chance": {
                "y_min": checks.CHANCE_Y_MIN, "y_max": checks.CHANCE_Y_MAX,
                "x_min": checks.CHANCE_X_MIN, "percent_min": checks.PERCENT_MIN,
                "percent_max": checks.PERCENT_MAX, "percent_die": checks.PERCENT_DIE,
                "default": checks.DEFAULT_CHANCE, "trap": checks.TRAP_CHANCE,
                "wandering_monsters": checks.WANDERING_MONSTERS_CHANCE,
            },
        },
        **{key: value for extension in _EXTENSIONS if hasattr(extension, "rules_data")
           for key, value in extension.rules_data().items()},
    }


def openapi_document() -> dict[str, Any]:
    """The app's OpenAPI document, asked from the app factory as a client would."""
    from api import create_app

    response = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json")
    if response.status_code != 200:
        raise RuntimeError(f"/api/v1/openapi.json answered {response.status_code}")
    return response.get_json()


def _attrs(**values: Any) -> str:
    """HTML attributes; ``None`` and ``False`` leave an attribute out, ``True`` writes it bare."""
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{html.escape(str(value))}"')
    return " ".join(parts)


def _bounds(schema: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    return {
        f"data_{prefix}min": schema.get("minimum", schema.get("minLength")),
        f"data_{prefix}max": schema.get("maximum", schema.get("maxLength")),
    }


def _field(path: str, parameter: dict[str, Any]) -> str:
    """One labelled input of the form, typed and bounded as the API's field."""
    name, schema = parameter["name"], parameter["schema"]
    required = bool(parameter.get("required"))
    ident = f"kalk-{path.replace('/', '-')}-{name}"
    label = PATH_LABELS.get(path, {}).get(name) or LABELS.get(name, name.replace("_", " "))
    error = f'<span class="calculator__error" id="{ident}-chyba" hidden></span>'
    common = {"id": ident, "name": name, "required": required,
              "aria_describedby": f"{ident}-chyba"}
    kind = schema.get("type")
    default = schema.get("default")
    if kind == "boolean":
        box = _attrs(type="checkbox", checked=default is True, data_kind=kind, **common)
        control = f"<input {box}>"
        return (f'<div class="calculator__field calculator__field--check">{control}'
                f'<label for="{ident}">{html.escape(label)}</label>{error}</div>')
    if name in CHOICES.get(path, {}):
        values, chosen = CHOICES[path][name]
        options = [f"<option {_attrs(selected=value == chosen)}>{html.escape(value)}</option>"
                   for value in values]
        control = f"<select {_attrs(data_kind='string', **common)}>{''.join(options)}</select>"
    elif "enum" in schema:
        options = [] if required or default is not None else ['<option value="">(výchozí)</option>']
        options += [
            f"<option {_attrs(value=value, selected=value == default)}>"
            f"{html.escape(VALUE_LABELS.get(value, value))}</option>"
            for value in schema["enum"]
        ]
        control = f"<select {_attrs(data_kind='string', **common)}>{''.join(options)}</select>"
    elif _json_valued(schema):
        # Objects, and lists of objects other than {name, bonus} (a party of {name, hp}):
        # written as JSON, checked by the procedure's own rules when computed.
        box = _attrs(data_kind="json", rows=3, spellcheck="false", autocomplete="off",
                     placeholder=PLACEHOLDERS.get(name), **common)
        return (f'<div class="calculator__field calculator__field--wide">'
                f'<label for="{ident}">{html.escape(label)}</label>'
                f"<textarea {box}></textarea>{error}</div>")
    elif kind == "array":
        items = schema.get("items", {})
        if "$ref" in items:  # objects {name, bonus}: "Meč +2, Plášť"
            item = _components[items["$ref"].rsplit("/", 1)[-1]]["properties"]
            items = {"type": "named-bonus", **_bounds(item["name"], "name_"),
                     **_bounds(item["bonus"], "bonus_")}
        example = schema.get("example")
        control = "<input " + _attrs(
            type="text", data_kind="array", data_item=items.get("type", "string"),
            data_min_items=schema.get("minItems"), data_max_items=schema.get("maxItems"),
            placeholder=", ".join(map(str, example)) if example else None,
            autocomplete="off", **_bounds(items, "item_"),
            **{k: v for k, v in items.items() if k.startswith("data_")}, **common) + ">"
    elif kind in ("integer", "number"):
        control = "<input " + _attrs(
            type="text", inputmode="numeric" if kind == "integer" else "decimal",
            data_kind=kind, value=default, autocomplete="off", **_bounds(schema), **common) + ">"
    else:
        control = "<input " + _attrs(
            type="text", data_kind="string", value=default, placeholder=schema.get("example"),
            maxlength=schema.get("maxLength"), autocomplete="off", spellcheck="false",
            **_bounds(schema), **common) + ">"
    buttons = "".join(
        f'<button {_attrs(type="button", class_="md-button", data_append=value)}>'
        f"+ {html.escape(text)}</button>"
        for value, text in APPEND_BUTTONS.get(path, {}).get(name, {}).items())
    if buttons:
        control += f'<div class="calculator__append">{buttons}</div>'
    return (f'<div class="calculator__field"><label for="{ident}">{html.escape(label)}</label>'
            f"{control}{error}</div>")


def _json_valued(schema: dict[str, Any]) -> bool:
    """An object, or a list of objects other than ``{name, bonus}`` or of lists."""
    if schema.get("type") == "object":
        return True
    items = schema.get("items", {})
    if schema.get("type") != "array" or not ("$ref" in items or items.get("type") == "array"):
        return False
    return "$ref" not in items or set(
        _components[items["$ref"].rsplit("/", 1)[-1]]["properties"]) != {"name", "bonus"}


def _grouped(path: str, names: list[str], fields: list[str]) -> list[str]:
    """The fields of ``path``'s group (:data:`GROUPS`) folded into one ``<details>``."""
    if path not in GROUPS:
        return fields
    title, first, last = GROUPS[path]
    start, end = names.index(first), names.index(last) + 1
    group = (f'<details class="calculator__group"><summary>{html.escape(title)}</summary>'
             f'{"".join(fields[start:end])}</details>')
    return [*fields[:start], group, *fields[end:]]


def calculator_html(path: str, operation: dict[str, Any]) -> str:
    """The calculator of one procedure, from its GET operation in the OpenAPI document."""
    calc = CALCULATORS[path]
    parameters = [p for p in operation["parameters"] if p["name"] not in _COMMON]
    dice = next(p for p in operation["parameters"] if p["name"] == "dice")
    fields = _grouped(path, [p["name"] for p in parameters],
                      [_field(path, p) for p in parameters])
    fields.append(_field(path, {**dice, "required": False}))
    root = _attrs(class_="calculator", data_procedure=path, data_module=calc.module,
                  data_chance=calc.chance)
    return (
        f'<section {root} aria-label="Kalkulačka: {html.escape(calc.title)}">'
        f'<p class="calculator__title">Kalkulačka: {html.escape(calc.title)}</p>'
        f'<form class="calculator__form" novalidate>{"".join(fields)}'
        '<button type="submit" class="md-button md-button--primary" data-action="roll">'
        "Hodit</button></form>"
        '<div class="calculator__output" data-output aria-live="polite"></div>'
        "</section>"
    )


_forms: dict[str, str] = {}
_components: dict[str, Any] = {}


def on_files(files, config):
    """Generate the forms from the OpenAPI document."""
    document = openapi_document()
    paths = document["paths"]
    _components.clear()
    _components.update(document["components"]["schemas"])
    _forms.clear()
    for path in CALCULATORS:
        operation = paths.get(f"/api/v1/{path}", {}).get("get")
        if operation is None:
            raise RuntimeError(f"calculator '{path}' has no endpoint in the OpenAPI document")
        _forms[path] = calculator_html(path, operation)
    return files


def _insert_after(content: str, anchor: str, snippet: str) -> str:
    """``snippet`` right after the element whose id is ``anchor`` (a heading or a paragraph)."""
    opening = re.search(rf'<(\w+)[^>]*\bid="{re.escape(anchor)}"', content)
    if opening is None:
        raise RuntimeError(f"no element with id '{anchor}' to put a calculator after")
    closing = content.find(f"</{opening.group(1)}>", opening.end())
    end = closing + len(opening.group(1)) + 3
    return content[:end] + snippet + content[end:]


def on_page_content(html_content, page, config, files):
    """Put each calculator after its rule's anchor, and load the calculators' script."""
    from rpg.core.citations import RULES

    here = "/" + page.url
    placed = False
    for path, calc in CALCULATORS.items():
        rule = RULES[calc.rule]
        if rule.page == here:
            html_content = _insert_after(html_content, rule.section, _forms[path])
            placed = True
    if placed:
        root = "../" * page.url.count("/")
        html_content += f'<script type="module" src="{root}{SCRIPT}"></script>'
    return html_content


def bundled(entry: Path) -> bytes:
    """``entry`` (``ui.js``) with every calculator module and the rule data, one minified module.

    ``ui.js`` imports each procedure's module by name (``import(`./${module}.js`)``), which
    esbuild resolves to every module beside it; the engine's rule data (:func:`rules_data`)
    takes the place of ``CALCULATOR_RULES``. One file, smaller gzipped than its parts.
    """
    if not ESBUILD.is_file():
        raise RuntimeError(f"{ESBUILD.name} is missing from node_modules: run scripts/setup")
    rules = json.dumps(rules_data(), ensure_ascii=False, separators=(",", ":"))
    return subprocess.run(
        [str(ESBUILD), str(entry), "--bundle", "--format=esm", "--minify",
         f"--define:CALCULATOR_RULES={rules}", "--legal-comments=none", "--charset=utf8",
         "--log-level=warning"],
        check=True, capture_output=True).stdout


@event_priority(50)  # before docs/hooks/site.py lists the built files for the service worker
def on_post_build(config):
    """Ship the calculators as one bundle in place of their source modules."""
    built = Path(config["site_dir"]) / Path(SCRIPT).parent
    bundle = bundled(Path(config["docs_dir"]) / SCRIPT)
    for module in built.glob("*.js"):
        module.unlink()
    (built / Path(SCRIPT).name).write_bytes(bundle)
