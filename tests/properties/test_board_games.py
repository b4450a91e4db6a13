"""Invariants of the three board and war games over their whole input space.

A valid input always gives a result obeying the rule; an invalid one always raises RuleError,
never another exception.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game as conquest
from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.olgoj_chorchoj import action_tokens as olgoj_chorchoj
from rpg.psychopaths_land import game as psychopaths_land

EXAMPLES = settings(max_examples=150, deadline=None)
seeds = st.integers(0, 2**63 - 1)
madness = st.integers(psychopaths_land.MADNESS_MIN, psychopaths_land.MADNESS_MAX)
cards = st.integers(psychopaths_land.CARDS_MIN, psychopaths_land.CARDS_MAX)
d6 = st.integers(1, 6)
unit_names = st.sampled_from(conquest.UNIT_NAMES).flatmap(
    lambda name: st.sampled_from([name, name.lower(), name.upper()]))
any_names = unit_names | st.text(max_size=12)


def none() -> ReplayDice:
    return ReplayDice([])


# --- Země psychopatů -------------------------------------------------------------------------


@EXAMPLES
@given(d6, d6, madness, madness, cards, cards, st.booleans())
def test_fame_moved_is_zero_sum_between_players(
    a: int, d: int, am: int, dm: int, ac: int, dc: int, used: bool
) -> None:
    result = psychopaths_land.combat(
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
@given(d6, d6, madness, madness, cards, cards, st.sampled_from(psychopaths_land.SIDES))
def test_revenge_breaks_zero_sum_only_by_the_bonus(
    a: int, d: int, am: int, dm: int, ac: int, dc: int, active: str
) -> None:
    result = psychopaths_land.combat(
        ReplayDice([a, d]), mode="revenge", attacker_madness=am, defender_madness=dm,
        attacker_cards=ac, defender_cards=dc, active_player=active).result
    loser = {"attacker": "defender", "defender": "attacker"}.get(result.winner)
    bonus = psychopaths_land.REVENGE_BONUS if loser == active else 0
    assert result.fame.attacker + result.fame.defender == bonus
    assert result.revenge_available is False


@EXAMPLES
@given(d6, d6, madness, madness, cards, cards)
def test_psychopath_modes_move_cards_and_fame_as_the_rules_say(
    a: int, d: int, am: int, dm: int, ac: int, dc: int
) -> None:
    inputs = {"attacker_madness": am, "defender_madness": dm, "attacker_cards": ac,
              "defender_cards": dc}
    psycho = psychopaths_land.combat(ReplayDice([a, d]), mode="psychopath", **inputs).result
    assert psycho.fame.defender == 0 and len(psycho.effects) == 1
    assert psycho.effects[0] == {"attacker": "psychopath-killed",
                                 "defender": "psychopath-to-deck-bottom",
                                 "draw": "psychopath-to-inventory"}[psycho.winner]
    assert psycho.card_limits.defender == 0
    holder = psychopaths_land.combat(ReplayDice([a, d]), mode="psychopath-holder",
                                     **inputs).result
    assert holder.revenge_available is False
    assert (holder.effects == ("psychopath-card-lost",)) == (holder.winner == "attacker")
    if holder.winner == "attacker":
        assert holder.fame.defender == 0 and holder.fame.attacker == holder.fame_moved


@EXAMPLES
@given(seeds, st.sampled_from(psychopaths_land.MODES), madness, madness, cards, cards,
       st.sampled_from(psychopaths_land.SIDES), st.booleans())
def test_any_combat_input_resolves_or_is_a_rule_error(
    seed: int, mode: str, am: int, dm: int, ac: int, dc: int, active: str, used: bool
) -> None:
    try:
        outcome = psychopaths_land.combat(
            SeededDice(seed), mode=mode, attacker_madness=am, defender_madness=dm,
            attacker_cards=ac, defender_cards=dc, active_player=active, revenge_used=used)
    except RuleError as error:
        assert (mode == "revenge" and used) or (mode != "revenge" and active == "defender")
        assert error.field in ("revenge_used", "active_player")
        return
    assert outcome.chance is not None and 0 <= outcome.chance <= 1
    limits = outcome.result.card_limits
    assert (limits.attacker, limits.bystander) == (3, 1)


@EXAMPLES
@given(seeds, st.sampled_from([None, "higher", "lower"]))
def test_action_points_keep_one_of_the_dice(seed: int, keep: str | None) -> None:
    result = psychopaths_land.action_points(SeededDice(seed), keep=keep).result
    assert all(1 <= die <= 6 for die in result.dice)
    if keep is None:
        assert result.action_points is None
    else:
        assert result.action_points == (max if keep == "higher" else min)(result.dice)


@EXAMPLES
@given(st.booleans(), st.integers(0, 100), st.lists(st.sampled_from("ABCDE"), max_size=5),
       st.none() | st.sampled_from("ABCDEF"), st.booleans(), st.booleans())
def test_turn_check(
    inventory: bool, points: int, visited: list[str], target: str | None, other: bool,
    unfought: bool,
) -> None:
    try:
        result = psychopaths_land.turn_check(
            none(), psychopath_in_inventory=inventory, action_points=points, visited=visited,
            target_field=target, other_player_on_field=other, unfought_psychopath=unfought,
        ).result
    except RuleError:
        assert unfought and not inventory
        return
    assert result.movement_allowed == (not inventory and points >= 1)
    if target is not None:
        assert result.move is not None
        assert result.move.legal == (result.movement_allowed and target not in visited)
        assert result.action_points_lost_at_end == points - int(result.move.legal)
    else:
        assert result.action_points_lost_at_end == points
    assert result.combat_first == ("psychopath" if unfought else "player" if other else None)
    assert not (inventory and result.may_repeat_movement)


# --- Dobývání soustav ------------------------------------------------------------------------


def fewest_coins(credits: int) -> int:
    """Brute force: the fewest coins of 1000, 200 and 50 that make ``credits``."""
    best = None
    for gold in range(credits // 1000 + 1):
        for silver in range((credits - 1000 * gold) // 200 + 1):
            rest = credits - 1000 * gold - 200 * silver
            if rest % 50 == 0:
                count = gold + silver + rest // 50
                best = count if best is None else min(best, count)
    assert best is not None
    return best


@EXAMPLES
@given(st.integers(-1000, 20_000))
def test_coins_sum_back_and_are_the_fewest(credits: int) -> None:
    try:
        result = conquest.coins(none(), credits=credits).result
    except RuleError as error:
        assert (credits < 0 or credits % 50) and error.field == "credits"
        return
    assert sum(int(value) * n for value, n in result.coins.items()) == credits
    assert result.count == sum(result.coins.values()) == fewest_coins(credits)


@EXAMPLES
@given(any_names, st.integers(-3, 20), st.integers(-3, 20))
def test_regen_never_exceeds_five_or_the_damage(name: str, damage: int, mechanics: int) -> None:
    try:
        result = conquest.regen(none(), unit=name, damage=damage,
                                mechanics_in_range=mechanics).result
    except RuleError as error:
        assert error.field in ("unit", "damage", "mechanics_in_range")
        return
    unit = conquest.unit_named(name)
    assert 0 <= result.repaired <= min(conquest.REGEN_CAP, damage)
    assert result.repaired == min(damage, unit.regen + mechanics, 5)
    assert result.damage_left + result.repaired == damage
    assert 0 < result.hp <= unit.hp


@EXAMPLES
@given(any_names, any_names, st.integers(-2, 10), st.integers(-2, 20))
def test_attack_invariants(attacker: str, target: str, distance: int, counters: int) -> None:
    try:
        result = conquest.attack(none(), attacker=attacker, target=target, distance=distance,
                                 target_damage=counters).result
    except RuleError as error:
        assert error.field in ("attacker", "target", "distance", "target_damage")
        return
    hitter, victim = conquest.unit_named(attacker), conquest.unit_named(target)
    assert result.in_range == (hitter.range_min <= distance <= hitter.range_max)
    assert result.damage == (max(0, hitter.attack - victim.defense) if result.in_range else 0)
    assert result.hp_left == max(0, victim.hp - counters - result.damage)
    assert result.destroyed == (result.hp_left == 0)


factions = st.lists(st.fixed_dictionaries({
    "name": st.sampled_from(["Rudí", "Modří", "Zelení", "Žlutí", "rudí"]),
    "checkpoints": st.integers(-1, 4),
    "units": st.dictionaries(any_names, st.integers(-1, 3), max_size=3),
}), max_size=4)


@EXAMPLES
@given(factions)
def test_score_orders_by_checkpoints_then_value(sector: list[dict[str, Any]]) -> None:
    try:
        ranking = conquest.score(none(), factions=sector).result.ranking
    except RuleError as error:
        assert error.field is not None and error.field.startswith("factions")
        return
    keys = [(s.checkpoints, s.unit_value) for s in ranking]
    assert keys == sorted(keys, reverse=True)
    for before, after in itertools.pairwise(ranking):
        assert after.place == (before.place if (before.checkpoints, before.unit_value) == (
            after.checkpoints, after.unit_value) else ranking.index(after) + 1)


@EXAMPLES
@given(st.lists(factions, min_size=1, max_size=3))
def test_winner_points_add_up(sectors: list[list[dict[str, Any]]]) -> None:
    try:
        result = conquest.winner(none(), sectors=sectors).result
    except RuleError as error:
        assert error.field is not None and error.field.startswith("sectors")
        return
    per_sector = sum(s.points for sector in result.sectors for s in sector.ranking)
    assert sum(s.points for s in result.final) == per_sector
    assert [s.points for s in result.final] == sorted((s.points for s in result.final),
                                                      reverse=True)
    assert result.winners and all(s.place == 1 for s in result.final if s.name in result.winners)


@EXAMPLES
@given(st.integers(-100, 3000), st.dictionaries(any_names, st.integers(-1, 5), max_size=4))
def test_buy_never_spends_more_than_it_has(credits: int, units: dict[str, int]) -> None:
    try:
        result = conquest.buy(none(), units=units, credits=credits).result
    except RuleError as error:
        assert error.field in ("units", "credits")
        return
    assert result.credits_left == credits - result.cost >= 0
    assert result.cost == sum(p.unit_cost * p.count for p in result.purchases)


@EXAMPLES
@given(st.integers(-2, 1000), st.integers(-1, 8), st.booleans(), st.integers(-1, 3))
def test_teleport_timeline_is_in_order(
    turn: int, damage: int, other: bool, checkpoints: int
) -> None:
    try:
        result = conquest.teleport(none(), turn=turn, damage=damage, other_sector=other,
                                   target_sector_checkpoints=checkpoints).result
    except RuleError as error:
        assert turn < 1 or damage != 0 or checkpoints < 0 or (other and checkpoints < 1)
        assert error.field in ("turn", "damage", "target_sector_checkpoints")
        if turn >= 1 and damage > 0:  # however much: the damaged-Displacer rule, quoted
            assert error.field == "damage"
            assert conquest.QUOTES["damaged-displacer"].cs in error.message.cs
        return
    assert turn < result.flip_turn < result.removed_turn == result.acts_again_turn
    assert [e.turn for e in result.timeline] == [turn, turn + 1, turn + 2]


ships = st.lists(st.fixed_dictionaries({
    "unit": any_names, "system": st.sampled_from(["Alfa", "Beta"]),
    "holder": st.none() | st.sampled_from(["Rudí", "Modří", "Zelení", "", " ", "\t "]),
}), max_size=5)
holdings = st.lists(st.fixed_dictionaries({
    "faction": st.sampled_from(["Modří", "Zelení"]), "system": st.sampled_from(["Alfa", "Beta"]),
    "checkpoints": st.integers(-1, 3), "extractors": st.integers(-1, 3),
}), max_size=4)


@EXAMPLES
@given(ships, holdings)
def test_capture_gains_what_it_removes(
    ship_list: list[dict[str, Any]], holding_list: list[dict[str, Any]]
) -> None:
    try:
        result = conquest.capture(none(), faction="Rudí", ships=ship_list,
                                  holdings=holding_list).result
    except RuleError as error:
        assert error.field is not None
        if error.field.endswith(".holder"):  # a blank holder is refused, never "unoccupied"
            assert not ship_list[int(error.field.split(".")[1])]["holder"].strip()
        return
    assert all(ship["holder"] is None or ship["holder"].strip() for ship in ship_list)
    assert result.ships_removed == result.checkpoints_gained == sum(
        1 for ship in ship_list if ship["holder"] != "Rudí")
    assert result.extractors_gained == sum(loss.extractors_lost for loss in result.losses
                                           if loss.system_lost)
    assert all(loss.checkpoints_left >= 0 for loss in result.losses)


# --- Olgoj Chorchoj --------------------------------------------------------------------------


@EXAMPLES
@given(st.lists(st.integers(-1, 6), min_size=0, max_size=4), st.integers(-1, 50))
def test_engineering(products: list[int], tactical: int) -> None:
    try:
        result = olgoj_chorchoj.engineering(none(), products=products, tactical=tactical).result
    except RuleError as error:
        assert len(products) != 3 or min(products) < 1 or tactical < 0
        assert error.field in ("products", "tactical")
        return
    assert list(result.products) == [p - 1 for p in products]
    assert result.tactical == tactical + 5
    assert result.must_lock_slots == products.count(1) == len(result.scales_at_zero)


@EXAMPLES
@given(st.booleans(), st.booleans(), st.booleans())
def test_tokens_never_three(face_up: bool, corner: bool, same: bool) -> None:
    result = olgoj_chorchoj.tokens(none(), face_up_token=face_up, corner_match=corner,
                                   same_owner=same).result
    assert len(result.options) == face_up + corner
    assert all(o.tokens + (0 if same else o.other_player_tokens) <= 2 for o in result.options)
    assert result.most_tokens < 3
    assert result.must_choose == (face_up and corner)
