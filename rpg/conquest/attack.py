"""Dobývání soustav, [Útok]: the damage of an attack, if the target is in range."""

from __future__ import annotations

from dataclasses import dataclass, field

from rpg.conquest.game import at_least, outcome, quote, reckoned, unit_alive, unit_name, unit_named
from rpg.core.catalog import messages, msg
from rpg.core.dice import DiceSource
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import Term

MESSAGES = messages({
    "conquest/attack.title": Text("Bitevní list: útok", "Battle sheet: attack"),
    "conquest/attack.out-of-range": Text(
        "{attacker} → {target} na {distance}: mimo dosah ({reach}), {quote}",
        "{attacker} → {target} at {distance}: out of range ({reach}), {quote}"),
    "conquest/attack.text": Text(
        "{attacker} → {target} na {distance} (dosah {reach}): poškození {damage}; životy cíle "
        "{hp}{end}.",
        "{attacker} → {target} at {distance} (range {reach}): damage {damage}; the target's hit "
        "points {hp}{end}."),
    "conquest/attack.counters": Text("už na cíli", "already on it"),
    "conquest/attack.destroyed": Text(", cíl je zničen a odstraní se z mapy",
                                      ", the target is destroyed and removed from the map"),
})


@dataclass(frozen=True, slots=True)
class AttackResult:
    """``result`` of ``conquest/attack``: out of range, nothing is dealt."""

    attacker: str = field(metadata=unit_name("The attacking unit, as the table spells it."))
    target: str = field(metadata=unit_name("The target unit, as the table spells it."))
    in_range: bool = field(metadata={"description": "range_min ≤ distance ≤ range_max."})
    range_min: int = field(metadata={"description": "The attacker's nearest hex."})
    range_max: int = field(metadata={"description": "The attacker's farthest hex."})
    damage: int = field(
        metadata={"description": "Damage dealt: attack − defence (at least 0); 0 out of range."})
    damage_if_in_range: int = field(
        metadata={"description": "attack − defence (at least 0), in range or not."})
    hp_left: int = field(
        metadata={"description": "The target's hit points after the attack (at least 0)."})
    destroyed: bool = field(
        metadata={"description": "No hit point left: the target is removed from the map."})


@procedure("conquest/attack", rolls=False, result=AttackResult, rule="conquest-attack",
           samples=({"attacker": "Destroyer", "target": "Frigate", "distance": 4},))
def attack(
    source: DiceSource, *, attacker: str, target: str, distance: int, target_damage: int = 0
) -> Outcome:
    """[Útok] damage = attack − the target's passive defence (never below 0), if in range."""
    hitter = unit_named(attacker, "attacker")
    victim = unit_named(target, "target")
    at_least(distance, 0, "distance", "range")
    unit_alive(victim, target_damage, "target_damage")
    in_range = hitter.range_min <= distance <= hitter.range_max
    potential = max(0, hitter.attack - victim.defense)
    dealt = potential if in_range else 0
    hp_before = victim.hp - target_damage
    hp_left = max(0, hp_before - dealt)
    names = {"attacker": hitter.name, "target": victim.name,
             "distance": msg("conquest.hexes", n=distance),
             "reach": msg("conquest.reach", low=hitter.range_min, high=hitter.range_max)}
    if not in_range:
        text = msg("conquest/attack.out-of-range", **names, quote=quote("range"))
    else:
        text = msg(
            "conquest/attack.text", **names,
            damage=reckoned(hitter.attack, [Term(-victim.defense)], potential),
            hp=reckoned(victim.hp, [Term(-target_damage, msg("conquest/attack.counters")),
                                    Term(-dealt)], hp_left),
            end=msg("conquest/attack.destroyed") if hp_left == 0 else "")
    result = AttackResult(hitter.name, victim.name, in_range, hitter.range_min,
                          hitter.range_max, dealt, potential, hp_left, hp_left == 0)
    return outcome("attack", result, text, "conquest-attack")
