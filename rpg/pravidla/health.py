"""Fatigue, death and healing of "Pravidla a procedury".

[Únava, Mírnější systém smrti pro heroická dobrodružství, Přirozené léčení]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError, check_bool, check_choice, check_int
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both, number, plural_cs
from rpg.pravidla.d20 import d20_test, success_chance

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "fatigue.title": Text("Únava", "Fatigue"),
    "fatigue.chance": Text(
        "Šance přežít záchranný hod proti smrti",
        "Chance to survive the save against death"),
    "death-save.title": Text("Mírnější systém smrti", "Milder death"),
    "death-save.chance": Text("Šance, že přežije", "Chance to survive"),
    "healing.title": Text("Léčení", "Healing"),
})

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


def _lives(count: int) -> str:
    """``s 1 životem``, ``s 3 životy``: the instrumental after "s"."""
    return "s " + plural_cs(count, "životem", "životy", "životy", counted=True)


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


def _d20_written(natural: int, total: int, *terms: int) -> str:
    """``1d20 = 3 + 1 − 7 = −3``: every negative number with the minus sign, the total too."""
    shown = f"1d20 = {natural}"
    for term in terms:
        if term:
            shown += f" {'+' if term > 0 else '−'} {abs(term)}"
    return shown + (f" = {'−' if total < 0 else ''}{abs(total)}" if any(terms) else "")


@procedure(
    "fatigue", result=FatigueResult, rule="fatigue",
    samples=(
        {"level": 2, "reasons": ["no-sleep"]},
        {"level": 6, "reasons": ["forced-march"], "save_target": 12},
    ))
def fatigue(
    source: DiceSource,
    *,
    level: int,
    reasons: Sequence[str] = (),
    in_civilization: bool = False,
    save_target: int | None = None,
    modifier: int = 0,
) -> Outcome:
    """[Únava] add a level for each reason; at 7 or more a save vs death (d20 + modifier − level).

    The penalty equals the level. Resting in civilization no one dies of fatigue, and each day
    there heals one level. The save is rolled only when it is due and ``save_target`` is given.
    """
    check_int(level, FATIGUE_MIN, FATIGUE_MAX, "level")
    if isinstance(reasons, str) or not isinstance(reasons, Sequence) or len(
            reasons) > REASONS_MAX:
        raise RuleError(both(
            "'reasons' musí být seznam nejvýše {n} důvodů.",
            "'reasons' must be a list of at most {n} reasons.", n=REASONS_MAX), field="reasons")
    for reason in reasons:
        check_choice(reason, FATIGUE_REASONS, "reasons")
    check_bool(in_civilization, "in_civilization")
    if save_target is not None:
        check_int(save_target, SAVE_TARGET_MIN, SAVE_TARGET_MAX, "save_target")
    check_int(modifier, MODIFIER_MIN, MODIFIER_MAX, "modifier")

    new_level = level + len(reasons)
    required = new_level >= FATIGUE_DEATH_LEVEL and not in_civilization
    rolls = []
    dies: bool | None = None if required else False
    chance: Fraction | None = None
    natural = save_total = None
    shown = f"{level} + {len(reasons)} = {new_level}" if reasons else f"{new_level}"
    if new_level:
        first = Text(
            f"Únava {shown}: postih −{new_level} k útoku, poškození silou, OČ, záchranným hodům "
            f"a ověřením dovedností; v civilizaci "
            f"{plural_cs(new_level, 'den', 'dny', 'dní', counted=True)} do nuly.",
            f"Fatigue {shown}: −{new_level} to hit, to strength damage, AC, saving throws and "
            f"skill checks; {new_level} day{'s' if new_level != 1 else ''} in civilization to "
            "recover.")
    else:
        first = Text(f"Únava {shown}: bez postihu.", f"Fatigue {shown}: no penalty.")

    if required and save_target is not None:
        net = modifier - new_level
        test = d20_test(source, "death-save", modifier=net, target=save_target)
        rolls.append(test.roll)
        dies = not test.success
        natural, save_total = test.natural, test.total
        chance = success_chance(net, save_target)
        dice = _d20_written(test.natural, test.total, modifier, -new_level)
        sign = "≥" if test.total >= save_target else "<"
        note_cs = note_en = ""
        if test.critical:
            note_cs = f" (přirozená {test.natural})"
            note_en = f" (natural {test.natural})"
        second = Text(
            f"Záchranný hod proti smrti: {dice} {sign} {save_target}{note_cs} → "
            + ("umírá." if dies else "přežívá."),
            f"Save vs death: {dice} {sign} {save_target}{note_en} → "
            + ("dies." if dies else "survives."))
    elif required:
        second = Text(
            f"Při únavě {FATIGUE_DEATH_LEVEL} a víc je nutný záchranný hod proti smrti "
            "(zadej 'save_target' a hodí se).",
            f"At fatigue {FATIGUE_DEATH_LEVEL} or more a save vs death is due (give "
            "'save_target' to roll it).")
    elif new_level >= FATIGUE_DEATH_LEVEL:
        second = Text("Při odpočinku v civilizaci se na únavu neumírá.",
                      "No one dies of fatigue while resting in civilization.")
    else:
        second = Text("", "")
    text = Text(f"{first.cs} {second.cs}".strip(), f"{first.en} {second.en}".strip())
    result = FatigueResult(new_level, new_level, required, dies,
                           new_level // RECOVERY_PER_DAY, natural, save_total)
    rule = RULES["fatigue-death" if required else "fatigue"]
    return Outcome("fatigue", tuple(rolls), result, chance, text, rule)


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
        raise RuleError(both(
            "'hours_since_death' musí být číslo od 0 do {high}.",
            "'hours_since_death' must be a number from 0 to {high}.", high=AMOUNT_MAX),
            field="hours_since_death")
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
        raise RuleError(both(
            "'healed_to_max_since' se týká jen opakované smrti: zapni 'died_before', "
            "nebo ho vypni.",
            "'healed_to_max_since' only concerns a repeated death: turn 'died_before' on, "
            "or turn it off."), field="healed_to_max_since")

    rule = RULES["death-save"]
    if body_destroyed or poisoned:
        reason = "body-destroyed" if body_destroyed else "poisoned"
        lead = (Text("Zničené tělo nelze zkontrolovat: postava automaticky umírá.",
                     "A destroyed body cannot be checked: the character dies.")
                if body_destroyed else
                Text("Jed: postava umírá bez možnosti záchrany.",
                     "Poison: the character dies with no chance of rescue."))
        if give_up_skill_points:
            lead = Text(f"{lead.cs} Ani „Ale já chci žít“ ji nezachrání.",
                        f"{lead.en} Not even \"Ale já chci žít\" can save them.")
        result = DeathSaveResult(False, 0, None, 0, reason, 0)
        return Outcome("death-save", (), result, Fraction(0), lead, rule)

    too_late = hours > SURVIVAL_HOURS
    repeated = died_before and not healed_to_max_since
    saveable = not too_late and not repeated
    chance = death_survival_chance(saveable, give_up_skill_points)
    rolls = []
    if too_late:
        reason = "too-late"
        lead = Text(f"Po {number(hours, 'cs')} h (víc než {SURVIVAL_HOURS} h) už záchrana "
                    "není možná",
                    f"After {number(hours, 'en')} h (more than {SURVIVAL_HOURS} h) there is "
                    "no rescue")
    elif repeated:
        reason = "repeated-death"
        lead = Text("Opakovaná smrt bez vyléčení na maximum od té minulé: záchrana není možná",
                    "A repeated death without a full heal since the last: no rescue")
    else:
        rolled = roll(source, "survival", 1, 6)
        rolls.append(rolled)
        survives = rolled.total <= SURVIVES_ON
        reason = "survived" if survives else "failed-roll"
        sign = "≤" if survives else ">"
        lead = Text(f"Záchrana {written(rolled)} {sign} {SURVIVES_ON}",
                    f"Survival {written(rolled)} {sign} {SURVIVES_ON}")
        if survives:
            if healed:
                result = DeathSaveResult(True, healed, 0, SURVIVED_DEATH_FATIGUE, reason, 0)
                text = Text(
                    f"{lead.cs} → přežívá a díky léčení hned přichází k sobě {_lives(healed)}; "
                    "únava +1.",
                    f"{lead.en} → survives and, healed, wakes at once with {healed} HP; "
                    "fatigue +1.")
            else:
                shifts = roll(source, "unconscious", 1, UNCONSCIOUS_DIE)
                rolls.append(shifts)
                result = DeathSaveResult(True, SURVIVOR_HP, shifts.total,
                                         SURVIVED_DEATH_FATIGUE, reason, 0)
                text = Text(
                    f"{lead.cs} → přežívá s 1 životem, v bezvědomí na {written(shifts)} "
                    f"{'směnu' if shifts.total == 1 else 'směny'}; únava +1.",
                    f"{lead.en} → survives with 1 HP, unconscious for {written(shifts)} "
                    f"shift{'s' if shifts.total != 1 else ''}; fatigue +1.")
            return Outcome("death-save", tuple(rolls), result, chance, text, rule)

    if give_up_skill_points:
        hp = healed or SURVIVOR_HP
        result = DeathSaveResult(True, hp, None, SURVIVED_DEATH_FATIGUE,
                                 "gave-up-skill-points", SKILL_POINTS_LOST)
        text = Text(
            f"{lead.cs} → umírá, ale „Ale já chci žít“: žije {_lives(hp)} a ztrácí "
            f"{SKILL_POINTS_LOST} náhodných dovednostních bodů; únava +1.",
            f"{lead.en} → would die, but \"Ale já chci žít\": lives with {hp} HP and loses "
            f"{SKILL_POINTS_LOST} random skill points; fatigue +1.")
    else:
        result = DeathSaveResult(False, 0, None, 0, reason, 0)
        text = Text(f"{lead.cs} → umírá.", f"{lead.en} → dies.")
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


@procedure("healing", result=HealingResult, rule="natural-healing",
           samples=({"hp": 3, "max_hp": 12, "nights": 2},))
def healing(
    source: DiceSource,
    *,
    hp: int,
    max_hp: int,
    nights: int = 0,
    safe: bool = True,
    magic: int = 0,
) -> Outcome:
    """[Přirozené léčení] 2 HP a night of undisturbed rest, plus magic; never above the maximum.

    A night in the dangers of the wild or in a dungeon heals nothing. No dice.
    """
    check_int(max_hp, MAX_HP_MIN, AMOUNT_MAX, "max_hp")
    check_int(hp, 0, AMOUNT_MAX, "hp")
    check_int(nights, 0, AMOUNT_MAX, "nights")
    check_bool(safe, "safe")
    check_int(magic, 0, AMOUNT_MAX, "magic")
    if hp > max_hp:
        raise RuleError(both(
            "'hp' ({hp}) nesmí být víc než 'max_hp' ({max_hp}): oprav jedno z nich.",
            "'hp' ({hp}) cannot exceed 'max_hp' ({max_hp}): correct one of them.",
            hp=hp, max_hp=max_hp), field="hp")

    natural = HP_PER_NIGHT * nights if safe else 0
    new_hp = min(max_hp, hp + natural + magic)
    parts_cs, parts_en = [], []
    if nights:
        nights_cs = plural_cs(nights, "noc", "noci", "nocí", counted=True)
        if safe:
            parts_cs.append(f"{nights_cs} odpočinku +{natural}")
            parts_en.append(f"{nights} night{'s' if nights != 1 else ''} of rest +{natural}")
        else:
            parts_cs.append(f"{nights_cs} v nebezpečí +0")
            parts_en.append(f"{nights} night{'s' if nights != 1 else ''} in danger +0")
    if magic:
        parts_cs.append(f"magie +{magic}")
        parts_en.append(f"magic +{magic}")
    if not parts_cs:
        parts_cs.append("nic")
        parts_en.append("nothing")
    capped_cs = " (maximum)" if new_hp == max_hp and hp + natural + magic > max_hp else ""
    capped_en = " (the maximum)" if capped_cs else ""
    text = Text(
        f"Léčení: {', '.join(parts_cs)} → životy {new_hp} z {max_hp}{capped_cs}, "
        f"vyléčeno {new_hp - hp}.",
        f"Healing: {', '.join(parts_en)} → {new_hp} of {max_hp} HP{capped_en}, "
        f"{new_hp - hp} healed.")
    result = HealingResult(new_hp, new_hp - hp, natural, magic, new_hp == max_hp)
    return Outcome("healing", (), result, None, text, RULES["natural-healing"])
