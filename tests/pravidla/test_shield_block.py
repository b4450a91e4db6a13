"""[Reflexivní blokování štítem]."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.situations import shield_block

NO_DICE = ReplayDice([])


@pytest.mark.parametrize(("shield_ac", "blocked", "left", "destroyed"), [
    (3, 1, 2, False), (3, 3, 0, True), (1, 1, 0, True), (5, 2, 3, False),
])
def test_shield_block_trades_ac_for_dice(
    shield_ac: int, blocked: int, left: int, destroyed: bool
) -> None:
    # "zredukovat jej o 1 kostku poškození za každé obětované OČ štítu. Pokud OČ štítu padne
    # na 0, štít je zničen."
    result = shield_block(NO_DICE, shield_ac=shield_ac, dice_blocked=blocked).result
    assert (result.dice_removed, result.shield_ac_left, result.destroyed) == (
        blocked, left, destroyed)


@pytest.mark.parametrize(("inputs", "field", "quote"), [
    ({"trained": False}, "trained", "Postava netrénovaná se štítem nemůže blokovat: „Postavy "
     "netrénované se štítem … ním nemohou reflexivně blokovat.“"),
    ({"surprised": True}, "surprised", "Instantní akce nelze použít pokud je postava překvapená"),
    ({"used_this_round": True}, "used_this_round", "omezeno na 1x za kolo"),
    ({"dice_blocked": 4}, "dice_blocked", "za každé obětované OČ štítu"),
    ({"damage_dice": 1}, "dice_blocked", "Útok má jen 1 kostku poškození"),
])
def test_shield_block_refusals_quote_the_rule(
    inputs: dict[str, object], field: str, quote: str
) -> None:
    arguments = {"shield_ac": 3, "dice_blocked": 2, **inputs}
    with pytest.raises(RuleError) as caught:
        shield_block(NO_DICE, **arguments)
    assert caught.value.field == field
    assert quote in caught.value.message.cs


@settings(max_examples=300)
@given(st.integers(0, 100), st.integers(1, 100), st.booleans(), st.booleans(), st.booleans(),
       st.none() | st.integers(1, 200))
def test_shield_block_valid_or_rule_error(
    shield_ac: int, blocked: int, trained: bool, surprised: bool, used: bool,
    damage_dice: int | None,
) -> None:
    try:
        result = shield_block(SeededDice(0), shield_ac=shield_ac, dice_blocked=blocked,
                              trained=trained, surprised=surprised, used_this_round=used,
                              damage_dice=damage_dice).result
    except RuleError as error:
        assert error.field in ("trained", "surprised", "used_this_round", "dice_blocked")
        return
    assert trained and not surprised and not used
    assert result.shield_ac_left >= 0
    assert result.shield_ac_left + result.dice_removed == shield_ac
    assert result.destroyed is (result.shield_ac_left == 0)


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/shield-block", json={"shield_ac": 2, "dice_blocked": 1,
                                                       "seed": 77})
    got = client.get("/api/v1/shield-block?shield_ac=2&dice_blocked=1&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()


@pytest.mark.parametrize(("body", "field"), [
    ({"shield_ac": 1, "dice_blocked": 2}, "dice_blocked"),
    ({"shield_ac": 3, "dice_blocked": 1, "surprised": True}, "surprised"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/v1/shield-block", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


def test_shield_block_while_surprised_quotes_the_rule(client: FlaskClient) -> None:
    message = client.post("/api/v1/shield-block", json={
        "shield_ac": 3, "dice_blocked": 1, "surprised": True}).get_json()["message"]
    assert "„Instantní akce nelze použít pokud je postava překvapená.“" in message


_SHIELD = {"shield_ac": 3, "dice_blocked": 1}

#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
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
}
