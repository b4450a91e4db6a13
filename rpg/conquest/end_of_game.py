"""Dobývání soustav, [Konec hry]: a sector's ranking when the time runs out, and the winner
of the game over all sectors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.conquest.game import at_least, outcome, unit_named, written_credits
from rpg.core.catalog import Field, Join, messages, msg
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

MESSAGES = messages({
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
})


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
    at_least(checkpoints, 0, f"{where}.checkpoints", "tie-break")
    counts: dict[str, int] = {}
    for key, count in (data.get("units") or {}).items():
        unit = unit_named(key, f"{where}.units")
        at_least(count, 0, f"{where}.units", "tie-break")
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
    return outcome("score", ScoreResult(ranking), text, "conquest-end")


@dataclass(frozen=True, slots=True)
class SectorStanding(Standing):
    """A faction's place and points in one sector.

    A :class:`Standing` (one shape: the fields written once) with the points it scores there.
    """

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
    return outcome("winner", WinnerResult(tuple(results), tuple(final), champions), text,
                    "conquest-end")
