"""The wilderness calculators in Chromium: camping, a day of travel, fast travel and the split
of its summary damage give the engine's answers and exact chances from physical dice, draw the
day's events, refuse what the rules refuse beside the field, and fit a 390 px phone."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.pravidla import wilderness
from tests.calculators import vectors as golden
from tests.calculators import vectors_wilderness as mine
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
    sampled_cases,
)
from tests.calculators.test_calculators_browser import _close, _fill, _open, _roll

pytestmark = pytest.mark.browser

PATHS = list(mine.GRIDS)
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 6
#: Object-valued inputs, written into the form as JSON.
JSON_FIELDS = ("party", "allocation")


def _as_form(inputs: dict[str, Any]) -> dict[str, Any]:
    return {name: json.dumps(value, ensure_ascii=False) if name in JSON_FIELDS else value
            for name, value in inputs.items()}


def _cases(path: str) -> list[dict[str, Any]]:
    return sampled_cases(path, golden.PROCEDURES[path], mine.GRIDS[path], sample=SAMPLE, seed=11)


def _exact_chance(path: str, case: dict[str, Any]) -> str:
    """The engine's chance as the calculator writes it: "25/36", "1" or "0"."""
    chance = golden.PROCEDURES[path](ReplayDice(case["dice"]), **case["input"]).chance
    return str(chance.numerator) if chance.denominator == 1 else str(chance)


def _titles(root) -> list[str]:
    """The chart's bars as their tooltips say: "event: chance"."""
    return root.locator(".calculator__chart rect title").evaluate_all(
        "titles => titles.map(t => t.textContent)")


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(chromium, calculators_url, path):
    page, root, errors = _open(chromium, calculators_url, path)
    for case in _cases(path):
        root.locator("form").evaluate("form => form.reset()")
        _fill(root, _as_form(case["input"]), case["dice"])
        assert _close(_roll(root), case["result"]), case
        assert root.locator(".calculator__text").inner_text() == case["text"]
        chance = root.locator(".calculator__chance")
        if case["chance"] is None:
            assert chance.count() == 0, case
        else:
            assert f": {_exact_chance(path, case)} ≈" in chance.inner_text(), case
    assert not errors
    page.context.close()


def test_travel_draws_the_days_events_with_the_rolled_ones_marked(chromium, calculators_url):
    page, root, errors = _open(chromium, calculators_url, "travel")
    # Difficult terrain, foraging: not lost (4 > 3), no encounter (3 > 2), food found (1 ≤ 2).
    _fill(root, {"movement": [6, 4], "terrain": "difficult", "activity": "forage"}, [4, 3, 1, 5])
    result = _roll(root)
    assert result["lost"] is False and result["encounter"] is False
    assert result["activity"] == {"kind": "forage", "success": True, "supplies": 5}
    bars = root.locator(".calculator__chart rect")
    assert _titles(root) == [
        "ztráta směru: 50 %", "setkání: 33,33 %", "sběr: 33,33 %"]
    assert [bars.nth(i).get_attribute("class") for i in range(3)] == ["", "", "is-current"]
    assert "2/3 ≈ 66,67 %" in root.locator(".calculator__chance").inner_text()
    # On a road nothing can be lost: the chart has no bar for it.
    root.locator("form").evaluate("form => form.reset()")
    _fill(root, {"road": True}, [1])
    assert _roll(root)["lost"] is None
    assert _titles(root) == ["setkání: 33,33 %"]
    assert root.locator(".calculator__chart rect").get_attribute("class") == "is-current"
    assert not errors
    page.context.close()


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("camping", {"bonuses": "food, wood"}, "bonuses",
     "'bonuses' musí být jedno z: food, water, shelter; ne wood."),
    ("camping", {"covered": "food, water, shelter, food"}, "covered",
     "Zadej 0 až 3 položek oddělených čárkou."),
    ("camping", {"travelers": "0"}, "travelers", "Zadej hodnotu od 1 do 100."),
    ("travel", {"forced_march": True, "activity": "hunt"}, "forced_march",
     "Lov zabere celý den, takže se nedá spojit s cestou dnem i nocí"),
    ("travel", {"movement": "6, 31"}, "movement", "Položka č. 2: Zadej hodnotu od 1 do 30."),
    ("fast-travel", {"days": "366"}, "days", "Zadej hodnotu od 1 do 365."),
    ("fast-travel", {"days": ""}, "days", "Vyplň toto pole."),
    ("fast-travel-split", {"party": '[{"name": "Ota", "hp": 3}', "damage": "0"}, "party",
     "Zápis není platný JSON."),
    ("fast-travel-split", {"party": '[{"name": "Ota", "hp": 3}, {"name": "Ota", "hp": 5}]',
                           "damage": "0"}, "party", "Jméno 'Ota' je v 'party' dvakrát"),
    ("fast-travel-split", {"party": '[{"name": "Ota", "hp": 3}]', "damage": "4",
                           "allocation": '{"Ota": 3}'}, "allocation",
     f"Rozděleno 3 body, ale souhrnné poškození je 4: {wilderness.SPLIT_RULE.cs}"),
    ("fast-travel-split", {"party": '[{"name": "Ota", "hp": 3}]', "damage": "1",
                           "allocation": '{"Bára": 1}'}, "allocation",
     f"'Bára' necestuje ('party'): {wilderness.SPLIT_RULE.cs}"),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    chromium, calculators_url, path, inputs, field, quote,
):
    refused_beside_the_field(chromium, calculators_url, path, inputs, field, quote)


@pytest.mark.parametrize("path", PATHS)
def test_a_random_roll_gives_a_valid_answer(chromium, calculators_url, path):
    random_rolls_keep(chromium, calculators_url, path, _as_form(mine.RANDOM_INPUTS[path]),
                      mine.INVARIANTS[path])


def test_phone_width_shows_no_sideways_scroll(chromium, calculators_url, tmp_path_factory):
    forms = {path: _as_form(inputs) for path, inputs in mine.RANDOM_INPUTS.items()}
    fit_a_phone(chromium, calculators_url, PATHS, forms, tmp_path_factory)
