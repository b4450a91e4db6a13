"""Dobývání soustav, [Nákup a umisťování jednotek]: the cost of new units and where they go."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.conquest.coins import payable
from rpg.conquest.game import at_least, outcome, quote, unit_name, unit_named, written_credits
from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

#: [Začátek] credits a faction starts with in each sector.
STARTING_CREDITS = 500

#: What the calculator needs of this module (``conquest/buy.js``).
CALCULATOR_DATA: dict[str, Any] = {"starting_credits": STARTING_CREDITS}

MESSAGES = messages({
    "conquest/buy.title": Text("Nákup jednotek", "Buying units"),
    "conquest/buy.text": Text(
        "Nákup: {bought}; cena {cost}, zbývá {left} Nové jednotky jen na vlastní checkpointy, "
        "Extractory na modrá políčka vlastní soustavy.",
        "Purchase: {bought}; cost {cost}, {left} left. New units go on own checkpoints only, "
        "Extractors on blue hexes of the own system."),
    "conquest/buy.nothing": Text("nic", "nothing"),
    "conquest/buy.unit-twice": Text(
        "Jednotka {unit} je v nákupu dvakrát: sečti počty do jedné položky.",
        "{unit} is listed twice: add the counts into one entry."),
    "conquest/buy.too-dear": Text(
        "Nedostatek kreditů: nákup stojí {cost} kr., k dispozici je {credits} kr. {quote}",
        "Not enough credits: the purchase costs {cost} cr, {credits} cr are available. {quote}"),
})


@dataclass(frozen=True, slots=True)
class Purchase:
    """One line of a purchase and where the new units may be placed."""

    unit: str = field(metadata=unit_name("The unit bought, as the table spells it."))
    count: int = field(metadata={"description": "How many, as given."})
    unit_cost: int = field(metadata={"description": "Its price from the table."})
    cost: int = field(metadata={"description": "count × unit_cost."})
    placement: Literal["own-checkpoint", "own-system-blue-hex"] = field(
        metadata={"description": "Where the new units may be placed."})
    placement_rule: Message = field(metadata={"description": "The placement rule, quoted."})


@dataclass(frozen=True, slots=True)
class BuyResult:
    """``result`` of ``conquest/buy``."""

    cost: int = field(metadata={"description": "The whole purchase in credits."})
    credits_left: int = field(metadata={"description": "Credits left after it."})
    purchases: tuple[Purchase, ...] = field(
        metadata={"description": "Each unit of the purchase, in input order."})


@procedure("conquest/buy", rolls=False, result=BuyResult, rule="conquest-buy",
           samples=({"credits": 500, "units": {"Scout": 2, "Frigate": 1}},))
def buy(
    source: DiceSource, *, units: Mapping[str, int], credits: int = STARTING_CREDITS
) -> Outcome:
    """[Nákup a umisťování jednotek] the cost of new units, the credits left, and where each
    may be placed: own checkpoints; Extractors on blue hexes of the faction's own system."""
    payable(credits, "credits")
    lines: list[Purchase] = []
    for name, count in units.items():
        unit = unit_named(name, "units")
        at_least(count, 0, "units", "price")
        if any(line.unit == unit.name for line in lines):
            raise RuleError(msg("conquest/buy.unit-twice", unit=unit.name), field="units")
        extractor = unit.name == "Extractor"
        lines.append(Purchase(
            unit.name, count, unit.cost, unit.cost * count,
            "own-system-blue-hex" if extractor else "own-checkpoint",
            quote("extractor-placement" if extractor else "placement")))
    cost = sum(line.cost for line in lines)
    if cost > credits:
        raise RuleError(msg("conquest/buy.too-dear", cost=cost, credits=credits,
                            quote=quote("price")), field="units")
    bought = tuple(msg("conquest.count", count=line.count, unit=line.unit)
                   for line in lines if line.count)
    text = msg("conquest/buy.text", bought=Join(bought) if bought else msg("conquest/buy.nothing"),
               cost=written_credits(cost), left=written_credits(credits - cost))
    return outcome("buy", BuyResult(cost, credits - cost, tuple(lines)), text, "conquest-buy")
