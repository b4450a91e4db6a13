"""Dobývání soustav: the unit table and the arithmetic of a turn. Nothing here is rolled.

[Přehled jednotek] is :data:`UNITS`, written once: the API's unit names, the ``units`` endpoint
and every calculation read it. Unit names match case-insensitively. Every bad input raises a
:class:`RuleError` that quotes the rule sentence it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both, plural_cs, quoting

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "conquest/units.title": Text("Přehled jednotek", "Units"),
    "conquest/attack.title": Text("Bitevní list: útok", "Battle sheet: attack"),
    "conquest/regen.title": Text("Regenerace", "Regeneration"),
    "conquest/income.title": Text("Příjem kreditů", "Credit income"),
    "conquest/score.title": Text("Pořadí v sektoru", "Standing in a sector"),
    "conquest/winner.title": Text("Vítěz hry", "Winner of the game"),
    "conquest/coins.title": Text("Mince", "Coins"),
    "conquest/buy.title": Text("Nákup jednotek", "Buying units"),
    "conquest/capture.title": Text("Obsazení checkpointů", "Capturing checkpoints"),
    "conquest/teleport.title": Text("Teleport Displaceru", "Displacer teleport"),
})


@dataclass(frozen=True, slots=True)
class Unit:
    """One row of [Přehled jednotek]."""

    name: str = field(metadata={"enum": "rpg.conquest.game.UNIT_NAMES"})
    hp: int
    attack: int
    defense: int
    range_min: int
    range_max: int
    movement: int
    regen: int
    cost: int


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
#: [Regenerace] no unit repairs more than this in one turn.
REGEN_CAP = 5
#: [Kredity] coins, largest first: gold, silver, teal.
COINS: tuple[int, ...] = (1000, 200, 50)
SMALLEST_COIN = COINS[-1]
#: [Displacer] teleporting costs 2 actions: flipped the next turn, removed the one after.
TELEPORT_FLIP_AFTER = 1
TELEPORT_REMOVED_AFTER = 2
#: Counts, amounts, hexes and turns: the spec's default bounds.
AMOUNT_MAX = 100_000
TURN_MIN = 1

#: The rule sentences an input can break, quoted in the errors (Czech in the rules' words).
QUOTES: dict[str, Text] = {
    "units": Text("„Přehled jednotek: Dreadnought, Scout, Frigate, Destroyer, Displacer, "
                  "Extractor, Mechanic.“",
                  "“Unit overview: Dreadnought, Scout, Frigate, Destroyer, Displacer, "
                  "Extractor, Mechanic.”"),
    "removed": Text("„Pokud jednotce klesne zdraví na 0 nebo obsadila soustavu, je odstraněna "
                    "z mapy.“",
                    "“A unit whose health drops to 0, or that has captured a system, is removed "
                    "from the map.”"),
    "counters": Text("„Díry v lodích = životy, černé kvádříky = damage countery.“",
                     "“Holes in the ships = hit points, black cubes = damage counters.”"),
    "range": Text("„Cílová jednotka musí být v dosahu.“",
                  "“The target unit must be in range.”"),
    "mechanic": Text("„Mechanic: pasivní +1 k regeneraci pro jednotky frakce v dosahu.“",
                     "“Mechanic: a passive +1 to regeneration for the faction's units in "
                     "range.”"),
    "checkpoint-income": Text("„100 kr. za každý kontrolovaný checkpoint.“",
                              "“100 cr for each checkpoint controlled.”"),
    "extractor-income": Text("„50 kr. za každý vlastněný Extractor.“",
                             "“50 cr for each Extractor owned.”"),
    "coins": Text("„Modrozelené: 50 kr. Stříbrné: 200 kr. Zlaté: 1 000 kr.“",
                  "“Teal: 50 cr. Silver: 200 cr. Gold: 1,000 cr.”"),
    "tie-break": Text("„Pokud vyprší časový limit, vítězí frakce s nejvíce checkpointy. Při "
                      "shodě rozhoduje hodnota jednotek v kreditech.“",
                      "“When the time runs out, the faction with the most checkpoints wins. A "
                      "tie is decided by the value of the units in credits.”"),
    "last-standing": Text("„V sektoru vítězí frakce, která zůstane jako poslední.“",
                          "“In a sector, the last faction remaining wins.”"),
    "sum-sectors": Text("„Sečtou se body ze všech sektorů → finální pořadí.“",
                        "“The points of all sectors are added up → the final order.”"),
    "price": Text("„Cena“ v Přehledu jednotek: Dreadnought 350, Scout 50, Frigate 100, "
                  "Destroyer 400, Displacer 150, Extractor 500, Mechanic 150 kr.",
                  "“Cost” in the unit overview: Dreadnought 350, Scout 50, Frigate 100, "
                  "Destroyer 400, Displacer 150, Extractor 500, Mechanic 150 cr."),
    "placement": Text("„Nové jednotky lze umístit pouze na vlastní checkpointy.“",
                      "“New units may be placed only on the faction's own checkpoints.”"),
    "extractor-placement": Text(
        "„Extractory lze umisťovat na vlastní soustavu na modrá políčka mimo checkpointy "
        "(bez využití checkpointu).“",
        "“Extractors are placed in the faction's own system, on blue hexes off the "
        "checkpoints (without using a checkpoint).”"),
    "capture": Text("„Pokud loď frakce, která je na tahu, na začátku kola pobývá na "
                    "neobsazeném nebo cizím checkpointu, frakce o tuto loď přichází (dává ji "
                    "mimo herní plán) a získává držení daného checkpointu.“",
                    "“If a ship of the faction on turn starts the round on an unoccupied or "
                    "enemy checkpoint, the faction loses the ship (off the board) and gains "
                    "that checkpoint.”"),
    "system-lost": Text("„Při ztrátě všech checkpointů v soustavě frakce přichází i o všechny "
                        "Extractory v této soustavě.“",
                        "“A faction losing all checkpoints in a system also loses all its "
                        "Extractors in that system.”"),
    "extractors-to-captor": Text("„Extractory získává frakce, která obsadí poslední checkpoint "
                                 "soustavy.“",
                                 "“The Extractors go to the faction that takes the system's "
                                 "last checkpoint.”"),
    "damaged-displacer": Text("„Poškozený Displacer se nemůže teleportovat.“",
                              "“A damaged Displacer cannot teleport.”"),
    "teleport-sector": Text("„Teleportace Displacerů do jiného sektoru je možná pouze při držení "
                            "alespoň jednoho checkpointu v cílovém sektoru.“",
                            "“Displacers may teleport to another sector only while holding at "
                            "least one checkpoint in the target sector.”"),
    "teleport-flip": Text("„Loď teleportovaná v minulém tahu: otočí se teleportační žeton barvou "
                          "nahoru.“",
                          "“A ship teleported in the previous turn: its teleport token is "
                          "flipped colour up.”"),
}


def hexes_cs(n: int) -> str:
    """A distance in hexes, in Czech."""
    return plural_cs(n, "hex", "hexy", "hexů", counted=True)


def credits_cs(amount: int) -> str:
    """An amount of credits as the rules write it: ``1 250 kr.``."""
    return f"{amount:,} kr.".replace(",", "\u00a0")


def credits_en(amount: int) -> str:
    """An amount of credits in English: ``1,250 cr``."""
    return f"{amount:,} cr"


def unit_named(name: str, field: str = "unit") -> Unit:
    """The unit called ``name``, whatever its case; an unknown name quotes the unit table."""
    found = _BY_NAME.get(name.strip().casefold()) if isinstance(name, str) else None
    if found is None:
        raise RuleError(quoting(
            "Neznámá jednotka '{name}': {q}", "Unknown unit '{name}': {q}", QUOTES["units"],
            name=str(name)[:40]), field=field)
    return found


def _at_least(value: int, low: int, field: str, quote: str) -> None:
    if value < low:
        raise RuleError(quoting(
            "'{field}' nemůže být menší než {low} ({value}): {q}",
            "'{field}' cannot be less than {low} ({value}): {q}", QUOTES[quote],
            field=field, low=low, value=value), field=field)


def _unit_alive(unit: Unit, damage: int, field: str) -> None:
    _at_least(damage, 0, field, "counters")
    if damage >= unit.hp:
        raise RuleError(quoting(
            "{unit} má jen {hp} životů: s {damage} damage countery už není na mapě. {q}",
            "A {unit} has only {hp} hit points: with {damage} damage counters it is no longer "
            "on the map. {q}", QUOTES["removed"], unit=unit.name, hp=unit.hp, damage=damage),
            field=field)


def _outcome(procedure: str, result: Any, text: Text, rule: str) -> Outcome:
    return Outcome(f"conquest/{procedure}", (), result, None, text, RULES[rule])


# --- units ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitsResult:
    """``result`` of ``conquest/units``."""

    units: tuple[Unit, ...]


@procedure("conquest/units", result=UnitsResult, rule="conquest-units",
           samples=({},))
def units(source: DiceSource) -> Outcome:
    """[Přehled jednotek] the unit table."""
    names = ", ".join(UNIT_NAMES)
    text = Text(f"Přehled jednotek: {names}.", f"Unit overview: {names}.")
    return _outcome("units", UnitsResult(UNITS), text, "conquest-units")


# --- attack --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackResult:
    """``result`` of ``conquest/attack``: out of range, nothing is dealt."""

    attacker: str = field(metadata={"enum": "rpg.conquest.game.UNIT_NAMES"})
    target: str = field(metadata={"enum": "rpg.conquest.game.UNIT_NAMES"})
    in_range: bool
    range_min: int
    range_max: int
    damage: int = field(
        metadata={"description": "Damage dealt: attack − defence (at least 0); 0 out of range."})
    damage_if_in_range: int
    hp_left: int
    destroyed: bool


@procedure("conquest/attack", result=AttackResult, rule="conquest-attack",
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
    reach = f"{hitter.range_min}–{hitter.range_max}"
    if not in_range:
        text = Text(
            f"{hitter.name} → {victim.name} na {hexes_cs(distance)}: mimo dosah ({reach}), "
            f"„Cílová jednotka musí být v dosahu.“",
            f"{hitter.name} → {victim.name} at {distance} hexes: out of range ({reach}), "
            f"“The target unit must be in range.”")
    else:
        end_cs = ("zničen, odstraní se z mapy" if hp_left == 0
                  else "zbývá " + plural_cs(hp_left, "život", "životy", "životů", counted=True))
        end_en = "destroyed, removed from the map" if hp_left == 0 else f"{hp_left} hp left"
        text = Text(
            f"{hitter.name} → {victim.name} na {hexes_cs(distance)}: poškození {hitter.attack} − "
            f"{victim.defense} = {potential}; {end_cs}.",
            f"{hitter.name} → {victim.name} at {distance} hexes: damage {hitter.attack} − "
            f"{victim.defense} = {potential}; {end_en}.")
    result = AttackResult(hitter.name, victim.name, in_range, hitter.range_min,
                          hitter.range_max, dealt, potential, hp_left, hp_left == 0)
    return _outcome("attack", result, text, "conquest-attack")


# --- regen ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RegenResult:
    """``result`` of ``conquest/regen``."""

    unit: str = field(metadata={"enum": "rpg.conquest.game.UNIT_NAMES"})
    repaired: int = field(metadata={"description": "min(damage, regen + mechanics_in_range, 5)."})
    damage_left: int
    hp: int = field(metadata={"description": "Hit points after repair."})
    capped: bool = field(metadata={"description": "The cap of 5 applied."})


@procedure("conquest/regen", result=RegenResult, rule="conquest-regen",
           samples=({"unit": "Dreadnought", "damage": 9, "mechanics_in_range": 2},))
def regen(source: DiceSource, *, unit: str, damage: int, mechanics_in_range: int = 0) -> Outcome:
    """[Regenerace] repaired = min(damage, regen + Mechanics in range, 5)."""
    repairing = unit_named(unit)
    _unit_alive(repairing, damage, "damage")
    _at_least(mechanics_in_range, 0, "mechanics_in_range", "mechanic")
    rate = repairing.regen + mechanics_in_range
    repaired = min(damage, rate, REGEN_CAP)
    capped = rate > REGEN_CAP and damage > REGEN_CAP
    bonus = (f" + {mechanics_in_range} Mechanic" if mechanics_in_range else "")
    cap_cs = " (nejvýše 5 za kolo)" if capped else ""
    cap_en = " (at most 5 a turn)" if capped else ""
    text = Text(
        f"{repairing.name}: regen {repairing.regen}{bonus} → opraví {repaired}{cap_cs}, zbývá "
        f"{damage - repaired} poškození, {repairing.hp - damage + repaired}/{repairing.hp} "
        f"životů.",
        f"{repairing.name}: regen {repairing.regen}{bonus} → repairs {repaired}{cap_en}, "
        f"{damage - repaired} damage left, {repairing.hp - damage + repaired}/{repairing.hp} hp.")
    result = RegenResult(repairing.name, repaired, damage - repaired,
                         repairing.hp - damage + repaired, capped)
    return _outcome("regen", result, text, "conquest-regen")


# --- income --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IncomeResult:
    """``result`` of ``conquest/income``."""

    credits: int
    from_checkpoints: int
    from_extractors: int


@procedure("conquest/income", result=IncomeResult, rule="conquest-income",
           samples=({"checkpoints": 3, "extractors": 2},))
def income(source: DiceSource, *, checkpoints: int = 0, extractors: int = 0) -> Outcome:
    """[Příjem kreditů] 100 per checkpoint controlled, 50 per Extractor owned."""
    _at_least(checkpoints, 0, "checkpoints", "checkpoint-income")
    _at_least(extractors, 0, "extractors", "extractor-income")
    from_checkpoints = CHECKPOINT_INCOME * checkpoints
    from_extractors = EXTRACTOR_INCOME * extractors
    total = from_checkpoints + from_extractors
    text = Text(
        f"Příjem: {checkpoints} × 100 + {extractors} × 50 = {credits_cs(total)}",
        f"Income: {checkpoints} × 100 + {extractors} × 50 = {credits_en(total)}.")
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

    name: str
    checkpoints: int
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
        raise RuleError(both("Každá frakce potřebuje jméno ('name').",
                             "Every faction needs a 'name'."), field=where)
    checkpoints = data.get("checkpoints", 0)
    _at_least(checkpoints, 0, f"{where}.checkpoints", "tie-break")
    counts: dict[str, int] = {}
    for key, count in (data.get("units") or {}).items():
        unit = unit_named(key, f"{where}.units")
        _at_least(count, 0, f"{where}.units", "tie-break")
        if unit.name in counts:
            raise RuleError(both(
                "Jednotka {unit} je u frakce {name} uvedena dvakrát: sečti počty do jedné "
                "položky.",
                "{unit} is listed twice for {name}: add the counts into one entry.",
                unit=unit.name, name=name), field=f"{where}.units")
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
        raise RuleError(both("Zadej alespoň jednu frakci.", "Give at least one faction."),
                        field=field)
    parsed = [_faction(data, f"{field}.{index}") for index, data in enumerate(factions)]
    names = [faction.name.casefold() for faction in parsed]
    if len(set(names)) != len(names):
        raise RuleError(both("Jména frakcí se opakují: každá frakce smí být uvedena jednou.",
                             "Faction names repeat: list each faction once."), field=field)
    keyed = [(f.checkpoints, unit_value(f.units), f) for f in parsed]
    keyed.sort(key=lambda item: (-item[0], -item[1]))
    standings = []
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

    ranking: tuple[Standing, ...]


def _ranking_text(ranking: Sequence[Standing], lang: str) -> str:
    credits = credits_cs if lang == "cs" else credits_en
    return "; ".join(f"{s.place}. {s.name} ({s.checkpoints} CP, {credits(s.unit_value)})"
                     for s in ranking)


@procedure(
    "conquest/score", result=ScoreResult, rule="conquest-end",
    samples=(
        {"factions": [{"name": "Rudí", "checkpoints": 2, "units": {"Scout": 2}},
                      {"name": "Modří", "checkpoints": 2}]},
    ))
def score(source: DiceSource, *, factions: Sequence[Mapping[str, Any]]) -> Outcome:
    """[Konec hry] the sector's ranking when the time runs out."""
    ranking = rank(factions)
    text = Text(f"Pořadí v sektoru: {_ranking_text(ranking, 'cs')}.",
                f"Sector ranking: {_ranking_text(ranking, 'en')}.")
    return _outcome("score", ScoreResult(ranking), text, "conquest-end")


# --- winner --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SectorStanding:
    """A faction's place and points in one sector."""

    name: str
    checkpoints: int
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
    decided_by: Literal["last-standing", "ranking"]
    ranking: tuple[SectorStanding, ...]


@dataclass(frozen=True, slots=True)
class FinalStanding:
    """A faction's points over all sectors and its final place."""

    name: str
    points: int
    sectors_won: int
    place: int


@dataclass(frozen=True, slots=True)
class WinnerResult:
    """``result`` of ``conquest/winner``."""

    sectors: tuple[SectorResult, ...]
    final: tuple[FinalStanding, ...]
    winners: tuple[str, ...] = field(
        metadata={"description": "The faction(s) in first place of the final order."})


@procedure(
    "conquest/winner", result=WinnerResult, rule="conquest-end",
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
        raise RuleError(both("Zadej alespoň jeden sektor.", "Give at least one sector."),
                        field="sectors")
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

    def sector_words(lang: str) -> str:
        nobody = "dělené 1. místo" if lang == "cs" else "shared first place"
        return ", ".join(f"{r.sector}: {r.winner or nobody}" for r in results)

    order = "; ".join(f"{s.place}. {s.name} {s.points}" for s in final)
    text = Text(f"Sektory – {sector_words('cs')}. Finální pořadí (body): {order}.",
                f"Sectors – {sector_words('en')}. Final order (points): {order}.")
    return _outcome("winner", WinnerResult(tuple(results), tuple(final), champions), text,
                    "conquest-end")


# --- coins ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoinsResult:
    """``result`` of ``conquest/coins``: the fewest coins, by value (``"1000"``, ``"200"``,
    ``"50"``), and how many in all."""

    coins: dict[str, int] = field(
        metadata={"description": "The fewest coins: gold 1000, silver 200, teal 50."})
    count: int


def _payable(credits: int, field: str) -> None:
    _at_least(credits, 0, field, "coins")
    if credits % SMALLEST_COIN:
        raise RuleError(quoting(
            "{credits} kr. nejde složit z mincí, nejmenší je za 50 kr.: {q} Zadej násobek 50.",
            "{credits} cr cannot be made of coins, the smallest is 50 cr: {q} Give a multiple "
            "of 50.", QUOTES["coins"], credits=credits), field=field)


def coin_split(credits: int) -> dict[str, int]:
    """The fewest coins for ``credits``: largest first (each coin divides the next larger)."""
    _payable(credits, "credits")
    split: dict[str, int] = {}
    left = credits
    for coin in COINS:
        split[str(coin)], left = divmod(left, coin)
    return split


@procedure("conquest/coins", result=CoinsResult, rule="conquest-credits",
           samples=({"credits": 1450},))
def coins(source: DiceSource, *, credits: int) -> Outcome:
    """[Kredity] the fewest coins: gold 1 000, silver 200, teal 50."""
    split = coin_split(credits)
    gold, silver, teal = split["1000"], split["200"], split["50"]
    text = Text(
        f"{credits_cs(credits)} = {gold}× zlatá, {silver}× stříbrná, {teal}× modrozelená "
        f"({plural_cs(gold + silver + teal, 'mince', 'mince', 'mincí', counted=True)}).",
        f"{credits_en(credits)} = {gold}× gold, {silver}× silver, {teal}× teal "
        f"({gold + silver + teal} coins).")
    return _outcome("coins", CoinsResult(split, gold + silver + teal), text, "conquest-credits")


# --- buy -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Purchase:
    """One line of a purchase and where the new units may be placed."""

    unit: str = field(metadata={"enum": "rpg.conquest.game.UNIT_NAMES"})
    count: int
    unit_cost: int
    cost: int
    placement: Literal["own-checkpoint", "own-system-blue-hex"]
    placement_rule: Text


@dataclass(frozen=True, slots=True)
class BuyResult:
    """``result`` of ``conquest/buy``."""

    cost: int
    credits_left: int
    purchases: tuple[Purchase, ...]


@procedure("conquest/buy", result=BuyResult, rule="conquest-buy",
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
            raise RuleError(both(
                "Jednotka {unit} je v nákupu dvakrát: sečti počty do jedné položky.",
                "{unit} is listed twice: add the counts into one entry.", unit=unit.name),
                field="units")
        extractor = unit.name == "Extractor"
        lines.append(Purchase(
            unit.name, count, unit.cost, unit.cost * count,
            "own-system-blue-hex" if extractor else "own-checkpoint",
            QUOTES["extractor-placement" if extractor else "placement"]))
    cost = sum(line.cost for line in lines)
    if cost > credits:
        raise RuleError(quoting(
            "Nedostatek kreditů: nákup stojí {cost} kr., k dispozici je {credits} kr. {q}",
            "Not enough credits: the purchase costs {cost} cr, {credits} cr are available. {q}",
            QUOTES["price"], cost=cost, credits=credits), field="units")
    bought_cs = ", ".join(f"{line.count}× {line.unit}" for line in lines if line.count) or "nic"
    bought_en = ", ".join(f"{line.count}× {line.unit}" for line in lines if line.count) \
        or "nothing"
    text = Text(
        f"Nákup {bought_cs}: {credits_cs(cost)}, zbývá {credits_cs(credits - cost)} Nové "
        f"jednotky jen na vlastní checkpointy, Extractory na modrá políčka vlastní soustavy.",
        f"Buying {bought_en}: {credits_en(cost)}, {credits_en(credits - cost)} left. New units "
        f"go on own checkpoints only, Extractors on blue hexes of the own system.")
    return _outcome("buy", BuyResult(cost, credits - cost, tuple(lines)), text, "conquest-buy")


# --- capture -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Capture:
    """One ship that started its faction's turn on a checkpoint."""

    unit: str = field(metadata={"enum": "rpg.conquest.game.UNIT_NAMES"})
    system: str
    holder: str | None
    captured: bool = field(metadata={"description": "False on the faction's own checkpoint."})
    ship_removed: bool


@dataclass(frozen=True, slots=True)
class SystemLoss:
    """A faction that lost checkpoints in a system; its Extractors go when the last one goes."""

    faction: str
    system: str
    checkpoints_lost: int
    checkpoints_left: int
    system_lost: bool
    extractors_lost: int = field(
        metadata={"description": "To the captor, when the system's last checkpoint is lost."})


@dataclass(frozen=True, slots=True)
class CaptureResult:
    """``result`` of ``conquest/capture``."""

    captures: tuple[Capture, ...]
    ships_removed: int
    checkpoints_gained: int
    losses: tuple[SystemLoss, ...]
    extractors_gained: int


def _named(value: Any, field: str) -> str:
    """A name without its surrounding blanks; a blank one is refused, as in ``score`` (a blank
    holder must not pass for an unoccupied checkpoint, which is null)."""
    name = value.strip() if isinstance(value, str) else ""
    if not name:
        key = field.rsplit(".", 1)[-1]
        raise RuleError(both(
            "Jméno v '{key}' chybí nebo je prázdné.{hint}",
            "The name in '{key}' is missing or blank.{hint_en}", key=key,
            hint=" Neobsazený checkpoint: holder null." if key == "holder" else "",
            hint_en=" An unoccupied checkpoint: holder null." if key == "holder" else ""),
            field=field)
    return name


@procedure(
    "conquest/capture", result=CaptureResult, rule="conquest-capture",
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
            raise RuleError(both(
                "Frakce {f} v soustavě {s} je v 'holdings' dvakrát: uveď ji jednou.",
                "Faction {f} in system {s} is listed twice in 'holdings': list it once.",
                f=owner, s=system), field="holdings")
        held[key] = (owner, system, checkpoints, extractors)

    captures: list[Capture] = []
    taken: dict[tuple[str, str], int] = {}
    for index, ship in enumerate(ships):
        unit = unit_named(str(ship.get("unit", "")), f"ships.{index}.unit")
        if unit.name == "Extractor":
            raise RuleError(quoting(
                "Extractor na checkpointu nestojí: {q}", "An Extractor never stands on a "
                "checkpoint: {q}", QUOTES["extractor-placement"]), field=f"ships.{index}.unit")
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
            raise RuleError(quoting(
                "Uveď v 'holdings', kolik checkpointů a Extractorů drží {f} v soustavě {s}: "
                "{q}", "Give in 'holdings' how many checkpoints and Extractors {f} holds in "
                "system {s}: {q}", QUOTES["system-lost"], f=holder, s=system), field="holdings")
        owner, system, checkpoints, extractors = held[key]
        if lost > checkpoints:
            raise RuleError(both(
                "{f} drží v soustavě {s} jen {held}, obsazuje se jich {lost}: oprav "
                "'holdings' nebo 'ships'.",
                "{f} holds only {n} checkpoints in system {s}, {lost} are being captured: fix "
                "'holdings' or 'ships'.", f=owner, s=system, n=checkpoints, lost=lost,
                held=plural_cs(checkpoints, "checkpoint", "checkpointy", "checkpointů",
                               counted=True)),
                field="holdings")
        left = checkpoints - lost
        losses.append(SystemLoss(owner, system, lost, left, left == 0,
                                 extractors if left == 0 else 0))

    removed = sum(c.ship_removed for c in captures)
    gained = sum(c.captured for c in captures)
    extractors_gained = sum(loss.extractors_lost for loss in losses)
    lost_cs = "".join(f"; {loss.faction} ztrácí poslední checkpoint soustavy {loss.system}"
                      " a " + plural_cs(loss.extractors_lost, "Extractor", "Extractory",
                                        "Extractorů", counted=True)
                      for loss in losses if loss.system_lost)
    lost_en = "".join(f"; {loss.faction} loses the last checkpoint of system {loss.system}"
                      f" and {loss.extractors_lost} Extractors" for loss in losses
                      if loss.system_lost)
    text = Text(
        f"Obsazení ({me}): z plánu odchází lodí: {removed}, získané checkpointy: {gained}"
        f"{lost_cs}; "
        f"získané Extractory: {extractors_gained}.",
        f"Capture ({me}): ships leaving the board: {removed}, checkpoints gained: {gained}"
        f"{lost_en}; "
        f"Extractors gained: {extractors_gained}.")
    result = CaptureResult(tuple(captures), removed, gained, tuple(losses), extractors_gained)
    return _outcome("capture", result, text, "conquest-capture")


# --- teleport ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeleportEvent:
    """One step of a teleport's timeline, in the faction's own turns."""

    turn: int
    event: Literal["teleported", "token-flipped", "token-removed"]
    text: Text


@dataclass(frozen=True, slots=True)
class TeleportResult:
    """``result`` of ``conquest/teleport``."""

    turn: int
    flip_turn: int
    removed_turn: int
    acts_again_turn: int = field(
        metadata={"description": "In this turn's phase 3 the Displacer acts again."})
    untargetable_until_turn: int = field(
        metadata={"description": "It cannot be attacked until its token is removed in this turn."})
    handed_over: bool = field(
        metadata={"description": "Teleported to another sector: the local players take it over."})
    timeline: tuple[TeleportEvent, ...]


@procedure("conquest/teleport", result=TeleportResult, rule="conquest-special",
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
        raise RuleError(quoting(
            "Displacer má {n} poškození: {q} Nejdřív ho oprav (regenerace).",
            "The Displacer has {n} damage: {q} Repair it first (regeneration).",
            QUOTES["damaged-displacer"], n=damage), field="damage")
    _at_least(target_sector_checkpoints, 0, "target_sector_checkpoints", "teleport-sector")
    if other_sector and target_sector_checkpoints < 1:
        raise RuleError(quoting(
            "Do jiného sektoru bez checkpointu tam teleport nejde: {q}",
            "No teleport to another sector without a checkpoint there: {q}",
            QUOTES["teleport-sector"]), field="target_sector_checkpoints")
    flip, removed = turn + TELEPORT_FLIP_AFTER, turn + TELEPORT_REMOVED_AFTER
    timeline = (
        TeleportEvent(turn, "teleported", both(
            "Tah {t}: Displacer se teleportuje (2 akce); nelze na něj zaútočit.",
            "Turn {t}: the Displacer teleports (2 actions); it cannot be attacked.", t=turn)),
        TeleportEvent(flip, "token-flipped", both(
            "Tah {t}: teleportační žeton se otočí barvou nahoru; Displacer nemůže jednat.",
            "Turn {t}: the teleport token flips colour up; the Displacer cannot act.", t=flip)),
        TeleportEvent(removed, "token-removed", both(
            "Tah {t}: žeton se odstraní a ve 3. fázi (akce jednotek) s Displacerem lze táhnout.",
            "Turn {t}: the token is removed and in phase 3 (unit actions) the Displacer acts "
            "again.", t=removed)),
    )
    hand_cs = " Do jiného sektoru: Displacer převezmou místní hráči." if other_sector else ""
    hand_en = " To another sector: the local players take the Displacer over." \
        if other_sector else ""
    text = Text(
        f"Teleport v tahu {turn}: v tahu {flip} se žeton otočí, v tahu {removed} se odstraní a "
        f"Displacer zase jedná.{hand_cs}",
        f"Teleport in turn {turn}: the token flips in turn {flip}, is removed in turn "
        f"{removed} and the Displacer acts again.{hand_en}")
    result = TeleportResult(turn, flip, removed, removed, removed, other_sector, timeline)
    return _outcome("teleport", result, text, "conquest-special")
