"""Dobývání soustav [Použití speciální schopnosti: Displacer]: teleporting costs 2 actions, its
token flips the next turn and is removed the turn after; "Poškozený Displacer se nemůže
teleportovat"; to another sector only while holding a checkpoint there."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.teleport import teleport
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/teleport"


def test_teleport_timeline() -> None:
    outcome = teleport(ReplayDice([]), turn=4)
    result = outcome.result
    assert (result.flip_turn, result.removed_turn, result.acts_again_turn,
            result.untargetable_until_turn, result.handed_over) == (5, 6, 6, 6, False)
    assert [(e.turn, e.event) for e in result.timeline] == [
        (4, "teleported"), (5, "token-flipped"), (6, "token-removed")]
    assert outcome.text.cs == ("Teleport v tahu 4: v tahu 5 se žeton otočí, v tahu 6 se "
                               "odstraní a Displacer zase jedná.")


def test_the_timeline_is_worded_with_the_rules_numbers() -> None:
    first, _, last = teleport(ReplayDice([]), turn=4).result.timeline
    assert first.text.cs == ("Tah 4: Displacer se teleportuje (stojí 2 akce); nelze na něj "
                             "zaútočit.")
    assert last.text.en == ("Turn 6: the token is removed and in phase 3 (unit actions) the "
                            "Displacer acts again.")


def test_teleport_to_another_sector_hands_the_displacer_over() -> None:
    result = teleport(ReplayDice([]), turn=1, other_sector=True, target_sector_checkpoints=1).result
    assert result.handed_over is True


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"turn": 3, "damage": 1}, "damage", "„Poškozený Displacer se nemůže teleportovat.“"),
    ({"turn": 0}, "turn", "teleportační žeton"),
    ({"turn": 2, "other_sector": True}, "target_sector_checkpoints",
     "alespoň jednoho checkpointu v cílovém sektoru"),
])
def test_bad_teleports(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        teleport(ReplayDice([]), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs
    assert "“" in caught.value.message.en


@pytest.mark.parametrize("damage", [1, 6, 7, 8, 100_000])
def test_any_damage_quotes_the_damaged_displacer_rule(damage: int) -> None:
    """Even damage that would have removed it (7 = its hit points): the rule broken is that a
    damaged Displacer cannot teleport, not that a unit at 0 hp leaves the map."""
    with pytest.raises(RuleError) as caught:
        teleport(ReplayDice([]), turn=5, damage=damage)
    assert caught.value.field == "damage"
    assert caught.value.message.cs == (
        f"Displacer má {damage} poškození: „Poškozený Displacer se nemůže teleportovat.“ "
        "Nejdřív ho oprav (regenerace).")
    assert "removed from the map" not in caught.value.message.en


@settings(max_examples=150, deadline=None)
@given(st.integers(-2, 1000), st.integers(-1, 8), st.booleans(), st.integers(-1, 3))
def test_teleport_timeline_is_in_order(
    turn: int, damage: int, other: bool, checkpoints: int
) -> None:
    try:
        result = teleport(ReplayDice([]), turn=turn, damage=damage, other_sector=other,
                                   target_sector_checkpoints=checkpoints).result
    except RuleError as error:
        assert turn < 1 or damage != 0 or checkpoints < 0 or (other and checkpoints < 1)
        assert error.field in ("turn", "damage", "target_sector_checkpoints")
        if turn >= 1 and damage > 0:  # however much: the damaged-Displacer rule, quoted
            assert error.field == "damage"
            assert game.quote("damaged-displacer").cs in error.message.cs
        return
    assert turn < result.flip_turn < result.removed_turn == result.acts_again_turn
    assert [e.turn for e in result.timeline] == [turn, turn + 1, turn + 2]


def test_over_http(client: FlaskClient) -> None:
    assert answered(client, PATH, {"turn": 3})["result"]["removed_turn"] == 5
    without_dice(client, PATH, {"turn": 3})
    refused(client, PATH, {"turn": 2, "other_sector": True}, "target_sector_checkpoints",
            "v cílovém sektoru.“")


@pytest.mark.parametrize("damage", [1, 7, 8])
def test_a_damaged_displacer_is_refused_by_that_rule_whatever_its_damage(
    client: FlaskClient, damage: int
) -> None:
    payload = refused(client, PATH, {"turn": 5, "damage": damage}, "damage",
                      "„Poškozený Displacer se nemůže teleportovat.“")
    assert list(payload["errors"]) == ["damage"]
    assert "odstraněna z mapy" not in payload["message"]


def test_turns_are_bounded_in_the_openapi_document(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["ConquestTeleportArgs"]["properties"]["turn"]["minimum"] == 1


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"turn": 1}, {"turn": 3, "other_sector": True, "target_sector_checkpoints": 2},
        {"turn": 2, "target_sector_checkpoints": 0}, {"turn": 4, "damage": 3},
        {"turn": 4, "damage": 7}, {"turn": 5, "damage": 8, "other_sector": True},
        {"turn": 2, "other_sector": True},
    ],
}
