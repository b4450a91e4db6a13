"""Attacks [Útok obecně, Hody na útok, Ostatní bojové situace]."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import attack, combat, situations

# Folded in the calculator until needed (a phone scrolls less).
SITUATIONS = {"x-group": "Situace (ostatní bojové situace)"}
ZONES = {"x-group": "Dosah (zóny dosahu, hod podle Síly)"}
INVULNERABLE = {"x-group": "Nezranitelná monstra (volitelné pravidlo)"}


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
    target_much_larger = f.flag(label="Cíl je výrazně větší (obklíčení na něj neplatí)",
                                metadata={
        "description": "Obklíčení neplatí na výrazně větší jedince: with `surrounded`, no +1; "
                       "`surrounded` is listed in `not_applied`."})
    advantage = f.flag(label="Výhoda (jiný zdroj)", metadata={
        "description": "Roll two d20 and keep the higher (cancels with disadvantage)."})
    disadvantage = f.flag(label="Nevýhoda (jiný zdroj)", metadata={
        "description": "Roll two d20 and keep the lower (cancels with advantage)."})
    damage = f.dice_expression(label="Poškození", metadata={
        "description": "Damage as dice notation (see `roll`), e.g. 1d8+2. Required, except for "
                       "an `unarmed` attack, where it must be left out (422).",
        "example": "1d8+2"})
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
    # [Zóny dosahu]
    weapon_class = f.choice(attack.WEAPON_CLASSES, {
        "melee": "na blízko", "thrown": "hozená", "small-missile": "malá střelná",
        "medium-missile": "střední střelná", "large-missile": "velká střelná"},
        label="Druh zbraně podle dosahu", metadata={**ZONES,
            "description": "melee, thrown ([Hození zbraně]: adds `strength_modifier` to the "
                           "damage, which fatigue then lowers), small-, medium- or "
                           "large-missile. A thrown or missile class makes the attack ranged "
                           "(`melee` with `ranged` is a 422). Not `weapon` (the kind that counts "
                           "under water)."})
    zone = f.choice(combat.ZONES, f.words("attack.zone", combat.ZONES), label="Zóna cíle",
                    metadata={**ZONES,
            "description": "The target's range zone: blizko any attack; poblize thrown and "
                           "missile weapons; daleko missile weapons, small ones with "
                           "disadvantage; velmi-daleko medium and large missile weapons, medium "
                           "with disadvantage; extremne-daleko large missile weapons with "
                           "disadvantage (the GM's allowance assumed). An attack the zone does "
                           "not allow is a 422 quoting the rule; beyond poblize a ranged attack "
                           "needs `weapon_class`. Not with `distance_m`."})
    distance_m = f.bounded_number(0, combat.MAX_DISTANCE_M, label="nebo vzdálenost cíle (m)",
                                  metadata={**ZONES,
        "description": "The distance to the target in metres, from which the zone is computed "
                       "(as `range-zone`: a started metre counts as whole). Not with `zone`."})
    strength = f.bounded_int(situations.SCORE_MIN, situations.SCORE_MAX,
                             label="Síla házejícího (hodnota, ne modifikátor)", metadata={**ZONES,
        "description": "Neefektivní vzdálenost u hozených zbraní: the thrower's Síla score, for "
                       "a `thrown` `weapon_class` with `distance_m`. Up to Síla metres the "
                       "throw is as any attack, up to twice Síla with disadvantage (cancels with "
                       "advantage), farther a 422 quoting the rule; the zones then do not judge "
                       "the throw (the same ranges as `thrown-range`). Without it a throw is "
                       "judged by the zones: it reaches a target poblize (up to 25 m)."})
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
        label="Modifikátor síly (neozbrojený útok, hozená zbraň)", metadata={**SITUATIONS,
            "description": "The attacker's strength modifier, for `unarmed` and a `thrown` "
                           "`weapon_class` only (with another weapon it belongs in `damage`: "
                           "non-zero is then a 422)."})
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
    auto_critical = _situation(
        "Automatický kritický zásah (PJ ho bezmocnému cíli povolil)",
        "Coup de grâce: the GM allows an automatic critical hit on a helpless target: the "
        "damage expression's maximum, no damage dice. Without `helpless` a 422 quoting the rule.")
    instant_kill = _situation(
        "Okamžité zabití (PJ ho bezmocnému cíli povolil)",
        "Coup de grâce: the GM allows an instant kill of a helpless target: it dies (`killed`), "
        "no damage is rolled. Without `helpless` a 422 quoting the rule; not with "
        "`auto_critical`, `subdual` or `maneuver`.")
    maneuver = f.choice(attack.MANEUVERS, f.words("attack.maneuver", attack.MANEUVERS),
                        label="Bojový manévr místo poškození", metadata={**SITUATIONS,
        "description": "Bojové manévry: instead of damage, push, knock-down, grapple, disarm or "
                       "other. The hit is rolled as usual; no damage is rolled or dealt (`damage` "
                       "may be left out) and the text names the manoeuvre's effect on a hit. "
                       "What changes only the damage is listed in `not_applied`."})
    subdual = _situation(
        "Přemožení (nesmrtící útok)",
        "Přemožení: non-lethal; a target brought to 0 HP or fewer falls unconscious or "
        "surrenders (said in the text).")
    # [Nezranitelná monstra] (optional)
    invulnerable_monsters = f.flag(label="Hrát s nezranitelnými monstry", metadata={
        **INVULNERABLE,
        "description": "The optional rule: a target of level 5 or more takes no damage from a "
                       "non-magical weapon unless the attacker is a monster of level 5 or more "
                       "(the damage is rolled on a hit and comes to 0). Needs `target_level`; "
                       "its other inputs without it are a 422."})
    target_level = f.bounded_int(attack.LEVEL_MIN, attack.LEVEL_MAX, label="Úroveň cíle",
                                 metadata={**INVULNERABLE, "description": "The target's level."})
    magic_weapon = f.flag(label="Magická zbraň", metadata={
        **INVULNERABLE, "description": "The weapon is magical."})
    attacker_monster_level = f.bounded_int(
        attack.LEVEL_MIN, attack.LEVEL_MAX, label="Úroveň útočícího monstra (útočí-li monstrum)",
        metadata={**INVULNERABLE,
                  "description": "The attacker is a monster of this level; left out, the "
                                 "attacker is no monster."})


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


class DefenseInput(Schema):
    """Inputs of ``defense``."""

    base = f.bounded_int(attack.AC_MIN, attack.AC_MAX, required=True,
                         label="OČ bez zbroje a štítu (ze stat-bloku)", metadata={
                             "description": "The stat block's OČ without armour and shield."})
    armor = f.bounded_int(attack.ARMOR_MIN, attack.ARMOR_MAX, load_default=0,
                          label="Bonus zbroje k OČ", metadata={
                              "description": "The armour's OČ bonus."})
    armor_trained = f.flag(load_default=True, label="Se zbrojí trénovaný", metadata={
        "description": "Netrénovaná brnění: untrained, half the bonus (rounded down)."})
    shield = f.bounded_int(attack.ARMOR_MIN, attack.ARMOR_MAX, load_default=0,
                           label="Bonus štítu k OČ", metadata={
                               "description": "The shield's OČ bonus."})
    shield_trained = f.flag(load_default=True, label="Se štítem trénovaný", metadata={
        "description": "Netrénované štíty: untrained, half the bonus (rounded down) and no "
                       "reflexive block."})
    two_weapons = f.flag(label="Boj dvěma zbraněmi (+1)", metadata={
        "description": "Boj dvěma zbraněmi: both melee and trained, +1 OČ."})
    fatigue = f.fatigue(metadata={"description": "Fatigue (Únava), subtracted from OČ."})
    cover = f.bounded_int(attack.COVER_MIN, attack.COVER_MAX, load_default=0,
                          label="Krytí (+1 až +4, jen proti útokům na dálku)", metadata={
                              "description": "Partial cover: added to OČ against ranged "
                                             "attacks only (ac_ranged)."})


register(
    blp, "defense", input_schema=DefenseInput,
    summary="Defense number (Obranné číslo)",
    description="OČ = base + armour + shield (each half, rounded down, when untrained) + 1 with "
                "two weapons − fatigue, never below 0; against ranged attacks + cover. A "
                "trained shield can block reflexively (next: shield-block). No dice; chance: "
                "null.",
)


class PersistentDamageInput(Schema):
    """Inputs of ``persistent-damage``."""

    damage = f.dice_expression(required=True, label="Poškození za kolo", metadata={
        "description": "Damage each round as dice notation (see `roll`), e.g. 1d8.",
        "example": "1d8"})
    rounds = f.bounded_int(attack.ROUNDS_MIN, attack.ROUNDS_MAX, required=True,
                           label="Počet kol", metadata={
                               "description": "How many rounds the effect lasts."})


register(
    blp, "persistent-damage", input_schema=PersistentDamageInput,
    summary="Persistent damage (Perzistentní poškození)",
    description="The damage rolled anew at the end of the group's turn, each round for "
                "`rounds` rounds; a round's negative total deals 0. result.per_round and "
                "result.total; chance: null.",
)
