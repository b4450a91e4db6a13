"""Inputs of any type and size put in place of valid ones: a procedure must answer or refuse."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome

#: Any value a JSON body or a careless caller could give.
anything = (st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.floats()
            | st.text(max_size=10) | st.lists(st.integers(-5, 40) | st.text(max_size=8),
                                              max_size=120))


def corrupted(defaults: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """``defaults`` with one to three of its inputs replaced by :data:`anything`."""
    @st.composite
    def inputs(draw: st.DrawFn) -> dict[str, Any]:
        changed = dict(defaults)
        for name in draw(st.sets(st.sampled_from(sorted(defaults)), min_size=1, max_size=3)):
            changed[name] = draw(anything)
        return changed
    return inputs()


def answers_or_refuses(procedure: Callable[..., Outcome], inputs: dict[str, Any],
                       seed: int) -> None:
    """The procedure answers, or refuses with a RuleError naming one of the inputs, in both
    languages; never another exception."""
    try:
        outcome = procedure(SeededDice(seed), **inputs)
    except RuleError as error:
        assert error.field in inputs
        assert error.message.cs and error.message.en
    else:
        assert isinstance(outcome, Outcome)
