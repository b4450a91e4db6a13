"""The expedition's rules without a database or HTTP: state in, action, new state and steps out.

One test per sentence of the rules the records follow ("PJ aktualizuje časové záznamy…",
[Putující monstra], [Odpočinek], [Přenocování v divočině], [Cestování po světě], [Rychlé
cestování], [Náhlá setkání], [Konec setkání], [Morálka], [Únava], [Mírnější systém smrti],
[Přirozené léčení]), with the dice given.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import DiceError, RuleError
from rpg.core.registry import procedures
from rpg.expedition.actions import actions
from rpg.expedition.state import (
    PARTY_MAX,
    SHIFTS_PER_DAY,
    SHIFTS_PER_HOUR,
    Character,
    State,
    state_from_json,
    state_json,
)
from tests.expedition.engine import rolled, seeded, set_out, texts


@contextlib.contextmanager
def refusal(czech: str) -> Iterator[None]:
    """The block raises a :class:`RuleError` whose Czech message says ``czech``."""
    with pytest.raises(RuleError) as caught:
        yield
    assert czech in caught.value.message.cs


def member(state: State, name: str) -> Character:
    found = state.character(name)
    assert found is not None
    return found


# --- setting out and the records --------------------------------------------------------------


def test_setting_out_keeps_the_sheet_and_the_lights() -> None:
    state = set_out()
    assert [m.name for m in state.party] == ["Eva", "Ota", "Dan", "Iva"]
    assert member(state, "Eva").hp == 10 and member(state, "Eva").save == 12
    assert state.lights[0].shifts_left == 6 and state.supplies == 8 and state.clock == 0


@pytest.mark.parametrize(("party", "field"), [
    ([{"name": "Eva", "max_hp": 5}, {"name": "Eva", "max_hp": 6}], "party.1.name"),
    ([{"name": "Eva", "max_hp": 5, "hp": 6}], "party.0.hp"),
    ([{"name": " ", "max_hp": 5}], "party.0.name"),
    ([{"name": f"P{i}", "max_hp": 5} for i in range(PARTY_MAX + 1)], f"party.{PARTY_MAX}"),
])
def test_a_sheet_that_cannot_be_is_refused(party: list[dict], field: str) -> None:
    with pytest.raises(RuleError) as refused:
        set_out(party=party)
    assert refused.value.field == field


def test_the_state_round_trips_through_json() -> None:
    state = rolled(set_out(), "damage", character="Ota", amount=8).state
    assert state_from_json(state_json(state)) == state


def test_bookkeeping_writes_what_the_gm_decides() -> None:
    state = set_out()
    state = rolled(state, "add-effect", name="Kouzlo světla", shifts=12, light=True).state
    state = rolled(state, "supplies", change=-3).state
    state = rolled(state, "edit-character", character="Ota", max_hp=9, save=11).state
    state = rolled(state, "remove-character", character="Iva").state
    state = rolled(state, "add-character", name="Zora", max_hp=6, fatigue=1).state
    assert [e.name for e in state.effects] == ["Pochodeň 1", "Kouzlo světla"]
    assert state.supplies == 5
    assert (member(state, "Ota").max_hp, member(state, "Ota").save) == (9, 11)
    assert [m.name for m in state.party] == ["Eva", "Ota", "Dan", "Zora"]
    with refusal("Zásob je jen 5"):
        rolled(state, "supplies", change=-6)
    with pytest.raises(RuleError) as refused:
        rolled(state, "add-effect", name="Pochodeň 1", shifts=3)
    assert refused.value.field == "effect.name"


# --- the clock: shifts, lights, the wandering monsters -----------------------------------------


def test_a_shift_burns_the_lights_down_and_says_when_they_go_out() -> None:
    state = set_out()
    said = []
    for turn in range(1, 7):
        dice = [3] if turn % 2 == 0 else []  # the wandering-monster d6 on every 2nd turn
        applied = rolled(state, "shift", dice)
        state = applied.state
        said.append(texts(applied))
    assert state.clock == 6 and state.dungeon_turn == 6 and state.effects == ()
    assert said[4][1] == "Pochodeň 1: zbývá poslední směna."
    assert said[5][1] == "Pochodeň 1 vyhasíná."
    assert said[0][0] == "Uběhla směna: den 1, 0 h 10 min, směna 1."


def test_the_wandering_check_comes_every_second_shift_or_on_noise() -> None:
    state = set_out()
    first = rolled(state, "shift")  # turn 1: no check, no die
    assert [s.procedure for s in first.steps] == ["dungeon-turn"]
    assert first.steps[0].result.check_due is False
    noisy = rolled(state, "shift", [2], noise=True)  # turn 1 with noise: checked
    assert noisy.steps[0].result.check_reason == "noise"
    assert noisy.state.last_check_turn == 1
    second = rolled(first.state, "shift", [4])  # turn 2: on schedule
    assert second.steps[0].result.wandering_monster is False
    assert second.state.last_check_turn == 2 and second.offers == ()


def test_a_wandering_monster_offers_the_encounter_indoors() -> None:
    state = rolled(set_out(), "shift").state
    met = rolled(state, "shift", [1])
    assert met.steps[0].result.wandering_monster is True
    assert texts(met)[1] == "Putující monstrum! Nabízí se setkání."
    # The encounter reads where the party stands from the records: indoors in a dungeon.
    assert [(o.action, dict(o.inputs), o.missing) for o in met.offers] == [("encounter", {}, ())]
    assert seeded(met.state, "encounter", 1).steps[0].inputs["location"] == "indoors"


def test_outside_a_dungeon_a_shift_only_passes() -> None:
    state = rolled(set_out(), "mode", mode="wilderness").state
    passed = rolled(state, "shift")
    assert passed.steps == () and passed.state.clock == 1
    assert "Mimo kobku se na putující monstra nehází" in passed.text.cs


def test_a_day_without_rest_costs_everyone_one_fatigue_and_again_after_another() -> None:
    state = set_out(effects=[])
    events: list[str] = []
    for _ in range(2 * SHIFTS_PER_DAY):
        applied = seeded(state, "shift", state.clock)
        state = applied.state
        events += [event.cs for event in applied.events]
    assert events.count("Bez odpočinku: únava pro celou družinu.") == 2
    # Two days without rest, and the second full day without food ([Hlad a žízeň]).
    assert events.count(
        "Hlad a žízeň: 1 den bez jídla navíc → únava pro celou družinu.") == 1
    assert [m.fatigue for m in state.party] == [3, 3, 3, 3]


def test_the_milder_rules_of_a_shift_apply_to_the_living_only() -> None:
    state = rolled(set_out(effects=[]), "damage", character="Iva", amount=9).state
    for _ in range(SHIFTS_PER_DAY):
        state = seeded(state, "shift", state.clock).state
    assert member(state, "Iva").fatigue == 0 and member(state, "Eva").fatigue == 1


# --- rest -------------------------------------------------------------------------------------


def test_a_rest_in_a_dungeon_waits_for_8_hours_of_exploring() -> None:
    state = set_out(effects=[])
    with refusal("Odpočívat lze maximálně jednou za 8 hodin průzkumu"):
        rolled(state, "rest")
    state = replace(state, clock=8 * SHIFTS_PER_HOUR)
    rested = rolled(state, "rest", [6], hours=10)  # the night watch's d6: nothing comes
    camp = rested.steps[0]
    assert camp.procedure == "camping" and camp.inputs["location"] == "dungeon"
    # Three needs fail in a dungeon; 8 supplies pay two of them for 4 mouths, the third is fatigue.
    assert rested.state.supplies == 0
    assert [m.fatigue for m in rested.state.party] == [1, 1, 1, 1]
    assert rested.state.clock == 18 * SHIFTS_PER_HOUR
    assert rested.state.last_rest_at == rested.state.clock
    assert rested.state.hours_since_rest == 0
    with pytest.raises(RuleError) as refused:
        rolled(state, "rest", hours=13)
    assert refused.value.field == "hours"


def test_a_rest_pays_with_fatigue_when_the_players_choose_so() -> None:
    state = replace(set_out(effects=[]), clock=48)
    rested = rolled(state, "rest", [6], pay="fatigue")
    assert rested.state.supplies == 8
    assert [m.fatigue for m in rested.state.party] == [3, 3, 3, 3]


def test_a_night_in_the_wilderness_rolls_the_three_needs() -> None:
    state = rolled(set_out(), "mode", mode="wilderness").state
    rested = rolled(state, "rest", [4, 3, 6, 6], bonuses=["water"])  # food, water + 1, shelter
    needs = rested.steps[0].result.needs
    assert [n.met for n in needs] == [True, True, True]
    assert rested.state.supplies == 8 and rested.state.effects == ()


def test_days_in_civilization_heal_and_take_fatigue_away() -> None:
    state = set_out()
    state = rolled(state, "damage", character="Eva", amount=7).state
    state = rolled(state, "edit-character", character="Ota", fatigue=3).state
    state = rolled(state, "mode", mode="civilization").state
    rested = rolled(state, "rest", days=2)
    assert [s.procedure for s in rested.steps] == ["healing", "fatigue"]
    assert member(rested.state, "Eva").hp == 3 + 2 * 2
    assert member(rested.state, "Ota").fatigue == 1
    assert rested.state.clock == 2 * SHIFTS_PER_DAY
    with pytest.raises(RuleError) as refused:
        rolled(state, "rest", hours=8)
    assert refused.value.field == "hours"


# --- travel -----------------------------------------------------------------------------------


def test_a_travel_day_goes_at_the_slowest_pace_then_camps() -> None:
    state = set_out()
    # lost d6 = 5 (keeps its way), encounter d6 = 4 (none), forage d6 = 1 (found) and 1d6 = 3;
    # the camp: food 4, water 5, shelter 6; the night watch 6 (nothing comes).
    day = rolled(state, "travel-day", [5, 4, 1, 3, 4, 5, 6, 6], activity="forage")
    travel, camp, watch = day.steps
    assert watch.procedure == "wandering-monsters" and not watch.result.success
    assert travel.inputs["movement"] == [6, 6, 5, 6]
    assert travel.result.distance_km == 25
    assert camp.procedure == "camping" and camp.inputs["supplies"] == 11
    assert day.state.mode == "wilderness" and day.state.supplies == 11
    assert day.state.clock == SHIFTS_PER_DAY and day.state.last_rest_at == SHIFTS_PER_DAY
    assert texts(day)[1:3] == ["Výprava vyráží do divočiny.", "Nalezeny 3 zásoby."]


def test_an_encounter_on_the_way_is_offered_in_the_wilderness() -> None:
    day = rolled(set_out(mode="wilderness"), "travel-day", [5, 2, 4, 5, 6, 6], road=False)
    assert day.offers[0].action == "encounter"
    assert seeded(day.state, "encounter", 1).steps[0].inputs["location"] == "wilderness"


def test_a_forced_march_tires_everyone_and_makes_no_camp() -> None:
    day = rolled(set_out(mode="wilderness"), "travel-day", [5, 4], forced_march=True)
    assert [s.procedure for s in day.steps] == ["travel"]
    assert [m.fatigue for m in day.state.party] == [1, 1, 1, 1]
    assert day.state.last_rest_at == 0


def test_fast_travel_eats_supplies_and_leaves_the_damage_to_share() -> None:
    state = set_out(mode="wilderness", supplies=20)
    journey = rolled(state, "fast-travel", [2], days=7)
    assert journey.state.supplies == 0 and journey.state.pending_damage == 8
    assert [o.action for o in journey.offers] == ["encounter", "split-damage"]
    shared = rolled(journey.state, "split-damage", allocation={"Eva": 2, "Ota": 6})
    assert (member(shared.state, "Eva").hp, member(shared.state, "Ota").hp) == (8, 2)
    assert shared.state.pending_damage == 0
    killed = rolled(journey.state, "split-damage", allocation={"Ota": 8})
    assert member(killed.state, "Ota").status == "dead"
    alternative = rolled(journey.state, "split-damage", allocation={"Ota": 8},
                         alternative=["Ota"])
    assert (member(alternative.state, "Ota").hp, member(alternative.state, "Ota").fatigue) == (
        1, 1)
    with pytest.raises(RuleError) as refused:
        rolled(journey.state, "split-damage", allocation={"Ota": 8}, alternative=["Eva"])
    assert refused.value.field == "alternative"


# --- encounters -------------------------------------------------------------------------------


def test_a_burning_torch_is_carried_by_the_party_side() -> None:
    # The party carries light: the goblins cannot be surprised by it, so only the party rolls.
    met = rolled(set_out(), "encounter", [5, 1, 2, 3, 4, 7, 3, 3, 4],
                 sides=["hráči", "goblini"])
    step = met.steps[0]
    assert step.inputs["light"] == ["hráči"] and step.inputs["location"] == "indoors"
    assert [s.roll for s in step.result.surprise.sides] == [5, None]
    assert met.state.encounter is not None and met.state.encounter.sides == ("hráči", "goblini")


def test_the_encounter_ends_after_whole_shifts_and_forgets_morale() -> None:
    state = rolled(set_out(), "encounter", [5, 1, 2, 3, 4, 7, 3, 3, 4],
                   sides=["hráči", "goblini"]).state
    for _ in range(3):
        state = rolled(state, "round").state
    state = rolled(state, "morale", [1, 1], group="goblini", morale=7).state
    assert state.morale_successes("goblini") == 1
    with pytest.raises(RuleError):
        rolled(state, "shift")
    ended = rolled(state, "encounter-end")
    assert ended.state.clock == 1 and ended.state.morale == () and ended.state.encounter is None
    assert "Konec setkání po 3 kolech: 1 směna" in ended.text.cs
    long = rolled(state, "encounter-end", [6], rounds=101)  # shift 2's wandering-monster check
    assert long.state.clock == 2


def test_morale_counts_successes_and_two_mean_a_fight_to_the_death() -> None:
    state = seeded(set_out(), "encounter", 3, sides=["hráči", "skřeti"]).state
    state = rolled(state, "morale", [2, 3], group="skřeti", morale=7).state
    assert state.morale_successes("skřeti") == 1
    state = rolled(state, "morale", [1, 1], group="skřeti", morale=7).state
    assert state.morale_successes("skřeti") == 2
    last = rolled(state, "morale", group="skřeti", morale=7)  # nothing rolled
    assert last.steps[0].result.fights_to_death and last.steps[0].outcome.rolls == ()


def test_an_attack_takes_the_attackers_fatigue_and_wounds_a_party_target() -> None:
    state = rolled(set_out(), "edit-character", character="Eva", fatigue=2).state
    swing = rolled(state, "attack", [15, 5], attacker="Eva", attack={"ac": 12, "damage": "1d8"})
    assert swing.steps[0].inputs["fatigue"] == 2 and swing.steps[0].result.hit
    bite = rolled(state, "attack", [20], attacker="vlk", target="Dan",
                  attack={"ac": 12, "damage": "1d6+4"})
    assert member(bite.state, "Dan").status == "dead"
    assert texts(bite)[1:] == ["Dan: životy 7 − 10 → 0.",
                               "Dan má 0 životů: je po smrti (mírnější systém smrti: záchrana "
                               "do 24 h)."]
    assert bite.offers[0].action == "death-save"
    knocked = rolled(state, "attack", [20, 2], target="Dan",
                     attack={"ac": 12, "damage": "1d6+4", "subdual": True})
    assert member(knocked.state, "Dan").status == "unconscious"


# --- wounds, fatigue and death ----------------------------------------------------------------


def test_the_milder_death_counts_the_hours_from_the_clock() -> None:
    state = rolled(set_out(effects=[]), "damage", character="Ota", amount=8).state
    for _ in range(3):
        state = seeded(state, "shift", state.clock).state
    saved = rolled(state, "death-save", [2, 3], character="Ota")
    step = saved.steps[0]
    assert step.inputs["hours_since_death"] == 0.5
    ota = member(saved.state, "Ota")
    assert (ota.hp, ota.status, ota.unconscious_shifts, ota.fatigue, ota.deaths) == (
        1, "unconscious", 3, 1, 1)
    woke = seeded(saved.state, "shift", 9)
    woke = seeded(seeded(woke.state, "shift", 10).state, "shift", 11)
    assert "Ota přichází k sobě." in texts(woke)
    again = rolled(woke.state, "damage", character="Ota", amount=1).state
    repeated = rolled(again, "death-save", character="Ota")  # no full heal since: no roll
    assert repeated.steps[0].result.reason == "repeated-death"
    with refusal("konečná"):
        rolled(repeated.state, "death-save", character="Ota")


def test_fatigue_of_seven_rolls_the_save_on_the_sheet_or_asks_for_it() -> None:
    state = rolled(set_out(), "edit-character", character="Eva", fatigue=6).state
    state = rolled(state, "edit-character", character="Ota", fatigue=6).state
    eva = rolled(state, "fatigue", [1], character="Eva", reasons=["illness"])
    assert member(eva.state, "Eva").status == "dead"
    assert "Eva umírá na únavu." in texts(eva)
    ota = rolled(state, "fatigue", character="Ota", reasons=["illness"])
    assert member(ota.state, "Ota").fatigue == 7 and member(ota.state, "Ota").alive
    assert [(o.action, dict(o.inputs), o.missing) for o in ota.offers] == [
        ("saving-throw", {"character": "Ota", "against": "death"}, ("target",))]


def test_healing_is_safe_only_in_civilization_unless_the_gm_says_so() -> None:
    state = rolled(set_out(), "damage", character="Eva", amount=6).state
    in_dungeon = rolled(state, "heal", character="Eva", nights=2)
    assert member(in_dungeon.state, "Eva").hp == 4
    safe = rolled(state, "heal", character="Eva", nights=2, safe=True)
    assert member(safe.state, "Eva").hp == 8
    dead = rolled(state, "damage", character="Eva", amount=4).state
    with refusal("po smrti"):
        rolled(dead, "heal", character="Eva", magic=3)


# --- dice: every step replays alone, an action from its seed ----------------------------------


@given(st.integers(0, 2**53 - 1))
def test_an_action_replays_from_its_seed_and_each_step_from_its_own(seed: int) -> None:
    state = rolled(set_out(mode="wilderness"), "supplies", change=10).state
    first = seeded(state, "travel-day", seed, activity="forage")
    again = seeded(state, "travel-day", seed, activity="forage")
    assert first.state == again.state
    for step in first.steps:
        alone = procedures()[step.procedure].run(SeededDice(step.seed), **step.inputs)
        assert alone.result == step.result and alone.rolls == step.outcome.rolls


def test_physical_dice_are_consumed_across_the_steps_and_none_may_be_left() -> None:
    state = set_out(mode="wilderness")
    day = rolled(state, "travel-day", [5, 4, 4, 5, 6, 6])
    assert [s.dice for s in day.steps] == [(5, 4), (4, 5, 6), (6,)]
    with pytest.raises(DiceError, match="7 given, the procedure used 6"):
        rolled(state, "travel-day", [5, 4, 4, 5, 6, 6, 1])
    with pytest.raises(DiceError, match="die #6"):
        rolled(state, "travel-day", [5, 4, 4, 5, 6])


def test_every_action_names_the_procedures_it_runs() -> None:
    for kind, declared in actions().items():
        assert all(path in procedures() or path == "encounter-duration"
                   for path in declared.procedures), kind
        assert declared.title.cs and declared.title.en


# --- the outcome on the entry's line: what the dice came to, in the rules' own words ----------


def _in_a_fight() -> State:
    """Turn 1 passed, then goblins met: nobody surprised, 14 m apart, friendly."""
    state = rolled(set_out(), "shift").state
    return rolled(state, "encounter", [4, 2, 3, 4, 5, 3, 8, 6, 6], sides=["hráči", "skřeti"],
                  creatures=[{"name": "skřet", "hp": 5, "ac": 12, "morale": 7}]).state


def _held_twice() -> State:
    state = _in_a_fight()
    for _ in range(2):
        state = rolled(state, "morale", [1, 1], group="skřeti").state
    return state


@pytest.mark.parametrize(("start", "kind", "dice", "inputs", "czech", "english"), [
    # [Putující monstra] the shift's check: nothing, an encounter; several shifts, each check.
    (lambda: rolled(set_out(), "shift").state, "shift", [4], {},
     "Uběhla směna: den 1, 0 h 20 min, směna 2. Putující monstra: nic.",
     "A shift passes: day 1, 0 h 20 min, turn 2. Wandering monsters: nothing."),
    (lambda: rolled(set_out(), "shift").state, "shift", [1], {},
     "Uběhla směna: den 1, 0 h 20 min, směna 2. Putující monstra: setkání.",
     "A shift passes: day 1, 0 h 20 min, turn 2. Wandering monsters: an encounter."),
    (set_out, "shift", [5, 6], {"count": 4},
     "Uběhly 4 směny: den 1, 0 h 40 min, směna 4. Putující monstra: nic, nic.",
     "4 shifts pass: day 1, 0 h 40 min, turn 4. Wandering monsters: nothing, nothing."),
    (set_out, "shift", [5, 1], {"count": 6},
     "Uběhly 4 z 6 směn, pak přišlo putující monstrum: den 1, 0 h 40 min, směna 4. Putující "
     "monstra: nic, setkání.",
     "4 of 6 shifts passed, then a wandering monster came: day 1, 0 h 40 min, turn 4. "
     "Wandering monsters: nothing, an encounter."),
    (_in_a_fight, "encounter-end", [4], {"rounds": 3},
     "Konec setkání po 3 kolech: 1 směna; den 1, 0 h 20 min, směna 2. Putující monstra: nic.",
     "The encounter ends after 3 rounds: 1 shift; day 1, 0 h 20 min, turn 2. Wandering "
     "monsters: nothing."),
    # [Náhlá setkání] who is surprised, how far apart, who acts first, the reaction.
    (set_out, "encounter", [4, 2, 3, 4, 5, 3, 8, 6, 6], {"sides": ["hráči", "skřeti"]},
     "Setkání (uvnitř): hráči, skřeti. Nikdo není překvapený. Vzdálenost 14 m (poblíž), "
     "pořadí: skřeti, hráči. Reakce (skřeti): Přátelský, nápomocný.",
     "Encounter (indoors): hráči, skřeti. Nobody is surprised. Distance 14 m (near), order: "
     "skřeti, hráči. Reaction (skřeti): Friendly, helpful."),
    (set_out, "encounter", [1, 3, 3, 3, 3, 7, 2, 3], {"sides": ["hráči", "skřeti"]},
     "Setkání (uvnitř): hráči, skřeti. Překvapená strana (hráči) vynechá 1 kolo. Vzdálenost "
     "6 m (poblíž), pořadí: skřeti. Reakce (skřeti): Nepřátelský, může zaútočit.",
     "Encounter (indoors): hráči, skřeti. The surprised side (hráči) loses 1 round. Distance "
     "6 m (near), order: skřeti. Reaction (skřeti): Hostile, may attack."),
    (lambda: set_out(effects=[]), "encounter", [4, 1, 3, 3, 3, 3, 7],
     {"sides": ["hráči", "skřeti"]},
     "Setkání (uvnitř): hráči, skřeti. Překvapená strana (skřeti) vynechá 1 kolo. Vzdálenost "
     "6 m (poblíž), pořadí: hráči.",
     "Encounter (indoors): hráči, skřeti. The surprised side (skřeti) loses 1 round. Distance "
     "6 m (near), order: hráči."),
    # [Útok obecně] a miss; a hit and its damage; a group's hits; a manoeuvre's effect.
    (_in_a_fight, "attack", [5], {"attacker": "Eva", "target": "skřet",
                                  "attack": {"damage": "1d6"}},
     "Útok: Eva → skřet, vedle.", "Attack: Eva → skřet, miss."),
    (_in_a_fight, "attack", [15, 4], {"attacker": "Eva", "target": "skřet",
                                      "attack": {"damage": "1d6"}},
     "Útok: Eva → skřet, zásah, poškození 4.", "Attack: Eva → skřet, hit, damage 4."),
    (_in_a_fight, "attack", [20], {"attacker": "skřet", "attack": {"damage": "1d6", "ac": 10}},
     "Útok: skřet, kritický zásah, poškození 6.", "Attack: skřet, critical hit, damage 6."),
    (_in_a_fight, "attack", [15, 5, 3, 12, 2],
     {"attacker": "skřet", "target": "Eva", "attack": {"damage": "1d6", "ac": 10, "count": 3}},
     "Útok: skřet → Eva, zásahů: 2 z 3, poškození celkem 7.",
     "Attack: skřet → Eva, hits: 2 of 3, total damage 7."),
    (_in_a_fight, "attack", [15], {"attacker": "Eva", "target": "skřet",
                                   "attack": {"maneuver": "grapple"}},
     "Útok: Eva → skřet, zásah: cíl je přidržen.", "Attack: Eva → skřet, hit: the target is "
     "held."),
    # [Morálka] holds, flees or surrenders, fights to the death; outside an encounter.
    (_in_a_fight, "morale", [3, 4], {"group": "skřeti"},
     "Morálka skupiny skřeti: drží; úspěchy v tomto setkání: 0 → 1.",
     "Morale of skřeti: holds; successes in this encounter: 0 → 1."),
    (_in_a_fight, "morale", [5, 4], {"group": "skřeti"},
     "Morálka skupiny skřeti: prchá nebo se vzdává; úspěchy v tomto setkání: 0 → 0.",
     "Morale of skřeti: flees or surrenders; successes in this encounter: 0 → 0."),
    (_held_twice, "morale", [], {"group": "skřeti"},
     "Morálka skupiny skřeti: už dvakrát uspěla → bojuje až do smrti, nehází se; úspěchy v "
     "tomto setkání: 2 → 2.",
     "Morale of skřeti: already held twice → fights to the death, no roll; successes in this "
     "encounter: 2 → 2."),
    (set_out, "morale", [6, 6], {"group": "vlci", "morale": 7},
     "Morálka skupiny vlci: prchá nebo se vzdává; mimo setkání se úspěchy nepočítají.",
     "Morale of vlci: flees or surrenders; outside an encounter no success is counted."),
    # [Přenocování v divočině] the night watch kept, and nothing came.
    (set_out, "rest", [5], {"force": True},
     "Odpočinek 8 h (kobka): den 1, 8 h 0 min, směna 48. Noční hlídka: nic se neděje.",
     "A rest of 8 h (dungeon): day 1, 8 h 0 min, turn 48. The night watch: nothing comes."),
    (set_out, "rest", [], {"force": True, "night_check": False},
     "Odpočinek 8 h (kobka): den 1, 8 h 0 min, směna 48.",
     "A rest of 8 h (dungeon): day 1, 8 h 0 min, turn 48."),
    (lambda: set_out(mode="wilderness"), "travel-day", [5, 4, 4, 5, 6, 6], {},
     "Den cesty: 25 km, večer tábor; den 2, 0 h 0 min. Noční hlídka: nic se neděje.",
     "A day of travel: 25 km, camp at nightfall; day 2, 0 h 0 min. The night watch: nothing "
     "comes."),
    # [Záchranné hody, Ověření dovedností, Zničení magických předmětů]
    (set_out, "saving-throw", [12], {"character": "Eva"},
     "Záchranný hod: Eva, úspěch.", "Saving throw: Eva, success."),
    (set_out, "saving-throw", [1], {"character": "Eva"},
     "Záchranný hod: Eva, kritický neúspěch.", "Saving throw: Eva, critical failure."),
    (set_out, "skill-check", [11], {"character": "Eva", "dc": 12},
     "Ověření dovednosti: Eva, neúspěch.", "Skill check: Eva, failure."),
    (set_out, "magic-items", [15, 2], {"character": "Eva",
                                       "items": [{"name": "Meč"}, {"name": "Hůl"}]},
     "Magické předměty, majitel: Eva; předmět Meč: přežil; předmět Hůl: zničen.",
     "Magic items, owner: Eva; Meč: survives; Hůl: destroyed."),
])
def test_the_entrys_line_says_what_the_dice_came_to(
        start: Callable[[], State], kind: str, dice: list[int], inputs: dict[str, Any],
        czech: str, english: str) -> None:
    done = rolled(start(), kind, dice, **inputs)
    assert (done.text.cs, done.text.en) == (czech, english)
