"""The calculators' pages loaded once and handed out again (``pages.LoadedPages``): what a test
leaves on a page cannot reach the next test. A reset brings back the page as first loaded, a
page the reset cannot bring back is loaded again, and each hand-out collects its own errors."""

from __future__ import annotations

import pytest

from tests.calculators.forms import fill, roll
from tests.calculators.pages import differences

pytestmark = pytest.mark.browser

#: Groups in rows, a list of numbers and, on the same page, two more calculators.
PATH = "travel"


def test_a_reset_brings_back_the_page_as_first_loaded(calculators):
    page, root, _ = calculators.open(PATH)
    record = calculators.record(PATH)
    assert calculators.state(page) == record
    loads, reloads = calculators.loads, calculators.reloads
    # A result, then rows added and refused: a field and a row's cell beside them, the field
    # to fix focused; another calculator of the page answered; storage written.
    fill(root, {"activities": [{"group": "Ota", "activity": "hunt"},
                                {"group": "Eva", "activity": "forage"}]}, [1, 3, 2, 6])
    assert roll(root) is not None
    fill(root, {"movement": "6, 31", "activities": [
        {"group": "Ota", "activity": "hunt"}, {"group": "", "activity": "forage"}]}, None)
    assert roll(root) is None
    other = page.locator('[data-procedure="fast-travel"]')
    fill(other, {"days": "3", "travelers": "2"}, None)
    assert roll(other) is not None
    page.evaluate("localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1')")
    left = differences(calculators.state(page), record)
    assert {"focus", "storage", "travel: controls", "travel: rows", "travel: output",
            "travel: aria", "travel: refusals", "travel: markup", "fast-travel: controls",
            "fast-travel: output", "fast-travel: markup"} <= set(left), left

    again, root, errors = calculators.open(PATH)
    assert again is page
    assert (calculators.loads, calculators.reloads) == (loads, reloads)  # reset, not reloaded
    assert calculators.state(page) == record
    assert root.locator("[data-output]").inner_html() == ""
    assert not errors


def test_folded_groups_fold_again(calculators):
    page, root, _ = calculators.open("attack")
    record = calculators.record("attack")
    reloads = calculators.reloads
    root.locator("details summary").first.click()
    assert root.locator("details").first.evaluate("group => group.open")

    _, root, _ = calculators.open("attack")
    assert calculators.reloads == reloads
    assert root.locator("details").evaluate_all("groups => groups.map(g => g.open)") == [
        False] * 3
    assert calculators.state(page) == record


@pytest.mark.parametrize("tamper", [
    # The form's reset brings a field back to its default: a changed default stays.
    "document.querySelector('#kalk-travel-movement').defaultValue = '7'",
    # A field's bounds, which no reset restores.
    "document.querySelector('#kalk-travel-movement').dataset.itemMax = '3'",
    # A row editor's rows as built, which the reset puts back.
    "document.querySelector('[data-name=activities] > template').remove()",
    # Another address on the same document.
    "history.pushState(null, '', '../')",
], ids=["default", "bounds", "template", "address"])
def test_a_page_the_reset_cannot_bring_back_is_loaded_again(calculators, tamper):
    page, _, _ = calculators.open(PATH)
    record = calculators.record(PATH)
    page.evaluate("window.handedOut = true")
    page.evaluate(tamper)
    loads, reloads = calculators.loads, calculators.reloads

    again, root, errors = calculators.open(PATH)
    assert (calculators.loads, calculators.reloads) == (loads + 1, reloads + 1)
    assert again.evaluate("window.handedOut === undefined")  # a new document
    assert calculators.state(again) == record
    assert root.locator('[name="movement"]').input_value() == "6, 5"
    assert not errors


def test_each_hand_out_collects_its_own_errors(calculators):
    page, _, errors = calculators.open(PATH)
    page.evaluate("setTimeout(() => { throw new Error('left by a test'); })")
    page.wait_for_function("() => new Promise((done) => setTimeout(() => done(true)))")
    assert errors == ["left by a test"]

    _, _, errors = calculators.open(PATH)
    assert errors == []
