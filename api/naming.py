"""How the API's messages name a procedure's inputs: in Czech as its calculator's form does.

A Czech GM reads „Obrana cíle“ where the API's name is ``ac``, and „těžká“ for ``tezka``: the
labels and words are the input schema's own (``label=`` and ``words=`` on its fields, which the
OpenAPI document carries as ``x-label`` and ``x-words`` and the calculators show), read here from
the same fields, never written a second time. English keeps the API's names (``'ac'``), which are
English already.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from marshmallow import Schema, fields

from api.fields import Choice
from rpg.core.catalog import API_NAMES, Naming, messages, msg
from rpg.core.text import Text

MESSAGES = messages({
    # A value inside a list, as a Czech message names it: „Družina“, řádek č. 1, „Životy“.
    "api.error.row": Text("řádek č. {row}", "row {row}"),
})


#: The input schema of each Flask endpoint that takes one outside the procedures (an
#: expedition's actions), so that its refusals name the inputs as its form does.
ENDPOINT_SCHEMAS: dict[str, type[Schema]] = {}


def _label(field: fields.Field[Any] | None) -> str | None:
    return None if field is None else field.metadata.get("x-label")


def _words(field: fields.Field[Any]) -> dict[str, str]:
    """The rule's words of a field's choices: its own, its items', or those of the choices it
    is made of (camping's ``pay``: a way for all, or a choice per failure)."""
    words: dict[str, str] = {}
    for part in (field, *vars(field).values()):
        if isinstance(part, fields.List):
            part = part.inner
        if isinstance(part, Choice):
            words |= part.words
    return words


@cache
def naming(schema: type[Schema]) -> Naming:
    """The Czech naming of a procedure's inputs: each field's label and its choices' words."""
    loaded = schema().fields
    return Naming(
        labels={name: label for name, field in loaded.items() if (label := _label(field))},
        words={name: words for name, field in loaded.items() if (words := _words(field))})


def named_path(schema: type[Schema], path: str) -> str | None:
    """A refused value's place (``party.0.hp``, ``units.Scout.value``) in Czech words:
    „Družina“, řádek č. 1, „Životy“; ``None`` where a step has no label (the API's name
    stands)."""
    top, *steps = path.split(".")
    field: fields.Field[Any] | None = schema().fields.get(top)
    label = _label(field)
    if field is None or label is None:
        return None
    where = [f"„{label}“"]
    while steps:
        step = steps.pop(0)
        if isinstance(field, fields.List) and step.isdigit():
            where.append(msg("api.error.row", row=int(step) + 1).cs)
            field = field.inner  # the item: a row of its own fields, a list, a value
            continue
        if isinstance(field, fields.Nested):
            field = _nested(field).get(step)
        elif isinstance(field, fields.Dict) and steps:  # a key the user gave, then its part
            where.append(step)
            field = field.key_field if steps.pop(0) == "key" else field.value_field
        else:
            return None
        label = _label(field)
        if label is None:
            return None
        where.append(f"„{label}“")
    return ", ".join(where)


def _nested(field: fields.Nested) -> Mapping[str, fields.Field[Any]]:
    nested = field.schema
    return nested.fields if isinstance(nested, Schema) else {}


def naming_in(schema: type[Schema] | None, lang: str) -> Naming:
    """How a message in ``lang`` names the inputs of ``schema`` (a procedure's; ``None``
    elsewhere): Czech by the form's labels and words, else by the API's names."""
    return naming(schema) if schema is not None and lang == "cs" else API_NAMES
