"""The expedition pages' labels come from the API's schemas, a list's items' fields too."""

from __future__ import annotations

import pytest

from api.expeditions.schemas import action_schema
from api.procedures import ENDPOINTS
from rulesite.expedition import action_label
from rulesite.reference import openapi_document


@pytest.fixture(scope="module")
def document() -> dict:
    return openapi_document()


def test_a_field_and_a_list_items_field_are_labelled_from_the_schema(document: dict) -> None:
    healing = ENDPOINTS["healing"].input_schema._declared_fields
    assert action_label(document, "heal", "nights") == healing["nights"].metadata["x-label"]
    creature = action_schema("encounter", True)._declared_fields["creatures"].inner.nested
    for name in ("count", "hp", "ac", "morale"):
        assert action_label(document, "encounter", f"creatures.{name}") == (
            creature._declared_fields[name].metadata["x-label"])


@pytest.mark.parametrize("name", ["creatures.nothing", "nothing.hp", "sides.hp", "creatures"])
def test_a_marker_naming_no_labelled_field_fails_the_build(document: dict, name: str) -> None:
    with pytest.raises(RuntimeError, match="no labelled field"):
        action_label(document, "encounter", name)


def test_a_control_without_a_visible_label_is_named_from_the_schema(document: dict) -> None:
    from rulesite.expedition import labelled

    marked = '<input type="number" data-aria-label="damage.amount" data-amount>'
    amount = action_schema("damage", False)._declared_fields["amount"].metadata["x-label"]
    assert labelled(marked, document) == f'<input type="number" aria-label="{amount}" data-amount>'
    with pytest.raises(RuntimeError, match="no labelled field"):
        labelled('<input data-aria-label="damage.nothing">', document)
