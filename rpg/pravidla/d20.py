"""The d20 test shared by skill checks, saving throws, attacks and catches.

One d20 (two with advantage or disadvantage, keeping the higher or lower; both cancel), a total of
natural + modifiers, success at or above the target; a natural 20 always succeeds and a natural 1
always fails (the rules' NAT20 / NAT1).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rpg.core.dice import DiceSource, Roll, plus, written
from rpg.core.errors import RuleError
from rpg.core.text import Text, both

D20 = 20
#: [Únava] fatigue is a level, never negative; it lowers every d20 total.
FATIGUE_MIN = 0
Critical = Literal["success", "failure"] | None


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
        raise RuleError(both(
            "Únava nemůže být záporná ({value}); zadej 0 nebo víc.",
            "Fatigue cannot be negative ({value}); give 0 or more.", value=fatigue),
            field="fatigue")
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
