"""The 50 % mishaps of [Vázání v boji na blízko], [Držení kouzla], [Nestabilní povrchy]."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rpg.core.dice import ReplayDice
from rpg.pravidla.situations import mishap
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
    text = mishap(ReplayDice([12]), kind="item-engaged").text
    assert text.cs == ("Použití předmětu ve vázání v boji na blízko: 1d100 = 12 ≤ 50 → předmět "
                       "se nepoužije a upadne na zem (některé předměty se mohou rozbít).")
