"""Calculators of fatigue, the heroic death save and healing (section 2 of the contract).

Merged into ``calculators.py``: each lands on the page of the rule its answer cites ([Únava],
[Mírnější systém smrti], [Přirozené léčení]). The rule constants come from
``rpg.pravidla.health`` under ``health`` in the calculators' rule data.
"""

from __future__ import annotations

from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance).
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "fatigue": ("fatigue", "health", "Únava", "Šance přežít záchranný hod proti smrti"),
    "death-save": ("death-save", "health", "Mírnější systém smrti", "Šance, že přežije"),
    "healing": ("natural-healing", "health", "Léčení"),
}

LABELS: dict[str, str] = {
    "reasons": "Nové důvody únavy (čárkami; tlačítka níže je doplní)",
    "in_civilization": "Odpočívá v civilizaci",
    "hours_since_death": "Hodin od smrti do nalezení těla",
    "body_destroyed": "Tělo je zničené",
    "poisoned": "Zemřela na jed",
    "died_before": "Už jednou zemřela",
    "healed_to_max_since": "Od té doby vyléčena na maximum životů",
    "give_up_skill_points": "„Ale já chci žít“ (za 5 dovednostních bodů)",
}

#: Fields whose names mean something else in other procedures.
PATH_LABELS: dict[str, dict[str, str]] = {
    "fatigue": {
        "level": "Únava dosud",
        "save_target": "Záchranný hod proti smrti (číslo z deníku; prázdné = neházet)",
        "modifier": "Oprava záchranného hodu",
    },
    "death-save": {"healed": "Vyléčeno životů při nalezení"},
    "healing": {
        "hp": "Životy teď",
        "max_hp": "Maximum životů",
        "nights": "Nocí odpočinku",
        "safe": "Noci v bezpečí (ne v divočině ani v kobce)",
        "magic": "Magické léčení (životy z lektvarů a kouzel)",
    },
}

#: Czech names of the reasons for fatigue (the rule's list, [Cestování], [Odpočinek]).
REASON_NAMES: dict[str, str] = {
    "no-sleep": "bez spánku", "no-food-or-water": "bez jídla či vody", "illness": "nemoc",
    "serious-injury": "vážné zranění", "survived-death": "přežití smrti",
    "ritual": "magický rituál", "forced-march": "cesta dnem i nocí",
    "no-rest-24h": "24 h bez odpočinku",
}


def _reason_buttons() -> dict[str, dict[str, dict[str, str]]]:
    from rpg.pravidla import health as h

    assert set(REASON_NAMES) == set(h.FATIGUE_REASONS), "a reason for fatigue has no Czech name"
    return {"fatigue": {"reasons": {reason: REASON_NAMES[reason]
                                    for reason in h.FATIGUE_REASONS}}}


#: A button per reason beside the reasons field: a tap adds it.
APPEND_BUTTONS = _reason_buttons()


def rules_data() -> dict[str, Any]:
    """The constants the calculators need, exported from the engine."""
    from rpg.pravidla import health as h

    return {"health": {
        "fatigue": [h.FATIGUE_DEATH_LEVEL, h.RECOVERY_PER_DAY],
        "reasons": list(h.FATIGUE_REASONS),
        "death": [h.SURVIVAL_HOURS, h.SURVIVES_ON, h.SURVIVOR_HP, h.UNCONSCIOUS_DIE,
                  h.SKILL_POINTS_LOST, h.SURVIVED_DEATH_FATIGUE],
        "hp_per_night": h.HP_PER_NIGHT,
    }}
