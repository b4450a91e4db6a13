"""Every input the API takes for an action is on the GM's page: a field of the action's form, or
sent by the page's script from a control named here (with why), or left out here (with why).
A new input of the API that the page lacks fails here, before a GM misses it at the table. So
does a new dialog that asks first, until it is listed with the browser test that opens it
(``phones.ASKS_FIRST``, the names ``asks_first`` takes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from api.expeditions.schemas import ACTION_FIELDS, action_schema
from rpg.expedition.actions import actions
from tests.expedition.phones import ASKS_FIRST

#: What every rolling action takes and the page handles as a whole (its hidden switch, the
#: replayed dice), or no action's form needs (the answer's language and format).
COMMON = {"version", "seed", "dice", "hidden", "format", "lang"}

#: Inputs the page's script sends from controls outside a form of the action's name.
SCRIPTED = {
    ("shift", "count"): "the buttons Další směna, Hodina and the form Směn najednou",
    ("remove-character", "character"): "the sheet's Odebrat z družiny, confirmed",
    ("remove-effect", "name"): "the effect's Zhasnout button",
    ("fast-travel", "allocation"): "the split panel, after the travel rolled its damage",
    ("fast-travel", "alternative"): "the split panel",
    ("split-damage", "allocation"): "the split panel's rows ([data-allocation])",
    ("split-damage", "alternative"): "the split panel's rows ([data-alternative])",
    ("encounter", "creatures"): "the encounter panel's rows of creatures ([data-rows])",
    ("travel-day", "activities"): "the travel panel's rows of groups ([data-rows])",
}

#: Inputs the page does not offer, and why.
LEFT_OUT = {
    ("encounter-end", "rounds"): "the page counts the rounds by its Další kolo button",
    ("shift", "noise"): "a noise rolls at once on the page (its Hluk button: the action noise)",
}


def forms(html: str) -> dict[str, set[str]]:
    """The names of the inputs in each form of ``html``, by the action it sends."""
    found: dict[str, set[str]] = {}
    for match in re.finditer(r'<form[^>]*data-action="([^"]+)"[^>]*>(.*?)</form>', html, re.S):
        names = {name.split(".")[0] for name in re.findall(r'\bname="([^"]+)"', match[2])}
        found.setdefault(match[1], set()).update(names)
    return found


@pytest.fixture(scope="module")
def html(built_site: Path) -> str:
    return (built_site / "vyprava" / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def page(html: str) -> dict[str, set[str]]:
    return forms(html)


@pytest.mark.parametrize("kind", sorted(ACTION_FIELDS))
def test_every_input_of_the_action_is_on_the_gms_page(page: dict[str, set[str]],
                                                      kind: str) -> None:
    declared = actions()[kind]
    taken = set(action_schema(kind, declared.rolls)._declared_fields) - COMMON
    handled = {name for (action, name) in {**SCRIPTED, **LEFT_OUT} if action == kind}
    assert taken - page.get(kind, set()) - handled == set()


def test_the_lists_name_only_inputs_the_api_takes(page: dict[str, set[str]]) -> None:
    for kind, name in {**SCRIPTED, **LEFT_OUT}:
        assert name in action_schema(kind, actions()[kind].rolls)._declared_fields, (kind, name)
        assert name not in page.get(kind, set()), (kind, name)  # on the page: not listed


def test_the_pages_dialogs_that_ask_first_are_the_ones_the_tests_list(html: str) -> None:
    asking = re.findall(r'<dialog[^>]*data-confirm="([^"]+)"', html)
    assert sorted(asking) == sorted(ASKS_FIRST)
