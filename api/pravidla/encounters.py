"""Encounter procedures [Náhlá setkání]: ``surprise``, ``encounter-distance``, ``reaction`` and
the whole ``encounter``."""

from __future__ import annotations

from marshmallow import Schema, fields

from api import fields as f
from api.pravidla import blp
from api.pravidla.combat import (
    InitiativeResultSchema,
    PlayersDefault,
    named_sides_field,
    players_field,
    sides_field,
)
from api.procedures import register
from rpg.pravidla import combat, encounters

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


# --- surprise --------------------------------------------------------------------------------

class SurpriseInput(Schema):
    """Inputs of ``surprise``."""

    sides = sides_field()
    light = named_sides_field(
        "Sides carrying a light source (each one of `sides`): they cannot surprise their "
        "enemies, so a side whose every enemy carries light is not surprised and does not roll.")


class SideSurpriseSchema(Schema):
    """One side's surprise roll."""

    side = fields.String(required=True)
    roll = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The d6 (1–2 surprised); null when every other side carries light."})
    surprised = fields.Boolean(required=True)


class EffectChanceSchema(Schema):
    """An effect of the surprise roll and its probability before rolling."""

    effect = f.choice(encounters.SURPRISE_EFFECTS, required=True)
    probability = fields.Float(required=True)


class SurpriseResultSchema(Schema):
    """Result of ``surprise``."""

    sides = fields.List(fields.Nested(SideSurpriseSchema), required=True)
    effect = f.choice(encounters.SURPRISE_EFFECTS, required=True, metadata={
        "description": "none; some (the surprised sides lose 1 round); all (a moment's "
                       "hesitation, no advantage)."})
    distribution = fields.List(fields.Nested(EffectChanceSchema), required=True, metadata={
        "description": "Exact probability of each effect for these sides and lights."})


register(
    blp, "surprise", input_schema=SurpriseInput, result_schema=SurpriseResultSchema,
    run=encounters.surprise,
    summary="Surprise roll (Hod na překvapení)",
    description="1d6 for each side in list order, 1–2 surprised; a side whose every enemy "
                "carries light cannot be surprised and does not roll. Chance: null.",
)


# --- encounter-distance ----------------------------------------------------------------------

def location_field() -> fields.String:
    """Where the encounter happens."""
    return f.choice(encounters.LOCATIONS, load_default="wilderness", metadata={
        "description": "indoors, or wilderness (also sea and air)."})


class EncounterDistanceInput(Schema):
    """Inputs of ``encounter-distance``."""

    location = location_field()
    surprised = f.Bool(load_default=False, metadata={"description": "Some side is surprised."})


class EncounterDistanceResultSchema(Schema):
    """Result of ``encounter-distance``."""

    distance_m = fields.Integer(required=True)
    zone = f.choice(combat.ZONES, required=True, metadata={"description": "See `range-zone`."})
    zone_name = fields.String(required=True)


register(
    blp, "encounter-distance", input_schema=EncounterDistanceInput,
    result_schema=EncounterDistanceResultSchema, run=encounters.encounter_distance,
    summary="Encounter distance (Vzdálenost setkání)",
    description="Indoors 4d6 m, halved (rounded down) when surprised; wilderness, sea or air "
                "4d6 × 10 m, or 1d4 × 10 m when surprised. Chance: null.",
)


# --- encounter -------------------------------------------------------------------------------

class EncounterInput(PlayersDefault, Schema):
    """Inputs of ``encounter``."""

    sides = sides_field()
    light = named_sides_field(
        "Sides carrying a light source (each one of `sides`): they cannot surprise their enemies.")
    location = location_field()
    players = players_field()
    reaction_modifier = f.bounded_int(
        encounters.REACTION_MODIFIER_MIN, encounters.REACTION_MODIFIER_MAX, load_default=0,
        metadata={"description": "Added to each reaction roll's 2d6."})


class SideReactionSchema(ReactionResultSchema):
    """The reaction roll of one side that is not the players'."""

    side = fields.String(required=True)


class EncounterResultSchema(Schema):
    """Result of ``encounter``."""

    surprise = fields.Nested(SurpriseResultSchema, required=True)
    distance = fields.Nested(EncounterDistanceResultSchema, required=True)
    initiative = fields.Nested(InitiativeResultSchema, required=True)
    reactions = fields.List(fields.Nested(SideReactionSchema), required=True, metadata={
        "description": "A reaction for each non-player side that is not surprised (every "
                       "non-player side when all are), in list order."})


register(
    blp, "encounter", input_schema=EncounterInput, result_schema=EncounterResultSchema,
    run=encounters.encounter,
    summary="A whole encounter (Náhlá setkání)",
    description="Surprise → distance (surprised when any side is) → initiative of the sides "
                "not surprised (all when all are) → a reaction roll for each non-player side "
                "not surprised; dice consumed in that order. Chance: null.",
)
