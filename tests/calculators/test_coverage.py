"""Every procedure of the contract has a calculator, once, on the page of the rule it cites."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from rpg.core.citations import RULES
from tests.api.test_contract_coverage import ALL
from tests.calculators.vectors import GRIDS, calculators


def test_every_procedure_of_the_contract_has_a_calculator_and_vectors() -> None:
    assert sorted(calculators()) == sorted(ALL)
    assert sorted(GRIDS) == sorted(ALL)  # and golden vectors the node tests replay


def test_each_calculator_stands_once_on_its_rules_page(built_site: Path) -> None:
    found: Counter[str] = Counter()
    page_of: dict[str, str] = {}
    for file in built_site.rglob("index.html"):
        page = "/" + file.parent.relative_to(built_site).as_posix() + "/"
        for path in re.findall(r'data-procedure="([^"]+)"', file.read_text(encoding="utf-8")):
            found[path] += 1
            page_of[path] = page.replace("/./", "/")
    assert found == Counter(ALL)
    for path, procedure in calculators().items():
        assert page_of[path] == RULES[procedure.rule].page, path
