"""Dobývání soustav, [Vyhodnocení speciálních efektů]: ships that capture checkpoints, and the
Extractors of a system whose last checkpoint is lost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rpg.conquest.game import at_least, outcome, quote, unit_name, unit_named
from rpg.core.catalog import Field, Join, messages, msg
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

MESSAGES = messages({
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
})


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
        at_least(checkpoints, 0, f"holdings.{index}.checkpoints", "system-lost")
        at_least(extractors, 0, f"holdings.{index}.extractors", "system-lost")
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
    return outcome("capture", result, text, "conquest-capture")
