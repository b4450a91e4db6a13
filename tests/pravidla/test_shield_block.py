"""[Reflexivní blokování štítem]."""

from __future__ import annotations

import pytest

from rpg.core.dice import ReplayDice
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
    ({"trained": False}, "trained", "nemohou reflexivně blokovat"),
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
