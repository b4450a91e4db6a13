"""Hazards [Nebezpečí a nástrahy]: ``falling``."""

from __future__ import annotations

from marshmallow import Schema, fields

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import hazards


class FallingInput(Schema):
    """Inputs of ``falling``."""

    height_m = f.bounded_number(0, hazards.MAX_HEIGHT_M, required=True, metadata={
        "description": "Height of the fall in metres."})
    catch = f.Bool(load_default=False, metadata={
        "description": "The character tries to grab hold (Zručnost check vs DC 15)."})
    caught_at_m = f.bounded_number(0, hazards.MAX_HEIGHT_M, metadata={
        "description": "Metres already fallen when grabbing hold; required with catch."})
    dex_modifier = f.modifier()
    fatigue = f.fatigue()


class FallingResultSchema(Schema):
    """Result of ``falling``."""

    caught = fields.Boolean(required=True, allow_none=True)
    distance_counted_m = fields.Float(required=True)
    dice_count = fields.Integer(required=True)
    damage = fields.Integer(required=True)
    fall_seconds = fields.Float(required=True)


register(
    blp, "falling", input_schema=FallingInput, result_schema=FallingResultSchema,
    run=hazards.falling,
    summary="Falling damage (Pád z výšky)",
    description="1d6 for each started 2 m beyond the first 2 m; an optional catch (d20 + "
                "dex_modifier − fatigue vs 15) counts only the distance already fallen. "
                "Chance: P(catch succeeds), or null.",
)


class HoldBreathInput(Schema):
    """Inputs of ``hold-breath``."""

    endurance = f.bounded_int(0, 100, required=True, metadata={"description": "The Výdrž score."})
    rounds_held = f.bounded_int(0, 100_000, load_default=0)
    speaks_or_casts = f.Bool(load_default=False, metadata={
        "description": "Speaking or casting lets the breath go at once."})


class HoldBreathResultSchema(Schema):
    """Result of ``hold-breath``."""

    rounds = fields.Integer(required=True)
    rounds_left = fields.Integer(required=True)
    holding = fields.Boolean(required=True)
    ended_by = fields.String(required=True, allow_none=True, metadata={
        "description": "speaking-or-casting, out-of-breath, or null while holding."})


register(
    blp, "hold-breath", input_schema=HoldBreathInput, result_schema=HoldBreathResultSchema,
    run=hazards.hold_breath, summary="Holding breath (Zadržení dechu)",
    description="As many rounds as the Výdrž score; speaking or casting ends it at once.",
)
