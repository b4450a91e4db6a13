"""Every dice expression of every procedure reads a space between two terms as ``+``.

``attack?ac=10&damage=1d8+1`` typed raw into a phone's address bar arrives as ``damage=1d8 1``:
whatever the procedure, the input and the method, the answer is that of ``1d8+1``. The inputs
are found from the procedures' schemas, never listed by hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from marshmallow import fields

from api import conquest, create_app, olgoj_chorchoj, pravidla, psychopaths_land  # noqa: F401
from api.fields import DiceExpression
from api.procedures import ENDPOINTS, query_string
from rpg.core.errors import RollSyntaxError, TooManyRolls
from rpg.core.notation import parse
from rpg.core.registry import procedures

#: Every input that is a dice expression: (procedure, input, a sample that answers).
DICE_INPUTS = [
    (path, name, next(sample for sample in procedure.samples if name in sample))
    for path, procedure in procedures().items()
    for name, field in ENDPOINTS[path].args.fields.items() if isinstance(field, DiceExpression)]


def _is_dice(text: object) -> bool:
    try:
        parse(str(text))
    except (RollSyntaxError, TooManyRolls):
        return False
    return any(ch.isalpha() for ch in str(text))


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


def test_every_dice_input_is_declared_as_one() -> None:
    # A string input whose example is dice notation must read it as dice notation does.
    found = {(path, name) for path, name, _ in DICE_INPUTS}
    for path, endpoint in ENDPOINTS.items():
        for name, field in endpoint.args.fields.items():
            if isinstance(field, fields.String) and _is_dice(field.metadata.get("example")):
                assert (path, name) in found, (path, name)
    assert {("roll", "expr"), ("attack", "damage"), ("persistent-damage", "damage")} <= found


def _spaced(sample: dict[str, Any], name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sample with its expression plus 1 written with a '+', and with a space instead."""
    expression = sample[name]
    return {**sample, name: f"{expression}+1", "seed": 5}, {**sample, name: f"{expression} 1",
                                                             "seed": 5}


@pytest.mark.parametrize(("path", "name", "sample"), DICE_INPUTS,
                         ids=[f"{p}:{n}" for p, n, _ in DICE_INPUTS])
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_space_between_terms_is_a_plus_on_every_path(
    app: Flask, path: str, name: str, sample: dict[str, Any], method: str
) -> None:
    plus, spaced = _spaced(sample, name)
    answers = []
    for inputs in (plus, spaced):
        kwargs: dict[str, Any] = ({"json": inputs} if method == "POST"
                                  else {"query_string": query_string(inputs)})
        answer = app.test_client().open(f"/api/v1/{path}", method=method, **kwargs)
        assert answer.status_code == 200, answer.get_json()
        answers.append(json.loads(answer.get_data()))
    with_plus, with_space = answers
    # The input is echoed as given; everything the expression decides is the same.
    assert with_space["input"].pop(name) == spaced[name]
    assert with_plus["input"].pop(name) == plus[name]
    assert with_space == with_plus


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_the_issue_example(app: Flask, method: str) -> None:
    inputs = {"ac": 10, "damage": "1d8 1", "dice": "15,4" if method == "GET" else [15, 4]}
    kwargs: dict[str, Any] = ({"json": inputs} if method == "POST"
                              else {"query_string": inputs})
    answer = app.test_client().open("/api/v1/attack", method=method, **kwargs)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["result"]["damage"] == 5
    assert body["text"] == "Útok: 1d20 = 15 ≥ OČ 10 → zásah, poškození 1d8+1 = 4 + 1 = 5."
