"""The app's slash commands: one per procedure of the registry, and ``/expedition``.

Each procedure's command is read from what the API itself publishes: its path and its titles in
both languages from the index (``/api/v1/``), its options from its input schema in the OpenAPI
document (types, bounds, choices with the rules' Czech words as ``name_localizations``, the
Czech ``x-label`` as the description's Czech localization beside the English description).
Discord's limits are kept: names of 1–32 lower-case letters, digits, ``-`` and ``_`` (the Czech
ones keep their diacritics), descriptions of at most 100 characters, at most 25 choices and 25
options, the required ones first. A field Discord has no control for (a list of objects, a
mapping) takes JSON as text; a list of values takes them separated by commas; the fields that do
not fit into 25 options are given as a JSON object in the option ``more``.

The same :class:`Command` objects read an interaction's options back into the API's input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from api.procedures import COMMON
from rpg.core.catalog import messages, msg
from rpg.core.registry import procedures
from rpg.core.text import Text

#: Discord's option types (``ApplicationCommandOptionType``) used here.
SUB_COMMAND, STRING, INTEGER, BOOLEAN, ROLE, NUMBER = 1, 3, 4, 5, 8, 10
#: Discord's limits on a command.
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_NAME = 32
MAX_DESCRIPTION = 100
#: The largest integer Discord takes as an option's bound (a JavaScript number's exact range).
MAX_SAFE_INTEGER = 2**53
#: The options every procedure's command has besides its fields.
HIDDEN, DICE, SEED, MORE = "hidden", "dice", "seed", "more"
#: ``/expedition``: its English name, and its subcommands'.
EXPEDITION = "expedition"
LINK, PANEL, UNLINK = "link", "panel", "unlink"

MESSAGES = messages({
    "api.discord.hidden": Text("skrytě", "hidden"),
    "api.discord.hidden.description": Text(
        "Výsledek uvidíš jen ty (skrytý hod PJ).",
        "Only you see the result (the GM's secret roll)."),
    "api.discord.dice": Text("kostky", "dice"),
    "api.discord.dice.description": Text(
        "Fyzické kostky, které padly, čárkami v pořadí hodu (jinak hodí server).",
        "The physical dice rolled, separated by commas in order (else the server rolls)."),
    "api.discord.seed": Text("seed", "seed"),
    "api.discord.seed.description": Text(
        "Seed z dřívější odpovědi: zopakuje přesně tentýž hod.",
        "A seed from an earlier answer: the very same roll again."),
    "api.discord.more": Text("další", "more"),
    "api.discord.more.description": Text(
        "Další vstupy jako objekt JSON, např. {\"target_blind\": true}.",
        "Further inputs as a JSON object, e.g. {\"target_blind\": true}."),
    "api.discord.list": Text("{label} (čárkami)", "{label} (separated by commas)"),
    "api.discord.json": Text("{label} (JSON)", "{label} (JSON)"),
    "api.discord.expedition": Text("výprava", "expedition"),
    "api.discord.expedition.description": Text(
        "Výprava PJ v tomto kanálu: propojení a panel s tlačítky.",
        "The GM's expedition in this channel: the link and a panel of buttons."),
    "api.discord.link": Text("propojit", "link"),
    "api.discord.link.description": Text(
        "Propoj tento kanál s výpravou odkazem PJ (uvidíš to jen ty).",
        "Link this channel to an expedition by its GM link (only you see it)."),
    "api.discord.link.url": Text("odkaz", "url"),
    "api.discord.link.url.description": Text(
        "Odkaz PJ na výpravu (stránka /vyprava/#…).", "The expedition's GM link (/vyprava/#…)."),
    "api.discord.link.role": Text("role", "role"),
    "api.discord.link.role.description": Text(
        "Role, která smí mačkat tlačítka výpravy kromě tebe.",
        "A role that may press the expedition's buttons besides you."),
    "api.discord.panel": Text("panel", "panel"),
    "api.discord.panel.description": Text(
        "Ukaž stav výpravy s tlačítky jejích akcí.",
        "Show the expedition with its actions' buttons."),
    "api.discord.unlink": Text("odpojit", "unlink"),
    "api.discord.unlink.description": Text(
        "Zruš propojení kanálu s výpravou.", "Unlink this channel from its expedition."),
})

_NAME_PART = re.compile(r"[^\w]+")
_PARENTHESES = re.compile(r"\([^)]*\)|\[[^\]]*\]|„[^“]*“")


def discord_name(text: str, taken: Iterable[str] = ()) -> str:
    """``text`` as a Discord name: lower case, words joined by ``-``, at most 32 characters cut
    at a word, made unique among ``taken`` by a number."""
    words = [w for w in _NAME_PART.split(_PARENTHESES.sub(" ", text).lower().replace("_", " "))
             if w]
    name = ""
    for word in words:
        longer = f"{name}-{word}" if name else word
        if len(longer) > MAX_NAME:
            break
        name = longer
    name = name or (words[0][:MAX_NAME] if words else "x")
    taken = set(taken)
    candidate, number = name, 2
    while candidate in taken:
        suffix = f"-{number}"
        candidate, number = name[: MAX_NAME - len(suffix)] + suffix, number + 1
    return candidate


def short(text: str) -> str:
    """A description within Discord's 100 characters (cut at a word, with an ellipsis)."""
    flat = " ".join(text.split())
    if len(flat) <= MAX_DESCRIPTION:
        return flat or "-"
    return flat[: MAX_DESCRIPTION - 1].rsplit(" ", 1)[0] + "…"


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a procedure's command, and how its value becomes the API's input."""

    name: str
    #: ``value`` (as Discord gives it), ``list`` (comma-separated), ``json``, ``either`` (a word,
    #: or a JSON list), ``dice``, ``hidden`` or ``more``.
    reads: str
    declared: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Command:
    """A procedure's slash command."""

    path: str
    name: str
    options: tuple[Option, ...]
    declared: dict[str, Any]

    def inputs(self, given: Iterable[Mapping[str, Any]]) -> tuple[dict[str, Any], bool]:
        """The API's input from an interaction's options, and whether the answer is hidden.
        A value that does not parse is passed on as it is: the input schema names it (422)."""
        by_name = {option.name: option for option in self.options}
        inputs: dict[str, Any] = {}
        hidden = False
        for item in given:
            option = by_name.get(str(item.get("name")))
            value = item.get("value")
            if option is None:
                continue
            if option.reads == "hidden":
                hidden = bool(value)
            elif option.reads == "more":
                extra = _json(value)
                if isinstance(extra, dict):
                    inputs.update({key: v for key, v in extra.items() if key not in inputs})
                else:
                    inputs[MORE] = value  # unknown to the schema: named in its refusal
            elif option.reads in ("list", DICE):
                inputs[option.name] = [part.strip() for part in str(value).split(",")
                                       if part.strip()]
            elif option.reads == "json":
                inputs[option.name] = _json(value)
            elif option.reads == "either":
                parsed = _json(value)
                inputs[option.name] = parsed if isinstance(parsed, list) else value
            else:
                inputs[option.name] = value
        return inputs, hidden


def _json(value: Any) -> Any:
    try:
        return json.loads(str(value))
    except ValueError:
        return value


def _localized(key: str) -> dict[str, Any]:
    """A name (``key``) or description (``key.description``) with its Czech localization."""
    text = msg(key)
    return {"name": text.en, "name_localizations": {"cs": text.cs}}


def _described(key: str) -> dict[str, Any]:
    text = msg(f"{key}.description")
    return {"description": short(text.en), "description_localizations": {"cs": short(text.cs)}}


def _option(name: str, schema: Mapping[str, Any], english: str, required: bool,
            taken_cs: set[str]) -> Option:
    """The option of one field of the input schema."""
    label = str(schema.get("x-label") or name.replace("_", " "))
    kind = schema.get("type")
    items = schema.get("items", {})
    reads = "value"
    declared: dict[str, Any] = {}
    if "oneOf" in schema:
        reads, kind = "either", "string"
        declared["type"] = STRING
    elif kind == "boolean":
        declared["type"] = BOOLEAN
    elif kind in ("integer", "number"):
        declared["type"] = INTEGER if kind == "integer" else NUMBER
        for bound, key in (("minimum", "min_value"), ("maximum", "max_value")):
            if bound in schema and abs(schema[bound]) <= MAX_SAFE_INTEGER:
                declared[key] = schema[bound]
    elif kind == "array" and ("$ref" in items or items.get("type") in ("array", "object")):
        reads = "json"
        declared["type"] = STRING
    elif kind == "array":
        reads = "list"
        declared["type"] = STRING
    elif kind == "object":
        reads = "json"
        declared["type"] = STRING
    else:
        declared["type"] = STRING
        if "maxLength" in schema:
            declared["max_length"] = min(int(schema["maxLength"]), 6000)
        if schema.get("minLength"):
            declared["min_length"] = int(schema["minLength"])
    if "enum" in schema and len(schema["enum"]) <= MAX_CHOICES:
        words = schema.get("x-words", {})
        declared["choices"] = [{"name": value, "value": value,
                                "name_localizations": {"cs": short(words.get(value, value))}}
                               for value in schema["enum"]]
    suffix = {"list": "api.discord.list", "json": "api.discord.json"}.get(reads)
    described_cs = msg(suffix, label=label).cs if suffix else label
    described_en = msg(suffix, label=english).en if suffix else english
    cs_name = discord_name(label, taken_cs)
    taken_cs.add(cs_name)
    return Option(name, reads, {
        "name": name, "name_localizations": {"cs": cs_name},
        "description": short(described_en or name), "description_localizations": {
            "cs": short(described_cs)},
        **declared, "required": required})


def _reserved(name: str, reads: str, kind: int, taken_cs: set[str]) -> Option:
    """An option every procedure's command has (``hidden``, ``dice``, ``seed``, ``more``)."""
    key = f"api.discord.{name}"
    text = msg(key)
    cs_name = discord_name(text.cs, taken_cs)
    taken_cs.add(cs_name)
    return Option(name, reads, {"name": name, "name_localizations": {"cs": cs_name},
                                **_described(key), "type": kind, "required": False,
                                **({"min_value": 0, "max_value": MAX_SAFE_INTEGER - 1}
                                   if kind == INTEGER else {})})


def procedure_command(path: str, titles: Mapping[str, str], operation: Mapping[str, Any],
                      taken: set[str]) -> Command:
    """The command of the procedure ``path`` from its GET operation in the OpenAPI document and
    its titles (``{"cs": …, "en": …}``) from the index; ``taken`` holds the Czech command names
    given so far (each must be unique)."""
    parameters = [p for p in operation["parameters"] if p["name"] not in COMMON]
    ordered = ([p for p in parameters if p.get("required")]
               + [p for p in parameters if not p.get("required")])
    reserved = [(HIDDEN, "hidden", BOOLEAN)]
    if procedures()[path].rolls:
        reserved += [(DICE, DICE, STRING), (SEED, "value", INTEGER)]
    room = MAX_OPTIONS - len(reserved)
    if len(ordered) > room:
        room -= 1
        reserved.append((MORE, MORE, STRING))
    taken_cs: set[str] = set()
    options = [_option(p["name"], p["schema"], str(p.get("description", "")),
                       bool(p.get("required")), taken_cs) for p in ordered[:room]]
    options += [_reserved(key, reads, kind, taken_cs) for key, reads, kind in reserved]
    name = path.replace("/", "-")
    cs_name = discord_name(titles["cs"], taken)
    taken.add(cs_name)
    return Command(path, name, tuple(options), {
        "type": 1, "name": name, "name_localizations": {"cs": cs_name},
        "description": short(titles["en"]),
        "description_localizations": {"cs": short(titles["cs"])},
        "options": [option.declared for option in options],
    })


def expedition_command() -> dict[str, Any]:
    """``/expedition link|panel|unlink``: in a server's channels only."""
    def sub(key: str, options: list[dict[str, Any]]) -> dict[str, Any]:
        return {"type": SUB_COMMAND, **_localized(f"api.discord.{key}"),
                **_described(f"api.discord.{key}"), "options": options}

    url = {"type": STRING, **_localized("api.discord.link.url"),
           **_described("api.discord.link.url"), "required": True, "max_length": 400}
    role = {"type": ROLE, **_localized("api.discord.link.role"),
            **_described("api.discord.link.role"), "required": False}
    return {"type": 1, **_localized("api.discord.expedition"),
            **_described("api.discord.expedition"), "contexts": [0],
            "options": [sub(LINK, [url, role]), sub(PANEL, []), sub(UNLINK, [])]}


def commands(document: Mapping[str, Any], index: Mapping[str, list[dict[str, Any]]],
             ) -> tuple[dict[str, Command], list[dict[str, Any]]]:
    """Every procedure's command by its name, and the list Discord takes (a bulk overwrite):
    from the OpenAPI ``document`` and the index in both languages (``{"cs": […], "en": […]}``)."""
    english = {entry["path"]: entry["summary"] for entry in index["en"]}
    taken = {msg("api.discord.expedition").cs}
    built: dict[str, Command] = {}
    for entry in index["cs"]:
        path = entry["path"]
        operation = document["paths"][f"/api/v1/{path}"]["get"]
        command = procedure_command(path, {"cs": entry["summary"], "en": english[path]},
                                    operation, taken)
        built[command.name] = command
    return built, [command.declared for command in built.values()] + [expedition_command()]
