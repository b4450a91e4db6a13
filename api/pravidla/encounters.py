"""Encounter procedures [Náhlá setkání]: ``reaction``, ``surprise``, ``encounter-distance`` and
the whole ``encounter``."""

from __future__ import annotations

from marshmallow import Schema, fields

from api import fields as f
from api.pravidla import blp
from api.pravidla.combat import (
    PlayersDefault,
    named_sides_field,
    players_field,
    sides_field,
)
from api.procedures import register
from rpg.core.citations import slugify
from rpg.pravidla import encounters

_LIGHT = "Strany nesoucí světlo (čárkami)"


class ReactionInput(Schema):
    """Inputs of ``reaction``."""

    modifier = f.bounded_int(
        encounters.REACTION_MODIFIER_MIN, encounters.REACTION_MODIFIER_MAX, load_default=0,
        label="Modifikátor", metadata={"description": "Added to the 2d6."})


register(
    blp, "reaction", input_schema=ReactionInput,
    summary="Reaction roll (Akce monster)",
    description="2d6 + modifier on the reaction table. Chance: P(this band).",
)


# --- surprise --------------------------------------------------------------------------------

class SurpriseInput(Schema):
    """Inputs of ``surprise``."""

    sides = sides_field()
    light = named_sides_field(
        "Sides carrying a light source (each one of `sides`): they cannot surprise their "
        "enemies, so a side whose every enemy carries light is not surprised and does not roll.",
        label=_LIGHT)


register(
    blp, "surprise", input_schema=SurpriseInput,
    summary="Surprise roll (Hod na překvapení)",
    description="1d6 for each side in list order, 1–2 surprised; a side whose every enemy "
                "carries light cannot be surprised and does not roll. Chance: null.",
)


# --- encounter-distance ----------------------------------------------------------------------

#: [Vzdálenost setkání] each place as the rule names it ("Vnitřní prostory", "Divočina, moře nebo
#: vzduch"), and the places it takes in alone: a dungeon (kobka) is indoors, the sea and the
#: air are the wilderness's.
PLACES = {"indoors": ("vnitřní prostory", "uvnitř", "kobka"),
          "wilderness": ("divočina, moře nebo vzduch", "divočina", "moře", "vzduch")}


def location_field() -> fields.String:
    """Where the encounter happens, in the rule's words."""
    field = f.choice(encounters.LOCATIONS, words={
        location: words[0] for location, words in PLACES.items()},
        label="Místo setkání", load_default=encounters.DEFAULT_LOCATION, metadata={
            "description": "indoors (also vnitřní prostory, uvnitř, kobka), or wilderness (also "
                           "divočina, moře, vzduch: sea and air are the wilderness's)."})
    field.aliases.update({slugify(word): location for location, words in PLACES.items()
                          for word in words})
    return field


class EncounterDistanceInput(Schema):
    """Inputs of ``encounter-distance``."""

    location = location_field()
    surprised = f.flag(label="Některá ze stran je překvapená", metadata={
        "description": "Some side is surprised."})


register(
    blp, "encounter-distance", input_schema=EncounterDistanceInput,
    summary="Encounter distance (Vzdálenost setkání)",
    description="Indoors 4d6 m, halved (rounded down) when surprised; wilderness, sea or air "
                "4d6 × 10 m, or 1d4 × 10 m when surprised. Chance: null.",
)


# --- encounter -------------------------------------------------------------------------------

class EncounterInput(PlayersDefault, Schema):
    """Inputs of ``encounter``."""

    sides = sides_field()
    light = named_sides_field(
        "Sides carrying a light source (each one of `sides`): they cannot surprise their enemies.",
        label=_LIGHT)
    location = location_field()
    players = players_field()
    reaction_modifier = f.bounded_int(
        encounters.REACTION_MODIFIER_MIN, encounters.REACTION_MODIFIER_MAX, load_default=0,
        label="Modifikátor hodu na reakci", metadata={
            "description": "Added to each reaction roll's 2d6."})


register(
    blp, "encounter", input_schema=EncounterInput,
    summary="A whole encounter (Náhlá setkání)",
    description="Surprise → distance (surprised when any side is) → initiative of the sides "
                "not surprised (all when all are) → a reaction roll for each non-player side "
                "not surprised; dice consumed in that order. Chance: null.",
)


# --- encounter-duration ----------------------------------------------------------------------

class EncounterDurationInput(Schema):
    """Inputs of ``encounter-duration``."""

    rounds = f.bounded_int(encounters.ROUNDS_MIN, encounters.ROUNDS_MAX, required=True,
                           label="Počet kol (po 6 s)", metadata={
                               "description": "Combat rounds the encounter took (6 s each); 0 "
                                             "when nobody fought."})


register(
    blp, "encounter-duration", input_schema=EncounterDurationInput,
    summary="End of an encounter (Konec setkání)",
    description="An encounter, a fight included, takes at least 1 shift (směna), rounded up to "
                "whole shifts. A round is 6 s; a shift is 10 minutes (the rules never say: the "
                "old-school turn), so 100 rounds. No dice; chance: null.",
)
