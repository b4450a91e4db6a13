"""[Hod na překvapení, Světlo a překvapení] 1d6 per side, 1–2 surprised; light gives you away."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.encounters import surprise
from tests.enumeration import outcomes

DEFAULT = ["hráči", "nepřátelé"]


@pytest.mark.parametrize(("sides", "light", "dice", "rolls", "surprised", "effect"), [
    (DEFAULT, [], [3, 4], [3, 4], [], "none"),
    (DEFAULT, [], [6, 6], [6, 6], [], "none"),
    (DEFAULT, [], [1, 3], [1, 3], ["hráči"], "some"),
    (DEFAULT, [], [3, 2], [3, 2], ["nepřátelé"], "some"),
    (DEFAULT, [], [2, 1], [2, 1], DEFAULT, "all"),
    (["a", "b", "c"], [], [1, 2, 5], [1, 2, 5], ["a", "b"], "some"),
    (["a", "b", "c"], [], [1, 2, 2], [1, 2, 2], ["a", "b", "c"], "all"),
    # the enemies carry light: they cannot surprise the players, who therefore do not roll
    (DEFAULT, ["nepřátelé"], [1], [None, 1], ["nepřátelé"], "some"),
    # the players carry light: only they can be surprised; one surprised side is not "all"
    (DEFAULT, ["hráči"], [2], [2, None], ["hráči"], "some"),
    (DEFAULT, ["hráči"], [3], [3, None], [], "none"),
    # everybody carries light: nobody can be surprised, nothing is rolled
    (DEFAULT, DEFAULT, [], [None, None], [], "none"),
    # light on a and b: c's every enemy is lit, so c does not roll; a and b do (c is dark)
    (["a", "b", "c"], ["a", "b"], [1, 5], [1, 5, None], ["a"], "some"),
    # light on a only: every side still has a dark enemy and rolls
    (["a", "b", "c"], ["a"], [4, 4, 4], [4, 4, 4], [], "none"),
])
def test_rolls_light_and_effect(
    sides: list[str], light: list[str], dice: list[int], rolls: list[int | None],
    surprised: list[str], effect: str,
) -> None:
    outcome = surprise(ReplayDice(dice), sides=sides, light=light)
    assert [(s.side, s.roll) for s in outcome.result.sides] == list(zip(sides, rolls,
                                                                         strict=True))
    assert [s.side for s in outcome.result.sides if s.surprised] == surprised
    assert outcome.result.effect == effect
    assert [(r.label, r.notation) for r in outcome.rolls] == [("surprise", "1d6")] * len(dice)
    assert outcome.chance is None


@pytest.mark.parametrize(("roll", "surprised"), [(1, True), (2, True), (3, False), (6, False)])
def test_one_or_two_means_surprised(roll: int, surprised: bool) -> None:
    assert surprise(ReplayDice([roll, 6])).result.sides[0].surprised is surprised


@pytest.mark.parametrize(("sides", "light"), [
    (DEFAULT, []),
    (DEFAULT, ["hráči"]),
    (DEFAULT, DEFAULT),
    (["a", "b", "c"], []),
    (["a", "b", "c"], ["a", "b"]),
    (["a", "b", "c", "d"], ["d"]),
])
def test_effect_distribution_against_enumeration(sides: list[str], light: list[str]) -> None:
    counted: Counter[str] = Counter()
    for weight, outcome in outcomes(surprise, sides=sides, light=light):
        counted[outcome.result.effect] += weight  # type: ignore[assignment]
    published = surprise(_dice_for(sides, light),
                         sides=sides, light=light).result.distribution
    assert {c.effect: c.probability for c in published if c.probability} == dict(counted)
    assert sum(c.probability for c in published) == 1


def _dice_for(sides: list[str], light: list[str]) -> ReplayDice:
    rolling = sum(not all(o in light for o in sides if o != s) for s in sides)
    return ReplayDice([6] * rolling)


def test_distribution_values() -> None:
    published = surprise(ReplayDice([6, 6])).result.distribution
    assert [(c.effect, c.probability) for c in published] == [
        ("none", Fraction(4, 9)), ("some", Fraction(4, 9)), ("all", Fraction(1, 9))]


@pytest.mark.parametrize(("inputs", "field"), [
    ({"sides": ["sami"]}, "sides"),
    ({"sides": ["a", "a"]}, "sides"),
    ({"sides": DEFAULT, "light": ["pochodeň"]}, "light"),
])
def test_bad_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as error:
        surprise(ReplayDice([]), **inputs)  # type: ignore[arg-type]
    assert error.value.field == field


def test_text_in_both_languages() -> None:
    outcome = surprise(ReplayDice([1, 4]))
    assert outcome.text.cs == ("Hod na překvapení: hráči 1d6 = 1 → překvapená, nepřátelé "
                               "1d6 = 4. Překvapená strana (hráči) vynechá 1 kolo.")
    assert outcome.text.en == ("Surprise roll: hráči 1d6 = 1 → surprised, nepřátelé 1d6 = 4. "
                               "The surprised side (hráči) loses 1 round.")
    assert "chvilkové zaváhání" in surprise(ReplayDice([1, 2])).text.cs
    assert "bez hodu (ostatní nesou světlo)" in surprise(
        ReplayDice([5]), light=["hráči"]).text.cs
