"""The section-2b endpoints: movement, thrown-range, hold-breath, shield-block, mishap,
dungeon-turn."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

CASES = {
    "movement": ({"movement": 6, "mode": "climb"}, "movement=6&mode=climb"),
    "thrown-range": ({"strength": 10}, "strength=10"),
    "hold-breath": ({"endurance": 4, "rounds_held": 1}, "endurance=4&rounds_held=1"),
    "shield-block": ({"shield_ac": 2, "dice_blocked": 1}, "shield_ac=2&dice_blocked=1"),
    "mishap": ({"kind": "held-spell-hit"}, "kind=held-spell-hit"),
    "dungeon-turn": ({"turn": 2, "roll": True}, "turn=2&roll=true"),
}


@pytest.mark.parametrize(("path", "case"), CASES.items())
def test_get_and_post_agree(client: FlaskClient, path: str, case: tuple[dict, str]) -> None:
    body, query = case
    posted = client.post(f"/api/v1/{path}", json={**body, "seed": 77})
    got = client.get(f"/api/v1/{path}?{query}&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()
    assert posted.get_json()["procedure"] == path


@pytest.mark.parametrize(("path", "body", "field"), [
    ("movement", {"movement": -1}, "movement"),
    ("movement", {"movement": 6, "mode": "fly"}, "mode"),
    ("thrown-range", {"strength": 0}, "strength"),
    ("shield-block", {"shield_ac": 1, "dice_blocked": 2}, "dice_blocked"),
    ("shield-block", {"shield_ac": 3, "dice_blocked": 1, "surprised": True}, "surprised"),
    ("mishap", {}, "kind"),
    ("dungeon-turn", {"turn": 0}, "turn"),
    ("dungeon-turn", {"turn": 1, "hours_since_rest": 1, "hours_exploring_since_rest": 2},
     "hours_exploring_since_rest"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, path: str, body: dict[str, object], field: str
) -> None:
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


def test_shield_block_while_surprised_quotes_the_rule(client: FlaskClient) -> None:
    message = client.post("/api/v1/shield-block", json={
        "shield_ac": 3, "dice_blocked": 1, "surprised": True}).get_json()["message"]
    assert "„Instantní akce nelze použít pokud je postava překvapená.“" in message


def test_mishap_with_physical_dice(client: FlaskClient) -> None:
    body = client.get("/api/v1/mishap?kind=spell-unstable&dice=50&lang=en").get_json()
    assert body["result"] == {"roll": 50, "happens": True, "consequence": "the spell fails",
                              "next": []}
    assert body["chance"] == 0.5


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["MovementArgs"]["properties"]["movement"]["maximum"] == 1000
    assert set(schemas["MishapArgs"]["properties"]["kind"]["enum"]) == {
        "ranged-engaged", "item-engaged", "spell-engaged", "held-spell-hit", "spell-unstable"}
    assert schemas["DungeonTurnArgs"]["properties"]["turn"]["minimum"] == 1
