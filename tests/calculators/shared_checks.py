"""Browser checks every rulebook's calculators make alike: a refusal shown beside its field, random
rolls that keep the rule's invariants, and a phone's width kept (with a screenshot to look at)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from rpg.core.outcome import Outcome
from tests.browser import PHONE, screenshots, scrolls_sideways
from tests.calculators.forms import agrees, fill, roll
from tests.calculators.pages import LoadedPages, by_page
from tests.calculators.vectors import dice_sequences, vector


def sampled_cases(
    path: str, procedure: Callable[..., Outcome], grid: list[dict[str, Any]], *, sample: int,
    seed: int,
) -> list[dict[str, Any]]:
    """Golden vectors of ``path`` to replay in the browser (all of them pass under node): one with
    a result per grid input, its first dice, then a seeded sample of ``sample`` of those."""
    cases = []
    for inputs in grid:
        case = vector(path, inputs, next(dice_sequences(procedure, inputs)))
        if "result" in case:
            cases.append(case)
    return random.Random(seed).sample(cases, min(sample, len(cases)))


def replay_physical_dice(
    calculators: LoadedPages, path: str, cases: list[dict[str, Any]],
) -> None:
    """Each golden vector's inputs and dice typed into the form give the engine's result and
    Czech text, and a chance line exactly when the engine has a chance."""
    _, root, errors = calculators.open(path)
    for case in cases:
        root.locator("form").evaluate("form => form.reset()")
        fill(root, case["input"], case["dice"])
        assert agrees(roll(root), case["result"]), case
        assert root.locator(".calculator__text").inner_text() == case["text"]
        chance = root.locator(".calculator__chance")
        if case["chance"] is None:
            assert chance.count() == 0, case
        else:
            assert "≈" in chance.inner_text(), case
    assert not errors


def refused_beside_the_field(
    calculators: LoadedPages, path: str, inputs: dict[str, Any], field: str, words: str
) -> None:
    """The form refuses ``inputs`` (physical dice among them as ``dice``): ``words`` shown beside
    ``field``, the field marked invalid, no result."""
    _, root, errors = calculators.open(path)
    fields = dict(inputs)
    fill(root, fields, fields.pop("dice", None))
    assert roll(root) is None
    control = root.locator(f'[name="{field}"], [data-kind][data-name="{field}"], '
                           f'[data-kind][data-columns~="{field}"]').first
    beside = root.locator(f"#{control.get_attribute('id')}-chyba")
    assert beside.is_visible()
    assert words in beside.inner_text()
    assert control.get_attribute("aria-invalid") == "true"
    assert control.get_attribute("aria-describedby") == beside.get_attribute("id")
    assert not errors


def random_rolls_keep(
    calculators: LoadedPages, path: str, inputs: dict[str, Any],
    invariant: Callable[[dict[str, Any]], bool], times: int = 5,
) -> None:
    """Dice rolled by the browser ``times`` over: every result keeps the rule's ``invariant``."""
    _, root, errors = calculators.open(path)
    fill(root, inputs, None)
    for _ in range(times):
        result = roll(root)
        assert result is not None, root.locator("[data-output]").inner_text()
        assert invariant(result), result
    assert not errors


def fits_the_phone(page: Any, root: Any, shots: Path, name: str) -> None:
    """The calculator ``root``, scrolled to, lies within the phone's width and the page does not
    scroll sideways; its screenshot is kept as ``name`` in ``shots``, to look at."""
    root.scroll_into_view_if_needed()
    assert not scrolls_sideways(page), name
    box = root.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)
    root.screenshot(path=str(shots / f"{name}.png"))


def fit_a_phone(
    calculators: LoadedPages, paths: Iterable[str], inputs: Mapping[str, dict[str, Any]],
    tmp_path_factory: pytest.TempPathFactory, *, answered: bool = True,
) -> None:
    """Each calculator, filled with ``inputs[path]`` and rolled (with ``answered``, a result and
    no refusal), fits 390 px; screenshots go to ``$CALCULATOR_SCREENSHOTS`` (to look
    at) or a temporary folder. The calculators of one page are checked on one load of it, each
    filled in turn (those filled before stay on the page)."""
    shots = screenshots(tmp_path_factory, "shots")
    for on_one_page in by_page(paths).values():  # a page opened once for its calculators
        page, _, _ = calculators.open(on_one_page[0])
        for path in on_one_page:
            page.wait_for_selector(f'[data-procedure="{path}"][data-ready]')
            root = page.locator(f'[data-procedure="{path}"]')
            fill(root, inputs[path], None)
            result = roll(root)
            assert result is not None or not answered, path
            fits_the_phone(page, root, shots, path.replace("/", "-"))
