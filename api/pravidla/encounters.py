"""Encounter procedures [Náhlá setkání]: ``reaction``."""

from __future__ import annotations

from marshmallow import Schema, fields

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg import encounters

BANDS = tuple(band.band for band in encounters.REACTION_TABLE)


class ReactionInput(Schema):
    """Inputs of ``reaction``."""

    modifier = f.bounded_int(
        encounters.REACTION_MODIFIER_MIN, encounters.REACTION_MODIFIER_MAX, load_default=0,
        metadata={"description": "Added to the 2d6."})


class BandChanceSchema(Schema):
    """A band and its probability under the given modifier."""

    band = f.choice(BANDS, required=True)
    probability = fields.Float(required=True)


class ReactionResultSchema(Schema):
    """Result of ``reaction``."""

    total = fields.Integer(required=True)
    band = f.choice(BANDS, required=True)
    reaction = fields.String(required=True, metadata={"description": "The monster's reaction."})
    npc_interaction = fields.String(required=True, metadata={
        "description": "Reaction to other NPC interactions (the table's third column)."})
    distribution = fields.List(fields.Nested(BandChanceSchema), required=True)


register(
    blp, "reaction", input_schema=ReactionInput, result_schema=ReactionResultSchema,
    run=encounters.reaction,
    summary="Reaction roll (Akce monster)",
    description="2d6 + modifier on the reaction table. Chance: P(this band).",
)
