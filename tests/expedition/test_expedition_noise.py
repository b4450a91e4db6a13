"""[Putující monstra] "Alternativně lze hodit na putující monstra i v případě, že hráči svým
chováním způsobí nějaký randál": a noise rolls the wandering-monster check at once, in a dungeon,
with the clock where it is."""

from __future__ import annotations

import pytest
from flask import Flask

from rpg.core.catalog import msg
from rpg.core.errors import RuleError
from rpg.expedition.journey import ENCOUNTER_OFFER
from rpg.pravidla.dungeon import WANDERING_MONSTERS
from tests.expedition.conftest import Table
from tests.expedition.engine import rolled, set_out


@pytest.mark.parametrize("die", range(1, WANDERING_MONSTERS.y + 1))
def test_a_noise_rolls_the_check_at_once_and_the_clock_stands(die: int) -> None:
    before = rolled(set_out(), "shift", [])  # a shift passes: no check is due on the first
    state = before.state
    done = rolled(state, "noise", [die])
    met = die <= WANDERING_MONSTERS.x
    assert done.state == state  # the clock, the lights, the turn: as they were
    assert done.offers == ((ENCOUNTER_OFFER,) if met else ())
    outcome = msg("dungeon-turn.encounter" if met else "dungeon-turn.nothing")
    assert done.text == msg("expedition.noise.text", outcome=outcome)
    assert [step.procedure for step in done.steps] == ["wandering-monsters"]


def test_the_words_of_a_noise() -> None:
    done = rolled(set_out(), "noise", [1])
    assert done.text.cs == "Hluk: putující monstra hned, čas stojí: setkání."
    assert done.text.en == "Noise: wandering monsters at once, the clock stands: an encounter."
    assert [event.cs for event in done.events] == ["Putující monstrum! Nabízí se setkání."]


@pytest.mark.parametrize("mode", ["wilderness", "civilization"])
def test_outside_a_dungeon_a_noise_calls_nothing(mode: str) -> None:
    with pytest.raises(RuleError) as refused:
        rolled(set_out(mode=mode), "noise", [1])
    assert refused.value.field == "action"
    assert refused.value.message.cs == (
        "Hluk volá putující monstra jen v kobce (mimo ni se na ně nehází).")


def test_the_api_rolls_a_noise_with_the_tables_die_and_refuses_it_outside(db_app: Flask) -> None:
    table = Table.create(db_app.test_client())
    clock = table.created["state"]["clock"]
    entry = table.act("noise", dice=[1])["entry"]
    assert entry["kind"] == "noise" and entry["title"] == "Hluk"
    assert entry["offers"] == [{"action": "encounter", "input": {}, "missing": []}]
    assert entry["dice"] == [1] and entry["seed"] is None
    assert table.client.get(f"/api/v1/expeditions/{table.id}",
                            headers=table.gm).get_json()["state"]["clock"] == clock
    table.act("mode", mode="wilderness")
    refused = table.act("noise", status=422, dice=[1])
    assert refused["message"] == "Hluk volá putující monstra jen v kobce (mimo ni se na ně nehází)."
