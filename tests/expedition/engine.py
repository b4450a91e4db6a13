"""Helpers of the engine's tests: an expedition set out, and actions done with given dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rpg.expedition.actions import Applied, act
from rpg.expedition.dice import ActionSeed, PhysicalDice
from rpg.expedition.kernel import Context
from rpg.expedition.state import State

TORCH = {"name": "Pochodeň 1", "shifts": 6, "light": True}


def set_out(**inputs: Any) -> State:
    """An expedition after its start: four characters in a dungeon unless told otherwise."""
    given = {"name": "Hrobka pod Vraním vrchem", "mode": "dungeon", "supplies": 8,
             "party": [{"name": "Eva", "max_hp": 10, "save": 12},
                       {"name": "Ota", "max_hp": 8}, {"name": "Dan", "max_hp": 7, "movement": 5},
                       {"name": "Iva", "max_hp": 9}],
             "effects": [TORCH], **inputs}
    return act(State(name=given["name"]), "start", given, Context(ActionSeed(0))).state


def rolled(state: State, kind: str, dice: Sequence[int] = (), **inputs: Any) -> Applied:
    """``kind`` done with the physical ``dice`` (every one of them must be used)."""
    return act(state, kind, inputs, Context(PhysicalDice(dice)))


def seeded(state: State, kind: str, seed: int = 1, **inputs: Any) -> Applied:
    """``kind`` done with a seed."""
    return act(state, kind, inputs, Context(ActionSeed(seed)))


def texts(applied: Applied) -> list[str]:
    """The action's text and events, in Czech."""
    return [applied.text.cs, *(event.cs for event in applied.events)]
