"""Dobývání soustav, [Regenerace]: the damage a unit repairs in one action."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rpg.conquest.game import (
    MECHANIC_BONUS,
    at_least,
    outcome,
    reckoned,
    unit_alive,
    unit_name,
    unit_named,
)
from rpg.core.catalog import messages, msg
from rpg.core.dice import DiceSource
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import Term

#: [Regenerace] no unit repairs more than this in one turn (each Mechanic in range adds
#: :data:`~rpg.conquest.game.MECHANIC_BONUS`).
REGEN_CAP = 5

#: What the calculator needs of this module (``conquest/regen.js``).
CALCULATOR_DATA: dict[str, Any] = {"regen_cap": REGEN_CAP}

MESSAGES = messages({
    "conquest/regen.title": Text("Regenerace", "Regeneration"),
    "conquest/regen.text": Text(
        "{unit}: regen {rate}{cap} → opraví {repaired}, zbývá {left} poškození, {hp}/{max} "
        "životů.",
        "{unit}: regen {rate}{cap} → repairs {repaired}, {left} damage left, {hp}/{max} hp."),
    # The term's name agrees with the count of Mechanics it adds for: "1 (Mechanic v dosahu)".
    "conquest/regen.mechanics": Text("{n:Mechanic|Mechanicy|Mechaniků} v dosahu",
                                     "{n:Mechanic|Mechanics} in range"),
    "conquest/regen.cap": Text(", nejvýše {cap} za kolo", ", at most {cap} a turn"),
})


@dataclass(frozen=True, slots=True)
class RegenResult:
    """``result`` of ``conquest/regen``."""

    unit: str = field(metadata=unit_name("The repairing unit, as the table spells it."))
    repaired: int = field(metadata={"description": "min(damage, regen + mechanics_in_range, 5)."})
    damage_left: int = field(metadata={"description": "Damage counters left after the repair."})
    hp: int = field(metadata={"description": "Hit points after repair."})
    capped: bool = field(metadata={"description": "The cap of 5 applied."})


@procedure("conquest/regen", rolls=False, result=RegenResult, rule="conquest-regen",
           samples=({"unit": "Dreadnought", "damage": 9, "mechanics_in_range": 2},))
def regen(source: DiceSource, *, unit: str, damage: int, mechanics_in_range: int = 0) -> Outcome:
    """[Regenerace] repaired = min(damage, regen + Mechanics in range, 5)."""
    repairing = unit_named(unit)
    unit_alive(repairing, damage, "damage")
    at_least(mechanics_in_range, 0, "mechanics_in_range", "mechanic")
    rate = repairing.regen + MECHANIC_BONUS * mechanics_in_range
    repaired = min(damage, rate, REGEN_CAP)
    capped = rate > REGEN_CAP and damage > REGEN_CAP
    hp = repairing.hp - damage + repaired
    mechanics = Term(MECHANIC_BONUS * mechanics_in_range,
                     msg("conquest/regen.mechanics", n=mechanics_in_range))
    text = msg("conquest/regen.text", unit=repairing.name,
               rate=reckoned(repairing.regen, [mechanics], rate),
               cap=msg("conquest/regen.cap", cap=REGEN_CAP) if rate > REGEN_CAP else "",
               repaired=repaired, left=damage - repaired, hp=hp, max=repairing.hp)
    result = RegenResult(repairing.name, repaired, damage - repaired, hp, capped)
    return outcome("regen", result, text, "conquest-regen")
