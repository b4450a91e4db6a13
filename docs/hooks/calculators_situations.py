"""Calculators of the further mechanics of "Pravidla a procedury" (section 2b of the contract).

Merged into ``calculators.py``: movement, thrown range, holding breath, the shield block, the 50
% mishaps and the dungeon turn, each on the page of the rule its answer cites. Their rule
constants and texts are exported from the engine under ``situations`` in the calculators' rule
data.
"""

from __future__ import annotations

from typing import Any

#: API path → (rule key, JS module, Czech title, Czech meaning of the chance).
CALCULATORS: dict[str, tuple[str | None, ...]] = {
    "movement": ("movement", "situations", "Pohyb v kole"),
    "thrown-range": ("thrown-weapon", "situations", "Dostřel hozené zbraně"),
    "hold-breath": ("hold-breath", "situations", "Zadržení dechu"),
    "shield-block": ("shield-block", "situations", "Reflexivní blok štítem"),
    "mishap": ("melee-engaged", "situations", "Nehoda (50 %)", "Šance, že nastane"),
    "dungeon-turn": ("wandering-monsters", "situations", "Směna v kobce",
                     "Šance na setkání"),
}

LABELS: dict[str, str] = {
    "movement": "Hybnost (m za kolo)",
    "mode": "Způsob pohybu",
    "strength": "Síla (hodnota, ne oprava)",
    "endurance": "Výdrž (hodnota)",
    "rounds_held": "Už uplynulých kol",
    "speaks_or_casts": "Mluví nebo sesílá kouzlo",
    "shield_ac": "OČ štítu",
    "dice_blocked": "Kolik kostek poškození zablokovat",
    "trained": "Trénovaný se štítem",
    "surprised": "Překvapený",
    "used_this_round": "Už v tomto kole blokoval",
    "damage_dice": "Kostek poškození útoku (nepovinné)",
    "kind": "Situace",
    "turn": "Směna (pořadí od vstupu)",
    "noise": "Družina hlučela",
    "hours_since_rest": "Hodin od odpočinku",
    "hours_exploring_since_rest": "Z toho hodin průzkumu",
    "roll": "Hodit na putující monstra, je-li hod na řadě",
}

VALUE_LABELS: dict[str, str] = {
    "walk": "chůze", "climb": "šplhání (½)", "swim": "plavání (½)",
    "difficult": "obtížný terén (½)", "sprint": "sprint (2×, bez akce)",
    "stand-up": "vstávání ze země", "blind": "naslepo",
    "ranged-engaged": "útok na dálku ve vázání",
    "item-engaged": "předmět ve vázání",
    "spell-engaged": "kouzlo ve vázání",
    "held-spell-hit": "zásah při držení kouzla",
    "spell-unstable": "kouzlo na nestabilním povrchu",
}


def rules_data() -> dict[str, Any]:
    """The constants and Czech wording the calculators need, exported from the engine."""
    from rpg.core.dice import ReplayDice
    from rpg.pravidla import dungeon, situations

    # Nothing is rolled for a range: the engine's own answer carries its zone and note.
    thrown = situations.thrown_range(ReplayDice([]), strength=1).result
    return {"situations": {
        "movement": {mode: [float(rule.share), rule.action_free, rule.note.cs,
                            situations.MOVEMENT_NAMES[mode].cs]
                     for mode, rule in situations.MOVEMENT_RULES.items()},
        "thrown": [thrown.zone, thrown.damage_note.cs],
        "blind_m": situations.BLIND_DIRECTED_M,
        "shield": [situations.RULE_SHIELD_UNTRAINED.cs, situations.RULE_INSTANT_SURPRISED.cs,
                   situations.RULE_INSTANT_ONCE.cs, situations.RULE_SHIELD_DICE.cs],
        "mishap": {kind: [entry.situation.cs, entry.consequence.cs]
                   for kind, entry in situations.MISHAPS.items()},
        "mishap_percent": situations.MISHAP_CHANCE_PERCENT,
        "dungeon": [dungeon.CHECK_EVERY_TURNS, dungeon.WANDERING_X, dungeon.WANDERING_Y,
                    dungeon.REST_EVERY_HOURS, dungeon.REST_MIN_HOURS, dungeon.REST_MAX_HOURS,
                    dungeon.FATIGUE_WITHOUT_REST_HOURS],
    }}
