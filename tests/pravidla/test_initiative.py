"""[Iniciativa] 1d10 per side not surprised; highest first, a tie goes to the players."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import initiative, players_first_chance
from tests.enumeration import probability

DEFAULT = ["hráči", "nepřátelé"]


@pytest.mark.parametrize(("sides", "players", "surprised", "dice", "order", "skipped"), [
    # highest first
    (DEFAULT, None, [], [3, 7], [("nepřátelé", 7, False), ("hráči", 3, False)], []),
    (DEFAULT, None, [], [10, 1], [("hráči", 10, False), ("nepřátelé", 1, False)], []),
    # a tie with the players goes to the players, wherever they are listed
    (DEFAULT, None, [], [5, 5], [("hráči", 5, True), ("nepřátelé", 5, True)], []),
    (["skřeti", "hráči"], "hráči", [], [6, 6], [("hráči", 6, True), ("skřeti", 6, True)], []),
    (["a", "b", "c"], "c", [], [4, 4, 4], [("c", 4, True), ("a", 4, True), ("b", 4, True)], []),
    # a tie between two other sides keeps the listed order; the untied side is not tied
    (["hráči", "skřeti", "vlci"], None, [], [2, 8, 8],
     [("skřeti", 8, True), ("vlci", 8, True), ("hráči", 2, False)], []),
    (["hráči", "vlci", "skřeti"], None, [], [9, 8, 8],
     [("hráči", 9, False), ("vlci", 8, True), ("skřeti", 8, True)], []),
    # surprised sides skip the roll and the first round
    (DEFAULT, None, ["nepřátelé"], [1], [("hráči", 1, False)], ["nepřátelé"]),
    (DEFAULT, None, ["hráči"], [9], [("nepřátelé", 9, False)], ["hráči"]),
    (["a", "b", "c"], None, ["c", "a"], [5], [("b", 5, False)], ["a", "c"]),
    # every side surprised: a moment's hesitation, everybody rolls, nobody is skipped
    (DEFAULT, None, DEFAULT, [2, 9], [("nepřátelé", 9, False), ("hráči", 2, False)], []),
    (["a", "b", "c"], "b", ["a", "b", "c"], [7, 7, 3],
     [("b", 7, True), ("a", 7, True), ("c", 3, False)], []),
])
def test_order_ties_and_skipped(
    sides: list[str], players: str | None, surprised: list[str], dice: list[int],
    order: list[tuple[str, int, bool]], skipped: list[str],
) -> None:
    outcome = initiative(ReplayDice(dice), sides=sides, players=players, surprised=surprised)
    assert [(e.side, e.roll, e.tied) for e in outcome.result.order] == order
    assert list(outcome.result.skipped) == skipped
    assert [(r.label, r.notation) for r in outcome.rolls] == [("initiative", "1d10")] * len(dice)
    assert outcome.chance is None


def test_dice_are_consumed_in_list_order() -> None:
    outcome = initiative(ReplayDice([1, 2, 3]), sides=["x", "y", "z"])
    assert [(e.side, e.roll) for e in outcome.result.order] == [("z", 3), ("y", 2), ("x", 1)]


def test_players_default_to_the_first_side() -> None:
    outcome = initiative(ReplayDice([4, 4]), sides=["druzina", "skřeti"])
    assert outcome.result.order[0].side == "druzina"


@pytest.mark.parametrize(("inputs", "field"), [
    ({"sides": ["sami"]}, "sides"),
    ({"sides": [str(i) for i in range(11)]}, "sides"),
    ({"sides": ["skřeti", "skřeti"]}, "sides"),
    ({"sides": ["hráči", " "]}, "sides"),
    ({"sides": DEFAULT, "players": "elfové"}, "players"),
    ({"sides": DEFAULT, "surprised": ["elfové"]}, "surprised"),
])
def test_contradictory_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as error:
        initiative(ReplayDice([]), **inputs)  # type: ignore[arg-type]
    assert error.value.field == field
    assert error.value.message.cs and error.value.message.en


@pytest.mark.parametrize(("sides", "players", "surprised"), [
    (DEFAULT, None, []),
    (["skřeti", "hráči"], "hráči", []),
    (["a", "b", "c"], "b", []),
    (["a", "b", "c", "d"], "d", ["b"]),
    (["a", "b", "c"], "a", ["a", "b", "c"]),
])
def test_players_first_chance_against_enumeration(
    sides: list[str], players: str, surprised: list[str]
) -> None:
    inputs = {"sides": sides, "players": players, "surprised": surprised}
    expected = probability(initiative, lambda o: o.result.order[0].side == (players or sides[0]),
                           **inputs)
    rolled = len(sides) - len(surprised) if len(surprised) < len(sides) else len(sides)
    outcome = initiative(ReplayDice([1] * rolled), **inputs)  # type: ignore[arg-type]
    assert outcome.result.players_first_chance == expected


def test_players_first_chance_values_and_surprised_players() -> None:
    assert players_first_chance(1) == Fraction(11, 20)
    assert players_first_chance(0) == 1
    outcome = initiative(ReplayDice([3]), sides=DEFAULT, surprised=["hráči"])
    assert outcome.result.players_first_chance is None


def test_text_in_both_languages() -> None:
    outcome = initiative(ReplayDice([5, 5]), sides=["skřeti", "hráči"], players="hráči")
    assert outcome.text.cs == ("Iniciativa: skřeti 1d10 = 5, hráči 1d10 = 5 → pořadí: hráči, "
                               "skřeti (remíza jde ve prospěch hráčů).")
    assert outcome.text.en == ("Initiative: skřeti 1d10 = 5, hráči 1d10 = 5 → order: hráči, "
                               "skřeti (a tie goes to the players).")
    skipped = initiative(ReplayDice([4]), sides=DEFAULT, surprised=["nepřátelé"])
    assert skipped.text.cs.endswith("Překvapené strany vynechají 1. kolo: nepřátelé.")
    everyone = initiative(ReplayDice([4, 6]), sides=DEFAULT, surprised=DEFAULT)
    assert "nikdo kolo nevynechá" in everyone.text.cs
