"""The value every procedure returns: rolls, outcome, exact chance, text and rule citation."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rpg.core.citations import Rule
from rpg.core.dice import Roll
from rpg.core.text import Text


@dataclass(frozen=True, slots=True)
class Outcome:
    """A resolved procedure.

    ``result`` is the procedure's own frozen dataclass; ``chance`` is the exact probability of
    the procedure's primary success (``None`` where the spec names none).
    """

    procedure: str
    rolls: tuple[Roll, ...]
    result: Any
    chance: Fraction | None
    text: Text
    rule: Rule
