"""What comes next by the clock (rpg/expedition/ahead.py): every prediction comes true at the
shift it names, not before, played shift by shift; the GM reads them all, the players only
their lights' and effects' ends."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pytest
from flask import Flask

from rpg.core.catalog import msg
from rpg.core.errors import RuleError
from rpg.expedition.ahead import WARN_SHIFTS, ahead, warned
from rpg.expedition.journey import NIGHT_SHIFTS, SHIFTS_AT_ONCE_MAX
from rpg.expedition.state import (
    MODES,
    ROUNDS_PER_SHIFT,
    SHIFTS_PER_DAY,
    SHIFTS_PER_HOUR,
    State,
)
from rpg.pravidla.dungeon import (
    CHECK_EVERY_TURNS,
    FATIGUE_WITHOUT_REST_HOURS,
    REST_EVERY_HOURS,
    REST_MIN_HOURS,
)
from rpg.pravidla.health import HUNGER_FREE_DAYS
from tests.expedition.conftest import Table
from tests.expedition.engine import TORCH, seeded, set_out

#: Two days and a bit: past the first fatigue for a day without rest and without food.
WALK = 2 * SHIFTS_PER_DAY + 4


def walk(state: State, shifts: int) -> list[State]:
    """The state before each of ``shifts`` single shifts and after the last (seeded dice)."""
    states = [state]
    for n in range(shifts):
        states.append(seeded(states[-1], "shift", 1000 + n).state)
    return states


def happened(states: list[State]) -> dict[tuple[str, str | None], list[int]]:
    """The clocks at which each rule acted during the walk."""
    events: dict[tuple[str, str | None], list[int]] = {}
    for before, after in pairwise(states):
        if after.last_check_turn != before.last_check_turn:
            events.setdefault(("check", None), []).append(after.clock)
        if after.no_rest_paid_at != before.no_rest_paid_at:
            events.setdefault(("sleepless", None), []).append(after.clock)
        if after.hungry_days > before.hungry_days:
            events.setdefault(("hungry", None), []).append(after.clock)
        left = {e.name for e in after.effects}
        for effect in before.effects:
            if effect.name not in left:
                events.setdefault(("effect", effect.name), []).append(after.clock)
    return events


@pytest.fixture(scope="module")
def dungeon() -> list[State]:
    start = set_out(supplies=0, effects=[TORCH, {"name": "Kouzlo štít", "shifts": 3}])
    return walk(start, WALK)


def test_every_prediction_comes_true_at_its_shift_and_not_before(dungeon: list[State]) -> None:
    events = happened(dungeon)
    # The walk meets every kind of rule: checks, both fatigues, both effects' ends.
    assert set(events) == {("check", None), ("sleepless", None), ("hungry", None),
                           ("effect", "Pochodeň 1"), ("effect", "Kouzlo štít")}
    assert events[("check", None)][:3] == [2, 4, 6]
    assert events[("sleepless", None)] == [SHIFTS_PER_DAY, 2 * SHIFTS_PER_DAY]
    assert events[("hungry", None)] == [2 * SHIFTS_PER_DAY]
    checked = 0
    for state in dungeon:
        for coming in ahead(state):
            if coming.kind == "rest":
                continue
            later = [at for at in events.get((coming.kind, coming.name), []) if at > state.clock]
            if coming.at > dungeon[-1].clock:
                assert later == [], (state.clock, coming)
                continue
            assert later and later[0] == coming.at, (state.clock, coming)
            checked += 1
    assert checked > 3 * WALK


def test_a_rest_is_refused_until_the_shift_it_is_promised(dungeon: list[State]) -> None:
    promised = next(c for c in ahead(dungeon[0]) if c.kind == "rest").at
    assert promised == 48  # 8 h of 10-minute shifts
    with pytest.raises(RuleError):
        seeded(dungeon[promised - 1], "rest", 7)
    assert seeded(dungeon[promised], "rest", 7).state.last_rest_at > 0
    assert next(c for c in ahead(dungeon[promised]) if c.kind == "rest").text.cs == (
        "Odpočinek je možný už teď.")


def test_the_words_agree_with_the_count_and_warn_a_shift_ahead(dungeon: list[State]) -> None:
    said = {c.kind if c.name is None else c.name: c.text.cs for c in ahead(dungeon[1])}
    assert said == {
        "check": "Kontrola putujících monster za 1 směnu.",
        "Kouzlo štít": "Kouzlo štít: konec za 2 směny.",
        "Pochodeň 1": "Pochodeň 1: konec za 5 směn.",
        "rest": "Odpočinek možný za 47 směn.",
        "sleepless": "Bod únavy za den bez odpočinku za 143 směn.",
        "hungry": "Bod únavy za den bez jídla za 287 směn.",
    }
    assert [c.kind for c in ahead(dungeon[1]) if warned(c, dungeon[1])] == ["check"]


def test_outside_a_dungeon_no_checks_rest_or_sleepless_day_in_town_no_hunger() -> None:
    wild = set_out(mode="wilderness", effects=[])
    assert [c.kind for c in ahead(wild)] == ["hungry"]
    assert ahead(set_out(mode="civilization", effects=[])) == ()


def test_the_gm_reads_what_comes_and_the_players_only_their_lights(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    table.act("shift")
    gm: list[dict[str, Any]] = table.read()["state"]["ahead"]
    assert [(c["kind"], c["in"], c["warn"]) for c in gm] == [
        ("check", 1, True), ("effect", 5, False), ("effect", 5, False), ("rest", 47, False),
        ("sleepless", 143, False), ("hungry", 287, False)]
    assert gm[0]["text"] == "Kontrola putujících monster za 1 směnu."
    assert gm[1] == {"kind": "effect", "at": 6, "in": 5, "name": "Pochodeň 1", "light": True,
                     "warn": False, "text": "Pochodeň 1: konec za 5 směn."}
    players = table.read(table.players, lang="en")["state"]["ahead"]
    assert [(c["kind"], c["name"], c["text"]) for c in players] == [
        ("effect", "Pochodeň 1", "Pochodeň 1: ends in 5 shifts."),
        ("effect", "Pochodeň 2", "Pochodeň 2: ends in 5 shifts.")]


# --- every mode, every action that moves what comes -----------------------------------------

#: A light and a spell that outlast an hour, so that some actions see them burn and some not.
LANTERN = {"name": "Lucerna", "shifts": 2 * SHIFTS_PER_HOUR + 1, "light": True}
SPELL = {"name": "Kouzlo štít", "shifts": CHECK_EVERY_TURNS + 1}
#: A light lit during the expedition.
LIT = {"name": "Pochodeň 2", "shifts": REST_EVERY_HOURS * SHIFTS_PER_HOUR, "light": True}


def until(state: State, clock: int) -> State:
    """Shifts pass until the clock stands at ``clock`` (a wandering monster met stops a run of
    shifts; the GM goes on without starting the encounter)."""
    seed = 0
    while state.clock < clock:
        seed += 1
        state = seeded(state, "shift", seed, count=min(clock - state.clock,
                                                       SHIFTS_AT_ONCE_MAX)).state
    return state


@dataclass(frozen=True)
class Facts:
    """What an action leaves behind, as the rules say it (not read from the state): the clock,
    the dungeon's turn, when the party last rested and last ate, and each effect's end."""

    clock: int
    turn: int
    rested_at: int = 0
    fed_at: int = 0
    hungry_days: int = 0
    effects: tuple[tuple[str, int, bool], ...] = ()
    awake_since: int | None = None  #: the last rest, or the last day without rest paid


def burning(clock: int, *lit: tuple[dict[str, Any], int]) -> tuple[tuple[str, int, bool], ...]:
    """The effects lit (each at its clock) that still burn at ``clock``: (name, end, light)."""
    return tuple((e["name"], at + e["shifts"], bool(e.get("light"))) for e, at in lit
                 if at + e["shifts"] > clock)


def expected(mode: str, facts: Facts) -> list[tuple[str, int, str | None, str]]:
    """What the rules say comes next after ``facts`` in ``mode``: (kind, at, name, Czech text),
    soonest first (the order of equal clocks as listed: check, rest, fatigue, hunger, effects)."""
    clock = facts.clock
    items: list[tuple[str, int, str | None, str]] = []
    if mode == "dungeon":
        check = (facts.turn // CHECK_EVERY_TURNS + 1) * CHECK_EVERY_TURNS - facts.turn + clock
        items.append(("check", check, None,
                      msg("expedition.ahead.check", shifts=check - clock).cs))
        rest = facts.rested_at + REST_EVERY_HOURS * SHIFTS_PER_HOUR
        items.append(("rest", max(rest, clock), None,
                      msg("expedition.ahead.rest", shifts=rest - clock).cs if rest > clock
                      else msg("expedition.ahead.rest-now").cs))
        awake = facts.rested_at if facts.awake_since is None else facts.awake_since
        tired = max(awake + FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR, clock + 1)
        items.append(("sleepless", tired, None,
                      msg("expedition.ahead.sleepless", shifts=tired - clock).cs))
    if mode != "civilization":
        hungry = max(facts.fed_at + (HUNGER_FREE_DAYS + facts.hungry_days + 1) * SHIFTS_PER_DAY,
                     clock + 1)
        items.append(("hungry", hungry, None,
                      msg("expedition.ahead.hungry", shifts=hungry - clock).cs))
    for name, end, _ in facts.effects:
        items.append(("effect", end, name,
                      msg("expedition.ahead.effect", name=name, shifts=end - clock).cs))
    return sorted(items, key=lambda item: item[1])


def after_start(mode: str) -> tuple[State, Facts]:
    return set_out(mode=mode, effects=[LANTERN, SPELL]), Facts(
        0, 0, effects=burning(0, (LANTERN, 0), (SPELL, 0)))


def after_shift(mode: str) -> tuple[State, Facts]:
    state = until(after_start(mode)[0], 1)
    return state, Facts(1, 1 if mode == "dungeon" else 0,
                        effects=burning(1, (LANTERN, 0), (SPELL, 0)))


def after_an_hour(mode: str) -> tuple[State, Facts]:
    state = until(after_start(mode)[0], SHIFTS_PER_HOUR)
    return state, Facts(SHIFTS_PER_HOUR, SHIFTS_PER_HOUR if mode == "dungeon" else 0,
                        effects=burning(SHIFTS_PER_HOUR, (LANTERN, 0), (SPELL, 0)))


def light_added(mode: str) -> tuple[State, Facts]:
    state = seeded(after_shift(mode)[0], "add-effect", **LIT).state
    return state, Facts(1, 1 if mode == "dungeon" else 0,
                        effects=burning(1, (LANTERN, 0), (SPELL, 0), (LIT, 1)))


def light_going_out(mode: str) -> tuple[State, Facts]:
    """A shift before the lantern burns out: the GM is warned of it."""
    end = LANTERN["shifts"] - 1
    return until(after_start(mode)[0], end), Facts(
        end, end if mode == "dungeon" else 0, effects=burning(end, (LANTERN, 0), (SPELL, 0)))


def light_gone(mode: str) -> tuple[State, Facts]:
    end = LANTERN["shifts"]
    return until(after_start(mode)[0], end), Facts(end, end if mode == "dungeon" else 0)


def after_rest(mode: str) -> tuple[State, Facts]:
    start = after_start(mode)[0]
    if mode == "civilization":
        state = seeded(start, "rest", 3, days=1).state
        return state, Facts(SHIFTS_PER_DAY, 0, rested_at=SHIFTS_PER_DAY,
                            fed_at=SHIFTS_PER_DAY)
    state = seeded(start, "rest", 3, force=True, night_check=False).state
    night = REST_MIN_HOURS * SHIFTS_PER_HOUR  # the shortest rest, the default
    # The camp's meal is eaten as the night begins.
    return state, Facts(night, night if mode == "dungeon" else 0, rested_at=night,
                        effects=burning(night, (LANTERN, 0), (SPELL, 0)))


def after_travel_day(mode: str) -> tuple[State, Facts]:
    state = seeded(after_start(mode)[0], "travel-day", 5, night_check=False).state
    return state, Facts(SHIFTS_PER_DAY, 0, rested_at=SHIFTS_PER_DAY,
                        fed_at=SHIFTS_PER_DAY - NIGHT_SHIFTS)


def encounter_started(mode: str) -> tuple[State, Facts]:
    state = seeded(after_shift(mode)[0], "encounter", 4).state
    assert state.encounter is not None
    return state, after_shift(mode)[1]


def encounter_ended(mode: str) -> tuple[State, Facts]:
    """An encounter of a shift and a round: two shifts pass with it."""
    met = encounter_started(mode)[0]
    state = seeded(met, "encounter-end", 4, rounds=ROUNDS_PER_SHIFT + 1).state
    state = until(state, 3)
    return state, Facts(3, 3 if mode == "dungeon" else 0,
                        effects=burning(3, (LANTERN, 0), (SPELL, 0)))


def sleepless_next(mode: str) -> tuple[State, Facts]:
    """A shift before a day without rest is a day."""
    clock = FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR - 1
    return until(after_start(mode)[0], clock), Facts(
        clock, clock if mode == "dungeon" else 0)


def sleepless_taken(mode: str) -> tuple[State, Facts]:
    """The fatigue for a day without rest taken: the next counts a day from it."""
    clock = FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR
    return until(after_start(mode)[0], clock), Facts(
        clock, clock if mode == "dungeon" else 0, awake_since=clock if mode == "dungeon" else 0)


def hungry_next(mode: str) -> tuple[State, Facts]:
    """A shift before the second day without food ends (in a dungeon the second day without
    rest ends with it)."""
    clock = (HUNGER_FREE_DAYS + 1) * SHIFTS_PER_DAY - 1
    day = FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR
    return until(after_start(mode)[0], clock), Facts(
        clock, clock if mode == "dungeon" else 0, awake_since=day if mode == "dungeon" else 0,
        fed_at=clock if mode == "civilization" else 0)


def hungry_taken(mode: str) -> tuple[State, Facts]:
    """A day without food beyond the first taken: the next counts a day on."""
    clock = (HUNGER_FREE_DAYS + 1) * SHIFTS_PER_DAY
    return until(after_start(mode)[0], clock), Facts(
        clock, clock if mode == "dungeon" else 0, awake_since=clock if mode == "dungeon" else 0,
        hungry_days=0 if mode == "civilization" else 1,
        fed_at=clock if mode == "civilization" else 0)


def forced_march(mode: str) -> tuple[State, Facts]:
    """A day and a night on the road: that day's fatigue for going without rest is taken."""
    state = seeded(after_start(mode)[0], "travel-day", 5, forced_march=True).state
    return state, Facts(SHIFTS_PER_DAY, 0, awake_since=SHIFTS_PER_DAY)


def into_a_dungeon(mode: str) -> tuple[State, Facts]:
    """Into a dungeon (its turns count from zero) a day and a half after the last rest."""
    clock = FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR + SHIFTS_PER_DAY // 2
    state = until(after_start(mode)[0], clock)
    state = seeded(state, "mode", mode="dungeon").state
    if mode == "dungeon":  # it was there all along: the fatigue was taken a day in
        return state, Facts(clock, clock, awake_since=FATIGUE_WITHOUT_REST_HOURS
                            * SHIFTS_PER_HOUR)
    return state, Facts(clock, 0, fed_at=clock if mode == "civilization" else 0)


SCENARIOS = {
    "start": after_start, "shift": after_shift, "an hour of shifts": after_an_hour,
    "a light added": light_added, "a light going out": light_going_out,
    "a light gone out": light_gone, "a rest": after_rest, "a travel day": after_travel_day,
    "an encounter started": encounter_started, "an encounter ended": encounter_ended,
    "a day without rest next": sleepless_next, "a day without rest taken": sleepless_taken,
    "a day without food next": hungry_next, "a day without food taken": hungry_taken,
    "a forced march": forced_march, "into a dungeon": into_a_dungeon,
}
CASES = [(mode, name) for mode in MODES for name in SCENARIOS]


@pytest.mark.parametrize(("mode", "scenario"), CASES, ids=[f"{m}-{n}" for m, n in CASES])
def test_what_comes_next_after_each_action_in_each_mode(mode: str, scenario: str) -> None:
    state, facts = SCENARIOS[scenario](mode)
    assert state.clock == facts.clock
    assert [(c.kind, c.at, c.name, c.text.cs) for c in ahead(state)] == expected(
        state.mode, facts)
    assert [c.light for c in ahead(state)] == [
        c.kind == "effect" and any(e[0] == c.name and e[2] for e in facts.effects)
        for c in ahead(state)]


@pytest.mark.parametrize(("mode", "scenario"), CASES, ids=[f"{m}-{n}" for m, n in CASES])
def test_what_comes_is_never_past_soonest_first_and_comes_true(mode: str, scenario: str) -> None:
    state = SCENARIOS[scenario](mode)[0]
    coming = ahead(state)
    assert all(c.at >= state.clock for c in coming)
    assert all(c.at > state.clock for c in coming if c.kind != "rest")
    assert [c.at for c in coming] == sorted(c.at for c in coming)
    assert [c.kind for c in coming if warned(c, state)] == [
        c.kind for c in coming if c.kind != "rest" and c.at <= state.clock + WARN_SHIFTS]
    if state.encounter is not None:
        state = seeded(state, "encounter-end", 4, rounds=0).state
        coming = ahead(state)
    if state.mode == "civilization":
        return  # no check, rest, fatigue or hunger; the effects as anywhere (above)
    last = min(max(c.at for c in coming), state.clock + WALK)
    events = happened(walk(state, last - state.clock))
    for c in coming:
        if c.kind == "rest":
            continue
        later = [at for at in events.get((c.kind, c.name), []) if at > state.clock]
        assert later[:1] == ([c.at] if c.at <= last else []), (c, later)


@pytest.mark.parametrize("mode", MODES)
def test_the_players_read_only_what_burns_down_in_every_mode(db_app: Flask, mode: str) -> None:
    table = Table.create(db_app.test_client(), mode=mode, effects=[LANTERN, SPELL])
    table.act("shift", seed=2)
    for lang in ("cs", "en"):
        gm: list[dict[str, Any]] = table.read(lang=lang)["state"]["ahead"]
        players = table.read(table.players, lang=lang)["state"]["ahead"]
        assert players == [c for c in gm if c["kind"] == "effect"]
        assert [c["name"] for c in players] == [SPELL["name"], LANTERN["name"]]
    # The GM's own: the dungeon's check, rest and fatigue, hunger outside a town.
    assert {c["kind"] for c in gm} - {"effect"} == {
        "dungeon": {"check", "rest", "sleepless", "hungry"}, "wilderness": {"hungry"},
        "civilization": set()}[mode]
