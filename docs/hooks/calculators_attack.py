"""The calculator of the attack [Útok obecně, Hody na útok, Ostatní bojové situace].

Merged into ``calculators.py``: ``attack`` on the page of its rule, with every situation flag of
section 2b. Its constants, the rule sentences its refusals quote and the Czech names of the
advantage sources are exported from ``rpg/pravidla/attack.py`` under ``attack`` in the
calculators' rule data.
"""

from __future__ import annotations

from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance).
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "attack": ("attack", "attack", "Útok", "Šance na zásah"),
}

#: ``damage``, ``bonus``, ``untrained``, ``defense``... mean something else in other procedures.
PATH_LABELS: dict[str, dict[str, str]] = {"attack": {
    "bonus": "Oprava k zásahu (všechny bonusy)",
    "ac": "OČ cíle",
    "ranged": "Útok na dálku",
    "cover": "Krytí cíle (+1 až +4 k OČ, jen na dálku)",
    "full_cover": "Cíl v kompletním krytí",
    "surrounded": "Cíl obklíčen (aspoň 3 nepřátelé, +1)",
    "advantage": "Výhoda (jiný zdroj)",
    "disadvantage": "Nevýhoda (jiný zdroj)",
    "damage": "Poškození (např. 1d8+2)",
    "strength_damage": "Poškození se Sílou (únava ho snižuje)",
    "improvised": "Improvizovaná zbraň",
    "defense": "Obrana cíle",
    "fatigue": "Únava útočníka",
    "two_weapons": "Boj dvěma zbraněmi",
    "unarmed": "Neozbrojený útok",
    "strength_modifier": "Modifikátor síly (jen neozbrojený útok)",
    "target_unarmed": "Cíl je neozbrojený",
    "untrained": "Netrénovaná zbraň",
    "attacker_prone": "Útočník leží na zemi",
    "target_prone": "Cíl leží na zemi",
    "attacker_blind": "Útočník je slepý",
    "target_blind": "Cíl je slepý",
    "unstable": "Nestabilní povrch",
    "underwater": "Boj pod vodou",
    "weapon": "Druh zbraně (pod vodou)",
    "helpless": "Bezmocný cíl (bez hodu na zásah)",
    "subdual": "Přemožení (nesmrtící útok)",
}}

#: The situations of [Ostatní bojové situace], folded until needed (a phone scrolls less).
GROUPS: dict[str, tuple[str, str, str]] = {
    "attack": ("Situace (ostatní bojové situace)", "two_weapons", "subdual")}

VALUE_LABELS: dict[str, str] = {
    "normal": "normální", "resistance": "odolnost (½)", "immunity": "imunita (0)",
    "weakness": "slabost (2×)",
    "piercing": "bodná", "blunt": "tupá", "slashing": "sečná",
}


def rules_data() -> dict[str, Any]:
    """The constants and Czech wording the calculator needs, exported from the engine."""
    from rpg.pravidla import attack as a

    return {"attack": {
        "ac": [a.AC_MIN, a.AC_MAX], "cover": [a.COVER_MIN, a.COVER_MAX],
        "modifier": [a.MODIFIER_MIN, a.MODIFIER_MAX], "surrounded": a.SURROUNDED_BONUS,
        "two_weapons": a.TWO_WEAPONS_BONUS, "unarmed": a.UNARMED_DAMAGE,
        "unarmed_weapon": a.UNARMED_WEAPON, "minimum": a.MINIMUM_DAMAGE,
        "rolls": a.IMPROVISED_DAMAGE_ROLLS, "defenses": a.DEFENSES, "weapons": a.WEAPONS,
        "halved": a.UNDERWATER_HALVED,
        # "helpless" explains the rule in the API's docs; no refusal quotes it
        "quotes": {key: quote.cs for key, quote in a.QUOTES.items() if key != "helpless"},
        "edges": {key: name.cs for key, name in a.EDGE_NAMES.items()},
    }}
