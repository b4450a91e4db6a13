"""Dobývání soustav [Příjem kreditů]: "100 kr. za každý kontrolovaný checkpoint. 50 kr. za každý
vlastněný Extractor." """

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.conquest.income import income
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/income"


@pytest.mark.parametrize(("checkpoints", "extractors", "credits"), [
    (0, 0, 0), (1, 0, 100), (0, 1, 50), (3, 2, 400), (1000, 1000, 150_000)])
def test_income(checkpoints: int, extractors: int, credits: int) -> None:
    result = income(ReplayDice([]), checkpoints=checkpoints, extractors=extractors).result
    assert result.credits == credits
    assert (result.from_checkpoints, result.from_extractors) == (100 * checkpoints,
                                                                 50 * extractors)


def test_negative_income_inputs_quote_the_rule() -> None:
    with pytest.raises(RuleError) as caught:
        income(ReplayDice([]), extractors=-1)
    assert caught.value.message.cs.endswith("„50 kr. za každý vlastněný Extractor.“")


def test_over_http(client: FlaskClient) -> None:
    inputs = {"checkpoints": 3, "extractors": 2}
    assert answered(client, PATH, inputs)["result"]["credits"] == 400
    without_dice(client, PATH, inputs)
    refused(client, PATH, {"checkpoints": -2}, "checkpoints",
            "„100 kr. za každý kontrolovaný checkpoint.“")


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [{}, {"checkpoints": 3, "extractors": 2}, {"checkpoints": 12}, {"extractors": 1}],
}
