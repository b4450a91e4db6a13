"""Golden vectors of fatigue, the heroic death save and healing. Merged by ``vectors.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_DEATH_FLAGS = ("body_destroyed", "poisoned", "died_before", "give_up_skill_points")

#: Inputs covering every branch of each rule sentence, errors included.
GRIDS: dict[str, list[dict[str, Any]]] = {
    "fatigue": [
        {"level": 0}, {"level": 1}, {"level": 2}, {"level": 5}, {"level": 6},
        {"level": 0, "reasons": ["no-sleep"]},
        {"level": 3, "reasons": ["illness", "ritual", "illness"]},
        {"level": 6, "reasons": ["survived-death"]},
        {"level": 7}, {"level": 9, "in_civilization": True},
        {"level": 6, "reasons": ["forced-march"], "in_civilization": True, "save_target": 10},
        {"level": 5, "save_target": 10},
        # the save vs death: modifiers of both signs and none, criticals at the extremes
        *({"level": level, "save_target": target, "modifier": modifier}
          for level, target, modifier in ((7, 10, 0), (7, 12, -4), (8, 15, 3), (12, 5, -20),
                                          (50, 30, 20), (7, 1, 20))),
        {"level": 6, "reasons": ["no-rest-24h", "no-food-or-water"], "save_target": 14,
         "modifier": 2},
        {"level": 2, "reasons": ["no-sleep", "hunger"]},
        {"level": 2, "reasons": ["Bez spánku"]},
    ],
    "death-save": [
        {}, {"hours_since_death": 24}, {"hours_since_death": 24.5},
        {"hours_since_death": 100_000, "give_up_skill_points": True},
        {"healed": 1}, {"healed": 7}, {"healed": 7, "give_up_skill_points": True},
        {"give_up_skill_points": True},
        {"died_before": True}, {"died_before": True, "healed_to_max_since": True},
        {"died_before": True, "healed": 3, "give_up_skill_points": True},
        {"healed_to_max_since": True},
        *({flag: True, **extra} for flag in _DEATH_FLAGS[:2]
          for extra in ({}, {"give_up_skill_points": True}, {"hours_since_death": 30})),
        {"body_destroyed": True, "poisoned": True},
    ],
    "healing": [
        {"hp": 3, "max_hp": 10}, {"hp": 3, "max_hp": 10, "nights": 1},
        {"hp": 3, "max_hp": 10, "nights": 2, "magic": 1},
        {"hp": 3, "max_hp": 10, "nights": 5}, {"hp": 0, "max_hp": 1, "nights": 1},
        {"hp": 4, "max_hp": 20, "nights": 3, "safe": False},
        {"hp": 4, "max_hp": 20, "nights": 5, "safe": False, "magic": 5},
        {"hp": 10, "max_hp": 10, "magic": 4}, {"hp": 10, "max_hp": 10},
        {"hp": 9, "max_hp": 10, "nights": 1}, {"hp": 0, "max_hp": 100_000, "nights": 21},
        {"hp": 11, "max_hp": 10},
    ],
}

#: A random roll in the browser: inputs, and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "fatigue": {"level": 7, "save_target": 12, "modifier": 1},
    "death-save": {"hours_since_death": "3,5"},
    "healing": {"hp": 2, "max_hp": 9, "nights": 2, "magic": 1},
}
INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "fatigue": lambda r: 1 <= r["natural"] <= 20 and r["save_total"] == r["natural"] - 6
    and r["dies"] == (r["natural"] == 1 or (r["natural"] != 20 and r["save_total"] < 12)),
    "death-save": lambda r: r["alive"] == (r["reason"] == "survived")
    and (r["unconscious_shifts"] in (1, 2, 3, 4) if r["alive"] else r["hp"] == 0),
    "healing": lambda r: (r["hp"], r["healed"], r["at_max"]) == (7, 5, False),
}
