"""Checks of "Pravidla a procedury": skill checks, saving throws, magic items, x-in-y chances.

[Ověření dovedností, Jiné metody řešení nejasných situací, Záchranné hody, Zničení magických
předmětů]; the dungeon's rows of odds ([Pasti, Putující monstra]) are in
:mod:`rpg.pravidla.dungeon`. Every d20 test goes through :mod:`rpg.pravidla.d20` and
writes every modifier that entered its total, fatigue named ([Únava]). A skill check and a saving
throw may be rolled for a whole group at once (``count``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from rpg.core.catalog import Choice, Field, Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource
from rpg.core.errors import RuleError, check_int
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import (
    FATIGUE_MIN,
    Critical,
    D20Test,
    Term,
    checked_fatigue,
    d20_test,
    dice_mode,
    fatigue_term,
    judged,
    success_chance,
)
from rpg.pravidla.odds import (
    PERCENT_DIE,
    PERCENT_MAX,
    PERCENT_MIN,
    Odds,
    XInYResult,
    checked_odds,
    roll_odds,
)

#: [Ověření dovedností] the difficulty table: API value → obtížnost (DC). Each one's name is the
#: catalog's ``difficulty.<key>``.
DIFFICULTIES: dict[str, int] = {"lehka": 5, "stredni": 10, "tezka": 15, "velmi-tezka": 20}
#: "Nejběžnější obtížnost": the difficulty when neither ``dc`` nor ``difficulty`` is given.
DEFAULT_DIFFICULTY = "stredni"
#: A skill the character cannot be expected to have: the check is always "velmi těžká".
UNTRAINED_DIFFICULTY = "velmi-tezka"
DC_MIN, DC_MAX = 1, 40

#: [Záchranné hody] the one universal save, written on the sheet.
SAVE_TARGET_MIN, SAVE_TARGET_MAX = 1, 30
#: What the save is against (informational: magic is modified by Rozum, death and poison by
#: Výdrž); each one's words are the catalog's ``saving-throw.<key>``.
SAVE_AGAINST = ("magic", "death", "poison", "other")
DEFAULT_AGAINST = "other"

#: [Zničení magických předmětů] one save for each item the character carried.
MAGIC_ITEMS_MIN, MAGIC_ITEMS_MAX = 1, 50

#: A group rolling the same check: five goblins, a whole party (section 2c, "Groups").
COUNT_MIN, COUNT_MAX = 1, 50

#: [Jiné metody] no default in the text; the contract's 1 in 6.
CHANCE = Odds("chance", 1, 6, "other-methods")

MESSAGES = messages({
    "skill-check.title": Text("Ověření dovednosti", "Skill check"),
    "skill-check.chance": Text("Šance na úspěch", "Chance of success"),
    "skill-check.text": Text("Ověření dovednosti ({difficulty}): {shown} → {outcome}.",
                             "Skill check ({difficulty}): {shown} → {outcome}."),
    "skill-check.group": Text("Ověření dovednosti ×{count} ({difficulty}): {each}. {summary}",
                              "Skill check ×{count} ({difficulty}): {each}. {summary}"),
    "skill-check.named-dc": Text("{name}, obtížnost {dc}", "{name}, DC {dc}"),
    "skill-check.dc": Text("obtížnost {dc}", "DC {dc}"),
    "skill-check.both": Text(
        "Zadej buď {dc} ({dc_value}), nebo {difficulty} ({difficulty_value}), ne obojí.",
        "Give either {dc} ({dc_value}) or {difficulty} ({difficulty_value}), not both."),
    "skill-check.untrained": Text(
        "Bez předpokládané dovednosti ({untrained}) je obtížnost vždy velmi těžká (20): "
        "vynech {field}, nebo {untrained}.",
        "Without the expected skill ({untrained}) the check is always very hard (DC 20): "
        "leave out {field} or {untrained}."),
    "difficulty.lehka": Text("lehká", "easy"),
    "difficulty.stredni": Text("střední", "medium"),
    "difficulty.tezka": Text("těžká", "hard"),
    "difficulty.velmi-tezka": Text("velmi těžká", "very hard"),
    "check.critical-success": Text("kritický úspěch", "critical success"),
    "check.critical-failure": Text("kritický neúspěch", "critical failure"),
    "check.success": Text("úspěch", "success"),
    "check.failure": Text("neúspěch", "failure"),
    "check.successes": Text("Úspěchů: {successes} z {count}.",
                            "Successes: {successes} of {count}."),
    "saving-throw.title": Text("Záchranný hod", "Saving throw"),
    "saving-throw.chance": Text("Šance na úspěch", "Chance of success"),
    "saving-throw.text": Text("Záchranný hod{against}: {shown} → {outcome}.",
                              "Saving throw{against}: {shown} → {outcome}."),
    "saving-throw.group": Text("Záchranný hod{against} ×{count}: {each}. {summary}",
                               "Saving throw{against} ×{count}: {each}. {summary}"),
    "saving-throw.magic": Text(" proti magii (Rozum)", " against magic (Rozum)"),
    "saving-throw.death": Text(" proti smrti (Výdrž)", " against death (Výdrž)"),
    "saving-throw.poison": Text(" proti jedu (Výdrž)", " against poison (Výdrž)"),
    "saving-throw.other": Text("", ""),
    "saving-throw.saved": Text("uspěl", "saved"),
    "saving-throw.failed": Text("neuspěl", "failed"),
    "group.each": Text("{index}. {shown} → {outcome}", "{index}. {shown} → {outcome}"),
    "magic-items.title": Text("Zničení magických předmětů", "Destruction of magic items"),
    "magic-items.text": Text("Magické předměty (záchrana {target}): {items}. "
                             "{survived:Přežil|Přežily|Přežilo} {survived} z {count}.",
                             "Magic items (save {target}): {items}. "
                             "{survived} of {count} {survived:survives|survive}."),
    # "předmět Hůl: … → zničen": the outcome agrees with "předmět", whatever the item's name.
    "magic-items.item": Text("předmět {name}: {shown} → {outcome}",
                             "{name}: {shown} → {outcome}"),
    "magic-items.survives": Text("přežil", "survives"),
    "magic-items.destroyed": Text("zničen", "destroyed"),
    "magic-items.chart": Text("Šance přežití jednotlivých předmětů",
                              "Each item's chance to survive"),
    "chance.title": Text("Šance x z y", "Chance x in y"),
    "chance.chance": Text("Šance na úspěch", "Chance of success"),
    "chance.head": Text("Šance", "Chance"),
    "chance.happens": Text("úspěch", "success"),
    "chance.nothing": Text("neúspěch", "failure"),
    "chance.both": Text("Zadej buď {percent}, nebo {x} a {y}, ne obojí.",
                        "Give either {percent} or {x} and {y}, not both."),
})

#: What the calculators need of this module (``pravidla/checks.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "difficulties": DIFFICULTIES, "default_difficulty": DEFAULT_DIFFICULTY,
    "untrained_difficulty": UNTRAINED_DIFFICULTY, "dc": [DC_MIN, DC_MAX],
    "save_target": [SAVE_TARGET_MIN, SAVE_TARGET_MAX], "save_against": list(SAVE_AGAINST),
    "default_against": DEFAULT_AGAINST, "magic_items": [MAGIC_ITEMS_MIN, MAGIC_ITEMS_MAX],
    "count": [COUNT_MIN, COUNT_MAX], "fatigue_min": FATIGUE_MIN,
    "odds": {CHANCE.key: [CHANCE.x, CHANCE.y]},
}


def binomial(count: int, p: Fraction) -> tuple[Fraction, ...]:
    """Exact P(k successes) of ``count`` independent tries of chance ``p``, k = 0..count."""
    from math import comb

    return tuple(comb(count, k) * p**k * (1 - p) ** (count - k) for k in range(count + 1))


@dataclass(frozen=True, slots=True)
class GroupSummary:
    """How a group's rolls went."""

    count: int
    successes: int


class Judged(Protocol):
    """A d20 check as its words judge it: a test as rolled, or a check's result."""

    @property
    def success(self) -> bool: ...

    @property
    def critical(self) -> Critical: ...


def outcome_word(test: Judged) -> Message:
    """``úspěch``, ``neúspěch``, or the critical one."""
    if test.critical == "success":
        return msg("check.critical-success")
    if test.critical == "failure":
        return msg("check.critical-failure")
    return msg("check.success" if test.success else "check.failure")


def rolled_checks(
    source: DiceSource, path: str, *, count: int, target: int, terms: list[Term], mode: int,
    word: Callable[[D20Test], Message], result: Callable[[D20Test], Any], group: type,
    **params: Any,
) -> Outcome:
    """One d20 check rolled ``count`` times with the same inputs: the single answer
    (``<path>.text``), or a group's (``<path>.group``: every roll, then the successes)."""
    modifier = sum(term.value for term in terms)
    tests = [d20_test(source, path, modifier=modifier, target=target, mode=mode)
             for _ in range(check_int(count, COUNT_MIN, COUNT_MAX, "count"))]
    chance = success_chance(modifier, target, mode)
    rolls = tuple(test.roll for test in tests)
    rule = RULES[path]
    if count == 1:
        text = msg(f"{path}.text", shown=judged(tests[0], terms, target),
                   outcome=word(tests[0]), **params)
        return Outcome(path, rolls, result(tests[0]), chance, text, rule)
    successes = sum(test.success for test in tests)
    each = Join(tuple(msg("group.each", index=index, shown=judged(test, terms, target),
                          outcome=word(test)) for index, test in enumerate(tests, 1)), "; ")
    text = msg(f"{path}.group", count=count, each=each,
               summary=msg("check.successes", successes=successes, count=count), **params)
    rolled = group(tuple(map(result, tests)), GroupSummary(count, successes),
                   binomial(count, chance))
    return Outcome(path, rolls, rolled, chance, text, rule)


# --- skill-check ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkillCheckResult:
    """``result`` of ``skill-check``; ``difficulty`` is the table row used (null with ``dc``)."""

    natural: int = field(metadata={"description": "The kept d20."})
    total: int
    dc: int
    success: bool
    critical: Critical = field(metadata={
        "description": "success on a natural 20, failure on a natural 1, else null."})
    difficulty: str | None = field(
        metadata={
            "description": "The difficulty table row used; null when `dc` was given.",
            "enum": "rpg.pravidla.checks.DIFFICULTIES",
        })


@dataclass(frozen=True, slots=True)
class SkillCheckGroup:
    """``result`` of ``skill-check`` with ``count`` 2 or more."""

    each: tuple[SkillCheckResult, ...] = field(metadata={"description": "Every roll's result."})
    summary: GroupSummary
    successes_distribution: tuple[Fraction, ...] = field(metadata={
        "description": "count + 1 exact probabilities: item k is P(k successes)."})


def _skill_dc(dc: int | None, difficulty: str | None, untrained: bool) -> tuple[int, str | None]:
    if dc is not None and difficulty is not None:
        raise RuleError(msg("skill-check.both", dc=Field("dc"), dc_value=dc,
                            difficulty=Field("difficulty"),
                            difficulty_value=Choice("difficulty", difficulty)),
                        field="dc")
    if untrained and (dc is not None or difficulty is not None):
        name = "dc" if dc is not None else "difficulty"
        raise RuleError(msg("skill-check.untrained", untrained=Field("untrained"),
                            field=Field(name)), field=name)
    if dc is not None:
        return check_int(dc, DC_MIN, DC_MAX, "dc"), None
    key = UNTRAINED_DIFFICULTY if untrained else (difficulty or DEFAULT_DIFFICULTY)
    if key not in DIFFICULTIES:
        from rpg.core.errors import check_choice

        check_choice(key, tuple(DIFFICULTIES), "difficulty")
    return DIFFICULTIES[key], key


@procedure("skill-check", result=(SkillCheckResult, SkillCheckGroup), rule="skill-check",
           samples=({"modifier": 2, "difficulty": "tezka"},
                    {"modifier": 1, "count": 5, "difficulty": "tezka"}))
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
    count: int = 1,
) -> Outcome:
    """[Ověření dovedností] d20 + skill modifier + situational bonus − fatigue against the DC.

    The DC is ``dc``, or the difficulty table's (default "střední", 10); an activity that needs a
    skill the character cannot be expected to have is always "velmi těžká" (20). With ``count``
    the same check is rolled that many times (a group), dice consumed roll after roll.
    """
    target, key = _skill_dc(dc, difficulty, untrained)
    named = (msg("skill-check.named-dc", name=msg(f"difficulty.{key}"), dc=target) if key
             else msg("skill-check.dc", dc=target))
    return rolled_checks(
        source, "skill-check", count=count, target=target,
        terms=[Term(modifier), Term(bonus), fatigue_term(checked_fatigue(fatigue))],
        mode=dice_mode(advantage, disadvantage), word=outcome_word,
        result=lambda test: SkillCheckResult(
            test.natural, test.total, target, test.success, test.critical, key),
        group=SkillCheckGroup, difficulty=named)


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


@dataclass(frozen=True, slots=True)
class SavingThrowGroup:
    """``result`` of ``saving-throw`` with ``count`` 2 or more."""

    each: tuple[SavingThrowResult, ...] = field(metadata={"description": "Every roll's result."})
    summary: GroupSummary
    successes_distribution: tuple[Fraction, ...] = field(metadata={
        "description": "count + 1 exact probabilities: item k is P(k successes)."})


def saved_word(test: D20Test) -> Message:
    """``uspěl`` or ``neuspěl``."""
    return msg("saving-throw.saved" if test.success else "saving-throw.failed")


@procedure("saving-throw", result=(SavingThrowResult, SavingThrowGroup), rule="saving-throw",
           samples=({"target": 14, "against": "death"}, {"target": 12, "count": 4}))
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
    count: int = 1,
) -> Outcome:
    """[Záchranné hody] d20 + modifiers − fatigue against the number written on the sheet.

    ``against`` names what the save is against (magic: Rozum; death and poison: Výdrž); the
    caller folds that ability into ``modifier``, so it only shows in the text. With ``count``
    the same save is rolled that many times.
    """
    from rpg.core.errors import check_choice

    check_int(target, SAVE_TARGET_MIN, SAVE_TARGET_MAX, "target")
    check_choice(against, SAVE_AGAINST, "against")
    return rolled_checks(
        source, "saving-throw", count=count, target=target,
        terms=[Term(modifier), Term(bonus), fatigue_term(checked_fatigue(fatigue))],
        mode=dice_mode(advantage, disadvantage), word=saved_word,
        result=lambda test: SavingThrowResult(
            test.natural, test.total, target, test.success, test.critical, against),
        group=SavingThrowGroup, against=msg(f"saving-throw.{against}"))


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
    lines = []
    for item in map(_item, items):
        item_modifier = owner + item.bonus
        test = d20_test(source, "magic-item", modifier=item_modifier, target=target)
        rolls.append(test.roll)
        saves.append(ItemSave(item.name, test.natural, test.total, test.success,
                              success_chance(item_modifier, target)))
        terms = [Term(modifier), Term(bonus), Term(item.bonus), fatigue_term(fatigue)]
        lines.append(msg("magic-items.item", name=item.name, shown=judged(test, terms, target),
                         outcome=msg("magic-items.survives" if test.success
                                     else "magic-items.destroyed")))
    survived = sum(s.survives for s in saves)
    text = msg("magic-items.text", target=target, items=Join(tuple(lines), "; "),
               survived=survived, count=len(saves))
    result = MagicItemsResult(tuple(saves), survived)
    return Outcome("magic-items", tuple(rolls), result, None, text, RULES["magic-items"])


# --- x in y: chance ----------------------------------------------------------------------


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
            raise RuleError(msg("chance.both", percent=Field("percent"), x=Field("x"),
                                y=Field("y")), field="percent")
        check_int(percent, PERCENT_MIN, PERCENT_MAX, "percent")
        return roll_odds(source, CHANCE, percent, PERCENT_DIE, percent=True)
    odds = checked_odds(CHANCE.x if x is None else x, CHANCE.y if y is None else y)
    return roll_odds(source, CHANCE, *odds)
