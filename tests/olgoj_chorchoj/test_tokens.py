"""Olgoj Chorchoj [Získání žetonu akce]: the face-up token on the landing spot, or the corner
tokens of a matching neighbour (both to one owner of both paratroopers); "Hráč tedy nemůže využít
obou příležitostí pro získání tří žetonů najednou."
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.olgoj_chorchoj.action_tokens import tokens
from tests.games import answered, without_dice

PATH = "olgoj-chorchoj/tokens"


@pytest.mark.parametrize(("face_up", "corner", "same", "options", "choose", "most"), [
    (False, False, False, (), False, 0),
    (True, False, False, (("face-up", 1, 0),), False, 1),
    (False, True, False, (("corner", 1, 1),), False, 1),
    (False, True, True, (("corner", 2, 0),), False, 2),
    (True, True, False, (("face-up", 1, 0), ("corner", 1, 1)), True, 1),
    (True, True, True, (("face-up", 1, 0), ("corner", 2, 0)), True, 2),
    (True, False, True, (("face-up", 1, 0),), False, 1),   # own neighbour, no match
])
def test_token_options(face_up: bool, corner: bool, same: bool, options: tuple, choose: bool,
                       most: int) -> None:
    result = tokens(ReplayDice([]), face_up_token=face_up, corner_match=corner,
                    same_owner=same).result
    assert tuple((o.kind, o.tokens, o.other_player_tokens) for o in result.options) == options
    assert (result.must_choose, result.most_tokens) == (choose, most)


def test_tokens_text() -> None:
    assert tokens(ReplayDice([]), face_up_token=True, corner_match=True).text.cs == (
        "Na výběr: odkrytý žeton z místa výsadku (1), nebo žeton z rohu (1, druhý hráč také 1) – "
        "ne obojí: „Hráč tedy nemůže využít obou příležitostí pro získání tří žetonů najednou.“")
    assert tokens(ReplayDice([])).text.en == "The landing gives no action token."
    assert tokens(ReplayDice([]), corner_match=True, same_owner=True).text.cs == (
        "Hráč získá oba žetony z rohu (2).")


@settings(max_examples=150, deadline=None)
@given(st.booleans(), st.booleans(), st.booleans())
def test_tokens_never_three(face_up: bool, corner: bool, same: bool) -> None:
    result = tokens(ReplayDice([]), face_up_token=face_up, corner_match=corner,
                                   same_owner=same).result
    assert len(result.options) == face_up + corner
    assert all(o.tokens + (0 if same else o.other_player_tokens) <= 2 for o in result.options)
    assert result.most_tokens < 3
    assert result.must_choose == (face_up and corner)


def test_over_http(client: FlaskClient) -> None:
    inputs = {"face_up_token": True, "corner_match": True}
    assert answered(client, PATH, inputs)["result"]["must_choose"] is True
    without_dice(client, PATH, inputs)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [{"face_up_token": up, "corner_match": corner, "same_owner": same}
           for up, corner, same in product((False, True), repeat=3)],
}
