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
from rpg.core.errors import RuleError
from rpg.core.text import Text


class RuleRange(validate.Range):
    """A range whose error quotes the rule sentence the value breaks (the bound still shows in
    the OpenAPI document as minimum / maximum)."""

    def __init__(self, low: int, high: int, quote: Text) -> None:
        super().__init__(low, high)
        self.quote = quote

    def __call__(self, value: Any) -> Any:
        if not self.min <= value <= self.max:
            raise ValidationError([Text(
                f"Musí být od {self.min} do {self.max}: {self.quote.cs}",
                f"Must be between {self.min} and {self.max}: {self.quote.en}")])
        return value


class RuleLength(validate.Length):
    """An exact list length whose error quotes the rule that fixes it."""

    def __init__(self, length: int, quote: Text) -> None:
        super().__init__(length, length)
        self.quote = quote

    def __call__(self, value: Any) -> Any:
        if len(value) != self.min:
            raise ValidationError([Text(
                f"Musí mít právě {self.min} položky (má {len(value)}): {self.quote.cs}",
                f"Must have exactly {self.min} items ({len(value)} given): {self.quote.en}")])
        return value


def count(quote: str, low: int = 0, high: int = conquest.AMOUNT_MAX, **kwargs: Any) -> f.Int:
    """A count or amount within ``low..high``; out of it, the rule :data:`conquest.QUOTES`
    ``[quote]`` is quoted."""
    return f.Int(validate=RuleRange(low, high, conquest.QUOTES[quote]), **kwargs)


class UnitName(fields.String):
    """A unit of the table, any case (``scout``, ``SCOUT``), loaded in the table's spelling."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "One of " + ", ".join(conquest.UNIT_NAMES)
                    + " (any case)."} | kwargs.pop("metadata", {})
        super().__init__(validate=validate.Length(1, f.NAME_LENGTH), metadata=metadata,
                         **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        name = super()._deserialize(value, attr, data, **kwargs)
        try:
            return conquest.unit_named(name, attr or "unit").name
        except RuleError as error:
            raise ValidationError([error.message]) from error


class UnitCounts(f.JsonDict):
    """``{unit: count}``; in a query string one JSON-encoded value. A unit named twice (in two
    spellings, ``scout`` and ``Scout``) is an error, never one count silently dropped."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        counts = super()._deserialize(value, attr, data, **kwargs)
        raw = value[0] if isinstance(value, list) and len(value) == 1 else value
        given = len(json.loads(raw)) if isinstance(raw, str) else len(raw)
        if len(counts) != given:
            raise ValidationError([Text(
                "Jednotka je uvedena dvakrát (jen jinak psaná): sečti počty do jedné položky.",
                "A unit is listed twice (spelt differently): add the counts into one entry.")])
        return counts


def unit_counts(quote: str, **kwargs: Any) -> UnitCounts:
    """``{unit: count}`` with counts 0..100000 quoting the rule ``quote`` when broken."""
    return UnitCounts(keys=UnitName(), values=count(quote), validate=validate.Length(
        0, len(conquest.UNITS)), **kwargs)


# --- schemas of inputs ---------------------------------------------------------------------


class ConquestUnitsInput(Schema):
    """``conquest/units`` takes nothing but the common inputs."""


class ConquestAttackInput(Schema):
    """Inputs of ``conquest/attack``."""

    attacker = UnitName(required=True)
    target = UnitName(required=True)
    distance = count("range", required=True, metadata={"description": "Distance in hexes."})
    target_damage = count("counters", load_default=0, metadata={
        "description": "Damage counters already on the target."})


class ConquestRegenInput(Schema):
    """Inputs of ``conquest/regen``."""

    unit = UnitName(required=True)
    damage = count("counters", required=True, metadata={
        "description": "Damage counters on the unit."})
    mechanics_in_range = count("mechanic", load_default=0, metadata={
        "description": "The faction's Mechanics within range of the unit (+1 each)."})


class ConquestIncomeInput(Schema):
    """Inputs of ``conquest/income``."""

    checkpoints = count("checkpoint-income", load_default=0, metadata={
        "description": "Checkpoints the faction controls."})
    extractors = count("extractor-income", load_default=0, metadata={
        "description": "Extractors the faction owns."})


class ConquestFactionSchema(Schema):
    """A faction in one sector."""

    name = f.name(required=True)
    checkpoints = count("tie-break", load_default=0)
    units = unit_counts("tie-break", load_default=dict, metadata={
        "description": "Units left, as {unit: count}."})


class ConquestScoreInput(Schema):
    """Inputs of ``conquest/score``."""

    factions = f.JsonList(fields.Nested(ConquestFactionSchema), required=True,
                          validate=validate.Length(1, f.LIST_LENGTH), metadata={
                              "description": "The sector's factions: {name, checkpoints, "
                                             "units: {unit: count}}; in a GET one JSON value."})


class ConquestWinnerInput(Schema):
    """Inputs of ``conquest/winner``."""

    sectors = f.JsonList(
        fields.List(fields.Nested(ConquestFactionSchema),
                    validate=validate.Length(1, f.LIST_LENGTH)),
        required=True, validate=validate.Length(1, f.LIST_LENGTH), metadata={
            "description": "Each sector a list of factions as in `score`; factions are matched "
                           "across sectors by name. In a GET one JSON value."})


class ConquestCoinsInput(Schema):
    """Inputs of ``conquest/coins``."""

    credits = count("coins", required=True, metadata={
        "description": "An amount of credits, a multiple of 50."})


class ConquestBuyInput(Schema):
    """Inputs of ``conquest/buy``."""

    credits = count("coins", load_default=conquest.STARTING_CREDITS, metadata={
        "description": "Credits available (a sector starts with 500), a multiple of 50."})
    units = unit_counts("price", required=True, metadata={
        "description": "Units to buy, as {unit: count}; in a GET one JSON value."})


class ConquestShipSchema(Schema):
    """A ship that starts its faction's turn on a checkpoint."""

    unit = UnitName(required=True)
    system = f.name(required=True, metadata={"description": "The checkpoint's system."})
    holder = f.name(load_default=None, allow_none=True, metadata={
        "description": "The faction holding the checkpoint; null: unoccupied."})


class ConquestHoldingSchema(Schema):
    """What an enemy faction held in a system before the captures."""

    faction = f.name(required=True)
    system = f.name(required=True)
    checkpoints = count("system-lost", required=True)
    extractors = count("system-lost", load_default=0)


class ConquestCaptureInput(Schema):
    """Inputs of ``conquest/capture``."""

    faction = f.name(required=True, metadata={"description": "The faction whose turn starts."})
    ships = f.JsonList(fields.Nested(ConquestShipSchema), required=True,
                       validate=validate.Length(0, f.LIST_LENGTH), metadata={
                           "description": "The faction's ships on checkpoints at the start of "
                                          "its turn. In a GET one JSON value."})
    holdings = f.JsonList(fields.Nested(ConquestHoldingSchema), load_default=list,
                          validate=validate.Length(0, f.LIST_LENGTH), metadata={
                              "description": "Checkpoints and Extractors each enemy captured "
                                             "from held in that system before; needed for "
                                             "every such enemy. In a GET one JSON value."})


class ConquestTeleportInput(Schema):
    """Inputs of ``conquest/teleport``."""

    turn = count("teleport-flip", low=conquest.TURN_MIN, required=True, metadata={
        "description": "The faction's turn in which the Displacer teleports."})
    damage = count("counters", load_default=0, metadata={
        "description": "Damage counters on the Displacer (a damaged one cannot teleport)."})
    other_sector = f.Bool(load_default=False, metadata={
        "description": "The target is in another sector."})
    target_sector_checkpoints = count("teleport-sector", load_default=0, metadata={
        "description": "Checkpoints the faction holds in the target sector."})


# --- schemas of results --------------------------------------------------------------------


class ConquestUnitSchema(Schema):
    """A row of the unit table."""

    name = f.choice(conquest.UNIT_NAMES, required=True)
    hp = fields.Integer(required=True)
    attack = fields.Integer(required=True)
    defense = fields.Integer(required=True)
    range_min = fields.Integer(required=True)
    range_max = fields.Integer(required=True)
    movement = fields.Integer(required=True)
    regen = fields.Integer(required=True)
    cost = fields.Integer(required=True)


class ConquestUnitsResultSchema(Schema):
    """Result of ``conquest/units``."""

    units = fields.List(fields.Nested(ConquestUnitSchema), required=True)


class ConquestAttackResultSchema(Schema):
    """Result of ``conquest/attack``."""

    attacker = f.choice(conquest.UNIT_NAMES, required=True)
    target = f.choice(conquest.UNIT_NAMES, required=True)
    in_range = fields.Boolean(required=True)
    range_min = fields.Integer(required=True)
    range_max = fields.Integer(required=True)
    damage = fields.Integer(required=True, metadata={
        "description": "Damage dealt: attack − defence (at least 0); 0 out of range."})
    damage_if_in_range = fields.Integer(required=True)
    hp_left = fields.Integer(required=True)
    destroyed = fields.Boolean(required=True)


class ConquestRegenResultSchema(Schema):
    """Result of ``conquest/regen``."""

    unit = f.choice(conquest.UNIT_NAMES, required=True)
    repaired = fields.Integer(required=True, metadata={
        "description": "min(damage, regen + mechanics_in_range, 5)."})
    damage_left = fields.Integer(required=True)
    hp = fields.Integer(required=True, metadata={"description": "Hit points after repair."})
    capped = fields.Boolean(required=True, metadata={"description": "The cap of 5 applied."})


class ConquestIncomeResultSchema(Schema):
    """Result of ``conquest/income``."""

    credits = fields.Integer(required=True)
    from_checkpoints = fields.Integer(required=True)
    from_extractors = fields.Integer(required=True)


class ConquestStandingSchema(Schema):
    """A faction's place in a sector."""

    name = fields.String(required=True)
    checkpoints = fields.Integer(required=True)
    unit_value = fields.Integer(required=True, metadata={
        "description": "The units' value in credits (the tie-break)."})
    place = fields.Integer(required=True, metadata={
        "description": "Equal checkpoints and unit value share a place (1, 1, 3)."})
    eliminated = fields.Boolean(required=True, metadata={
        "description": "No checkpoint and no unit left in the sector."})


class ConquestScoreResultSchema(Schema):
    """Result of ``conquest/score``."""

    ranking = fields.List(fields.Nested(ConquestStandingSchema), required=True)


class ConquestSectorStandingSchema(ConquestStandingSchema):
    """A faction's place and points in one sector."""

    points = fields.Integer(required=True, metadata={
        "description": "n − place in a sector of n factions (a shared place scores as that "
                       "place)."})


class ConquestSectorResultSchema(Schema):
    """One sector's outcome."""

    sector = fields.Integer(required=True, metadata={"description": "1-based, input order."})
    winner = fields.String(required=True, allow_none=True, metadata={
        "description": "The last faction standing, else the first of the ranking; null when "
                       "the first place is shared."})
    decided_by = f.choice(("last-standing", "ranking"), required=True)
    ranking = fields.List(fields.Nested(ConquestSectorStandingSchema), required=True)


class ConquestFinalStandingSchema(Schema):
    """A faction's points over all sectors."""

    name = fields.String(required=True)
    points = fields.Integer(required=True)
    sectors_won = fields.Integer(required=True)
    place = fields.Integer(required=True)


class ConquestWinnerResultSchema(Schema):
    """Result of ``conquest/winner``."""

    sectors = fields.List(fields.Nested(ConquestSectorResultSchema), required=True)
    final = fields.List(fields.Nested(ConquestFinalStandingSchema), required=True)
    winners = fields.List(fields.String(), required=True, metadata={
        "description": "The faction(s) in first place of the final order."})


ConquestCoinSplitSchema = Schema.from_dict({
    str(coin): fields.Integer(required=True) for coin in conquest.COINS
}, name="ConquestCoinSplit")


class ConquestCoinsResultSchema(Schema):
    """Result of ``conquest/coins``."""

    coins = fields.Nested(ConquestCoinSplitSchema, required=True, metadata={
        "description": "The fewest coins: gold 1000, silver 200, teal 50."})
    count = fields.Integer(required=True)


class ConquestPurchaseSchema(Schema):
    """One line of a purchase."""

    unit = f.choice(conquest.UNIT_NAMES, required=True)
    count = fields.Integer(required=True)
    unit_cost = fields.Integer(required=True)
    cost = fields.Integer(required=True)
    placement = f.choice(("own-checkpoint", "own-system-blue-hex"), required=True)
    placement_rule = fields.String(required=True)


class ConquestBuyResultSchema(Schema):
    """Result of ``conquest/buy``."""

    cost = fields.Integer(required=True)
    credits_left = fields.Integer(required=True)
    purchases = fields.List(fields.Nested(ConquestPurchaseSchema), required=True)


class ConquestCaptureSchema(Schema):
    """One ship on a checkpoint."""

    unit = f.choice(conquest.UNIT_NAMES, required=True)
    system = fields.String(required=True)
    holder = fields.String(required=True, allow_none=True)
    captured = fields.Boolean(required=True, metadata={
        "description": "False on the faction's own checkpoint."})
    ship_removed = fields.Boolean(required=True)


class ConquestSystemLossSchema(Schema):
    """Checkpoints an enemy lost in a system."""

    faction = fields.String(required=True)
    system = fields.String(required=True)
    checkpoints_lost = fields.Integer(required=True)
    checkpoints_left = fields.Integer(required=True)
    system_lost = fields.Boolean(required=True)
    extractors_lost = fields.Integer(required=True, metadata={
        "description": "To the captor, when the system's last checkpoint is lost."})


class ConquestCaptureResultSchema(Schema):
    """Result of ``conquest/capture``."""

    captures = fields.List(fields.Nested(ConquestCaptureSchema), required=True)
    ships_removed = fields.Integer(required=True)
    checkpoints_gained = fields.Integer(required=True)
    losses = fields.List(fields.Nested(ConquestSystemLossSchema), required=True)
    extractors_gained = fields.Integer(required=True)


class ConquestTeleportEventSchema(Schema):
    """A step of the timeline."""

    turn = fields.Integer(required=True)
    event = f.choice(("teleported", "token-flipped", "token-removed"), required=True)
    text = fields.String(required=True)


class ConquestTeleportResultSchema(Schema):
    """Result of ``conquest/teleport``."""

    turn = fields.Integer(required=True)
    flip_turn = fields.Integer(required=True)
    removed_turn = fields.Integer(required=True)
    acts_again_turn = fields.Integer(required=True, metadata={
        "description": "In this turn's phase 3 the Displacer acts again."})
    untargetable_until_turn = fields.Integer(required=True, metadata={
        "description": "It cannot be attacked until its token is removed in this turn."})
    handed_over = fields.Boolean(required=True, metadata={
        "description": "Teleported to another sector: the local players take it over."})
    timeline = fields.List(fields.Nested(ConquestTeleportEventSchema), required=True)


NO_DICE = " Nothing is rolled; chance: null."

for path, input_schema, result_schema, run, summary, description in (
    ("units", ConquestUnitsInput, ConquestUnitsResultSchema, conquest.units,
     "Unit table (Přehled jednotek)",
     "Dreadnought, Scout, Frigate, Destroyer, Displacer, Extractor, Mechanic."),
    ("attack", ConquestAttackInput, ConquestAttackResultSchema, conquest.attack,
     "Attack (Útok)",
     "In range iff range_min ≤ distance ≤ range_max; damage = max(0, attack − defence)."),
    ("regen", ConquestRegenInput, ConquestRegenResultSchema, conquest.regen,
     "Regeneration (Regenerace)",
     "Repaired = min(damage, regen + Mechanics in range, 5)."),
    ("income", ConquestIncomeInput, ConquestIncomeResultSchema, conquest.income,
     "Income (Příjem kreditů)",
     "100 per checkpoint, 50 per Extractor."),
    ("score", ConquestScoreInput, ConquestScoreResultSchema, conquest.score,
     "Sector ranking (Konec hry)",
     "Most checkpoints first; ties by the units' value in credits; equal in both share a "
     "place."),
    ("winner", ConquestWinnerInput, ConquestWinnerResultSchema, conquest.winner,
     "Final order (Konec hry)",
     "Per sector the last faction standing, else the ranking; a faction scores n − place "
     "points in a sector of n factions; the points of all sectors give the final order."),
    ("coins", ConquestCoinsInput, ConquestCoinsResultSchema, conquest.coins,
     "Coins (Kredity)",
     "The fewest coins for a multiple of 50: gold 1000, silver 200, teal 50."),
    ("buy", ConquestBuyInput, ConquestBuyResultSchema, conquest.buy,
     "Buying units (Nákup)",
     "Cost and credits left; where each unit may be placed. Not enough credits → 422."),
    ("capture", ConquestCaptureInput, ConquestCaptureResultSchema, conquest.capture,
     "Capturing checkpoints (Vyhodnocení speciálních efektů)",
     "Each ship on an unoccupied or enemy checkpoint at the start of its faction's turn is "
     "removed and the checkpoint gained; losing a system's last checkpoint gives that "
     "system's Extractors to the captor."),
    ("teleport", ConquestTeleportInput, ConquestTeleportResultSchema, conquest.teleport,
     "Displacer teleport (Použití speciální schopnosti)",
     "Timeline of a teleport: token flipped the next turn, removed the turn after (the "
     "Displacer acts again in phase 3). A damaged Displacer cannot teleport."),
):
    register(blp, f"conquest/{path}", input_schema=input_schema, result_schema=result_schema,
             run=run, summary=summary, description=description + NO_DICE)
