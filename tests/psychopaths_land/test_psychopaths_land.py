"""Země psychopatů [Fáze kola, Boj]: action points, combat in four modes, round phases."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.psychopaths_land.game import action_points, attacker_win_chance, combat, turn_check
from tests.enumeration import probability

# --- [1. Určení počtu akčních bodů] hodí 2D6, vybere jednu z kostek ------------------------


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


# --- [Boj] totals, winner, fame --------------------------------------------------------------

PLAYERS = [
    # dice, attacker madness, defender madness, cards a/d, totals, winner, fame a/d, revenge
    ([4, 2], 3, 1, 0, 0, (7, 3), "attacker", (4, -4), True),
    ([1, 6], 2, 2, 0, 0, (3, 8), "defender", (-5, 5), False),
    ([3, 3], 2, 2, 0, 0, (5, 5), "draw", (0, 0), False),
    ([3, 5], 0, 0, 3, -1, (6, 4), "attacker", (2, -2), True),
    ([6, 1], 0, 5, -2, 0, (4, 6), "defender", (-2, 2), False),
]


@pytest.mark.parametrize(
    ("dice", "am", "dm", "ac", "dc", "totals", "winner", "fame", "revenge"), PLAYERS)
def test_combat_between_players(
    dice: list[int], am: int, dm: int, ac: int, dc: int, totals: tuple[int, int], winner: str,
    fame: tuple[int, int], revenge: bool,
) -> None:
    outcome = combat(ReplayDice(dice), attacker_madness=am, defender_madness=dm,
                     attacker_cards=ac, defender_cards=dc)
    result = outcome.result
    assert (result.attacker_total, result.defender_total) == totals
    assert result.winner == winner
    assert (result.fame.attacker, result.fame.defender) == fame
    assert result.fame_moved == abs(totals[0] - totals[1])
    assert result.revenge_available is revenge
    assert result.effects == ()
    assert [r.label for r in outcome.rolls] == ["attacker", "defender"]


def test_a_defeated_defender_has_no_revenge_once_one_was_called() -> None:
    result = combat(ReplayDice([6, 1]), revenge_used=True).result
    assert result.winner == "attacker" and result.revenge_available is False


@pytest.mark.parametrize(("dice", "winner", "fame", "effects"), [
    ([5, 2], "attacker", (3, 0), ("psychopath-killed",)),
    ([2, 5], "defender", (-3, 0), ("psychopath-to-deck-bottom",)),
    ([4, 4], "draw", (0, 0), ("psychopath-to-inventory",)),
])
def test_combat_with_a_psychopath(
    dice: list[int], winner: str, fame: tuple[int, int], effects: tuple[str, ...]
) -> None:
    result = combat(ReplayDice(dice), mode="psychopath").result
    assert result.winner == winner
    assert (result.fame.attacker, result.fame.defender) == fame
    assert result.effects == effects
    assert result.revenge_available is False


@pytest.mark.parametrize(("dice", "winner", "fame", "effects"), [
    ([6, 2], "attacker", (4, 0), ("psychopath-card-lost",)),   # the holder loses the card
    ([2, 6], "defender", (-4, 4), ()),
    ([3, 3], "draw", (0, 0), ()),
])
def test_attack_on_a_psychopath_holder(
    dice: list[int], winner: str, fame: tuple[int, int], effects: tuple[str, ...]
) -> None:
    result = combat(ReplayDice(dice), mode="psychopath-holder").result
    assert result.winner == winner
    assert (result.fame.attacker, result.fame.defender) == fame
    assert result.effects == effects
    assert result.revenge_available is False


@pytest.mark.parametrize(("dice", "active", "fame"), [
    ([6, 2], "attacker", (4, -4)),    # the active player wins: no bonus
    ([6, 2], "defender", (6, -4)),    # the active player loses: the winner +2
    ([1, 4], "attacker", (-3, 5)),
    ([1, 4], "defender", (-3, 3)),
    ([2, 2], "defender", (0, 0)),
])
def test_revenge_duel(dice: list[int], active: str, fame: tuple[int, int]) -> None:
    result = combat(ReplayDice(dice), mode="revenge", active_player=active).result
    assert (result.fame.attacker, result.fame.defender) == fame
    assert result.revenge_available is False


@pytest.mark.parametrize(("mode", "totals_dice", "limits"), [
    ("players", [1, 4], (3, 3, 1, "attacker")),
    ("players", [5, 4], (3, 3, 1, "defender")),
    ("players", [4, 4], (3, 3, 1, None)),
    ("psychopath", [5, 1], (3, 0, 1, "attacker")),
    ("revenge", [2, 3], (3, 3, 1, "attacker")),
])
def test_card_limits_of_a_step(mode: str, totals_dice: list[int], limits: tuple) -> None:
    got = combat(ReplayDice(totals_dice), mode=mode).result.card_limits
    assert (got.attacker, got.defender, got.bystander, got.plays_first) == limits


def test_combat_text() -> None:
    outcome = combat(ReplayDice([4, 2]), attacker_madness=3, defender_madness=1,
                     defender_cards=-1)
    assert outcome.text.cs == (
        "Boj mezi hráči: 1d6 = 4 + 3 = 7 proti 1d6 = 2 + 1 = 3 − 1 = 2 → vítězí útočník o 5; "
        "sláva: útočník +5, obránce −5, poražený obránce může vyvolat odvetný souboj.")
    psycho = combat(ReplayDice([4, 4]), mode="psychopath").text
    assert psycho.en == ("Combat with a psychopath: 1d6 = 4 vs 1d6 = 4 → a draw; no fame "
                         "changes, the player puts the psychopath card in the inventory.")


@pytest.mark.parametrize(("lead", "mode"), [(0, "players"), (3, "psychopath"), (-2, "revenge"),
                                             (6, "players"), (-6, "players"), (1, "players")])
def test_chance_is_the_attackers_win_against_enumeration(lead: int, mode: str) -> None:
    inputs = {"mode": mode, "attacker_madness": max(lead, 0), "defender_madness": max(-lead, 0)}
    expected = probability(combat, lambda o: o.result.winner == "attacker", **inputs)
    assert combat(ReplayDice([1, 1]), **inputs).chance == expected == attacker_win_chance(lead)
    assert attacker_win_chance(0) == Fraction(15, 36)


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"mode": "revenge", "revenge_used": True}, "revenge_used",
     "„V jedné fázi lze vyvolat jen jeden odvetný souboj.“"),
    ({"mode": "players", "active_player": "defender"}, "active_player",
     "„Je-li aktivní hráč poražen, získá vítěz 2 body slávy navíc.“"),
])
def test_contradictory_combat_inputs(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        combat(ReplayDice([1, 1]), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs


# --- [Fáze kola] ---------------------------------------------------------------------------


def test_a_free_player_may_explore_move_and_repeat() -> None:
    outcome = turn_check(ReplayDice([]), action_points=3, visited=["Les"], target_field="Hrad")
    result = outcome.result
    assert (result.exploration_allowed, result.movement_allowed) == (True, True)
    assert result.move is not None
    assert (result.move.legal, result.move.reason, result.move.action_points_left) == (
        True, None, 2)
    assert result.may_repeat_movement is True
    assert result.action_points_lost_at_end == 2
    assert (result.combat, result.combat_order, result.combat_first) == (False, (), None)
    assert outcome.rolls == () and outcome.chance is None


def test_no_field_twice_a_round_case_insensitive() -> None:
    result = turn_check(ReplayDice([]), action_points=3, visited=["Les", "Hrad"],
                        target_field="hrad ").result
    assert result.move is not None
    assert (result.move.legal, result.move.reason) == (False, "already-visited")
    assert result.action_points_lost_at_end == 3
    assert any("navštívit dvakrát stejné pole" in note.cs for note in result.notes)


def test_the_last_action_point_moves_but_cannot_repeat() -> None:
    result = turn_check(ReplayDice([]), action_points=1, target_field="Hrad").result
    assert result.move is not None and result.move.legal
    assert (result.may_repeat_movement, result.action_points_lost_at_end) == (False, 0)


def test_no_action_points_no_move() -> None:
    result = turn_check(ReplayDice([]), action_points=0, target_field="Hrad").result
    assert result.move is not None and result.move.reason == "no-action-points"
    assert (result.exploration_allowed, result.movement_allowed) == (False, False)


def test_a_psychopath_in_the_inventory_bars_exploration_and_movement() -> None:
    result = turn_check(ReplayDice([]), psychopath_in_inventory=True, action_points=4,
                        target_field="Hrad").result
    assert (result.exploration_allowed, result.movement_allowed) == (False, False)
    assert result.move is not None and result.move.reason == "psychopath-in-inventory"
    assert result.may_repeat_movement is False
    assert result.action_points_lost_at_end == 4
    assert [n.cs for n in result.notes] == [
        "„Hráč s psychopatem v inventáři nemůže prozkoumávat.“",
        "„Hráč s psychopatem v inventáři se nemůže pohybovat.“"]


@pytest.mark.parametrize(("unfought", "other", "order"), [
    (True, True, ("psychopath", "player")),
    (True, False, ("psychopath",)),
    (False, True, ("player",)),
    (False, False, ()),
])
def test_combat_phase_and_the_psychopath_first(
    unfought: bool, other: bool, order: tuple[str, ...]
) -> None:
    result = turn_check(ReplayDice([]), psychopath_in_inventory=True,
                        unfought_psychopath=unfought, other_player_on_field=other).result
    assert result.combat_order == order
    assert result.combat is bool(order)
    assert result.combat_first == (order[0] if order else None)


def test_turn_check_text() -> None:
    text = turn_check(ReplayDice([]), action_points=2, target_field="Hrad",
                      other_player_on_field=True).text
    assert text.cs == (
        "Kolo: průzkum ano, pohyb ano; pohyb na pole Hrad lze, zbude 1 akční bod; boj: s "
        "hráčem. Na konci kola propadnou zbývající akční body (1) a efekty karet proběhnou v "
        "pořadí, které určí aktivní hráč.")


def test_an_unfought_psychopath_must_be_in_the_inventory() -> None:
    with pytest.raises(RuleError) as caught:
        turn_check(ReplayDice([]), unfought_psychopath=True)
    assert caught.value.field == "unfought_psychopath"
    assert "se kterým v tomto kole ještě nebojoval" in caught.value.message.cs
