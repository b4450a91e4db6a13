"""Golden vectors of the three board and war games' calculators (merged by ``vectors.py``).

Every branch of each procedure of ``rpg.psychopaths_land.game``, ``rpg.conquest.game`` and
``rpg.olgoj_chorchoj.action_tokens`` that has a calculator, errors included; ``vectors.py``
adds every dice sequence of each input and the misfit dice.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from rpg.psychopaths_land import game as psychopaths_land

Inputs = dict[str, Any]



def _faction(name: str, checkpoints: int = 0, **units: int) -> Inputs:
    return {"name": name, "checkpoints": checkpoints, "units": units}


_COMBAT = [
    *({"mode": mode, **extra} for mode in psychopaths_land.MODES for extra in (
        {}, {"attacker_madness": 3, "defender_cards": -2}, {"defender_madness": 4,
                                                            "attacker_cards": 1})),
    {"mode": "revenge", "active_player": "defender", "attacker_madness": 1},
    {"mode": "players", "revenge_used": True},
    {"mode": "psychopath-holder", "revenge_used": True, "defender_madness": 2},
    {"attacker_madness": 100, "attacker_cards": -20, "defender_cards": 20},
    {"mode": "revenge", "revenge_used": True},
    {"mode": "players", "active_player": "defender"},
    {"mode": "psychopath", "active_player": "defender"},
]

_TURN_CHECK = [
    {"psychopath_in_inventory": held, "unfought_psychopath": unfought,
     "other_player_on_field": other, "action_points": points, **move}
    for held, unfought, other, points, move in product(
        (False, True), (False, True), (False, True), (0, 1, 4),
        ({}, {"target_field": "Les", "visited": ["Start"]},
         {"target_field": "Les", "visited": ["start", "LES"]}))
]

_ALPHA, _BETA, _GAMMA = "Alfa", "Beta", "Gama"
_RED, _BLUE, _GREEN = "Rudí", "Modří", "Zelení"


def _ship(unit: str, system: str, holder: str | None = None) -> Inputs:
    return {"unit": unit, "system": system, "holder": holder}


def _held(faction: str, system: str, checkpoints: int, extractors: int = 0) -> Inputs:
    return {"faction": faction, "system": system, "checkpoints": checkpoints,
            "extractors": extractors}


_CAPTURE = [
    {"ships": []},
    # Enemy's last checkpoint (its Extractors come along), unoccupied, own, enemy's not last.
    {"ships": [_ship("Scout", _ALPHA, _BLUE), _ship("frigate", _BETA),
               _ship("Dreadnought", _GAMMA, _RED), _ship("Mechanic", "Delta", _GREEN)],
     "holdings": [_held(_BLUE, _ALPHA, 1, 2), _held(_GREEN, "Delta", 2, 3)]},
    {"ships": [_ship("Scout", _ALPHA, _BLUE), _ship("Frigate", "alfa", "MODŘÍ")],
     "holdings": [_held(" modří ", "ALFA", 2, 1)]},
    {"ships": [_ship("Destroyer", _ALPHA, _BLUE), _ship("Displacer", _BETA, _BLUE)],
     "holdings": [_held(_BLUE, _ALPHA, 1, 5), _held(_BLUE, _BETA, 1)]},
    {"ships": [_ship("Scout", f" {_ALPHA} ", " rudí "), _ship("Scout", _BETA, None)],
     "faction": f" {_RED} "},
    {"ships": [_ship("Scout", _ALPHA, _BLUE)], "holdings": [_held(_BLUE, _ALPHA, 1, 100_000)]},
    # Blank names (a blank holder is no unoccupied checkpoint), then the other errors.
    {"ships": [_ship("Scout", _ALPHA)], "faction": " "},
    {"ships": [_ship("Scout", _ALPHA, "  ")]},
    {"ships": [_ship("Scout", _ALPHA), _ship("Scout", _BETA, "")]},
    {"ships": [_ship("Scout", " ")]},
    {"ships": [{"unit": "Scout"}]},
    {"ships": [], "holdings": [_held(" ", _ALPHA, 1)]},
    {"ships": [], "holdings": [_held(_BLUE, "", 1)]},
    {"ships": [], "holdings": [_held(_BLUE, _ALPHA, 1), _held("modří", "ALFA", 2)]},
    {"ships": [], "holdings": [_held(_BLUE, _ALPHA, -1)]},
    {"ships": [], "holdings": [_held(_BLUE, _ALPHA, 1, -2)]},
    {"ships": [_ship("Tank", _ALPHA)]},
    {"ships": [_ship("extractor", _ALPHA, _BLUE)]},
    {"ships": [_ship("Scout", _ALPHA, _BLUE)], "holdings": [_held(_BLUE, _BETA, 1)]},
    {"ships": [_ship("Scout", _ALPHA, _BLUE), _ship("Scout", _ALPHA, _BLUE)],
     "holdings": [_held(_BLUE, _ALPHA, 1, 2)]},
]

GRIDS: dict[str, list[Inputs]] = {
    "psychopaths-land/action-points": [{}, {"keep": "higher"}, {"keep": "lower"}],
    "psychopaths-land/combat": _COMBAT,
    "psychopaths-land/turn-check": _TURN_CHECK,
    "conquest/units": [{}],
    "conquest/attack": [
        {"attacker": "Frigate", "target": "Scout", "distance": 2},
        {"attacker": "Frigate", "target": "Scout", "distance": 5},
        {"attacker": "Destroyer", "target": "Dreadnought", "distance": 2},
        {"attacker": "destroyer", "target": "DREADNOUGHT", "distance": 6, "target_damage": 3},
        {"attacker": "Destroyer", "target": "Frigate", "distance": 4, "target_damage": 2},
        {"attacker": "Scout", "target": "Dreadnought", "distance": 1},
        {"attacker": "Extractor", "target": "Scout", "distance": 0},
        {"attacker": "Mechanic", "target": "Mechanic", "distance": 1, "target_damage": 3},
        {"attacker": "Dreadnought", "target": "Displacer", "distance": 3, "target_damage": 1},
        {"attacker": "Cruiser", "target": "Scout", "distance": 1},
        {"attacker": "Scout", "target": "Cruiser", "distance": 1},
        {"attacker": "Scout", "target": "Frigate", "distance": -1},
        {"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": 9},
        {"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": -2},
    ],
    "conquest/regen": [
        {"unit": "Frigate", "damage": 3},
        {"unit": "Scout", "damage": 3, "mechanics_in_range": 1},
        {"unit": "dreadnought", "damage": 10, "mechanics_in_range": 5},
        {"unit": "Dreadnought", "damage": 4, "mechanics_in_range": 9},
        {"unit": "Destroyer", "damage": 0},
        {"unit": "Extractor", "damage": 2},
        {"unit": "Dreadnought", "damage": 14, "mechanics_in_range": 12},
        {"unit": "Ghost", "damage": 1},
        {"unit": "Scout", "damage": 4},
        {"unit": "Scout", "damage": -1},
        {"unit": "Scout", "damage": 1, "mechanics_in_range": -1},
    ],
    "conquest/income": [
        {}, {"checkpoints": 3, "extractors": 2}, {"checkpoints": 12},
        {"checkpoints": -1}, {"extractors": -3},
    ],
    "conquest/coins": [{"credits": c} for c in (0, 50, 1250, 2450, 100_000, 75, -50)],
    "conquest/buy": [
        {"units": {}},
        {"units": {"Scout": 2, "Frigate": 1}},
        {"units": {"extractor": 1, "Mechanic": 0}, "credits": 1000},
        {"units": {"Dreadnought": 3, "Destroyer": 2}, "credits": 1850},
        {"units": {"Dreadnought": 2}},
        {"units": {"scout": 1, "Scout": 1}},
        {"units": {"Cruiser": 1}},
        {"units": {"Scout": -1}},
        {"units": {"Scout": 1}, "credits": 75},
        {"units": {"Scout": 1}, "credits": -50},
    ],
    "conquest/teleport": [
        {"turn": 1}, {"turn": 3, "other_sector": True, "target_sector_checkpoints": 2},
        {"turn": 2, "target_sector_checkpoints": 0}, {"turn": 4, "damage": 3},
        {"turn": 4, "damage": 7}, {"turn": 5, "damage": 8, "other_sector": True},
        {"turn": 2, "other_sector": True}, {"turn": 0},
        {"turn": 1, "damage": -1}, {"turn": 1, "target_sector_checkpoints": -1},
    ],
    "conquest/winner": [
        [[_faction(_ALPHA, 3, Scout=1), _faction(_BETA, 2, Dreadnought=2)]],
        [[_faction(_ALPHA, 2, Scout=3), _faction(_BETA, 2, Frigate=2),
          _faction(_GAMMA, 0)]],
        [[_faction(_ALPHA, 1, Scout=1), _faction(_BETA, 1, scout=1)]],
        [[_faction(_ALPHA, 0, Scout=2), _faction(_BETA), _faction(_GAMMA, 0, Frigate=0)]],
        [[_faction(_ALPHA, 2), _faction(_BETA, 1)], [_faction("beta", 3), _faction(_ALPHA, 0)],
         [_faction(_GAMMA, 1), _faction(_ALPHA, 1)]],
        [[_faction(_ALPHA, 1)]],
        [], [[]], [[{"checkpoints": 1}]], [[_faction(_ALPHA), _faction("ALFA")]],
        [[_faction(_ALPHA, 1, Cruiser=1)]], [[_faction(_ALPHA, -1)]],
        [[_faction(_ALPHA, 1, Scout=-2)]], [[_faction(_ALPHA, 1, Scout=1, scout=1)]],
    ],
    "conquest/score": [
        [_faction(_ALPHA, 3, Scout=1), _faction(_BETA, 2, Dreadnought=2)],
        [_faction(_ALPHA, 2, Scout=3), _faction(_BETA, 2, frigate=2), _faction(_GAMMA, 0)],
        [_faction(_ALPHA, 1, Scout=1), _faction(_BETA, 1, SCOUT=1), _faction(_GAMMA, 1)],
        [_faction(_ALPHA, 0, Dreadnought=3, Extractor=2), _faction(_BETA, 0, Frigate=0)],
        [_faction(f" {_ALPHA} ", 12)], [{"name": _BETA}],
        [], [{"checkpoints": 1}], [_faction(" ")], [_faction(_ALPHA), _faction("ALFA ")],
        [_faction(_ALPHA, 1, Cruiser=1)], [_faction(_ALPHA, -1)],
        [_faction(_ALPHA, 1, Scout=-2)], [_faction(_ALPHA, 1, Scout=1, scout=1)],
    ],
    "conquest/capture": [{"faction": _RED, **inputs} for inputs in _CAPTURE],
    "olgoj-chorchoj/engineering": [
        {"products": [3, 2, 5]}, {"products": [1, 2, 1], "tactical": 7},
        {"products": [1, 1, 1], "tactical": 100_000}, {"products": [3, 2]},
        {"products": [0, 2, 3]}, {"products": [2, 0, 0]}, {"products": [2, 2, 2], "tactical": -1},
    ],
    "olgoj-chorchoj/tokens": [
        {"face_up_token": up, "corner_match": corner, "same_owner": same}
        for up, corner, same in product((False, True), repeat=3)
    ],
}
GRIDS["conquest/winner"] = [{"sectors": sectors} for sectors in GRIDS["conquest/winner"]]
GRIDS["conquest/score"] = [{"factions": factions} for factions in GRIDS["conquest/score"]]
