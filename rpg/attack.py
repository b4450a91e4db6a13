"""The attack of "Pravidla a procedury" [Útok obecně, Hody na útok, Ostatní bojové situace].

To hit: a d20 test (:mod:`rpg.d20`) with every to-hit modifier collected as a named
:class:`Modifier` and every advantage or disadvantage collected as a named :class:`Edge`, so the
further combat situations (prone, blind, unarmed target...) only add entries to those lists.
Damage: a dice expression (:mod:`rpg.notation`), its maximum on a critical hit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rpg.citations import RULES
from rpg.d20 import checked_fatigue, d20_test, dice_mode, success_chance, written_d20
from rpg.dice import DiceSource, Roll
from rpg.errors import RollSyntaxError, RuleError, TooManyRolls, check_int
from rpg.notation import DiceTerm, Expression, RolledExpression, parse
from rpg.outcome import Outcome
from rpg.text import Text, both

#: Target's OČ (obranné číslo).
AC_MIN, AC_MAX = 0, 40
#: [Cíl v úkrytu] partial cover adds +1 to +4 to OČ against missiles only.
COVER_MIN, COVER_MAX = 0, 4
#: [Obklíčení] a creature in melee with at least 3 enemies: each of them has +1 to hit.
SURROUNDED_BONUS = 1
#: [Typy poškození] and [Nezranitelnost].
DEFENSES = ("normal", "resistance", "immunity", "weakness")
Defense = Literal["normal", "resistance", "immunity", "weakness"]
#: "Úspěšný zásah vždy udělí aspoň 1 poškození (pokud cíl není imunní)."
MINIMUM_DAMAGE = 1
#: [Improvizované zbraně] damage rolled with disadvantage: twice, the lower total kept.
IMPROVISED_DAMAGE_ROLLS = 2

EdgeEffect = Literal["advantage", "disadvantage"]
DiceMode = Literal["advantage", "disadvantage", "normal"]
MODE_NAMES: dict[int, DiceMode] = {1: "advantage", -1: "disadvantage", 0: "normal"}


@dataclass(frozen=True, slots=True)
class Edge:
    """One source of advantage or disadvantage on the to-hit roll (``"advantage"`` is the GM's)."""

    source: str
    effect: EdgeEffect


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named to-hit modifier (``bonus``, ``surrounded``, ``fatigue``)."""

    source: str
    value: int


@dataclass(frozen=True, slots=True)
class AttackResult:
    """``result`` of ``attack``.

    ``natural`` and ``total`` are null when nothing was rolled (a missile against full cover);
    ``target`` is the OČ hit against (with cover); ``base_damage`` is the damage before fatigue
    and the target's defense (null on a miss).
    """

    natural: int | None
    total: int | None
    hit: bool
    critical: bool
    damage: int
    target: int
    dice_mode: DiceMode
    edges: tuple[Edge, ...]
    modifiers: tuple[Modifier, ...]
    base_damage: int | None


def net_dice_mode(edges: Iterable[Edge]) -> int:
    """Advantage and disadvantage from all sources cancel: any of one against any of the other."""
    effects = {edge.effect for edge in edges}
    return dice_mode("advantage" in effects, "disadvantage" in effects)


def damage_expression(damage: str) -> Expression:
    """The parsed damage expression; a mistake in it is a :class:`RuleError` naming ``damage``."""
    try:
        return parse(damage)
    except RollSyntaxError as error:
        raise RollSyntaxError(error.message, error.position, field="damage") from error
    except TooManyRolls as error:
        raise TooManyRolls(error.message, field="damage") from error


def attack_chance(modifier: int, target: int, mode: int, full_cover: bool) -> Fraction:
    """Exact P(hit): a d20 test (naturals included), or 0 against full cover."""
    return Fraction(0) if full_cover else success_chance(modifier, target, mode)


def _validate(*, ac: int, ranged: bool, cover: int, full_cover: bool, defense: str,
              fatigue: int) -> None:
    check_int(ac, AC_MIN, AC_MAX, "ac")
    check_int(cover, COVER_MIN, COVER_MAX, "cover")
    checked_fatigue(fatigue)
    if defense not in DEFENSES:
        raise RuleError(both(
            "Neznámá obrana '{defense}': zvol jednu z {known}.",
            "Unknown defense '{defense}': choose one of {known}.",
            defense=defense, known=", ".join(DEFENSES)), field="defense")
    if not ranged and full_cover:
        raise RuleError(both(
            "Kompletní krytí chrání jen před střelnými zbraněmi: u útoku na blízko vynech "
            "'full_cover', nebo zapni 'ranged'.",
            "Full cover only protects against missiles: leave out 'full_cover' for a melee "
            "attack, or turn on 'ranged'."), field="full_cover")
    if not ranged and cover:
        raise RuleError(both(
            "Krytí přidává k OČ jen proti střelným zbraním: u útoku na blízko zadej 'cover' 0, "
            "nebo zapni 'ranged'.",
            "Cover adds to AC against missiles only: give 'cover' 0 for a melee attack, or turn "
            "on 'ranged'."), field="cover")


def _edges(*, advantage: bool, disadvantage: bool) -> tuple[Edge, ...]:
    edges = []
    if advantage:
        edges.append(Edge("advantage", "advantage"))
    if disadvantage:
        edges.append(Edge("disadvantage", "disadvantage"))
    return tuple(edges)


def _modifiers(*, bonus: int, surrounded: bool, fatigue: int) -> tuple[Modifier, ...]:
    modifiers = [Modifier("bonus", bonus)]
    if surrounded:
        modifiers.append(Modifier("surrounded", SURROUNDED_BONUS))
    if fatigue:
        modifiers.append(Modifier("fatigue", -fatigue))
    return tuple(modifiers)


def _as_roll(label: str, expression: Expression, rolled: RolledExpression) -> Roll:
    dice = tuple(die for term in rolled.terms for die in term.dice)
    return Roll(label, expression.notation, dice, rolled.total)


def _all_maximum(expression: Expression, rolled: RolledExpression) -> bool:
    """At least one damage die kept, and every kept die shows its maximum ("plné poškození")."""
    kept = [
        (die, term.faces)
        for term, rolled_term in zip(expression.terms, rolled.terms, strict=True)
        if isinstance(term, DiceTerm)
        for die in rolled_term.kept
    ]
    return bool(kept) and all(die == faces for die, faces in kept)


def _num(value: int) -> str:
    """An integer with a typographic minus, as the texts write numbers."""
    return f"−{-value}" if value < 0 else str(value)


def _written_damage(expression: Expression, rolled: RolledExpression) -> str:
    """``1d8+2 = 5 + 2 = 7``; ``1d8 = 5``; dropped dice (``khK``) are left out."""
    parts: list[int] = []
    for term, rolled_term in zip(expression.terms, rolled.terms, strict=True):
        if isinstance(term, DiceTerm):
            parts.extend(term.sign * die for die in rolled_term.kept)
        else:
            parts.append(rolled_term.value)
    if len(parts) == 1 and expression.dice_count:
        return f"{expression.notation} = {_num(rolled.total)}"
    shown = ("−" if parts[0] < 0 else "") + str(abs(parts[0])) + "".join(
        f" {'−' if part < 0 else '+'} {abs(part)}" for part in parts[1:])
    return f"{expression.notation} = {shown} = {_num(rolled.total)}"


def _final_damage(
    base: int, *, strength_damage: bool, fatigue: int, defense: str
) -> tuple[int, Text]:
    """Fatigue (on strength damage), then resistance / weakness / immunity, then at least 1."""
    damage = base
    steps_cs: list[str] = []
    steps_en: list[str] = []
    if strength_damage and fatigue:
        damage -= fatigue
        steps_cs.append(f"únava −{fatigue} = {_num(damage)}")
        steps_en.append(f"fatigue −{fatigue} = {_num(damage)}")
    if defense == "resistance":
        damage //= 2
        steps_cs.append(f"odolnost: polovina = {_num(damage)}")
        steps_en.append(f"resistance: half = {_num(damage)}")
    elif defense == "weakness":
        damage *= 2
        steps_cs.append(f"slabost: dvojnásobek = {_num(damage)}")
        steps_en.append(f"weakness: double = {_num(damage)}")
    elif defense == "immunity":
        damage = 0
        steps_cs.append("imunita: 0")
        steps_en.append("immunity: 0")
    if defense != "immunity" and damage < MINIMUM_DAMAGE:
        damage = MINIMUM_DAMAGE
        steps_cs.append(f"zásah vždy aspoň {MINIMUM_DAMAGE}")
        steps_en.append(f"a hit always deals at least {MINIMUM_DAMAGE}")
    return damage, Text("".join(f", {s}" for s in steps_cs), "".join(f", {s}" for s in steps_en))


def attack(
    source: DiceSource,
    *,
    ac: int,
    damage: str,
    bonus: int = 0,
    ranged: bool = False,
    cover: int = 0,
    full_cover: bool = False,
    surrounded: bool = False,
    advantage: bool = False,
    disadvantage: bool = False,
    strength_damage: bool = False,
    improvised: bool = False,
    defense: Defense = "normal",
    fatigue: int = 0,
) -> Outcome:
    """[Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage.

    A natural 1 misses; a natural 20 is a critical hit dealing the damage expression's maximum
    with no damage dice rolled. Cover adds to OČ against missiles only, and full cover cannot be
    hit by a missile at all (a miss without a roll). A hit whose kept damage dice all show their
    maximum is a critical hit too. An improvised weapon rolls damage twice and keeps the lower.
    """
    expression = damage_expression(damage)
    _validate(ac=ac, ranged=ranged, cover=cover, full_cover=full_cover, defense=defense,
              fatigue=fatigue)
    edges = _edges(advantage=advantage, disadvantage=disadvantage)
    modifiers = _modifiers(bonus=bonus, surrounded=surrounded, fatigue=fatigue)
    modifier = sum(m.value for m in modifiers)
    mode = net_dice_mode(edges)
    target = ac + (cover if ranged else 0)
    blocked = ranged and full_cover
    chance = attack_chance(modifier, target, mode, blocked)
    rule = RULES["attack"]
    if blocked:
        text = Text(
            "Útok na dálku na cíl v kompletním krytí: střelnou zbraní ho nelze trefit → vedle, "
            "bez hodu.",
            "Ranged attack on a target in full cover: a missile cannot hit it → miss, no roll.")
        result = AttackResult(None, None, False, False, 0, target, MODE_NAMES[mode], edges,
                              modifiers, None)
        return Outcome("attack", (), result, chance, text, rule)

    test = d20_test(source, "attack", modifier=modifier, target=target, mode=mode)
    rolls: list[Roll] = [test.roll]
    against_cs = f"OČ {ac}" + (f" + krytí {cover}" if ranged and cover else "")
    against_en = f"AC {ac}" + (f" + cover {cover}" if ranged and cover else "")
    if test.critical == "success":
        to_hit_cs, to_hit_en = ", přirozená 20 → kritický zásah", ", natural 20 → critical hit"
    elif test.critical == "failure":
        to_hit_cs, to_hit_en = ", přirozená 1 → vedle", ", natural 1 → miss"
    elif test.success:
        to_hit_cs, to_hit_en = f" ≥ {against_cs} → zásah", f" ≥ {against_en} → hit"
    else:
        to_hit_cs, to_hit_en = f" < {against_cs} → vedle", f" < {against_en} → miss"
    head_cs = ("Útok na dálku: " if ranged else "Útok: ") + written_d20(
        test.roll, modifier, test.total, "cs") + to_hit_cs
    head_en = ("Ranged attack: " if ranged else "Attack: ") + written_d20(
        test.roll, modifier, test.total, "en") + to_hit_en

    if not test.success:
        result = AttackResult(test.natural, test.total, False, False, 0, target,
                              MODE_NAMES[mode], edges, modifiers, None)
        return Outcome("attack", tuple(rolls), result, chance,
                       Text(head_cs + ".", head_en + "."), rule)

    critical = test.critical == "success"
    if critical:
        base = expression.maximum
        rolled_cs = f"maximální poškození {expression.notation} = {_num(base)}"
        rolled_en = f"maximum damage {expression.notation} = {_num(base)}"
    else:
        labels = ("damage", "damage-second")[: IMPROVISED_DAMAGE_ROLLS if improvised else 1]
        tries = [expression.roll(source, label) for label in labels]
        if expression.dice_count:
            rolls.extend(_as_roll(label, expression, t) for label, t in zip(labels, tries,
                                                                             strict=True))
        kept = min(tries, key=lambda t: t.total)  # the first on a tie
        base = kept.total
        shown = [_written_damage(expression, t) for t in tries]
        if improvised:
            rolled_cs = (f"poškození improvizovanou zbraní {shown[0]} a {shown[1]} → "
                         f"nižší {_num(base)}")
            rolled_en = f"improvised weapon damage {shown[0]} and {shown[1]} → lower {_num(base)}"
        else:
            rolled_cs, rolled_en = f"poškození {shown[0]}", f"damage {shown[0]}"
        if _all_maximum(expression, kept):
            critical = True
            rolled_cs += " (plné poškození → kritický zásah)"
            rolled_en += " (full damage → critical hit)"
    final, steps = _final_damage(base, strength_damage=strength_damage, fatigue=fatigue,
                                 defense=defense)
    text = Text(
        f"{head_cs}. {rolled_cs[0].upper()}{rolled_cs[1:]}{steps.cs}.",
        f"{head_en}. {rolled_en[0].upper()}{rolled_en[1:]}{steps.en}.",
    )
    result = AttackResult(test.natural, test.total, True, critical, final, target,
                          MODE_NAMES[mode], edges, modifiers, base)
    return Outcome("attack", tuple(rolls), result, chance, text, rule)
