"""Combat procedures of "Pravidla a procedury" [Souboje]: morale."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rpg.citations import RULES
from rpg.dice import DiceSource, roll, written
from rpg.outcome import Outcome
from rpg.text import Text, both

#: Two successful morale checks in one encounter and the creature fights to the death.
MORALE_SUCCESSES_TO_DEATH = 2
MORALE_MIN, MORALE_MAX = 2, 12

MoraleOutcome = Literal["holds", "flees-or-surrenders", "fights-to-death"]


@dataclass(frozen=True, slots=True)
class MoraleResult:
    """``result`` of ``morale``: ``total`` is ``None`` when nothing was rolled."""

    total: int | None
    holds: bool
    fights_to_death: bool
    outcome: MoraleOutcome


@lru_cache(maxsize=32)
def morale_hold_chance(morale: int) -> Fraction:
    """P(2d6 ≤ morale), exact."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= morale), 36)


def morale(source: DiceSource, *, morale: int, successes: int = 0) -> Outcome:
    """[Morálka] 2d6 against the creature's morale: at or under it holds, above it flees.

    A creature that has already held twice this encounter fights to the death: nothing is rolled.
    """
    rule = RULES["morale"]
    if successes >= MORALE_SUCCESSES_TO_DEATH:
        text = both(
            "Morálka {m}: už dvakrát uspěla → bojuje až do smrti, nehází se.",
            "Morale {m}: already held twice → fights to the death, no roll.", m=morale)
        return Outcome("morale", (), MoraleResult(None, True, True, "fights-to-death"),
                       Fraction(1), text, rule)
    rolled = roll(source, "morale", 2, 6)
    holds = rolled.total <= morale
    to_death = holds and successes + 1 >= MORALE_SUCCESSES_TO_DEATH
    outcome: MoraleOutcome = (
        "fights-to-death" if to_death else "holds" if holds else "flees-or-surrenders")
    verdict = {
        "holds": ("drží", "holds"),
        "fights-to-death": ("drží podruhé → bojuje až do smrti",
                            "holds a second time → fights to the death"),
        "flees-or-surrenders": ("prchá nebo se vzdává", "flees or surrenders"),
    }[outcome]
    sign = "≤" if holds else ">"
    text = Text(
        f"Morálka {morale}: {written(rolled)} {sign} {morale} → {verdict[0]}.",
        f"Morale {morale}: {written(rolled)} {sign} {morale} → {verdict[1]}.",
    )
    result = MoraleResult(rolled.total, holds, to_death, outcome)
    return Outcome("morale", (rolled,), result, morale_hold_chance(morale), text, rule)
