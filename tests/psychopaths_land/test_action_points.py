"""Země psychopatů [Fáze kola, 1. Určení počtu akčních bodů]: "Hráč hodí 2D6, vybere jednu z
kostek, obdrží počet akčních bodů odpovídající číslu na vybrané kostce."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.psychopaths_land.round_phases import action_points
from tests.games import answered

PATH = "psychopaths-land/action-points"


@pytest.mark.parametrize(("dice", "keep", "points", "notation", "total"), [
    ([2, 5], "higher", 5, "2d6kh1", 5),
    ([2, 5], "lower", 2, "2d6kl1", 2),
    ([6, 1], "higher", 6, "2d6kh1", 6),
    ([4, 4], "lower", 4, "2d6kl1", 4),
    ([2, 5], None, None, "2d6", 7),
])
def test_action_points_keep_one_die(
    dice: list[int], keep: str | None, points: int | None, notation: str, total: int
) -> None:
    outcome = action_points(ReplayDice(dice), keep=keep)
    assert outcome.result.dice == tuple(dice)
    assert outcome.result.action_points == points
    assert outcome.result.choices == tuple(sorted(set(dice)))
    assert [(r.label, r.notation, r.total) for r in outcome.rolls] == [
        ("action-points", notation, total)]
    assert outcome.chance is None


def test_action_points_text_uses_czech_plurals() -> None:
    assert action_points(ReplayDice([1, 3]), keep="lower").text.cs == (
        "Akční body: 2d6 = 1 a 3, ponechá nižší → 1 akční bod.")
    assert action_points(ReplayDice([1, 3]), keep="higher").text.cs.endswith("3 akční body.")
    assert action_points(ReplayDice([2, 5])).text.cs == (
        "Akční body: 2d6 = 2 a 5, hráč si vybere 2, nebo 5 akčních bodů.")
    assert action_points(ReplayDice([4, 4])).text.en == (
        "Action points: 2d6 = 4 and 4, both dice alike → 4 action points.")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from([None, "higher", "lower"]))
def test_action_points_keep_one_of_the_dice(seed: int, keep: str | None) -> None:
    result = action_points(SeededDice(seed), keep=keep).result
    assert all(1 <= die <= 6 for die in result.dice)
    if keep is None:
        assert result.action_points is None
    else:
        assert result.action_points == (max if keep == "higher" else min)(result.dice)


def test_over_http(client: FlaskClient) -> None:
    body = answered(client, PATH, {"keep": "higher"})
    assert body["result"]["action_points"] == max(body["result"]["dice"])


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [{}, {"keep": "higher"}, {"keep": "lower"}],
}
