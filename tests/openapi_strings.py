"""Every string an operation of the OpenAPI document takes, and a request carrying a value there.

Read from the app's own document, so a route or a field added later is covered without a list
kept by hand: query parameters, and every string of a JSON body (nested objects, list items,
object keys, free objects' keys and values).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: A path step that is an object's key (the value is written as the key).
KEY = "<key>"
#: A path step that is a list's first item.
ITEM = "0"
#: A free object's value's name (an object whose keys the document does not name).
ANY = "x"


@dataclass(frozen=True)
class StringField:
    """A string an operation takes: in the ``query`` or the ``json`` body, at ``path``."""

    location: str
    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.location}:{'.'.join(self.path)}"


def _resolved(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = {**document["components"]["schemas"][name],
                  **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def _strings(document: dict[str, Any], schema: dict[str, Any], path: tuple[str, ...],
             depth: int = 0) -> Iterator[tuple[str, ...]]:
    schema = _resolved(document, schema)
    if depth > 8:
        return
    for alternative in (*schema.get("allOf", ()), *schema.get("anyOf", ()),
                        *schema.get("oneOf", ())):
        yield from _strings(document, alternative, path, depth + 1)
    kinds = schema.get("type")
    kinds = set(kinds) if isinstance(kinds, list) else {kinds}
    if "object" in kinds or "properties" in schema:
        properties = schema.get("properties", {})
        for name, property_schema in properties.items():
            yield from _strings(document, property_schema, (*path, name), depth + 1)
        extra = schema.get("additionalProperties")
        if "x-keys" in schema or isinstance(extra, dict) or not properties:
            yield (*path, KEY)
            value = extra if isinstance(extra, dict) and extra else {"type": "string"}
            yield from _strings(document, value, (*path, ANY), depth + 1)
    if "array" in kinds:
        yield from _strings(document, schema.get("items", {}), (*path, ITEM), depth + 1)
    if "string" in kinds:
        yield path


def string_fields(document: dict[str, Any], path: str, method: str) -> list[StringField]:
    """Every string the operation ``method path`` takes (a query parameter is always one)."""
    operation = document["paths"][path][method]
    found = [StringField("query", (parameter["name"],))
             for parameter in operation.get("parameters", ()) if parameter["in"] == "query"]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body:
        found += [StringField("json", field_path)
                  for field_path in dict.fromkeys(_strings(document, body["schema"], ()))]
    return found


def placed(path: tuple[str, ...], value: Any, base: dict[str, Any] | None = None) -> Any:
    """A JSON body holding ``value`` at ``path`` (merged into ``base`` at the top level)."""
    def build(steps: tuple[str, ...]) -> Any:
        if not steps:
            return value
        step, rest = steps[0], steps[1:]
        if step == KEY:
            return {value: 1} if not rest else {value: build(rest)}
        if step == ITEM:
            return [build(rest)]
        return {step: build(rest)}

    built = build(path)
    return {**(base or {}), **built} if isinstance(built, dict) else built
