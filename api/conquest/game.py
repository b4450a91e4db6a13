"""Dobývání soustav's procedures and their schemas.

Unit names are the engine's table (:data:`rpg.conquest.game.UNITS`), matched case-insensitively and
echoed in their table spelling; every bound broken is answered with the rule sentence it breaks.
"""

from __future__ import annotations

import json
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from api import fields as f
from api.conquest import blp
from api.procedures import register
from rpg.conquest import game as conquest
from rpg.conquest.buy import STARTING_CREDITS
from rpg.conquest.move import COORD_MAX, COORD_MIN, PATH_MAX, PATH_MIN, SHIPS_MAX
from rpg.conquest.teleport import TURN_MIN
from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import RuleError
from rpg.core.text import Text

MESSAGES = messages({
    "api.conquest.range": Text("Musí být od {low} do {high}: {quote}",
                               "Must be between {low} and {high}: {quote}"),
    "api.conquest.length": Text("Musí mít právě {n} {n:položku|položky|položek} (má {given}): "
                                "{quote}",
                                "Must have exactly {n} items ({given} given): {quote}"),
    "api.conquest.unit-twice": Text(
        "Jednotka je uvedena dvakrát (jen jinak psaná): sečti počty do jedné položky.",
        "A unit is listed twice (spelt differently): add the counts into one entry."),
})


def refusal(message: Message | Text) -> ValidationError:
    """A field's validation error worded by a catalog message, in the user's language (the
    error handler writes each :class:`Text` of a field's errors in the answer's language)."""
    return ValidationError([Text(message.cs, message.en)])


class RuleRange(validate.Range):
    """A range whose error quotes the rule sentence the value breaks (the bound still shows in
    the OpenAPI document as minimum / maximum)."""

    def __init__(self, low: int, high: int, quote: Message) -> None:
        super().__init__(low, high)
        self.quote = quote

    def __call__(self, value: Any) -> Any:
        if not self.min <= value <= self.max:
            raise refusal(msg("api.conquest.range", low=self.min, high=self.max,
                              quote=self.quote))
        return value


class RuleLength(validate.Length):
    """An exact list length whose error quotes the rule that fixes it."""

    def __init__(self, length: int, quote: Message) -> None:
        super().__init__(length, length)
        self.quote = quote

    def __call__(self, value: Any) -> Any:
        if len(value) != self.min:
            raise refusal(msg("api.conquest.length", n=self.min, given=len(value),
                              quote=self.quote))
        return value


def count(rule: str, low: int = 0, high: int = conquest.AMOUNT_MAX, *,
          label: str | None = None, **kwargs: Any) -> f.Int:
    """A count or amount within ``low..high``; out of it, the rule ``rule`` is quoted."""
    return f.Int(validate=RuleRange(low, high, conquest.quote(rule)),
                 **f.labelled(kwargs, label))


class UnitName(fields.String):
    """A unit of the table, any case (``scout``, ``SCOUT``), loaded in the table's spelling;
    the calculators pick it from the table's names (``enum``)."""

    def __init__(self, *, label: str | None = None, **kwargs: Any) -> None:
        metadata = {"description": "One of " + ", ".join(conquest.UNIT_NAMES)
                    + " (any case)."} | kwargs.pop("metadata", {})
        super().__init__(validate=[validate.Length(1, f.NAME_LENGTH),
                                   validate.OneOf(conquest.UNIT_NAMES)],
                         **f.labelled({**kwargs, "metadata": metadata}, label))

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        name = super()._deserialize(value, attr, data, **kwargs)
        try:
            return conquest.unit_named(name, attr or "unit").name
        except RuleError as error:
            raise refusal(error.message) from error


class UnitCounts(f.JsonDict):
    """``{unit: count}``; in a query string one JSON-encoded value. A unit named twice (in two
    spellings, ``scout`` and ``Scout``) is an error, never one count silently dropped."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        counts = super()._deserialize(value, attr, data, **kwargs)
        raw = value[0] if isinstance(value, list) and len(value) == 1 else value
        given = len(json.loads(raw)) if isinstance(raw, str) else len(raw)
        if len(counts) != given:
            raise refusal(msg("api.conquest.unit-twice"))
        return counts


def unit_counts(rule: str, **kwargs: Any) -> UnitCounts:
    """``{unit: count}`` with counts 0..100000 quoting the rule ``rule`` when broken."""
    return UnitCounts(keys=UnitName(label="Jednotka"), values=count(rule, label="Počet"),
                      validate=validate.Length(
        0, len(conquest.UNITS)), **kwargs)


# --- schemas of inputs ---------------------------------------------------------------------


class ConquestUnitsInput(Schema):
    """``conquest/units`` takes nothing but the common inputs."""


class ConquestAttackInput(Schema):
    """Inputs of ``conquest/attack``."""

    attacker = UnitName(required=True, label="Útočník")
    target = UnitName(required=True, label="Cíl")
    distance = count("range", required=True, label="Vzdálenost (hexy)", metadata={
        "description": "Distance in hexes."})
    target_damage = count("counters", load_default=0, label="Poškození už na cíli", metadata={
        "description": "Damage counters already on the target."})


class ConquestRegenInput(Schema):
    """Inputs of ``conquest/regen``."""

    unit = UnitName(required=True, label="Jednotka")
    damage = count("counters", required=True, label="Poškození (damage countery)", metadata={
        "description": "Damage counters on the unit."})
    mechanics_in_range = count("mechanic", load_default=0, label="Mechanicy v dosahu", metadata={
        "description": "The faction's Mechanics within range of the unit (+1 each)."})


class ConquestIncomeInput(Schema):
    """Inputs of ``conquest/income``."""

    checkpoints = count("checkpoint-income", load_default=0, label="Checkpointy", metadata={
        "description": "Checkpoints the faction controls."})
    extractors = count("extractor-income", load_default=0, label="Extractory", metadata={
        "description": "Extractors the faction owns."})


class ConquestFactionSchema(Schema):
    """A faction in one sector."""

    name = f.name(required=True, label="Frakce")
    checkpoints = count("tie-break", load_default=0, label="Checkpointy")
    units = unit_counts("tie-break", load_default=dict, metadata={
        "description": "Units left, as {unit: count}.", "x-label": "Zbylé jednotky"})


class ConquestScoreInput(Schema):
    """Inputs of ``conquest/score``."""

    factions = f.JsonList(fields.Nested(ConquestFactionSchema), required=True,
                          validate=validate.Length(1, f.LIST_LENGTH), metadata={
                              "description": "The sector's factions: {name, checkpoints, "
                                             "units: {unit: count}}; in a GET one JSON value.",
                              "x-label": "Frakce v sektoru"})


class ConquestWinnerInput(Schema):
    """Inputs of ``conquest/winner``."""

    sectors = f.JsonList(
        fields.List(fields.Nested(ConquestFactionSchema),
                    validate=validate.Length(1, f.LIST_LENGTH),
                    metadata={"x-label": "Frakce v sektoru"}),
        required=True, validate=validate.Length(1, f.LIST_LENGTH), metadata={
            "description": "Each sector a list of factions as in `score`; factions are matched "
                           "across sectors by name. In a GET one JSON value.",
            "x-label": "Sektory"})


class ConquestCoinsInput(Schema):
    """Inputs of ``conquest/coins``."""

    credits = count("coins", required=True, label="Kredity", metadata={
        "description": "An amount of credits, a multiple of 50."})


class ConquestBuyInput(Schema):
    """Inputs of ``conquest/buy``."""

    credits = count("coins", load_default=STARTING_CREDITS, label="Kredity", metadata={
        "description": "Credits available (a sector starts with 500), a multiple of 50."})
    units = unit_counts("price", required=True, metadata={
        "description": "Units to buy, as {unit: count}; in a GET one JSON value.",
        "x-label": "Jednotky k nákupu"})


class ConquestShipSchema(Schema):
    """A ship that starts its faction's turn on a checkpoint."""

    unit = UnitName(required=True, label="Loď")
    system = f.name(required=True, label="Soustava", metadata={
        "description": "The checkpoint's system."})
    holder = f.name(load_default=None, allow_none=True, label="Drží ho (prázdné: nikdo)",
                    metadata={
        "description": "The faction holding the checkpoint; null: unoccupied."})


class ConquestHoldingSchema(Schema):
    """What an enemy faction held in a system before the captures."""

    faction = f.name(required=True, label="Frakce")
    system = f.name(required=True, label="Soustava")
    checkpoints = count("system-lost", required=True, label="Checkpointy")
    extractors = count("system-lost", load_default=0, label="Extractory")


class ConquestCaptureInput(Schema):
    """Inputs of ``conquest/capture``."""

    faction = f.name(required=True, label="Frakce na tahu", metadata={
        "description": "The faction whose turn starts."})
    ships = f.JsonList(fields.Nested(ConquestShipSchema), required=True,
                       validate=validate.Length(0, f.LIST_LENGTH), metadata={
                           "description": "The faction's ships on checkpoints at the start of "
                                          "its turn. In a GET one JSON value.",
                           "x-label": "Lodě na checkpointech"})
    holdings = f.JsonList(fields.Nested(ConquestHoldingSchema), load_default=list,
                          validate=validate.Length(0, f.LIST_LENGTH), metadata={
                              "description": "Checkpoints and Extractors each enemy captured "
                                             "from held in that system before; needed for "
                                             "every such enemy. In a GET one JSON value.",
                              "x-label": "Co soupeři drželi v soustavách"})


class ConquestTeleportInput(Schema):
    """Inputs of ``conquest/teleport``."""

    turn = count("teleport-flip", low=TURN_MIN, required=True,
                 label="Tah, ve kterém se teleportuje", metadata={
        "description": "The faction's turn in which the Displacer teleports."})
    damage = count("counters", load_default=0, label="Poškození (damage countery)", metadata={
        "description": "Damage counters on the Displacer (a damaged one cannot teleport)."})
    other_sector = f.flag(label="Do jiného sektoru", metadata={
        "description": "The target is in another sector."})
    target_sector_checkpoints = count("teleport-sector", load_default=0,
                                      label="Checkpointy v cílovém sektoru", metadata={
        "description": "Checkpoints the faction holds in the target sector."})


def hexes(low: int, high: int, *, label: str, description: str, **kwargs: Any) -> f.JsonList:
    """A list of hexes, each axial ``[q, r]`` (two whole numbers within the map's bounds); in a
    GET one JSON-encoded value."""
    coordinate = f.bounded_int(COORD_MIN, COORD_MAX, label="Souřadnice")
    hex_field = fields.List(coordinate, validate=validate.Length(2, 2), metadata={
        "x-label": "Hex", "x-labels": ["q", "r"], "description": "Axial coordinates [q, r]."})
    return f.JsonList(hex_field, validate=validate.Length(low, high), metadata={
        "description": description, "x-label": label, "example": [[0, 0], [1, 0]]}, **kwargs)


class ConquestMoveInput(Schema):
    """Inputs of ``conquest/move``."""

    unit = UnitName(required=True, label="Jednotka")
    path = hexes(PATH_MIN, PATH_MAX, required=True,
                 label="Cesta: hexy od startu [q, r]",
                 description="The move as its hexes, axial [q, r]: where the unit stands, then "
                             "each hex it enters, each a neighbour of the one before. In a GET "
                             "one JSON value.")
    ships = hexes(0, SHIPS_MAX, load_default=list, label="Hexy s loděmi [q, r]",
                  description="The hexes where other ships stand, own or enemy (the start may "
                              "be listed: it is the moving ship). In a GET one JSON value.")


# --- schemas of results --------------------------------------------------------------------


NO_DICE = " Nothing is rolled; chance: null."

for path, input_schema, summary, description in (
    ("units", ConquestUnitsInput,
     "Unit table (Přehled jednotek)",
     "Dreadnought, Scout, Frigate, Destroyer, Displacer, Extractor, Mechanic."),
    ("attack", ConquestAttackInput,
     "Attack (Útok)",
     "In range iff range_min ≤ distance ≤ range_max; damage = max(0, attack − defence)."),
    ("regen", ConquestRegenInput,
     "Regeneration (Regenerace)",
     "Repaired = min(damage, regen + Mechanics in range, 5)."),
    ("income", ConquestIncomeInput,
     "Income (Příjem kreditů)",
     "100 per checkpoint, 50 per Extractor."),
    ("score", ConquestScoreInput,
     "Sector ranking (Konec hry)",
     "Most checkpoints first; ties by the units' value in credits; equal in both share a "
     "place."),
    ("winner", ConquestWinnerInput,
     "Final order (Konec hry)",
     "Per sector the last faction standing, else the ranking; a faction scores n − place "
     "points in a sector of n factions; the points of all sectors give the final order."),
    ("coins", ConquestCoinsInput,
     "Coins (Kredity)",
     "The fewest coins for a multiple of 50: gold 1000, silver 200, teal 50."),
    ("buy", ConquestBuyInput,
     "Buying units (Nákup)",
     "Cost and credits left; where each unit may be placed. Not enough credits → 422."),
    ("capture", ConquestCaptureInput,
     "Capturing checkpoints (Vyhodnocení speciálních efektů)",
     "Each ship on an unoccupied or enemy checkpoint at the start of its faction's turn is "
     "removed and the checkpoint gained; losing a system's last checkpoint gives that "
     "system's Extractors to the captor."),
    ("move", ConquestMoveInput,
     "Moving a unit (Pohyb)",
     "A path of hexes, axial [q, r], each step to a neighbouring hex: at most the unit's "
     "Pohyblivost steps, never through a ship, never ending on one. `valid`, or `broken`: the "
     "first step that breaks a rule, and which (a result, not a 422: the GM sees where the move "
     "goes wrong). A path that jumps a hex is a 422."),
    ("teleport", ConquestTeleportInput,
     "Displacer teleport (Použití speciální schopnosti)",
     "Timeline of a teleport: token flipped the next turn, removed the turn after (the "
     "Displacer acts again in phase 3). A damaged Displacer cannot teleport."),
):
    register(blp, f"conquest/{path}", input_schema=input_schema, summary=summary,
             description=description + NO_DICE)
