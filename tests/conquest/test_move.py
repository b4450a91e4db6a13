"""Dobývání soustav [Pohyb]: a unit's move on the hex map, one test per sentence.

"Jednotka se posune až o tolik hexů, kolik je její pohyblivost. Na jednom hexu nikdy nesmí stát
více lodí. Nelze se pohybovat přes lodě (ani vlastní)."
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.game import unit_named
from rpg.conquest.move import HEX_NEIGHBOURS, MoveBreach, move
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/move"
NO_DICE = ReplayDice([])
#: A straight line east: [0, 0], [1, 0], [2, 0] ...
EAST = [[q, 0] for q in range(8)]


def test_a_move_within_pohyblivost_keeps_the_rules() -> None:
    outcome = move(NO_DICE, unit="Frigate", path=[[0, 0], [1, 0], [2, -1], [2, -2]])
    result = outcome.result
    assert (result.unit, result.movement, result.steps, result.valid, result.broken) == (
        "Frigate", 3, 3, True, None)
    assert (result.start, result.end) == ((0, 0), (2, -2))
    assert outcome.text.cs == ("Pohyb – Frigate (pohyblivost 3): [0, 0] → [1, 0] → [2, -1] → "
                               "[2, -2], 3 hexy: podle pravidel.")
    assert outcome.text.en == ("Move – Frigate (movement 3): [0, 0] → [1, 0] → [2, -1] → "
                               "[2, -2], 3 hexes: by the rules.")
    assert outcome.rule.url == "/dobyvani-soustav/pravidla-hry/#pohyb"
    assert (outcome.rolls, outcome.chance) == ((), None)


@pytest.mark.parametrize("unit", game.UNIT_NAMES)
def test_a_unit_moves_up_to_its_pohyblivost(unit: str) -> None:
    # "Jednotka se posune až o tolik hexů, kolik je její pohyblivost."
    movement = unit_named(unit).movement
    if movement:
        assert move(NO_DICE, unit=unit, path=EAST[:movement + 1]).result.valid
    result = move(NO_DICE, unit=unit, path=EAST[:movement + 2]).result
    assert result.broken == MoveBreach(movement + 1, (movement + 1, 0), "movement",
                                       game.quote("movement"))


def test_a_move_never_ends_on_a_ship() -> None:
    # "Na jednom hexu nikdy nesmí stát více lodí."
    outcome = move(NO_DICE, unit="Scout", path=EAST[:3], ships=[[2, 0]])
    assert outcome.result.broken == MoveBreach(2, (2, 0), "one-ship-per-hex",
                                               game.quote("one-ship-per-hex"))
    assert outcome.text.cs == ("Pohyb – Scout (pohyblivost 4): [0, 0] → [1, 0] → [2, 0], 2 hexy: "
                               "2.\u00a0krok na [2, 0] porušuje pravidlo „Na jednom hexu nikdy "
                               "nesmí stát více lodí.“")


def test_a_move_never_passes_through_a_ship_not_even_its_own() -> None:
    # "Nelze se pohybovat přes lodě (ani vlastní)."
    outcome = move(NO_DICE, unit="Scout", path=EAST[:4], ships=[[1, 0]])
    assert (outcome.result.valid, outcome.result.broken.step, outcome.result.broken.rule) == (
        False, 1, "no-passing")
    assert outcome.text.en.endswith(
        "step 1 onto [1, 0] breaks the rule “No unit can move through ships (not even its "
        "own).”")
    # around it is fine
    assert move(NO_DICE, unit="Scout", path=[[0, 0], [0, 1], [1, 1], [2, 0]],
                ships=[[1, 0]]).result.valid


def test_the_first_bad_step_is_named() -> None:
    # a ship at step 2 and a step 5 beyond a Scout's 4: step 2 is the first
    broken = move(NO_DICE, unit="Scout", path=EAST[:6], ships=[[2, 0], [7, 0]]).result.broken
    assert (broken.step, broken.rule) == (2, "no-passing")
    # the same step beyond Pohyblivost and onto a ship: the movement is the first sentence
    broken = move(NO_DICE, unit="Destroyer", path=EAST[:3], ships=[[2, 0]]).result.broken
    assert (broken.step, broken.rule) == (2, "movement")


def test_the_start_is_the_moving_ship_itself() -> None:
    # Listing every ship on the map, the mover's own hex included, changes nothing; coming back
    # over the hex it left is no passing through a ship.
    result = move(NO_DICE, unit="Scout", path=[[0, 0], [1, 0], [0, 0], [-1, 0]],
                  ships=[[0, 0], [5, 5]]).result
    assert result.valid


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"path": [[0, 0], [2, 0]]}, "path.1", "1.\u00a0krok vede z [0, 0] na [2, 0], a to není "
                                           "sousední hex"),
    ({"path": [[0, 0], [0, 0]]}, "path.1", "není sousední hex"),
    ({"path": [[0, 0]]}, "path", "Cesta má 2 až 20 hexů"),
    ({"path": EAST + EAST + EAST[:5]}, "path", "ne 21"),
    ({"path": [[0, 0], [1, 0, 0]]}, "path.1", "má být hex [q, r]"),
    ({"path": [[0, 0], [101, 0]]}, "path.1", "od -100 do 100"),
    ({"path": [[0, 0], [True, 0]]}, "path.1", "má být hex"),
    ({"ships": [[3, 3], [3, 3]]}, "ships.1", "„Na jednom hexu nikdy nesmí stát více lodí.“"),
    ({"ships": [[0, 0]] * 101}, "ships", "nejvýše 100"),
    ({"unit": "Corvette"}, "unit", "Neznámá jednotka"),
])
def test_what_is_no_move_is_refused(inputs: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        move(NO_DICE, **{"unit": "Scout", "path": EAST[:2], **inputs})
    assert caught.value.field == field
    assert words in caught.value.message.cs


hexes = st.tuples(st.integers(-3, 3), st.integers(-3, 3))


@given(st.sampled_from(game.UNIT_NAMES), st.lists(st.sampled_from(HEX_NEIGHBOURS), min_size=1,
                                                   max_size=19),
       st.lists(hexes, max_size=12, unique=True))
def test_the_verdict_is_the_first_step_of_the_three_sentences(
    unit: str, directions: list[tuple[int, int]], ships: list[tuple[int, int]]
) -> None:
    path = [(0, 0)]
    for dq, dr in directions:
        path.append((path[-1][0] + dq, path[-1][1] + dr))
    result = move(NO_DICE, unit=unit, path=path, ships=ships).result
    occupied = set(ships) - {path[0]}
    bad = [step for step in range(1, len(path))
           if step > result.movement or path[step] in occupied]
    assert result.valid is (not bad)
    if bad:
        assert result.broken.step == bad[0] and result.broken.hex == path[bad[0]]


def test_over_http(client: FlaskClient) -> None:
    inputs = {"unit": "scout", "path": EAST[:3], "ships": [[2, 0]]}
    body = answered(client, PATH, inputs)
    assert body["input"]["unit"] == "Scout"
    assert body["result"]["broken"] == {"step": 2, "hex": [2, 0], "rule": "one-ship-per-hex",
                                        "quote": "„Na jednom hexu nikdy nesmí stát více lodí.“"}
    assert answered(client, PATH, {"unit": "Frigate", "path": EAST[:2]})["result"]["valid"]
    without_dice(client, PATH, inputs)
    refused(client, PATH, {"unit": "Scout", "path": EAST[:2], "ships": [[1, 1], [1, 1]]},
            "ships.1", "nesmí stát více lodí")
    bad = client.post(f"/api/v1/{PATH}", json={"unit": "Scout", "path": [[0, 0], [0, 200]]})
    assert bad.status_code == 422 and "path" in bad.get_json()["errors"]
    document = client.get("/api/v1/openapi.json").get_json()
    spec = document["components"]["schemas"]["ConquestMoveArgs"]["properties"]
    assert (spec["path"]["minItems"], spec["path"]["maxItems"]) == (2, 20)
    assert spec["ships"]["maxItems"] == 100
    assert (spec["path"]["items"]["minItems"], spec["path"]["items"]["maxItems"]) == (2, 2)
    assert (spec["path"]["items"]["items"]["minimum"],
            spec["path"]["items"]["items"]["maximum"]) == (-100, 100)
    assert spec["path"]["x-label"] == "Cesta: hexy od startu [q, r]"


#: Golden vectors: every sentence kept and broken, and every refusal the form cannot prevent.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"unit": "Frigate", "path": [[0, 0], [1, 0], [2, -1], [2, -2]]},
        {"unit": "Extractor", "path": EAST[:2]},
        {"unit": "Destroyer", "path": EAST[:3], "ships": [[2, 0]]},
        {"unit": "scout", "path": EAST[:3], "ships": [[2, 0]]},
        {"unit": "Scout", "path": EAST[:6], "ships": [[2, 0], [7, 0]]},
        {"unit": "Scout", "path": [[0, 0], [0, 1], [1, 1], [2, 0]], "ships": [[1, 0], [0, 0]]},
        {"unit": "Dreadnought", "path": [[0, 0], [-1, 1], [-1, 2]], "ships": [[-1, 2]]},
        {"unit": "Scout", "path": [[0, 0], [2, 0]]},
        {"unit": "Scout", "path": [[0, 0]]},
        {"unit": "Scout", "path": EAST[:2], "ships": [[3, 3], [3, 3]]},
        {"unit": "Scout", "path": [[0, 0], [1, 0, 0]]},
    ],
}
