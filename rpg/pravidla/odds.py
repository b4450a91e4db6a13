"""Rolls of "x in y" ("x z y-ti"): roll one d\\ *y*, a result of 1 to *x* makes the event happen.

The rulebook states chances this way (a trap sprung on 2 in 6, wandering monsters on 1 in 6, a
mishap on 50 %); every such procedure is a row of odds here and a few catalog entries, and the
calculators roll every row with one function (``pravidla/odds.js``). A row names its catalog
entries by its key: ``<key>.head`` (what is rolled for), ``<key>.happens`` and ``<key>.nothing``
(what each outcome means).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rpg.core.catalog import Field, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError, check_int
from rpg.core.outcome import Outcome
from rpg.core.text import Text

#: "x z y": roll one dy, 1..x succeeds; y is 2..100 and x is 1..y.
CHANCE_Y_MIN, CHANCE_Y_MAX = 2, 100
CHANCE_X_MIN = 1
PERCENT_MIN, PERCENT_MAX = 1, 100
PERCENT_DIE = 100

#: What the calculators need of this module (``pravidla/odds.js``).
CALCULATOR_DATA = {"y": [CHANCE_Y_MIN, CHANCE_Y_MAX], "x_min": CHANCE_X_MIN,
                   "percent": [PERCENT_MIN, PERCENT_MAX], "percent_die": PERCENT_DIE}

MESSAGES = messages({
    "odds.text": Text("{head} ({odds}): {dice} {sign} {x} → {outcome}.",
                      "{head} ({odds}): {dice} {sign} {x} → {outcome}."),
    "odds.x-in-y": Text("{x} z {y}", "{x} in {y}"),
    "odds.percent": Text("{x}\u00a0%", "{x}%"),
    "odds.x-range": Text(
        "{field} musí být od {low} do y ({y}), ne {x}: x z y znamená hod 1dy, kde 1 až x uspěje.",
        "{field} must be between {low} and y ({y}), not {x}: x in y means rolling 1dy, where 1 "
        "to x succeeds."),
})


@dataclass(frozen=True, slots=True)
class Odds:
    """A procedure that rolls "x in y": its key (the catalog's and the roll's label), its
    default odds and the rule it cites."""

    key: str
    x: int
    y: int
    rule: str


@dataclass(frozen=True, slots=True)
class XInYResult:
    """``result`` of an x-in-y roll: ``roll`` on a d``y``, ``success`` iff roll ≤ ``x``."""

    roll: int
    success: bool
    x: int
    y: int


def checked_odds(x: int, y: int, x_field: str = "x", y_field: str = "y") -> tuple[int, int]:
    """``x`` and ``y`` as the convention allows them (y 2..100, x 1..y), else a 422."""
    check_int(y, CHANCE_Y_MIN, CHANCE_Y_MAX, y_field)
    if not CHANCE_X_MIN <= x <= y:
        raise RuleError(msg("odds.x-range", field=Field(x_field), low=CHANCE_X_MIN, y=y, x=x),
                        field=x_field)
    return x, y


def roll_odds(source: DiceSource, odds: Odds, x: int, y: int, *,
              percent: bool = False) -> Outcome:
    """Roll ``x`` in ``y`` for ``odds`` (a percentage is ``x`` in 100, written ``x %``)."""
    rolled = roll(source, odds.key, 1, y)
    success = rolled.total <= x
    text = msg(
        "odds.text", head=msg(f"{odds.key}.head"),
        odds=msg("odds.percent", x=x) if percent else msg("odds.x-in-y", x=x, y=y),
        dice=written(rolled), sign="≤" if success else ">", x=x,
        outcome=msg(f"{odds.key}.happens" if success else f"{odds.key}.nothing"))
    result = XInYResult(rolled.total, success, x, y)
    return Outcome(odds.key, (rolled,), result, Fraction(x, y), text, RULES[odds.rule])
