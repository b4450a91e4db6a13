"""What comes next by the clock (rpg/expedition/ahead.py): every prediction comes true at the
shift it names, not before, played shift by shift; the GM reads them all, the players only
their lights' and effects' ends."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from flask import Flask

from rpg.core.errors import RuleError
from rpg.expedition.ahead import ahead, warned
from rpg.expedition.state import SHIFTS_PER_DAY, State
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
