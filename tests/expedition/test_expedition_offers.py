"""Every offer can be acted on: random expeditions played through the API, on a SQLite file and
on a real PostgreSQL, each offer of every answer followed with its missing inputs filled in,
and each answers 200 (section 6b, "Every offer can be acted on").

The random actions may be refused (a rest too soon, a dead character's attack): those are 4xx
with the error envelope, never a 5xx. An offer is the expedition's own proposal: it is never
refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from tests.expedition.conftest import Table

#: How the test fills each input an offer may name as missing, from the state it was made in.
Filler = Callable[[dict[str, Any], st.DrawFn], Any]


def _allocation(state: dict[str, Any], draw: st.DrawFn) -> dict[str, int]:
    alive = [m["name"] for m in state["party"] if m["status"] != "dead" and m["hp"] > 0]
    return {draw(st.sampled_from(alive)): state["pending_damage"]}


FILLERS: dict[str, Filler] = {
    "target": lambda state, draw: draw(st.integers(1, 30)),
    "allocation": _allocation,
    "items": lambda state, draw: [{"name": "Hůl", "bonus": draw(st.integers(0, 2))}],
}

NAMES = ("Eva", "Ota", "Dan", "Iva")


def _someone(state: dict[str, Any], draw: st.DrawFn) -> str:
    creatures = [c["name"] for c in (state["encounter"] or {}).get("creatures", [])]
    return str(draw(st.sampled_from([*NAMES, *creatures, "vlk"])))


def _action(state: dict[str, Any], draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A random action of a GM's evening, with random inputs (some the rules refuse)."""
    seed = {"seed": draw(st.integers(0, 2**53 - 1))}
    who = draw(st.sampled_from(NAMES))
    choices: dict[str, Callable[[], dict[str, Any]]] = {
        "shift": lambda: {**seed, "count": draw(st.integers(1, 40)), "noise": draw(
            st.booleans())},
        "rest": lambda: {**seed, "force": draw(st.booleans()), "night_chance": draw(
            st.integers(1, 6)), "safe_building": draw(st.booleans())},
        "travel-day": lambda: {**seed, "forced_march": draw(st.booleans())},
        "fast-travel": lambda: {**seed, "days": draw(st.integers(1, 9))},
        "encounter": lambda: {**seed, "hidden": draw(st.booleans()), "creatures": [
            {"name": "skřeti", "count": draw(st.integers(1, 4)), "hp": draw(st.integers(1, 6)),
             "ac": 10, "morale": 7}]},
        "attack": lambda: {**seed, "attacker": _someone(state, draw), "target": _someone(
            state, draw), "attack": {"ac": draw(st.integers(1, 15)), "damage": "1d8+2",
                                     "subdual": draw(st.booleans())}},
        "round": lambda: {},
        "encounter-end": lambda: {**seed, "rounds": draw(st.integers(0, 400))},
        "morale": lambda: {**seed, "group": "nepřátelé", "morale": 7},
        "damage": lambda: {"character": who, "amount": draw(st.integers(1, 12)),
                           "destructive": draw(st.booleans())},
        "edit-character": lambda: {"character": who, "hp": draw(st.integers(0, 7)),
                                   "fatigue": draw(st.integers(0, 9))},
        "fatigue": lambda: {**seed, "character": who, "reasons": ["illness"] * draw(
            st.integers(0, 3))},
        "heal": lambda: {"character": who, "magic": draw(st.integers(0, 5))},
        "mode": lambda: {"mode": draw(st.sampled_from(["dungeon", "wilderness",
                                                       "civilization"]))},
        "remove-effect": lambda: {"name": "Pochodeň 1"},
        "persistent-damage": lambda: {**seed, "target": _someone(state, draw),
                                      "damage": "1d6", "rounds": draw(st.integers(1, 3))},
        "saving-throw": lambda: {**seed, "character": who, "against": "death"},
        "reveal": lambda: {},
    }
    kind = draw(st.sampled_from(sorted(choices)))
    return kind, choices[kind]()


def _follow(table: Table, offers: list[dict[str, Any]], state: dict[str, Any],
            draw: st.DrawFn, followed: list[str]) -> None:
    """Act on each offer, its missing inputs filled; each must answer 200, and its own offers
    are followed in turn (a death save's fatigue, a night's encounter…)."""
    for offer in offers:
        inputs = {**offer["input"], **{name: FILLERS[name](state, draw)
                                       for name in offer["missing"]}}
        seed = {"seed": draw(st.integers(0, 2**53 - 1))} if offer["action"] != "reveal" else {}
        answer = table.act(offer["action"], 200, **seed, **inputs)
        followed.append(offer["action"])
        state = answer["state"]
        _follow(table, answer["entry"]["offers"], state, draw, followed)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_every_offer_followed_with_its_missing_inputs_answers_200(
        db_app: Flask, data: st.DataObject) -> None:
    client = db_app.test_client()
    table = Table.create(client, supplies=data.draw(st.integers(0, 30)))
    state = table.read()["state"]
    followed: list[str] = []
    for _ in range(data.draw(st.integers(5, 25))):
        kind, inputs = _action(state, data.draw)
        if kind in ("round", "reveal", "morale") and not state["encounter"]:
            kind, inputs = "shift", {"seed": 1}
        answer = client.post(f"/api/v1/expeditions/{table.id}/actions/{kind}",
                             json={"version": table.version, **inputs}, headers=table.gm)
        assert answer.status_code in (200, 422), answer.get_json()
        if answer.status_code == 422:
            assert answer.get_json()["message"]
            continue
        acted = answer.get_json()
        table.version = acted["version"]
        state = acted["state"]
        _follow(table, acted["entry"]["offers"], state, data.draw, followed)
        state = table.read()["state"]
        note(f"offers followed so far: {followed}")
