"""[Coup de grâce] the GM's instant kill as ``attack``'s ``instant_kill``: exact dice.

"Bezmocní nepřátelé ... Jsou zasaženi útokem bez potřeby házet na zásah. Lze tedy házet jen na
poškození. PJ může povolit i automatický kritický zásah nebo okamžité zabití."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import attack
from tests.answers import schema_errors
from tests.pravidla.over_http import get_and_post_agree, input_schema, refused

QUOTE = "„PJ může povolit i automatický kritický zásah nebo okamžité zabití.“"


@pytest.mark.parametrize("damage", ["2d6+3", None])
def test_the_gms_instant_kill_kills_a_helpless_target_without_damage_dice(
    damage: str | None
) -> None:
    # "PJ může povolit ... okamžité zabití": the target dies, no damage is rolled.
    outcome = attack(ReplayDice([]), ac=14, helpless=True, instant_kill=True,
                     **({"damage": damage} if damage else {}))
    result = outcome.result
    assert (result.killed, result.hit, result.damage, result.base_damage) == (
        True, True, 0, None)
    assert (result.natural, outcome.rolls, outcome.chance) == (None, (), Fraction(1))
    assert outcome.text.cs == ("Útok na bezmocný cíl: zasažen bez hodu na zásah → okamžité "
                               "zabití (povolil PJ): cíl umírá, poškození se nehází.")
    assert outcome.text.en == ("Attack on a helpless target: hit without a roll to hit → instant "
                               "kill (the GM's allowance): the target dies, no damage is rolled.")
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#coup-de-grace"


def test_an_ordinary_helpless_attack_kills_nobody() -> None:
    result = attack(ReplayDice([3]), ac=14, damage="1d6", helpless=True).result
    assert (result.killed, result.damage) == (False, 3)


def test_what_changes_only_the_damage_changes_nothing() -> None:
    result = attack(ReplayDice([]), ac=14, damage="1d6", helpless=True, instant_kill=True,
                    improvised=True, two_weapons=True, surrounded=True).result
    assert result.not_applied == ("surrounded", "improvised", "two_weapons")
    assert result.damage_modifiers == ()


def test_a_group_kills_each_target() -> None:
    outcome = attack(ReplayDice([]), ac=14, helpless=True, instant_kill=True, count=2)
    assert [each.killed for each in outcome.result.each] == [True, True]
    assert outcome.result.summary.damage == 0


@pytest.mark.parametrize(("inputs", "field", "message"), [
    # only a helpless target
    ({}, "instant_kill", f"{QUOTE} Okamžité zabití je jen pro bezmocný cíl: zapni 'helpless', "
                         "nebo vynech 'instant_kill'."),
    # "automatický kritický zásah nebo okamžité zabití": one or the other
    ({"helpless": True, "auto_critical": True}, "auto_critical",
     f"{QUOTE} Zvol buď 'auto_critical', nebo 'instant_kill', ne obojí."),
    ({"helpless": True, "subdual": True}, "subdual",
     "Zvol buď 'subdual', nebo 'instant_kill', ne obojí."),
    ({"helpless": True, "maneuver": "push"}, "maneuver",
     "Zvol buď 'maneuver', nebo 'instant_kill', ne obojí."),
])
def test_refused(inputs: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), ac=14, damage="1d6", instant_kill=True, **inputs)
    assert (caught.value.field, caught.value.message.cs) == (field, message)


def test_over_http(client: FlaskClient) -> None:
    body = get_and_post_agree(client, "attack", {"ac": 14, "helpless": True,
                                                 "instant_kill": True}, seed=1)
    assert schema_errors(body) == {}
    assert (body["result"]["killed"], body["rolls"]) == (True, [])
    assert refused(client, "attack", {"ac": 14, "instant_kill": True},
                   "instant_kill")["message"].startswith(QUOTE)
    spec = input_schema(client, "attack")["properties"]["instant_kill"]
    assert spec["x-label"] == "Okamžité zabití (PJ ho bezmocnému cíli povolil)"


#: Golden vectors (added to test_attack.py's).
GOLDEN: dict[str, list[dict[str, Any]]] = {"attack": [
    {"ac": 14, "helpless": True, "instant_kill": True},
    {"ac": 14, "damage": "1d6", "helpless": True, "instant_kill": True, "improvised": True,
     "two_weapons": True, "surrounded": True},
    {"ac": 14, "helpless": True, "instant_kill": True, "count": 2},
    {"ac": 14, "damage": "1d6", "instant_kill": True},
    {"ac": 14, "helpless": True, "instant_kill": True, "auto_critical": True, "damage": "1d6"},
    {"ac": 14, "helpless": True, "instant_kill": True, "subdual": True, "damage": "1d6"},
    {"ac": 14, "helpless": True, "instant_kill": True, "maneuver": "push"},
]}
