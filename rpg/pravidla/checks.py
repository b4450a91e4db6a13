"""Checks of "Pravidla a procedury": skill checks, saving throws, magic items, x-in-y chances.

[Ověření dovedností, Jiné metody řešení nejasných situací, Záchranné hody, Zničení magických
předmětů]. Every d20 test goes through :mod:`rpg.pravidla.d20`; fatigue lowers every d20 total
([Únava]).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rpg.core.catalog import messages
from rpg.core.citations import RULES, Rule
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError, check_int
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both
from rpg.pravidla.d20 import (  # FATIGUE_MIN stays readable here: the calculators export it
    FATIGUE_MIN,  # noqa: F401
    Critical,
    checked_fatigue,
    d20_test,
    dice_mode,
    success_chance,
    verdict,
)

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "skill-check.title": Text("Ověření dovednosti", "Skill check"),
    "skill-check.chance": Text("Šance na úspěch", "Chance of success"),
    "saving-throw.title": Text("Záchranný hod", "Saving throw"),
    "saving-throw.chance": Text("Šance na úspěch", "Chance of success"),
    "magic-items.title": Text("Zničení magických předmětů", "Destruction of magic items"),
    "chance.title": Text("Šance x z y", "Chance x in y"),
    "chance.chance": Text("Šance na úspěch", "Chance of success"),
    "trap.title": Text("Past", "Trap"),
    "trap.chance": Text("Šance, že se spustí", "Chance it is sprung"),
    "wandering-monsters.title": Text("Putující monstra", "Wandering monsters"),
    "wandering-monsters.chance": Text("Šance na setkání", "Chance of an encounter"),
})

#: [Ověření dovedností] the difficulty table: API value → (DC, Czech name, English name).
DIFFICULTIES: dict[str, tuple[int, str, str]] = {
    "lehka": (5, "lehká", "easy"),
    "stredni": (10, "střední", "medium"),
    "tezka": (15, "těžká", "hard"),
    "velmi-tezka": (20, "velmi těžká", "very hard"),
}
#: "Nejběžnější obtížnost": the difficulty when neither ``dc`` nor ``difficulty`` is given.
DEFAULT_DIFFICULTY = "stredni"
#: A skill the character cannot be expected to have: the check is always "velmi těžká".
UNTRAINED_DIFFICULTY = "velmi-tezka"
DC_MIN, DC_MAX = 1, 40

#: [Záchranné hody] the one universal save, written on the sheet.
SAVE_TARGET_MIN, SAVE_TARGET_MAX = 1, 30
#: What the save is against, and the ability that modifies it (informational).
SAVE_AGAINST: dict[str, tuple[str, str]] = {
    "magic": ("proti magii (Rozum)", "against magic (Rozum)"),
    "death": ("proti smrti (Výdrž)", "against death (Výdrž)"),
    "poison": ("proti jedu (Výdrž)", "against poison (Výdrž)"),
    "other": ("", ""),
}
DEFAULT_AGAINST = "other"

#: [Zničení magických předmětů] one save for each item the character carried.
MAGIC_ITEMS_MIN, MAGIC_ITEMS_MAX = 1, 50

#: "x z y": roll one dy, 1..x succeeds; y is 2..100 and x is 1..y.
CHANCE_Y_MIN, CHANCE_Y_MAX = 2, 100
CHANCE_X_MIN = 1
PERCENT_MIN, PERCENT_MAX = 1, 100
PERCENT_DIE = 100
#: [Putující monstra] "většinou 1 z 6-ti"; [Pasti] "převážná většina pastí ... 2 z 6-ti";
#: [Jiné metody] no default in the text; the spec's 1 in 6.
WANDERING_MONSTERS_CHANCE = (1, 6)
TRAP_CHANCE = (2, 6)
DEFAULT_CHANCE = (1, 6)

# --- skill-check ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkillCheckResult:
    """``result`` of ``skill-check``; ``difficulty`` is the table row used (null with ``dc``)."""

    natural: int = field(metadata={"description": "The kept d20."})
    total: int
    dc: int
    success: bool
    critical: Critical = field(
        metadata={"description": "success on a natural 20, failure on a natural 1, else null."})
    difficulty: str | None = field(
        metadata={
            "description": "The difficulty table row used; null when `dc` was given.",
            "enum": "rpg.pravidla.checks.DIFFICULTIES",
        })


def _skill_dc(dc: int | None, difficulty: str | None, untrained: bool) -> tuple[int, str | None]:
    if dc is not None and difficulty is not None:
        raise RuleError(both(
            "Zadej buď 'dc' ({dc}), nebo 'difficulty' ({difficulty}), ne obojí.",
            "Give either 'dc' ({dc}) or 'difficulty' ({difficulty}), not both.",
            dc=dc, difficulty=difficulty), field="dc")
    if untrained and (dc is not None or difficulty is not None):
        field = "dc" if dc is not None else "difficulty"
        raise RuleError(both(
            "Bez předpokládané dovednosti ('untrained') je obtížnost vždy velmi těžká (DC 20): "
            "vynech '{field}', nebo 'untrained'.",
            "Without the expected skill ('untrained') the check is always very hard (DC 20): "
            "leave out '{field}' or 'untrained'.", field=field), field=field)
    if dc is not None:
        return check_int(dc, DC_MIN, DC_MAX, "dc"), None
    key = UNTRAINED_DIFFICULTY if untrained else (difficulty or DEFAULT_DIFFICULTY)
    if key not in DIFFICULTIES:
        raise RuleError(both(
            "Neznámá obtížnost '{key}': zvol jednu z {known}.",
            "Unknown difficulty '{key}': choose one of {known}.",
            key=key, known=", ".join(DIFFICULTIES)), field="difficulty")
    return DIFFICULTIES[key][0], key


@procedure("skill-check", result=SkillCheckResult, rule="skill-check",
           samples=({"modifier": 2, "difficulty": "tezka"},))
def skill_check(
    source: DiceSource,
    *,
    modifier: int = 0,
    dc: int | None = None,
    difficulty: str | None = None,
    bonus: int = 0,
    advantage: bool = False,
    disadvantage: bool = False,
    untrained: bool = False,
    fatigue: int = 0,
) -> Outcome:
    """[Ověření dovedností] d20 + skill modifier + situational bonus − fatigue against the DC.

    The DC is ``dc``, or the difficulty table's (default "střední", 10); an activity that needs a
    skill the character cannot be expected to have is always "velmi těžká" (20).
    """
    target, key = _skill_dc(dc, difficulty, untrained)
    total_modifier = modifier + bonus - checked_fatigue(fatigue)
    mode = dice_mode(advantage, disadvantage)
    test = d20_test(source, "skill-check", modifier=total_modifier, target=target, mode=mode)
    if test.critical == "success":
        outcome_cs, outcome_en = "kritický úspěch", "critical success"
    elif test.critical == "failure":
        outcome_cs, outcome_en = "kritický neúspěch", "critical failure"
    else:
        outcome_cs, outcome_en = ("úspěch", "success") if test.success else ("neúspěch", "failure")
    name_cs = f"{DIFFICULTIES[key][1]}, DC {target}" if key else f"DC {target}"
    name_en = f"{DIFFICULTIES[key][2]}, DC {target}" if key else f"DC {target}"
    shown = verdict(test, str(target), str(target), total_modifier)
    text = Text(
        f"Ověření dovednosti ({name_cs}): {shown.cs} → {outcome_cs}.",
        f"Skill check ({name_en}): {shown.en} → {outcome_en}.",
    )
    result = SkillCheckResult(
        test.natural, test.total, target, test.success, test.critical, key)
    chance = success_chance(total_modifier, target, mode)
    return Outcome("skill-check", (test.roll,), result, chance, text, RULES["skill-check"])


# --- saving-throw --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavingThrowResult:
    """``result`` of ``saving-throw``."""

    natural: int
    total: int
    target: int
    success: bool
    critical: Critical
    against: str = field(metadata={"enum": "rpg.pravidla.checks.SAVE_AGAINST"})


@procedure("saving-throw", result=SavingThrowResult, rule="saving-throw",
           samples=({"target": 14, "against": "death"},))
def saving_throw(
    source: DiceSource,
    *,
    target: int,
    against: str = DEFAULT_AGAINST,
    modifier: int = 0,
    bonus: int = 0,
    advantage: bool = False,
    disadvantage: bool = False,
    fatigue: int = 0,
) -> Outcome:
    """[Záchranné hody] d20 + modifiers − fatigue against the number written on the sheet.

    ``against`` names what the save is against (magic: Rozum; death and poison: Výdrž); the
    caller folds that ability into ``modifier``, so it only shows in the text.
    """
    check_int(target, SAVE_TARGET_MIN, SAVE_TARGET_MAX, "target")
    if against not in SAVE_AGAINST:
        raise RuleError(both(
            "Neznámý druh záchranného hodu '{against}': zvol jeden z {known}.",
            "Unknown kind of save '{against}': choose one of {known}.",
            against=against, known=", ".join(SAVE_AGAINST)), field="against")
    total_modifier = modifier + bonus - checked_fatigue(fatigue)
    mode = dice_mode(advantage, disadvantage)
    test = d20_test(source, "saving-throw", modifier=total_modifier, target=target, mode=mode)
    kind_cs, kind_en = SAVE_AGAINST[against]
    head_cs = f"Záchranný hod {kind_cs}".rstrip()
    head_en = f"Saving throw {kind_en}".rstrip()
    shown = verdict(test, str(target), str(target), total_modifier)
    verdict_cs, verdict_en = ("uspěl", "saved") if test.success else ("neuspěl", "failed")
    text = Text(f"{head_cs}: {shown.cs} → {verdict_cs}.", f"{head_en}: {shown.en} → {verdict_en}.")
    result = SavingThrowResult(
        test.natural, test.total, target, test.success, test.critical, against)
    chance = success_chance(total_modifier, target, mode)
    return Outcome("saving-throw", (test.roll,), result, chance, text, RULES["saving-throw"])


# --- magic-items ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MagicItem:
    """A magic item the character carried; ``bonus`` is its combat bonus (+2 sword, +1 armour)."""

    name: str
    bonus: int = 0


@dataclass(frozen=True, slots=True)
class ItemSave:
    """One item's save: ``chance`` is its exact P(survives)."""

    name: str
    natural: int
    total: int
    survives: bool
    chance: Fraction = field(metadata={"description": "Exact P(this item survives)."})


@dataclass(frozen=True, slots=True)
class MagicItemsResult:
    """``result`` of ``magic-items``: every item in list order, and how many survived."""

    items: tuple[ItemSave, ...]
    survived: int = field(metadata={"description": "How many items survive."})


def _item(value: MagicItem | Mapping[str, Any]) -> MagicItem:
    if isinstance(value, MagicItem):
        return value
    return MagicItem(str(value["name"]), int(value.get("bonus", 0)))


@procedure(
    "magic-items", result=MagicItemsResult, rule="magic-items",
    samples=(
        {"target": 14, "items": [{"name": "Meč", "bonus": 2}, {"name": "Plášť", "bonus": 0}]},
    ))
def magic_items(
    source: DiceSource,
    *,
    target: int,
    items: Sequence[MagicItem | Mapping[str, Any]],
    modifier: int = 0,
    bonus: int = 0,
    fatigue: int = 0,
) -> Outcome:
    """[Zničení magických předmětů] one save per item, with the owner's statistics.

    Each item adds its own combat bonus to the owner's save; the owner's applicable bonuses and
    penalties against the effect count too.
    """
    check_int(target, SAVE_TARGET_MIN, SAVE_TARGET_MAX, "target")
    check_int(len(items), MAGIC_ITEMS_MIN, MAGIC_ITEMS_MAX, "items")
    owner = modifier + bonus - checked_fatigue(fatigue)
    saves = []
    rolls = []
    parts_cs, parts_en = [], []
    for item in map(_item, items):
        item_modifier = owner + item.bonus
        test = d20_test(source, "magic-item", modifier=item_modifier, target=target)
        rolls.append(test.roll)
        saves.append(ItemSave(item.name, test.natural, test.total, test.success,
                              success_chance(item_modifier, target)))
        shown = verdict(test, str(target), str(target), item_modifier)
        parts_cs.append(f"{item.name}: {shown.cs} → {'přežil' if test.success else 'zničen'}")
        parts_en.append(
            f"{item.name}: {shown.en} → {'survives' if test.success else 'destroyed'}")
    survived = sum(s.survives for s in saves)
    text = Text(
        f"Magické předměty (záchrana {target}): " + "; ".join(parts_cs)
        + f". Přežilo {survived} z {len(saves)}.",
        f"Magic items (save {target}): " + "; ".join(parts_en)
        + f". {survived} of {len(saves)} survive.",
    )
    result = MagicItemsResult(tuple(saves), survived)
    return Outcome("magic-items", tuple(rolls), result, None, text, RULES["magic-items"])


# --- x in y: chance, trap, wandering-monsters ----------------------------------------------


@dataclass(frozen=True, slots=True)
class XInYResult:
    """``result`` of an x-in-y roll: ``roll`` on a d``y``, ``success`` iff roll ≤ ``x``."""

    roll: int = field(metadata={"description": "The d`y` rolled."})
    success: bool = field(
        metadata={"description": "The event happens (the trap is sprung, a monster comes)."})
    x: int
    y: int = field(metadata={"description": "The die: 100 for `percent`."})


def x_in_y_chance(x: int, y: int) -> Fraction:
    """P(1dy ≤ x), exact."""
    return Fraction(x, y)


def _x_in_y(x: int, y: int, x_field: str = "x", y_field: str = "y") -> tuple[int, int]:
    check_int(y, CHANCE_Y_MIN, CHANCE_Y_MAX, y_field)
    if not CHANCE_X_MIN <= x <= y:
        raise RuleError(both(
            "'{field}' musí být od {low} do y ({y}), ne {x}: x z y znamená hod 1dy, "
            "kde 1 až x uspěje.",
            "'{field}' must be between {low} and y ({y}), not {x}: x in y means rolling 1dy, "
            "where 1 to x succeeds.", field=x_field, low=CHANCE_X_MIN, y=y, x=x), field=x_field)
    return x, y


def _roll_x_in_y(
    source: DiceSource, procedure: str, x: int, y: int, rule: Rule,
    head: Text, happens: Text, nothing: Text, *, percent: bool = False,
) -> Outcome:
    rolled = roll(source, procedure, 1, y)
    success = rolled.total <= x
    sign = "≤" if success else ">"
    outcome = happens if success else nothing
    odds_cs = f"{x} %" if percent else f"{x} z {y}"
    odds_en = f"{x} %" if percent else f"{x} in {y}"
    text = Text(
        f"{head.cs} ({odds_cs}): {written(rolled)} {sign} {x} → {outcome.cs}.",
        f"{head.en} ({odds_en}): {written(rolled)} {sign} {x} → {outcome.en}.",
    )
    result = XInYResult(rolled.total, success, x, y)
    return Outcome(procedure, (rolled,), result, x_in_y_chance(x, y), text, rule)


@procedure("chance", result=XInYResult, rule="other-methods",
           samples=({"x": 2, "y": 6}, {"percent": 30}))
def chance(
    source: DiceSource,
    *,
    x: int | None = None,
    y: int | None = None,
    percent: int | None = None,
) -> Outcome:
    """[Jiné metody řešení nejasných situací] the GM sets the odds: x in y, or a percentage."""
    if percent is not None:
        if x is not None or y is not None:
            raise RuleError(both(
                "Zadej buď 'percent', nebo 'x' a 'y', ne obojí.",
                "Give either 'percent' or 'x' and 'y', not both."), field="percent")
        check_int(percent, PERCENT_MIN, PERCENT_MAX, "percent")
        return _roll_x_in_y(
            source, "chance", percent, PERCENT_DIE, RULES["other-methods"],
            Text("Šance", "Chance"), Text("úspěch", "success"), Text("neúspěch", "failure"),
            percent=True)
    odds = _x_in_y(DEFAULT_CHANCE[0] if x is None else x, DEFAULT_CHANCE[1] if y is None else y)
    return _roll_x_in_y(
        source, "chance", *odds, RULES["other-methods"],
        Text("Šance", "Chance"), Text("úspěch", "success"), Text("neúspěch", "failure"))


@procedure("trap", result=XInYResult, rule="trap",
           samples=({},))
def trap(source: DiceSource, *, x: int = TRAP_CHANCE[0], y: int = TRAP_CHANCE[1]) -> Outcome:
    """[Pasti] most traps are sprung on 2 in 6."""
    return _roll_x_in_y(
        source, "trap", *_x_in_y(x, y), RULES["trap"],
        Text("Past", "Trap"), Text("spustí se", "it is sprung"),
        Text("nespustí se", "it is not sprung"))


@procedure("wandering-monsters", result=XInYResult, rule="wandering-monsters",
           samples=({},))
def wandering_monsters(
    source: DiceSource,
    *,
    x: int = WANDERING_MONSTERS_CHANCE[0],
    y: int = WANDERING_MONSTERS_CHANCE[1],
) -> Outcome:
    """[Putující monstra] usually 1 in 6, checked every other turn or on a loud noise."""
    return _roll_x_in_y(
        source, "wandering-monsters", *_x_in_y(x, y), RULES["wandering-monsters"],
        Text("Putující monstra", "Wandering monsters"),
        Text("setkání s putujícím monstrem", "a wandering monster appears"),
        Text("nic se neděje", "nothing comes"))
