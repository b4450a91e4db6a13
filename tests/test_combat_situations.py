"""[Ostatní bojové situace], [Pohyb], [Šplhání], [Plavání]: movement, thrown weapons, shield
blocks and the 50 % mishaps, one test per rule sentence."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rpg.dice import ReplayDice
from rpg.errors import RuleError
from rpg.situations import mishap, movement, shield_block, thrown_range
from tests.enumeration import probability

NO_DICE = ReplayDice([])


@pytest.mark.parametrize(("mode", "metres", "directed", "action_free", "prone", "rule"), [
    # "Během kola se může postava pohnout maximálně do vzdálenosti své hybnosti."
    ("walk", 6, 6, True, False, "/pravidla/souboje/#pohyb"),
    # "Šplhat lze polovinou své hybnosti"
    ("climb", 3, 3, True, False, "/pravidla/nebezpeci-a-nastrahy/#splhani"),
    # "Při plavání je maximální rychlost postavy polovina její hybnosti."
    ("swim", 3, 3, True, False, "/pravidla/nebezpeci-a-nastrahy/#plavani"),
    # "Pohyb obtížným terénem stojí dvojnásobek hybnosti."
    ("difficult", 3, 3, True, False, "/pravidla/souboje/#pohyb"),
    # "obětovat své akce a tím se pohybovat až dvojnásobkem své hybnosti"
    ("sprint", 12, 12, False, False, "/pravidla/souboje/#pohyb"),
    # "Musí obětovat celý svůj pohyb v daném kole aby se postavilo."
    ("stand-up", 0, 0, True, True, "/pravidla/souboje/#pohyb"),
    # "Pokud se chce oslepený pohybovat specifickým směrem jeho maximální hybnost je 1 metr."
    ("blind", 6, 1, True, False, "/pravidla/souboje/#pohyb"),
])
def test_movement_modes(
    mode: str, metres: float, directed: float, action_free: bool, prone: bool, rule: str
) -> None:
    outcome = movement(NO_DICE, movement=6, mode=mode)
    result = outcome.result
    assert (result.metres, result.directed_metres) == (metres, directed)
    assert (result.action_free, result.prone) == (action_free, prone)
    assert result.random_direction is (mode == "blind")
    assert outcome.rule.url == rule
    assert outcome.rolls == () and outcome.chance is None


def test_halves_are_exact_not_rounded() -> None:
    assert movement(NO_DICE, movement=5, mode="climb").result.metres == 2.5
    assert movement(NO_DICE, movement=7.5, mode="difficult").result.metres == 3.75
    assert movement(NO_DICE, movement=0.5, mode="blind").result.directed_metres == 0.5
    # Exact for any hybnost, not only for short fractions: 1.0000005 halves to 0.50000025.
    assert movement(NO_DICE, movement=1.0000005, mode="climb").result.metres == 0.50000025
    assert movement(NO_DICE, movement=7.123456789, mode="swim").result.metres == 7.123456789 / 2
    assert movement(NO_DICE, movement=7.123456789, mode="sprint").result.metres == 14.246913578


def test_movement_text() -> None:
    assert movement(NO_DICE, movement=5, mode="swim").text.cs.startswith(
        "Plavání (5 m): 2,5 m, akce volná.")


def test_thrown_range() -> None:
    # "do efektivní vzdálenosti danou její hodnotou síly (Poblíž)";
    # "Neefektivní vzdálenost je pak dvojnásobek Síly."
    outcome = thrown_range(NO_DICE, strength=12)
    result = outcome.result
    ranges = (result.effective_range_m, result.ineffective_range_m, result.zone)
    assert ranges == (12, 24, "poblize")
    assert "modifikátor síly" in result.damage_note.cs
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#hozeni-zbrane"


@pytest.mark.parametrize(("shield_ac", "blocked", "left", "destroyed"), [
    (3, 1, 2, False), (3, 3, 0, True), (1, 1, 0, True), (5, 2, 3, False),
])
def test_shield_block_trades_ac_for_dice(
    shield_ac: int, blocked: int, left: int, destroyed: bool
) -> None:
    # "zredukovat jej o 1 kostku poškození za každé obětované OČ štítu. Pokud OČ štítu padne
    # na 0, štít je zničen."
    result = shield_block(NO_DICE, shield_ac=shield_ac, dice_blocked=blocked).result
    assert (result.dice_removed, result.shield_ac_left, result.destroyed) == (
        blocked, left, destroyed)


@pytest.mark.parametrize(("inputs", "field", "quote"), [
    ({"trained": False}, "trained", "nemohou reflexivně blokovat"),
    ({"surprised": True}, "surprised", "Instantní akce nelze použít pokud je postava překvapená"),
    ({"used_this_round": True}, "used_this_round", "omezeno na 1x za kolo"),
    ({"dice_blocked": 4}, "dice_blocked", "za každé obětované OČ štítu"),
    ({"damage_dice": 1}, "dice_blocked", "Útok má jen 1 kostku poškození"),
])
def test_shield_block_refusals_quote_the_rule(
    inputs: dict[str, object], field: str, quote: str
) -> None:
    arguments = {"shield_ac": 3, "dice_blocked": 2, **inputs}
    with pytest.raises(RuleError) as caught:
        shield_block(NO_DICE, **arguments)
    assert caught.value.field == field
    assert quote in caught.value.message.cs


@pytest.mark.parametrize(("kind", "rule"), [
    ("ranged-engaged", "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    ("item-engaged", "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    ("spell-engaged", "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    ("held-spell-hit", "/pravidla/ostatni-bojove-situace/#drzeni-kouzla"),
    ("spell-unstable", "/pravidla/ostatni-bojove-situace/#nestabilni-povrchy"),
])
@pytest.mark.parametrize(("die", "happens"), [(1, True), (50, True), (51, False), (100, False)])
def test_mishap_is_fifty_percent_on_d100(kind: str, rule: str, die: int, happens: bool) -> None:
    outcome = mishap(ReplayDice([die]), kind=kind)
    assert (outcome.result.roll, outcome.result.happens) == (die, happens)
    assert outcome.rule.url == rule
    assert outcome.chance == Fraction(1, 2)
    assert outcome.chance == probability(mishap, lambda o: o.result.happens, kind=kind)


def test_mishap_text_names_the_consequence() -> None:
    text = mishap(ReplayDice([12]), kind="item-engaged").text
    assert text.cs == ("Použití předmětu ve vázání v boji na blízko: 1d100 = 12 ≤ 50 → předmět "
                       "se nepoužije a upadne na zem (některé předměty se mohou rozbít).")
