"""The 50 % mishaps of [Vázání v boji na blízko], [Držení kouzla], [Nestabilní povrchy]."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.pravidla.situations import MISHAPS, mishap
from tests.enumeration import probability

NO_DICE = ReplayDice([])


@pytest.mark.parametrize(("kind", "rule"), [
    ("ranged-engaged", "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    ("item-engaged", "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    ("spell-engaged", "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    ("held-spell-hit", "/pravidla/ostatni-bojove-situace/#drzeni-kouzla"),
    ("spell-unstable", "/pravidla/ostatni-bojove-situace/#nestabilni-povrchy"),
])
@pytest.mark.parametrize(("die", "happens"), [(1, True), (50, True), (51, False), (100, False)])
def test_mishap_is_fifty_percent_on_d100(kind: str, rule: str, die: int, happens: bool) -> None:
    outcome = mishap(ReplayDice([die]), kind=kind)
    assert (outcome.result.roll, outcome.result.happens) == (die, happens)
    assert outcome.rule.url == rule
    assert outcome.chance == Fraction(1, 2)
    assert outcome.chance == probability(mishap, lambda o: o.result.happens, kind=kind)


def test_mishap_text_names_the_consequence() -> None:
    # Written as every row of odds: the situation, its odds, the die.
    text = mishap(ReplayDice([12]), kind="item-engaged").text
    assert text.cs == ("Použití předmětu ve vázání v boji na blízko (50\u00a0%): 1d100 = 12 ≤ 50 → "
                       "předmět se nepoužije a upadne na zem (některé předměty se mohou rozbít).")
    works = mishap(ReplayDice([51]), kind="spell-unstable").text
    assert works.en == ("A spell (not an instant action) on unstable ground (50%): 1d100 = 51 > "
                        "50 → it works.")


def test_every_kind_rolls_one_labelled_d100() -> None:
    for kind in MISHAPS:
        assert mishap(ReplayDice([7]), kind=kind).rolls[0].label == "mishap"


@settings(max_examples=100)
@given(st.sampled_from(sorted(MISHAPS)), st.integers(0, 2**63 - 1))
def test_mishap_happens_iff_at_most_fifty(kind: str, seed: int) -> None:
    result = mishap(SeededDice(seed), kind=kind).result
    assert 1 <= result.roll <= 100
    assert result.happens is (result.roll <= 50)


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/mishap", json={"kind": "held-spell-hit", "seed": 77})
    got = client.get("/api/v1/mishap?kind=held-spell-hit&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()


def test_a_kind_is_required(client: FlaskClient) -> None:
    response = client.post("/api/v1/mishap", json={})
    assert response.status_code == 422
    assert "kind" in response.get_json()["errors"]


def test_mishap_with_physical_dice(client: FlaskClient) -> None:
    body = client.get("/api/v1/mishap?kind=spell-unstable&dice=50&lang=en").get_json()
    assert body["result"] == {"roll": 50, "happens": True, "consequence": "the spell fails",
                              "next": []}
    assert body["chance"] == 0.5


def test_the_kind_may_be_the_rules_czech_words(client: FlaskClient) -> None:
    answer = client.get("/api/v1/mishap?kind=kouzlo na nestabilnim povrchu&dice=3").get_json()
    assert answer["input"] == {"kind": "spell-unstable"}
    assert answer["rule"]["url"] == "/pravidla/ostatni-bojove-situace/#nestabilni-povrchy"


def test_openapi_lists_every_kind(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert set(schemas["MishapArgs"]["properties"]["kind"]["enum"]) == {
        "ranged-engaged", "item-engaged", "spell-engaged", "held-spell-hit", "spell-unstable"}


#: Golden vectors: every kind; the calculators' JavaScript must give the engine's answer for
#: each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "mishap": [{"kind": kind} for kind in MISHAPS],
}
