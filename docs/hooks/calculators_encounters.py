"""Calculators of a meeting with the enemy (section 2 of the contract): initiative, surprise, the
encounter distance, the whole encounter and the range zones.

Merged into ``calculators.py``. Their JavaScript is ``meeting.js``, which reuses the reaction
roll of ``encounters.js``; their rule constants and texts are exported from the engine under
``meeting`` in the calculators' rule data.
"""

from __future__ import annotations

import inspect
from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance).
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "initiative": ("initiative", "meeting", "Iniciativa"),
    "surprise": ("surprise", "meeting", "Hod na překvapení"),
    "encounter-distance": ("encounter-distance", "meeting", "Vzdálenost setkání"),
    "encounter": ("encounter", "meeting", "Celé náhlé setkání"),
    "range-zone": ("range-zones", "meeting", "Zóna dosahu"),
}

_SIDES = "Strany (čárkami; výchozí hráči, nepřátelé)"
_LIGHT = "Strany nesoucí světlo (čárkami)"
_PLAYERS = "Strana hráčů (výchozí první)"
_LOCATION = "Místo setkání"

#: Every field of these calculators is labelled per path: their names (``surprised``,
#: ``players``) mean something else in other procedures.
PATH_LABELS: dict[str, dict[str, str]] = {
    "initiative": {"sides": _SIDES, "players": _PLAYERS,
                   "surprised": "Překvapené strany (čárkami)"},
    "surprise": {"sides": _SIDES, "light": _LIGHT},
    "encounter-distance": {"location": _LOCATION,
                           "surprised": "Některá strana je překvapená"},
    "encounter": {"sides": _SIDES, "light": _LIGHT, "location": _LOCATION, "players": _PLAYERS,
                  "reaction_modifier": "Oprava hodu na reakci"},
    "range-zone": {"distance_m": "Vzdálenost k cíli (m)"},
}

VALUE_LABELS: dict[str, str] = {
    "indoors": "vnitřní prostory",
    "wilderness": "divočina, moře nebo vzduch",
}


def rules_data() -> dict[str, Any]:
    """The constants and Czech wording the calculators need, exported from the engine."""
    from rpg.core.dice import ReplayDice
    from rpg.core.errors import RuleError
    from rpg.pravidla import combat, encounters

    try:  # the engine's own refusal of an unknown place
        encounters.encounter_distance(ReplayDice([]), location="")
    except RuleError as error:
        location_error = error.message.cs
    default = inspect.signature(encounters.encounter_distance).parameters["location"].default
    return {"meeting": {
        "sides": list(combat.DEFAULT_SIDES),
        "sides_range": [combat.SIDES_MIN, combat.SIDES_MAX],
        "initiative_die": combat.INITIATIVE_DIE,
        "surprise": [encounters.SURPRISE_DIE, encounters.SURPRISED_AT_MOST],
        "location": default,
        "locations": list(encounters.LOCATIONS),
        "location_error": location_error,
        "distance": [encounters.DISTANCE_DICE, encounters.SURPRISED_WILD_DIE,
                     encounters.WILDERNESS_SCALE_M],
        "zones": [[zone.zone, zone.low, zone.high, zone.name.cs, zone.rounds_to_reach.cs,
                   zone.allowed_attacks.cs] for zone in combat.RANGE_ZONES],
    }}
