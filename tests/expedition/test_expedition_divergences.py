"""The ten places where the expedition kept time against the rules, each held to the text.

Section 6b of the contract, "Corrections": a reader of the Czech rules played the expedition the
way a GM plays an evening and found these; each test plays the same, with the dice given.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rpg.core.errors import RuleError
from rpg.expedition.state import SHIFTS_PER_DAY, SHIFTS_PER_HOUR, Character, State
from tests.expedition.engine import rolled, seeded, set_out, texts


def member(state: State, name: str) -> Character:
    found = state.character(name)
    assert found is not None
    return found


def offers(applied: object) -> list[tuple[str, dict[str, object], tuple[str, ...]]]:
    return [(o.action, dict(o.inputs), tuple(o.missing))
            for o in applied.offers]  # type: ignore[attr-defined]


# --- 1. fast travel takes the party into the wilderness -----------------------------------------


def test_1_fast_travel_from_a_dungeon_leaves_it() -> None:
    journey = rolled(set_out(supplies=40), "fast-travel", [2], days=7)
    assert journey.state.mode == "wilderness"
    assert "Výprava vyráží do divočiny." in texts(journey)
    assert "směna" not in journey.text.cs  # the clock of the wilderness has no dungeon turn
    after = rolled(journey.state, "shift")
    assert after.steps == () and "Mimo kobku" in after.text.cs
    assert offers(journey)[0][0] == "encounter"


# --- 2. the 8 hours before a rest are all the time since the last one ------------------------


def test_2_two_forced_marches_then_a_dungeon_rest_is_allowed() -> None:
    state = set_out(mode="wilderness", effects=[])
    for _ in range(2):
        state = rolled(state, "travel-day", [5, 4], forced_march=True).state
    assert state.hours_since_rest == 48
    state = rolled(state, "mode", mode="dungeon").state
    rest = rolled(state, "rest", [6])  # the night watch: nothing comes
    assert rest.state.last_rest_at == rest.state.clock


def test_2_shifts_anywhere_and_encounters_count_toward_the_rest() -> None:
    state = rolled(set_out(mode="wilderness", effects=[]), "shift",
                   count=7 * SHIFTS_PER_HOUR).state
    state = rolled(state, "mode", mode="dungeon").state
    state = seeded(state, "encounter", 5, sides=["hráči", "goblini"]).state
    state = rolled(state, "encounter-end", rounds=100).state  # 1 shift, no check due on turn 1
    with pytest.raises(RuleError) as early:
        rolled(state, "rest")
    assert "7 h 10 min" in early.value.message.cs  # hours and minutes, never 7,1667 h
    state = rolled(state, "shift", [6, 6, 6], count=5).state  # turns 2..6: checks on 2, 4, 6
    assert state.hours_since_rest == 8
    assert rolled(state, "rest", [6]).state.last_rest_at == state.clock + 8 * SHIFTS_PER_HOUR


def test_2_a_camp_night_is_a_rest_a_forced_march_is_not() -> None:
    state = set_out(mode="wilderness", effects=[])
    camped = rolled(state, "travel-day", [5, 4, 4, 5, 6, 6]).state
    assert camped.hours_since_rest == 0
    marched = rolled(state, "travel-day", [5, 4], forced_march=True).state
    assert marched.hours_since_rest == 24


# --- 3. one sleepless day, one fatigue ---------------------------------------------------------


def test_3_a_forced_march_is_that_days_fatigue_for_missing_rest() -> None:
    march = rolled(set_out(mode="wilderness", effects=[], supplies=100), "travel-day", [5, 4],
                   forced_march=True).state
    assert [m.fatigue for m in march.party] == [1, 1, 1, 1]
    # They ate on the way (hunger is another rule, held elsewhere).
    state = replace(rolled(march, "mode", mode="dungeon").state, fed_at=march.clock)
    shift = rolled(state, "shift")
    assert [m.fatigue for m in shift.state.party] == [1, 1, 1, 1]
    assert not any("odpočinku" in line for line in texts(shift))
    assert "bez odpočinku" not in shift.steps[0].outcome.text.cs
    # The next falls 24 h after the march's: a day of shifts (checks on every 2nd, none met).
    day = rolled(shift.state, "shift", [6] * (SHIFTS_PER_DAY // 2 - 1), count=SHIFTS_PER_DAY - 2)
    assert [m.fatigue for m in day.state.party] == [1, 1, 1, 1]
    assert not any("bez odpočinku" in step.outcome.text.cs for step in day.steps)
    due = rolled(day.state, "shift", [6])
    assert due.state.clock == march.clock + SHIFTS_PER_DAY
    assert [m.fatigue for m in due.state.party] == [2, 2, 2, 2]
    assert "24 h bez odpočinku → 1 bod únavy" in due.steps[0].outcome.text.cs
    # Paid: the shifts after it say nothing of it until another 24 h pass.
    later = rolled(due.state, "shift")
    assert [m.fatigue for m in later.state.party] == [2, 2, 2, 2]
    assert not any("odpočinku" in line for line in texts(later))
    assert "bez odpočinku" not in later.steps[0].outcome.text.cs


# --- 4. subdual, and hit points set to 0 --------------------------------------------------------


def test_4_a_subdued_character_is_unconscious_wakes_at_1_hp_and_can_be_healed() -> None:
    # d20 20: a critical hit, the damage's maximum (10); then 1d4 = 3 shifts unconscious.
    knocked = rolled(set_out(), "attack", [20, 3], target="Dan",
                     attack={"ac": 12, "damage": "1d6+4", "subdual": True})
    dan = member(knocked.state, "Dan")
    assert (dan.hp, dan.status, dan.unconscious_shifts) == (0, "unconscious", 3)
    assert [s.procedure for s in knocked.steps] == ["attack", "roll"]
    assert knocked.steps[1].inputs == {"expr": "1d4"}
    assert offers(knocked) == []
    healed = rolled(knocked.state, "heal", character="Dan", magic=2)
    assert (member(healed.state, "Dan").hp, member(healed.state, "Dan").status) == (2, "ok")
    woke = rolled(knocked.state, "shift", [6], count=3)
    assert (member(woke.state, "Dan").hp, member(woke.state, "Dan").status) == (1, "ok")
    assert any(line.startswith("Dan") and "k sobě" in line for line in texts(woke))
    with pytest.raises(RuleError):  # not dead: there is no death to save from
        rolled(knocked.state, "death-save", character="Dan")


def test_4_hit_points_set_to_0_kill_as_damage_does() -> None:
    edited = rolled(set_out(), "edit-character", character="Ota", hp=0)
    ota = member(edited.state, "Ota")
    assert (ota.hp, ota.status, ota.died_at) == (0, "dead", 0)
    assert offers(edited) == [("death-save", {"character": "Ota"}, ())]
    damaged = rolled(set_out(), "damage", character="Ota", amount=8)
    assert edited.state.party == damaged.state.party
    assert edited.offers == damaged.offers


# --- 5. a save against death the sheet does not hold ------------------------------------------


def test_5_fatigue_7_without_a_save_offers_the_saving_throw_and_it_works() -> None:
    state = rolled(set_out(), "edit-character", character="Ota", fatigue=6).state
    tired = rolled(state, "fatigue", character="Ota", reasons=["illness"])
    assert offers(tired) == [("saving-throw", {"character": "Ota", "against": "death"},
                              ("target",))]
    assert member(tired.state, "Ota").fatigue_save_due
    failed = rolled(tired.state, "saving-throw", [10], character="Ota", against="death",
                    target=12)
    step = failed.steps[0]
    assert step.procedure == "saving-throw" and step.inputs["fatigue"] == 7
    assert member(failed.state, "Ota").status == "dead"
    assert offers(failed) == []
    survived = rolled(tired.state, "saving-throw", [20], character="Ota", against="death",
                      target=12)
    assert member(survived.state, "Ota").status == "ok"
    assert not member(survived.state, "Ota").fatigue_save_due
    with pytest.raises(RuleError) as refused:  # no target, and none on the sheet
        rolled(tired.state, "saving-throw", character="Ota", against="death")
    assert refused.value.field == "target"


# --- 6. checks fall due by the clock ------------------------------------------------------------


def test_6_the_end_of_an_encounter_rolls_the_checks_it_passes() -> None:
    state = seeded(set_out(), "encounter", 3, sides=["hráči", "goblini"]).state
    ended = rolled(state, "encounter-end", [6], rounds=150)  # 15 min: shifts 1 and 2
    assert [s.procedure for s in ended.steps] == ["encounter-duration", "dungeon-turn"]
    assert (ended.steps[1].inputs["turn"], ended.steps[1].result.roll) == (2, 6)
    assert ended.state.clock == 2 and ended.state.last_check_turn == 2


def test_6_several_shifts_roll_every_check_in_clock_order_and_stop_at_a_monster() -> None:
    run = rolled(set_out(), "shift", [6, 1], count=6)
    assert [s.inputs["turn"] for s in run.steps] == [2, 4]
    assert run.state.clock == 4 and run.state.dungeon_turn == 4
    assert offers(run) == [("encounter", {}, ())]
    assert "4 z 6" in run.text.cs


def test_6_a_rest_is_one_night_check_not_a_run_of_shifts() -> None:
    state = rolled(set_out(effects=[]), "shift", [6] * 24, count=8 * SHIFTS_PER_HOUR).state
    rest = rolled(state, "rest", [6])
    assert [s.procedure for s in rest.steps] == ["camping", "wandering-monsters"]
    assert rest.state.clock == state.clock + 8 * SHIFTS_PER_HOUR


# --- 7. morale after a failure -------------------------------------------------------------------


def test_7_a_group_that_failed_its_morale_has_fled_for_the_rest_of_the_encounter() -> None:
    state = seeded(set_out(), "encounter", 3, sides=["hráči", "goblini"]).state
    held = rolled(state, "morale", [2, 3], group="goblini", morale=7)
    fled = rolled(held.state, "morale", [6, 6], group="goblini", morale=7)
    assert "goblini" in fled.state.encounter.routed  # type: ignore[union-attr]
    with pytest.raises(RuleError) as refused:
        rolled(fled.state, "morale", [1, 1], group="goblini", morale=7)
    assert "V případě neúspěchu stvoření většinou uteče nebo se vzdá" in \
        refused.value.message.cs
    assert refused.value.field == "group"


def test_7_morale_outside_an_encounter_counts_nothing_and_says_so() -> None:
    alone = rolled(set_out(), "morale", [2, 3], group="skřeti", morale=7)
    assert alone.state.morale == ()
    assert "v tomto setkání" not in alone.text.cs
    assert "mimo setkání" in alone.text.cs


# --- 8. a travel day's simultaneous activities --------------------------------------------------


def test_8_a_travel_day_takes_the_groups_activities() -> None:
    # Nobody travels (a group explores): no lost check; encounter 4; forage 1 → 1d6 = 3 supplies;
    # explore 2 (found); the camp 4, 5, 6; the night watch 6.
    day = rolled(set_out(mode="wilderness"), "travel-day", [4, 1, 3, 2, 4, 5, 6, 6],
                 activities=[{"group": "Eva, Ota", "activity": "forage"},
                             {"group": "Dan, Iva", "activity": "explore"}])
    travel = day.steps[0]
    assert [g.group for g in travel.result.activities] == ["Eva, Ota", "Dan, Iva"]
    assert day.state.supplies == 8 + 3


# --- 9. a character's OČ -----------------------------------------------------------------------


def test_9_an_attack_on_a_party_member_takes_the_sheets_oc_with_the_fatigue_penalty() -> None:
    state = rolled(set_out(), "edit-character", character="Eva", ac=14, fatigue=2).state
    bite = rolled(state, "attack", [12, 3], attacker="vlk", target="Eva",
                  attack={"damage": "1d6"})
    assert [s.procedure for s in bite.steps] == ["defense", "attack"]
    assert bite.steps[0].result.ac == 12 and bite.steps[1].inputs["ac"] == 12
    assert member(bite.state, "Eva").hp == 7
    given = rolled(state, "attack", [12], target="Eva", attack={"ac": 15, "damage": "1d6"})
    assert [s.procedure for s in given.steps] == ["attack"] and not given.steps[0].result.hit
    with pytest.raises(RuleError) as refused:
        rolled(set_out(), "attack", target="Ota", attack={"damage": "1d6"})
    assert refused.value.field == "attack.ac"
