"""[Náhlá setkání] the whole procedure: surprise → distance → initiative → reactions."""

from __future__ import annotations

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import initiative
from rpg.pravidla.encounters import encounter, encounter_distance, reaction, surprise

DEFAULT = ["hráči", "nepřátelé"]


def test_nobody_surprised_wilderness() -> None:
    dice = [3, 4, 1, 1, 1, 1, 5, 7, 3, 4]
    outcome = encounter(ReplayDice(dice))
    assert [r.label for r in outcome.rolls] == [
        "surprise", "surprise", "distance", "initiative", "initiative", "reaction"]
    result = outcome.result
    assert result.surprise.effect == "none"
    assert (result.distance.distance_m, result.distance.zone) == (40, "daleko")
    assert [e.side for e in result.initiative.order] == ["nepřátelé", "hráči"]
    assert [(r.side, r.total, r.band) for r in result.reactions] == [
        ("nepřátelé", 7, "uncertain")]
    assert outcome.chance is None


@pytest.mark.parametrize(("sides", "players", "dice", "distance", "order", "skipped", "reacting"), [
    # one enemy surprised: 1d4 × 10, it skips initiative and its reaction
    (["hráči", "skřeti", "vlci"], None, [4, 1, 5, 2, 3, 3, 6, 6], 20,
     ["hráči", "vlci"], ["skřeti"], ["vlci"]),
    # the players surprised: only the enemies roll initiative and react
    (DEFAULT, None, [1, 5, 3, 8, 2, 2], 30, ["nepřátelé"], ["hráči"], ["nepřátelé"]),
    # everybody surprised: a moment's hesitation; all roll initiative, every other side reacts
    (DEFAULT, None, [1, 2, 4, 4, 4, 1, 1], 40, ["hráči", "nepřátelé"], [], ["nepřátelé"]),
    # the players listed second
    (["skřeti", "hráči"], "hráči", [5, 6, 1, 1, 1, 1, 9, 9, 2, 3], 40,
     ["hráči", "skřeti"], [], ["skřeti"]),
])
def test_who_acts_and_reacts(
    sides: list[str], players: str | None, dice: list[int], distance: int, order: list[str],
    skipped: list[str], reacting: list[str],
) -> None:
    outcome = encounter(ReplayDice(dice), sides=sides, players=players)
    assert outcome.result.distance.distance_m == distance
    assert [e.side for e in outcome.result.initiative.order] == order
    assert list(outcome.result.initiative.skipped) == skipped
    assert [r.side for r in outcome.result.reactions] == reacting


def test_composes_the_sub_procedures_on_the_same_dice() -> None:
    sides, light = ["hráči", "skřeti", "vlci"], ["hráči", "skřeti"]
    dice = [2, 6, 3, 5, 6, 1, 4, 4, 5, 5, 1, 2]
    outcome = encounter(ReplayDice(dice), sides=sides, light=light, location="indoors",
                        reaction_modifier=2)
    alone = surprise(ReplayDice(dice[:2]), sides=sides, light=light)
    assert outcome.result.surprise == alone.result
    assert alone.result.surprised == ("hráči",)  # the wolves' enemies are lit: no roll
    distance = encounter_distance(ReplayDice(dice[2:6]), location="indoors", surprised=True)
    assert outcome.result.distance == distance.result
    assert outcome.result.distance.distance_m == 7  # 15 halved, rounded down
    order = initiative(ReplayDice(dice[6:8]), sides=sides, surprised=["hráči"])
    assert outcome.result.initiative == order.result
    reactions = [reaction(ReplayDice(dice[8:10]), modifier=2).result,
                 reaction(ReplayDice(dice[10:]), modifier=2).result]
    assert [(r.side, r.total, r.band) for r in outcome.result.reactions] == [
        ("skřeti", 12, "friendly"), ("vlci", 5, "hostile-may-attack")]
    assert [(r.total, r.band) for r in reactions] == [(12, "friendly"), (5, "hostile-may-attack")]
    assert outcome.rolls == alone.rolls + distance.rolls + order.rolls + tuple(
        r for d in (dice[8:10], dice[10:]) for r in reaction(ReplayDice(d), modifier=2).rolls)


def test_each_unsurprised_enemy_reacts_with_the_modifier_in_list_order() -> None:
    dice = [6, 6, 6, 1, 1, 1, 1, 2, 3, 4, 1, 1, 6, 6]
    outcome = encounter(ReplayDice(dice), sides=["hráči", "skřeti", "vlci"],
                        location="indoors", reaction_modifier=-1)
    expected = [reaction(ReplayDice(dice[10:12]), modifier=-1).result,
                reaction(ReplayDice(dice[12:]), modifier=-1).result]
    assert [(r.side, r.total, r.band, r.distribution) for r in outcome.result.reactions] == [
        ("skřeti", 1, "hostile-attacks", expected[0].distribution),
        ("vlci", 11, "indifferent", expected[1].distribution),
    ]
    assert [r.total for r in expected] == [1, 11]
    assert outcome.text.cs.endswith(
        "Reakce (vlci): 2d6 = 6 + 6 = 12 − 1 = 11 → Lhostejný "
        "(NPC: Neutrální, příklon k pozitivní).")
    assert outcome.text.en.startswith("Surprise roll: hráči 1d6 = 6, skřeti 1d6 = 6, vlci 1d6 = 6."
                                      " Nobody is surprised. Encounter distance (indoors: 4d6")


@pytest.mark.parametrize(("inputs", "field"), [
    ({"sides": DEFAULT, "players": "elfové"}, "players"),
    ({"sides": DEFAULT, "light": ["elfové"]}, "light"),
    ({"sides": ["a", "a"]}, "sides"),
    ({"location": "vesmír"}, "location"),
])
def test_bad_inputs_are_caught_before_any_die(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as error:
        encounter(ReplayDice([]), **inputs)  # type: ignore[arg-type]
    assert error.value.field == field
