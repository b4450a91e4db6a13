"""What the rules' property tests check alike: the d20 test's invariants, its chance's bounds,
and an answer that conforms to its documented result."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Flask
from hypothesis import strategies as st

from rpg.pravidla.d20 import D20
from tests.answers import schema_errors

SEEDS = st.integers(0, 2**63 - 1)
MODIFIERS = st.integers(-20, 20)
FATIGUES = st.integers(0, 50)
ANY_INTS = st.integers(-1000, 1000)
#: Text the API takes in any string (``api.odd_text`` refuses the rest with a 422): no lone
#: surrogate, no control character, no bidirectional embedding, override or isolate.
API_CHARACTERS = st.characters(exclude_categories=("Cs", "Cc"),
                               exclude_characters="\u202a\u202b\u202c\u202d\u202e"
                                                  "\u2066\u2067\u2068\u2069")


def check_d20(result: Any, rolls: tuple[Any, ...], target: int, modifier: int,
              advantage: bool, disadvantage: bool) -> None:
    """One d20 (two kept higher or lower), natural + modifier against target, NAT20 / NAT1."""
    assert len(rolls) == 1
    assert len(rolls[0].results) == (2 if advantage != disadvantage else 1)
    kept = max if advantage and not disadvantage else min if disadvantage and not advantage \
        else (lambda values: values[0])
    assert result.natural == kept(rolls[0].results)
    assert result.total == result.natural + modifier
    assert result.success is (result.natural == D20 or (
        result.natural != 1 and result.total >= target))
    assert result.critical == {D20: "success", 1: "failure"}.get(result.natural)


def chance_bounds(chance: Fraction, advantage: bool, disadvantage: bool) -> None:
    """A d20 test's chance lies between a natural 20's and a natural 1's."""
    one, nineteen = Fraction(1, 20), Fraction(19, 20)
    if advantage == disadvantage:
        assert one <= chance <= nineteen
    elif advantage:
        assert 1 - nineteen**2 <= chance <= 1 - one**2
    else:
        assert one**2 <= chance <= nineteen**2


def conforms(app: Flask, path: str, inputs: dict[str, Any], seed: int, lang: str) -> None:
    """The API answers ``inputs`` with a 200 that matches its documented result schema."""
    response = app.test_client().post(
        f"/api/v1/{path}", json={**inputs, "seed": seed, "lang": lang})
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert schema_errors(body) == {}
    assert body["chance"] is None or 0 <= body["chance"] <= 1
    assert body["text"] and body["seed"] == seed
