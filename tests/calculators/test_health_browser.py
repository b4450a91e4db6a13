"""The calculators of fatigue, the heroic death save and healing in Chromium: the engine's answers
from physical dice (with the exact chance), valid random rolls, the Czech reason beside the field
at fault, the reason buttons, and no sideways scroll on a 390 px phone."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from api.pravidla.health import REASON_WORDS
from rpg.pravidla import health
from rpg.pravidla.d20 import success_chance
from tests.calculators import vectors as golden
from tests.calculators.forms import fill, roll
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
    replay_physical_dice,
    sampled_cases,
)

pytestmark = pytest.mark.browser

PATHS = ["fatigue", "death-save", "healing"]
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 6


#: A random roll in the browser: inputs, and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "fatigue": {"level": 7, "save_target": 12, "modifier": 1},
    "death-save": {"hours_since_death": "3,5"},
    "healing": {"hp": 2, "max_hp": 9, "nights": 2, "magic": 1},
}
INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "fatigue": lambda r: 1 <= r["natural"] <= 20 and r["save_total"] == r["natural"] - 6
    and r["dies"] == (r["natural"] == 1 or (r["natural"] != 20 and r["save_total"] < 12)),
    "death-save": lambda r: r["alive"] == (r["reason"] == "survived")
    and (r["unconscious_shifts"] in (1, 2, 3, 4) if r["alive"] else r["hp"] == 0),
    "healing": lambda r: (r["hp"], r["healed"], r["at_max"]) == (7, 5, False),
}


def _cases(path: str) -> list[dict[str, Any]]:
    """Golden vectors to replay; a text that names an input ('save_target') names it by its
    label in the form, which test_a_text_names_an_input_by_its_label checks."""
    grid = [inputs for inputs in golden.GRIDS[path]
            if not (path == "fatigue" and inputs["level"] + len(inputs.get("reasons", ())) >= 7
                    and "save_target" not in inputs and not inputs.get("in_civilization"))]
    return sampled_cases(path, golden.PROCEDURES[path], grid, sample=SAMPLE, seed=8)


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(calculators, path):
    replay_physical_dice(calculators, path, _cases(path))


@pytest.mark.parametrize(("path", "inputs", "dice", "exact"), [
    # 1d20 + 2 − 9 ≥ 12 on 19 or 20: 2/20; the text writes the negative total with "−"
    ("fatigue", {"level": 9, "save_target": 12, "modifier": 2}, [3], "1/10"),
    ("death-save", {"hours_since_death": "12,5"}, [3, 2], "1/2"),
    ("death-save", {"died_before": True, "give_up_skill_points": True}, [], "1"),
    ("death-save", {"poisoned": True}, [], "0"),
])
def test_the_exact_chance_is_the_engines(calculators, path, inputs, dice, exact):
    _, root, errors = calculators.open(path)
    fill(root, inputs, dice)
    result = roll(root)
    assert result is not None
    shown = root.locator(".calculator__chance").inner_text()
    assert f": {exact} ≈" in shown, shown
    if path == "fatigue":
        assert Fraction(exact) == success_chance(2 - 9, 12)
        assert result["save_total"] == -4 and result["dies"] is True
        assert root.locator(".calculator__text").inner_text().endswith(
            "1d20 = 3 + 2 − 9 (únava) = −4 < 12 → umírá.")
    assert not errors


def test_the_reasons_are_counted_in_the_rules_words(calculators):
    _, root, errors = calculators.open("fatigue")
    counts = root.locator('[data-kind="choices"][data-name="reasons"] input')
    assert counts.evaluate_all("cs => cs.map(c => c.dataset.value)") == list(
        health.FATIGUE_REASONS)
    words = root.locator('[data-name="reasons"] label').all_inner_texts()
    assert words == [REASON_WORDS[reason] for reason in health.FATIGUE_REASONS]
    root.locator('[name="level"]').fill("5")
    root.locator('[data-value="no-sleep"]').fill("2")
    root.locator('[data-value="no-food-or-water"]').fill("1")
    result = roll(root)
    assert result is not None and result["level"] == 8 and result["death_save_required"]
    assert "Únava 5 + 3 = 8" in root.locator(".calculator__text").inner_text()
    assert root.locator(".calculator__chance").count() == 0
    assert not errors


def test_a_save_due_names_its_input_by_its_label_and_links_the_saving_throw(
    calculators,
):
    _, root, errors = calculators.open("fatigue")
    fill(root, {"level": 6, "modifier": 2}, [])
    root.locator("details.calculator__group summary").click()
    root.locator('[name="hungry_days"]').fill("1")
    result = roll(root)
    assert result is not None and result["level"] == 7
    assert root.locator(".calculator__text").inner_text().startswith(
        "Únava 6 + 1 (hlad a žízeň) = 7: postih −7 k útoku, poškození sílou,")
    assert root.locator(".calculator__text").inner_text().endswith(
        "(zadej „Záchranný hod proti smrti (číslo z deníku; prázdné = neházet)“ a hodí se).")
    assert result["next"] == [{
        "procedure": "saving-throw", "url": "/api/v1/saving-throw?against=death&modifier=2"
        "&fatigue=7", "title": "Záchranný hod", "missing": ["target"]}]
    link = root.locator(".calculator__next a")
    assert link.inner_text() == "Záchranný hod"
    assert link.get_attribute("href") == "/pravidla/zachranne-hody/#hod-zachranneho-hodu"
    assert not errors


def test_a_dead_character_is_not_healed(calculators):
    _, root, errors = calculators.open("healing")
    fill(root, {"hp": "0", "max_hp": "8", "nights": "2"}, [])
    assert roll(root) is None
    beside = root.locator("#kalk-healing-hp-chyba")
    assert beside.inner_text() == (
        "„Životy teď“ je 0: „Monstrum nebo hráč jehož životy jsou zredukovány na 0 nebo méně, je "
        "považováno za mrtvé.“ Léčení už nepomůže; hráčovu postavu může zachránit volitelný "
        "Mírnější systém smrti.")
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("fatigue", {"level": "51"}, "level", "Zadej hodnotu od 0 do 50."),
    ("fatigue", {"level": "7", "save_target": "31"}, "save_target", "Zadej hodnotu od 1 do 30."),
    ("death-save", {"healed_to_max_since": True}, "healed_to_max_since",
     "se týká jen opakované smrti: zapni „Už jednou zemřela“"),
    ("death-save", {"hours_since_death": "dlouho"}, "hours_since_death", "Zadej číslo."),
    ("healing", {"hp": "12", "max_hp": "10"}, "hp",
     "„Životy teď“ (12) nesmí být víc než „Maximum životů“ (10)"),
    ("healing", {"hp": "3", "max_hp": "0"}, "max_hp", "Zadej hodnotu od 1 do 100000."),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    calculators, path, inputs, field, quote,
):
    refused_beside_the_field(calculators, path, inputs, field, quote)


@pytest.mark.parametrize("path", PATHS)
def test_a_random_roll_gives_a_valid_answer(calculators, path):
    random_rolls_keep(calculators, path, RANDOM_INPUTS[path],
                      INVARIANTS[path])


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    fit_a_phone(calculators, PATHS, RANDOM_INPUTS, tmp_path_factory)
