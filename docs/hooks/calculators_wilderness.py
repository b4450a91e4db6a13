"""Calculators of the wilderness: camping, a day of travel, fast travel and its damage split.

Merged into ``calculators.py``: each lands after the anchor of the rule its answer cites ([Pokus
o utáboření], [Pohyb po světě], [Rychlé cestování]). Their rule constants and Czech names are
exported from ``rpg.pravidla.wilderness`` under ``wilderness`` in the calculators' rule data.
"""

from __future__ import annotations

from typing import Any

from rpg.pravidla import wilderness as w

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance or None).
CALCULATORS: dict[str, tuple[str, str, str, str | None]] = {
    "camping": ("camping", "wilderness", "Přenocování v divočině", "Šance, že se obstará vše"),
    "travel": ("travel", "wilderness", "Den cesty", "Šance na den bez setkání"),
}
# Both go in right after the anchor of [Rychlé cestování], so the one listed later comes first
# on the page: the journey, then the split of its damage.
CALCULATORS["fast-travel-split"] = (
    "fast-travel", "wilderness", "Rozdělení souhrnného poškození", None)
CALCULATORS["fast-travel"] = ("fast-travel", "wilderness", "Rychlé cestování", None)

_SUPPLIES = "Zásoby družiny"
_TRAVELERS = "Cestujících (hladových krků)"

#: Per procedure: these names mean something else elsewhere (``damage``, ``movement``...).
PATH_LABELS: dict[str, dict[str, str]] = {
    "camping": {
        "location": "Kde se nocuje",
        "bonuses": "Bonusy +1 přeživších (čárkami: food, water, shelter)",
        "covered": "Obstaráno kouzlem či jiným zdrojem (čárkami: food, water, shelter)",
        "supplies": _SUPPLIES,
        "travelers": _TRAVELERS,
        "pay": "Neúspěch platí",
    },
    "travel": {
        "movement": "Hybnost členů družiny (čárkami)",
        "terrain": "Terén",
        "road": "Po cestě",
        "landmark": "Podle orientačního bodu (řeka, hora)",
        "forced_march": "Dnem i nocí (× 1,5, únava +1)",
        "activity": "Další aktivita",
    },
    "fast-travel": {"days": "Dní cesty", "supplies": _SUPPLIES, "travelers": _TRAVELERS},
    "fast-travel-split": {
        "party": "Družina (JSON: seznam {\"name\", \"hp\"})",
        "damage": "Souhrnné poškození",
        "allocation": "Rozdělení (JSON: {\"jméno\": body})",
    },
}


def _activity(kind: str) -> str:
    whole = ", celý den" if kind in w.WHOLE_DAY_ACTIVITIES else ""
    return f"{w.ACTIVITY_NAMES[kind].cs} ({w.ACTIVITY_ON[kind]} z {w.DIE}{whole})"


#: ``wilderness`` (a location shared with the encounters) is labelled by their calculators.
#: Examples in the split's JSON fields.
PLACEHOLDERS: dict[str, str] = {
    "party": '[{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4}]',
    "allocation": '{"Bára": 3, "Ota": 2}',
}

VALUE_LABELS: dict[str, str] = {
    "dungeon": "kobka (vše neobstaráno)",
    "supplies-first": "zásobami, pak únavou",
    "fatigue": "únavou",
    "none": "žádná",
    **{kind: _activity(kind) for kind in w.ACTIVITY_ON},
}


def rules_data() -> dict[str, Any]:
    """The constants and Czech names the calculators need, exported from the engine."""
    return {"wilderness": {
        "die": w.DIE,
        "needs": {need: w.NEED_NAMES[need].cs for need in w.NEEDS},
        "camp": [w.CAMP_TARGET, w.TRAVELERS_MIN, w.TRAVELERS_MAX, w.SUPPLIES_MAX,
                 w.BONUSES_MAX],
        "locations": w.LOCATIONS, "payments": w.PAYMENTS, "terrains": w.TERRAINS,
        "travel": [w.KM_PER_MOVEMENT, w.MOVEMENT_MIN, w.MOVEMENT_MAX, w.MEMBERS_MAX,
                   float(w.DIFFICULT_FACTOR), float(w.FORCED_MARCH_FACTOR),
                   w.FORCED_MARCH_FATIGUE, w.VISIBILITY_KM, w.ENCOUNTER_ON],
        "lost_on": w.LOST_ON,
        # kind → [chance x in 6, Czech name, Czech success, whole day]
        "activities": {kind: [on, w.ACTIVITY_NAMES[kind].cs, w.ACTIVITY_SUCCESS[kind].cs,
                              kind in w.WHOLE_DAY_ACTIVITIES]
                       for kind, on in w.ACTIVITY_ON.items()},
        "fast": [w.DAYS_MIN, w.DAYS_MAX, w.LONG_JOURNEY_DAYS, w.LONG_JOURNEY_ENCOUNTER_DIE],
        "split": [w.PARTY_MIN, w.PARTY_MAX, w.NAME_MAX, w.HP_MIN, w.HP_MAX, w.DAMAGE_MAX,
                  w.ALTERNATIVE_HP, w.SPLIT_RULE.cs],
    }}
