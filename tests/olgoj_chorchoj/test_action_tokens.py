"""Olgoj Chorchoj [Inženýrství, Získání žetonu akce]."""

from __future__ import annotations

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.olgoj_chorchoj.action_tokens import engineering, tokens

# --- [Inženýrství] three scales 1 back, +5 tactical; a scale at 0 locks a slot ----------------


@pytest.mark.parametrize(("products", "tactical", "after", "gained", "locks", "at_zero"), [
    ([3, 4, 5], 0, (2, 3, 4), 5, 0, ()),
    ([1, 4, 5], 2, (0, 3, 4), 7, 1, (1,)),
    ([2, 1, 1], 10, (1, 0, 0), 15, 2, (2, 3)),
    ([1, 1, 1], 0, (0, 0, 0), 5, 3, (1, 2, 3)),
])
def test_engineering(products: list[int], tactical: int, after: tuple[int, ...], gained: int,
                     locks: int, at_zero: tuple[int, ...]) -> None:
    outcome = engineering(ReplayDice([]), products=products, tactical=tactical)
    assert outcome.result.products == after
    assert outcome.result.tactical == gained
    assert outcome.result.must_lock_slots == locks
    assert outcome.result.scales_at_zero == at_zero
    assert (outcome.rolls, outcome.chance) == ((), None)


def test_engineering_text() -> None:
    assert engineering(ReplayDice([]), products=[3, 4, 5], tactical=1).text.cs == (
        "Inženýrství: produkty 3 → 2, 4 → 3, 5 → 4; taktické body 1 + 5 = 6.")
    assert "locks that many action-token slots" in engineering(
        ReplayDice([]), products=[1, 2, 2]).text.en


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"products": [2, 0, 3]}, "products", "Stupnice č. 2 je na 0"),
    ({"products": [2, 3]}, "products", "na třech stupnicích produktů"),
    ({"products": [2, 3, 4, 5]}, "products", "na třech stupnicích produktů"),
    ({"products": [2, 3, 4], "tactical": -1}, "tactical", "5 taktických bodů"),
])
def test_engineering_bad_inputs_quote_the_rule(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        engineering(ReplayDice([]), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs
    assert "„" in caught.value.message.cs and "“" in caught.value.message.en


def test_a_scale_at_zero_quotes_the_off_track_rule() -> None:
    with pytest.raises(RuleError) as caught:
        engineering(ReplayDice([]), products=[0, 1, 1])
    assert "mimo počítadlo (na nulu)" in caught.value.message.cs


# --- [Získání žetonu akce] one option or the other, never three tokens -----------------------


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
