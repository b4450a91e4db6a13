"""The value every procedure returns: rolls, outcome, exact chance, text, rule, next steps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rpg.core.citations import Rule
from rpg.core.dice import Roll
from rpg.core.text import Text


@dataclass(frozen=True, slots=True)
class Next:
    """A procedure the result calls for next (an encounter on a travel day), with the inputs
    already known; ``missing`` names the required inputs still to be given (a save's target)."""

    procedure: str
    inputs: Mapping[str, Any] = field(default_factory=dict)
    missing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A resolved procedure.

    ``result`` is the procedure's own frozen dataclass; ``chance`` is the exact probability of
    the procedure's primary success (``None`` where it has none); ``text`` is a catalog message
    (or a literal pair of texts) rendered in the answer's language; ``next`` lists what the
    result calls for next.
    """

    procedure: str
    rolls: tuple[Roll, ...]
    result: Any
    chance: Fraction | None
    text: Text | Any
    rule: Rule
    next: tuple[Next, ...] = ()
