"""Dobývání soustav [Vyhodnocení speciálních efektů, Ovládnutí soustavy]: a ship that starts its
faction's turn on an unoccupied or enemy checkpoint leaves the board and gains it; losing a
system's last checkpoint gives that system's Extractors to the captor."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.capture import capture
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.answers import query
from tests.games import OBJECT_VALUED, answered, refused, without_dice

PATH = "conquest/capture"

unit_names = st.sampled_from(game.UNIT_NAMES).flatmap(
    lambda name: st.sampled_from([name, name.lower(), name.upper()]))
any_names = unit_names | st.text(max_size=12)
_ALPHA, _BETA, _GAMMA = "Alfa", "Beta", "Gama"
_RED, _BLUE, _GREEN = "Rudí", "Modří", "Zelení"


def _ship(unit: str, system: str, holder: str | None = None) -> dict[str, Any]:
    return {"unit": unit, "system": system, "holder": holder}


def _held(faction: str, system: str, checkpoints: int, extractors: int = 0) -> dict[str, Any]:
    return {"faction": faction, "system": system, "checkpoints": checkpoints,
            "extractors": extractors}


_CAPTURE = [
    {"ships": []},
    # Enemy's last checkpoint (its Extractors come along), unoccupied, own, enemy's not last.
    {"ships": [_ship("Scout", _ALPHA, _BLUE), _ship("frigate", _BETA),
               _ship("Dreadnought", _GAMMA, _RED), _ship("Mechanic", "Delta", _GREEN)],
     "holdings": [_held(_BLUE, _ALPHA, 1, 2), _held(_GREEN, "Delta", 2, 3)]},
    {"ships": [_ship("Scout", _ALPHA, _BLUE), _ship("Frigate", "alfa", "MODŘÍ")],
     "holdings": [_held(" modří ", "ALFA", 2, 1)]},
    {"ships": [_ship("Destroyer", _ALPHA, _BLUE), _ship("Displacer", _BETA, _BLUE)],
     "holdings": [_held(_BLUE, _ALPHA, 1, 5), _held(_BLUE, _BETA, 1)]},
    {"ships": [_ship("Scout", f" {_ALPHA} ", " rudí "), _ship("Scout", _BETA, None)],
     "faction": f" {_RED} "},
    {"ships": [_ship("Scout", _ALPHA, _BLUE)], "holdings": [_held(_BLUE, _ALPHA, 1, 100_000)]},
    # Blank names (a blank holder is no unoccupied checkpoint), then the other errors.
    {"ships": [_ship("Scout", _ALPHA)], "faction": " "},
    {"ships": [_ship("Scout", _ALPHA, "  ")]},
    {"ships": [_ship("Scout", _ALPHA), _ship("Scout", _BETA, "")]},
    {"ships": [_ship("Scout", " ")]},
    {"ships": [{"unit": "Scout"}]},
    {"ships": [], "holdings": [_held(" ", _ALPHA, 1)]},
    {"ships": [], "holdings": [_held(_BLUE, "", 1)]},
    {"ships": [], "holdings": [_held(_BLUE, _ALPHA, 1), _held("modří", "ALFA", 2)]},
    {"ships": [], "holdings": [_held(_BLUE, _ALPHA, -1)]},
    {"ships": [], "holdings": [_held(_BLUE, _ALPHA, 1, -2)]},
    {"ships": [_ship("Tank", _ALPHA)]},
    {"ships": [_ship("extractor", _ALPHA, _BLUE)]},
    {"ships": [_ship("Scout", _ALPHA, _BLUE)], "holdings": [_held(_BLUE, _BETA, 1)]},
    {"ships": [_ship("Scout", _ALPHA, _BLUE), _ship("Scout", _ALPHA, _BLUE)],
     "holdings": [_held(_BLUE, _ALPHA, 1, 2)]},
]


def test_capture_takes_the_last_checkpoint_and_its_extractors() -> None:
    result = capture(ReplayDice([]), faction="Rudí", ships=[
        {"unit": "Scout", "system": "Alfa", "holder": "Modří"},
        {"unit": "frigate", "system": "Beta", "holder": None},
        {"unit": "Dreadnought", "system": "Gama", "holder": "Rudí"},
        {"unit": "Mechanic", "system": "Delta", "holder": "Zelení"},
    ], holdings=[
        {"faction": "Modří", "system": "Alfa", "checkpoints": 1, "extractors": 2},
        {"faction": "Zelení", "system": "Delta", "checkpoints": 2, "extractors": 3},
    ]).result
    assert [(c.unit, c.captured, c.ship_removed) for c in result.captures] == [
        ("Scout", True, True), ("Frigate", True, True), ("Dreadnought", False, False),
        ("Mechanic", True, True)]
    assert (result.ships_removed, result.checkpoints_gained) == (3, 3)
    assert [(x.faction, x.checkpoints_left, x.system_lost, x.extractors_lost)
            for x in result.losses] == [("Modří", 0, True, 2), ("Zelení", 1, False, 0)]
    assert result.extractors_gained == 2


@pytest.mark.parametrize(("extractors", "cs", "en"), [
    (1, "a o 1 Extractor", "and 1 Extractor"),
    (3, "a o 3 Extractory", "and 3 Extractors"),
    (5, "a o 5 Extractorů", "and 5 Extractors"),
])
def test_a_lost_system_is_worded_for_any_faction_name(extractors: int, cs: str,
                                                      en: str) -> None:
    text = capture(ReplayDice([]), faction="Rudí", ships=[
        {"unit": "Scout", "system": "Alfa", "holder": "Modří"}], holdings=[
        {"faction": "Modří", "system": "Alfa", "checkpoints": 1, "extractors": extractors}]).text
    assert f"; frakce Modří přichází o poslední checkpoint soustavy Alfa {cs};" in text.cs
    assert f"; faction Modří loses the last checkpoint of system Alfa {en};" in text.en


@pytest.mark.parametrize(("ships", "holdings", "field", "words"), [
    ([{"unit": "Scout", "system": "Alfa", "holder": "Modří"}], [], "holdings",
     "Uveď v 'holdings'"),
    ([{"unit": "Scout", "system": "Alfa", "holder": "Modří"},
      {"unit": "Frigate", "system": "Alfa", "holder": "Modří"}],
     [{"faction": "Modří", "system": "Alfa", "checkpoints": 1}], "holdings",
     "drží v soustavě Alfa jen 1 checkpoint, obsazuje se jich 2"),
    ([{"unit": "Extractor", "system": "Alfa"}], [], "ships.0.unit", "mimo checkpointy"),
    ([{"unit": "Tank", "system": "Alfa"}], [], "ships.0.unit", "Přehled jednotek"),
])
def test_bad_captures(ships: list, holdings: list, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        capture(ReplayDice([]), faction="Rudí", ships=ships, holdings=holdings)
    assert caught.value.field == field
    assert words in caught.value.message.cs


_ALFA = {"unit": "Scout", "system": "Alfa"}


@pytest.mark.parametrize(("faction", "ships", "holdings", "field"), [
    (" ", [_ALFA], [], "faction"),
    ("", [], [], "faction"),
    ("Rudí", [{**_ALFA, "holder": "  "}], [], "ships.0.holder"),
    ("Rudí", [_ALFA, {**_ALFA, "holder": ""}], [], "ships.1.holder"),
    ("Rudí", [{**_ALFA, "system": " "}], [], "ships.0.system"),
    ("Rudí", [{"unit": "Scout"}], [], "ships.0.system"),
    ("Rudí", [_ALFA], [{"faction": " ", "system": "Alfa", "checkpoints": 1}],
     "holdings.0.faction"),
    ("Rudí", [_ALFA], [{"faction": "Modří", "system": "\t", "checkpoints": 1}],
     "holdings.0.system"),
])
def test_blank_names_are_refused_as_in_score(
    faction: str, ships: list, holdings: list, field: str
) -> None:
    """A blank holder must not pass for an unoccupied checkpoint (that one is null)."""
    with pytest.raises(RuleError) as caught:
        capture(ReplayDice([]), faction=faction, ships=ships, holdings=holdings)
    assert caught.value.field == field
    key = field.rsplit(".", 1)[-1]
    assert caught.value.message.cs.startswith(f"Jméno v poli '{key}' chybí nebo je prázdné.")
    assert caught.value.message.en.startswith(f"The name in '{key}' is missing or blank.")
    assert ("holder null" in caught.value.message.cs) is (key == "holder")


def test_names_are_trimmed_and_a_null_holder_is_unoccupied() -> None:
    result = capture(ReplayDice([]), faction=" Rudí ", ships=[
        {"unit": "Scout", "system": " Alfa ", "holder": None},
        {"unit": "Frigate", "system": "Beta", "holder": " rudí "},
    ]).result
    assert [(c.system, c.holder, c.captured) for c in result.captures] == [
        ("Alfa", None, True), ("Beta", "rudí", False)]


ships = st.lists(st.fixed_dictionaries({
    "unit": any_names, "system": st.sampled_from(["Alfa", "Beta"]),
    "holder": st.none() | st.sampled_from(["Rudí", "Modří", "Zelení", "", " ", "\t "]),
}), max_size=5)
holdings = st.lists(st.fixed_dictionaries({
    "faction": st.sampled_from(["Modří", "Zelení"]), "system": st.sampled_from(["Alfa", "Beta"]),
    "checkpoints": st.integers(-1, 3), "extractors": st.integers(-1, 3),
}), max_size=4)


@settings(max_examples=150, deadline=None)
@given(ships, holdings)
def test_capture_gains_what_it_removes(
    ship_list: list[dict[str, Any]], holding_list: list[dict[str, Any]]
) -> None:
    try:
        result = capture(ReplayDice([]), faction="Rudí", ships=ship_list,
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


def test_over_http(client: FlaskClient) -> None:
    inputs = {"faction": "Rudí",
              "ships": [{"unit": "Scout", "system": "Alfa", "holder": "Modří"}],
              "holdings": [{"faction": "Modří", "system": "Alfa", "checkpoints": 1,
                            "extractors": 2}]}
    assert answered(client, PATH, inputs)["result"]["extractors_gained"] == 2
    without_dice(client, PATH, inputs)
    refused(client, PATH, {"faction": "A", "ships": [{"unit": "Scout", "system": "X",
                                                      "holder": "B"}]}, "holdings",
            "„Při ztrátě všech checkpointů v soustavě")


_SHIP = {"unit": "Scout", "system": "Alfa"}


@pytest.mark.parametrize(("body", "field"), [
    ({"faction": " ", "ships": [_SHIP]}, "faction"),
    ({"faction": "Rudí", "ships": [{**_SHIP, "holder": "  "}]}, "ships.0.holder"),
    ({"faction": "Rudí", "ships": [{**_SHIP, "system": " "}]}, "ships.0.system"),
    ({"faction": "Rudí", "ships": [{**_SHIP, "holder": "Modří"}], "holdings": [
        {"faction": " ", "system": "Alfa", "checkpoints": 1}]}, "holdings.0.faction"),
])
def test_blank_names_are_refused_over_http_as_in_score(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    asked = query(body, OBJECT_VALUED)
    for response in (client.post("/api/v1/conquest/capture", json=body),
                     client.get("/api/v1/conquest/capture", query_string=asked)):
        assert response.status_code == 422
        payload = response.get_json()
        assert list(payload["errors"]) == [field]
        assert "chybí nebo je prázdné" in payload["message"]


def test_a_null_holder_takes_an_unoccupied_checkpoint_over_http(client: FlaskClient) -> None:
    result = client.post("/api/v1/conquest/capture", json={
        "faction": "Rudí", "ships": [{**_SHIP, "holder": None}]}).get_json()["result"]
    assert result["captures"] == [{"unit": "Scout", "system": "Alfa", "holder": None,
                                   "captured": True, "ship_removed": True}]


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [{"faction": _RED, **inputs} for inputs in _CAPTURE],
}
