"""The engine's errors: a small tree, each carrying its message in Czech and English.

Every error the engine raises on purpose is a :class:`RuleError`; the API answers it with a 422
in the user's language, naming the input ``field`` it concerns. The generic input checks that
every procedure shares (a whole number within bounds, one of a few choices, a flag) raise it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from rpg.core.catalog import Choice, Field, Join, Message, messages, msg
from rpg.core.text import Text

MESSAGES = messages({
    "error.whole-number": Text(
        "{field} musí být celé číslo od {low} do {high}, ne {value}.",
        "{field} must be a whole number from {low} to {high}, not {value}."),
    "error.one-of": Text("{field} musí být jedno z: {allowed}; ne {value}.",
                         "{field} must be one of: {allowed}; not {value}."),
    "error.flag": Text("{field} musí být true, nebo false.", "{field} must be true or false."),
})

#: One of a procedure's allowed choices: ``str``, or a ``Literal`` of them.
ChoiceT = TypeVar("ChoiceT", bound=str)


class RuleError(ValueError):
    """The input breaks a rule, or contradicts itself. ``field`` names the input at fault."""

    def __init__(self, message: Message | Text, field: str | None = None) -> None:
        super().__init__(message.en)
        self.message = message
        self.field = field


class DiceError(RuleError):
    """The given physical dice cannot serve the procedure (too few, too many, off the die)."""

    def __init__(self, message: Message | Text, needed: Any = None) -> None:
        super().__init__(message, field="dice")
        #: The die asked for again (:class:`rpg.core.dice.Needed`): one missing, or one whose
        #: value is off its die; ``None`` when the dice fail as a whole (too many).
        self.needed = needed


class RollSyntaxError(RuleError):
    """A dice expression that does not parse; ``position`` is 1-based, as a person counts."""

    def __init__(self, message: Message | Text, position: int, field: str = "expr") -> None:
        super().__init__(message, field=field)
        self.position = position


class TooManyRolls(RuleError):
    """A dice expression or input that would roll more dice than the budget allows."""


def check_int(value: Any, low: int, high: int, field: str) -> int:
    """``value`` as an integer within ``low..high``, else a :class:`RuleError` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(msg("error.whole-number", field=Field(field), low=low, high=high,
                            value=str(value)), field=field)
    return value


def check_choice(value: Any, allowed: Sequence[ChoiceT], field: str) -> ChoiceT:
    """``value`` if it is one of ``allowed``, else a :class:`RuleError` listing them. Typed as
    the choices are: one of a tuple of literals checks a string into that literal type."""
    if not isinstance(value, str) or value not in allowed:
        raise RuleError(msg("error.one-of", field=Field(field), allowed=Join(
            tuple(Choice(field, choice) for choice in allowed)), value=str(value)), field=field)
    return allowed[allowed.index(value)]


def check_bool(value: Any, field: str) -> bool:
    """``value`` if it is a bool, else a :class:`RuleError`."""
    if not isinstance(value, bool):
        raise RuleError(msg("error.flag", field=Field(field)), field=field)
    return value
