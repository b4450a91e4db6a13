"""Dice notation: ``2d6+3``, ``4d6kh3``, ``d%``, Czech ``2k6``; one stage per step.

notation → :func:`parse` (a cached, immutable :class:`Expression`) → :meth:`Expression.roll` with a
dice source → :class:`RolledExpression` → text. The exact minimum, maximum and mean come from the
parse tree alone, so they are computed once per expression.

Grammar (whitespace ignored, letters case-insensitive)::

    expression := [sign] term (sign term)*          at most 10 terms, 200 dice, 100 characters
    term       := integer | [count] ("d" | "k") (faces | "%") [("kh" | "kl") keep]
    count 1..100, faces 2..1000, keep 1..count, integer 0..10000

A space between two terms is read as ``+`` (``1d8 1`` is ``1d8+1``, ``2d6 d4`` is ``2d6+1d4``):
an unencoded ``+`` typed into a query string (a phone's address bar) arrives as a space, and so
every dice expression of every procedure, on every path, reads it the same way. A space inside a
term changes nothing (``2 d6`` is ``2d6``, ``4d6 kh3`` keeps 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll
from rpg.core.errors import RollSyntaxError, TooManyRolls
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "roll.title": Text("Hod kostkami", "Dice roll"),
    "roll.text": Text("Hod {notation}: {terms} = {total}.", "Roll {notation}: {terms} = {total}."),
    "notation.dropped": Text("{sign}{notation} ({kept}; zahozeno {dropped})",
                             "{sign}{notation} ({kept}; dropped {dropped})"),
    "notation.error": Text("'{expr}' → {problem} na pozici {position}",
                           "'{expr}' → {problem} at position {position}"),
    "notation.too-large": Text("příliš velké číslo", "number too large"),
    "notation.terms": Text("nejvýše {n} členů", "at most {n} terms are allowed"),
    "notation.sign": Text("očekáváno '+' nebo '-'", "expected '+' or '-'"),
    "notation.term": Text("očekáváno číslo nebo kostka", "expected a number or a die"),
    "notation.constant": Text("číslo větší než {n}", "number above {n}"),
    "notation.count": Text("počet kostek musí být 1 až {n}", "the number of dice must be 1 to {n}"),
    "notation.faces": Text("očekáván počet stěn kostky", "expected the number of faces"),
    "notation.faces-range": Text("kostka musí mít {low} až {high} stěn",
                                 "a die must have {low} to {high} faces"),
    "notation.keep-mode": Text("očekáváno 'kh' nebo 'kl'", "expected 'kh' or 'kl'"),
    "notation.keep-count": Text("očekáván počet ponechaných kostek",
                                "expected how many dice to keep"),
    "notation.keep-range": Text("ponechat lze 1 až {n} kostek", "can keep 1 to {n} dice"),
    "notation.too-long": Text("Výraz je delší než {n} znaků.",
                              "The expression is longer than {n} characters."),
    "notation.too-many-dice": Text("Výraz hází {n} kostek, nejvýše lze {m}.",
                                   "The expression rolls {n} dice, at most {m} are allowed."),
})

MAX_LENGTH = 100
MAX_TERMS = 10
MAX_DICE = 200
MAX_COUNT = 100
MIN_FACES, MAX_FACES = 2, 1000
MAX_CONSTANT = 10_000


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` d``faces``, optionally keeping ``keep`` highest (``"h"``) or lowest (``"l"``)."""

    sign: int
    count: int
    faces: int
    keep_mode: str | None = None
    keep: int | None = None

    @property
    def notation(self) -> str:
        keep = f"k{self.keep_mode}{self.keep}" if self.keep_mode else ""
        return f"{self.count}d{self.faces}{keep}"

    @property
    def kept_count(self) -> int:
        return self.keep if self.keep is not None else self.count

    @property
    def minimum(self) -> int:
        return self.kept_count

    @property
    def maximum(self) -> int:
        return self.kept_count * self.faces

    @property
    def mean(self) -> Fraction:
        return _kept_mean(self.count, self.faces, self.keep_mode, self.kept_count)


@dataclass(frozen=True, slots=True)
class ConstantTerm:
    """A plain number added or subtracted."""

    sign: int
    value: int

    @property
    def notation(self) -> str:
        return str(self.value)


Term = DiceTerm | ConstantTerm


@dataclass(frozen=True, slots=True)
class RolledTerm:
    """One term after rolling: all its dice, the ones kept, and its signed value."""

    notation: str
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    value: int = field(metadata={"description": "Signed value of the term."})


@dataclass(frozen=True, slots=True)
class RolledExpression:
    """An expression after rolling."""

    total: int
    terms: tuple[RolledTerm, ...]


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed dice expression; immutable and cached by its source text."""

    source: str
    terms: tuple[Term, ...]

    @property
    def notation(self) -> str:
        """Canonical notation: ``1d20+5``, ``d%`` written as ``1d100``."""
        parts = []
        for index, term in enumerate(self.terms):
            sign = "-" if term.sign < 0 else ("+" if index else "")
            parts.append(sign + term.notation)
        return "".join(parts)

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms if isinstance(t, DiceTerm))

    @property
    def minimum(self) -> int:
        return sum(_signed_bounds(t)[0] for t in self.terms)

    @property
    def maximum(self) -> int:
        return sum(_signed_bounds(t)[1] for t in self.terms)

    @property
    def mean(self) -> Fraction:
        return Fraction(0) + sum(
            (t.sign * (t.mean if isinstance(t, DiceTerm) else t.value) for t in self.terms),
            Fraction(0),
        )

    def roll(self, source: DiceSource, label: str) -> RolledExpression:
        """Roll left to right, die by die."""
        rolled = []
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                rolled.append(RolledTerm(term.notation, (), (), term.sign * term.value))
                continue
            dice = tuple(source.die(term.faces, label) for _ in range(term.count))
            kept = _keep(dice, term.keep_mode, term.kept_count)
            rolled.append(RolledTerm(term.notation, dice, kept, term.sign * sum(kept)))
        return RolledExpression(sum(t.value for t in rolled), tuple(rolled))


def _signed_bounds(term: Term) -> tuple[int, int]:
    low, high = (
        (term.minimum, term.maximum) if isinstance(term, DiceTerm) else (term.value, term.value)
    )
    return (low, high) if term.sign > 0 else (-high, -low)


def _keep(dice: tuple[int, ...], mode: str | None, count: int) -> tuple[int, ...]:
    """The kept dice, in the order they were rolled."""
    if mode is None:
        return dice
    ranked = sorted(range(len(dice)), key=lambda i: dice[i], reverse=(mode == "h"))
    chosen = sorted(ranked[:count])
    return tuple(dice[i] for i in chosen)


@lru_cache(maxsize=1024)
def _kept_mean(count: int, faces: int, mode: str | None, kept: int) -> Fraction:
    """Exact mean of the sum of the ``kept`` highest (or lowest) of ``count`` d``faces``.

    The sum of the K highest dice equals Σₓ min(K, #dice ≥ x) over x = 1..faces, so its mean is
    Σₓ E[min(K, B)] with B ~ Binomial(count, (faces − x + 1) / faces); integer arithmetic keeps it
    exact. The K lowest are all the dice minus the (count − K) highest.
    """
    if mode is None or kept == count:
        return Fraction(count * (faces + 1), 2)
    if mode == "l":
        return Fraction(count * (faces + 1), 2) - _kept_mean(count, faces, "h", count - kept)
    weights = [min(kept, j) * comb(count, j) for j in range(count + 1)]
    numerator = 0
    for x in range(1, faces + 1):
        at_least, below = faces - x + 1, x - 1
        numerator += sum(
            w * at_least**j * below ** (count - j) for j, w in enumerate(weights) if w
        )
    return Fraction(numerator, faces**count)


class _Parser:
    """A hand-written scanner over the original text, so errors can name the position."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, problem: str, at: int | None = None, **values: object) -> RollSyntaxError:
        """The mistake ``problem`` (a ``notation.*`` message) at the current or given place."""
        position = (self.pos if at is None else at) + 1
        return RollSyntaxError(msg("notation.error", expr=self.text, position=position,
                                   problem=msg(f"notation.{problem}", **values)), position)

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos].lower() if self.pos < len(self.text) else ""

    def integer(self) -> int | None:
        self.skip_space()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if start == self.pos:
            return None
        digits = self.text[start:self.pos]
        if len(digits) > 6:
            raise self.error("too-large", at=start)
        return int(digits)

    def spaced_term(self) -> bool:
        """Whether a space ends the term before and a new one starts here: a number, or a die
        (``d6``, ``k6``, ``d%``); the space is then read as ``+``."""
        here = self.text[self.pos:self.pos + 2].lower()
        return self.pos > 0 and self.text[self.pos - 1].isspace() and bool(here) and (
            here[0] in "0123456789" or (here[:1] in ("d", "k") and len(here) == 2
                                        and here[1] in "0123456789%"))

    def parse(self) -> tuple[Term, ...]:
        if len(self.text) > MAX_LENGTH:
            raise RollSyntaxError(msg("notation.too-long", n=MAX_LENGTH), MAX_LENGTH + 1)
        terms: list[Term] = []
        sign = 1
        if self.peek() in "+-" and self.peek():
            sign = -1 if self.peek() == "-" else 1
            self.pos += 1
        while True:
            if len(terms) == MAX_TERMS:
                raise self.error("terms", n=MAX_TERMS)
            terms.append(self.term(sign))
            following = self.peek()
            if following == "":
                break
            if following in "+-":
                sign = -1 if following == "-" else 1
                self.pos += 1
            elif self.spaced_term():  # an unencoded "+" that arrived as a space
                sign = 1
            else:
                raise self.error("sign")
        dice = sum(t.count for t in terms if isinstance(t, DiceTerm))
        if dice > MAX_DICE:
            raise TooManyRolls(msg("notation.too-many-dice", n=dice, m=MAX_DICE), field="expr")
        return tuple(terms)

    def term(self, sign: int) -> Term:
        self.skip_space()
        start = self.pos
        number = self.integer()
        if self.peek() not in ("d", "k") or self.peek() == "":
            if number is None:
                raise self.error("term")
            if number > MAX_CONSTANT:
                raise self.error("constant", at=start, n=MAX_CONSTANT)
            return ConstantTerm(sign, number)
        count = 1 if number is None else number
        if not 1 <= count <= MAX_COUNT:
            raise self.error("count", at=start, n=MAX_COUNT)
        self.pos += 1  # the "d" (or Czech "k")
        self.skip_space()
        faces_at = self.pos
        faces = 100
        if self.peek() == "%":
            self.pos += 1
        else:
            given = self.integer()
            if given is None:
                raise self.error("faces")
            faces = given
            if not MIN_FACES <= faces <= MAX_FACES:
                raise self.error("faces-range", at=faces_at, low=MIN_FACES, high=MAX_FACES)
        keep_mode, keep = None, None
        if self.peek() == "k" and not self.spaced_term():  # "2d6 k4" is 2d6+1d4
            keep_at = self.pos
            self.pos += 1
            mode = self.peek()
            if mode not in ("h", "l") or mode == "":
                raise self.error("keep-mode", at=keep_at)
            self.pos += 1
            keep = self.integer()
            if keep is None:
                raise self.error("keep-count")
            if not 1 <= keep <= count:
                raise self.error("keep-range", at=keep_at, n=count)
            keep_mode = mode
        return DiceTerm(sign, count, faces, keep_mode, keep)


@lru_cache(maxsize=1024)
def parse(expr: str) -> Expression:
    """Parse a dice expression; :class:`RollSyntaxError` names the position of a mistake."""
    return Expression(expr, _Parser(expr).parse())


@dataclass(frozen=True, slots=True)
class RollResult:
    """``result`` of the ``roll`` procedure."""

    total: int
    min: int
    max: int
    mean: Fraction = field(metadata={"description": "Exact mean of the expression."})
    terms: tuple[RolledTerm, ...]


def _written_term(term: RolledTerm, first: bool) -> str | Message:
    """``+ 2d6 (3 + 4)``, ``- 3``, or with dropped dice ``4d6kh3 (6 + 5 + 4; zahozeno 1)``."""
    sign = "- " if term.value < 0 else ("" if first else "+ ")
    if not term.dice:
        return f"{sign}{abs(term.value)}"
    kept = " + ".join(map(str, term.kept)) if len(term.kept) > 1 else str(term.kept[0])
    dropped = list(term.dice)
    for value in term.kept:
        dropped.remove(value)
    if not dropped:
        return f"{sign}{term.notation} ({kept})"
    return msg("notation.dropped", sign=sign, notation=term.notation, kept=kept,
               dropped=", ".join(map(str, dropped)))


@procedure("roll", result=RollResult, rule="dice-notation",
           samples=({"expr": "2d6+1"}, {"expr": "4d6kh3"}))
def roll(source: DiceSource, *, expr: str) -> Outcome:
    """The ``roll`` procedure: roll a dice expression."""
    expression = parse(expr)
    rolled = expression.roll(source, "roll")
    rolls = tuple(
        Roll("roll", term.notation, term.dice, sum(term.kept))
        for term in rolled.terms if term.dice
    )
    result = RollResult(
        rolled.total, expression.minimum, expression.maximum, expression.mean, rolled.terms)
    body = Join(tuple(_written_term(t, i == 0) for i, t in enumerate(rolled.terms)), " ")
    text = msg("roll.text", notation=expression.notation, terms=body, total=str(rolled.total))
    return Outcome("roll", rolls, result, None, text, RULES["dice-notation"])
