"""``roll``: the dice notation, its bounds and its exact statistics."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RollSyntaxError, RuleError, TooManyRolls
from rpg.core.notation import parse, roll


@pytest.mark.parametrize(("expr", "canonical", "low", "high"), [
    ("1d20+5", "1d20+5", 6, 25),
    ("2k6", "2d6", 2, 12),
    ("d%", "1d100", 1, 100),
    ("4d6kh3", "4d6kh3", 3, 18),
    ("4D6KL1", "4d6kl1", 1, 6),
    (" 1 d 8 + 2 - 1 ", "1d8+2-1", 2, 9),
    ("-1d4", "-1d4", -4, -1),
    ("3", "3", 3, 3),
    ("2d6-1d4", "2d6-1d4", -2, 11),
])
def test_parse_and_bounds(expr: str, canonical: str, low: int, high: int) -> None:
    expression = parse(expr)
    assert expression.notation == canonical
    assert (expression.minimum, expression.maximum) == (low, high)


@pytest.mark.parametrize(("expr", "position", "words"), [
    ("1d6+", 5, "expected a number or a die"),
    ("", 1, "expected a number or a die"),
    ("1d", 3, "expected the number of faces"),
    ("1d6*2", 4, "expected '+' or '-'"),
    ("1d1", 3, "2 to 1000 faces"),
    ("1d1001", 3, "2 to 1000 faces"),
    ("0d6", 1, "1 to 100"),
    ("101d6", 1, "1 to 100"),
    ("4d6kh5", 4, "can keep 1 to 4 dice"),
    ("4d6kh0", 4, "can keep 1 to 4 dice"),
    ("4d6kx1", 4, "expected 'kh' or 'kl'"),
    ("4d6kh", 6, "expected how many dice to keep"),
    ("1+1+1+1+1+1+1+1+1+1+1", 21, "at most 10 terms"),
    ("10001", 1, "number above 10000"),
    ("9999999", 1, "number too large"),
])
def test_syntax_errors_name_the_position(expr: str, position: int, words: str) -> None:
    with pytest.raises(RollSyntaxError) as caught:
        parse(expr)
    assert caught.value.position == position
    assert words in caught.value.message.en
    assert f"position {position}" in caught.value.message.en
    assert f"pozici {position}" in caught.value.message.cs


@pytest.mark.parametrize(("expr", "canonical"), [
    ("1d8 1", "1d8+1"), ("2d6 1d4 2", "2d6+1d4+2"), ("d% 5", "1d100+5"), ("1d20  5", "1d20+5"),
    ("4d6kh3 2", "4d6kh3+2"), ("1d8 d6", "1d8+1d6"), ("2k6 k4", "2d6+1d4"), ("3 2", "3+2"),
    ("1d8 -1", "1d8-1"),
    # a space inside a term is no "+": the count and its die, a die and what it keeps
    ("2 d6", "2d6"), ("4d6 kh3", "4d6kh3"), ("1 d 8", "1d8"),
])
def test_a_space_between_two_terms_is_a_plus(expr: str, canonical: str) -> None:
    # An unencoded "+" typed into a query string arrives as a space (section 2c).
    assert parse(expr).notation == canonical


@pytest.mark.parametrize(("expr", "position", "words"), [
    ("1d8 x", 5, "expected '+' or '-'"), ("2d6k4", 4, "expected 'kh' or 'kl'"),
    ("1d6 " * 11, 41, "at most 10 terms"),
])
def test_a_space_before_no_term_is_still_a_mistake(expr: str, position: int, words: str) -> None:
    with pytest.raises(RollSyntaxError) as caught:
        parse(expr)
    assert (caught.value.position, words in caught.value.message.en) == (position, True)


def test_the_spec_example_message() -> None:
    with pytest.raises(RollSyntaxError) as caught:
        parse("1d6+")
    assert caught.value.message.en == "'1d6+' → expected a number or a die at position 5"


def test_too_long_and_too_many_dice() -> None:
    with pytest.raises(RollSyntaxError, match="longer than 100"):
        parse("1+" * 50 + "1")
    with pytest.raises(TooManyRolls, match="rolls 300 dice"):
        parse("100d6+100d6+100d6")


def test_roll_left_to_right_die_by_die() -> None:
    outcome = roll(ReplayDice([6, 1, 5, 3, 4]), expr="4d6kh3+1d8-2")
    assert outcome.result.total == 6 + 5 + 3 + 4 - 2
    first, second, constant = outcome.result.terms
    assert (first.dice, first.kept, first.value) == ((6, 1, 5, 3), (6, 5, 3), 14)
    assert (second.dice, second.kept, second.value) == ((4,), (4,), 4)
    assert (constant.dice, constant.value) == ((), -2)
    assert [r.total for r in outcome.rolls] == [14, 4]
    assert outcome.chance is None
    assert outcome.text.cs == "Hod 4d6kh3+1d8-2: 4d6kh3 (6 + 5 + 3; zahozeno 1) + 1d8 (4) - 2 = 16."
    assert outcome.rule.url == "/nastroje/api/#zapis-kostek"


def test_keep_lowest_keeps_rolled_order() -> None:
    outcome = roll(ReplayDice([5, 2, 6, 2]), expr="4d6kl2")
    assert outcome.result.terms[0].kept == (2, 2)
    assert outcome.result.total == 4


def _brute_mean(count: int, faces: int, mode: str | None, keep: int) -> Fraction:
    total = 0
    for dice in itertools.product(range(1, faces + 1), repeat=count):
        ordered = sorted(dice, reverse=(mode != "l"))
        total += sum(ordered[:keep])
    return Fraction(total, faces**count)


@pytest.mark.parametrize(("expr", "count", "faces", "mode", "keep"), [
    ("4d6kh3", 4, 6, "h", 3),
    ("4d6kl3", 4, 6, "l", 3),
    ("3d8kh1", 3, 8, "h", 1),
    ("5d4kl2", 5, 4, "l", 2),
    ("2d20kh1", 2, 20, "h", 1),
    ("3d6", 3, 6, None, 3),
])
def test_exact_mean_against_enumeration(
    expr: str, count: int, faces: int, mode: str | None, keep: int
) -> None:
    assert parse(expr).mean == _brute_mean(count, faces, mode, keep)


def test_mean_of_a_whole_expression() -> None:
    assert parse("2d6+1d4-3").mean == Fraction(7) + Fraction(5, 2) - 3


def test_big_keep_expression_stays_exact_and_bounded() -> None:
    expression = parse("100d1000kh50")
    assert 50 * 500 < expression.mean < 50 * 1000
    outcome = roll(SeededDice(1), expr="100d1000kh50")
    assert expression.minimum <= outcome.result.total <= expression.maximum


ROLL_EXPRESSIONS = [
    "2d6", "1d20+5", "4d6kh3", "4d6kl1", "d%", "2k6-1", "-1d4+3", "3d6kh2+1d4-2", "1d2-1",
    "10", "0", "-0+1d3", " 2 D 6 ", "2d6KL1 + 1", "1d1000", "100d1000kh50", "100d2+100d2",
    "1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6",
    # a space between two terms is read as "+"
    "1d6 2", "2d6 1d4 1", "d% 5", "2k6 k4", "4d6 kh3 2",
]

ROLL_ERRORS = [
    "1d6+", "", "d", "2x6", "1d1", "101d6", "0d6", "1d6kh7", "1d6kx", "1d6kh", "1234567",
    "10001", "1d6" + "+1" * 10, "100d6+100d6+1d6", "1d6 " * 30, "2d1001", "1d%kh", "+",
    "2dd6", "1d6 x",
]


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "roll": [{"expr": expr} for expr in ROLL_EXPRESSIONS + ROLL_ERRORS],
}


# --- properties --------------------------------------------------------------------------------
# Over the whole input space (hypothesis).

seeds = st.integers(0, 2**63 - 1)

dice_terms = st.builds(
    lambda count, faces, keep: f"{count}d{faces}" + (f"k{keep[0]}{min(keep[1], count)}"
                                                     if keep else ""),
    st.integers(1, 20), st.integers(2, 1000),
    st.none() | st.tuples(st.sampled_from("hl"), st.integers(1, 20)),
)

terms = dice_terms | st.integers(0, 10_000).map(str)

expressions = st.lists(st.tuples(st.sampled_from("+-"), terms), min_size=1, max_size=10).map(
    lambda parts: "".join(sign + term for sign, term in parts).lstrip("+"))


@settings(max_examples=200)
@given(expressions, seeds)
def test_a_valid_expression_rolls_within_its_bounds(expr: str, seed: int) -> None:
    expression = parse(expr)
    outcome = roll(SeededDice(seed), expr=expr)
    assert expression.minimum <= outcome.result.total <= expression.maximum
    assert expression.minimum <= expression.mean <= expression.maximum
    assert sum(term.value for term in outcome.result.terms) == outcome.result.total
    for term in outcome.result.terms:
        assert len(term.kept) <= len(term.dice) or not term.dice


@settings(max_examples=300)
@given(st.text(max_size=120))
def test_any_text_parses_or_raises_a_rule_error(expr: str) -> None:
    try:
        parse(expr)
    except RuleError as error:
        assert error.field == "expr"
        assert error.message.cs and error.message.en
