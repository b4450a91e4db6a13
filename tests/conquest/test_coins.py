"""Dobývání soustav [Kredity]: "Modrozelené: 50 kr. Stříbrné: 200 kr. Zlaté: 1 000 kr." Any
multiple of 50 in the fewest coins."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest.coins import coin_split, coins
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/coins"


@pytest.mark.parametrize(("credits", "split", "count"), [
    (0, (0, 0, 0), 0),
    (50, (0, 0, 1), 1),
    (150, (0, 0, 3), 3),
    (200, (0, 1, 0), 1),
    (1450, (1, 2, 1), 4),
    (3950, (3, 4, 3), 10),
])
def test_coins_fewest(credits: int, split: tuple[int, int, int], count: int) -> None:
    result = coins(ReplayDice([]), credits=credits).result
    assert (result.coins["1000"], result.coins["200"], result.coins["50"]) == split
    assert result.count == count
    assert list(result.coins) == ["1000", "200", "50"]


def test_coins_text_groups_thousands_and_agrees_with_the_count() -> None:
    assert coins(ReplayDice([]), credits=1450).text.cs == (
        "1\u00a0450 kr. = 1× zlatá, 2× stříbrná, 1× modrozelená (4 mince).")
    assert coins(ReplayDice([]), credits=1350).text.cs.endswith("(5 mincí).")
    assert coins(ReplayDice([]), credits=50).text.en == (
        "50 cr = 0× gold, 0× silver, 1× teal (1 coin).")


@pytest.mark.parametrize("credits", [1, 30, 1330, -50])
def test_coins_need_a_multiple_of_50(credits: int) -> None:
    with pytest.raises(RuleError) as caught:
        coin_split(credits)
    assert caught.value.field == "credits"
    assert "„Modrozelené: 50 kr." in caught.value.message.cs


def fewest_coins(credits: int) -> int:
    """Brute force: the fewest coins of 1000, 200 and 50 that make ``credits``."""
    best = None
    for gold in range(credits // 1000 + 1):
        for silver in range((credits - 1000 * gold) // 200 + 1):
            rest = credits - 1000 * gold - 200 * silver
            if rest % 50 == 0:
                count = gold + silver + rest // 50
                best = count if best is None else min(best, count)
    assert best is not None
    return best


@settings(max_examples=150, deadline=None)
@given(st.integers(-1000, 20_000))
def test_coins_sum_back_and_are_the_fewest(credits: int) -> None:
    try:
        result = coins(ReplayDice([]), credits=credits).result
    except RuleError as error:
        assert (credits < 0 or credits % 50) and error.field == "credits"
        return
    assert sum(int(value) * n for value, n in result.coins.items()) == credits
    assert result.count == sum(result.coins.values()) == fewest_coins(credits)


def test_over_http(client: FlaskClient) -> None:
    answered(client, PATH, {"credits": 1450})
    without_dice(client, PATH, {"credits": 1450})
    result = client.get("/api/v1/conquest/coins?credits=1450").get_json()["result"]
    assert result == {"coins": {"1000": 1, "200": 2, "50": 1}, "count": 4, "next": []}
    refused(client, PATH, {"credits": 1330}, "credits", "„Modrozelené: 50 kr.")


def test_credits_are_bounded_in_the_openapi_document(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    credits = schemas["ConquestCoinsArgs"]["properties"]["credits"]
    assert (credits["minimum"], credits["maximum"]) == (0, 100_000)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [{"credits": c} for c in (0, 50, 1250, 2450, 100_000, 75)],
}
