"""The attack of "Pravidla a procedury" [Útok obecně, Hody na útok, Ostatní bojové situace].

To hit: a d20 test (:mod:`rpg.pravidla.d20`) with every to-hit modifier collected as a named
:class:`Modifier` and every advantage or disadvantage collected as a named :class:`Edge`, so the
further combat situations (prone, blind, unarmed target...) only add entries to those lists.
Damage: a dice expression (:mod:`rpg.core.notation`), its maximum on a critical hit. Every
sentence is the message catalog's (``attack.*``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from rpg.core.catalog import Choice, Field, Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll
from rpg.core.errors import RollSyntaxError, RuleError, TooManyRolls, check_int
from rpg.core.notation import DiceTerm, Expression, RolledExpression, parse
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import (
    FATIGUE_MIN,
    Term,
    checked_fatigue,
    d20_test,
    dice_mode,
    minus_sign,
    shown_total,
    success_chance,
)

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

#: [Boj dvěma zbraněmi] both weapons melee and trained: +1 to hit, to damage (and to OČ, the
#: defender's side).
TWO_WEAPONS_BONUS = 1
#: [Neozbrojený boj] "Neozbrojený útok má vždy poškození 1+modifikátor síly."
UNARMED_DAMAGE = 1
#: The strength modifier of an unarmed attack: the spec's default bounds of a modifier.
MODIFIER_MIN, MODIFIER_MAX = -20, 20
#: [Boj pod vodou] weapon kinds: non-piercing melee attacks roll with disadvantage, blunt and
#: slashing damage is halved (rounded down, as resistance is).
WEAPONS = ("piercing", "blunt", "slashing")
Weapon = Literal["piercing", "blunt", "slashing"]
UNDERWATER_HALVED = ("blunt", "slashing")
#: An unarmed blow is a blunt one.
UNARMED_WEAPON = "blunt"

EdgeEffect = Literal["advantage", "disadvantage"]
DiceMode = Literal["advantage", "disadvantage", "normal"]
MODE_NAMES: dict[int, DiceMode] = {1: "advantage", -1: "disadvantage", 0: "normal"}

#: The situation flags of [Ostatní bojové situace], in the order the spec lists them.
SITUATIONS = ("two_weapons", "unarmed", "target_unarmed", "untrained", "attacker_prone",
              "target_prone", "attacker_blind", "target_blind", "unstable", "underwater",
              "helpless", "subdual")
#: The sources of advantage and disadvantage, in the order they are listed: the GM's two, then
#: the situations' (each one's name is the catalog's ``attack.edge.<source>``).
EDGE_SOURCES = ("advantage", "disadvantage", "target_unarmed", "attacker_prone", "target_prone",
                "attacker_blind", "target_blind", "unstable", "underwater")

MESSAGES = messages({
    "attack.title": Text("Útok", "Attack"),
    "attack.chance": Text("Šance na zásah", "Chance to hit"),
    # --- the to-hit roll
    "attack.melee": Text("Útok: {shown}{edges}{verdict}", "Attack: {shown}{edges}{verdict}"),
    "attack.ranged": Text("Útok na dálku: {shown}{edges}{verdict}",
                          "Ranged attack: {shown}{edges}{verdict}"),
    "attack.helpless": Text("Útok na bezmocný cíl: zasažen bez hodu na zásah",
                            "Attack on a helpless target: hit without a roll to hit"),
    "attack.full-cover": Text(
        "Útok na dálku na cíl v kompletním krytí: střelnou zbraní ho nelze trefit → vedle, "
        "bez hodu.",
        "Ranged attack on a target in full cover: a missile cannot hit it → miss, no roll."),
    "attack.natural-20": Text(", přirozená 20 → kritický zásah", ", natural 20 → critical hit"),
    "attack.natural-1": Text(", přirozená 1 → vedle", ", natural 1 → miss"),
    "attack.hit": Text(" ≥ {against} → zásah", " ≥ {against} → hit"),
    "attack.miss": Text(" < {against} → vedle", " < {against} → miss"),
    "attack.ac": Text("OČ {ac}", "AC {ac}"),
    "attack.ac-cover": Text("OČ {ac} + krytí {cover}", "AC {ac} + cover {cover}"),
    "attack.edges": Text(" ({names})", " ({names})"),
    "attack.edges-cancel": Text(" ({names} → výhoda a nevýhoda se ruší)",
                                " ({names} → advantage and disadvantage cancel)"),
    "attack.edge.advantage": Text("výhoda", "advantage"),
    "attack.edge.disadvantage": Text("nevýhoda", "disadvantage"),
    "attack.edge.target_unarmed": Text("neozbrojený cíl", "unarmed target"),
    "attack.edge.attacker_prone": Text("útočník na zemi", "attacker prone"),
    "attack.edge.target_prone": Text("cíl na zemi", "target prone"),
    "attack.edge.attacker_blind": Text("slepý útočník", "blind attacker"),
    "attack.edge.target_blind": Text("slepý cíl", "blind target"),
    "attack.edge.unstable": Text("nestabilní povrch", "unstable ground"),
    "attack.edge.underwater": Text("pod vodou", "under water"),
    # --- the damage
    "attack.missed": Text("{head}.", "{head}."),
    "attack.text": Text("{head}. {damage}{steps}.{tail}", "{head}. {damage}{steps}.{tail}"),
    "attack.sum": Text("{notation} = {parts} = {total}", "{notation} = {parts} = {total}"),
    "attack.once": Text("{notation} = {total}", "{notation} = {total}"),
    "attack.damage": Text("Poškození {shown}", "Damage {shown}"),
    "attack.maximum": Text("Maximální poškození {shown}", "Maximum damage {shown}"),
    "attack.improvised": Text("Poškození improvizovanou zbraní {first} a {second} → nižší {kept}",
                              "Improvised weapon damage {first} and {second} → lower {kept}"),
    "attack.unarmed": Text(
        "Neozbrojený útok {one} + modifikátor síly: {one}{strength} = {base}",
        "Unarmed attack {one} + strength modifier: {one}{strength} = {base}"),
    "attack.full-damage": Text("{rolled} (plné poškození → kritický zásah)",
                               "{rolled} (full damage → critical hit)"),
    "attack.two-weapons": Text(", dvě zbraně +{bonus} = {base}", ", two weapons +{bonus} = {base}"),
    "attack.fatigue": Text(", únava −{fatigue} = {value}", ", fatigue −{fatigue} = {value}"),
    "attack.underwater": Text(", pod vodou polovina = {value}", ", under water half = {value}"),
    "attack.resistance": Text(", odolnost: polovina = {value}", ", resistance: half = {value}"),
    "attack.weakness": Text(", slabost: dvojnásobek = {value}", ", weakness: double = {value}"),
    "attack.immunity": Text(", imunita: 0", ", immunity: 0"),
    "attack.minimum": Text(", zásah vždy aspoň {minimum}",
                           ", a hit always deals at least {minimum}"),
    "attack.subdual": Text(
        " Přemožení: klesnou-li tím životy cíle na 0 nebo méně, upadne do bezvědomí nebo se vzdá.",
        " Subdual: if this brings the target to 0 hit points or fewer, it falls unconscious or "
        "surrenders."),
    # --- the refusals: the rule sentence an input contradicts, then what to change
    "attack.refused": Text("{quote} {change}", "{quote} {change}"),
    "attack.quote.blind": Text("„Útoky na dálku nejsou možné.“",
                               "“Ranged attacks are not possible.”"),
    "attack.quote.underwater-ranged": Text(
        "„Útoky na dálku nejsou pod vodní hladinou většinou možné, pokud nejsou použity velmi "
        "specifické zbraně.“",
        "“Ranged attacks are mostly not possible under water, unless very specific weapons are "
        "used.”"),
    "attack.quote.underwater": Text(
        "„Všechny útoky na blízku mimo těch bodných jsou házeny s nevýhodou. Poškození udělená "
        "Tupými nebo sečnými zbraněmi jsou poloviční.“",
        "“All melee attacks except piercing ones are rolled with disadvantage. Damage dealt by "
        "blunt or slashing weapons is halved.”"),
    "attack.quote.two-weapons": Text(
        "„Jsou-li obě zbraně na blízku a postava je s oběma trénovaná, získává bonus +1 do "
        "zásahu, poškození a OČ.“",
        "“If both weapons are melee weapons and the character is trained with both, they gain "
        "+1 to hit, to damage and to OČ.”"),
    "attack.quote.two-weapons-choose": Text(
        "„Pokud postava používá 2 zbraně. Musí si při útoku vybrat, kterou útočí.“",
        "“A character using 2 weapons must choose which one they attack with.”"),
    "attack.quote.unarmed": Text(
        "„Neozbrojený útok má vždy poškození 1+modifikátor síly.“",
        "“An unarmed attack always deals 1 + the strength modifier.”"),
    "attack.quote.full-cover": Text(
        "„Cíle co jsou kompletně schované v úkrytu není možné trefit střelnou zbraní.“",
        "“Targets completely hidden in cover cannot be hit by a missile weapon.”"),
    "attack.unknown-defense": Text("Neznámá obrana '{defense}': zvol jednu z {known}.",
                                   "Unknown defense '{defense}': choose one of {known}."),
    "attack.unknown-weapon": Text("Neznámý druh zbraně '{weapon}': zvol jeden z {known}.",
                                  "Unknown kind of weapon '{weapon}': choose one of {known}."),
    "attack.full-cover-melee": Text(
        "Kompletní krytí chrání jen před střelnými zbraněmi: u útoku na blízko vynech "
        "{full_cover}, nebo zapni {ranged}.",
        "Full cover only protects against missiles: leave out {full_cover} for a melee "
        "attack, or turn on {ranged}."),
    "attack.cover-melee": Text(
        "Krytí přidává k OČ jen proti střelným zbraním: u útoku na blízko zadej {cover} 0, "
        "nebo zapni {ranged}.",
        "Cover adds to AC against missiles only: give {cover} 0 for a melee attack, or turn "
        "on {ranged}."),
    "attack.blind-ranged": Text("Slepý útočník může útočit jen na blízko: vynech {ranged}.",
                                "A blind attacker can only attack in melee: leave out {ranged}."),
    "attack.underwater-ranged": Text(
        "Pro zvláštní zbraň, která pod vodou střílí, vynech {underwater}.",
        "For a special weapon that shoots under water, leave out {underwater}."),
    "attack.two-weapons-ranged": Text(
        "Útok na dálku bonus nedostává: vynech {two_weapons}.",
        "A ranged attack gets no bonus: leave out {two_weapons}."),
    "attack.two-weapons-untrained": Text(
        "S netrénovanou zbraní bonus nedostává: vynech {two_weapons}.",
        "With an untrained weapon there is no bonus: leave out {two_weapons}."),
    "attack.two-weapons-unarmed": Text(
        "Neozbrojený útok není útok ani jednou z nich: vynech {two_weapons}, nebo {unarmed}.",
        "An unarmed blow is made with neither: leave out {two_weapons} or {unarmed}."),
    "attack.unarmed-ranged": Text("Neozbrojený útok je útok na blízko: vynech {ranged}.",
                                  "An unarmed attack is a melee attack: leave out {ranged}."),
    "attack.unarmed-damage": Text("Vynech {damage} a zadej {strength_modifier}.",
                                  "Leave out {damage} and give {strength_modifier}."),
    "attack.unarmed-improvised": Text(
        "Bez zbraně není co improvizovat: vynech {given}, nebo {unarmed}.",
        "Without a weapon there is nothing improvised: leave out {given} or {unarmed}."),
    "attack.unarmed-weapon": Text(
        "Úder beze zbraně je tupý: zadej {weapon} {blunt}, nebo vynech.",
        "A blow without a weapon is blunt: give {weapon} {blunt} or leave it out."),
    "attack.damage-missing": Text(
        "Zadej {damage} (např. 1d8+2); bez něj jen neozbrojený útok ({unarmed}).",
        "Give {damage} (e.g. 1d8+2); only an unarmed attack ({unarmed}) goes without."),
    "attack.strength-with-weapon": Text(
        "Se zbraní přičti modifikátor síly do {damage} (např. 1d8+2) a {strength_modifier} "
        "vynech.",
        "With a weapon add the strength modifier to {damage} (e.g. 1d8+2) and leave out "
        "{strength_modifier}."),
    "attack.underwater-weapon": Text(
        "Pod vodou zadej {weapon}: piercing (bodná), blunt (tupá), nebo slashing (sečná).",
        "Under water give {weapon}: piercing, blunt or slashing."),
    "attack.helpless-full-cover": Text(
        "Ani bezmocný cíl v kompletním krytí nejde střelou zasáhnout: vynech {helpless}, nebo "
        "{full_cover}.",
        "Not even a helpless target in full cover can be hit by a missile: leave out "
        "{helpless} or {full_cover}."),
})

#: What the calculator needs of this module (``pravidla/attack.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "ac": [AC_MIN, AC_MAX], "cover": [COVER_MIN, COVER_MAX],
    "modifier": [MODIFIER_MIN, MODIFIER_MAX], "surrounded": SURROUNDED_BONUS,
    "two_weapons": TWO_WEAPONS_BONUS, "unarmed": UNARMED_DAMAGE,
    "unarmed_weapon": UNARMED_WEAPON, "minimum": MINIMUM_DAMAGE,
    "rolls": IMPROVISED_DAMAGE_ROLLS, "defenses": DEFENSES, "weapons": WEAPONS,
    "halved": UNDERWATER_HALVED, "fatigue_min": FATIGUE_MIN,
}


@dataclass(frozen=True, slots=True)
class Edge:
    """One source of advantage or disadvantage on the to-hit roll (``"advantage"`` is the GM's)."""

    source: str
    effect: EdgeEffect


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named modifier (``bonus``, ``surrounded``, ``two_weapons``, ``fatigue``)."""

    source: str
    value: int


@dataclass(frozen=True, slots=True)
class AttackResult:
    """``result`` of ``attack``.

    ``natural`` and ``total`` are null when nothing was rolled to hit (a missile against full
    cover, a helpless target); ``target`` is the OČ hit against (with cover); ``base_damage`` is
    the damage before fatigue, the water and the target's defense (null on a miss).
    ``edges`` and ``modifiers`` are the sources that applied to the to-hit roll,
    ``damage_modifiers`` those added to the damage; ``not_applied`` names the situations given
    that change nothing in this attack (a prone target against a missile, any to-hit situation
    against a helpless target).
    """

    natural: int | None = field(
        metadata={"description": "The kept d20; null when nothing was rolled (full cover)."})
    total: int | None
    hit: bool
    critical: bool = field(
        metadata={
            "description": "A natural 20, or a hit whose kept damage dice all show their maximum.",
        })
    damage: int = field(metadata={"description": "Damage dealt; 0 on a miss."})
    target: int = field(
        metadata={"description": "The OČ hit against: ac, plus cover on a ranged attack."})
    dice_mode: DiceMode = field(
        metadata={"description": "The to-hit roll after advantage and disadvantage cancelled."})
    edges: tuple[Edge, ...] = field(
        metadata={
            "description": (
                "Every source of advantage or disadvantage that applied; any number of advantages "
                "against any number of disadvantages cancel to one die."),
        })
    modifiers: tuple[Modifier, ...] = field(
        metadata={"description": "Every to-hit modifier, fatigue included."})
    base_damage: int | None = field(
        metadata={
            "description": (
                "Damage before fatigue, the water and the target's defense (two weapons' +1 "
                "included); null on a miss."),
        })
    damage_modifiers: tuple[Modifier, ...] = field(
        default=(),
        metadata={
            "description": "Modifiers added to the damage (two_weapons +1); empty on a miss.",
        })
    damage_halved: bool = field(
        default=False,
        metadata={
            "description": "A hit with a blunt or slashing weapon under water: damage halved.",
        })
    helpless: bool = field(
        default=False,
        metadata={
            "description": "The target was helpless: hit without a roll to hit.",
        })
    subdual: bool = field(
        default=False,
        metadata={
            "description": (
                "A non-lethal attack: at 0 HP the target falls unconscious or surrenders."),
        })
    not_applied: tuple[str, ...] = field(
        default=(),
        metadata={
            "description": (
                "Situations given that change nothing in this attack (e.g. target_prone against a "
                "missile; every to-hit situation against a helpless target)."),
        })


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


def attack_chance(modifier: int, target: int, mode: int, full_cover: bool,
                  helpless: bool = False) -> Fraction:
    """Exact P(hit): a d20 test (naturals included), 0 against full cover, 1 when helpless."""
    if full_cover:
        return Fraction(0)
    if helpless:
        return Fraction(1)
    return success_chance(modifier, target, mode)


@dataclass(frozen=True, slots=True)
class Situation:
    """The flags of [Ostatní bojové situace] for one attack (all off by default)."""

    two_weapons: bool = False
    unarmed: bool = False
    target_unarmed: bool = False
    untrained: bool = False
    attacker_prone: bool = False
    target_prone: bool = False
    attacker_blind: bool = False
    target_blind: bool = False
    unstable: bool = False
    underwater: bool = False
    helpless: bool = False
    subdual: bool = False


def _refused(field: str, quote: str, change: str, **names: Any) -> RuleError:
    """A 422 on ``field``: the rule sentence ``quote`` (``attack.quote.*``), then what to change
    (``attack.<change>``); every other parameter names an input."""
    fields = {key: Field(value) if isinstance(value, str) else value
              for key, value in names.items()}
    return RuleError(msg("attack.refused", quote=msg(f"attack.quote.{quote}"),
                         change=msg(f"attack.{change}", **fields)), field=field)


def _validate(*, ac: int, ranged: bool, cover: int, full_cover: bool, defense: str,
              fatigue: int) -> None:
    check_int(ac, AC_MIN, AC_MAX, "ac")
    check_int(cover, COVER_MIN, COVER_MAX, "cover")
    checked_fatigue(fatigue)
    if defense not in DEFENSES:
        raise RuleError(msg("attack.unknown-defense", defense=str(defense), known=Join(
            tuple(Choice("defense", key) for key in DEFENSES))), field="defense")
    if not ranged and full_cover:
        raise RuleError(msg("attack.full-cover-melee", full_cover=Field("full_cover"),
                            ranged=Field("ranged")), field="full_cover")
    if not ranged and cover:
        raise RuleError(msg("attack.cover-melee", cover=Field("cover"), ranged=Field("ranged")),
                        field="cover")


def _validate_situation(situation: Situation, *, ranged: bool, full_cover: bool,
                        damage: str | None, improvised: bool, strength_modifier: int,
                        weapon: str | None) -> Weapon | None:
    """Every contradiction between the flags is a 422 quoting the rule it breaks.

    Returns the weapon kind that counts under water (an unarmed blow is blunt).
    """
    s = situation
    check_int(strength_modifier, MODIFIER_MIN, MODIFIER_MAX, "strength_modifier")
    if weapon is not None and weapon not in WEAPONS:
        raise RuleError(msg("attack.unknown-weapon", weapon=str(weapon), known=Join(
            tuple(Choice("weapon", key) for key in WEAPONS))), field="weapon")
    if ranged and s.attacker_blind:
        raise _refused("attacker_blind", "blind", "blind-ranged", ranged="ranged")
    if ranged and s.underwater:
        raise _refused("underwater", "underwater-ranged", "underwater-ranged",
                       underwater="underwater")
    if ranged and s.two_weapons:
        raise _refused("two_weapons", "two-weapons", "two-weapons-ranged",
                       two_weapons="two_weapons")
    if s.two_weapons and s.untrained:
        raise _refused("two_weapons", "two-weapons", "two-weapons-untrained",
                       two_weapons="two_weapons")
    if s.two_weapons and s.unarmed:
        raise _refused("two_weapons", "two-weapons-choose", "two-weapons-unarmed",
                       two_weapons="two_weapons", unarmed="unarmed")
    if s.unarmed:
        if ranged:
            raise _refused("unarmed", "unarmed", "unarmed-ranged", ranged="ranged")
        if damage is not None:
            raise _refused("damage", "unarmed", "unarmed-damage", damage="damage",
                           strength_modifier="strength_modifier")
        if improvised or s.untrained:
            name = "improvised" if improvised else "untrained"
            raise _refused(name, "unarmed", "unarmed-improvised", given=name, unarmed="unarmed")
        if weapon not in (None, UNARMED_WEAPON):
            raise _refused("weapon", "unarmed", "unarmed-weapon", weapon="weapon",
                           blunt=Choice("weapon", UNARMED_WEAPON))
    else:
        if damage is None:
            raise RuleError(msg("attack.damage-missing", damage=Field("damage"),
                                unarmed=Field("unarmed")), field="damage")
        if strength_modifier:
            raise _refused("strength_modifier", "unarmed", "strength-with-weapon",
                           damage="damage", strength_modifier="strength_modifier")
    if s.underwater and weapon is None and not s.unarmed:
        raise _refused("weapon", "underwater", "underwater-weapon", weapon="weapon")
    if s.helpless and ranged and full_cover:
        raise _refused("helpless", "full-cover", "helpless-full-cover", helpless="helpless",
                       full_cover="full_cover")
    return UNARMED_WEAPON if s.unarmed else weapon  # type: ignore[return-value]


def _edges(situation: Situation, *, advantage: bool, disadvantage: bool, ranged: bool,
           weapon: str | None) -> tuple[tuple[Edge, ...], tuple[str, ...]]:
    """The edges that apply to this attack, and the edge situations given that do not."""
    s = situation
    melee = not ranged
    candidates: list[tuple[bool, bool, Edge]] = [
        (advantage, True, Edge("advantage", "advantage")),
        (disadvantage, True, Edge("disadvantage", "disadvantage")),
        # [Neozbrojený boj] "útoky na blízko proti neozbrojenému cíli jsou vždy s výhodou"
        (s.target_unarmed, melee, Edge("target_unarmed", "advantage")),
        # [Shození na zem] "všechny jeho útoky házeny s nevýhodou"
        (s.attacker_prone, True, Edge("attacker_prone", "disadvantage")),
        # "všechny útoky na blízku proti takovému stvoření jsou házeny s výhodou"
        (s.target_prone, melee, Edge("target_prone", "advantage")),
        # [Slepota] "Sám na blízku útočí s nevýhodou." (ranged is refused)
        (s.attacker_blind, melee, Edge("attacker_blind", "disadvantage")),
        # "všechny útoky na blízku co na něj cílí jsou s výhodou"
        (s.target_blind, melee, Edge("target_blind", "advantage")),
        # [Nestabilní povrchy] "Útoky na dálku: Probíhají s nevýhodou."
        (s.unstable, ranged, Edge("unstable", "disadvantage")),
        # [Boj pod vodou] "Všechny útoky na blízku mimo těch bodných jsou házeny s nevýhodou."
        (s.underwater, melee and weapon != "piercing", Edge("underwater", "disadvantage")),
    ]
    if s.helpless:  # no to-hit roll: nothing that changes it applies
        return (), tuple(edge.source for given, _, edge in candidates[2:] if given)
    applied = tuple(edge for given, applies, edge in candidates if given and applies)
    ignored = tuple(edge.source for given, applies, edge in candidates[2:]
                    if given and not applies)
    return applied, ignored


def _modifiers(*, bonus: int, surrounded: bool, two_weapons: bool,
               fatigue: int) -> tuple[Modifier, ...]:
    modifiers = [Modifier("bonus", bonus)]
    if surrounded:
        modifiers.append(Modifier("surrounded", SURROUNDED_BONUS))
    if two_weapons:
        modifiers.append(Modifier("two_weapons", TWO_WEAPONS_BONUS))
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


def _signed(parts: list[int]) -> Join:
    """``5 + 2``, ``−1 + 3``: the first part with its sign only when negative, then each part
    with its own sign (zeros too: a ``+0`` the notation wrote is shown)."""
    rest = tuple(msg("d20.minus" if part < 0 else "d20.plus", value=abs(part))
                 for part in parts[1:])
    return Join((minus_sign(parts[0]), *rest), "")


def _written_constant(expression: Expression, total: int) -> Message | str:
    """Damage without dice, written once: ``3``, or ``3+2 = 5`` for several numbers."""
    if len(expression.terms) == 1:
        return minus_sign(total)
    return msg("attack.once", notation=expression.notation, total=minus_sign(total))


def _written_damage(expression: Expression, rolled: RolledExpression) -> Message | str:
    """``1d8+2 = 5 + 2 = 7``; ``1d8 = 5``; ``3``; dropped dice (``khK``) are left out."""
    if not expression.dice_count:
        return _written_constant(expression, rolled.total)
    parts: list[int] = []
    for term, rolled_term in zip(expression.terms, rolled.terms, strict=True):
        if isinstance(term, DiceTerm):
            parts.extend(term.sign * die for die in rolled_term.kept)
        else:
            parts.append(rolled_term.value)
    if len(parts) == 1:
        return msg("attack.once", notation=expression.notation, total=minus_sign(rolled.total))
    return msg("attack.sum", notation=expression.notation, parts=_signed(parts),
               total=minus_sign(rolled.total))


def _final_damage(
    base: int, *, strength_damage: bool, fatigue: int, halved: bool, defense: str
) -> tuple[int, Join]:
    """Fatigue (on strength damage), the water's halving, then resistance / weakness /
    immunity, then at least 1."""
    damage = base
    steps: list[Message] = []
    if strength_damage and fatigue:
        damage -= fatigue
        steps.append(msg("attack.fatigue", fatigue=fatigue, value=minus_sign(damage)))
    if halved:
        damage //= 2
        steps.append(msg("attack.underwater", value=minus_sign(damage)))
    if defense == "resistance":
        damage //= 2
        steps.append(msg("attack.resistance", value=minus_sign(damage)))
    elif defense == "weakness":
        damage *= 2
        steps.append(msg("attack.weakness", value=minus_sign(damage)))
    elif defense == "immunity":
        damage = 0
        steps.append(msg("attack.immunity"))
    if defense != "immunity" and damage < MINIMUM_DAMAGE:
        damage = MINIMUM_DAMAGE
        steps.append(msg("attack.minimum", minimum=MINIMUM_DAMAGE))
    return damage, Join(tuple(steps), "")


def _rolled_damage(
    source: DiceSource, expression: Expression | None, *, critical: bool, improvised: bool,
    unarmed_base: int,
) -> tuple[int, bool, list[Roll], Message]:
    """The damage before any modifier: base, whether full dice made it critical, rolls, text."""
    if expression is None:  # [Neozbrojený boj] no damage dice, critical or not
        strength = unarmed_base - UNARMED_DAMAGE
        return unarmed_base, False, [], msg(
            "attack.unarmed", one=UNARMED_DAMAGE, base=minus_sign(unarmed_base),
            strength=msg("d20.minus" if strength < 0 else "d20.plus", value=abs(strength)))
    if critical:
        base = expression.maximum
        shown = (msg("attack.once", notation=expression.notation, total=minus_sign(base))
                 if expression.dice_count else _written_constant(expression, base))
        return base, False, [], msg("attack.maximum", shown=shown)
    labels = ("damage", "damage-second")[: IMPROVISED_DAMAGE_ROLLS if improvised else 1]
    tries = [expression.roll(source, label) for label in labels]
    rolls = [_as_roll(label, expression, t) for label, t in zip(labels, tries, strict=True)
             ] if expression.dice_count else []
    kept = min(tries, key=lambda t: t.total)  # the first on a tie
    base = kept.total
    shown = [_written_damage(expression, t) for t in tries]
    if improvised:
        rolled = msg("attack.improvised", first=shown[0], second=shown[1],
                     kept=minus_sign(base))
    else:
        rolled = msg("attack.damage", shown=shown[0])
    full = _all_maximum(expression, kept)
    if full:
        rolled = msg("attack.full-damage", rolled=rolled)
    return base, full, rolls, rolled


def _edges_text(edges: tuple[Edge, ...], mode: int) -> Message | str:
    """`` (výhoda: cíl na zemi; nevýhoda: útočník na zemi → ruší se)`` or nothing."""
    if all(e.source in ("advantage", "disadvantage") for e in edges):
        return ""
    names = Join(tuple(msg(f"attack.edge.{e.source}") for e in edges))
    return msg("attack.edges" if mode else "attack.edges-cancel", names=names)


@procedure("attack", result=AttackResult, rule="attack",
           samples=({"ac": 14, "bonus": 3, "damage": "1d8+2"},))
def attack(
    source: DiceSource,
    *,
    ac: int,
    damage: str | None = None,
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
    two_weapons: bool = False,
    unarmed: bool = False,
    strength_modifier: int = 0,
    target_unarmed: bool = False,
    untrained: bool = False,
    attacker_prone: bool = False,
    target_prone: bool = False,
    attacker_blind: bool = False,
    target_blind: bool = False,
    unstable: bool = False,
    underwater: bool = False,
    weapon: Weapon | None = None,
    helpless: bool = False,
    subdual: bool = False,
) -> Outcome:
    """[Útok obecně] d20 + to-hit modifiers − fatigue against the target's OČ, then damage.

    A natural 1 misses; a natural 20 is a critical hit dealing the damage expression's maximum
    with no damage dice rolled. Cover adds to OČ against missiles only, and full cover cannot be
    hit by a missile at all (a miss without a roll). A hit whose kept damage dice all show their
    maximum is a critical hit too. An improvised or untrained weapon rolls damage twice and
    keeps the lower. The situations of [Ostatní bojové situace] add named edges (advantage and
    disadvantage from all sources cancel to one die) and modifiers; a helpless target is hit
    without a roll.
    """
    situation = Situation(two_weapons, unarmed, target_unarmed, untrained, attacker_prone,
                          target_prone, attacker_blind, target_blind, unstable, underwater,
                          helpless, subdual)
    expression = None if damage is None else damage_expression(damage)
    _validate(ac=ac, ranged=ranged, cover=cover, full_cover=full_cover, defense=defense,
              fatigue=fatigue)
    kind = _validate_situation(situation, ranged=ranged, full_cover=full_cover, damage=damage,
                               improvised=improvised, strength_modifier=strength_modifier,
                               weapon=weapon)
    edges, not_applied = _edges(situation, advantage=advantage, disadvantage=disadvantage,
                                ranged=ranged, weapon=kind)
    modifiers = _modifiers(bonus=bonus, surrounded=surrounded, two_weapons=two_weapons,
                           fatigue=fatigue)
    if helpless:
        not_applied += tuple(m.source for m in modifiers if m.source in ("surrounded",
                                                                          "two_weapons"))
    modifier = sum(m.value for m in modifiers)
    mode = net_dice_mode(edges)
    target = ac + (cover if ranged else 0)
    blocked = ranged and full_cover
    chance = attack_chance(modifier, target, mode, blocked, helpless)
    rule = RULES["other-combat" if any(getattr(situation, n) for n in SITUATIONS) else "attack"]
    damage_modifiers = (Modifier("two_weapons", TWO_WEAPONS_BONUS),) if two_weapons else ()
    halved = underwater and kind in UNDERWATER_HALVED
    # An unarmed attack's damage is strength damage: fatigue lowers it ([Únava]).
    strength_based = strength_damage or unarmed

    def result(natural: int | None, total: int | None, hit: bool, critical: bool,
               dealt: int, base: int | None) -> AttackResult:
        return AttackResult(natural, total, hit, critical, dealt, target, MODE_NAMES[mode],
                            edges, modifiers, base, damage_modifiers if hit else (),
                            halved and hit, helpless, subdual, not_applied)

    if blocked:
        return Outcome("attack", (), result(None, None, False, False, 0, None), chance,
                       msg("attack.full-cover"), rule)

    rolls: list[Roll] = []
    head: Message
    if helpless:
        natural = total = None
        critical = False
        head = msg("attack.helpless")
    else:
        test = d20_test(source, "attack", modifier=modifier, target=target, mode=mode)
        rolls.append(test.roll)
        natural, total = test.natural, test.total
        against = (msg("attack.ac-cover", ac=ac, cover=cover) if ranged and cover
                   else msg("attack.ac", ac=ac))
        if test.critical == "success":
            verdict = msg("attack.natural-20")
        elif test.critical == "failure":
            verdict = msg("attack.natural-1")
        else:
            verdict = msg("attack.hit" if test.success else "attack.miss", against=against)
        head = msg("attack.ranged" if ranged else "attack.melee",
                   shown=shown_total(test.roll, [Term(modifier)], test.total),
                   edges=_edges_text(edges, mode), verdict=verdict)
        if not test.success:
            return Outcome("attack", tuple(rolls), result(natural, total, False, False, 0, None),
                           chance, msg("attack.missed", head=head), rule)
        critical = test.critical == "success"

    unarmed_base = UNARMED_DAMAGE + strength_modifier
    base, full, damage_rolls, rolled = _rolled_damage(
        source, None if unarmed else expression, critical=critical,
        improvised=improvised or untrained, unarmed_base=unarmed_base)
    rolls.extend(damage_rolls)
    critical = critical or full
    bonus_text: Message | str = ""
    if two_weapons:
        base += TWO_WEAPONS_BONUS
        bonus_text = msg("attack.two-weapons", bonus=TWO_WEAPONS_BONUS, base=minus_sign(base))
    final, steps = _final_damage(base, strength_damage=strength_based, fatigue=fatigue,
                                 halved=halved, defense=defense)
    text = msg("attack.text", head=head, damage=rolled,
               steps=Join((bonus_text, *steps.items), ""),
               tail=msg("attack.subdual") if subdual else "")
    return Outcome("attack", tuple(rolls), result(natural, total, True, critical, final, base),
                   chance, text, rule)
