"""Golden vectors of the further mechanics (section 2b): movement, thrown range, holding breath,
the shield block, the 50 % mishaps and the dungeon turn. Merged by ``vectors.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rpg.pravidla import situations

_SHIELD = {"shield_ac": 3, "dice_blocked": 1}

#: Inputs covering every branch of each rule sentence, errors included.
GRIDS: dict[str, list[dict[str, Any]]] = {
    "movement": [
        {"movement": m, "mode": mode}
        for mode in situations.MOVEMENT_RULES
        for m in (0, 0.5, 1, 6, 7.5, 12.345, 1000)
    ] + [{"movement": 9}],
    "thrown-range": [{"strength": s} for s in (1, 2, 10, 17, 100)],
    "hold-breath": [
        *({"endurance": e, "rounds_held": held}
          for e, held in ((0, 0), (1, 0), (3, 1), (3, 2), (3, 3), (3, 7), (12, 0), (12, 7),
                          (12, 8), (22, 0), (100, 95))),
        {"endurance": 5}, {"endurance": 5, "rounds_held": 1, "speaks_or_casts": True},
        {"endurance": 0, "speaks_or_casts": True},
    ],
    "shield-block": [
        _SHIELD, {"shield_ac": 3, "dice_blocked": 3}, {"shield_ac": 1, "dice_blocked": 1},
        {"shield_ac": 7, "dice_blocked": 2, "damage_dice": 4},
        {"shield_ac": 6, "dice_blocked": 5, "damage_dice": 5},
        {"shield_ac": 100, "dice_blocked": 100, "trained": True, "surprised": False,
         "used_this_round": False},
        {**_SHIELD, "trained": False}, {**_SHIELD, "trained": False, "surprised": True},
        {**_SHIELD, "surprised": True}, {**_SHIELD, "surprised": True, "used_this_round": True},
        {**_SHIELD, "used_this_round": True},
        *({"shield_ac": ac, "dice_blocked": n} for ac, n in ((0, 1), (1, 2), (3, 5), (4, 22))),
        *({"shield_ac": 9, "dice_blocked": n, "damage_dice": most}
          for n, most in ((2, 1), (3, 2), (8, 5))),
    ],
    "mishap": [{"kind": kind} for kind in situations.MISHAPS],
    "dungeon-turn": [
        *({"turn": turn, "noise": noise, "roll": rolled}
          for turn in (1, 2, 3, 100_000) for noise in (False, True) for rolled in (False, True)),
        {"turn": 5, "hours_since_rest": 8, "hours_exploring_since_rest": 8},
        {"turn": 6, "hours_since_rest": 23.5, "hours_exploring_since_rest": 7.75},
        {"turn": 7, "hours_since_rest": 24, "hours_exploring_since_rest": 0, "noise": True,
         "roll": True},
        {"turn": 8, "hours_since_rest": 30.25, "hours_exploring_since_rest": 12.5},
        {"turn": 9, "hours_since_rest": 5, "hours_exploring_since_rest": 6.5},
        {"turn": 10, "hours_exploring_since_rest": 1, "roll": True},
    ],
}

#: A random roll in the browser: inputs, and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "movement": {"movement": "7,5", "mode": "swim"},
    "thrown-range": {"strength": 12},
    "hold-breath": {"endurance": 9, "rounds_held": 4},
    "shield-block": {"shield_ac": 4, "dice_blocked": 2},
    "mishap": {"kind": "spell-engaged"},
    "dungeon-turn": {"turn": 4, "roll": True, "hours_since_rest": 10,
                     "hours_exploring_since_rest": 9},
}
INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "movement": lambda r: r["metres"] == 3.75 and r["action_free"],
    "thrown-range": lambda r: (r["effective_range_m"], r["ineffective_range_m"]) == (12, 24),
    "hold-breath": lambda r: r["rounds_left"] == 5 and r["holding"],
    "shield-block": lambda r: r["shield_ac_left"] == 2 and not r["destroyed"],
    "mishap": lambda r: 1 <= r["roll"] <= 100 and r["happens"] == (r["roll"] <= 50),
    "dungeon-turn": lambda r: 1 <= r["roll"] <= 6 and r["wandering_monster"] == (r["roll"] == 1)
    and r["rest_allowed"] and r["next_check_turn"] == 6,
}
