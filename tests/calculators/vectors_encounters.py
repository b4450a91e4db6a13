"""Golden vectors of meeting the enemy (section 2): initiative, surprise, the encounter distance,
the whole encounter and the range zones. Merged by ``vectors.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rpg.pravidla import combat, encounters

_THREE = ["hráči", "skřeti", "vlci"]
_TEN = [f"strana {n}" for n in range(1, 11)]

#: Inputs covering every branch of each rule sentence, errors included.
GRIDS: dict[str, list[dict[str, Any]]] = {
    "initiative": [
        {}, {"sides": _THREE}, {"sides": _THREE, "players": "vlci"},
        {"sides": _THREE, "surprised": ["skřeti"]},
        {"sides": _THREE, "surprised": ["hráči"]},            # the players do not roll
        {"surprised": ["nepřátelé", "hráči"]},               # everyone: nobody loses the round
        {"sides": ["a", "b", "c", "d"], "players": "c", "surprised": ["a"]},
        {"sides": _TEN, "players": "strana 7", "surprised": _TEN[:3]},
        {"sides": ["hráči"]}, {"sides": [*_TEN, "navíc"]}, {"sides": ["hráči", " "]},
        {"sides": ["a", "b", "b", "a"]}, {"players": "vlci"},
        {"sides": _THREE, "surprised": ["vlci", "draci"]},
    ],
    "surprise": [
        {}, {"sides": _THREE}, {"light": ["nepřátelé"]}, {"light": ["hráči", "nepřátelé"]},
        {"sides": _THREE, "light": ["skřeti"]}, {"sides": _THREE, "light": ["skřeti", "vlci"]},
        {"sides": _TEN, "light": _TEN[1:]},
        {"sides": _TEN},
        {"light": ["draci"]}, {"sides": ["a"]}, {"sides": ["a", "a"]},
    ],
    "encounter-distance": [
        *({"location": location, "surprised": surprised}
          for location in encounters.LOCATIONS for surprised in (False, True)),
        {}, {"surprised": True}, {"location": "moře"},
    ],
    "encounter": [
        {}, {"location": "indoors"}, {"light": ["hráči", "nepřátelé"]},
        {"light": ["nepřátelé"], "reaction_modifier": 2},
        {"sides": _THREE, "players": "skřeti", "reaction_modifier": 3},
        {"sides": _THREE, "light": ["hráči"], "location": "indoors", "reaction_modifier": -6},
        {"sides": _TEN, "players": "strana 10", "reaction_modifier": 6},
        {"players": "vlci"}, {"light": ["draci"]}, {"location": ""}, {"sides": ["a"]},
        {"sides": ["a", "b"], "location": "vzduch", "players": "c"},
    ],
    "range-zone": [
        {"distance_m": d}
        for d in (0, 0.25, 5, 5.001, 6, 25, 25.5, 26, 50, 51, 99.9, 100, 101, 1234.5,
                  combat.MAX_DISTANCE_M, -0.5)
    ],
}

#: A random roll in the browser: inputs (as typed), and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "initiative": {"sides": "hráči, skřeti, vlci", "surprised": "vlci"},
    "surprise": {"sides": "hráči, skřeti", "light": "skřeti"},
    "encounter-distance": {"location": "indoors", "surprised": True},
    "encounter": {"sides": "hráči, skřeti, vlci", "location": "wilderness"},
    "range-zone": {"distance_m": "25,5"},
}


def _encounter_holds(r: dict[str, Any]) -> bool:
    surprised = [e["side"] for e in r["surprise"]["sides"] if e["surprised"]]
    skipped = r["initiative"]["skipped"]
    acting = [e["side"] for e in r["initiative"]["order"]]
    wild = r["distance"]["distance_m"]
    reacting = [e["side"] for e in r["reactions"]]
    return (wild % 10 == 0 and (10 <= wild <= 40 if surprised else 40 <= wild <= 240)
            and (skipped == surprised if len(surprised) < 3 else skipped == [])
            and sorted(acting + skipped) == sorted(["hráči", "skřeti", "vlci"])
            and reacting == [s for s in ("skřeti", "vlci") if s not in skipped])


INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "initiative": lambda r: r["skipped"] == ["vlci"]
    and [e["side"] for e in r["order"]] in (["hráči", "skřeti"], ["skřeti", "hráči"])
    and r["order"][0]["roll"] >= r["order"][1]["roll"]
    and abs(r["players_first_chance"] - 0.55) < 1e-12,
    "surprise": lambda r: r["sides"][0]["roll"] is None and 1 <= r["sides"][1]["roll"] <= 6
    and r["effect"] == ("some" if r["sides"][1]["roll"] <= 2 else "none"),
    "encounter-distance": lambda r: 2 <= r["distance_m"] <= 12
    and r["zone"] in ("blizko", "poblize"),
    "encounter": _encounter_holds,
    "range-zone": lambda r: (r["counted_m"], r["zone"], r["name"]) == (26, "daleko", "Daleko"),
}
