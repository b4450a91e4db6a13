"""``fast-travel-split`` over HTTP: GET and POST agree with a seed, a bad allocation is a 422
quoting the rule and naming the field, the OpenAPI document bounds the inputs."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pravidla.over_http import get_and_post_agree, input_schema, refused

SPLIT = {"party": [{"name": "Alena", "hp": 10}, {"name": "Bořek", "hp": 4}], "damage": 9,
         "allocation": {"Alena": 3, "Bořek": 6}}


@pytest.mark.parametrize("seed", [1, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "fast-travel-split", SPLIT, seed, objects=("party", "allocation"))


def test_split_answer(client: FlaskClient) -> None:
    answer = client.post("/api/v1/fast-travel-split", json=SPLIT).get_json()
    shares = answer["result"]["characters"]
    assert [(s["hp_left"], s["dies"], s["alternative"]) for s in shares] == [
        (7, False, None), (0, True, {"hp": 1, "fatigue": 3})]
    assert answer["result"]["dead"] == ["Bořek"]
    assert answer["rule"]["url"] == "/pravidla/cestovani-po-svete/#rychle-cestovani"


@pytest.mark.parametrize(("inputs", "field", "quote"), [
    ({**SPLIT, "allocation": {"Alena": 3}}, "allocation", "v libovolném poměru mezi sebou"),
    ({**SPLIT, "allocation": {"Zora": 9}}, "allocation", "necestuje"),
    ({**SPLIT, "party": [{"name": "A", "hp": 3}] * 2, "allocation": {}}, "party", "dvakrát"),
    ({**SPLIT, "party": []}, "party", ""),
    ({**SPLIT, "damage": 100_001}, "damage", ""),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, inputs: dict[str, object], field: str, quote: str
) -> None:
    assert quote in refused(client, "fast-travel-split", inputs, field)["message"]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "fast-travel-split")
    split = schema["properties"]
    assert (split["party"]["minItems"], split["party"]["maxItems"]) == (1, 100)
    assert split["damage"]["maximum"] == 100_000
    assert set(schema["required"]) == {"party", "damage"}
