"""Země psychopatů [Boj]: both sides roll a d6 and add their madness; cards move the totals;
the higher total wins and the difference is the fame moved, as each of the four modes rules it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.psychopaths_land import combat as pl
from rpg.psychopaths_land.combat import attacker_win_chance, combat
from tests.enumeration import probability
from tests.games import answered, refused

PATH = "psychopaths-land/combat"
EXAMPLES = settings(max_examples=150, deadline=None)
seeds = st.integers(0, 2**63 - 1)
madness = st.integers(pl.MADNESS_MIN, pl.MADNESS_MAX)
cards = st.integers(pl.CARDS_MIN, pl.CARDS_MAX)
d6 = st.integers(1, 6)

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


def test_combat_text_names_every_modifier() -> None:
    outcome = combat(ReplayDice([4, 2]), attacker_madness=3, defender_madness=1,
                     defender_cards=-1)
    assert outcome.text.cs == (
        "Boj mezi hráči: 1d6 = 4 + 3 (šílenost) = 7 proti 1d6 = 2 + 1 (šílenost) − 1 (karty) "
        "= 2 → vítězí útočník o 5; sláva: útočník +5, obránce −5, poražený obránce může vyvolat "
        "odvetný souboj.")
    assert outcome.text.en == (
        "Combat between players: 1d6 = 4 + 3 (madness) = 7 vs 1d6 = 2 + 1 (madness) − 1 "
        "(cards) = 2 → the attacker wins by 5; fame: attacker +5, defender −5, the defeated "
        "defender may call a revenge duel.")
    psycho = combat(ReplayDice([4, 4]), mode="psychopath").text
    assert psycho.en == ("Combat with a psychopath: 1d6 = 4 vs 1d6 = 4 → a draw; no fame "
                         "changes, the player puts the psychopath card in the inventory.")


def test_modifiers_that_cancel_are_shown_and_a_negative_total_has_a_minus() -> None:
    text = combat(ReplayDice([1, 5]), attacker_madness=3, attacker_cards=-3,
                  defender_cards=-20).text
    assert text.cs.startswith("Boj mezi hráči: 1d6 = 1 + 3 (šílenost) − 3 (karty) = 1 proti "
                              "1d6 = 5 − 20 (karty) = −15 → vítězí útočník o 16;")


def test_the_revenge_bonus_is_shown_as_the_term_it_is() -> None:
    """"Je-li aktivní hráč poražen, získá vítěz 2 body slávy navíc": the winner's fame is the
    difference plus the bonus, both written."""
    won = combat(ReplayDice([6, 2]), mode="revenge", active_player="defender").text
    assert won.cs.endswith("sláva: útočník +4 + 2 (poražen aktivní hráč) = +6, obránce −4.")
    lost = combat(ReplayDice([1, 4]), mode="revenge").text
    assert lost.en.endswith("fame: attacker −3, defender +3 + 2 (the active player lost) = +5.")


def test_against_a_psychopath_the_sides_are_the_player_and_the_psychopath() -> None:
    won = combat(ReplayDice([5, 2]), mode="psychopath", defender_madness=1).text
    assert won.cs == ("Boj s psychopatem: 1d6 = 5 proti 1d6 = 2 + 1 (šílenost) = 3 → vítězí "
                      "hráč o 2; sláva: hráč +2, psychopat je zabit a odložen.")
    lost = combat(ReplayDice([2, 5]), mode="psychopath").text
    assert lost.en == ("Combat with a psychopath: 1d6 = 2 vs 1d6 = 5 → the psychopath wins by "
                       "3; fame: player −3, the psychopath goes to the bottom of the event deck.")


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


def test_the_active_player_outside_a_revenge_duel_names_the_choice_to_make() -> None:
    with pytest.raises(RuleError) as caught:
        combat(ReplayDice([1, 1]), active_player="defender")
    assert caught.value.message.cs.endswith(
        "jinak je aktivním hráčem útočník – zvol 'mode': revenge, nebo 'active_player' vynech.")
    assert caught.value.message.en.endswith(
        "choose 'mode': revenge, or leave 'active_player' out.")


@EXAMPLES
@given(d6, d6, madness, madness, cards, cards, st.booleans())
def test_fame_moved_is_zero_sum_between_players(
    a: int, d: int, am: int, dm: int, ac: int, dc: int, used: bool
) -> None:
    result = combat(
        ReplayDice([a, d]), attacker_madness=am, defender_madness=dm, attacker_cards=ac,
        defender_cards=dc, revenge_used=used).result
    assert result.attacker_total == a + am + ac and result.defender_total == d + dm + dc
    assert result.fame.attacker + result.fame.defender == 0
    assert abs(result.fame.attacker) == result.fame_moved == abs(
        result.attacker_total - result.defender_total)
    assert (result.winner == "draw") == (result.fame_moved == 0)
    if result.winner != "draw":
        assert (result.fame.attacker > 0) == (result.winner == "attacker")
    assert result.revenge_available == (result.winner == "attacker" and not used)
    assert result.effects == ()


@EXAMPLES
@given(d6, d6, madness, madness, cards, cards, st.sampled_from(pl.SIDES))
def test_revenge_breaks_zero_sum_only_by_the_bonus(
    a: int, d: int, am: int, dm: int, ac: int, dc: int, active: str
) -> None:
    result = combat(
        ReplayDice([a, d]), mode="revenge", attacker_madness=am, defender_madness=dm,
        attacker_cards=ac, defender_cards=dc, active_player=active).result
    loser = {"attacker": "defender", "defender": "attacker"}.get(result.winner)
    bonus = pl.REVENGE_BONUS if loser == active else 0
    assert result.fame.attacker + result.fame.defender == bonus
    assert result.revenge_available is False


@EXAMPLES
@given(d6, d6, madness, madness, cards, cards)
def test_psychopath_modes_move_cards_and_fame_as_the_rules_say(
    a: int, d: int, am: int, dm: int, ac: int, dc: int
) -> None:
    inputs = {"attacker_madness": am, "defender_madness": dm, "attacker_cards": ac,
              "defender_cards": dc}
    psycho = combat(ReplayDice([a, d]), mode="psychopath", **inputs).result
    assert psycho.fame.defender == 0 and len(psycho.effects) == 1
    assert psycho.effects[0] == {"attacker": "psychopath-killed",
                                 "defender": "psychopath-to-deck-bottom",
                                 "draw": "psychopath-to-inventory"}[psycho.winner]
    assert psycho.card_limits.defender == 0
    holder = combat(ReplayDice([a, d]), mode="psychopath-holder",
                                     **inputs).result
    assert holder.revenge_available is False
    assert (holder.effects == ("psychopath-card-lost",)) == (holder.winner == "attacker")
    if holder.winner == "attacker":
        assert holder.fame.defender == 0 and holder.fame.attacker == holder.fame_moved


@EXAMPLES
@given(seeds, st.sampled_from(pl.MODES), madness, madness, cards, cards,
       st.sampled_from(pl.SIDES), st.booleans())
def test_any_combat_input_resolves_or_is_a_rule_error(
    seed: int, mode: str, am: int, dm: int, ac: int, dc: int, active: str, used: bool
) -> None:
    try:
        outcome = combat(
            SeededDice(seed), mode=mode, attacker_madness=am, defender_madness=dm,
            attacker_cards=ac, defender_cards=dc, active_player=active, revenge_used=used)
    except RuleError as error:
        assert (mode == "revenge" and used) or (mode != "revenge" and active == "defender")
        assert error.field in ("revenge_used", "active_player")
        return
    assert outcome.chance is not None and 0 <= outcome.chance <= 1
    limits = outcome.result.card_limits
    assert (limits.attacker, limits.bystander) == (3, 1)


def test_over_http(client: FlaskClient) -> None:
    body = answered(client, PATH, {"mode": "revenge", "attacker_madness": 2,
                                   "defender_cards": -1, "active_player": "defender"})
    assert body["result"]["mode"] == "revenge"
    refused(client, PATH, {"mode": "revenge", "revenge_used": True}, "revenge_used",
            "„V jedné fázi lze vyvolat jen jeden odvetný souboj.“")


def test_over_http_with_physical_dice(client: FlaskClient) -> None:
    body = client.post("/api/v1/psychopaths-land/combat", json={
        "attacker_madness": 3, "defender_madness": 1, "dice": [4, 2], "lang": "en"}).get_json()
    assert [r["label"] for r in body["rolls"]] == ["attacker", "defender"]
    assert body["result"]["fame"] == {"attacker": 4, "defender": -4}
    assert body["result"]["revenge_available"] is True
    assert body["result"]["card_limits"]["plays_first"] == "defender"
    assert body["chance"] == pytest.approx(26 / 36)
    assert body["text"].startswith(
        "Combat between players: 1d6 = 4 + 3 (madness) = 7 vs 1d6 = 2 + 1 (madness) = 3")


def test_madness_and_cards_are_bounded_in_the_openapi_document(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    madness = schemas["PsychopathsLandCombatArgs"]["properties"]["attacker_madness"]
    assert (madness["minimum"], madness["maximum"]) == (0, 100)
    cards = schemas["PsychopathsLandCombatArgs"]["properties"]["defender_cards"]
    assert (cards["minimum"], cards["maximum"]) == (-20, 20)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        *({"mode": mode, **extra} for mode in pl.MODES for extra in (
            {}, {"attacker_madness": 3, "defender_cards": -2},
            {"defender_madness": 4, "attacker_cards": 1})),
        {"mode": "revenge", "active_player": "defender", "attacker_madness": 1},
        {"mode": "players", "revenge_used": True},
        {"mode": "psychopath-holder", "revenge_used": True, "defender_madness": 2},
        {"attacker_madness": 100, "attacker_cards": -20, "defender_cards": 20},
        {"mode": "revenge", "revenge_used": True},
        {"mode": "players", "active_player": "defender"},
        {"mode": "psychopath", "active_player": "defender"},
    ],
}
