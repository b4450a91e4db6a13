"""Hazards [Nebezpečí a nástrahy]: ``falling``, ``hold-breath``, ``vision``."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import hazards


class FallingInput(Schema):
    """Inputs of ``falling``."""

    height_m = f.bounded_number(0, hazards.MAX_HEIGHT_M, required=True, label="Výška pádu (m)",
                                metadata={"description": "Height of the fall in metres."})
    catch = f.flag(
        label=f"Pokus o zachycení (ověření Zručnosti proti obtížnosti {hazards.CATCH_DC})",
        metadata={"description": "The character tries to grab hold (Zručnost check against "
                                 f"obtížnost {hazards.CATCH_DC})."})
    caught_at_m = f.bounded_number(
        0, hazards.MAX_HEIGHT_M, label="Metrů pádu před zachycením", metadata={
            "description": "Metres already fallen when grabbing hold; required with catch."})
    dex_modifier = f.modifier(label="Modifikátor Zručnosti")
    fatigue = f.fatigue()


register(
    blp, "falling", input_schema=FallingInput,
    summary="Falling damage (Pád z výšky)",
    description="1d6 for each started 2 m beyond the first 2 m; an optional catch (d20 + "
                "dex_modifier − fatigue vs 15) counts only the distance already fallen. "
                "Chance: P(catch succeeds), or null.",
)


class HoldBreathInput(Schema):
    """Inputs of ``hold-breath``."""

    endurance = f.bounded_int(0, hazards.ENDURANCE_MAX, required=True, label="Výdrž (hodnota)",
                              metadata={"description": "The Výdrž score."})
    rounds_held = f.bounded_int(0, hazards.ROUNDS_HELD_MAX, load_default=0,
                                label="Už uplynulých kol")
    speaks_or_casts = f.flag(label="Mluví nebo sesílá kouzlo", metadata={
        "description": "Speaking or casting lets the breath go at once."})


register(
    blp, "hold-breath", input_schema=HoldBreathInput, summary="Holding breath (Zadržení dechu)",
    description="As many rounds as the Výdrž score; speaking or casting ends it at once.",
)


class VisionInput(Schema):
    """Inputs of ``vision``."""

    light = f.flag(label="Je tu zdroj světla", metadata={
        "description": "A light source is present (no darkness; it breaks thermal vision)."})
    thermal = f.flag(label="Stvoření má termovizi", metadata={
        "description": "The creature has thermal vision (Termovize)."})
    thermal_range_m = f.bounded_number(
        0, hazards.MAX_VISION_M, load_default=hazards.THERMAL_RANGE_M,
        label="Dosah termovize (m)", metadata={
            "description": f"Thermal range in darkness (default {hazards.THERMAL_RANGE_M} m, "
                           "unless the creature's description says otherwise); only with "
                           "`thermal`."})
    distance_m = f.bounded_number(0, hazards.MAX_VISION_M, label="Vzdálenost cíle (m, nepovinné)",
                                  metadata={"description": "Optional: how far the target is; "
                                                           "`in_range` answers for it."})
    large_heat = f.flag(label="Poblíž je velký zdroj tepla", metadata={
        "description": "A large heat source nearby (it breaks thermal vision)."})


register(
    blp, "vision", input_schema=VisionInput, summary="Sight in darkness (Tma, Termovize)",
    description="In darkness a creature is blind; thermal vision sees heat up to its range "
                "(12 m) and cannot read; any light or a large heat source breaks it (sight "
                "returns to normal: seeing by the light, blind in darkness). Chance: null.",
)
