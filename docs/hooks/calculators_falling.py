"""Calculators of falling (transitional).

Read by ``rulesite/legacy.py`` until these procedures' labels move to their input schemas and
their rule data to their engine modules.
"""

from __future__ import annotations

from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance).
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "falling": ("falling", "hazards", "Pád z výšky", "Šance na zachycení"),
}

LABELS: dict[str, str] = {
    "height_m": "Výška pádu (m)",
    "catch": "Pokus o zachycení (Zručnost proti SO 15)",
    "caught_at_m": "Zachycení po uletění (m)",
    "dex_modifier": "Oprava Zručnosti",
    "fatigue": "Únava",
}


def rules_data() -> dict[str, Any]:
    """The rule constants the calculators need, exported from the engine."""
    from rpg.pravidla import hazards

    return {
        "falling": {
            "free_fall_m": hazards.FREE_FALL_M, "metres_per_die": hazards.METRES_PER_DIE,
            "catch_dc": hazards.CATCH_DC, "fall_speed_m_per_s": hazards.FALL_SPEED_M_PER_S,
            "max_height_m": hazards.MAX_HEIGHT_M,
        },
    }
