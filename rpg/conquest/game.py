"""Dobývání soustav: the unit table, the game's numbers and the rule sentences its refusals quote,
which every procedure of the game shares (one module per rule beside this one). Nothing is rolled.

[Přehled jednotek] is :data:`UNITS`, written once: the API's unit names, the ``units`` endpoint
and every calculation read it. Unit names match case-insensitively. Every bad input raises a
:class:`RuleError` that quotes the rule sentence it breaks (:func:`quote`, with the numbers of
the rules it quotes written here once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import Term, written_terms


def unit_name(description: str) -> dict[str, str]:
    """The metadata of a result field holding a unit's name: one of the table's (an enum in the
    OpenAPI document). A plain ``field(metadata=...)`` at the use, so type checkers see a field
    without a default."""
    return {"description": description, "enum": "rpg.conquest.game.UNIT_NAMES"}


@dataclass(frozen=True, slots=True)
class Unit:
    """One row of [Přehled jednotek]."""

    name: str = field(metadata=unit_name("The unit as the table spells it."))
    hp: int = field(metadata={"description": "Hit points (Životy)."})
    attack: int = field(metadata={"description": "Attack strength (Útok)."})
    defense: int = field(metadata={"description": "Passive defence (Obrana)."})
    range_min: int = field(
        metadata={"description": "Nearest hex it can attack (Dosah útoku); 0 for the Extractor."})
    range_max: int = field(
        metadata={"description": "Farthest hex it can attack; 0: it attacks no other hex."})
    movement: int = field(metadata={"description": "Hexes it moves in one action (Pohyblivost)."})
    regen: int = field(metadata={"description": "Damage it repairs in one action (Regen)."})
    cost: int = field(metadata={"description": "Its price in credits (Cena)."})


#: [Přehled jednotek] as the rules print it (Extractor's range "0": it reaches no other hex).
UNITS: tuple[Unit, ...] = (
    Unit("Dreadnought", 15, 7, 2, 1, 3, 2, 1, 350),
    Unit("Scout", 4, 2, 0, 1, 3, 4, 1, 50),
    Unit("Frigate", 9, 4, 1, 1, 4, 3, 2, 100),
    Unit("Destroyer", 5, 11, 2, 3, 6, 1, 2, 400),
    Unit("Displacer", 7, 4, 0, 1, 3, 3, 1, 150),
    Unit("Extractor", 8, 0, 0, 0, 0, 0, 0, 500),
    Unit("Mechanic", 4, 1, 0, 1, 3, 2, 1, 150),
)
UNIT_NAMES: tuple[str, ...] = tuple(unit.name for unit in UNITS)
_BY_NAME = {unit.name.casefold(): unit for unit in UNITS}

#: [Příjem kreditů]
CHECKPOINT_INCOME = 100
EXTRACTOR_INCOME = 50
#: [Regenerace] each Mechanic in range adds this.
MECHANIC_BONUS = 1
#: [Kredity] coins, largest first: gold, silver, teal.
COINS: tuple[int, ...] = (1000, 200, 50)
SMALLEST_COIN = COINS[-1]
#: Counts and amounts: the spec's default bound.
AMOUNT_MAX = 100_000

#: What the calculators need of this module (``conquest/game.js``): the unit table in the
#: order of :class:`Unit`'s fields, and the numbers the quoted rules fill in.
CALCULATOR_DATA: dict[str, Any] = {
    "units": [[unit.name, unit.hp, unit.attack, unit.defense, unit.range_min, unit.range_max,
               unit.movement, unit.regen, unit.cost] for unit in UNITS],
    "checkpoint_income": CHECKPOINT_INCOME, "extractor_income": EXTRACTOR_INCOME,
    "mechanic_bonus": MECHANIC_BONUS, "coins": list(COINS),
}

MESSAGES = messages({
    "conquest.credits": Text("{amount} kr.", "{amount} cr"),
    # Digits grouped by thousands, as each language writes them: 1 250 kr., 1,250 cr.
    "conquest.thousands": Text("{high}\u00a0{low}", "{high},{low}"),
    # ... and as the rules print them in a sentence quoted: "Zlaté: 1 000 kr."
    "conquest.quote.thousands": Text("{high} {low}", "{high},{low}"),
    "conquest.hexes": Text("{n} {n:hex|hexy|hexů}", "{n} {n:hex|hexes}"),
    # A reckoning with every term shown: "9 − 2 (už na cíli) − 10 → 0" (a clamp, not a sum).
    "conquest.sum": Text("{start}{terms} = {total}", "{start}{terms} = {total}"),
    "conquest.clamp": Text("{start}{terms} → {total}", "{start}{terms} → {total}"),
    "conquest.reach": Text("{low}–{high}", "{low}–{high}"),
    "conquest.count": Text("{count}× {unit}", "{count}× {unit}"),
    "conquest.price": Text("{unit} {cost}", "{unit} {cost}"),

    # The rule sentences an input can break, quoted (Czech in the rules' words).
    "conquest.quote.units": Text("„Přehled jednotek: {names}.“", "“Unit overview: {names}.”"),
    "conquest.quote.removed": Text(
        "„Pokud jednotce klesne zdraví na 0 nebo obsadila soustavu, je odstraněna z mapy.“",
        "“A unit whose health drops to 0, or that has captured a system, is removed from the "
        "map.”"),
    "conquest.quote.counters": Text(
        "„Díry v lodích = životy, černé kvádříky = damage countery.“",
        "“Holes in the ships = hit points, black cubes = damage counters.”"),
    "conquest.quote.range": Text("„Cílová jednotka musí být v dosahu.“",
                                 "“The target unit must be in range.”"),
    "conquest.quote.mechanic": Text(
        "„Mechanic: pasivní +{bonus} k regeneraci pro jednotky frakce v dosahu.“",
        "“Mechanic: a passive +{bonus} to regeneration for the faction's units in range.”"),
    "conquest.quote.checkpoint-income": Text(
        "„{income} kr. za každý kontrolovaný checkpoint.“",
        "“{income} cr for each checkpoint controlled.”"),
    "conquest.quote.extractor-income": Text("„{income} kr. za každý vlastněný Extractor.“",
                                            "“{income} cr for each Extractor owned.”"),
    "conquest.quote.coins": Text(
        "„Modrozelené: {teal} kr. Stříbrné: {silver} kr. Zlaté: {gold} kr.“",
        "“Teal: {teal} cr. Silver: {silver} cr. Gold: {gold} cr.”"),
    "conquest.quote.tie-break": Text(
        "„Pokud vyprší časový limit, vítězí frakce s nejvíce checkpointy. Při shodě rozhoduje "
        "hodnota jednotek v kreditech.“",
        "“When the time runs out, the faction with the most checkpoints wins. A tie is decided "
        "by the value of the units in credits.”"),
    "conquest.quote.price": Text("„Cena“ v Přehledu jednotek: {prices} kr.",
                                 "“Cost” in the unit overview: {prices} cr."),
    "conquest.quote.placement": Text(
        "„Nové jednotky lze umístit pouze na vlastní checkpointy.“",
        "“New units may be placed only on the faction's own checkpoints.”"),
    "conquest.quote.extractor-placement": Text(
        "„Extractory lze umisťovat na vlastní soustavu na modrá políčka mimo checkpointy (bez "
        "využití checkpointu).“",
        "“Extractors are placed in the faction's own system, on blue hexes off the checkpoints "
        "(without using a checkpoint).”"),
    "conquest.quote.system-lost": Text(
        "„Při ztrátě všech checkpointů v soustavě frakce přichází i o všechny Extractory v této "
        "soustavě.“",
        "“A faction losing all checkpoints in a system also loses all its Extractors in that "
        "system.”"),
    "conquest.quote.damaged-displacer": Text("„Poškozený Displacer se nemůže teleportovat.“",
                                             "“A damaged Displacer cannot teleport.”"),
    "conquest.quote.teleport-sector": Text(
        "„Teleportace Displacerů do jiného sektoru je možná pouze při držení alespoň jednoho "
        "checkpointu v cílovém sektoru.“",
        "“Displacers may teleport to another sector only while holding at least one "
        "checkpoint in the target sector.”"),
    "conquest.quote.movement": Text(
        "„Jednotka se posune až o tolik hexů, kolik je její pohyblivost.“",
        "“A unit moves up to as many hexes as its movement.”"),
    "conquest.quote.one-ship-per-hex": Text("„Na jednom hexu nikdy nesmí stát více lodí.“",
                                            "“No hex may ever hold more than one ship.”"),
    "conquest.quote.no-passing": Text("„Nelze se pohybovat přes lodě (ani vlastní).“",
                                      "“No unit can move through ships (not even its own).”"),
    "conquest.quote.teleport-flip": Text(
        "„Loď teleportovaná v minulém tahu: otočí se teleportační žeton barvou nahoru.“",
        "“A ship teleported in the previous turn: its teleport token is flipped colour up.”"),

    # Refusals every procedure of the game shares.
    "conquest.unknown-unit": Text("Neznámá jednotka '{name}': {quote}",
                                  "Unknown unit '{name}': {quote}"),
    "conquest.at-least": Text("{field} nemůže být menší než {low} ({value}): {quote}",
                              "{field} cannot be less than {low} ({value}): {quote}"),
    "conquest.gone": Text(
        "{unit} má jen {hp} {hp:život|životy|životů}: s {damage} {damage:damage counterem|"
        "damage countery|damage countery} už není na mapě. {quote}",
        "A {unit} has only {hp} hit {hp:point|points}: with {damage} damage "
        "{damage:counter|counters} it is no longer on the map. {quote}"),
    "conquest.blank-name": Text("Jméno v poli {key} chybí nebo je prázdné.{hint}",
                                "The name in {key} is missing or blank.{hint}"),
    "conquest.unoccupied-hint": Text(" Neobsazený checkpoint: holder null.",
                                     " An unoccupied checkpoint: holder null."),

    "conquest/units.title": Text("Přehled jednotek", "Units"),
    "conquest/units.text": Text("Přehled jednotek: {names}.", "Unit overview: {names}."),
})


def grouped(amount: int, key: str = "conquest.thousands") -> int | Message:
    """An amount with its digits grouped by thousands, as each language writes them."""
    if amount < 1000:
        return amount
    return msg(key, high=grouped(amount // 1000, key), low=f"{amount % 1000:03d}")


def written_credits(amount: int) -> Message:
    """An amount of credits as the rules write it: ``1 250 kr.`` (``1,250 cr``)."""
    return msg("conquest.credits", amount=grouped(amount))


def reckoned(start: int, terms: Sequence[Term], total: int) -> int | Message:
    """``start`` and every term that entered ``total``, each shown even when others cancel it;
    a total below 0 is written as the clamp it is (``1 − 2 → 0``); no term: ``start`` alone."""
    shown = written_terms(terms)
    if not shown.items:
        return start
    clamped = start + sum(term.value for term in terms) != total
    return msg("conquest.clamp" if clamped else "conquest.sum", start=start, terms=shown,
               total=total)


def quote(key: str) -> Message:
    """The rule sentence ``key``, quoted, with the rule's numbers filled in from the table."""
    numbers: dict[str, Any] = {
        "units": {"names": Join(UNIT_NAMES)},
        "mechanic": {"bonus": MECHANIC_BONUS},
        "checkpoint-income": {"income": CHECKPOINT_INCOME},
        "extractor-income": {"income": EXTRACTOR_INCOME},
        "coins": dict(zip(("gold", "silver", "teal"),
                          (grouped(coin, "conquest.quote.thousands") for coin in COINS),
                          strict=True)),
        "price": {"prices": Join(tuple(msg("conquest.price", unit=unit.name, cost=unit.cost)
                                       for unit in UNITS))},
    }
    return msg(f"conquest.quote.{key}", **numbers.get(key, {}))


def unit_named(name: str, field: str = "unit") -> Unit:
    """The unit called ``name``, whatever its case; an unknown name quotes the unit table."""
    found = _BY_NAME.get(name.strip().casefold()) if isinstance(name, str) else None
    if found is None:
        raise RuleError(msg("conquest.unknown-unit", name=str(name)[:40], quote=quote("units")),
                        field=field)
    return found


def at_least(value: int, low: int, field: str, rule: str) -> None:
    """Refuse ``value`` below ``low`` in ``field``, quoting the rule sentence ``rule``."""
    if value < low:
        raise RuleError(msg("conquest.at-least", field=Field(field), low=low, value=value,
                            quote=quote(rule)), field=field)


def unit_alive(unit: Unit, damage: int, field: str) -> None:
    """Refuse a unit with as many damage counters as hit points: it is no longer on the map."""
    at_least(damage, 0, field, "counters")
    if damage >= unit.hp:
        raise RuleError(msg("conquest.gone", unit=unit.name, hp=unit.hp, damage=damage,
                            quote=quote("removed")), field=field)


def outcome(procedure: str, result: Any, text: Message, rule: str) -> Outcome:
    """The answer of ``conquest/<procedure>``: nothing rolled, no chance, the rule cited."""
    return Outcome(f"conquest/{procedure}", (), result, None, text, RULES[rule])


# --- units ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitsResult:
    """``result`` of ``conquest/units``."""

    units: tuple[Unit, ...] = field(metadata={"description": "The table, in the rules' order."})


@procedure("conquest/units", rolls=False, result=UnitsResult, rule="conquest-units",
           samples=({},))
def units(source: DiceSource) -> Outcome:
    """[Přehled jednotek] the unit table."""
    text = msg("conquest/units.text", names=Join(UNIT_NAMES))
    return outcome("units", UnitsResult(UNITS), text, "conquest-units")
