"""Calculators of morale and the reaction roll (transitional).

Read by ``rulesite/legacy.py`` until these procedures' labels move to their input schemas and
their rule data to their engine modules.
"""

from __future__ import annotations

from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance).
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "morale": ("morale", "combat", "Ověření morálky", "Šance, že drží"),
    "reaction": ("reaction", "encounters", "Hod na reakci", "Šance tohoto výsledku"),
}

LABELS: dict[str, str] = {
    "morale": "Morálka stvoření",
    "successes": "Už úspěšných ověření v tomto setkání",
    "modifier": "Oprava",
}


def rules_data() -> dict[str, Any]:
    """The rule constants the calculators need, exported from the engine."""
    from rpg.pravidla import combat, encounters

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
    }
