"""Golden vectors of the attack [Útok obecně, Hody na útok, Ostatní bojové situace]: to hit,
damage and every situation flag of section 2b, each refusal included. Merged by ``vectors.py``.

Small damage dice (1d2, 1d4) keep most inputs' dice sequences few enough to be listed whole, so
every natural 1 and 20, every full-damage die and every cancelled edge is met under node.
"""

from __future__ import annotations

from typing import Any

from rpg.pravidla import attack

_MELEE = {"ac": 12, "damage": "1d2"}
_RANGED = {**_MELEE, "ranged": True}
#: Two d20 and a constant damage: every sequence of an edge's roll listed, no more.
_EDGE = {"ac": 12, "damage": "2"}

#: Inputs covering every branch of the engine, errors included (see test_attack_browser.py).
GRIDS: dict[str, list[dict[str, Any]]] = {"attack": [
    # [Útok obecně] hit, miss, natural 1 and 20, full damage on the dice
    {"ac": 12, "bonus": 2, "damage": "1d4+1"},
    {"ac": 40, "bonus": -20, "damage": "2d6+3"},
    {"ac": 0, "bonus": 20, "damage": "1d4"},
    {"ac": 10, "damage": "1d6-1d4"},
    {"ac": 10, "damage": "4d6kh3"},
    {"ac": 10, "damage": "-1d3+2"},
    # damage without dice is written once (also on a natural 20)
    *({"ac": 10, "damage": constant} for constant in ("3", "3+2", "0", "-2")),
    # [Hody na útok] cover and full cover against missiles, surrounded, fatigue
    {"ac": 10, "ranged": True, "cover": 3, "bonus": 1, "damage": "1d4"},
    {"ac": 10, "ranged": True, "cover": 0, "damage": "1d2"},
    {"ac": 10, "ranged": True, "full_cover": True, "advantage": True, "damage": "1d8"},
    {"ac": 12, "surrounded": True, "fatigue": 2, "damage": "1d4"},
    {"ac": 12, "surrounded": True, "fatigue": 2, "strength_damage": True, "damage": "1d4"},
    {"ac": 5, "fatigue": 9, "strength_damage": True, "damage": "1d4+2"},
    {**_MELEE, "advantage": True},
    {**_EDGE, "disadvantage": True, "bonus": 3},
    {**_MELEE, "advantage": True, "disadvantage": True},
    # improvised (twice, the lower kept), resistance / weakness / immunity, at least 1
    {"ac": 10, "damage": "1d3", "improvised": True},
    {"ac": 10, "damage": "2d2kh1-1", "improvised": True},
    *({"ac": 8, "damage": "1d4-2", "defense": defense} for defense in attack.DEFENSES),
    {"ac": 8, "damage": "1d4-3"},
    {"ac": 1, "bonus": 20, "damage": "100d2+100d2", "improvised": True},
    # [Ostatní bojové situace]
    {**_MELEE, "two_weapons": True, "defense": "resistance"},
    {"ac": 10, "unarmed": True, "strength_modifier": 2, "fatigue": 1},
    {"ac": 10, "unarmed": True, "strength_modifier": -3},
    {"ac": 10, "unarmed": True, "weapon": "blunt"},
    {"ac": 10, "unarmed": True, "underwater": True, "strength_modifier": 5},
    {**_MELEE, "untrained": True},
    # each edge alone where it applies (the melee advantages also together below), and where
    # it does not (listed in not_applied)
    *({**_EDGE, flag: True} for flag in ("attacker_prone", "target_prone", "attacker_blind")),
    {**_EDGE, "ranged": True, "unstable": True},
    *({**_EDGE, "ranged": True, flag: True} for flag in (
        "target_unarmed", "attacker_prone", "target_prone", "target_blind")),
    {**_EDGE, "unstable": True},
    *({**_EDGE, "underwater": True, "weapon": weapon} for weapon in ("piercing", "blunt")),
    {**_MELEE, "underwater": True, "weapon": "slashing", "defense": "weakness"},
    {**_MELEE, "target_prone": True, "attacker_prone": True},
    {**_EDGE, "target_prone": True, "target_blind": True, "target_unarmed": True,
     "attacker_blind": True, "disadvantage": True},
    {**_EDGE, "ranged": True, "target_prone": True, "unstable": True, "advantage": True},
    {"ac": 40, "damage": "1d6", "helpless": True},
    {"ac": 10, "damage": "1d4", "helpless": True, "two_weapons": True, "surrounded": True,
     "target_prone": True, "attacker_prone": True, "advantage": True, "subdual": True},
    {"ac": 10, "damage": "1d4", "ranged": True, "cover": 2, "helpless": True, "unstable": True},
    {**_MELEE, "subdual": True, "fatigue": 1},
    {"ac": 10, "helpless": True, "unarmed": True, "strength_modifier": 1},
    # refused: the bounds
    {**_MELEE, "ac": -1}, {**_MELEE, "ac": 41},
    {**_RANGED, "cover": 5}, {**_RANGED, "cover": -1}, {**_MELEE, "fatigue": -1},
    {**_MELEE, "defense": "fire"}, {**_MELEE, "weapon": "laser"},
    {"ac": 10, "unarmed": True, "strength_modifier": 21},
    # refused: the damage expression
    *({"ac": 10, "damage": damage} for damage in (
        "1d8+", "d", "", "2x6", "100d6+100d6+1d6", "1d6" + "+1" * 10, "1" * 101)),
    {"ac": 10},
    # refused: [Hody na útok] cover against melee
    {**_MELEE, "cover": 2}, {**_MELEE, "full_cover": True},
    # refused: each contradiction quoting its rule
    {**_RANGED, "attacker_blind": True},
    {**_RANGED, "underwater": True, "weapon": "piercing"},
    {**_RANGED, "two_weapons": True},
    {**_MELEE, "two_weapons": True, "untrained": True},
    {"ac": 10, "two_weapons": True, "unarmed": True},
    {"ac": 10, "unarmed": True, "ranged": True},
    {**_MELEE, "unarmed": True},
    {"ac": 10, "unarmed": True, "improvised": True},
    {"ac": 10, "unarmed": True, "untrained": True},
    {"ac": 10, "unarmed": True, "weapon": "slashing"},
    {**_MELEE, "strength_modifier": 2},
    {**_MELEE, "underwater": True},
    {**_RANGED, "full_cover": True, "helpless": True},
]}

#: A random roll in the browser, and what its result must satisfy.
RANDOM_INPUTS: dict[str, Any] = {"ac": 12, "bonus": 3, "damage": "1d8+2", "target_prone": True,
                                 "defense": "resistance"}


def random_result_is_valid(r: dict[str, Any]) -> bool:
    """A melee attack with advantage from a prone target against OČ 12, resistant to 1d8+2."""
    natural = r["natural"]
    hit = natural == 20 or (natural != 1 and natural + 3 >= 12)
    return (r["dice_mode"] == "advantage" and r["total"] == natural + 3 and r["hit"] == hit
            and r["edges"] == [{"source": "target_prone", "effect": "advantage"}]
            and (r["damage"] == max(1, r["base_damage"] // 2) and 3 <= r["base_damage"] <= 10
                 if hit else (r["damage"], r["base_damage"]) == (0, None))
            and r["critical"] == (hit and (natural == 20 or r["base_damage"] == 10)))
