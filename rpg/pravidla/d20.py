"""The d20 test shared by skill checks, saving throws, attacks and catches.

One d20 (two with advantage or disadvantage, keeping the higher or lower; both cancel), a total of
natural + modifiers, success at or above the target; a natural 20 always succeeds and a natural 1
always fails (the rules' NAT20 / NAT1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.dice import DiceSource, Roll, plus, written
from rpg.core.errors import RuleError
from rpg.core.text import Text

MESSAGES = messages({
    "d20.one": Text("1d20 = {natural}", "1d20 = {natural}"),
    "d20.advantage": Text("1d20 s výhodou ({dice}) = {natural}",
                          "1d20 with advantage ({dice}) = {natural}"),
    "d20.disadvantage": Text("1d20 s nevýhodou ({dice}) = {natural}",
                             "1d20 with disadvantage ({dice}) = {natural}"),
    "d20.plus": Text(" + {value}", " + {value}"),
    "d20.minus": Text(" − {value}", " − {value}"),
    "d20.named": Text("{term} ({name})", "{term} ({name})"),
    "d20.fatigue": Text("únava", "fatigue"),
    "d20.total": Text("{dice}{terms} = {total}", "{dice}{terms} = {total}"),
    "d20.at-least": Text("{shown} ≥ {target}", "{shown} ≥ {target}"),
    "d20.below": Text("{shown} < {target}", "{shown} < {target}"),
    "d20.natural-20": Text("{shown}, přirozená 20", "{shown}, natural 20"),
    "d20.natural-1": Text("{shown}, přirozená 1", "{shown}, natural 1"),
    "d20.negative-fatigue": Text("Únava nemůže být záporná ({value}); zadej 0 nebo víc.",
                                 "Fatigue cannot be negative ({value}); give 0 or more."),
})

D20 = 20
#: [Únava] fatigue is a level, never negative; it lowers every d20 total.
FATIGUE_MIN = 0
Critical = Literal["success", "failure"] | None

#: What the calculators need of this module (``pravidla/d20.js``).
CALCULATOR_DATA = {"faces": D20, "fatigue_min": FATIGUE_MIN}


@dataclass(frozen=True, slots=True)
class D20Test:
    """A rolled d20 test."""

    roll: Roll
    natural: int
    total: int
    target: int
    success: bool
    critical: Critical


def dice_mode(advantage: bool, disadvantage: bool) -> int:
    """+1 keep higher, −1 keep lower, 0 one die (advantage and disadvantage cancel)."""
    return int(advantage) - int(disadvantage)


def roll_d20(source: DiceSource, label: str, mode: int) -> Roll:
    """One d20, or two keeping the higher (``mode`` 1) or lower (``mode`` −1)."""
    if mode == 0:
        natural = source.die(D20, label)
        return Roll(label, "1d20", (natural,), natural)
    first, second = source.die(D20, label), source.die(D20, label)
    kept = max(first, second) if mode > 0 else min(first, second)
    return Roll(label, "2d20kh1" if mode > 0 else "2d20kl1", (first, second), kept)


def judge(natural: int, modifier: int, target: int) -> tuple[int, bool, Critical]:
    """Total, success and critical of a natural d20 result against ``target``."""
    total = natural + modifier
    if natural == D20:
        return total, True, "success"
    if natural == 1:
        return total, False, "failure"
    return total, total >= target, None


def d20_test(
    source: DiceSource, label: str, *, modifier: int, target: int, mode: int = 0
) -> D20Test:
    """Roll a d20 test: natural + ``modifier`` against ``target``."""
    rolled = roll_d20(source, label, mode)
    total, success, critical = judge(rolled.total, modifier, target)
    return D20Test(rolled, rolled.total, total, target, success, critical)


@lru_cache(maxsize=4096)
def success_chance(modifier: int, target: int, mode: int = 0) -> Fraction:
    """Exact P(success) of a d20 test.

    The successful naturals form an upper set (20 always, 1 never, a threshold between), so the
    kept die of two succeeds with 1 − (1 − p)² (higher) or p² (lower).
    """
    p = Fraction(sum(judge(n, modifier, target)[1] for n in range(1, D20 + 1)), D20)
    if mode > 0:
        return 1 - (1 - p) ** 2
    if mode < 0:
        return p * p
    return p


def checked_fatigue(fatigue: int) -> int:
    """Fatigue is a level, never negative."""
    if fatigue < FATIGUE_MIN:
        raise RuleError(msg("d20.negative-fatigue", value=fatigue), field="fatigue")
    return fatigue


def written_d20(test_roll: Roll, modifier: int, total: int, lang: str) -> str:
    """A d20 test as the rules write it: ``1d20 = 14 + 3 = 17``, with advantage both dice."""
    if len(test_roll.results) == 1:
        shown = written(test_roll)
    else:
        word = {("cs", True): "s výhodou", ("cs", False): "s nevýhodou",
                ("en", True): "with advantage", ("en", False): "with disadvantage"}[
            (lang, test_roll.notation.endswith("kh1"))]
        dice = ", ".join(map(str, test_roll.results))
        shown = f"1d20 {word} ({dice}) = {test_roll.total}"
    return shown + plus(modifier, total)


def verdict(test: D20Test, target_cs: str, target_en: str, modifier: int) -> Text:
    """``1d20 = 14 + 3 = 17 ≥ 15`` or the natural that decided it, in both languages."""
    if test.critical == "success":
        note_cs, note_en = ", přirozená 20", ", natural 20"
    elif test.critical == "failure":
        note_cs, note_en = ", přirozená 1", ", natural 1"
    else:
        sign = "≥" if test.success else "<"
        note_cs, note_en = f" {sign} {target_cs}", f" {sign} {target_en}"
    return Text(
        f"{written_d20(test.roll, modifier, test.total, 'cs')}{note_cs}",
        f"{written_d20(test.roll, modifier, test.total, 'en')}{note_en}",
    )


# --- Every modifier shown ([Únava]: fatigue named) ------------------------------------------


@dataclass(frozen=True, slots=True)
class Term:
    """One modifier that entered a d20 total, shown even when others cancel it; ``name`` a
    catalog message naming it (fatigue is always named: ``− 2 (únava)``)."""

    value: int
    name: Message | None = None


def fatigue_term(fatigue: int) -> Term:
    """Fatigue as a term of a total: subtracted, and named."""
    return Term(-fatigue, msg("d20.fatigue"))


def minus_sign(value: int) -> str:
    """An integer with the typographic minus: ``−3``."""
    return f"−{-value}" if value < 0 else str(value)


def written_terms(terms: Sequence[Term]) -> Join:
    """`` + 3 + 1 − 2 (únava)``: every term but zeros, each with its own sign."""
    shown: list[Message] = []
    for term in terms:
        if not term.value:
            continue
        part = msg("d20.plus" if term.value > 0 else "d20.minus", value=abs(term.value))
        shown.append(msg("d20.named", term=part, name=term.name) if term.name else part)
    return Join(tuple(shown), "")


def shown_total(test_roll: Roll, terms: tuple[Term, ...] | list[Term], total: int) -> Message:
    """A d20 test's dice and total as the rules write them: ``1d20 = 14 + 2 − 2 (únava) = 14``;
    with advantage both dice; without any term just ``1d20 = 14``."""
    if len(test_roll.results) == 1:
        dice = msg("d20.one", natural=test_roll.total)
    else:
        key = "d20.advantage" if test_roll.notation.endswith("kh1") else "d20.disadvantage"
        dice = msg(key, dice=", ".join(map(str, test_roll.results)), natural=test_roll.total)
    shown = written_terms(terms)
    if not shown.items:
        return dice
    return msg("d20.total", dice=dice, terms=shown, total=minus_sign(total))


def judged(test: D20Test, terms: tuple[Term, ...] | list[Term], target: object) -> Message:
    """``1d20 = 14 + 3 = 17 ≥ 15``, or the natural that decided it (``…, přirozená 20``)."""
    shown = shown_total(test.roll, terms, test.total)
    if test.critical == "success":
        return msg("d20.natural-20", shown=shown)
    if test.critical == "failure":
        return msg("d20.natural-1", shown=shown)
    return msg("d20.at-least" if test.success else "d20.below", shown=shown, target=target)
