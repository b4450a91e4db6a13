"""Země psychopatů [Fáze kola]: exploration and movement barred with a psychopath in the
inventory, a move costs 1 action point and visits no field twice a round, the combat phase (the
psychopath first), and what the end of the round does."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.psychopaths_land.round_phases import turn_check
from tests.games import answered, refused

PATH = "psychopaths-land/turn-check"


def test_a_free_player_may_explore_move_and_repeat() -> None:
    outcome = turn_check(ReplayDice([]), action_points=3, visited=["Les"], target_field="Hrad")
    result = outcome.result
    assert (result.exploration_allowed, result.movement_allowed) == (True, True)
    assert result.move is not None
    assert (result.move.legal, result.move.reason, result.move.action_points_left) == (
        True, None, 2)
    assert result.may_repeat_movement is True
    assert result.action_points_lost_at_end == 2
    assert (result.combat, result.combat_order, result.combat_first) == (False, (), None)
    assert outcome.rolls == () and outcome.chance is None


def test_no_field_twice_a_round_case_insensitive() -> None:
    result = turn_check(ReplayDice([]), action_points=3, visited=["Les", "Hrad"],
                        target_field="hrad ").result
    assert result.move is not None
    assert (result.move.legal, result.move.reason) == (False, "already-visited")
    assert result.action_points_lost_at_end == 3
    assert any("navštívit dvakrát stejné pole" in note.cs for note in result.notes)


def test_the_last_action_point_moves_but_cannot_repeat() -> None:
    result = turn_check(ReplayDice([]), action_points=1, target_field="Hrad").result
    assert result.move is not None and result.move.legal
    assert (result.may_repeat_movement, result.action_points_lost_at_end) == (False, 0)


def test_no_action_points_no_move() -> None:
    result = turn_check(ReplayDice([]), action_points=0, target_field="Hrad").result
    assert result.move is not None and result.move.reason == "no-action-points"
    assert (result.exploration_allowed, result.movement_allowed) == (False, False)


def test_a_psychopath_in_the_inventory_bars_exploration_and_movement() -> None:
    result = turn_check(ReplayDice([]), psychopath_in_inventory=True, action_points=4,
                        target_field="Hrad").result
    assert (result.exploration_allowed, result.movement_allowed) == (False, False)
    assert result.move is not None and result.move.reason == "psychopath-in-inventory"
    assert result.may_repeat_movement is False
    assert result.action_points_lost_at_end == 4
    assert [n.cs for n in result.notes] == [
        "„Hráč s psychopatem v inventáři nemůže prozkoumávat.“",
        "„Hráč s psychopatem v inventáři se nemůže pohybovat.“"]


@pytest.mark.parametrize(("unfought", "other", "order"), [
    (True, True, ("psychopath", "player")),
    (True, False, ("psychopath",)),
    (False, True, ("player",)),
    (False, False, ()),
])
def test_combat_phase_and_the_psychopath_first(
    unfought: bool, other: bool, order: tuple[str, ...]
) -> None:
    result = turn_check(ReplayDice([]), psychopath_in_inventory=True,
                        unfought_psychopath=unfought, other_player_on_field=other).result
    assert result.combat_order == order
    assert result.combat is bool(order)
    assert result.combat_first == (order[0] if order else None)


def test_turn_check_text() -> None:
    text = turn_check(ReplayDice([]), action_points=2, target_field="Hrad",
                      other_player_on_field=True).text
    assert text.cs == (
        "Kolo: průzkum ano, pohyb ano; pohyb na pole Hrad lze, zbude 1 akční bod; boj: s "
        "hráčem. Na konci kola propadne 1 zbývající akční bod a efekty karet proběhnou v "
        "pořadí, které určí aktivní hráč.")
    assert text.en == (
        "Round: exploration yes, movement yes; a move to field Hrad is legal, 1 action point "
        "left; combat: the player. At the end of the round the 1 remaining action point is lost "
        "and card effects resolve in the order the active player sets.")


@pytest.mark.parametrize(("points", "left", "lost"), [
    (1, "zbude 0 akčních bodů", "nezbývá žádný akční bod"),
    (3, "zbudou 2 akční body", "propadnou 2 zbývající akční body"),
    (5, "zbudou 4 akční body", "propadnou 4 zbývající akční body"),
    (6, "zbude 5 akčních bodů", "propadne 5 zbývajících akčních bodů"),
])
def test_action_points_left_agree_with_their_number(points: int, left: str, lost: str) -> None:
    text = turn_check(ReplayDice([]), action_points=points, target_field="Hrad").text.cs
    assert f"lze, {left};" in text and f"Na konci kola {lost} a efekty" in text


def test_an_unfought_psychopath_must_be_in_the_inventory() -> None:
    with pytest.raises(RuleError) as caught:
        turn_check(ReplayDice([]), unfought_psychopath=True)
    assert caught.value.field == "unfought_psychopath"
    assert "se kterým v tomto kole ještě nebojoval" in caught.value.message.cs


@settings(max_examples=150, deadline=None)
@given(st.booleans(), st.integers(0, 100), st.lists(st.sampled_from("ABCDE"), max_size=5),
       st.none() | st.sampled_from("ABCDEF"), st.booleans(), st.booleans())
def test_any_round(
    inventory: bool, points: int, visited: list[str], target: str | None, other: bool,
    unfought: bool,
) -> None:
    try:
        result = turn_check(
            ReplayDice([]), psychopath_in_inventory=inventory, action_points=points,
            visited=visited, target_field=target, other_player_on_field=other,
            unfought_psychopath=unfought,
        ).result
    except RuleError:
        assert unfought and not inventory
        return
    assert result.movement_allowed == (not inventory and points >= 1)
    if target is not None:
        assert result.move is not None
        assert result.move.legal == (result.movement_allowed and target not in visited)
        assert result.action_points_lost_at_end == points - int(result.move.legal)
    else:
        assert result.action_points_lost_at_end == points
    assert result.combat_first == ("psychopath" if unfought else "player" if other else None)
    assert not (inventory and result.may_repeat_movement)


def test_over_http(client: FlaskClient) -> None:
    body = answered(client, PATH, {"action_points": 2, "visited": ["Les", "Hrad"],
                                   "target_field": "Most", "other_player_on_field": True})
    assert body["result"]["move"]["action_points_left"] == 1
    refused(client, PATH, {"unfought_psychopath": True}, "unfought_psychopath",
            "se kterým v tomto kole ještě nebojoval.“")


def test_visited_fields_are_bounded_in_the_openapi_document(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    visited = schemas["PsychopathsLandTurnCheckArgs"]["properties"]["visited"]
    assert visited["maxItems"] == 100 and visited["items"]["maxLength"] == 40


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"psychopath_in_inventory": held, "unfought_psychopath": unfought,
         "other_player_on_field": other, "action_points": points, **move}
        for held, unfought, other, points, move in product(
            (False, True), (False, True), (False, True), (0, 1, 4),
            ({}, {"target_field": "Les", "visited": ["Start"]},
             {"target_field": "Les", "visited": ["start", "LES"]}))
    ],
}
