"""[Zadržení dechu]: rounds of breath, and what ends it."""

from __future__ import annotations

import pytest

from rpg.core.dice import ReplayDice
from rpg.pravidla.hazards import hold_breath


@pytest.mark.parametrize(("endurance", "held", "speaks", "left", "holding", "ended_by"), [
    (5, 0, False, 5, True, None),
    (5, 4, False, 1, True, None),
    (5, 5, False, 0, False, "out-of-breath"),
    (5, 9, False, 0, False, "out-of-breath"),
    (5, 1, True, 0, False, "speaking-or-casting"),  # "Sesílání kouzel a mluvení ... okamžité"
    (0, 0, False, 0, False, "out-of-breath"),
])
def test_hold_breath(
    endurance: int, held: int, speaks: bool, left: int, holding: bool, ended_by: str | None
) -> None:
    result = hold_breath(ReplayDice([]), endurance=endurance, rounds_held=held,
                         speaks_or_casts=speaks).result
    assert (result.rounds, result.rounds_left, result.holding, result.ended_by) == (
        endurance, left, holding, ended_by)

def test_hold_breath_speaks_czech_plurals() -> None:
    assert hold_breath(ReplayDice([]), endurance=3, rounds_held=1).text.cs == (
        "Zadržení dechu (Výdrž 3): nejvýše 3 kola, uplynulo 1 → zbývají 2 kola.")
    assert hold_breath(ReplayDice([]), endurance=6).text.cs.endswith("zbývá 6 kol.")
