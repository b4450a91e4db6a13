"""Fatigue, death and healing of "Pravidla a procedury".

[Únava, Mírnější systém smrti pro heroická dobrodružství, Přirozené léčení]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError, check_bool, check_choice, check_int
from rpg.core.outcome import Next, Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import (
    Term,
    d20_test,
    fatigue_term,
    judged,
    minus_sign,
    success_chance,
    written_terms,
)

AMOUNT_MAX = 100_000

# --- [Únava] ----------------------------------------------------------------------------------

FATIGUE_MIN, FATIGUE_MAX = 0, 50
#: Events that add 1 fatigue each (the rules' list, plus forced marches and no rest in 24 h).
FATIGUE_REASONS = ("no-sleep", "no-food-or-water", "illness", "serious-injury",
                   "survived-death", "ritual", "forced-march", "no-rest-24h")
REASONS_MAX = 100
FATIGUE_DEATH_LEVEL = 7      # at 7 or more: a saving throw against death, or die
RECOVERY_PER_DAY = 1         # a day in the safety of civilization heals one level
SAVE_TARGET_MIN, SAVE_TARGET_MAX = 1, 30
MODIFIER_MIN, MODIFIER_MAX = -20, 20
#: [Hlad a žízeň] each day beyond the first without food or water adds "bod (nebo dva)": "déle
#: jak den bez jídla nebo pití", so the first day costs nothing.
HUNGER_FREE_DAYS = 1
HUNGRY_DAYS_MAX = 365
HUNGER_POINTS_MIN, HUNGER_POINTS_MAX = 1, 2
#: The fatigue a saving throw takes (its bound): from 41 on, with a modifier of at most +20 and a
#: save of at least 1, only a natural 20 succeeds, so any higher level rolls the same save.
SAVE_FATIGUE_MAX = 50

# --- [Mírnější systém smrti] ------------------------------------------------------------------

SURVIVAL_HOURS = 24          # the body must be checked or healed within 24 hours
SURVIVES_ON = 3              # 3 in 6
SURVIVOR_HP = 1
UNCONSCIOUS_DIE = 4          # 1d4 shifts (směny)
SKILL_POINTS_LOST = 5        # "Ale já chci žít"
SURVIVED_DEATH_FATIGUE = 1   # [Únava] surviving one's own death
DEATH_REASONS = ("survived", "failed-roll", "too-late", "repeated-death", "body-destroyed",
                 "poisoned", "gave-up-skill-points")

# --- [Přirozené léčení] -----------------------------------------------------------------------

HP_PER_NIGHT = 2
MAX_HP_MIN = 1
#: [Smrt] at 0 HP or less a monster or a player is dead: there is no one left to heal.
DEAD_HP = 0


MESSAGES = messages({
    # fatigue
    "fatigue.title": Text("Únava", "Fatigue"),
    "fatigue.chance": Text(
        "Šance přežít záchranný hod proti smrti",
        "Chance to survive the save against death"),
    "fatigue.text": Text("{effects} {death}", "{effects} {death}"),
    "fatigue.sum": Text("{level}{added} = {total}", "{level}{added} = {total}"),
    "fatigue.hunger": Text("hlad a žízeň", "hunger and thirst"),
    "fatigue.hunger-twice": Text("hlad a žízeň, {days} × {points}",
                                 "hunger and thirst, {days} × {points}"),
    "fatigue.effects": Text(
        "Únava {level}: postih −{penalty} k útoku, poškození sílou, OČ, záchranným hodům a "
        "ověřením dovedností; v civilizaci {days} {days:den|dny|dní} do nuly.",
        "Fatigue {level}: −{penalty} to hit, to strength damage, AC, saving throws and skill "
        "checks; {days} {days:day|days} in civilization to recover."),
    "fatigue.none": Text("Únava {level}: bez postihu.", "Fatigue {level}: no penalty."),
    "fatigue.save": Text("Záchranný hod proti smrti: {shown} → {outcome}",
                         "Save vs death: {shown} → {outcome}"),
    "fatigue.dies": Text("umírá.", "dies."),
    "fatigue.survives": Text("přežívá.", "survives."),
    "fatigue.save-due": Text(
        "Při únavě {level} a víc je nutný záchranný hod proti smrti (zadej {field} a hodí se).",
        "At fatigue {level} or more a save vs death is due (give {field} to roll it)."),
    "fatigue.civilization": Text("Při odpočinku v civilizaci se na únavu neumírá.",
                                 "No one dies of fatigue while resting in civilization."),
    "fatigue.reasons": Text("{field} musí být seznam nejvýše {high} důvodů.",
                            "{field} must be a list of at most {high} reasons."),
    # death-save
    "death-save.title": Text("Mírnější systém smrti", "Milder death"),
    "death-save.chance": Text("Šance, že přežije", "Chance to survive"),
    "death-save.body-destroyed": Text(
        "Zničené tělo nelze zkontrolovat: postava automaticky umírá.",
        "A destroyed body cannot be checked: the character dies."),
    "death-save.poisoned": Text("Jed: postava umírá bez možnosti záchrany.",
                                "Poison: the character dies with no chance of rescue."),
    "death-save.not-even": Text("{lead} Ani „Ale já chci žít“ ji nezachrání.",
                                "{lead} Not even \"Ale já chci žít\" can save them."),
    "death-save.too-late": Text(
        "Po {hours} h (víc než {limit} h) už záchrana není možná",
        "After {hours} h (more than {limit} h) there is no rescue"),
    "death-save.repeated": Text(
        "Opakovaná smrt bez vyléčení na maximum od té minulé: záchrana není možná",
        "A repeated death without a full heal since the last: no rescue"),
    "death-save.saved": Text("Záchrana {dice} ≤ {on}", "Survival {dice} ≤ {on}"),
    "death-save.not-saved": Text("Záchrana {dice} > {on}", "Survival {dice} > {on}"),
    "death-save.wakes": Text(
        "{lead} → přežívá a díky léčení hned přichází k sobě s {hp} "
        "{hp:životem|životy|životy}; únava +{fatigue}.",
        "{lead} → survives and, healed, wakes at once with {hp} HP; fatigue +{fatigue}."),
    "death-save.unconscious": Text(
        "{lead} → přežívá s {hp} {hp:životem|životy|životy}, v bezvědomí na {dice} "
        "{shifts:směnu|směny|směn}; únava +{fatigue}.",
        "{lead} → survives with {hp} HP, unconscious for {dice} {shifts:shift|shifts}; "
        "fatigue +{fatigue}."),
    "death-save.gives-up": Text(
        "{lead} → umírá, ale „Ale já chci žít“: žije s {hp} {hp:životem|životy|životy} a "
        "ztrácí {points} náhodných dovednostních bodů; únava +{fatigue}.",
        "{lead} → would die, but \"Ale já chci žít\": lives with {hp} HP and loses {points} "
        "random skill points; fatigue +{fatigue}."),
    "death-save.dies": Text("{lead} → umírá.", "{lead} → dies."),
    "death-save.hours": Text("{field} musí být číslo od 0 do {high}.",
                             "{field} must be a number from 0 to {high}."),
    "death-save.not-repeated": Text(
        "{field} se týká jen opakované smrti: zapni {died_before}, nebo ho vypni.",
        "{field} only concerns a repeated death: turn {died_before} on, or turn it off."),
    # healing
    "healing.title": Text("Léčení", "Healing"),
    "healing.text": Text("Léčení: {parts} → životy {hp} z {max_hp}{capped}, vyléčeno {healed}.",
                         "Healing: {parts} → {hp} of {max_hp} HP{capped}, {healed} healed."),
    "healing.subdued-text": Text(
        "Léčení (v bezvědomí po přemožení, životy {base}): {parts} → životy {hp} z {max_hp}"
        "{capped}, vyléčeno {healed}.",
        "Healing (unconscious, subdued, at {base} HP): {parts} → {hp} of {max_hp} HP{capped}, "
        "{healed} healed."),
    "healing.rest": Text("{nights} {nights:noc|noci|nocí} odpočinku +{healed}",
                         "{nights} {nights:night|nights} of rest +{healed}"),
    "healing.danger": Text("{nights} {nights:noc|noci|nocí} v nebezpečí +0",
                           "{nights} {nights:night|nights} in danger +0"),
    "healing.magic": Text("magie +{healed}", "magic +{healed}"),
    "healing.nothing": Text("nic", "nothing"),
    "healing.capped": Text(" (maximum)", " (the maximum)"),
    "healing.not-capped": Text("", ""),
    "healing.dead-rule": Text(
        "„Monstrum nebo hráč jehož životy jsou zredukovány na 0 nebo méně, je považováno za "
        "mrtvé.“",
        "“A monster or player whose hit points are reduced to 0 or less is considered dead.”"),
    "healing.dead": Text(
        "{field} je {hp}: {rule} Léčení už nepomůže; hráčovu postavu může zachránit volitelný "
        "{death}.",
        "{field} is {hp}: {rule} Healing no longer helps; a player's character may be saved by "
        "the optional {death} (death-save)."),
    "healing.above-max": Text(
        "{hp} ({hp_value}) nesmí být víc než {max_hp} ({max_value}): oprav jedno z nich.",
        "{hp} ({hp_value}) cannot exceed {max_hp} ({max_value}): correct one of them."),
})

#: What the calculators need of this module (``pravidla/health.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "fatigue": [FATIGUE_MIN, FATIGUE_MAX], "reasons": list(FATIGUE_REASONS),
    "reasons_max": REASONS_MAX, "death_level": FATIGUE_DEATH_LEVEL,
    "hungry_days_max": HUNGRY_DAYS_MAX, "hunger_points": [HUNGER_POINTS_MIN, HUNGER_POINTS_MAX],
    "save_fatigue_max": SAVE_FATIGUE_MAX,
    "recovery_per_day": RECOVERY_PER_DAY, "save_target": [SAVE_TARGET_MIN, SAVE_TARGET_MAX],
    "modifier": [MODIFIER_MIN, MODIFIER_MAX], "amount_max": AMOUNT_MAX,
    "survival_hours": SURVIVAL_HOURS, "survives_on": SURVIVES_ON, "survivor_hp": SURVIVOR_HP,
    "unconscious_die": UNCONSCIOUS_DIE, "skill_points_lost": SKILL_POINTS_LOST,
    "survived_death_fatigue": SURVIVED_DEATH_FATIGUE, "hp_per_night": HP_PER_NIGHT,
    "max_hp_min": MAX_HP_MIN, "dead_hp": DEAD_HP,
}


# --- fatigue ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FatigueResult:
    """``result`` of ``fatigue``: ``dies`` is ``None`` when a save is due but was not rolled."""

    level: int
    penalty: int = field(
        metadata={"description": "To to-hit, strength damage, AC, saving throws and skill checks."})
    death_save_required: bool
    dies: bool | None = field(
        metadata={"description": "null when the save is due but no save_target was given."})
    recovery_days: int = field(
        metadata={"description": "Days in civilization to reach 0 (one level a day)."})
    natural: int | None = field(
        metadata={"description": "The save's d20, or null when not rolled."})
    save_total: int | None = field(
        metadata={"description": "d20 + modifier − level, or null when not rolled."})


@procedure(
    "fatigue", result=FatigueResult, rule="fatigue",
    samples=(
        {"level": 2, "reasons": ["no-sleep"]},
        {"level": 6, "reasons": ["forced-march"], "save_target": 12},
    ),
    next=("saving-throw",))
def fatigue(
    source: DiceSource,
    *,
    level: int,
    reasons: Sequence[str] = (),
    hungry_days: int = 0,
    hunger_points: int = HUNGER_POINTS_MIN,
    in_civilization: bool = False,
    save_target: int | None = None,
    modifier: int = 0,
) -> Outcome:
    """[Únava] add a level for each reason and for each day of hunger beyond the first ([Hlad a
    žízeň]: one point, or two); at 7 or more a save vs death (d20 + modifier − level).

    The penalty equals the level. Resting in civilization no one dies of fatigue, and each day
    there heals one level. The save is rolled only when it is due and ``save_target`` is given;
    without it the result calls for the saving throw against death.
    """
    check_int(level, FATIGUE_MIN, FATIGUE_MAX, "level")
    if isinstance(reasons, str) or not isinstance(reasons, Sequence) or len(
            reasons) > REASONS_MAX:
        raise RuleError(msg("fatigue.reasons", field=Field("reasons"), high=REASONS_MAX),
                        field="reasons")
    for reason in reasons:
        check_choice(reason, FATIGUE_REASONS, "reasons")
    check_int(hungry_days, 0, HUNGRY_DAYS_MAX, "hungry_days")
    check_int(hunger_points, HUNGER_POINTS_MIN, HUNGER_POINTS_MAX, "hunger_points")
    check_bool(in_civilization, "in_civilization")
    if save_target is not None:
        check_int(save_target, SAVE_TARGET_MIN, SAVE_TARGET_MAX, "save_target")
    check_int(modifier, MODIFIER_MIN, MODIFIER_MAX, "modifier")

    hunger = hungry_days * hunger_points
    new_level = level + len(reasons) + hunger
    recovery_days = new_level // RECOVERY_PER_DAY
    required = new_level >= FATIGUE_DEATH_LEVEL and not in_civilization
    rolls = []
    dies: bool | None = None if required else False
    chance: Fraction | None = None
    natural = save_total = None
    added = [Term(len(reasons))]
    if hunger:
        added.append(Term(hunger, msg("fatigue.hunger") if hunger_points == 1 else msg(
            "fatigue.hunger-twice", days=hungry_days, points=hunger_points)))
    shown: Message | int = (msg("fatigue.sum", level=level, added=written_terms(added),
                                total=new_level) if reasons or hunger else new_level)
    effects = (msg("fatigue.effects", level=shown, penalty=new_level, days=recovery_days)
               if new_level else msg("fatigue.none", level=shown))

    death: Message | None = None
    steps: tuple[Next, ...] = ()
    if required and save_target is not None:
        net = modifier - new_level
        test = d20_test(source, "death-save", modifier=net, target=save_target)
        rolls.append(test.roll)
        dies = not test.success
        natural, save_total = test.natural, test.total
        chance = success_chance(net, save_target)
        death = msg("fatigue.save",
                    shown=judged(test, [Term(modifier), fatigue_term(new_level)], save_target),
                    outcome=msg("fatigue.dies" if dies else "fatigue.survives"))
    elif required:
        death = msg("fatigue.save-due", level=FATIGUE_DEATH_LEVEL, field=Field("save_target"))
        known = {"against": "death", **({"modifier": modifier} if modifier else {}),
                 "fatigue": min(new_level, SAVE_FATIGUE_MAX)}
        steps = (Next("saving-throw", known, missing=("target",)),)
    elif new_level >= FATIGUE_DEATH_LEVEL:
        death = msg("fatigue.civilization")
    text = effects if death is None else msg("fatigue.text", effects=effects, death=death)
    result = FatigueResult(new_level, new_level, required, dies, recovery_days, natural,
                           save_total)
    rule = RULES["fatigue-death" if required else "fatigue"]
    return Outcome("fatigue", tuple(rolls), result, chance, text, rule, steps)


# --- death save -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeathSaveResult:
    """``result`` of ``death-save``: ``unconscious_shifts`` is ``None`` when not determined."""

    alive: bool
    hp: int
    unconscious_shifts: int | None = field(
        metadata={
            "description": (
                "1d4 shifts for a survivor, 0 when healed; null when dead or when \"Ale já chci "
                "žít\" saved them."),
        })
    fatigue_gained: int
    reason: str = field(metadata={"enum": "rpg.pravidla.health.DEATH_REASONS"})
    skill_points_lost: int


def _check_hours(value: Any) -> float:
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or not 0 <= value <= AMOUNT_MAX):
        raise RuleError(msg("death-save.hours", field=Field("hours_since_death"),
                            high=AMOUNT_MAX), field="hours_since_death")
    return value


def death_survival_chance(saveable: bool, give_up_skill_points: bool) -> Fraction:
    """P(alive): 3 in 6 when the roll is allowed; the fallback saves whoever it may save."""
    if give_up_skill_points:
        return Fraction(1)
    return Fraction(SURVIVES_ON, 6) if saveable else Fraction(0)


@procedure("death-save", result=DeathSaveResult, rule="death-save",
           samples=({"hours_since_death": 2},))
def death_save(
    source: DiceSource,
    *,
    hours_since_death: float = 0,
    body_destroyed: bool = False,
    poisoned: bool = False,
    died_before: bool = False,
    healed_to_max_since: bool = False,
    healed: int = 0,
    give_up_skill_points: bool = False,
) -> Outcome:
    """[Mírnější systém smrti] a d6, 1–3 survives, for a character at 0 HP found within 24 h.

    No roll for a destroyed body, poison, more than 24 hours, or a repeated death without a full
    heal since. A survivor has 1 HP and sleeps 1d4 shifts (rolled after the d6) unless healed,
    when they wake at once with the healed HP. "Ale já chci žít": the GM lets a character who
    would die (after the roll, after 24 h, on a repeated death) live for 5 skill points.
    """
    hours = _check_hours(hours_since_death)
    for name, flag in (("body_destroyed", body_destroyed), ("poisoned", poisoned),
                       ("died_before", died_before), ("healed_to_max_since", healed_to_max_since),
                       ("give_up_skill_points", give_up_skill_points)):
        check_bool(flag, name)
    check_int(healed, 0, AMOUNT_MAX, "healed")
    if healed_to_max_since and not died_before:
        raise RuleError(msg("death-save.not-repeated", field=Field("healed_to_max_since"),
                            died_before=Field("died_before")), field="healed_to_max_since")

    rule = RULES["death-save"]
    if body_destroyed or poisoned:
        reason = "body-destroyed" if body_destroyed else "poisoned"
        lead = msg(f"death-save.{reason}")
        if give_up_skill_points:
            lead = msg("death-save.not-even", lead=lead)
        result = DeathSaveResult(False, 0, None, 0, reason, 0)
        return Outcome("death-save", (), result, Fraction(0), lead, rule)

    too_late = hours > SURVIVAL_HOURS
    repeated = died_before and not healed_to_max_since
    saveable = not too_late and not repeated
    chance = death_survival_chance(saveable, give_up_skill_points)
    rolls = []
    if too_late:
        reason = "too-late"
        lead = msg("death-save.too-late", hours=hours, limit=SURVIVAL_HOURS)
    elif repeated:
        reason = "repeated-death"
        lead = msg("death-save.repeated")
    else:
        rolled = roll(source, "survival", 1, 6)
        rolls.append(rolled)
        survives = rolled.total <= SURVIVES_ON
        reason = "survived" if survives else "failed-roll"
        lead = msg("death-save.saved" if survives else "death-save.not-saved",
                   dice=written(rolled), on=SURVIVES_ON)
        if survives:
            if healed:
                result = DeathSaveResult(True, healed, 0, SURVIVED_DEATH_FATIGUE, reason, 0)
                text = msg("death-save.wakes", lead=lead, hp=healed,
                           fatigue=SURVIVED_DEATH_FATIGUE)
            else:
                shifts = roll(source, "unconscious", 1, UNCONSCIOUS_DIE)
                rolls.append(shifts)
                result = DeathSaveResult(True, SURVIVOR_HP, shifts.total,
                                         SURVIVED_DEATH_FATIGUE, reason, 0)
                text = msg("death-save.unconscious", lead=lead, hp=SURVIVOR_HP,
                           dice=written(shifts), shifts=shifts.total,
                           fatigue=SURVIVED_DEATH_FATIGUE)
            return Outcome("death-save", tuple(rolls), result, chance, text, rule)

    if give_up_skill_points:
        hp = healed or SURVIVOR_HP
        result = DeathSaveResult(True, hp, None, SURVIVED_DEATH_FATIGUE,
                                 "gave-up-skill-points", SKILL_POINTS_LOST)
        text = msg("death-save.gives-up", lead=lead, hp=hp, points=SKILL_POINTS_LOST,
                   fatigue=SURVIVED_DEATH_FATIGUE)
    else:
        result = DeathSaveResult(False, 0, None, 0, reason, 0)
        text = msg("death-save.dies", lead=lead)
    return Outcome("death-save", tuple(rolls), result, chance, text, rule)


# --- healing ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HealingResult:
    """``result`` of ``healing``: ``hp`` after the healing, ``healed`` the HP actually gained."""

    hp: int
    healed: int
    natural_healing: int = field(metadata={"description": "2 × nights when safe, before the cap."})
    magic_healing: int
    at_max: bool


@procedure("healing", rolls=False, result=HealingResult, rule="natural-healing",
           samples=({"hp": 3, "max_hp": 12, "nights": 2},))
def healing(
    source: DiceSource,
    *,
    hp: int,
    max_hp: int,
    nights: int = 0,
    safe: bool = True,
    magic: int = 0,
    subdued: bool = False,
) -> Outcome:
    """[Přirozené léčení] 2 HP a night of undisturbed rest, plus magic; never above the maximum.

    A night in the dangers of the wild or in a dungeon heals nothing. At 0 HP or less the
    character is dead ([Smrt]): refused, naming the optional milder death. A creature
    ``subdued`` ([Přemožení] "upadne do bezvědomí") is unconscious, not dead: healed from 0.
    No dice.
    """
    check_int(max_hp, MAX_HP_MIN, AMOUNT_MAX, "max_hp")
    check_int(hp, -AMOUNT_MAX, AMOUNT_MAX, "hp")
    check_bool(subdued, "subdued")
    if subdued:
        hp = max(hp, DEAD_HP)
    elif hp <= DEAD_HP:
        raise RuleError(msg("healing.dead", field=Field("hp"), hp=minus_sign(hp), rule=msg(
            "healing.dead-rule"), death=msg("death-save.title")), field="hp")
    check_int(nights, 0, AMOUNT_MAX, "nights")
    check_bool(safe, "safe")
    check_int(magic, 0, AMOUNT_MAX, "magic")
    if hp > max_hp:
        raise RuleError(msg("healing.above-max", hp=Field("hp"), hp_value=hp,
                            max_hp=Field("max_hp"), max_value=max_hp), field="hp")

    natural = HP_PER_NIGHT * nights if safe else 0
    new_hp = min(max_hp, hp + natural + magic)
    parts: list[Message] = []
    if nights:
        parts.append(msg("healing.rest" if safe else "healing.danger", nights=nights,
                         healed=natural))
    if magic:
        parts.append(msg("healing.magic", healed=magic))
    if not parts:
        parts.append(msg("healing.nothing"))
    capped = new_hp == max_hp and hp + natural + magic > max_hp
    said = {"parts": Join(tuple(parts)), "hp": new_hp, "max_hp": max_hp,
            "capped": msg("healing.capped" if capped else "healing.not-capped"),
            "healed": new_hp - hp}
    text = (msg("healing.subdued-text", base=hp, **said) if subdued
            else msg("healing.text", **said))
    result = HealingResult(new_hp, new_hp - hp, natural, magic, new_hp == max_hp)
    return Outcome("healing", (), result, None, text, RULES["natural-healing"])
