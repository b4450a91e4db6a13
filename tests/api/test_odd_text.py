"""Odd text into every string of every procedure, by GET and by POST: a 422 naming the field.

The procedures' path (:mod:`api.procedure_path`) refuses it with the same guard the
expeditions' routes pass (:mod:`api.odd_text`, :mod:`api.hooks`). The routes and their
strings come from the OpenAPI document.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from api import create_app
from api.odd_text import ODD as ODD_CHARACTER
from api.odd_text import find_odd_text, visible
from tests.openapi_strings import placed, string_fields

ODD = ("x\x00", "\u202ex", "x\x85", "\x7f")


def test_every_string_of_every_procedure_refuses_odd_text() -> None:
    client = create_app({"TESTING": True}).test_client()
    document = client.get("/api/v1/openapi.json").get_json()
    checked = 0
    for path, operations in document["paths"].items():
        if path.startswith(("/api/v1/expeditions", "/api/v1/health")) or "get" not in operations \
                or "post" not in operations:
            continue
        for method in ("get", "post"):
            for field in string_fields(document, path, method):
                for value in ODD:
                    if method == "get":
                        answer = client.get(f"{path}?{field.path[0]}={quote(value)}&lang=en")
                    else:
                        answer = client.post(f"{path}?lang=en", data=json.dumps(
                            placed(field.path, value)), content_type="application/json")
                    assert answer.status_code == 422, (path, method, str(field), value)
                    errors = answer.get_json()["errors"]
                    assert list(errors) == [field.path[0]], (path, method, str(field), errors)
                    checked += 1
    assert checked > 400


def test_a_query_names_the_field_and_a_json_document_its_place() -> None:
    client = create_app({"TESTING": True}).test_client()
    answer = client.get("/api/v1/reaction?modifier=1&lang=%00")
    assert answer.get_json()["errors"] == {"lang": [
        "Obsahuje řídicí znak (U+0000), který nelze uložit: odstraň ho."]}
    answer = client.post("/api/v1/expeditions", data='"\\u2066"', content_type="application/json")
    assert answer.status_code == 422 and list(answer.get_json()["errors"]) == ["_schema"]


def test_what_is_odd_and_what_is_visible() -> None:
    assert find_odd_text({"a": ["ok", {"b\u202d": 1}]}).path == ("a", "1")  # type: ignore[union-attr]
    assert find_odd_text({"name": "Zoë\tand\nline\r"}) is None  # tab and line breaks are text
    assert find_odd_text("😀 ZWJ\u200d family \u200f mark") is None
    assert [visible(text) for text in ("\u200b", "\u3164 ", "\ufeff", "\u0301", "x\u200b", "·")
            ] == [False, False, False, False, True, True]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers()
    | st.text(alphabet=st.sampled_from("ab\x00\u202e\ud800 ")),
    lambda children: st.lists(children, max_size=4) | st.tuples(children, children)
    | st.dictionaries(st.text(alphabet=st.sampled_from("k\x00\u2066"), max_size=2), children,
                      max_size=4),
    max_leaves=20)


def every_string(value: Any, path: tuple[str, ...]) -> Any:
    """Each string of ``value`` in document order with its place (a key's is its object's)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield path, key
            yield from every_string(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from every_string(item, (*path, str(index)))


@given(JSON_VALUES)
@settings(max_examples=300, derandomize=True)
def test_a_document_with_odd_text_is_told_by_the_quick_walk_as_by_the_full_one(
        document: object) -> None:
    # find_odd_text first asks the walk without paths (each write of a state does), then finds
    # the place with the full one: they agree on every document.
    first = next(((path, found.group()) for path, text in every_string(document, ())
                  if (found := ODD_CHARACTER.search(text))), None)
    found = find_odd_text(document)
    assert (None if found is None else (found.path, found.character)) == first
