"""The calculators in Debian's Chromium: the engine's results from physical dice, valid random
rolls, Czech errors beside the field, no sideways scroll at 390 px, and offline use."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesite.reference import openapi_document
from tests.browser import PHONE, serve
from tests.calculators import vectors as golden
from tests.calculators.forms import agrees, fill, roll
from tests.calculators.pages import by_page, page_of

pytestmark = pytest.mark.browser

SAMPLE_PER_PROCEDURE = 4
#: The calculators of "Pravidla a procedury" tested here; the other rulebooks' calculators have
#: browser tests of their own (test_hazards_browser.py, test_board_games_browser.py).
CORE = ("roll", "morale", "reaction", "falling", "skill-check", "saving-throw", "magic-items",
        "chance", "trap", "wandering-monsters")


@pytest.fixture(scope="module")
def vectors(golden_vectors: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    return golden_vectors


def _sample(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Vectors with a result, drawn with a fixed seed (the branches are all covered under node)."""
    rolled = [case for case in cases if "result" in case]
    return random.Random(5).sample(rolled, min(SAMPLE_PER_PROCEDURE, len(rolled)))


@pytest.mark.parametrize("path", CORE)
def test_physical_dice_give_the_engines_result(calculators, vectors, path):
    _, root, errors = calculators.open(path)
    for index, case in enumerate(_sample(vectors[path])):
        root.locator("form").evaluate("form => form.reset()")
        fill(root, case["input"], case["dice"])
        result = roll(root, keyboard=index % 2 == 1)
        assert agrees(result, case["result"]), (case, result)
        assert root.locator(".calculator__text").inner_text() == case["text"]
        if case["chance"] is not None:
            assert "≈" in root.locator(".calculator__chance").inner_text()
    assert not errors


def _conforms(value: Any, schema: dict[str, Any], components: dict[str, Any]) -> bool:
    """A small JSON Schema check: the subset the API's OpenAPI document uses for results."""
    if "$ref" in schema:
        return _conforms(value, components[schema["$ref"].rsplit("/", 1)[-1]], components)
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds or []
    checks = {
        "null": value is None, "boolean": isinstance(value, bool),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
        "string": isinstance(value, str), "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }
    if kinds and not any(checks[kind] for kind in kinds):
        return False
    if "enum" in schema and value not in schema["enum"] and value is not None:
        return False
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        if not set(schema.get("required", ())) <= value.keys():
            return False
        if schema.get("additionalProperties") is False and not value.keys() <= properties.keys():
            return False
        return all(_conforms(value[k], properties[k], components)
                   for k in value if k in properties)
    if isinstance(value, list) and "items" in schema:
        return all(_conforms(item, schema["items"], components) for item in value)
    return True


#: What a random roll must satisfy beyond the schema, by procedure.
INVARIANTS = {
    "roll": lambda r: r["min"] <= r["total"] <= r["max"],
    "morale": lambda r: 2 <= r["total"] <= 12 and r["holds"] == (r["total"] <= 7),
    "reaction": lambda r: abs(sum(b["probability"] for b in r["distribution"]) - 1) < 1e-12,
    "falling": lambda r: r["dice_count"] <= r["damage"] <= 6 * r["dice_count"],
    "skill-check": lambda r: r["dc"] == 15 and r["total"] == r["natural"] + 2,
    "saving-throw": lambda r: r["success"] == (r["natural"] != 1 and (
        r["natural"] == 20 or r["total"] >= 14)),
    "magic-items": lambda r: r["survived"] == sum(i["survives"] for i in r["items"]),
    "chance": lambda r: r["success"] == (r["roll"] <= 30) and r["y"] == 100,
    "trap": lambda r: r["success"] == (r["roll"] <= 2),
    "wandering-monsters": lambda r: r["success"] == (r["roll"] <= 2),
}
RANDOM_INPUTS = {
    "roll": {"expr": "3d6kh2+1"}, "morale": {"morale": 7}, "reaction": {"modifier": 1},
    "falling": {"height_m": "12,5", "catch": True, "caught_at_m": 6},
    "skill-check": {"modifier": 2, "difficulty": "tezka", "advantage": True},
    "saving-throw": {"target": 14, "against": "poison"},
    "magic-items": {"target": 12, "items": [{"name": "Meč", "bonus": 2},
                                            {"name": "Plášť", "bonus": 0}]},
    "chance": {"percent": 30}, "trap": {}, "wandering-monsters": {"x": 2},
}


@pytest.mark.parametrize("path", CORE)
def test_a_random_roll_gives_a_valid_result(calculators, path):
    document = openapi_document()
    components = document["components"]["schemas"]
    response = document["paths"][f"/api/v1/{path}"]["get"]["responses"]["200"]
    envelope = response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    result_schema = components[envelope]["properties"]["result"]
    _, root, errors = calculators.open(path)
    fill(root, RANDOM_INPUTS[path], None)
    seen = []
    for _ in range(5):
        result = roll(root)
        assert result is not None, root.locator("[data-output]").inner_text()
        assert _conforms(result, result_schema, components), result
        assert INVARIANTS[path](result), result
        seen.append(result)
    assert not errors


@pytest.mark.parametrize(("path", "inputs", "field", "message"), [
    ("morale", {"morale": "13"}, "morale", "Zadej hodnotu od 2 do 12."),
    ("morale", {"morale": ""}, "morale", "Vyplň toto pole."),
    ("reaction", {"modifier": "dva"}, "modifier", "Zadej celé číslo."),
    ("reaction", {"dice": "7, 1"}, "dice", "hodnota 7 není mezi 1 a 6"),
    ("reaction", {"dice": "3"}, "dice", "Chybí kostka: je potřeba d6 pro „reakce“"),
    ("falling", {"height_m": "10", "caught_at_m": "3"}, "caught_at_m",
     "má smysl jen spolu s volbou „Pokus o zachycení"),
    ("falling", {"height_m": "-1"}, "height_m", "Zadej hodnotu od 0 do 10000."),
    ("roll", {"expr": "1d6+"}, "expr", "očekáváno číslo nebo kostka na pozici 5"),
    # A message names a field by its Czech label and a choice by its Czech word, never by the
    # API's names ('dc', 'tezka').
    ("skill-check", {"dc": "12", "difficulty": "tezka"}, "dc",
     "Zadej buď „Obtížnost číslem (místo výběru)“ (12), nebo „Obtížnost“ (těžká), ne obojí."),
    ("skill-check", {"dc": "12", "untrained": True}, "dc",
     "vynech „Obtížnost číslem (místo výběru)“, nebo „Dovednost, kterou postava nemá"),
])
def test_an_invalid_field_shows_a_czech_error_beside_it(
    calculators, path, inputs, field, message,
):
    _, root, _ = calculators.open(path)
    fields = dict(inputs)
    dice = fields.pop("dice", None)
    fill(root, fields, None)
    if dice is not None:
        root.locator('[name="dice"]').fill(dice)
    assert roll(root) is None
    control = root.locator(f'[name="{field}"]')
    error = root.locator(f"#{control.get_attribute('id')}-chyba")
    assert error.is_visible()
    assert message in error.inner_text()
    assert control.get_attribute("aria-invalid") == "true"
    assert control.get_attribute("aria-describedby") == error.get_attribute("id")
    # The field to fix has the focus, so a phone scrolls it into view.
    assert control.evaluate("element => element === document.activeElement")


def test_every_calculator_starts_and_answers_the_first_tap_of_its_button(calculators):
    # Every calculator, whoever wrote it, wired by its page's script (one visit per page; that
    # every field has a label is read from the built HTML: test_markup.py). A GM opening any
    # calculator and tapping its button gets an answer: every field without a default holds the
    # procedure's first sample's value (samples[0] answers), never an empty required field
    # answering "Vyplň toto pole". A reset brings the sample back.
    errors: list[list[str]] = []
    for paths in by_page(golden.calculators()).values():
        page, _, on_page = calculators.open(paths[0])
        errors.append(on_page)
        for path in paths:
            page.wait_for_selector(f'[data-procedure="{path}"][data-ready]')
            root = page.locator(f'[data-procedure="{path}"]')
            for _ in range(2):
                assert roll(root) is not None, (path, root.locator("[data-output]").inner_text())
                assert root.locator(".calculator__problem").count() == 0, path
                # A chart says what it shows: its title above it, the same words as its name.
                for figure in root.locator(".calculator__figure").all():
                    title = figure.locator("figcaption").inner_text()
                    assert title and title == figure.locator("svg").get_attribute(
                        "aria-label"), path
                root.locator("form").evaluate("form => form.reset()")
    assert not [error for on_page in errors for error in on_page]


def test_a_chart_has_a_title_saying_what_it_shows(calculators):
    _, root, errors = calculators.open("surprise")
    fill(root, {}, [1, 5])
    roll(root)
    figure = root.locator(".calculator__figure")
    assert figure.locator("figcaption").inner_text() == "Šance, kolik stran bude překvapeno"
    assert figure.locator("svg text").all_text_contents() == ["nikdo", "některá", "všechny"]
    assert not errors


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    from tests.calculators.shared_checks import fit_a_phone

    fit_a_phone(calculators, CORE, RANDOM_INPUTS, tmp_path_factory)


WAIT_FOR_WORKER = """async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
    return true;
}"""


def test_offline_reload_still_computes(chromium, calculators_site, vectors):
    context = chromium.new_context(viewport=PHONE)
    case = _sample(vectors["falling"])[0]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with serve(calculators_site) as url:
        page.goto(url + page_of("falling"))
        page.wait_for_selector('[data-procedure="falling"][data-ready]')
        assert page.evaluate(WAIT_FOR_WORKER)
    root = page.locator('[data-procedure="falling"]')
    context.set_offline(True)
    page.reload()
    page.wait_for_selector('[data-procedure="falling"][data-ready]')
    fill(root, case["input"], case["dice"])
    assert agrees(roll(root), case["result"])
    assert not errors
    context.close()
