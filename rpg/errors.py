"""The engine's errors: a small tree, each carrying its message in Czech and English.

Every error the engine raises on purpose is a :class:`RuleError`; the API answers it with a 422
in the user's language, naming the input ``field`` it concerns.
"""

from __future__ import annotations

from rpg.text import Text


class RuleError(ValueError):
    """The input breaks a rule, or contradicts itself. ``field`` names the input at fault."""

    def __init__(self, message: Text, field: str | None = None) -> None:
        super().__init__(message.en)
        self.message = message
        self.field = field


class DiceError(RuleError):
    """The given physical dice cannot serve the procedure (too few, too many, off the die)."""

    def __init__(self, message: Text) -> None:
        super().__init__(message, field="dice")


class RollSyntaxError(RuleError):
    """A dice expression that does not parse; ``position`` is 1-based, as a person counts."""

    def __init__(self, message: Text, position: int, field: str = "expr") -> None:
        super().__init__(message, field=field)
        self.position = position


class TooManyRolls(RuleError):
    """A dice expression or input that would roll more dice than the budget allows."""
