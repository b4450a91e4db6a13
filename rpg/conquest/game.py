"""Dobývání soustav: the unit table and the arithmetic of a turn. Nothing here is rolled.

[Přehled jednotek] is :data:`UNITS`, written once: the API's unit names, the ``units`` endpoint
and every calculation read it. Unit names match case-insensitively. Every bad input raises a
:class:`RuleError` that quotes the rule sentence it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.citations import RULES, cite
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

#: [Začátek] credits a faction starts with in each sector.
STARTING_CREDITS = 500
#: [Příjem kreditů]
CHECKPOINT_INCOME = 100
EXTRACTOR_INCOME = 50
#: [Regenerace] no unit repairs more than this in one turn; each Mechanic in range adds this.
REGEN_CAP = 5
MECHANIC_BONUS = 1
#: [Kredity] coins, largest first: gold, silver, teal.
COINS: tuple[int, ...] = (1000, 200, 50)
SMALLEST_COIN = COINS[-1]
#: [Displacer] teleporting costs 2 actions: flipped the next turn, removed the one after, and
#: in that turn's phase 3 (unit actions) it acts again.
TELEPORT_ACTIONS = 2
TELEPORT_FLIP_AFTER = 1
TELEPORT_REMOVED_AFTER = 2
UNIT_ACTIONS_PHASE = 3
#: Counts, amounts, hexes and turns: the spec's default bounds.
AMOUNT_MAX = 100_000
TURN_MIN = 1
#: [Pohyb] a hex's six neighbours in axial coordinates ``[q, r]``: one step of a move.
HEX_NEIGHBOURS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: The sentences of [Pohyb] a move can break, in the rules' order (each quoted as the catalog's
#: ``conquest.quote.<rule>``).
MOVE_RULES = ("movement", "one-ship-per-hex", "no-passing")
MoveRule = Literal["movement", "one-ship-per-hex", "no-passing"]
#: A hex's coordinates, a path's hexes (its start and each step: the fastest unit moves 4, a
#: path may go on to show where it breaks a rule) and the ships on the map: generous bounds, no
#: rule states any.
COORD_MIN, COORD_MAX = -100, 100
PATH_MIN, PATH_MAX = 2, 20
SHIPS_MAX = 100

#: What the calculators need of this module (``conquest/game.js``): the unit table in the
#: order of :class:`Unit`'s fields, and the rule's numbers.
CALCULATOR_DATA: dict[str, Any] = {
    "units": [[unit.name, unit.hp, unit.attack, unit.defense, unit.range_min, unit.range_max,
               unit.movement, unit.regen, unit.cost] for unit in UNITS],
    "checkpoint_income": CHECKPOINT_INCOME, "extractor_income": EXTRACTOR_INCOME,
    "regen_cap": REGEN_CAP, "mechanic_bonus": MECHANIC_BONUS, "coins": list(COINS),
    "starting_credits": STARTING_CREDITS, "teleport_actions": TELEPORT_ACTIONS,
    "flip_after": TELEPORT_FLIP_AFTER, "removed_after": TELEPORT_REMOVED_AFTER,
    "unit_actions_phase": UNIT_ACTIONS_PHASE,
    "neighbours": HEX_NEIGHBOURS, "coord": [COORD_MIN, COORD_MAX], "path": [PATH_MIN, PATH_MAX],
    "ships": SHIPS_MAX,
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

    "conquest/attack.title": Text("Bitevní list: útok", "Battle sheet: attack"),
    "conquest/attack.out-of-range": Text(
        "{attacker} → {target} na {distance}: mimo dosah ({reach}), {quote}",
        "{attacker} → {target} at {distance}: out of range ({reach}), {quote}"),
    "conquest/attack.text": Text(
        "{attacker} → {target} na {distance} (dosah {reach}): poškození {damage}; životy cíle "
        "{hp}{end}.",
        "{attacker} → {target} at {distance} (range {reach}): damage {damage}; the target's hit "
        "points {hp}{end}."),
    "conquest/attack.counters": Text("už na cíli", "already on it"),
    "conquest/attack.destroyed": Text(", cíl je zničen a odstraní se z mapy",
                                      ", the target is destroyed and removed from the map"),

    "conquest/regen.title": Text("Regenerace", "Regeneration"),
    "conquest/regen.text": Text(
        "{unit}: regen {rate}{cap} → opraví {repaired}, zbývá {left} poškození, {hp}/{max} "
        "životů.",
        "{unit}: regen {rate}{cap} → repairs {repaired}, {left} damage left, {hp}/{max} hp."),
    # The term's name agrees with the count of Mechanics it adds for: "1 (Mechanic v dosahu)".
    "conquest/regen.mechanics": Text("{n:Mechanic|Mechanicy|Mechaniků} v dosahu",
                                     "{n:Mechanic|Mechanics} in range"),
    "conquest/regen.cap": Text(", nejvýše {cap} za kolo", ", at most {cap} a turn"),

    "conquest/income.title": Text("Příjem kreditů", "Credit income"),
    "conquest/income.text": Text(
        "Příjem: {checkpoints} × {checkpoint_income} + {extractors} × {extractor_income} = "
        "{credits}",
        "Income: {checkpoints} × {checkpoint_income} + {extractors} × {extractor_income} = "
        "{credits}."),

    "conquest/score.title": Text("Pořadí v sektoru", "Standing in a sector"),
    "conquest/score.text": Text("Pořadí v sektoru: {ranking}.", "Sector ranking: {ranking}."),
    "conquest/score.standing": Text(
        "{place}. {name} ({checkpoints} {checkpoints:checkpoint|checkpointy|checkpointů}, "
        "{value})",
        "{place}. {name} ({checkpoints} {checkpoints:checkpoint|checkpoints}, {value})"),
    "conquest/score.no-factions": Text("Zadej alespoň jednu frakci.",
                                       "Give at least one faction."),
    "conquest/score.repeated": Text(
        "Jména frakcí se opakují: každá frakce smí být uvedena jednou.",
        "Faction names repeat: list each faction once."),
    "conquest/score.nameless": Text("Každá frakce potřebuje jméno ({name}).",
                                    "Every faction needs a {name}."),
    "conquest/score.unit-twice": Text(
        "Jednotka {unit} je u frakce {name} uvedena dvakrát: sečti počty do jedné položky.",
        "{unit} is listed twice for {name}: add the counts into one entry."),

    "conquest/winner.title": Text("Vítěz hry", "Winner of the game"),
    "conquest/winner.text": Text("Sektory – {sectors}. Finální pořadí: {order}.",
                                 "Sectors – {sectors}. Final order: {order}."),
    "conquest/winner.sector": Text("{sector}: {winner}", "{sector}: {winner}"),
    "conquest/winner.shared": Text("dělené 1. místo", "shared first place"),
    "conquest/winner.standing": Text("{place}. {name}: {points} {points:bod|body|bodů}",
                                     "{place}. {name}: {points} {points:point|points}"),
    "conquest/winner.no-sectors": Text("Zadej alespoň jeden sektor.",
                                       "Give at least one sector."),

    "conquest/coins.title": Text("Mince", "Coins"),
    "conquest/coins.text": Text(
        "{credits} = {gold}× zlatá, {silver}× stříbrná, {teal}× modrozelená ({count} "
        "{count:mince|mince|mincí}).",
        "{credits} = {gold}× gold, {silver}× silver, {teal}× teal ({count} "
        "{count:coin|coins})."),
    "conquest/coins.not-payable": Text(
        "{credits} kr. nejde složit z mincí, nejmenší je za {smallest} kr.: {quote} Zadej "
        "násobek {smallest}.",
        "{credits} cr cannot be made of coins, the smallest is {smallest} cr: {quote} Give a "
        "multiple of {smallest}."),

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

    "conquest/capture.title": Text("Obsazení checkpointů", "Capturing checkpoints"),
    "conquest/capture.text": Text(
        "Obsazení ({faction}): z plánu odchází lodí: {removed}, získané checkpointy: "
        "{gained}{losses}; získané Extractory: {extractors}.",
        "Capture ({faction}): ships leaving the board: {removed}, checkpoints gained: "
        "{gained}{losses}; Extractors gained: {extractors}."),
    "conquest/capture.system-lost": Text(
        "; frakce {faction} přichází o poslední checkpoint soustavy {system} a o {n} "
        "{n:Extractor|Extractory|Extractorů}",
        "; faction {faction} loses the last checkpoint of system {system} and {n} "
        "{n:Extractor|Extractors}"),
    "conquest/capture.holding-twice": Text(
        "Frakce {faction} v soustavě {system} je v {holdings} dvakrát: uveď ji jednou.",
        "Faction {faction} in system {system} is listed twice in {holdings}: list it once."),
    "conquest/capture.extractor": Text("Extractor na checkpointu nestojí: {quote}",
                                       "An Extractor never stands on a checkpoint: {quote}"),
    "conquest/capture.holding-missing": Text(
        "Uveď v {holdings}, kolik checkpointů a Extractorů drží frakce {faction} v soustavě "
        "{system}: {quote}",
        "Give in {holdings} how many checkpoints and Extractors faction {faction} holds in "
        "system {system}: {quote}"),
    "conquest/capture.too-many": Text(
        "Frakce {faction} drží v soustavě {system} jen {n} "
        "{n:checkpoint|checkpointy|checkpointů}, obsazuje se jich {lost}: oprav {holdings}, "
        "nebo {ships}.",
        "Faction {faction} holds only {n} {n:checkpoint|checkpoints} in system {system}, "
        "{lost} {lost:is|are} being captured: fix {holdings} or {ships}."),

    "conquest/move.title": Text("Pohyb jednotky", "Moving a unit"),
    "conquest/move.text": Text(
        "Pohyb – {unit} (pohyblivost {movement}): {path}, {steps}: podle pravidel.",
        "Move – {unit} (movement {movement}): {path}, {steps}: by the rules."),
    "conquest/move.broken": Text(
        "Pohyb – {unit} (pohyblivost {movement}): {path}, {steps}: {step}.\u00a0krok na {hex} "
        "porušuje pravidlo {quote}",
        "Move – {unit} (movement {movement}): {path}, {steps}: step {step} onto {hex} breaks "
        "the rule {quote}"),
    "conquest/move.hex": Text("[{q}, {r}]", "[{q}, {r}]"),
    # The calculator's drawing of the move (its accessible name).
    "conquest/move.map": Text("Mapa hexů: cesta jednotky od startu (0), kroky očíslované, lodě "
                              "tmavě, porušený krok červeně",
                              "Hex map: the unit's path from its start (0), the steps "
                              "numbered, ships dark, the step breaking a rule red"),
    "conquest/move.path-length": Text(
        "Cesta má {low} až {high} hexů (start a každý krok), ne {count}.",
        "A path has {low} to {high} hexes (the start and each step), not {count}."),
    "conquest/move.not-a-hex": Text(
        "{field} má být hex [q, r]: dvě celá čísla od {low} do {high}.",
        "{field} must be a hex [q, r]: two whole numbers from {low} to {high}."),
    "conquest/move.too-many-ships": Text("Lodí může být nejvýše {high}, ne {count}.",
                                         "At most {high} ships, not {count}."),
    "conquest/move.not-adjacent": Text(
        "{step}.\u00a0krok vede z {start} na {end}, a to není sousední hex: cesta jde hex po "
        "hexu.",
        "Step {step} goes from {start} to {end}, which is no neighbouring hex: a path goes hex "
        "by hex."),
    "conquest/move.ship-twice": Text("Hex {hex} je mezi loděmi dvakrát: {quote}",
                                     "Hex {hex} is among the ships twice: {quote}"),

    "conquest/teleport.title": Text("Teleport Displaceru", "Displacer teleport"),
    "conquest/teleport.text": Text(
        "Teleport v tahu {turn}: v tahu {flip} se žeton otočí, v tahu {removed} se odstraní a "
        "Displacer zase jedná.{handed}",
        "Teleport in turn {turn}: the token flips in turn {flip}, is removed in turn {removed} "
        "and the Displacer acts again.{handed}"),
    "conquest/teleport.handed-over": Text(
        " Do jiného sektoru: Displacer převezmou místní hráči.",
        " To another sector: the local players take the Displacer over."),
    "conquest/teleport.teleported": Text(
        "Tah {turn}: Displacer se teleportuje (stojí {actions} {actions:akci|akce|akcí}); nelze "
        "na něj zaútočit.",
        "Turn {turn}: the Displacer teleports (it costs {actions} {actions:action|actions}); it "
        "cannot be attacked."),
    "conquest/teleport.token-flipped": Text(
        "Tah {turn}: teleportační žeton se otočí barvou nahoru; Displacer nemůže jednat.",
        "Turn {turn}: the teleport token flips colour up; the Displacer cannot act."),
    "conquest/teleport.token-removed": Text(
        "Tah {turn}: žeton se odstraní a ve {phase}.\u00a0fázi (akce jednotek) s Displacerem lze "
        "táhnout.",
        "Turn {turn}: the token is removed and in phase {phase} (unit actions) the Displacer "
        "acts again."),
    "conquest/teleport.damaged": Text(
        "Displacer má {damage} poškození: {quote} Nejdřív ho oprav (regenerace).",
        "The Displacer has {damage} damage: {quote} Repair it first (regeneration)."),
    "conquest/teleport.no-checkpoint": Text(
        "Do jiného sektoru bez checkpointu tam teleport nejde: {quote}",
        "No teleport to another sector without a checkpoint there: {quote}"),
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


def _at_least(value: int, low: int, field: str, rule: str) -> None:
    if value < low:
        raise RuleError(msg("conquest.at-least", field=Field(field), low=low, value=value,
                            quote=quote(rule)), field=field)


def _unit_alive(unit: Unit, damage: int, field: str) -> None:
    _at_least(damage, 0, field, "counters")
    if damage >= unit.hp:
        raise RuleError(msg("conquest.gone", unit=unit.name, hp=unit.hp, damage=damage,
                            quote=quote("removed")), field=field)


def _outcome(procedure: str, result: Any, text: Message, rule: str) -> Outcome:
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
    return _outcome("units", UnitsResult(UNITS), text, "conquest-units")


# --- attack --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackResult:
    """``result`` of ``conquest/attack``: out of range, nothing is dealt."""

    attacker: str = field(metadata=unit_name("The attacking unit, as the table spells it."))
    target: str = field(metadata=unit_name("The target unit, as the table spells it."))
    in_range: bool = field(metadata={"description": "range_min ≤ distance ≤ range_max."})
    range_min: int = field(metadata={"description": "The attacker's nearest hex."})
    range_max: int = field(metadata={"description": "The attacker's farthest hex."})
    damage: int = field(
        metadata={"description": "Damage dealt: attack − defence (at least 0); 0 out of range."})
    damage_if_in_range: int = field(
        metadata={"description": "attack − defence (at least 0), in range or not."})
    hp_left: int = field(
        metadata={"description": "The target's hit points after the attack (at least 0)."})
    destroyed: bool = field(
        metadata={"description": "No hit point left: the target is removed from the map."})


@procedure("conquest/attack", rolls=False, result=AttackResult, rule="conquest-attack",
           samples=({"attacker": "Destroyer", "target": "Frigate", "distance": 4},))
def attack(
    source: DiceSource, *, attacker: str, target: str, distance: int, target_damage: int = 0
) -> Outcome:
    """[Útok] damage = attack − the target's passive defence (never below 0), if in range."""
    hitter = unit_named(attacker, "attacker")
    victim = unit_named(target, "target")
    _at_least(distance, 0, "distance", "range")
    _unit_alive(victim, target_damage, "target_damage")
    in_range = hitter.range_min <= distance <= hitter.range_max
    potential = max(0, hitter.attack - victim.defense)
    dealt = potential if in_range else 0
    hp_before = victim.hp - target_damage
    hp_left = max(0, hp_before - dealt)
    names = {"attacker": hitter.name, "target": victim.name,
             "distance": msg("conquest.hexes", n=distance),
             "reach": msg("conquest.reach", low=hitter.range_min, high=hitter.range_max)}
    if not in_range:
        text = msg("conquest/attack.out-of-range", **names, quote=quote("range"))
    else:
        text = msg(
            "conquest/attack.text", **names,
            damage=reckoned(hitter.attack, [Term(-victim.defense)], potential),
            hp=reckoned(victim.hp, [Term(-target_damage, msg("conquest/attack.counters")),
                                    Term(-dealt)], hp_left),
            end=msg("conquest/attack.destroyed") if hp_left == 0 else "")
    result = AttackResult(hitter.name, victim.name, in_range, hitter.range_min,
                          hitter.range_max, dealt, potential, hp_left, hp_left == 0)
    return _outcome("attack", result, text, "conquest-attack")


# --- regen ---------------------------------------------------------------------------------


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
    _unit_alive(repairing, damage, "damage")
    _at_least(mechanics_in_range, 0, "mechanics_in_range", "mechanic")
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
    return _outcome("regen", result, text, "conquest-regen")


# --- income --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IncomeResult:
    """``result`` of ``conquest/income``."""

    credits: int = field(metadata={"description": "The income in credits."})
    from_checkpoints: int = field(metadata={"description": "100 per checkpoint controlled."})
    from_extractors: int = field(metadata={"description": "50 per Extractor owned."})


@procedure("conquest/income", rolls=False, result=IncomeResult, rule="conquest-income",
           samples=({"checkpoints": 3, "extractors": 2},))
def income(source: DiceSource, *, checkpoints: int = 0, extractors: int = 0) -> Outcome:
    """[Příjem kreditů] 100 per checkpoint controlled, 50 per Extractor owned."""
    _at_least(checkpoints, 0, "checkpoints", "checkpoint-income")
    _at_least(extractors, 0, "extractors", "extractor-income")
    from_checkpoints = CHECKPOINT_INCOME * checkpoints
    from_extractors = EXTRACTOR_INCOME * extractors
    total = from_checkpoints + from_extractors
    text = msg("conquest/income.text", checkpoints=checkpoints, extractors=extractors,
               checkpoint_income=CHECKPOINT_INCOME, extractor_income=EXTRACTOR_INCOME,
               credits=written_credits(total))
    return _outcome("income", IncomeResult(total, from_checkpoints, from_extractors), text,
                    "conquest-income")


# --- score ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction's standing in one sector: checkpoints held and units left."""

    name: str
    checkpoints: int
    units: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Standing:
    """A faction's place in a sector's ranking."""

    name: str = field(metadata={"description": "The faction, as given (trimmed)."})
    checkpoints: int = field(metadata={"description": "Checkpoints it holds in the sector."})
    unit_value: int = field(
        metadata={"description": "The units' value in credits (the tie-break)."})
    place: int = field(
        metadata={"description": "Equal checkpoints and unit value share a place (1, 1, 3)."})
    eliminated: bool = field(
        metadata={"description": "No checkpoint and no unit left in the sector."})


def _faction(data: Mapping[str, Any] | Faction, where: str) -> Faction:
    if isinstance(data, Faction):
        return data
    name = str(data.get("name", "")).strip()
    if not name:
        raise RuleError(msg("conquest/score.nameless", name=Field("name")), field=where)
    checkpoints = data.get("checkpoints", 0)
    _at_least(checkpoints, 0, f"{where}.checkpoints", "tie-break")
    counts: dict[str, int] = {}
    for key, count in (data.get("units") or {}).items():
        unit = unit_named(key, f"{where}.units")
        _at_least(count, 0, f"{where}.units", "tie-break")
        if unit.name in counts:
            raise RuleError(msg("conquest/score.unit-twice", unit=unit.name, name=name),
                            field=f"{where}.units")
        counts[unit.name] = count
    return Faction(name, checkpoints, counts)


def unit_value(counts: Mapping[str, int]) -> int:
    """The credit value of units: the sum of their costs."""
    return sum(unit_named(name).cost * count for name, count in counts.items())


def rank(factions: Sequence[Mapping[str, Any] | Faction], field: str = "factions") -> tuple[
        Standing, ...]:
    """[Konec hry] most checkpoints first; a tie is decided by the units' value in credits.

    Factions equal in both share a place (1, 1, 3). A faction with no checkpoint and no unit is
    eliminated from the sector.
    """
    if not factions:
        raise RuleError(msg("conquest/score.no-factions"), field=field)
    parsed = [_faction(data, f"{field}.{index}") for index, data in enumerate(factions)]
    names = [faction.name.casefold() for faction in parsed]
    if len(set(names)) != len(names):
        raise RuleError(msg("conquest/score.repeated"), field=field)
    keyed = [(f.checkpoints, unit_value(f.units), f) for f in parsed]
    keyed.sort(key=lambda item: (-item[0], -item[1]))
    standings: list[Standing] = []
    for index, (checkpoints, value, faction) in enumerate(keyed):
        place = index + 1
        if index and (checkpoints, value) == (keyed[index - 1][0], keyed[index - 1][1]):
            place = standings[-1].place
        eliminated = checkpoints == 0 and not any(faction.units.values())
        standings.append(Standing(faction.name, checkpoints, value, place, eliminated))
    return tuple(standings)


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """``result`` of ``conquest/score``."""

    ranking: tuple[Standing, ...] = field(
        metadata={"description": "The factions, first place first."})


@procedure(
    "conquest/score", rolls=False, result=ScoreResult, rule="conquest-end",
    samples=(
        {"factions": [{"name": "Rudí", "checkpoints": 2, "units": {"Scout": 2}},
                      {"name": "Modří", "checkpoints": 2}]},
    ))
def score(source: DiceSource, *, factions: Sequence[Mapping[str, Any]]) -> Outcome:
    """[Konec hry] the sector's ranking when the time runs out."""
    ranking = rank(factions)
    text = msg("conquest/score.text", ranking=Join(tuple(
        msg("conquest/score.standing", place=s.place, name=s.name, checkpoints=s.checkpoints,
            value=written_credits(s.unit_value)) for s in ranking), "; "))
    return _outcome("score", ScoreResult(ranking), text, "conquest-end")


# --- winner --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SectorStanding:
    """A faction's place and points in one sector."""

    name: str = field(metadata={"description": "The faction, as given (trimmed)."})
    checkpoints: int = field(metadata={"description": "Checkpoints it holds in the sector."})
    unit_value: int = field(
        metadata={"description": "The units' value in credits (the tie-break)."})
    place: int = field(
        metadata={"description": "Equal checkpoints and unit value share a place (1, 1, 3)."})
    eliminated: bool = field(
        metadata={"description": "No checkpoint and no unit left in the sector."})
    points: int = field(
        metadata={
            "description": (
                "n − place in a sector of n factions (a shared place scores as that place)."),
        })


@dataclass(frozen=True, slots=True)
class SectorResult:
    """One sector: its winner (``None`` on a shared first place) and how it was decided."""

    sector: int = field(metadata={"description": "1-based, input order."})
    winner: str | None = field(
        metadata={
            "description": (
                "The last faction standing, else the first of the ranking; null when the first "
                "place is shared."),
        })
    decided_by: Literal["last-standing", "ranking"] = field(
        metadata={"description": "The last faction standing, or the ranking when time ran out."})
    ranking: tuple[SectorStanding, ...] = field(
        metadata={"description": "The sector's factions, first place first."})


@dataclass(frozen=True, slots=True)
class FinalStanding:
    """A faction's points over all sectors and its final place."""

    name: str = field(metadata={"description": "The faction (matched across sectors by name)."})
    points: int = field(metadata={"description": "Points of all sectors summed."})
    sectors_won: int = field(metadata={"description": "Sectors it won."})
    place: int = field(metadata={"description": "Equal points share a place (1, 1, 3)."})


@dataclass(frozen=True, slots=True)
class WinnerResult:
    """``result`` of ``conquest/winner``."""

    sectors: tuple[SectorResult, ...] = field(
        metadata={"description": "Each sector in input order."})
    final: tuple[FinalStanding, ...] = field(
        metadata={"description": "The final order, first place first."})
    winners: tuple[str, ...] = field(
        metadata={"description": "The faction(s) in first place of the final order."})


@procedure(
    "conquest/winner", rolls=False, result=WinnerResult, rule="conquest-end",
    samples=(
        {"sectors": [[{"name": "Rudí", "checkpoints": 1},
                      {"name": "Modří", "checkpoints": 0}]]},
    ))
def winner(source: DiceSource, *, sectors: Sequence[Sequence[Mapping[str, Any]]]) -> Outcome:
    """[Konec hry] each sector's winner (the last faction standing, else the ranking), then the
    points of all sectors summed into the final order.

    Points in a sector of n factions: n − place, so the winner of a four-faction sector scores
    3 and the last 0; factions sharing a place (1, 1, 3) score as that place.
    """
    if not sectors:
        raise RuleError(msg("conquest/winner.no-sectors"), field="sectors")
    results = []
    totals: dict[str, list[Any]] = {}
    for number, factions in enumerate(sectors, start=1):
        ranking = rank(factions, f"sectors.{number - 1}")
        standing = [s for s in ranking if not s.eliminated]
        last = len(standing) == 1 and len(ranking) > 1
        top = [s for s in ranking if s.place == 1]
        won = standing[0].name if last else (top[0].name if len(top) == 1 else None)
        scored = tuple(SectorStanding(s.name, s.checkpoints, s.unit_value, s.place,
                                      s.eliminated, len(ranking) - s.place) for s in ranking)
        results.append(SectorResult(number, won, "last-standing" if last else "ranking",
                                    scored))
        for s in scored:
            entry = totals.setdefault(s.name.casefold(), [s.name, 0, 0])
            entry[1] += s.points
            entry[2] += int(s.name == won)
    ordered = sorted(totals.values(), key=lambda item: -item[1])
    final: list[FinalStanding] = []
    for index, (name, points, wins) in enumerate(ordered):
        place = final[-1].place if index and points == final[-1].points else index + 1
        final.append(FinalStanding(name, points, wins, place))
    champions = tuple(s.name for s in final if s.place == 1)
    text = msg(
        "conquest/winner.text",
        sectors=Join(tuple(msg("conquest/winner.sector", sector=r.sector,
                               winner=r.winner or msg("conquest/winner.shared"))
                           for r in results)),
        order=Join(tuple(msg("conquest/winner.standing", place=s.place, name=s.name,
                             points=s.points) for s in final), "; "))
    return _outcome("winner", WinnerResult(tuple(results), tuple(final), champions), text,
                    "conquest-end")


# --- coins ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoinsResult:
    """``result`` of ``conquest/coins``: the fewest coins, by value (``"1000"``, ``"200"``,
    ``"50"``), and how many in all."""

    coins: dict[str, int] = field(
        metadata={"description": "The fewest coins: gold 1000, silver 200, teal 50."})
    count: int = field(metadata={"description": "How many coins in all."})


def _payable(amount: int, field: str) -> None:
    _at_least(amount, 0, field, "coins")
    if amount % SMALLEST_COIN:
        raise RuleError(msg("conquest/coins.not-payable", credits=amount,
                            smallest=SMALLEST_COIN, quote=quote("coins")), field=field)


def coin_split(amount: int) -> dict[str, int]:
    """The fewest coins for ``amount``: largest first (each coin divides the next larger)."""
    _payable(amount, "credits")
    split: dict[str, int] = {}
    left = amount
    for coin in COINS:
        split[str(coin)], left = divmod(left, coin)
    return split


@procedure("conquest/coins", rolls=False, result=CoinsResult, rule="conquest-credits",
           samples=({"credits": 1450},))
def coins(source: DiceSource, *, credits: int) -> Outcome:
    """[Kredity] the fewest coins: gold 1 000, silver 200, teal 50."""
    split = coin_split(credits)
    gold, silver, teal = split["1000"], split["200"], split["50"]
    text = msg("conquest/coins.text", credits=written_credits(credits), gold=gold, silver=silver,
               teal=teal, count=gold + silver + teal)
    return _outcome("coins", CoinsResult(split, gold + silver + teal), text, "conquest-credits")


# --- buy -----------------------------------------------------------------------------------


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
    _payable(credits, "credits")
    lines: list[Purchase] = []
    for name, count in units.items():
        unit = unit_named(name, "units")
        _at_least(count, 0, "units", "price")
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
    return _outcome("buy", BuyResult(cost, credits - cost, tuple(lines)), text, "conquest-buy")


# --- capture -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Capture:
    """One ship that started its faction's turn on a checkpoint."""

    unit: str = field(metadata=unit_name("The ship, as the table spells it."))
    system: str = field(metadata={"description": "The checkpoint's system, as given (trimmed)."})
    holder: str | None = field(
        metadata={"description": "The faction that held the checkpoint; null: unoccupied."})
    captured: bool = field(metadata={"description": "False on the faction's own checkpoint."})
    ship_removed: bool = field(
        metadata={"description": "The ship leaves the board (as captured)."})


@dataclass(frozen=True, slots=True)
class SystemLoss:
    """A faction that lost checkpoints in a system; its Extractors go when the last one goes."""

    faction: str = field(metadata={"description": "The faction that lost checkpoints."})
    system: str = field(metadata={"description": "The system, as given in `holdings`."})
    checkpoints_lost: int = field(metadata={"description": "Checkpoints captured from it."})
    checkpoints_left: int = field(metadata={"description": "Checkpoints it still holds there."})
    system_lost: bool = field(metadata={"description": "It lost the system's last checkpoint."})
    extractors_lost: int = field(
        metadata={"description": "To the captor, when the system's last checkpoint is lost."})


@dataclass(frozen=True, slots=True)
class CaptureResult:
    """``result`` of ``conquest/capture``."""

    captures: tuple[Capture, ...] = field(metadata={"description": "Each ship, in input order."})
    ships_removed: int = field(metadata={"description": "Ships that leave the board."})
    checkpoints_gained: int = field(metadata={"description": "Checkpoints the faction gains."})
    losses: tuple[SystemLoss, ...] = field(
        metadata={"description": "Each enemy faction captured from, per system."})
    extractors_gained: int = field(metadata={
        "description": "Extractors of the systems whose last checkpoint was taken."})


def _named(value: Any, field: str) -> str:
    """A name without its surrounding blanks; a blank one is refused, as in ``score`` (a blank
    holder must not pass for an unoccupied checkpoint, which is null)."""
    name = value.strip() if isinstance(value, str) else ""
    if not name:
        key = field.rsplit(".", 1)[-1]
        raise RuleError(msg("conquest.blank-name", key=Field(key),
                            hint=msg("conquest.unoccupied-hint") if key == "holder" else ""),
                        field=field)
    return name


@procedure(
    "conquest/capture", rolls=False, result=CaptureResult, rule="conquest-capture",
    samples=(
        {"faction": "Rudí",
         "ships": [{"unit": "Scout", "system": "Alfa", "holder": "Modří"}],
         "holdings": [{"faction": "Modří",
                       "system": "Alfa",
                       "checkpoints": 1,
                       "extractors": 2}]},
    ))
def capture(
    source: DiceSource,
    *,
    faction: str,
    ships: Sequence[Mapping[str, Any]],
    holdings: Sequence[Mapping[str, Any]] = (),
) -> Outcome:
    """[Vyhodnocení speciálních efektů] ships of ``faction`` that start its turn on an
    unoccupied or enemy checkpoint are removed and their checkpoints gained; a faction that
    loses a system's last checkpoint loses that system's Extractors to the captor.

    ``ships``: ``{"unit", "system", "holder"}``, ``holder`` the faction holding the checkpoint
    (null or missing: unoccupied; ``faction`` itself: its own checkpoint, nothing happens).
    ``holdings``: ``{"faction", "system", "checkpoints", "extractors"}``, what each enemy
    faction held in the system before the captures; needed for every enemy captured from.
    """
    me = _named(faction, "faction")
    held: dict[tuple[str, str], tuple[str, str, int, int]] = {}
    for index, row in enumerate(holdings):
        owner = _named(row.get("faction"), f"holdings.{index}.faction")
        system = _named(row.get("system"), f"holdings.{index}.system")
        checkpoints, extractors = row.get("checkpoints", 0), row.get("extractors", 0)
        _at_least(checkpoints, 0, f"holdings.{index}.checkpoints", "system-lost")
        _at_least(extractors, 0, f"holdings.{index}.extractors", "system-lost")
        key = (owner.casefold(), system.casefold())
        if key in held:
            raise RuleError(msg("conquest/capture.holding-twice", faction=owner, system=system,
                                holdings=Field("holdings")), field="holdings")
        held[key] = (owner, system, checkpoints, extractors)

    captures: list[Capture] = []
    taken: dict[tuple[str, str], int] = {}
    for index, ship in enumerate(ships):
        unit = unit_named(str(ship.get("unit", "")), f"ships.{index}.unit")
        if unit.name == "Extractor":
            raise RuleError(msg("conquest/capture.extractor",
                                quote=quote("extractor-placement")),
                            field=f"ships.{index}.unit")
        system = _named(ship.get("system"), f"ships.{index}.system")
        holder = ship.get("holder")
        if holder is not None:
            holder = _named(holder, f"ships.{index}.holder")
        own = holder is not None and holder.casefold() == me.casefold()
        captures.append(Capture(unit.name, system, holder, not own, not own))
        if holder is not None and not own:
            key = (holder.casefold(), system.casefold())
            taken[key] = taken.get(key, 0) + 1

    losses: list[SystemLoss] = []
    for key, lost in taken.items():
        if key not in held:
            holder, system = next((c.holder, c.system) for c in captures if c.holder and (
                c.holder.casefold(), c.system.casefold()) == key)
            raise RuleError(msg("conquest/capture.holding-missing", faction=holder,
                                system=system, holdings=Field("holdings"),
                                quote=quote("system-lost")), field="holdings")
        owner, system, checkpoints, extractors = held[key]
        if lost > checkpoints:
            raise RuleError(msg("conquest/capture.too-many", faction=owner, system=system,
                                n=checkpoints, lost=lost, holdings=Field("holdings"),
                                ships=Field("ships")), field="holdings")
        left = checkpoints - lost
        losses.append(SystemLoss(owner, system, lost, left, left == 0,
                                 extractors if left == 0 else 0))

    removed = sum(c.ship_removed for c in captures)
    gained = sum(c.captured for c in captures)
    extractors_gained = sum(loss.extractors_lost for loss in losses)
    lost_systems = tuple(msg("conquest/capture.system-lost", faction=loss.faction,
                             system=loss.system, n=loss.extractors_lost)
                         for loss in losses if loss.system_lost)
    text = msg("conquest/capture.text", faction=me, removed=removed, gained=gained,
               losses=Join(lost_systems, ""), extractors=extractors_gained)
    result = CaptureResult(tuple(captures), removed, gained, tuple(losses), extractors_gained)
    return _outcome("capture", result, text, "conquest-capture")


# --- teleport ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeleportEvent:
    """One step of a teleport's timeline, in the faction's own turns."""

    turn: int = field(metadata={"description": "The faction's turn of this step."})
    event: Literal["teleported", "token-flipped", "token-removed"] = field(
        metadata={"description": "What happens in that turn."})
    text: Message = field(metadata={"description": "The step, worded."})


@dataclass(frozen=True, slots=True)
class TeleportResult:
    """``result`` of ``conquest/teleport``."""

    turn: int = field(metadata={"description": "The turn of the teleport, as given."})
    flip_turn: int = field(metadata={"description": "The turn its teleport token flips colour up."})
    removed_turn: int = field(metadata={"description": "The turn its token is removed."})
    acts_again_turn: int = field(
        metadata={"description": "In this turn's phase 3 the Displacer acts again."})
    untargetable_until_turn: int = field(
        metadata={"description": "It cannot be attacked until its token is removed in this turn."})
    handed_over: bool = field(
        metadata={"description": "Teleported to another sector: the local players take it over."})
    timeline: tuple[TeleportEvent, ...] = field(
        metadata={"description": "The three steps, in order."})


@procedure("conquest/teleport", rolls=False, result=TeleportResult, rule="conquest-special",
           samples=({"turn": 3},))
def teleport(
    source: DiceSource,
    *,
    turn: int,
    damage: int = 0,
    other_sector: bool = False,
    target_sector_checkpoints: int = 0,
) -> Outcome:
    """[Displacer] teleporting in ``turn`` (the faction's own turns): its token flips in the
    next turn, is removed in the one after, and in that turn's third phase the Displacer acts
    again; until then it cannot act nor be attacked. A damaged Displacer cannot teleport; to
    another sector only while holding a checkpoint there, and local players take it over."""
    _at_least(turn, TURN_MIN, "turn", "teleport-flip")
    _at_least(damage, 0, "damage", "counters")
    # Any damage, even as much as its hit points, breaks this rule: it is the one to quote.
    if damage > 0:
        raise RuleError(msg("conquest/teleport.damaged", damage=damage,
                            quote=quote("damaged-displacer")), field="damage")
    _at_least(target_sector_checkpoints, 0, "target_sector_checkpoints", "teleport-sector")
    if other_sector and target_sector_checkpoints < 1:
        raise RuleError(msg("conquest/teleport.no-checkpoint", quote=quote("teleport-sector")),
                        field="target_sector_checkpoints")
    flip, removed = turn + TELEPORT_FLIP_AFTER, turn + TELEPORT_REMOVED_AFTER
    timeline = (
        TeleportEvent(turn, "teleported", msg("conquest/teleport.teleported", turn=turn,
                                              actions=TELEPORT_ACTIONS)),
        TeleportEvent(flip, "token-flipped", msg("conquest/teleport.token-flipped", turn=flip)),
        TeleportEvent(removed, "token-removed", msg("conquest/teleport.token-removed",
                                                    turn=removed, phase=UNIT_ACTIONS_PHASE)),
    )
    text = msg("conquest/teleport.text", turn=turn, flip=flip, removed=removed,
               handed=msg("conquest/teleport.handed-over") if other_sector else "")
    result = TeleportResult(turn, flip, removed, removed, removed, other_sector, timeline)
    return _outcome("teleport", result, text, "conquest-special")


# --- move ----------------------------------------------------------------------------------

cite("conquest-move", "Pohyb", "pravidla-hry", rulebook="dobyvani-soustav")

Hex = tuple[int, int]


@dataclass(frozen=True, slots=True)
class MoveBreach:
    """The first step of a move that breaks a sentence of [Pohyb]."""

    step: int = field(metadata={
        "description": "The step that breaks it: 1 is the move from path[0] to path[1]."})
    hex: Hex = field(metadata={"description": "The hex that step enters, [q, r]."})
    rule: MoveRule = field(metadata={
        "description": "movement (more steps than the unit's Pohyblivost), one-ship-per-hex "
                       "(the move ends on a ship), no-passing (it passes through a ship)."})
    quote: Message = field(metadata={"description": "The sentence broken, quoted."})


@dataclass(frozen=True, slots=True)
class MoveResult:
    """``result`` of ``conquest/move``."""

    unit: str = field(metadata=unit_name("The moving unit, as the table spells it."))
    movement: int = field(metadata={"description": "Its Pohyblivost: hexes it may move."})
    steps: int = field(metadata={"description": "Steps of the path: its hexes less the start."})
    start: Hex = field(metadata={"description": "Where the unit stands, path[0]."})
    end: Hex = field(metadata={"description": "Where the path ends."})
    valid: bool = field(metadata={"description": "The whole move keeps every rule of [Pohyb]."})
    broken: MoveBreach | None = field(metadata={
        "description": "The first step that breaks a rule, and which; null when valid."})


def _hex(value: Any, field: str) -> Hex:
    """``value`` as a hex ``(q, r)``: two whole numbers within the map's bounds."""
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(c, int) and not isinstance(c, bool)
                    and COORD_MIN <= c <= COORD_MAX for c in value)):
        return value[0], value[1]
    raise RuleError(msg("conquest/move.not-a-hex", field=Field(field), low=COORD_MIN,
                        high=COORD_MAX), field=field)


def written_hex(place: Hex) -> Message:
    """A hex as the input writes it: ``[1, -2]``."""
    return msg("conquest/move.hex", q=place[0], r=place[1])


def neighbours(a: Hex, b: Hex) -> bool:
    """Whether ``b`` is one of the six hexes around ``a``."""
    return (b[0] - a[0], b[1] - a[1]) in HEX_NEIGHBOURS


@procedure("conquest/move", rolls=False, result=MoveResult, rule="conquest-move",
           samples=({"unit": "Frigate", "path": [[0, 0], [1, 0], [2, -1]],
                     "ships": [[2, 0]]},))
def move(source: DiceSource, *, unit: str, path: Sequence[Any],
         ships: Sequence[Any] = ()) -> Outcome:
    """[Pohyb] a unit's move on the hex map: ``path`` its hexes from where it stands, each step
    to a neighbouring hex (axial ``[q, r]``); ``ships`` the hexes where other ships stand (the
    start may be listed: it is the moving ship itself). "Jednotka se posune až o tolik hexů,
    kolik je její pohyblivost", "Na jednom hexu nikdy nesmí stát více lodí", "Nelze se
    pohybovat přes lodě (ani vlastní)": the move is valid, or the result names its first step
    that breaks one, and which. A path that is no path (a jump, a hex off the map) is refused.
    """
    mover = unit_named(unit)
    if not PATH_MIN <= len(path) <= PATH_MAX:
        raise RuleError(msg("conquest/move.path-length", low=PATH_MIN, high=PATH_MAX,
                            count=len(path)), field="path")
    hexes = [_hex(place, f"path.{index}") for index, place in enumerate(path)]
    for step in range(1, len(hexes)):
        if not neighbours(hexes[step - 1], hexes[step]):
            raise RuleError(msg("conquest/move.not-adjacent", step=step,
                                start=written_hex(hexes[step - 1]),
                                end=written_hex(hexes[step])), field=f"path.{step}")
    if len(ships) > SHIPS_MAX:
        raise RuleError(msg("conquest/move.too-many-ships", high=SHIPS_MAX, count=len(ships)),
                        field="ships")
    occupied: set[Hex] = set()
    for index, place in enumerate(ships):
        ship = _hex(place, f"ships.{index}")
        if ship in occupied:
            raise RuleError(msg("conquest/move.ship-twice", hex=written_hex(ship),
                                quote=quote("one-ship-per-hex")), field=f"ships.{index}")
        occupied.add(ship)
    occupied.discard(hexes[0])  # the moving ship itself
    steps = len(hexes) - 1
    broken: MoveBreach | None = None
    for step in range(1, steps + 1):
        place = hexes[step]
        rule: MoveRule | None = (
            "movement" if step > mover.movement
            else "one-ship-per-hex" if place in occupied and step == steps
            else "no-passing" if place in occupied else None)
        if rule is not None:
            broken = MoveBreach(step, place, rule, quote(rule))
            break
    said = {"unit": mover.name, "movement": mover.movement,
            "path": Join(tuple(map(written_hex, hexes)), " → "),
            "steps": msg("conquest.hexes", n=steps)}
    text = (msg("conquest/move.text", **said) if broken is None else
            msg("conquest/move.broken", **said, step=broken.step, hex=written_hex(broken.hex),
                quote=broken.quote))
    result = MoveResult(mover.name, mover.movement, steps, hexes[0], hexes[-1], broken is None,
                        broken)
    return _outcome("move", result, text, "conquest-move")
