"""The calculators of hazards, movement, combat situations and the dungeon turn in Chromium:
movement, thrown range, holding breath, sight in darkness, the shield block, the 50 % mishaps
and the dungeon turn give the engine's answers from physical dice, refuse what the rules refuse
beside the field (quoting the rule), and fit a 390 px phone. (Falling, traps and wandering
monsters are tested with the core calculators, test_calculators_browser.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rpg.core.catalog import msg
from rpg.pravidla import situations
from tests.calculators import vectors as golden
from tests.calculators.forms import roll
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
    replay_physical_dice,
    sampled_cases,
)

pytestmark = pytest.mark.browser

#: A random roll in the browser: inputs, and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "movement": {"movement": "7,5", "mode": "swim"},
    "thrown-range": {"strength": 12},
    "hold-breath": {"endurance": 9, "rounds_held": 4},
    "shield-block": {"shield_ac": 4, "dice_blocked": 2},
    "mishap": {"kind": "spell-engaged"},
    "dungeon-turn": {"turn": 4, "roll": True, "hours_since_rest": 10,
                     "hours_exploring_since_rest": 9},
    "vision": {"thermal": True, "distance_m": "12,5"},
}
INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "movement": lambda r: r["metres"] == 3.75 and r["action_free"],
    "thrown-range": lambda r: (r["effective_range_m"], r["ineffective_range_m"]) == (12, 24),
    "hold-breath": lambda r: r["rounds_left"] == 5 and r["holding"],
    "shield-block": lambda r: r["shield_ac_left"] == 2 and not r["destroyed"],
    "mishap": lambda r: 1 <= r["roll"] <= 100 and r["happens"] == (r["roll"] <= 50),
    "dungeon-turn": lambda r: 1 <= r["roll"] <= 6 and r["wandering_monster"] == (r["roll"] == 1)
    and r["rest_allowed"] and r["next_check_turn"] == 6
    and len(r["next"]) == (1 if r["wandering_monster"] else 0),
    "vision": lambda r: (r["sees"], r["can_read"], r["in_range"]) == ("thermal", False, False),
}
PATHS = list(RANDOM_INPUTS)
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 6


def _cases(path: str) -> list[dict[str, Any]]:
    return sampled_cases(path, golden.PROCEDURES[path], golden.GRIDS[path], sample=SAMPLE, seed=8)


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(calculators, path):
    replay_physical_dice(calculators, path, _cases(path))


def test_every_mishap_kind_is_a_choice_and_shows_its_consequence(calculators):
    _, root, errors = calculators.open("mishap")
    options = root.locator('[name="kind"] option').evaluate_all("os => os.map(o => o.value)")
    assert options == list(situations.MISHAPS)
    for kind in situations.MISHAPS:
        consequence = msg(f"mishap.{kind}.happens").cs
        root.locator('[name="kind"]').select_option(kind)
        root.locator('[name="dice"]').fill("50")
        assert roll(root) == {"roll": 50, "happens": True, "consequence": consequence,
                               "next": []}
        assert consequence in root.locator(".calculator__text").inner_text()
        assert "1/2" in root.locator(".calculator__chance").inner_text()
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("shield-block", {"shield_ac": "3", "dice_blocked": "1", "surprised": True}, "surprised",
     msg("shield-block.rule-surprised").cs),
    ("shield-block", {"shield_ac": "3", "dice_blocked": "1", "trained": False}, "trained",
     msg("shield-block.rule-untrained").cs),
    ("shield-block", {"shield_ac": "3", "dice_blocked": "1", "used_this_round": True},
     "used_this_round", msg("shield-block.rule-once").cs),
    ("shield-block", {"shield_ac": "2", "dice_blocked": "3"}, "dice_blocked",
     msg("shield-block.rule-dice").cs),
    ("shield-block", {"shield_ac": "5", "dice_blocked": "3", "damage_dice": "2"}, "dice_blocked",
     "Útok má jen 2 kostky poškození, nelze zablokovat 3."),
    ("shield-block", {"shield_ac": "101", "dice_blocked": "1"}, "shield_ac",
     "Zadej hodnotu od 0 do 100."),
    ("dungeon-turn", {"turn": "3", "hours_since_rest": "2", "hours_exploring_since_rest": "2,5"},
     "hours_exploring_since_rest", "nemůže být víc než „Hodin od odpočinku“ (2 h)"),
    ("dungeon-turn", {"turn": "0"}, "turn", "Zadej hodnotu od 1 do 100000."),
    ("movement", {"movement": "rychle"}, "movement", "Zadej číslo."),
    ("vision", {"thermal_range_m": "20"}, "thermal_range_m",
     "„Dosah termovize (m)“ má smysl jen u stvoření s termovizí: zapni „Stvoření má termovizi“"),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    calculators, path, inputs, field, quote,
):
    refused_beside_the_field(calculators, path, inputs, field, quote)


@pytest.mark.parametrize("path", PATHS)
def test_a_random_roll_gives_a_valid_answer(calculators, path):
    random_rolls_keep(calculators, path, RANDOM_INPUTS[path], INVARIANTS[path])


def test_a_wandering_monster_met_links_to_the_encounter(calculators):
    _, root, errors = calculators.open("dungeon-turn")
    root.locator('[name="turn"]').fill("2")
    root.locator('[name="roll"]').set_checked(True)
    root.locator('[name="dice"]').fill("1")
    result = roll(root)
    assert result is not None and result["wandering_monster"]
    assert [step["url"] for step in result["next"]] == ["/api/v1/encounter?location=indoors"]
    assert root.locator(".calculator__next a").inner_text() == "Náhlé setkání"
    assert not errors


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    fit_a_phone(calculators, PATHS, RANDOM_INPUTS, tmp_path_factory)
