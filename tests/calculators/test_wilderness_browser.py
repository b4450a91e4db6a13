"""The wilderness calculators in Chromium: camping, a day of travel, fast travel and the split
of its summary damage give the engine's answers and exact chances from physical dice, draw the
day's events, refuse what the rules refuse beside the field, and fit a 390 px phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rpg.core.catalog import msg
from rpg.core.dice import ReplayDice
from tests.calculators import vectors as golden
from tests.calculators.forms import agrees, fill, roll
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
    sampled_cases,
)

pytestmark = pytest.mark.browser

PATHS = ["camping", "travel", "fast-travel", "fast-travel-split"]
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 6
#: How the form's messages name the party: by its label.
PARTY = "„Družina“"


def _as_form(inputs: dict[str, Any]) -> dict[str, Any]:
    """Inputs as the form takes them: lists and mappings go row by row (``fill``)."""
    return dict(inputs)


_PARTY = [{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4}, {"name": "Žofie", "hp": 1}]

#: A random roll in the browser: inputs, and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "camping": {"bonuses": ["water"], "covered": ["shelter"], "supplies": 3, "travelers": 2},
    "travel": {"movement": [6, 4], "terrain": "difficult", "activity": "forage"},
    "fast-travel": {"days": 8, "travelers": 3, "supplies": 20},
    "fast-travel-split": {"party": _PARTY, "damage": 6, "allocation": {"Ota": 4, "Bára": 2}},
}


def _camping_valid(r: dict[str, Any]) -> bool:
    food, water, shelter = r["needs"]
    return (shelter == {"need": "shelter", "roll": None, "bonus": 0, "met": True, "covered": True}
            and food["met"] == (food["roll"] >= 4) and water["met"] == (water["roll"] >= 3)
            and r["failures"] == (not food["met"]) + (not water["met"])
            and r["supplies_used"] == 2 * min(r["failures"], 1)
            and r["fatigue_gained"] == max(0, r["failures"] - 1))


INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "camping": _camping_valid,
    "travel": lambda r: r["distance_km"] == 10 and r["lost"] in (True, False)
    and r["activity"]["kind"] == "forage"
    and (r["activity"]["supplies"] > 0) == r["activity"]["success"]
    and r["fatigue_gained"] == 0 and r["slowest_movement"] == 4,
    "fast-travel": lambda r: (r["supplies_needed"], r["supplies_used"], r["summary_damage"]) == (
        24, 20, 4) and 1 <= r["encounters"] <= 4,
    "fast-travel-split": lambda r: r["dead"] == ["Ota"]
    and r["characters"][1]["alternative"] == {"hp": 1, "fatigue": 1},
}


def _cases(path: str) -> list[dict[str, Any]]:
    return sampled_cases(path, golden.PROCEDURES[path], golden.GRIDS[path], sample=SAMPLE,
                         seed=11)


def _exact_chance(path: str, case: dict[str, Any]) -> str:
    """The engine's chance as the calculator writes it: "25/36", "1" or "0"."""
    chance = golden.PROCEDURES[path](ReplayDice(case["dice"]), **case["input"]).chance
    return str(chance.numerator) if chance.denominator == 1 else str(chance)


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(calculators, path):
    _, root, errors = calculators.open(path)
    for case in _cases(path):
        root.locator("form").evaluate("form => form.reset()")
        fill(root, _as_form(case["input"]), case["dice"])
        assert agrees(roll(root), case["result"]), case
        assert root.locator(".calculator__text").inner_text() == case["text"]
        chance = root.locator(".calculator__chance")
        if case["chance"] is None:
            assert chance.count() == 0, case
        else:
            assert f": {_exact_chance(path, case)} ≈" in chance.inner_text(), case
    assert not errors


def test_travel_writes_each_check_against_its_odds(calculators):
    _, root, errors = calculators.open("travel")
    # Difficult terrain, foraging: not lost (4 > 3), no encounter (3 > 2), food found (1 ≤ 2).
    fill(root, {"movement": [6, 4], "terrain": "difficult", "activity": "forage"}, [4, 3, 1, 5])
    result = roll(root)
    assert result["lost"] is False and result["encounter"] is False
    assert result["activity"] == {"kind": "forage", "success": True, "supplies": 5}
    assert root.locator(".calculator__text").inner_text() == (
        "Den cesty: 10 km (hybnost 4 × 5, obtížný terén ½). Ztráta směru 1d6 = 4 > 3 → drží "
        "směr; setkání 1d6 = 3 > 2 → nic; sběr 1d6 = 1 ≤ 2 → úspěch: 1d6 = 5 → 5 zásob.")
    assert "2/3 ≈ 66,67\u00a0%" in root.locator(".calculator__chance").inner_text()
    assert root.locator(".calculator__next").count() == 0
    # On a road nothing can be lost: only the encounter is rolled.
    root.locator("form").evaluate("form => form.reset()")
    fill(root, {"road": True}, [1])
    assert roll(root)["lost"] is None
    assert root.locator(".calculator__text").inner_text().endswith(
        "Setkání 1d6 = 1 ≤ 2 → setkání.")
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("camping", {"travelers": "0"}, "travelers", "Zadej hodnotu od 1 do 100."),
    ("travel", {"forced_march": True, "activity": "hunt"}, "forced_march",
     "Lov zabere celý den, takže se nedá spojit s cestou dnem i nocí"),
    ("travel", {"movement": "6, 31"}, "movement", "Položka č. 2: Zadej hodnotu od 1 do 30."),
    ("fast-travel", {"days": "366"}, "days", "Zadej hodnotu od 1 do 365."),
    ("fast-travel", {"days": ""}, "days", "Vyplň toto pole."),
    ("fast-travel-split", {"party": [{"name": "Ota", "hp": 3}, {"name": "Ota", "hp": 5}],
                           "damage": "0"}, "party", f"Jméno 'Ota' je v poli {PARTY} dvakrát"),
    ("fast-travel-split", {"party": [{"name": "Ota", "hp": 3}], "damage": "4",
                           "allocation": {"Ota": 3}}, "allocation",
     f"Rozděleno 3 body, ale souhrnné poškození je 4: {msg('fast-travel-split.rule').cs}"),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    calculators, path, inputs, field, quote,
):
    refused_beside_the_field(calculators, path, inputs, field, quote)


def test_each_characters_share_is_typed_beside_their_name(calculators):
    # The name is typed once: a party row holds the character, their hp and their share of the
    # summary damage, each column named by the rule's word; what is computed is the engine's
    # answer to the JSON the API takes ({"allocation": {name: points}}).
    _, root, errors = calculators.open("fast-travel-split")
    assert root.locator('[data-kind="rows"]').count() == 1
    party = root.locator('[data-kind="rows"][data-name="party"]')
    first = party.locator(":scope > [data-row]").first
    assert first.locator("label > span").all_inner_texts() == ["Postava", "Životy", "Poškození"]
    inputs = {"party": [{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4}], "damage": 6}
    fill(root, inputs, None)
    for row, share in zip(party.locator(":scope > [data-row]").all(), ("2", "4"), strict=True):
        row.locator('[data-column="allocation"] input').fill(share)
    result = roll(root)
    expected = golden.vector("fast-travel-split", {**inputs, "allocation": {"Bára": 2, "Ota": 4}},
                             [])
    assert agrees(result, expected["result"])
    assert root.locator(".calculator__text").inner_text() == expected["text"]
    # Shares that do not add up are refused beside the party, quoting the rule.
    party.locator(":scope > [data-row]").first.locator('[data-column="allocation"] input').fill("")
    assert roll(root) is None
    assert root.locator("#kalk-fast-travel-split-party-chyba").inner_text().startswith(
        "Rozděleno 4 body, ale souhrnné poškození je 6:")
    assert not errors


def test_groups_roll_their_activities_in_turn_and_an_encounter_links_the_next_step(
    calculators,
):
    _, root, errors = calculators.open("travel")
    groups = [{"group": "Ota", "activity": "hunt"}, {"group": "Eva a Bára", "activity": "forage"}]
    fill(root, _as_form({"activities": groups}), [1, 3, 2, 6])
    result = roll(root)
    assert result["travelling"] is False and result["encounter"] is True
    assert result["activities"] == [
        {"group": "Ota", "kind": "hunt", "success": False, "supplies": None},
        {"group": "Eva a Bára", "kind": "forage", "success": True, "supplies": 6}]
    assert root.locator(".calculator__text").inner_text() == (
        "Den bez cesty (lov zabere celý den): 0 km. Setkání 1d6 = 1 ≤ 2 → setkání; Ota: lov "
        "1d6 = 3 > 1 → neúspěch; Eva a Bára: sběr 1d6 = 2 ≤ 2 → úspěch: 1d6 = 6 → 6 zásob.")
    link = root.locator(".calculator__next a")
    assert link.inner_text() == "Náhlé setkání"
    assert link.get_attribute("href") == "/pravidla/nahla-setkani/#nahla-setkani"
    # Both one activity for the whole party and the groups': refused beside the groups.
    root.locator('[name="activity"]').select_option("forage")
    assert roll(root) is None
    assert "ne obojí" in root.locator("#kalk-travel-activities-chyba").inner_text()
    assert not errors


def test_the_bonuses_are_counted_per_need_in_the_rules_words(calculators):
    _, root, errors = calculators.open("camping")
    group = root.locator('[data-kind="choices"][data-name="bonuses"]')
    assert group.locator("label").all_inner_texts() == ["jídlo", "voda", "útočiště"]
    fill(root, {}, [1, 2, 3])  # the sample's bonuses emptied, the dice given
    group.locator('[data-value="water"]').fill("2")
    result = roll(root)
    assert result is not None
    assert [need["bonus"] for need in result["needs"]] == [0, 2, 0]
    assert "voda 1d6 = 2 + 2 = 4 ≥ 4 → obstaráno" in root.locator(".calculator__text").inner_text()
    # A count that is not a number is refused beside the whole group.
    group.locator('[data-value="food"]').fill("dva")
    assert roll(root) is None
    beside = root.locator(f"#{group.get_attribute('id')}-chyba")
    assert beside.is_visible() and "Zadej celé číslo." in beside.inner_text()
    assert group.get_attribute("aria-invalid") == "true"
    assert not errors


@pytest.mark.parametrize("path", PATHS)
def test_a_random_roll_gives_a_valid_answer(calculators, path):
    random_rolls_keep(calculators, path, _as_form(RANDOM_INPUTS[path]),
                      INVARIANTS[path])


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    forms = {path: _as_form(inputs) for path, inputs in RANDOM_INPUTS.items()}
    fit_a_phone(calculators, PATHS, forms, tmp_path_factory)
