"""The two dice sources: a seeded generator and the replay of physical dice."""

from __future__ import annotations

import random

import pytest

from rpg.core.dice import MAX_GIVEN_DICE, ReplayDice, SeededDice
from rpg.core.errors import DiceError, TooManyRolls


def test_seeded_dice_follow_the_published_contract() -> None:
    rng = random.Random(42)
    expected = [rng.randrange(6) + 1, rng.randrange(20) + 1, rng.randrange(100) + 1]
    source = SeededDice(42)
    assert [source.die(6, "a"), source.die(20, "b"), source.die(100, "c")] == expected


def test_same_seed_same_dice() -> None:
    first, second = SeededDice(7), SeededDice(7)
    assert [first.die(6, "x") for _ in range(50)] == [second.die(6, "x") for _ in range(50)]


def test_replay_consumes_in_order() -> None:
    source = ReplayDice([4, 2, 19])
    assert [source.die(6, "a"), source.die(6, "b"), source.die(20, "c")] == [4, 2, 19]
    source.finish()


def test_replay_names_the_die_it_needed_next() -> None:
    source = ReplayDice([3])
    source.die(6, "food")
    with pytest.raises(DiceError) as caught:
        source.die(6, "shelter")
    assert caught.value.message.en == "Not enough dice: needs a d6 for 'shelter' (die #2)."
    assert "d6 pro „přístřeší“" in caught.value.message.cs
    assert caught.value.field == "dice"


@pytest.mark.parametrize("value", [0, 7, -1])
def test_replay_rejects_a_value_off_the_die(value: int) -> None:
    with pytest.raises(DiceError, match=f"{value} is not between 1 and 6"):
        ReplayDice([value]).die(6, "damage")


def test_replay_rejects_dice_left_over() -> None:
    source = ReplayDice([1, 2, 3])
    source.die(6, "a")
    with pytest.raises(DiceError, match="3 given, the procedure used 1"):
        source.finish()


def test_replay_bounds_the_number_of_dice() -> None:
    with pytest.raises(DiceError, match="at most 200"):
        ReplayDice([1] * (MAX_GIVEN_DICE + 1))


@pytest.mark.parametrize(("budget", "cs", "en"), [
    (1, "1 kostku", "1 die"), (2, "2 kostky", "2 dice"), (5, "5 kostek", "5 dice")])
@pytest.mark.parametrize("physical", [False, True])
def test_a_budget_stops_either_source_at_its_count_in_the_requests_words(
        budget: int, cs: str, en: str, physical: bool) -> None:
    source = ReplayDice([1, 2, 3, 4, 5, 6], budget) if physical else SeededDice(3, budget)
    assert [source.die(6, "a") for _ in range(budget)] == source_dice(source, budget)
    with pytest.raises(TooManyRolls) as caught:
        source.die(6, "c")
    assert caught.value.message.en == (
        f"Too many dice: one request may roll at most {en}; ask for fewer.")
    assert caught.value.message.cs == (
        f"Příliš mnoho kostek: jeden požadavek smí hodit nejvýše {cs}; zmenši počty.")
    assert source.drawn == budget


def source_dice(source: SeededDice | ReplayDice, count: int) -> list[int]:
    """The first ``count`` d6 ``source`` should yield: its seed's or its given values."""
    if isinstance(source, SeededDice):
        rng = random.Random(source.seed)
        return [rng.randrange(6) + 1 for _ in range(count)]
    return list(source.values[:count])
