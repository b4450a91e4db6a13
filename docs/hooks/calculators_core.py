"""Calculators of the core checks, morale, reaction, falling and the dice notation (transitional).

Read by ``rulesite/legacy.py`` until these procedures' labels move to their input schemas and
their rule data to their engine modules.
"""

from __future__ import annotations

from typing import Any

#: API path → calculator. Only procedures whose JavaScript exists are listed here.
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "morale": ("morale", "combat", "Ověření morálky", "Šance, že drží"),
    "reaction": ("reaction", "encounters", "Hod na reakci", "Šance tohoto výsledku"),
    "falling": ("falling", "hazards", "Pád z výšky", "Šance na zachycení"),
}

#: Czech labels of the API's fields (presentation only; the fields themselves come from OpenAPI).
LABELS: dict[str, str] = {
    "morale": "Morálka stvoření",
    "successes": "Už úspěšných ověření v tomto setkání",
    "modifier": "Oprava",
    "height_m": "Výška pádu (m)",
    "catch": "Pokus o zachycení (Zručnost proti SO 15)",
    "caught_at_m": "Zachycení po uletění (m)",
    "dex_modifier": "Oprava Zručnosti",
    "fatigue": "Únava",
}

#: Czech names of the API's enumerated values, where the value itself is not Czech.
VALUE_LABELS: dict[str, str] = {}


def rules_data() -> dict[str, Any]:
    """The rule constants the calculators need, exported from the engine."""
    from rpg.pravidla import combat, encounters, hazards

    def text(value: Any) -> dict[str, str]:
        return {"cs": value.cs, "en": value.en}

    return {
        "morale": {
            "min": combat.MORALE_MIN, "max": combat.MORALE_MAX,
            "successes_to_death": combat.MORALE_SUCCESSES_TO_DEATH,
        },
        "reaction": {
            "modifier_min": encounters.REACTION_MODIFIER_MIN,
            "modifier_max": encounters.REACTION_MODIFIER_MAX,
            "table": [
                {"band": band.band, "low": band.low, "high": band.high,
                 "reaction": text(band.reaction), "npc_interaction": text(band.npc_interaction)}
                for band in encounters.REACTION_TABLE
            ],
        },
        "falling": {
            "free_fall_m": hazards.FREE_FALL_M, "metres_per_die": hazards.METRES_PER_DIE,
            "catch_dc": hazards.CATCH_DC, "fall_speed_m_per_s": hazards.FALL_SPEED_M_PER_S,
            "max_height_m": hazards.MAX_HEIGHT_M,
        },
    }


