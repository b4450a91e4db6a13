"""Marshmallow's messages carry their Czech from the start (:mod:`api.field_messages`): each in
both languages, word for word as the API has always answered, and every input field of every
procedure and expedition action given them."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from api import fields as f
from api.errors import translate
from api.expeditions import schemas as expedition_schemas
from api.field_messages import Bilingual
from api.procedures import ENDPOINTS


class Party(Schema):
    name = fields.String(required=True)


class Sample(Schema):
    """One field of each kind the API's schemas use, each with its validators."""

    class Meta:
        unknown = RAISE

    count = f.bounded_int(1, 12)
    share = f.bounded_number(-0.5, 2.5)
    plain = fields.Integer()
    flag = f.Bool()
    name = fields.String(validate=validate.Length(1, 3))
    short = fields.String(validate=validate.Length(max=2))
    long = fields.String(validate=validate.Length(min=2))
    exact = fields.List(fields.Integer(), validate=validate.Length(equal=2))
    kind = fields.String(validate=validate.OneOf(["ork", "elf"]))
    table = fields.Dict(keys=fields.String(), values=fields.Integer())
    party = fields.List(fields.Nested(Party))
    sides = f.csv_list(fields.Integer(), 1, 2)
    given = fields.Integer(required=True, allow_none=False)


#: Each refused input, with its messages in Czech and English: the Czech exactly as before.
CASES: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ({"count": 13}, {"count": ["Musí být od 1 do 12."]},
     {"count": ["Must be greater than or equal to 1 and less than or equal to 12."]}),
    ({"share": 3}, {"share": ["Musí být od -0.5 do 2.5."]},
     {"share": ["Must be greater than or equal to -0.5 and less than or equal to 2.5."]}),
    ({"count": "x"}, {"count": ["Není platné celé číslo."]}, {"count": ["Not a valid integer."]}),
    ({"plain": "x"}, {"plain": ["Není platné celé číslo."]}, {"plain": ["Not a valid integer."]}),
    ({"share": "x"}, {"share": ["Není platné konečné číslo."]}, {"share": ["Not a valid number."]}),
    ({"flag": "x"}, {"flag": ["Není platná pravdivostní hodnota (true/false)."]},
     {"flag": ["Not a valid boolean."]}),
    ({"name": 5}, {"name": ["Není platný text."]}, {"name": ["Not a valid string."]}),
    ({"name": "abcd"}, {"name": ["Délka musí být od 1 do 3."]},
     {"name": ["Length must be between 1 and 3."]}),
    ({"short": "abc"}, {"short": ["Delší než největší délka 2."]},
     {"short": ["Longer than maximum length 2."]}),
    ({"long": "a"}, {"long": ["Kratší než nejmenší délka 2."]},
     {"long": ["Shorter than minimum length 2."]}),
    ({"exact": [1]}, {"exact": ["Délka musí být 2."]}, {"exact": ["Length must be 2."]}),
    ({"kind": "trpaslík"}, {"kind": ["Musí být jedno z: ork, elf."]},
     {"kind": ["Must be one of: ork, elf."]}),
    ({"table": []}, {"table": ["Není platný objekt."]}, {"table": ["Not a valid mapping type."]}),
    ({"party": "x"}, {"party": ["Není platný seznam."]}, {"party": ["Not a valid list."]}),
    ({"party": [{}]}, {"party": {"0": {"name": ["Chybí povinný údaj."]}}},
     {"party": {"0": {"name": ["Missing data for required field."]}}}),
    ({"party": [5]}, {"party": {"0": {"_schema": ["Neplatný typ vstupu: očekáván objekt JSON."]}}},
     {"party": {"0": {"_schema": ["Invalid input type."]}}}),
    ({"sides": "1,2,3"}, {"sides": ["Délka musí být od 1 do 2."]},
     {"sides": ["Length must be between 1 and 2."]}),
    ({"given": None}, {"given": ["Hodnota nesmí být null."]},
     {"given": ["Field may not be null."]}),
    ({"moral": 7}, {"moral": ["Neznámé pole: tento postup ho nezná."]},
     {"moral": ["Unknown field."]}),
]


@pytest.mark.parametrize(("given", "czech", "english"), CASES)
def test_each_message_in_both_languages(given: dict[str, Any], czech: dict[str, Any],
                                        english: dict[str, Any]) -> None:
    with pytest.raises(ValidationError) as refused:
        Sample().load({"given": 1, **given})
    assert translate(refused.value.messages, "cs") == czech
    assert translate(refused.value.messages, "en") == english
    # Whatever else reads marshmallow's messages (a log, a library) reads its English.
    assert json.loads(json.dumps(refused.value.messages)) == english


def test_a_json_document_in_a_query_is_refused_in_both_languages() -> None:
    class Query(Schema):
        party = f.JsonList(fields.Nested(Party))

    for given, czech, english in (("[", "Není platný JSON.", "Not valid JSON."),
                                  ("[" * 9000, "Delší než největší délka 8000.",
                                   "Longer than maximum length 8000.")):
        with pytest.raises(ValidationError) as refused:
            Query().load({"party": given})
        assert translate(refused.value.messages, "cs") == {"party": [czech]}
        assert translate(refused.value.messages, "en") == {"party": [english]}


def test_a_message_is_a_plain_string_once_written() -> None:
    said = Bilingual("Length must be {equal}.", "Délka musí být {equal}.").format(equal=2)
    assert (said, said.cs, said.en) == ("Length must be 2.", "Délka musí být 2.",
                                        "Length must be 2.")
    assert type(said.in_("cs")) is str and type(said.in_("en")) is str
    assert copy.deepcopy(said) is said
    assert pickle.loads(pickle.dumps(said)).cs == "Délka musí být 2."


def _fields_of(schema: Schema, seen: set[int]) -> list[tuple[str, fields.Field[Any]]]:
    """Every field of ``schema``, nested ones and list items included."""
    if id(schema) in seen:
        return []
    seen.add(id(schema))
    found: list[tuple[str, fields.Field[Any]]] = []
    pending: list[tuple[str, fields.Field[Any]]] = list(schema.fields.items())
    while pending:
        name, field = pending.pop()
        found.append((name, field))
        if isinstance(field, fields.Nested):
            found += [(f"{name}.{inner}", nested)
                      for inner, nested in _fields_of(field.schema, seen)]
        for inner in ("inner", "value_field", "key_field"):
            item = getattr(field, inner, None)
            if isinstance(item, fields.Field):
                pending.append((f"{name}[]", item))
    return found


def _schemas() -> list[tuple[str, Schema]]:
    inputs = [(name, endpoint.args) for name, endpoint in ENDPOINTS.items()]
    actions = [(name, value()) for name, value in vars(expedition_schemas).items()
               if isinstance(value, type) and issubclass(value, Schema)
               and value.__module__ == expedition_schemas.__name__]
    return inputs + actions


@pytest.mark.parametrize(("name", "schema"), _schemas(), ids=lambda value: str(value)[:40])
def test_every_input_field_is_given_its_messages_in_both_languages(
        name: str, schema: Schema) -> None:
    assert isinstance(schema.error_messages["unknown"], Bilingual)
    untold = []
    for path, field in _fields_of(schema, set()):
        untold += [f"{path}: {key}" for key in ("required", "null", "validator_failed")
                   if not isinstance(field.error_messages[key], Bilingual)]
        if "invalid" in field.error_messages and isinstance(
                field, fields.Integer | fields.Number | fields.Boolean | fields.String
                | fields.List | fields.Mapping):
            untold += [] if isinstance(field.error_messages["invalid"], Bilingual) else [
                f"{path}: invalid"]
        for validator in field.validators:
            if type(validator) is validate.Range and not isinstance(validator.error, Bilingual):
                untold.append(f"{path}: a range without its message")
            if isinstance(validator, validate.OneOf) and isinstance(validator.error, str) \
                    and validator.error.startswith("Must be one of") \
                    and not isinstance(validator.error, Bilingual):
                untold.append(f"{path}: a choice without its message")
    assert untold == []
