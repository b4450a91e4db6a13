"""Every procedure of the contract has a calculator, once, on the page of the rule it cites."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pytest

from rpg.core.citations import RULES
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.core.registry import procedures
from rulesite import reference
from rulesite.calculators import DOCS, Forms
from tests.calculators.vectors import GRIDS, PROCEDURES, calculators


def test_every_procedure_of_the_contract_has_a_calculator_and_vectors() -> None:
    assert sorted(calculators()) == sorted(procedures())
    assert sorted(GRIDS) == sorted(procedures())  # and golden vectors the node tests replay


def test_each_calculator_stands_once_on_its_rules_page(built_site: Path) -> None:
    found: Counter[str] = Counter()
    page_of: dict[str, str] = {}
    for file in built_site.rglob("index.html"):
        page = "/" + file.parent.relative_to(built_site).as_posix() + "/"
        for path in re.findall(r'data-procedure="([^"]+)"', file.read_text(encoding="utf-8")):
            found[path] += 1
            page_of[path] = page.replace("/./", "/")
    assert found == Counter(list(procedures()))
    for path, procedure in calculators().items():
        assert page_of[path] == RULES[procedure.rule].page, path


def _rolls_a_die(path: str) -> bool:
    """Whether any golden input of ``path`` asks for a die (none given: the first is missing)."""
    for inputs in GRIDS[path]:
        try:
            PROCEDURES[path](ReplayDice([]), **inputs)
        except RuleError as error:
            if error.field == "dice":
                return True
    return False


@pytest.fixture(scope="module")
def forms() -> Forms:
    return Forms(reference.openapi_document(), DOCS)


@pytest.mark.parametrize("path", sorted(procedures()))
def test_a_calculator_that_rolls_nothing_says_it_computes(forms: Forms, path: str) -> None:
    # The button's word follows the declaration, and the declaration the golden inputs' dice.
    procedure = calculators()[path]
    assert procedure.rolls == _rolls_a_die(path)
    form = forms.html(procedure)
    button = re.search(r'data-action="roll">([^<]+)</button>', form)
    assert button is not None
    assert button.group(1) == ("Hodit" if procedure.rolls else "Spočítat")


def test_an_optional_choice_left_empty_shows_the_procedures_default_by_its_word(
    forms: Forms,
) -> None:
    form = forms.html(calculators()["skill-check"])
    select = re.search(r'<select [^>]*name="difficulty"[^>]*>(.*?)</select>', form)
    assert select is not None
    options = re.findall(r"<option ([^>]*)>([^<]*)</option>", select.group(1))
    assert options[0] == ('value="" data-default="stredni"', "střední")
    assert [word for _, word in options[1:]] == ["lehká", "těžká", "velmi těžká"]
    attack = forms.html(calculators()["attack"])
    assert "(výchozí)" not in attack and '<option value="">(nezadáno)</option>' in attack


def test_a_required_field_without_a_default_or_a_sample_value_fails_the_build(
    forms: Forms,
) -> None:
    # Its calculator would answer the first tap of its button with "Vyplň toto pole".
    morale = calculators()["morale"]
    assert 'name="morale" required' in forms.html(morale)
    assert re.search(r'value="7"[^>]*name="morale"', forms.html(morale))
    with pytest.raises(RuntimeError, match=r"morale: samples\[0\] gives no starting value"):
        forms.html(dataclasses.replace(morale, samples=({"successes": 1},)))
