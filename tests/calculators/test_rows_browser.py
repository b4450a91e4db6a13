"""The row editors on a phone: a travel day's groups and fast travel's party are filled row by
row with the rules' Czech words, read into the very JSON the API takes, and answer as the API
does; a refused cell is named beside itself by its row and label."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import screenshots
from tests.calculators.forms import CELL, agrees, api_answer, fill, roll
from tests.calculators.shared_checks import fits_the_phone

pytestmark = pytest.mark.browser


def _add(editor: Any, cells: dict[str, str]) -> None:
    """One row added by its button and filled: a select by the word it shows, else typed (a
    column's cell by the mapping's name)."""
    editor.locator(":scope > [data-action=add-row]").click()
    row = editor.locator(":scope > [data-row]").last
    for key, given in cells.items():
        control = row.locator(f'{CELL.format(key=key)}, :scope > [data-column="{key}"]').locator(
            "[data-cell=value]")
        if control.evaluate("el => el.tagName") == "SELECT":
            control.select_option(label=given)
        else:
            control.fill(given)


def test_travel_groups_in_rows_answer_as_the_api(calculators, client,
                                                  tmp_path_factory):
    page, root, errors = calculators.open("travel")
    fill(root, {}, None)  # the sample's day emptied: the groups alone
    groups = root.locator('[data-kind="rows"][data-name="activities"]')
    assert groups.locator(":scope > [data-row]").count() == 0  # optional: no row to start with
    _add(groups, {"group": "Ota", "activity": "lov"})
    _add(groups, {"group": "Eva a Bára", "activity": "sběr"})
    labels = groups.locator(":scope > [data-row]").first.locator("label > span").all_inner_texts()
    assert labels == ["Skupina", "Aktivita"]
    root.locator('[name="dice"]').fill("1, 3, 2, 6")
    shown = roll(root)
    api = api_answer(client, "travel", {"activities": [{"group": "Ota", "activity": "hunt"},
                                                 {"group": "Eva a Bára", "activity": "forage"}],
                                  "dice": [1, 3, 2, 6]})
    assert shown is not None and agrees(shown, api["result"])
    assert root.locator(".calculator__text").inner_text() == api["text"]
    fits_the_phone(page, root, screenshots(tmp_path_factory, "rows"), "travel")
    # A group without a name is refused beside its cell, naming the row and the label.
    groups.locator(":scope > [data-row]").nth(1).locator("[data-key=group] input").fill("")
    assert roll(root) is None
    second = groups.locator(":scope > [data-row]").nth(1)
    beside = second.locator("[data-key=group] .calculator__error")
    assert beside.inner_text() == "Řádek č. 2, „Skupina“: Vyplň toto pole."
    # A removed row is gone from the list the procedure takes.
    groups.locator(":scope > [data-row]").nth(1).locator("[data-action=remove-row]").click()
    root.locator('[name="dice"]').fill("1, 3")
    assert roll(root)["activities"] == [  # type: ignore[index]
        {"group": "Ota", "kind": "hunt", "success": False, "supplies": None}]
    assert not errors


def test_the_party_and_its_shares_in_rows_answer_as_the_api(calculators, client,
                                                           tmp_path_factory):
    page, root, errors = calculators.open("fast-travel-split")
    party = root.locator('[data-kind="rows"][data-name="party"]')
    assert party.locator(":scope > [data-row]").count() == 2  # the sample's party, to edit
    for remove in party.locator(":scope > [data-row] > [data-action=remove-row]").all()[::-1]:
        remove.click()
    # Each character's share of the damage beside their name: the name is typed once.
    _add(party, {"name": "Bára", "hp": "9", "allocation": "2"})
    _add(party, {"name": "Ota", "hp": "4", "allocation": "4"})
    _add(party, {"name": "Žofie", "hp": "1"})
    root.locator('[name="damage"]').fill("6")
    shown = roll(root)
    api = api_answer(client, "fast-travel-split", {
        "party": [{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4},
                  {"name": "Žofie", "hp": 1}],
        "damage": 6, "allocation": {"Ota": 4, "Bára": 2}})
    assert shown is not None and agrees(shown, api["result"])
    assert root.locator(".calculator__text").inner_text() == api["text"]
    fits_the_phone(page, root, screenshots(tmp_path_factory, "rows"), "fast-travel-split")
    # Hit points out of bounds: refused beside the cell, in Czech, by its label.
    party.locator(":scope > [data-row]").nth(2).locator("[data-key=hp] input").fill("0")
    assert roll(root) is None
    third = party.locator(":scope > [data-row]").nth(2)
    beside = third.locator("[data-key=hp] .calculator__error")
    assert beside.inner_text() == "Řádek č. 3, „Životy“: Zadej hodnotu od 1 do 100000."
    assert not errors


def test_camping_pays_each_failure_by_the_rules_words(calculators, client):
    _, root, errors = calculators.open("camping")
    fill(root, {}, None)  # the sample's bonuses emptied
    pay = root.locator('[data-kind="either"][data-name="pay"] .calculator__rows')
    _add(pay, {"item": "únava"})
    _add(pay, {"item": "zásoby"})
    root.locator('[name="supplies"]').fill("5")
    root.locator('[name="dice"]').fill("1, 1, 1")
    shown = roll(root)
    api = api_answer(client, "camping",
                     {"pay": ["únava", "zásoby"], "supplies": 5, "dice": [1, 1, 1]})
    assert api["input"]["pay"] == ["fatigue", "supplies"]
    assert shown is not None and agrees(shown, api["result"])
    assert root.locator(".calculator__text").inner_text() == api["text"]
    assert not errors
