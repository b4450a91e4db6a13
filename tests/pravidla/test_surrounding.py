"""[Obklíčení] and its note "Velikost" as ``attack``'s ``surrounded`` and
``target_much_larger``: exact dice.

"Pokud je jedinec v boji na blízko aspoň se 3-mi nepřáteli. Všichni tito nepřátelé mají bonus +1
na zásah." — "Obklíčení neplatí na výrazně větší jedince."
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from rpg.core.dice import ReplayDice
from rpg.pravidla.attack import Modifier, attack
from tests.answers import schema_errors
from tests.pravidla.over_http import get_and_post_agree, input_schema


def test_surrounded_gives_plus_one() -> None:
    outcome = attack(ReplayDice([11, 2]), ac=12, damage="1d4", surrounded=True)
    assert outcome.result.modifiers == (Modifier("bonus", 0), Modifier("surrounded", 1))
    assert outcome.result.hit
    assert outcome.text.cs.startswith("Útok: 1d20 = 11 + 1 (obklíčení) = 12 ≥ OČ 12 → zásah")


def test_not_against_a_much_larger_target() -> None:
    # "Obklíčení neplatí na výrazně větší jedince": no +1, listed in not_applied.
    outcome = attack(ReplayDice([11]), ac=12, damage="1d4", surrounded=True,
                     target_much_larger=True)
    result = outcome.result
    assert (result.modifiers, result.not_applied, result.hit) == (
        (Modifier("bonus", 0),), ("surrounded",), False)
    assert outcome.text.cs == "Útok: 1d20 = 11 < OČ 12 → vedle."
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#obkliceni"


def test_a_much_larger_target_alone_changes_nothing() -> None:
    plain = attack(ReplayDice([11, 2]), ac=10, damage="1d4")
    larger = attack(ReplayDice([11, 2]), ac=10, damage="1d4", target_much_larger=True)
    assert (larger.result, larger.text, larger.rule) == (plain.result, plain.text, plain.rule)


def test_listed_once_against_a_missile_too() -> None:
    result = attack(ReplayDice([11]), ac=12, damage="1d4", ranged=True, surrounded=True,
                    target_much_larger=True).result
    assert result.not_applied == ("surrounded",)


def test_over_http(client: FlaskClient) -> None:
    body = get_and_post_agree(client, "attack", {"ac": 12, "damage": "1d4", "surrounded": True,
                                                 "target_much_larger": True}, seed=4)
    assert schema_errors(body) == {}
    assert body["result"]["not_applied"] == ["surrounded"]
    spec = input_schema(client, "attack")["properties"]["target_much_larger"]
    assert spec["x-label"] == "Cíl je výrazně větší (obklíčení na něj neplatí)"


#: Golden vectors (added to test_attack.py's).
GOLDEN: dict[str, list[dict[str, Any]]] = {"attack": [
    {"ac": 12, "damage": "1d2", "surrounded": True, "target_much_larger": True},
    {"ac": 12, "damage": "1d2", "target_much_larger": True},
    {"ac": 12, "damage": "1d2", "ranged": True, "surrounded": True, "target_much_larger": True},
]}
