"""Marshmallow's messages in Czech and English, given to its fields, schemas and validators once.

Marshmallow words its refusals in English from each class's defaults (``required``, ``null``,
``invalid``, a schema's ``unknown`` and ``type``, the validators' ``message_*``) and formats them
with ``str.format``. Each default the API can meet is replaced here, at import (before any
schema is declared: :mod:`api` imports this module first), by a :class:`Bilingual` message: a
``str`` holding marshmallow's own English, so marshmallow formats and wraps it as it does its
own, that carries its Czech through every ``format``. The error envelope writes it in the
user's language (:func:`api.errors.translate`). Overriding the class defaults is marshmallow's
documented way to change its messages for a whole application.

Marshmallow's messages this module does not name stay English in either language.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from rpg.core.text import Text


class Bilingual(str):
    """A message as marshmallow handles its own (its English), carrying its Czech.

    ``format`` fills both languages (a :class:`Bilingual` argument gives each language its own
    word); copies are the message itself, as for any ``str``.
    """

    cs: str

    def __new__(cls, en: str, cs: str | None = None) -> Bilingual:
        said = super().__new__(cls, en)
        said.cs = en if cs is None else cs
        return said

    @classmethod
    def of(cls, text: Text) -> Bilingual:
        """The message of a catalog text."""
        return cls(text.en, text.cs)

    @property
    def en(self) -> str:
        """The English message (marshmallow's own)."""
        return str.__str__(self)

    def in_(self, lang: str) -> str:
        """The message in ``lang`` (``cs`` or ``en``), a plain ``str``."""
        return self.en if lang == "en" else self.cs

    def format(self, *args: Any, **kwargs: Any) -> Bilingual:
        """Both languages filled in."""
        return Bilingual(
            self.en.format(*args, **kwargs),
            self.cs.format(*(_czech(arg) for arg in args),
                           **{key: _czech(value) for key, value in kwargs.items()}))

    def __copy__(self) -> Bilingual:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Bilingual:
        return self


def _czech(value: Any) -> Any:
    return value.cs if isinstance(value, Bilingual) else value


#: A field's messages, by marshmallow's key (every field's: ``fields.Field``).
FIELD = {
    "required": Text("Chybí povinný údaj.", "Missing data for required field."),
    "null": Text("Hodnota nesmí být null.", "Field may not be null."),
    "validator_failed": Text("Neplatná hodnota.", "Invalid value."),
}

#: The ``invalid`` message of each kind of field.
INVALID: dict[type[fields.Field[Any]], Text] = {
    fields.Integer: Text("Není platné celé číslo.", "Not a valid integer."),
    fields.Number: Text("Není platné konečné číslo.", "Not a valid number."),
    fields.Boolean: Text("Není platná pravdivostní hodnota (true/false).", "Not a valid boolean."),
    fields.String: Text("Není platný text.", "Not a valid string."),
    fields.List: Text("Není platný seznam.", "Not a valid list."),
    fields.Mapping: Text("Není platný objekt.", "Not a valid mapping type."),
}

#: A schema's own messages (a key it does not know; a document that is no object).
SCHEMA = {
    "unknown": Text("Neznámé pole: tento postup ho nezná.", "Unknown field."),
    "type": Text("Neplatný typ vstupu: očekáván objekt JSON.", "Invalid input type."),
}

#: A length's messages (``validate.Length``), by its attribute.
LENGTH = {
    "message_min": Text("Kratší než nejmenší délka {min}.", "Shorter than minimum length {min}."),
    "message_max": Text("Delší než největší délka {max}.", "Longer than maximum length {max}."),
    "message_all": Text("Délka musí být od {min} do {max}.",
                        "Length must be between {min} and {max}."),
    "message_equal": Text("Délka musí být {equal}.", "Length must be {equal}."),
}

#: A choice's message (``validate.OneOf``).
ONE_OF = Text("Musí být jedno z: {choices}.", "Must be one of: {choices}.")

#: A range's message, both bounds included (``validate.Range(low, high, error=BETWEEN)``).
BETWEEN = Bilingual.of(Text(
    "Musí být od {min} do {max}.",
    "Must be greater than or equal to {min} and less than or equal to {max}."))

#: The refusals of a JSON document given in a query string (:class:`api.fields.JsonNested`).
NOT_JSON = Bilingual.of(Text("Není platný JSON.", "Not valid JSON."))
TOO_LONG = Bilingual.of(LENGTH["message_max"])

#: The one message webargs' parser words itself (a body it cannot read as JSON; 400).
INVALID_JSON_BODY = Bilingual.of(Text("Neplatné tělo požadavku: není to platný JSON.",
                                      "Invalid JSON body."))


def _install() -> None:
    fields.Field.default_error_messages.update(
        {key: Bilingual.of(text) for key, text in FIELD.items()})
    for kind, text in INVALID.items():
        kind.default_error_messages = {**kind.default_error_messages,
                                       "invalid": Bilingual.of(text)}
    Schema.error_messages = {key: Bilingual.of(text) for key, text in SCHEMA.items()}
    for attribute, text in LENGTH.items():
        setattr(validate.Length, attribute, Bilingual.of(text))
    validate.OneOf.default_message = Bilingual.of(ONE_OF)


_install()
