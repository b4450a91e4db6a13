"""The board and war games' calculators in Chromium: the engine's results, the combat's card
steps on the same dice, the battle sheet, factions, sectors, ships and holdings filled row by
row as the API takes them, Czech errors beside the field or the row's cell they are about, the
form's own bounds, and no sideways scroll at 390 px."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.browser import scrolls_sideways
from tests.calculators import vectors as golden
from tests.calculators.forms import api_answer, fill, roll, row_cell
from tests.calculators.shared_checks import fit_a_phone, refused_beside_the_field

pytestmark = pytest.mark.browser

#: The games' procedures, their golden inputs from each rule's tests (``GOLDEN``).
PATHS = [path for path in golden.GRIDS
         if path.startswith(("psychopaths-land/", "conquest/", "olgoj-chorchoj/"))]
UNITS = golden.rules()["conquest/game"]["units"]
COMBAT = "psychopaths-land/combat"
ATTACK = "conquest/attack"
SCORE, CAPTURE, TELEPORT = "conquest/score", "conquest/capture", "conquest/teleport"




def _engine(path: str, inputs: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    return golden.vector(path, inputs, dice)


def _as_the_form_names(root, message: str) -> str:
    """The engine's message as a calculator words it: an input (or a value inside its rows)
    named by its label in the form (a row editor's: its legend), not by its API name."""
    for control in root.locator("[data-kind][id]").all():
        name = control.get_attribute("name") or control.get_attribute("data-name")
        ident = control.get_attribute("id")
        label = root.locator(f'label[for="{ident}"], [id="{ident}-nazev"]')
        if name and label.count():
            message = re.sub(rf"'{re.escape(name)}(\.[\w.]+)?'",
                             f"„{label.first.inner_text().strip()}“", message)
    return message


def _units_named(inputs: Any) -> set[str]:
    """Every unit an input names (a ship's, a battle's, the keys of unit counts)."""
    if isinstance(inputs, list):
        return set().union(*map(_units_named, inputs))
    if not isinstance(inputs, dict):
        return set()
    named = {value for key, value in inputs.items()
             if key in ("attacker", "target", "unit") and isinstance(value, str)}
    if isinstance(inputs.get("units"), dict):
        named |= set(inputs["units"])
    return named.union(*(_units_named(value) for value in inputs.values()))


def _refused_in_cell(root, name: str, words: str) -> None:
    """No result: ``words`` beside the row's cell ``name`` points to (``ships.0.unit``), its
    control (or the rows it holds) marked invalid."""
    assert roll(root) is None
    cell = row_cell(root, name)
    beside = cell.locator(":scope > .calculator__error")
    assert beside.is_visible() and beside.inner_text() == words, beside.inner_text()
    marked = cell.locator(":scope > label > [data-cell=value], :scope > [data-cell=rows]")
    assert marked.get_attribute("aria-invalid") == "true"


@pytest.mark.parametrize("path", PATHS)
def test_filled_calculator_gives_the_engines_result(calculators, path):
    procedure = golden.PROCEDURES[path]
    cases = [(inputs, dice) for inputs in golden.GRIDS[path]
             for dice in golden.dice_sequences(procedure, inputs)
             if "result" in _engine(path, inputs, dice)]
    # Unit names as the table spells them: the page picks them from a select, in a row too.
    names = {row[0] for row in UNITS}
    cases = [case for case in cases if _units_named(case[0]) <= names]
    _, root, errors = calculators.open(path)
    for inputs, dice in random.Random(6).sample(cases, min(3, len(cases))):
        root.locator("form").evaluate("form => form.reset()")
        fill(root, inputs, dice)
        expected = _engine(path, inputs, dice)
        assert roll(root) == expected["result"], inputs
        assert root.locator(".calculator__text").inner_text() == expected["text"]
    assert not errors


def test_combat_replays_the_same_dice_as_cards_are_played(calculators):
    """At the table the duellists roll their d6 once and play cards step by step: the same
    dice with the cards changed give the engine's totals, fame and text each time."""
    _, root, errors = calculators.open(COMBAT)
    assert root.locator('[name="mode"] option').all_inner_texts() == [
        "mezi dvěma hráči", "mezi hráčem a psychopatem", "útok na hráče s psychopatem v inventáři",
        "odvetný souboj"]
    for cards in ({}, {"attacker_cards": 1}, {"attacker_cards": 1, "defender_cards": -1},
                  {"attacker_cards": 2, "defender_cards": -1}):
        inputs = {"attacker_madness": 2, "defender_madness": 1, **cards}
        fill(root, inputs, [3, 5])
        expected = _engine(COMBAT, inputs, [3, 5])
        assert roll(root) == expected["result"], cards
        assert root.locator(".calculator__text").inner_text() == expected["text"]
    assert expected["result"]["winner"] == "attacker" and expected["result"]["fame_moved"] == 2
    assert "(šílenost) + 2 (karty) = 7 proti 1d6 = 5 + 1 (šílenost) − 1 (karty) = 5" in (
        expected["text"])
    assert not errors


@pytest.mark.parametrize(("inputs", "damage", "words"), [
    ({"attacker": "Destroyer", "target": "Frigate", "distance": 4, "target_damage": 2}, 10,
     "(dosah 3–6): poškození 11 − 1 = 10; životy cíle 9 − 2 (už na cíli) − 10 → 0, cíl je "
     "zničen"),
    ({"attacker": "Destroyer", "target": "Frigate", "distance": 2}, 0, "mimo dosah (3–6)"),
    ({"attacker": "Frigate", "target": "Scout", "distance": 3}, 4,
     "(dosah 1–4): poškození 4; životy cíle 4 − 4 = 0"),
])
def test_battle_sheet_picks_units_from_the_table_and_writes_every_term(
    calculators, inputs, damage, words,
):
    _, root, _ = calculators.open(ATTACK)
    assert root.locator('select[name="attacker"] option').all_inner_texts() == [
        row[0] for row in UNITS]
    fill(root, inputs, [])
    result = roll(root)
    assert result == _engine(ATTACK, inputs, [])["result"]
    assert result["damage"] == damage
    assert words in root.locator(".calculator__text").inner_text()


@pytest.mark.parametrize(("path", "name", "value", "message"), [
    (ATTACK, "distance", "-1", "Zadej hodnotu od 0 do 100"),
    ("conquest/teleport", "turn", "0", "Zadej hodnotu od 1 do 100"),
    ("olgoj-chorchoj/engineering", "products", "3, 2", "Zadej 3 až 3 položek"),
    ("olgoj-chorchoj/engineering", "products", "3, -1, 2", "Položka č. 2"),
])
def test_the_form_refuses_what_the_calculator_does_not_check_again(
    calculators, path, name, value, message,
):
    """The bounds of the API's schema are the form's: a calculator never sees such a value."""
    _, root, _ = calculators.open(path)
    control = root.locator(f'[name="{name}"]')
    control.fill(value)
    assert roll(root) is None
    assert message in root.locator(f"#{control.get_attribute('id')}-chyba").inner_text()


@pytest.mark.parametrize(("path", "inputs", "field", "words"), [
    ("conquest/buy", {"units": {"Dreadnought": 2}}, "units",
     "Nedostatek kreditů: nákup stojí 700 kr."),
    ("olgoj-chorchoj/engineering", {"products": "3, 0, 2"}, "products", "Stupnice č. 2 je na 0"),
    ("conquest/coins", {"credits": "75"}, "credits", "Zadej násobek 50."),
    (SCORE, {"factions": [{"name": "Rudí"}, {"name": "RUDÍ"}]}, "factions",
     "Jména frakcí se opakují"),
])
def test_a_rule_error_is_shown_in_czech_beside_its_field(
    calculators, path, inputs, field, words,
):
    refused_beside_the_field(calculators, path, inputs, field, words)


@pytest.mark.parametrize(("path", "inputs", "cell", "words"), [
    # A faction without a name is asked for by the form before any rule sees it.
    (SCORE, {"factions": [{"name": " ", "checkpoints": 2}]}, "factions.0.name",
     "Řádek č. 1, „Frakce“: Vyplň toto pole."),
    ("conquest/winner", {"sectors": [[{"name": "Rudí"}], [{"name": "Modří"}, {"name": ""}]]},
     "sectors.1.1.name", "Řádek č. 2, „Frakce“: Vyplň toto pole."),
    # Units come from the table, each once in a faction's rows.
    ("conquest/winner", {"sectors": [[{"name": "Rudí", "units": [("Scout", 1), ("Scout", 2)]}]]},
     "sectors.0.0.units.1.key", "Řádek č. 2, „Jednotka“: Totéž už je v řádku č. 1."),
    (CAPTURE, {"faction": "Rudí", "ships": [{"unit": "Scout", "system": "Alfa"}],
               "holdings": [{"faction": "Modří", "system": "Alfa", "checkpoints": -1}]},
     "holdings.0.checkpoints", "Řádek č. 1, „Checkpointy“: Zadej hodnotu od 0 do 100000."),
    (CAPTURE, {"faction": "Rudí", "ships": [{"unit": "Scout", "system": " "}]},
     "ships.0.system", "Řádek č. 1, „Soustava“: Vyplň toto pole."),
])
def test_the_form_refuses_a_rows_cell_beside_it(calculators, path, inputs, cell,
                                                words):
    _, root, errors = calculators.open(path)
    fill(root, inputs, None)
    _refused_in_cell(root, cell, words)
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "row"), [
    (CAPTURE, {"faction": "Rudí", "ships": [{"unit": "Scout", "system": "Alfa"},
                                            {"unit": "Extractor", "system": "Beta"}]},
     "Řádek č. 2, „Loď“"),
    ("conquest/winner", {"sectors": [[{"name": "Rudí"}], [{"name": "Modří"}, {"name": "MODŘÍ"}]]},
     "Řádek č. 2, „Frakce v sektoru“"),
])
def test_a_rule_error_about_one_row_is_shown_beside_its_cell(
    calculators, path, inputs, row,
):
    """The engine names a value inside a list (``ships.1.unit``, a sector ``sectors.1``): its
    refusal stands beside that row's cell, named by the row and the cell's label."""
    refused = _engine(path, inputs, [])["error"]
    _, root, errors = calculators.open(path)
    fill(root, inputs, None)
    _refused_in_cell(root, refused["field"], f"{row}: {refused['message']}")
    assert not errors


@pytest.mark.parametrize(("ships", "holdings", "message"), [
    ([{"unit": "Scout", "system": "Alfa", "holder": "Modří"}], [],
     "Uveď v „Co soupeři drželi v soustavách“, kolik checkpointů a Extractorů drží "
     "frakce Modří v soustavě Alfa"),
    ([{"unit": "Scout", "system": "Alfa", "holder": "Modří"},
      {"unit": "Frigate", "system": "alfa", "holder": "modří"}],
     [{"faction": "Modří", "system": "Alfa", "checkpoints": 1}],
     "jen 1 checkpoint, obsazuje se jich 2: oprav „Co soupeři drželi v soustavách“, nebo "
     "„Lodě na checkpointech“."),
])
def test_capture_errors_are_shown_in_czech_beside_their_rows(
    calculators, ships, holdings, message,
):
    _, root, errors = calculators.open(CAPTURE)
    inputs = {"faction": "Rudí", "ships": ships, "holdings": holdings}
    fill(root, inputs, None)
    assert roll(root) is None
    control = root.locator('[data-kind="rows"][data-name="holdings"]')
    error = root.locator(f"#{control.get_attribute('id')}-chyba")
    assert error.inner_text() == _as_the_form_names(
        root, _engine(CAPTURE, inputs, [])["error"]["message"])
    assert message in error.inner_text()
    assert control.get_attribute("aria-invalid") == "true"
    assert not errors


@pytest.mark.parametrize("damage", [1, 7, 9])
def test_a_damaged_displacer_quotes_its_rule_whatever_the_damage(
    calculators, damage,
):
    """7 is all its hit points: still the damaged-Displacer rule, not the removal at 0 hp."""
    _, root, _ = calculators.open(TELEPORT)
    fill(root, {"turn": 5, "damage": damage}, [])
    assert roll(root) is None
    error = root.locator('[id$="-damage-chyba"]')
    assert error.inner_text() == _engine(TELEPORT, {"turn": 5, "damage": damage}, [])[
        "error"]["message"]
    assert "„Poškozený Displacer se nemůže teleportovat.“" in error.inner_text()


def test_a_blank_faction_never_reaches_the_capture(calculators):
    _, root, _ = calculators.open(CAPTURE)
    fill(root, {"faction": "   ", "ships": [{"unit": "Scout", "system": "Alfa"}]}, None)
    assert roll(root) is None
    assert root.locator('[id$="-faction-chyba"]').inner_text() == "Vyplň toto pole."


def test_a_blank_holder_is_an_unoccupied_checkpoint(calculators, client):
    """The holder's cell left blank (spaces too) is the API's null, as its label says: the
    engine's refusal of a blank name never comes from the form."""
    _, root, errors = calculators.open(CAPTURE)
    ship = {"unit": "Frigate", "system": "Beta"}
    fill(root, {"faction": "Rudí", "ships": [{**ship, "holder": "  "}]}, None)
    api = api_answer(client, CAPTURE, {"faction": "Rudí", "ships": [{**ship, "holder": None}]})
    assert roll(root) == api["result"]
    assert root.locator(".calculator__text").inner_text() == api["text"]
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "labels"), [
    (SCORE, {"factions": [{"name": "Rudí", "checkpoints": 2, "units": {"Scout": 3}},
                          {"name": "Modří", "checkpoints": 2, "units": {"Dreadnought": 3}},
                          {"name": "Zelení"}]},
     {"factions": ["Frakce", "Checkpointy", "Zbylé jednotky"]}),
    ("conquest/winner", {"sectors": [
        [{"name": "Rudí", "checkpoints": 2, "units": {"Scout": 1, "Frigate": 2}},
         {"name": "Modří", "checkpoints": 2, "units": {"Destroyer": 1}}],
        [{"name": "Modří", "checkpoints": 1}, {"name": "Zelení"}, {"name": "rudí"}]]},
     {"sectors": ["Frakce v sektoru"]}),
    (CAPTURE, {"faction": "Rudí", "ships": [
        {"unit": "Scout", "system": "Alfa", "holder": "Modří"},
        {"unit": "Frigate", "system": "Beta", "holder": None},
        {"unit": "Mechanic", "system": "Gama", "holder": "rudí"}],
        "holdings": [{"faction": "Modří", "system": "Alfa", "checkpoints": 1,
                      "extractors": 1200}]},
     {"ships": ["Loď", "Soustava", "Drží ho (prázdné: nikdo)"],
      "holdings": ["Frakce", "Soustava", "Checkpointy", "Extractory"]}),
    ("conquest/buy", {"credits": 1000, "units": {"Frigate": 2, "Scout": 1}},
     {"units": ["Jednotka", "Počet"]}),
])
def test_rows_filled_on_a_phone_give_the_apis_answer(
    calculators, client, path, inputs, labels,
):
    """Nothing is rolled: factions, sectors, ships and holdings written row by row (each cell
    labelled in Czech) give what the API answers for the same JSON."""
    _, root, errors = calculators.open(path)
    fill(root, inputs, None)
    for name, shown in labels.items():
        row = root.locator(f'[data-kind="rows"][data-name="{name}"] > [data-row]').first
        assert row.locator(":scope > .calculator__cell > label > span, "
                           ":scope > .calculator__cell > .calculator__legend"
                           ).all_inner_texts() == shown
    api = api_answer(client, path, inputs)
    assert roll(root) == api["result"]
    assert root.locator(".calculator__text").inner_text() == api["text"]
    assert not errors


def test_score_sits_before_the_winner_under_the_end_of_game_rule(calculators):
    page, _, _ = calculators.open(SCORE)
    order = page.locator('[data-procedure^="conquest/"]').evaluate_all(
        "roots => roots.map((root) => root.dataset.procedure)")
    assert order.index(SCORE) + 1 == order.index("conquest/winner")


@pytest.mark.parametrize(("path", "where"), [
    ("conquest/regen", "unit"), (CAPTURE, "ships.0.unit"),
    ("conquest/winner", "sectors.0.0.units.0.key"), ("conquest/buy", "units.0.key"),
])
def test_units_are_picked_from_the_table_wherever_one_is_named(
    calculators, path, where,
):
    """A unit alone or in a row is one of the table's: no other can be named (the engine's
    'Neznámá jednotka' never comes from the form)."""
    _, root, _ = calculators.open(path)
    if where.startswith("sectors"):  # a faction's units start with no row: one is added
        row_cell(root, "sectors.0.0.units").locator(
            ":scope > [data-cell=rows] > [data-action=add-row]").click()
    select = (row_cell(root, where).locator("select") if "." in where
              else root.locator(f'select[name="{where}"]'))
    assert select.locator("option").all_inner_texts() == [row[0] for row in UNITS]


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    forms = {}
    for path in PATHS:
        inputs = next(i for i in golden.GRIDS[path] if "result" in _engine(
            path, i, next(golden.dice_sequences(golden.PROCEDURES[path], i))))
        forms[path] = inputs if path != ATTACK else {**inputs, "distance": 2}
    fit_a_phone(calculators, PATHS, forms, tmp_path_factory,
                answered=False)


@pytest.mark.parametrize(("path", "name", "label"), [
    (COMBAT, "mode", "Druh boje"), (ATTACK, "target", "Cíl"),
    ("conquest/teleport", "turn", "Tah, ve kterém se teleportuje"),
])
def test_fields_shared_with_other_rulebooks_are_labelled_for_this_game(
    calculators, path, name, label,
):
    _, root, _ = calculators.open(path)
    control = root.locator(f'[name="{name}"]')
    assert root.locator(f'label[for="{control.get_attribute("id")}"]').inner_text() == label


MOVE = "conquest/move"


def test_a_move_is_drawn_on_the_hex_map(calculators, client):
    """Each hex a row of its q and r; the answer is the API's, and the path is drawn: a hex per
    cell around it, the path's hexes numbered from the start, the ship and the broken step
    marked."""
    inputs = {"unit": "Scout", "path": [[0, 0], [1, 0], [2, 0], [3, -1]],
              "ships": [[2, 0], [4, -1]]}
    page, root, errors = calculators.open(MOVE)
    row = root.locator('[data-kind="rows"][data-name="path"] > [data-row]').first
    assert row.locator("[data-rows=tuple] label > span").all_inner_texts() == ["q", "r"]
    fill(root, inputs, None)
    api = api_answer(client, MOVE, inputs)
    assert roll(root) == api["result"]
    assert root.locator(".calculator__text").inner_text() == api["text"]
    figure = root.locator("svg.calculator__map")
    assert figure.get_attribute("aria-label").startswith("Mapa hexů")
    assert figure.locator("text").evaluate_all("labels => labels.map((t) => t.textContent)") == [
        "0", "1", "2", "3"]
    assert figure.locator("polygon.is-path").count() == 4
    assert figure.locator("polygon.is-ship").count() == 2
    assert figure.locator("polygon.is-broken").count() == 1
    assert not scrolls_sideways(page)
    assert not errors


@pytest.mark.parametrize(("inputs", "cell", "words"), [
    ({"unit": "Scout", "path": [[0, 0], [2, 0]]}, "path.1",
     "Řádek č. 2, „Hex“: 1.\u00a0krok vede z [0, 0] na [2, 0], a to není sousední hex: cesta "
     "jde hex po hexu."),
    ({"unit": "Scout", "path": [[0, 0], [1, 0]], "ships": [[3, 3], [3, 3]]}, "ships.1",
     "Řádek č. 2, „Hex“: Hex [3, 3] je mezi loděmi dvakrát: „Na jednom hexu nikdy nesmí stát "
     "více lodí.“"),
])
def test_a_path_that_is_no_move_is_refused_beside_its_row(calculators, inputs,
                                                           cell, words):
    _, root, errors = calculators.open(MOVE)
    fill(root, inputs, None)
    _refused_in_cell(root, cell, words)
    assert root.locator("svg.calculator__map").count() == 0
    assert not errors


def test_a_coordinate_off_the_map_is_refused_by_the_form(calculators):
    _, root, errors = calculators.open(MOVE)
    fill(root, {"unit": "Scout", "path": [[0, 0], [101, 0]]}, None)
    _refused_in_cell(root, "path.1", "Řádek č. 2, „Hex“: Zadej hodnotu od -100 do 100.")
    assert not errors
