"""The calculators of section 2b in Chromium: movement, thrown range, holding breath, the shield
block, the 50 % mishaps and the dungeon turn give the engine's answers from physical dice, refuse
what the rules refuse beside the field (quoting the rule), and fit a 390 px phone."""

from __future__ import annotations

from typing import Any

import pytest

from rpg.pravidla import situations
from tests.calculators import vectors as golden
from tests.calculators import vectors_situations as mine
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
    replay_physical_dice,
    sampled_cases,
)
from tests.calculators.test_calculators_browser import _open, _roll

pytestmark = pytest.mark.browser

PATHS = list(mine.GRIDS)
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 6


def _cases(path: str) -> list[dict[str, Any]]:
    return sampled_cases(path, golden.PROCEDURES[path], mine.GRIDS[path], sample=SAMPLE, seed=8)


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(chromium, calculators_url, path):
    replay_physical_dice(chromium, calculators_url, path, _cases(path))


def test_every_mishap_kind_is_a_choice_and_shows_its_consequence(chromium, calculators_url):
    page, root, errors = _open(chromium, calculators_url, "mishap")
    options = root.locator('[name="kind"] option').evaluate_all("os => os.map(o => o.value)")
    assert options == list(situations.MISHAPS)
    for kind, entry in situations.MISHAPS.items():
        root.locator('[name="kind"]').select_option(kind)
        root.locator('[name="dice"]').fill("50")
        assert _roll(root) == {"roll": 50, "happens": True, "consequence": entry.consequence.cs}
        assert entry.consequence.cs in root.locator(".calculator__text").inner_text()
        assert "1/2" in root.locator(".calculator__chance").inner_text()
    assert not errors
    page.context.close()


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("shield-block", {"shield_ac": "3", "dice_blocked": "1", "surprised": True}, "surprised",
     situations.RULE_INSTANT_SURPRISED.cs),
    ("shield-block", {"shield_ac": "3", "dice_blocked": "1", "trained": False}, "trained",
     situations.RULE_SHIELD_UNTRAINED.cs),
    ("shield-block", {"shield_ac": "3", "dice_blocked": "1", "used_this_round": True},
     "used_this_round", situations.RULE_INSTANT_ONCE.cs),
    ("shield-block", {"shield_ac": "2", "dice_blocked": "3"}, "dice_blocked",
     situations.RULE_SHIELD_DICE.cs),
    ("shield-block", {"shield_ac": "5", "dice_blocked": "3", "damage_dice": "2"}, "dice_blocked",
     "Útok má jen 2 kostky poškození, nelze zablokovat 3."),
    ("shield-block", {"shield_ac": "101", "dice_blocked": "1"}, "shield_ac",
     "Zadej hodnotu od 0 do 100."),
    ("dungeon-turn", {"turn": "3", "hours_since_rest": "2", "hours_exploring_since_rest": "2,5"},
     "hours_exploring_since_rest", "nemůže být víc než 'hours_since_rest' (2 h)"),
    ("dungeon-turn", {"turn": "0"}, "turn", "Zadej hodnotu od 1 do 100000."),
    ("movement", {"movement": "rychle"}, "movement", "Zadej číslo."),
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
