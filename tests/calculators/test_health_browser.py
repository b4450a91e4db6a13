"""The calculators of fatigue, the heroic death save and healing in Chromium: the engine's answers
from physical dice (with the exact chance), valid random rolls, the Czech reason beside the field
at fault, the reason buttons, and no sideways scroll on a 390 px phone."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rpg.pravidla import health
from rpg.pravidla.d20 import success_chance
from tests.calculators import vectors as golden
from tests.calculators import vectors_health as mine
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
    replay_physical_dice,
    sampled_cases,
)
from tests.calculators.test_calculators_browser import _fill, _open, _roll

pytestmark = pytest.mark.browser

PATHS = list(mine.GRIDS)
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 6


def _cases(path: str) -> list[dict[str, Any]]:
    return sampled_cases(path, golden.PROCEDURES[path], mine.GRIDS[path], sample=SAMPLE, seed=8)


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(chromium, calculators_url, path):
    replay_physical_dice(chromium, calculators_url, path, _cases(path))


@pytest.mark.parametrize(("path", "inputs", "dice", "exact"), [
    # 1d20 + 2 − 9 ≥ 12 on 19 or 20: 2/20; the text writes the negative total with "−"
    ("fatigue", {"level": 9, "save_target": 12, "modifier": 2}, [3], "1/10"),
    ("death-save", {"hours_since_death": "12,5"}, [3, 2], "1/2"),
    ("death-save", {"died_before": True, "give_up_skill_points": True}, [], "1"),
    ("death-save", {"poisoned": True}, [], "0"),
])
def test_the_exact_chance_is_the_engines(chromium, calculators_url, path, inputs, dice, exact):
    page, root, errors = _open(chromium, calculators_url, path)
    _fill(root, inputs, dice)
    result = _roll(root)
    assert result is not None
    shown = root.locator(".calculator__chance").inner_text()
    assert f": {exact} ≈" in shown, shown
    if path == "fatigue":
        assert Fraction(exact) == success_chance(2 - 9, 12)
        assert result["save_total"] == -4 and result["dies"] is True
        assert root.locator(".calculator__text").inner_text().endswith(
            "1d20 = 3 + 2 − 9 = −4 < 12 → umírá.")
    assert not errors
    page.context.close()


def test_the_reason_buttons_fill_the_field_with_the_apis_values(chromium, calculators_url):
    page, root, errors = _open(chromium, calculators_url, "fatigue")
    buttons = root.locator("[data-append]")
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.append)") == list(
        health.FATIGUE_REASONS)
    root.locator('[name="level"]').fill("5")
    root.locator('[data-append="no-sleep"]').click()
    root.locator('[data-append="no-food-or-water"]').click()
    root.locator('[data-append="no-sleep"]').click()
    assert root.locator('[name="reasons"]').input_value() == (
        "no-sleep, no-food-or-water, no-sleep")
    result = _roll(root)
    assert result is not None and result["level"] == 8 and result["death_save_required"]
    assert "zadej 'save_target'" in root.locator(".calculator__text").inner_text()
    assert root.locator(".calculator__chance").count() == 0
    assert not errors
    page.context.close()


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("fatigue", {"level": "2", "reasons": "no-sleep, hlad"}, "reasons",
     "'reasons' musí být jedno z: no-sleep"),
    ("fatigue", {"level": "51"}, "level", "Zadej hodnotu od 0 do 50."),
    ("fatigue", {"level": "7", "save_target": "31"}, "save_target", "Zadej hodnotu od 1 do 30."),
    ("death-save", {"healed_to_max_since": True}, "healed_to_max_since",
     "se týká jen opakované smrti: zapni 'died_before'"),
    ("death-save", {"hours_since_death": "dlouho"}, "hours_since_death", "Zadej číslo."),
    ("healing", {"hp": "12", "max_hp": "10"}, "hp",
     "'hp' (12) nesmí být víc než 'max_hp' (10)"),
    ("healing", {"hp": "3", "max_hp": "0"}, "max_hp", "Zadej hodnotu od 1 do 100000."),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    chromium, calculators_url, path, inputs, field, quote,
):
    refused_beside_the_field(chromium, calculators_url, path, inputs, field, quote)


@pytest.mark.parametrize("path", PATHS)
def test_a_random_roll_gives_a_valid_answer(chromium, calculators_url, path):
    random_rolls_keep(chromium, calculators_url, path, mine.RANDOM_INPUTS[path],
                      mine.INVARIANTS[path])


def test_phone_width_shows_no_sideways_scroll(chromium, calculators_url, tmp_path_factory):
    fit_a_phone(chromium, calculators_url, PATHS, mine.RANDOM_INPUTS, tmp_path_factory)
