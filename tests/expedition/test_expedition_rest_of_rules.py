"""The rest of the expedition's rules (section 6b): several shifts at once, the night watch,
darkness, hunger, fatigue shed in safety, the GM's decisions, creatures in an encounter, checks
and saves with the records filled in, destroyed equipment, hidden encounters. With the dice
given, without a database or HTTP.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace

import pytest

from rpg.core.errors import RuleError
from rpg.expedition.actions import act
from rpg.expedition.dice import ActionSeed
from rpg.expedition.kernel import Context
from rpg.expedition.state import SHIFTS_PER_DAY, SHIFTS_PER_HOUR, Character, State
from tests.expedition.engine import rolled, seeded, set_out, texts


@contextlib.contextmanager
def refusal(field: str, czech: str = "") -> Iterator[None]:
    """The block raises a :class:`RuleError` naming ``field``, its Czech message saying
    ``czech``."""
    with pytest.raises(RuleError) as caught:
        yield
    assert caught.value.field == field
    assert czech in caught.value.message.cs


def member(state: State, name: str) -> Character:
    found = state.character(name)
    assert found is not None
    return found


def fatigues(state: State) -> list[int]:
    return [m.fatigue for m in state.party]


# --- several shifts at once ---------------------------------------------------------------------


def test_count_passes_that_many_shifts_each_with_its_lights() -> None:
    run = rolled(set_out(), "shift", [6, 6, 6], count=6)  # checks on turns 2, 4, 6
    assert run.state.clock == 6 and run.state.effects == ()
    assert "Pochodeň 1 vyhasíná." in texts(run)
    assert "Uběhlo 6 směn" in run.text.cs
    assert rolled(set_out(), "shift", [6], count=2).text.cs.startswith("Uběhly 2 směny")


@pytest.mark.parametrize("count", [0, 145])
def test_count_is_one_to_a_days_shifts(count: int) -> None:
    with refusal("count"):
        rolled(set_out(), "shift", count=count)


def test_noise_calls_a_check_on_the_first_shift_of_a_run() -> None:
    run = rolled(set_out(), "shift", [6, 6], count=2, noise=True)
    assert [(s.inputs["turn"], s.result.check_reason) for s in run.steps] == [
        (1, "noise"), (2, "schedule")]


# --- the night watch ------------------------------------------------------------------------------


def test_a_night_watch_encounter_breaks_the_rest_at_the_nights_middle() -> None:
    state = replace(set_out(effects=[]), clock=8 * SHIFTS_PER_HOUR)
    broken = rolled(state, "rest", [1], hours=10)  # the night watch's d6 = 1: an encounter
    assert [s.procedure for s in broken.steps] == ["camping", "wandering-monsters"]
    assert broken.state.clock == state.clock + 5 * SHIFTS_PER_HOUR  # the night's middle
    assert broken.state.last_rest_at == 0  # the rest does not count
    assert [o.action for o in broken.offers] == ["encounter"]
    assert "Noční hlídka: setkání!" in " ".join(texts(broken))
    assert "nepočítá" in broken.text.cs


def test_the_gm_sets_the_night_chance_or_no_watch_at_all() -> None:
    state = rolled(set_out(), "mode", mode="wilderness").state
    three = rolled(state, "rest", [4, 4, 4, 3], night_chance=3)  # 3 in 6: a 3 brings one
    assert three.steps[-1].inputs == {"x": 3, "y": 6} and three.steps[-1].result.success
    none = rolled(state, "rest", [4, 4, 4], night_check=False)
    assert [s.procedure for s in none.steps] == ["camping"]
    assert none.state.last_rest_at == none.state.clock
    with refusal("night_chance"):
        rolled(state, "rest", [4, 4, 4], night_chance=7)


def test_a_travel_days_camp_has_its_night_watch_too() -> None:
    day = rolled(set_out(mode="wilderness"), "travel-day", [5, 4, 4, 5, 6, 1])
    assert day.steps[-1].procedure == "wandering-monsters" and day.steps[-1].result.success
    assert day.state.clock == SHIFTS_PER_DAY - 4 * SHIFTS_PER_HOUR  # the night's middle
    assert day.state.last_rest_at == 0
    assert [o.action for o in day.offers] == ["encounter"]


# --- darkness -------------------------------------------------------------------------------------


def test_the_state_says_dark_and_the_log_says_when_darkness_begins_and_ends() -> None:
    assert not set_out().dark and set_out(mode="wilderness", effects=[]).dark is False
    started = act(State(name="x"), "start", {"name": "Tma", "party": [{"name": "Eva",
                                                                       "max_hp": 5}]},
                  Context(ActionSeed(0)))
    assert started.state.dark and "Tma:" in started.events[0].cs
    burnt = rolled(set_out(), "shift", [6, 6, 6], count=6)
    assert burnt.state.dark
    assert [line for line in texts(burnt) if line.startswith("Tma")] == [
        "Tma: družině nehoří žádné světlo. Postavy ve tmě jsou považovány za slepé."]
    lit = rolled(burnt.state, "add-effect", name="Lucerna", shifts=24, light=True)
    assert not lit.state.dark and "Světlo: družina už není ve tmě." in texts(lit)
    out = rolled(set_out(), "remove-effect", name="Pochodeň 1")
    assert out.state.dark and any(line.startswith("Tma") for line in texts(out))
    outside = rolled(out.state, "mode", mode="wilderness")
    assert not outside.state.dark and "Světlo: družina už není ve tmě." in texts(outside)


def test_a_party_members_attack_in_the_dark_is_blind() -> None:
    dark = set_out(effects=[])
    # [Slepota] "Sám na blízku útočí s nevýhodou": two d20, the lower kept.
    swing = rolled(dark, "attack", [15, 4], attacker="Eva", attack={"ac": 10, "damage": "1d6"})
    assert swing.steps[0].inputs["attacker_blind"] is True
    assert not swing.steps[0].result.hit
    with pytest.raises(RuleError) as refused:  # "Útoky na dálku nejsou možné."
        rolled(dark, "attack", attacker="Eva", attack={"ac": 10, "damage": "1d6",
                                                       "ranged": True})
    assert "Útoky na dálku nejsou možné" in refused.value.message.cs
    lit = rolled(set_out(), "attack", [15, 4], attacker="Eva", attack={"ac": 10, "damage": "1d6"})
    assert "attacker_blind" not in lit.steps[0].inputs and lit.steps[0].result.hit
    goblin = rolled(dark, "attack", [15, 4], attacker="goblin", target="Eva",
                    attack={"ac": 10, "damage": "1d6"})
    assert "attacker_blind" not in goblin.steps[0].inputs


def test_an_encounter_in_the_dark_knows_the_party_carries_no_light() -> None:
    met = seeded(set_out(effects=[]), "encounter", 4, sides=["hráči", "goblini"])
    assert met.steps[0].inputs["light"] == []
    assert any("nenese světlo" in line for line in texts(met))
    lit = seeded(set_out(), "encounter", 4, sides=["hráči", "goblini"])
    assert lit.steps[0].inputs["light"] == ["hráči"]


# --- hunger ---------------------------------------------------------------------------------------


def test_each_day_without_food_beyond_the_first_costs_a_fatigue() -> None:
    state = set_out(mode="wilderness")
    first = rolled(state, "shift", count=SHIFTS_PER_DAY)
    assert fatigues(first.state) == [0, 0, 0, 0]  # "déle jak den": the first day is free
    second = rolled(first.state, "shift", count=SHIFTS_PER_DAY)
    assert fatigues(second.state) == [1, 1, 1, 1]
    assert "Hlad a žízeň: 1 den bez jídla navíc → únava pro celou družinu." in texts(second)
    hungry = [s for s in second.steps if s.procedure == "fatigue"]
    assert [(s.inputs["hungry_days"], s.inputs["hunger_points"]) for s in hungry] == [(1, 1)] * 4
    assert "hlad a žízeň" in hungry[0].outcome.text.cs
    third = rolled(second.state, "shift", count=SHIFTS_PER_DAY)
    assert fatigues(third.state) == [2, 2, 2, 2]


def test_two_points_a_day_where_the_expedition_says_so() -> None:
    state = set_out(mode="wilderness", hunger_points=2)
    for _ in range(2):
        state = rolled(state, "shift", count=SHIFTS_PER_DAY).state
    assert fatigues(state) == [2, 2, 2, 2]
    with refusal("hunger_points"):
        set_out(hunger_points=3)


def test_the_party_eats_at_a_camp_a_rest_a_journey_and_in_town() -> None:
    state = rolled(set_out(mode="wilderness"), "shift", count=SHIFTS_PER_DAY).state
    state = rolled(state, "shift", count=SHIFTS_PER_DAY - 1).state
    camp = rolled(state, "rest", [4, 4, 4, 6]).state  # the camp: everything found
    assert camp.fed_at == state.clock and fatigues(camp) == [0, 0, 0, 0]
    town = rolled(state, "mode", mode="civilization").state
    assert rolled(town, "rest", days=3).state.hungry_days == 0
    journey = rolled(state, "fast-travel", [3], days=9).state
    assert journey.fed_at == journey.clock and fatigues(journey) == [0, 0, 0, 0]


def test_a_forced_march_day_feeds_no_one() -> None:
    state = set_out(mode="wilderness", effects=[])
    for _ in range(2):
        state = rolled(state, "travel-day", [5, 4], forced_march=True).state
    assert fatigues(state) == [3, 3, 3, 3]  # two marches, and the second day without food


# --- fatigue shed in safety, and the GM's decisions ---------------------------------------------


def test_a_night_in_a_safe_building_sheds_a_level_and_heals() -> None:
    state = rolled(set_out(mode="wilderness"), "edit-character", character="Eva", fatigue=3,
                   hp=4).state
    rest = rolled(state, "rest", [4, 4, 4, 6], safe_building=True)
    assert member(rest.state, "Eva").fatigue == 2 and member(rest.state, "Eva").hp == 6
    assert "Noc v bezpečném stavení" in " ".join(texts(rest))
    plain = rolled(state, "rest", [4, 4, 4, 6])
    assert member(plain.state, "Eva").fatigue == 3 and member(plain.state, "Eva").hp == 4


def test_magic_lifts_the_levels_the_gm_names() -> None:
    state = rolled(set_out(), "edit-character", character="Ota", fatigue=7).state
    lifted = rolled(state, "fatigue", character="Ota", magic=3)
    assert member(lifted.state, "Ota").fatigue == 4
    assert "Magie snímá únavu: 3 stupně." in texts(lifted)
    with refusal("magic"):
        rolled(state, "fatigue", character="Ota", magic=8)


def test_the_gm_may_rest_sooner_and_the_log_says_so() -> None:
    early = rolled(set_out(effects=[]), "rest", [6], force=True)
    assert early.state.last_rest_at == early.state.clock
    said = " ".join(texts(early))
    assert "PJ rozhodl odpočívat dřív" in said
    assert "Odpočívat lze maximálně jednou za 8 hodin průzkumu" in said


# --- creatures in an encounter --------------------------------------------------------------------

GOBLINS = {"name": "skřeti", "count": 5, "hp": 4, "ac": 12, "morale": 7}


def goblins() -> State:
    return seeded(set_out(), "encounter", 4, sides=["hráči", "goblini"],
                  creatures=[GOBLINS, {"name": "šaman", "hp": 6, "morale": 9}]).state


def test_a_group_of_five_goblins_in_one_step() -> None:
    met = goblins().encounter
    assert met is not None
    assert [c.name for c in met.creatures] == [
        "skřeti 1", "skřeti 2", "skřeti 3", "skřeti 4", "skřeti 5", "šaman"]
    assert {(c.side, c.hp, c.max_hp, c.ac, c.morale) for c in met.creatures[:5]} == {
        ("goblini", 4, 4, 12, 7)}


@pytest.mark.parametrize(("creatures", "field"), [
    ([{"name": "skřet", "side": "hráči", "hp": 3}], "creatures.0.side"),
    ([{"name": "Eva", "hp": 3}], "creatures.0.name"),
    ([{"name": "skřet", "hp": 3}, {"name": "skřet", "hp": 3}], "creatures.1.name"),
    ([{"name": "skřet", "count": 101, "hp": 3}], "creatures.0.count"),
])
def test_creatures_that_cannot_be_are_refused(creatures: list[dict], field: str) -> None:
    with refusal(field):
        seeded(set_out(), "encounter", 4, sides=["hráči", "goblini"], creatures=creatures)


def test_an_attack_on_a_creature_takes_its_oc_and_hp_from_the_records() -> None:
    hit = rolled(goblins(), "attack", [12, 3], attacker="Eva", target="skřeti 2",
                 attack={"damage": "1d6"})
    assert hit.steps[0].inputs["ac"] == 12
    assert hit.state.encounter.creature("skřeti 2").hp == 1  # type: ignore[union-attr]
    killed = rolled(hit.state, "attack", [12, 5], attacker="Eva", target="skřeti 2",
                    attack={"damage": "1d6"})
    goblin = killed.state.encounter.creature("skřeti 2")  # type: ignore[union-attr]
    assert (goblin.hp, goblin.status) == (0, "dead")
    assert "skřeti 2: 0 životů, mrtvé stvoření." in texts(killed)
    with refusal("target"):
        rolled(killed.state, "attack", [12, 5], attacker="Eva", target="skřeti 2",
               attack={"damage": "1d6"})
    knocked = rolled(goblins(), "attack", [20], attacker="Eva", target="skřeti 3",
                     attack={"damage": "1d6", "subdual": True})
    assert knocked.state.encounter.creature("skřeti 3").status == "subdued"  # type: ignore
    with refusal("attacker"):
        rolled(knocked.state, "attack", [12, 5], attacker="skřeti 3", target="Eva",
               attack={"ac": 10, "damage": "1d6"})
    with refusal("attack.ac"):  # the shaman's stat block has no OČ
        rolled(goblins(), "attack", [12, 5], attacker="Eva", target="šaman",
               attack={"damage": "1d6"})


def test_a_sides_morale_check_uses_its_creatures_morale() -> None:
    checked = rolled(goblins(), "morale", [4, 4], group="goblini")
    assert checked.steps[0].inputs["morale"] == 7
    assert checked.state.encounter.routed == ("goblini",)  # type: ignore[union-attr]
    with refusal("morale"):
        rolled(goblins(), "morale", [4, 4], group="vlci")


def test_the_end_of_the_encounter_says_who_fell() -> None:
    state = rolled(goblins(), "attack", [20], attacker="Eva", target="skřeti 1",
                   attack={"damage": "1d6"}).state
    state = rolled(state, "attack", [20], attacker="Eva", target="skřeti 4",
                   attack={"damage": "1d6"}).state
    state = rolled(state, "attack", [20], attacker="Eva", target="šaman",
                   attack={"ac": 11, "damage": "1d6", "subdual": True}).state
    state = rolled(state, "morale", [6, 6], group="goblini").state
    ended = rolled(state, "encounter-end")
    assert texts(ended)[1:4] == ["Mrtvá stvoření: skřeti 1, skřeti 4.",
                                 "Přemožené stvoření: šaman.",
                                 "Útěk nebo vzdání: goblini."]
    assert ended.state.encounter is None


# --- saves, checks and persistent damage with the records filled in ------------------------------


def test_a_saving_throw_takes_the_sheets_save_and_the_fatigue() -> None:
    state = rolled(set_out(), "edit-character", character="Eva", fatigue=2).state
    save = rolled(state, "saving-throw", [13], character="Eva", against="magic")
    step = save.steps[0]
    assert (step.inputs["target"], step.inputs["fatigue"], step.inputs["against"]) == (
        12, 2, "magic")
    assert not step.result.success  # 13 − 2 = 11 < 12
    assert rolled(state, "saving-throw", [13], character="Eva", target=10).steps[0].result.success


def test_a_skill_check_takes_the_fatigue() -> None:
    state = rolled(set_out(), "edit-character", character="Dan", fatigue=3).state
    check = rolled(state, "skill-check", [15], character="Dan", dc=12, modifier=1)
    assert check.steps[0].inputs["fatigue"] == 3 and check.steps[0].result.success


def test_persistent_damage_burns_a_party_member_or_a_creature() -> None:
    burnt = rolled(set_out(), "persistent-damage", [3, 5], target="Iva", damage="1d8", rounds=2)
    assert member(burnt.state, "Iva").hp == 9 - 8
    goblin = rolled(goblins(), "persistent-damage", [4], target="skřeti 5", damage="1d8")
    assert goblin.state.encounter.creature("skřeti 5").status == "dead"  # type: ignore
    with refusal("target"):
        rolled(set_out(), "persistent-damage", [4], target="nikdo", damage="1d8")


# --- destroyed equipment --------------------------------------------------------------------------


def test_a_destructive_killing_blow_destroys_the_equipment() -> None:
    struck = rolled(set_out(), "damage", character="Dan", amount=9, destructive=True)
    said = " ".join(texts(struck))
    assert "Dan: výbava je zničená" in said and "úder blesku, dračí oheň" in said
    survived = rolled(set_out(), "damage", character="Dan", amount=3, destructive=True)
    assert "výbava" not in " ".join(texts(survived))
    assert [(o.action, dict(o.inputs), o.missing) for o in struck.offers] == [
        ("magic-items", {"character": "Dan"}, ("items", "target")),
        ("death-save", {"character": "Dan"}, ())]
    saves = rolled(struck.state, "magic-items", [15, 3], character="Dan", target=12,
                   items=[{"name": "Hůl"}, {"name": "Kniha kouzel", "bonus": 1}])
    assert [i.survives for i in saves.steps[0].result.items] == [True, False]
    assert rolled(set_out(), "magic-items", [15], character="Eva",  # Eva's sheet has a save
                  items=[{"name": "Hůl"}]).steps[0].inputs["target"] == 12
    saved = rolled(struck.state, "death-save", [3, 2], character="Dan", destructive=True)
    assert "Dan: výbava je zničená" in " ".join(texts(saved))


# --- hidden encounters ----------------------------------------------------------------------------


def test_a_hidden_encounter_stays_hidden_until_the_gm_reveals_it() -> None:
    hidden = act(set_out(), "encounter", {"sides": ["hráči", "goblini"]},
                 Context(ActionSeed(4), hidden=True))
    assert hidden.state.encounter is not None and hidden.state.encounter.hidden
    shown = rolled(hidden.state, "reveal")
    assert shown.state.encounter is not None and not shown.state.encounter.hidden
    assert shown.text.cs == "PJ odhaluje setkání (uvnitř): hráči, goblini; kolo 0."
    with refusal("action"):
        rolled(shown.state, "reveal")
    with refusal("action"):
        rolled(set_out(), "reveal")
