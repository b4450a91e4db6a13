"""Attacks [Útok obecně, Hody na útok, Ostatní bojové situace]."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.core import notation
from rpg.pravidla import attack

#: [Ostatní bojové situace] folded in the calculator until needed (a phone scrolls less).
SITUATIONS = {"x-group": "Situace (ostatní bojové situace)"}


def _situation(label: str, description: str) -> f.Bool:
    return f.flag(label=label, metadata={**SITUATIONS, "description": description})


class AttackInput(Schema):
    """Inputs of ``attack``."""

    bonus = f.modifier(label="Modifikátor útoku (všechny bonusy)", metadata={
        "description": "All to-hit modifiers together."})
    ac = f.bounded_int(attack.AC_MIN, attack.AC_MAX, required=True, label="OČ cíle", metadata={
        "description": "The target's OČ (obranné číslo)."})
    ranged = f.flag(label="Útok na dálku", metadata={"description": "A missile attack."})
    cover = f.bounded_int(attack.COVER_MIN, attack.COVER_MAX, load_default=0,
                          label="Krytí cíle (+1 až +4 k OČ, jen na dálku)", metadata={
        "description": "Partial cover, added to OČ against a ranged attack only (a melee attack "
                       "with cover is a 422)."})
    full_cover = f.flag(label="Cíl v kompletním krytí", metadata={
        "description": "The target is fully hidden: a ranged attack misses without a roll "
                       "(a melee attack with full cover is a 422)."})
    surrounded = f.flag(label="Cíl obklíčen (aspoň 3 nepřátelé, +1)", metadata={
        "description": "The target is in melee with at least 3 enemies: +1 to hit."})
    advantage = f.flag(label="Výhoda (jiný zdroj)", metadata={
        "description": "Roll two d20 and keep the higher (cancels with disadvantage)."})
    disadvantage = f.flag(label="Nevýhoda (jiný zdroj)", metadata={
        "description": "Roll two d20 and keep the lower (cancels with advantage)."})
    damage = fields.String(
        validate=validate.Length(1, notation.MAX_LENGTH), metadata={
            "description": "Damage as dice notation (see `roll`), e.g. 1d8+2. Required, except "
                           "for an `unarmed` attack, where it must be left out (422).",
            "example": "1d8+2", "x-label": "Poškození"})
    strength_damage = f.flag(label="Poškození se Sílou (únava ho snižuje)", metadata={
        "description": "The damage is modified by Síla: fatigue lowers it too."})
    improvised = f.flag(label="Improvizovaná zbraň", metadata={
        "description": "An improvised weapon: damage rolled twice, the lower total kept."})
    defense = f.choice(attack.DEFENSES, {
        "normal": "normální", "resistance": "odolnost", "immunity": "imunita",
        "weakness": "slabost"}, load_default="normal",
        label="Obrana cíle (odolnost ½, imunita 0, slabost 2×)", metadata={
            "description": "resistance halves the damage (rounded down), weakness doubles it, "
                           "immunity makes it 0."})
    fatigue = f.fatigue(label="Únava útočníka")
    # No default: with no `count` the answer (and its `input`) is that of one attack.
    count = f.bounded_int(attack.COUNT_MIN, attack.COUNT_MAX, label="Kolik útoků", metadata={
        "description": "That many independent attacks with the same inputs, dice consumed "
                       "attack after attack; `result` then has `each`, `summary` (`count`, "
                       "`successes`: the hits, `damage`: the total dealt) and "
                       "`successes_distribution`. Default 1."})
    # [Ostatní bojové situace]
    two_weapons = _situation(
        "Boj dvěma zbraněmi",
        "Boj dvěma zbraněmi: both melee and trained, +1 to hit and to damage (the +1 OČ is the "
        "defender's). With `ranged`, `untrained` or `unarmed` a 422 quoting the rule.")
    unarmed = _situation(
        "Neozbrojený útok",
        "Neozbrojený boj: damage 1 + `strength_modifier`, no damage dice (its maximum on a "
        "natural 20); strength damage, so fatigue lowers it. Melee only; `damage`, `improvised`, "
        "`untrained` or a non-blunt `weapon` with it are a 422.")
    strength_modifier = f.bounded_int(
        attack.MODIFIER_MIN, attack.MODIFIER_MAX, load_default=0,
        label="Modifikátor síly (jen neozbrojený útok)", metadata={**SITUATIONS,
            "description": "The attacker's strength modifier, for `unarmed` only (with a weapon "
                           "it belongs in `damage`: non-zero without `unarmed` is a 422)."})
    target_unarmed = _situation(
        "Cíl je neozbrojený",
        "The target is unarmed: a melee attack has advantage (no effect on a ranged one).")
    untrained = _situation(
        "Netrénovaná zbraň",
        "Netrénovaná zbraň: as improvised, damage rolled twice, the lower kept.")
    attacker_prone = _situation(
        "Útočník leží na zemi",
        "The attacker lies on the ground (or is standing up): disadvantage.")
    target_prone = _situation(
        "Cíl leží na zemi", "The target lies on the ground: a melee attack has advantage.")
    attacker_blind = _situation(
        "Útočník je slepý",
        "Slepota: melee with disadvantage; a ranged attack is a 422 quoting „Útoky na dálku "
        "nejsou možné.“")
    target_blind = _situation(
        "Cíl je slepý", "The target is blind: a melee attack has advantage.")
    unstable = _situation(
        "Nestabilní povrch",
        "Nestabilní povrch: a ranged attack has disadvantage (melee unchanged).")
    underwater = _situation(
        "Boj pod vodou",
        "Boj pod vodou: melee except piercing with disadvantage, blunt and slashing damage "
        "halved (rounded down, before the defense). Needs `weapon` (an unarmed blow is blunt); "
        "ranged is a 422 quoting the rule (leave out `underwater` for a special underwater "
        "weapon).")
    weapon = f.choice(attack.WEAPONS, {
        "piercing": "bodná", "blunt": "tupá", "slashing": "sečná"},
        label="Druh zbraně (pod vodou)", metadata={**SITUATIONS,
            "description": "The weapon's kind: piercing (bodná), blunt (tupá), slashing (sečná); "
                           "matters under water only."})
    helpless = _situation(
        "Bezmocný cíl (bez hodu na zásah)",
        "Coup de grâce: a helpless target is hit without a roll (chance 1), damage only; to-hit "
        "situations are listed in `not_applied`. With a ranged attack on full cover a 422.")
    subdual = _situation(
        "Přemožení (nesmrtící útok)",
        "Přemožení: non-lethal; a target brought to 0 HP or fewer falls unconscious or "
        "surrenders (said in the text).")


register(
    blp, "attack", input_schema=AttackInput,
    summary="Attack roll and damage (Útok obecně)",
    description="d20 + bonus (+1 surrounded, melee only) − fatigue against OČ (+ cover when "
                "ranged). Natural 1 misses; natural 20 is a critical hit dealing the damage "
                "maximum with no damage dice rolled; a hit whose rolled damage equals the "
                "expression's maximum (full damage) is a critical hit too. Damage: dice (twice, "
                "lower kept, when improvised) − fatigue when strength_damage, then resistance / "
                "weakness / immunity, at least 1 unless immune. The situations of [Ostatní "
                "bojové situace] are flags; a contradiction between them is a 422 quoting the "
                "rule. With `count`, a group of attacks. Chance: P(hit) of one attack.",
)
