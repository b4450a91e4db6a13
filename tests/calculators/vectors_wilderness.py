"""Golden vectors of the wilderness: camping, a day of travel, fast travel and the split of its
summary damage. Merged by ``vectors.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rpg.pravidla import wilderness

_BONUSES = ([], ["food"], ["water", "water"], ["shelter", "food", "shelter", "shelter"],
            ["food"] * 7)
_PARTY = [{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4}, {"name": "Žofie", "hp": 1}]

#: Inputs covering every branch of each rule sentence, errors included.
GRIDS: dict[str, list[dict[str, Any]]] = {
    "camping": [
        *({"bonuses": bonuses} for bonuses in _BONUSES),
        *({"covered": covered, "bonuses": ["water"]}
          for covered in (["food"], ["water", "shelter"], ["shelter", "shelter"],
                          ["food", "water", "shelter"])),
        *({"supplies": supplies, "travelers": travelers, "pay": pay}
          for supplies, travelers in ((0, 1), (5, 2), (7, 3), (100_000, 100))
          for pay in wilderness.PAYMENTS),
        *({"location": "dungeon", "covered": covered, "supplies": 4, "travelers": 2, "pay": pay}
          for covered in ([], ["water"], ["food", "water", "shelter"])
          for pay in wilderness.PAYMENTS),
        {"location": "dungeon", "bonuses": ["food", "food"]},
        {"location": "cave"}, {"pay": "gold"}, {"bonuses": ["food", "wood"]},
        {"covered": ["food", "water", "shelter", "food"]}, {"covered": ["fire"]},
        {"bonuses": ["food"] * 101}, {"supplies": -1}, {"supplies": 100_001},
        {"travelers": 0}, {"travelers": 101},
    ],
    "travel": [
        *({"terrain": terrain, "activity": activity}
          for terrain in wilderness.TERRAINS for activity in wilderness.ACTIVITIES),
        *({"movement": movement, "terrain": terrain, "forced_march": True, "road": road,
           "activity": activity}
          for movement, terrain, road in (([6], "normal", False), ([1, 9], "difficult", True),
                                          ([30, 7, 3], "difficult", False))
          for activity in ("none", "forage")),
        {"road": True}, {"landmark": True, "activity": "forage"},
        {"road": True, "landmark": True, "terrain": "difficult", "activity": "explore"},
        {"movement": [5] * 100, "activity": "hunt"},
        {"movement": []}, {"movement": [6] * 101}, {"movement": [0]}, {"movement": [6, 31]},
        {"terrain": "swamp"}, {"activity": "fish"},
        {"forced_march": True, "activity": "hunt"},
        {"forced_march": True, "activity": "explore", "terrain": "difficult"},
    ],
    "fast-travel": [
        *({"days": days, "travelers": travelers, "supplies": supplies}
          for days, travelers, supplies in (
              (1, 1, 0), (1, 1, 1), (2, 3, 4), (5, 4, 20), (5, 4, 30), (6, 1, 0), (6, 2, 13),
              (30, 5, 100), (365, 100, 100_000), (365, 100, 0))),
        {"days": 3}, {"days": 0}, {"days": 366}, {"days": 3, "travelers": 0},
        {"days": 3, "travelers": 101}, {"days": 3, "supplies": -1},
        {"days": 3, "supplies": 100_001},
    ],
}

#: ``fast-travel-split``: the shares of the summary damage.
SPLIT_GRID: list[dict[str, Any]] = [
    {"party": _PARTY, "damage": 0},
    {"party": _PARTY, "damage": 0, "allocation": {}},
    {"party": _PARTY, "damage": 6, "allocation": {"Bára": 3, "Ota": 2, "Žofie": 1}},
    {"party": _PARTY, "damage": 7, "allocation": {"Ota": 4, "Žofie": 3}},
    {"party": _PARTY, "damage": 14, "allocation": {"Bára": 9, "Ota": 5}},
    {"party": _PARTY, "damage": 15, "allocation": {"Bára": 8, "Žofie": 7}},
    {"party": [{"name": "X" * 40, "hp": 100_000}], "damage": 100_000,
     "allocation": {"X" * 40: 100_000}},
    {"party": [{"name": "Ota", "hp": 2}], "damage": 1, "allocation": {"Ota": 1}},
    {"party": [], "damage": 0},
    {"party": [{"name": f"P{i}", "hp": 1} for i in range(101)], "damage": 0},
    {"party": [{"hp": 3}], "damage": 0},
    {"party": [{"name": "", "hp": 3}], "damage": 0},
    {"party": [{"name": "Y" * 41, "hp": 3}], "damage": 0},
    {"party": ["Bára"], "damage": 0},
    {"party": [{"name": "Ota", "hp": 3}, {"name": "Ota", "hp": 5}], "damage": 0},
    {"party": [{"name": "Ota", "hp": 0}], "damage": 0},
    {"party": [{"name": "Ota"}], "damage": 0},
    {"party": [{"name": "Ota", "hp": 100_001}], "damage": 0},
    {"party": _PARTY, "damage": -1},
    {"party": _PARTY, "damage": 100_001},
    {"party": _PARTY, "damage": 2, "allocation": [2]},
    {"party": _PARTY, "damage": 2, "allocation": {"Gandalf": 2}},
    {"party": _PARTY, "damage": 2, "allocation": {"Ota": -2, "Bára": 4}},
    {"party": _PARTY, "damage": 2, "allocation": {"Ota": 1}},
    {"party": _PARTY, "damage": 2, "allocation": {"Ota": 2, "Bára": 3}},
    {"party": _PARTY, "damage": 5},
]

GRIDS["fast-travel-split"] = SPLIT_GRID


#: A random roll in the browser: inputs, and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "camping": {"bonuses": ["water"], "covered": ["shelter"], "supplies": 3, "travelers": 2},
    "travel": {"movement": [6, 4], "terrain": "difficult", "activity": "forage"},
    "fast-travel": {"days": 8, "travelers": 3, "supplies": 20},
    "fast-travel-split": {"party": _PARTY, "damage": 6, "allocation": {"Ota": 4, "Bára": 2}},
}


def _camping_valid(r: dict[str, Any]) -> bool:
    food, water, shelter = r["needs"]
    return (shelter == {"need": "shelter", "roll": None, "bonus": 0, "met": True, "covered": True}
            and food["met"] == (food["roll"] >= 4) and water["met"] == (water["roll"] >= 3)
            and r["failures"] == (not food["met"]) + (not water["met"])
            and r["supplies_used"] == 2 * min(r["failures"], 1)
            and r["fatigue_gained"] == max(0, r["failures"] - 1))


INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "camping": _camping_valid,
    "travel": lambda r: r["distance_km"] == 10 and r["lost"] in (True, False)
    and r["activity"]["kind"] == "forage"
    and (r["activity"]["supplies"] > 0) == r["activity"]["success"]
    and r["fatigue_gained"] == 0 and r["slowest_movement"] == 4,
    "fast-travel": lambda r: (r["supplies_needed"], r["supplies_used"], r["summary_damage"]) == (
        24, 20, 4) and 1 <= r["encounters"] <= 4,
    "fast-travel-split": lambda r: r["dead"] == ["Ota"]
    and r["characters"][1]["alternative"] == {"hp": 1, "fatigue": 1},
}
