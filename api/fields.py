"""Marshmallow fields with the strictness a public API needs, and the bounds the spec fixes.

JSON ``true`` is no integer, ``5.5`` is no count, and a list in a query string may come repeated
(``sides=a&sides=b``) or comma-separated (``sides=a,b``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from marshmallow import ValidationError, fields, validate

from api.field_messages import BETWEEN, NOT_JSON, TOO_LONG
from api.serialize import json_depth_exceeds
from rpg.core.catalog import msg
from rpg.core.citations import slugify

# ASCII digits only: Python's int() would also take "７" (full-width) or Arabic-Indic digits.
_INTEGER = re.compile(r"^[+-]?\d{1,19}$", re.ASCII)
# A decimal as JSON writes it (any number of digits, an exponent), or with a sign or a bare
# point; at most 64 characters in all (the lookahead), as a body is bounded by its size.
_NUMBER = re.compile(r"^(?=.{1,64}$)[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$", re.ASCII)

#: Bounds the spec fixes where a procedure names none.
MODIFIER = (-20, 20)
FATIGUE = (0, 50)
AMOUNT = (0, 100_000)
NAME_LENGTH = 40
LIST_LENGTH = 100


class Int(fields.Integer):
    """An integer: a JSON integer or a string of digits; never a bool or a fraction."""

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, int):
            return value
        if isinstance(value, str) and _INTEGER.match(value.strip()):
            return int(value.strip())
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
            return int(value)
        raise self.make_error("invalid")


class Number(fields.Float):
    """A finite real number; never a bool, NaN or infinity."""

    def _validated(self, value: Any) -> float:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, int | float):
            number = float(value) if abs(value) < 1e300 else math.inf
        elif isinstance(value, str) and _NUMBER.match(value.strip()):
            number = float(value.strip())
        else:
            raise self.make_error("invalid")
        if not math.isfinite(number):
            raise self.make_error("invalid")
        return number


class Bool(fields.Boolean):
    """A boolean: JSON true/false, or in a query string true/false/1/0/yes/no/on/off."""


class CsvList(fields.List[Any]):
    """A list that also accepts one comma-separated string (``2,3,5``) per query value."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list | tuple) and any(isinstance(v, str) for v in value):
            flattened: list[Any] = []
            for item in value:
                if isinstance(item, str):
                    flattened.extend(part.strip() for part in item.split(",") if part.strip())
                else:
                    flattened.append(item)
            value = flattened
        _refuse_long(self, value)
        return super()._deserialize(value, attr, data, **kwargs)


def _refuse_long(field: fields.Field[Any], value: Any) -> None:
    """A list past its bounds is refused before each of its items is validated."""
    if not isinstance(value, list | tuple):
        return
    for validator in field.validators:
        if (isinstance(validator, validate.Length) and validator.max is not None
                and len(value) > validator.max):
            validator(value)  # raises the usual "Length must be between ..." message


def labelled(kwargs: dict[str, Any], label: str | None) -> dict[str, Any]:
    """``kwargs`` with the field's Czech label (``x-label``: what a calculator's form shows)."""
    if label is not None:
        kwargs["metadata"] = {**kwargs.get("metadata", {}), "x-label": label}
    return kwargs


def bounded_int(low: int, high: int, *, label: str | None = None, **kwargs: Any) -> Int:
    """An integer field within ``low..high`` (the bound shows in the OpenAPI document)."""
    return Int(validate=validate.Range(low, high, error=BETWEEN), **labelled(kwargs, label))


def bounded_number(low: float, high: float, *, label: str | None = None,
                   **kwargs: Any) -> Number:
    """A number within ``low..high``."""
    return Number(validate=validate.Range(low, high, error=BETWEEN), **labelled(kwargs, label))


def flag(*, label: str | None = None, **kwargs: Any) -> Bool:
    """A yes-or-no input, false unless given."""
    kwargs.setdefault("load_default", False)
    return Bool(**labelled(kwargs, label))


def modifier(*, label: str | None = "Modifikátor", **kwargs: Any) -> Int:
    """A modifier or bonus: −20..20, default 0."""
    kwargs.setdefault("load_default", 0)
    return bounded_int(*MODIFIER, label=label, **kwargs)


def fatigue(*, label: str | None = "Únava", **kwargs: Any) -> Int:
    """Fatigue, subtracted from every d20 total: 0..50, default 0."""
    kwargs.setdefault("load_default", 0)
    kwargs.setdefault("metadata", {"description": "Fatigue (Únava), subtracted from the total."})
    return bounded_int(*FATIGUE, label=label, **kwargs)


def name(*, label: str | None = None, **kwargs: Any) -> fields.String:
    """A name (a side, an item, a character): 1..40 characters."""
    return fields.String(validate=validate.Length(1, NAME_LENGTH), **labelled(kwargs, label))


class Choice(fields.String):
    """One of a fixed set of API values, also given as the rule's Czech word.

    ``difficulty=těžká``, ``TEZKA`` and ``tezka`` all mean ``tezka``: any case, with or without
    diacritics, a space for a hyphen (the words are compared as ASCII slugs); ``location=kobka``
    means ``dungeon`` when ``words`` gives that value the word "kobka". The canonical key is what
    the procedure receives and ``input`` echoes. The words are documented as ``x-words`` (the
    calculators show them as the options' labels).
    """

    def __init__(self, values: Sequence[str], words: Mapping[str, str] | None = None,
                 **kwargs: Any) -> None:
        self.words = dict(words or {})
        unknown = set(self.words) - set(values)
        if unknown:
            raise ValueError(f"words for values the field does not take: {sorted(unknown)}")
        self.aliases = {slugify(value): value for value in values}
        for value, word in self.words.items():
            self.aliases.setdefault(slugify(word), value)
        if self.words:
            kwargs["metadata"] = {**kwargs.get("metadata", {}), "x-words": self.words}
        super().__init__(validate=validate.OneOf(list(values)), **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        given = super()._deserialize(value, attr, data, **kwargs)
        if len(given) > CHOICE_LENGTH:  # no slug of a long string: it could only be refused
            return given
        return self.aliases.get(slugify(given), given)


class DiceExpression(fields.String):
    """A dice expression (``1d8+2``), read by :func:`rpg.core.notation.parse` on every path:
    there a space between two terms is read as ``+`` (``damage=1d8 1`` typed into a phone's
    address bar, where an unencoded ``+`` arrives as a space, is ``1d8+1``). Every input of a
    procedure that is a dice expression is one of these."""


def dice_expression(*, label: str | None = None, **kwargs: Any) -> DiceExpression:
    """A dice expression: at most ``notation.MAX_LENGTH`` characters."""
    from rpg.core.notation import MAX_LENGTH

    return DiceExpression(validate=validate.Length(1, MAX_LENGTH), **labelled(kwargs, label))


#: The longest choice value read as a word (the longest word is far shorter).
CHOICE_LENGTH = 60


def words(prefix: str, values: Sequence[str]) -> dict[str, str]:
    """The rule's Czech word of each value, as the engine's catalog has it (``<prefix>.<value>``):
    the form shows it, the API accepts it, and it is written once."""
    return {value: msg(f"{prefix}.{value}").cs for value in values}


def choice(values: Sequence[str], words: Mapping[str, str] | None = None, *,
           label: str | None = None, **kwargs: Any) -> Choice:
    """One of a fixed set of API values; ``words`` gives the rule's Czech word of each."""
    return Choice(values, words, **labelled(kwargs, label))


def csv_list(inner: fields.Field[Any], low: int = 0, high: int = LIST_LENGTH, *,
             label: str | None = None, **kwargs: Any) -> CsvList:
    """A bounded list, comma-separated or repeated in a query string."""
    return CsvList(inner, validate=validate.Length(low, high), **labelled(kwargs, label))


#: The longest JSON-encoded query value accepted for an object-valued input.
JSON_QUERY_LENGTH = 8_000


class _FromJsonString:
    """Object-valued inputs come in a JSON body; in a GET they may be one JSON-encoded value."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list) and len(value) == 1 and isinstance(value[0], str):
            value = value[0]  # a query string's repeated-value list holding one JSON document
        if isinstance(value, str):
            if len(value) > JSON_QUERY_LENGTH:
                raise ValidationError(TOO_LONG.format(max=JSON_QUERY_LENGTH))
            if json_depth_exceeds(value):
                raise ValidationError(NOT_JSON)
            try:
                value = json.loads(value)
            except ValueError as error:
                raise ValidationError(NOT_JSON) from error
        if isinstance(self, fields.List):
            _refuse_long(self, value)
        return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[misc]


class JsonNested(_FromJsonString, fields.Nested):  # type: ignore[misc]
    """A nested object; in a query string, one JSON-encoded value."""


class JsonList(_FromJsonString, fields.List[Any]):
    """A list (of objects); in a query string, one JSON-encoded value."""


class _PropertyCount(validate.Validator):
    """A :class:`~marshmallow.validate.Length` bound on a mapping's keys, in other clothes:
    apispec documents any validator with ``min``, ``max`` and ``equal`` as ``minLength`` /
    ``maxLength`` (a string's keywords), so the bound is documented by :class:`JsonDict` as
    ``minProperties`` / ``maxProperties`` instead."""

    def __init__(self, length: validate.Length) -> None:
        self.length = length

    def __call__(self, value: Any) -> Any:
        return self.length(value)


class JsonDict(_FromJsonString, fields.Dict):
    """A mapping such as ``{"Scout": 2}``; in a query string, one JSON-encoded value. Its
    ``validate.Length`` bound counts keys and is documented as ``min/maxProperties``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index, validator in enumerate(self.validators):
            if isinstance(validator, validate.Length):
                self.validators[index] = _PropertyCount(validator)
                bounds = {"minProperties": validator.min, "maxProperties": validator.max}
                if validator.equal is not None:
                    bounds = dict.fromkeys(bounds, validator.equal)
                self.metadata = {**{k: v for k, v in bounds.items() if v is not None},
                                 **self.metadata}
        if self.key_field is not None:  # what a key is, for a calculator's row of key + value
            self.metadata = {**self.metadata, "x-keys": _described(self.key_field)}


def _described(field: fields.Field[Any]) -> dict[str, Any]:
    """A string field as a JSON schema would have it: its ``x-`` keys, choices and length."""
    described = {key: value for key, value in field.metadata.items() if key.startswith("x-")}
    for validator in field.validators:
        if isinstance(validator, validate.OneOf):
            described["enum"] = list(validator.choices)
        elif isinstance(validator, validate.Length):
            described |= {"minLength": validator.min, "maxLength": validator.max}
    return described
