"""The API's result schemas, generated from the engine's result dataclasses.

A result's shape is declared once, by its frozen dataclass in ``rpg/``: each field's type says what
the OpenAPI document shows (``int | None`` a nullable integer, ``Literal[...]`` an enumeration,
``tuple[X, ...]`` an array, a nested dataclass an object of its own), a field's
``metadata={"description": ...}`` its description and ``metadata={"enum": ...}`` the values a
string takes when they come from an engine table (its dotted name, ``rpg.conquest.game.UNIT_NAMES``:
the table is written once, in the engine). The answer itself is written by
:func:`api.serialize.to_json` from the same dataclass, and the tests validate answers against
these schemas, so the document cannot drift from the answers.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
import types
import typing
from fractions import Fraction
from typing import Any, Literal, Union

from marshmallow import Schema, fields, validate

from rpg.core.catalog import Message
from rpg.core.text import Text

_SCHEMAS: dict[type | tuple[type, ...], type[Schema]] = {}
_NAMES: dict[str, type] = {}


def _name(cls: type) -> str:
    """A schema name unique in the document, whatever order the rulebooks were imported in: the
    class's own, or, when a result class of that name lives in another rulebook, prefixed by its
    rulebook (``ConquestAttackResult`` beside ``pravidla``'s ``AttackResult``). The core rulebook
    (``pravidla``) keeps the plain names."""
    name = cls.__name__
    rulebook = cls.__module__.split(".")[1]
    if (rulebook != "pravidla" and _elsewhere(name, cls)) or _NAMES.get(name, cls) is not cls:
        name = "".join(part.title() for part in rulebook.split("_")) + name
    _NAMES[name] = cls
    return name


def _elsewhere(name: str, cls: type) -> bool:
    """Whether another engine module declares a dataclass called ``name``."""
    from rpg.core.registry import procedures

    procedures()  # every rulebook imported
    return any(
        isinstance(other := getattr(module, name, None), type) and other is not cls
        and dataclasses.is_dataclass(other)
        for module_name, module in list(sys.modules.items())
        if module_name.startswith("rpg.") and module is not None)


def _constant(name: str) -> Any:
    """An engine constant named by its dotted path (``rpg.conquest.game.UNIT_NAMES``)."""
    module, _, attribute = name.rpartition(".")
    return getattr(importlib.import_module(module), attribute)


def _field(hint: Any, **options: Any) -> fields.Field[Any]:
    """The marshmallow field of one type hint."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        present = [arg for arg in arguments if arg is not type(None)]
        if len(present) != 1:
            raise TypeError(f"cannot document the union {hint!r}")
        return _field(present[0], allow_none=True, **options)
    if origin is Literal:
        kind = fields.Integer if all(isinstance(a, int) for a in arguments) else fields.String
        return kind(validate=validate.OneOf(list(arguments)), **options)
    if origin in (tuple, list):
        item = arguments[0] if arguments else Any
        return fields.List(_field(item), **options)
    if origin is dict:
        return fields.Dict(keys=_field(arguments[0]), values=_field(arguments[1]), **options)
    simple: dict[Any, type[fields.Field[Any]]] = {
        bool: fields.Boolean, int: fields.Integer, float: fields.Float, Fraction: fields.Float,
        str: fields.String, Text: fields.String, Message: fields.String,
    }
    if hint in simple:
        choices = options.get("metadata", {}).pop("enum", None)
        if choices is not None:  # values from an engine table (unit names, difficulties)
            options["validate"] = validate.OneOf(list(_constant(choices)))
        return simple[hint](**options)
    if dataclasses.is_dataclass(hint):
        return fields.Nested(result_schema(hint), **options)  # type: ignore[arg-type]
    raise TypeError(f"cannot document the type {hint!r}")


def result_schema(cls: type | tuple[type, ...]) -> type[Schema]:
    """The schema of a result dataclass (built once per class), every field required; of a
    tuple of them (a procedure whose result has several shapes), every field of every shape,
    each required by its own shape only."""
    if isinstance(cls, tuple):
        return _union(cls)
    if cls not in _SCHEMAS:
        hints = typing.get_type_hints(cls)
        declared = {
            field.name: _field(hints[field.name], required=True, metadata=dict(field.metadata))
            for field in dataclasses.fields(cls)
        }
        schema = Schema.from_dict(declared, name=_name(cls))
        schema.__doc__ = (cls.__doc__ or "").strip().split("\n\n")[0]
        _SCHEMAS[cls] = schema
    return _SCHEMAS[cls]


def _union(shapes: tuple[type, ...]) -> type[Schema]:
    """One schema for the shapes of a result: their fields together, none required, each
    described with the shape it belongs to (``Present in SkillCheckGroup.``)."""
    if shapes in _SCHEMAS:
        return _SCHEMAS[shapes]
    declared: dict[str, fields.Field[Any]] = {}
    for shape in shapes:
        hints = typing.get_type_hints(shape)
        for field in dataclasses.fields(shape):
            metadata = dict(field.metadata)
            note = f"Present in {shape.__name__}: {(shape.__doc__ or '').strip().splitlines()[0]}"
            metadata["description"] = " ".join(filter(None, (metadata.get("description"), note)))
            if field.name in declared:
                continue
            declared[field.name] = _field(hints[field.name], required=False, metadata=metadata)
    schema = Schema.from_dict(declared, name=_name(shapes[-1]) + "Or" + shapes[0].__name__)
    schema.__doc__ = " / ".join((shape.__doc__ or "").strip().split("\n\n")[0]
                                for shape in shapes)
    _SCHEMAS[shapes] = schema
    return schema
