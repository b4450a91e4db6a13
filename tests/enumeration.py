"""Brute force for exact chances: run a procedure on every possible sequence of dice.

The engine computes chances analytically; these tests check them against an independent count
over all dice sequences, each weighted by its probability (1/faces per die).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from rpg.core.dice import DiceSource
from rpg.core.outcome import Outcome


class NeedDie(Exception):
    """Raised by :class:`Prefix` when the procedure asks for a die beyond the prefix."""

    def __init__(self, faces: int) -> None:
        self.faces = faces


class Prefix(DiceSource):
    """Replays a prefix of dice and signals the first die beyond it."""

    def __init__(self, values: tuple[int, ...]) -> None:
        super().__init__()
        self.values = values

    def _next(self, faces: int, label: str) -> int:
        if self.drawn >= len(self.values):
            raise NeedDie(faces)
        return self.values[self.drawn]


def outcomes(
    procedure: Callable[..., Outcome], limit: int = 200_000, **inputs: Any
) -> Iterator[tuple[Fraction, Outcome]]:
    """Every outcome of ``procedure(**inputs)`` with its exact probability."""
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    seen = 0
    while stack:
        prefix, weight = stack.pop()
        seen += 1
        if seen > limit:
            raise RuntimeError("too many dice sequences to enumerate")
        try:
            outcome = procedure(Prefix(prefix), **inputs)
        except NeedDie as need:
            share = weight / need.faces
            stack.extend(((*prefix, value), share) for value in range(1, need.faces + 1))
            continue
        yield weight, outcome


def probability(
    procedure: Callable[..., Outcome], event: Callable[[Outcome], bool], **inputs: Any
) -> Fraction:
    """Exact P(event) over all dice sequences."""
    return sum(
        (weight for weight, outcome in outcomes(procedure, **inputs) if event(outcome)),
        Fraction(0),
    )
