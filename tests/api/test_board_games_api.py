"""The three board and war games over HTTP: Země psychopatů, Dobývání soustav, Olgoj Chorchoj."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.conquest import game as conquest

ENDPOINTS: dict[str, dict[str, Any]] = {
    "psychopaths-land/action-points": {"keep": "higher"},
    "psychopaths-land/combat": {"mode": "revenge", "attacker_madness": 2, "defender_cards": -1,
                                "active_player": "defender"},
    "psychopaths-land/turn-check": {"action_points": 2, "visited": ["Les", "Hrad"],
                                    "target_field": "Most", "other_player_on_field": True},
    "conquest/units": {},
    "conquest/attack": {"attacker": "destroyer", "target": "Frigate", "distance": 4},
    "conquest/regen": {"unit": "Dreadnought", "damage": 9, "mechanics_in_range": 5},
    "conquest/income": {"checkpoints": 3, "extractors": 2},
    "conquest/score": {"factions": [{"name": "Rudí", "checkpoints": 2, "units": {"scout": 2}},
                                    {"name": "Modří", "checkpoints": 2}]},
    "conquest/winner": {"sectors": [[{"name": "Rudí", "checkpoints": 1},
                                     {"name": "Modří", "checkpoints": 0}]]},
    "conquest/coins": {"credits": 1450},
    "conquest/buy": {"credits": 500, "units": {"Scout": 2, "frigate": 1}},
    "conquest/capture": {"faction": "Rudí",
                         "ships": [{"unit": "Scout", "system": "Alfa", "holder": "Modří"}],
                         "holdings": [{"faction": "Modří", "system": "Alfa", "checkpoints": 1,
                                       "extractors": 2}]},
    "conquest/teleport": {"turn": 3},
    "olgoj-chorchoj/engineering": {"products": [3, 1, 2], "tactical": 4},
    "olgoj-chorchoj/tokens": {"face_up_token": True, "corner_match": True},
}
OBJECT_VALUED = {"factions", "sectors", "units", "ships", "holdings"}


def query(data: dict[str, Any]) -> dict[str, str]:
    """A query string: lists comma-separated, objects as one JSON value."""
    out = {}
    for key, value in data.items():
        if key in OBJECT_VALUED:
            out[key] = json.dumps(value)
        elif isinstance(value, list):
            out[key] = ",".join(map(str, value))
        elif isinstance(value, bool):
            out[key] = str(value).lower()
        else:
            out[key] = str(value)
    return out


@pytest.mark.parametrize(("path", "inputs"), ENDPOINTS.items())
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, path: str, inputs: dict[str, Any]
) -> None:
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": 2024})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": 2024}))
    assert by_post.status_code == by_get.status_code == 200, by_post.get_json()
    assert by_post.get_json() == by_get.get_json()
    body = by_post.get_json()
    assert body["procedure"] == path
    assert body["seed"] == 2024
    assert body["rule"]["url"].startswith(f"/{body['rule']['url'].split('/')[1]}/")
    assert body["text"]


@pytest.mark.parametrize("path", [p for p in ENDPOINTS if not p.startswith("psychopaths")])
def test_games_without_dice_take_seed_and_dice(client: FlaskClient, path: str) -> None:
    body = client.post(f"/api/v1/{path}", json={**ENDPOINTS[path], "dice": []}).get_json()
    assert (body["rolls"], body["chance"], body["seed"]) == ([], None, None)
    assert client.post(f"/api/v1/{path}",
                       json={**ENDPOINTS[path], "dice": [1]}).status_code == 422


def test_combat_over_http_with_physical_dice(client: FlaskClient) -> None:
    body = client.post("/api/v1/psychopaths-land/combat", json={
        "attacker_madness": 3, "defender_madness": 1, "dice": [4, 2], "lang": "en"}).get_json()
    assert [r["label"] for r in body["rolls"]] == ["attacker", "defender"]
    assert body["result"]["fame"] == {"attacker": 4, "defender": -4}
    assert body["result"]["revenge_available"] is True
    assert body["result"]["card_limits"]["plays_first"] == "defender"
    assert body["chance"] == pytest.approx(26 / 36)
    assert body["text"].startswith("Combat between players: 1d6 = 4 + 3 = 7 vs 1d6 = 2 + 1 = 3")


def test_unit_names_any_case_are_echoed_as_the_table_spells_them(client: FlaskClient) -> None:
    body = client.get("/api/v1/conquest/attack?attacker=DESTROYER&target=frigate&distance=3"
                      ).get_json()
    assert body["input"]["attacker"] == "Destroyer" and body["input"]["target"] == "Frigate"
    assert body["result"]["damage"] == 10 and body["result"]["destroyed"] is True
    units = client.get("/api/v1/conquest/units").get_json()["result"]["units"]
    assert [u["name"] for u in units] == list(conquest.UNIT_NAMES)
    assert units[3] == {"name": "Destroyer", "hp": 5, "attack": 11, "defense": 2,
                        "range_min": 3, "range_max": 6, "movement": 1, "regen": 2, "cost": 400}


def test_coins_over_http(client: FlaskClient) -> None:
    result = client.get("/api/v1/conquest/coins?credits=1450").get_json()["result"]
    assert result == {"coins": {"1000": 1, "200": 2, "50": 1}, "count": 4, "next": []}


@pytest.mark.parametrize(("path", "body", "field", "quote"), [
    ("conquest/attack", {"attacker": "Cruiser", "target": "Scout", "distance": 1}, "attacker",
     "„Přehled jednotek: Dreadnought"),
    ("conquest/attack", {"attacker": "Scout", "target": "Scout", "distance": -1}, "distance",
     "„Cílová jednotka musí být v dosahu.“"),
    ("conquest/attack", {"attacker": "Scout", "target": "Scout", "distance": 1,
                         "target_damage": 4}, "target_damage", "je odstraněna z mapy.“"),
    ("conquest/regen", {"unit": "Scout", "damage": -1}, "damage", "damage countery.“"),
    ("conquest/income", {"checkpoints": -2}, "checkpoints",
     "„100 kr. za každý kontrolovaný checkpoint.“"),
    ("conquest/coins", {"credits": 1330}, "credits", "„Modrozelené: 50 kr."),
    ("conquest/buy", {"units": {"Destroyer": 2}}, "units", "„Cena“ v Přehledu jednotek"),
    ("conquest/buy", {"units": {"Scout": -3}}, "units", "„Cena“ v Přehledu jednotek"),
    ("conquest/buy", {"units": {"Tank": 1}}, "units", "„Přehled jednotek"),
    ("conquest/score", {"factions": [{"name": "A", "units": {"Scout": -1}}]}, "factions",
     "„Pokud vyprší časový limit"),
    ("conquest/teleport", {"turn": 2, "damage": 1}, "damage",
     "„Poškozený Displacer se nemůže teleportovat.“"),
    ("conquest/teleport", {"turn": 2, "other_sector": True}, "target_sector_checkpoints",
     "v cílovém sektoru.“"),
    ("conquest/capture", {"faction": "A", "ships": [{"unit": "Scout", "system": "X",
                                                     "holder": "B"}]}, "holdings",
     "„Při ztrátě všech checkpointů v soustavě"),
    ("olgoj-chorchoj/engineering", {"products": [2, 0, 1]}, "products",
     "mimo počítadlo (na nulu)"),
    ("olgoj-chorchoj/engineering", {"products": [2, -1, 1]}, "products",
     "na třech stupnicích produktů"),
    ("olgoj-chorchoj/engineering", {"products": [2, 1]}, "products",
     "na třech stupnicích produktů"),
    ("psychopaths-land/combat", {"mode": "revenge", "revenge_used": True}, "revenge_used",
     "„V jedné fázi lze vyvolat jen jeden odvetný souboj.“"),
    ("psychopaths-land/turn-check", {"unfought_psychopath": True}, "unfought_psychopath",
     "se kterým v tomto kole ještě nebojoval.“"),
])
def test_bad_input_is_a_422_quoting_the_rule(
    client: FlaskClient, path: str, body: dict[str, Any], field: str, quote: str
) -> None:
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422
    payload = response.get_json()
    assert field in payload["errors"]
    assert quote in payload["message"]
    english = client.post(f"/api/v1/{path}", json={**body, "lang": "en"}).get_json()
    assert "“" in english["message"] and "„" not in english["message"]


@pytest.mark.parametrize("damage", [1, 7, 8])
def test_a_damaged_displacer_is_refused_by_that_rule_whatever_its_damage(
    client: FlaskClient, damage: int
) -> None:
    response = client.post("/api/v1/conquest/teleport", json={"turn": 5, "damage": damage})
    assert response.status_code == 422
    payload = response.get_json()
    assert list(payload["errors"]) == ["damage"]
    assert "„Poškozený Displacer se nemůže teleportovat.“" in payload["message"]
    assert "odstraněna z mapy" not in payload["message"]


_SHIP = {"unit": "Scout", "system": "Alfa"}


@pytest.mark.parametrize(("body", "field"), [
    ({"faction": " ", "ships": [_SHIP]}, "faction"),
    ({"faction": "Rudí", "ships": [{**_SHIP, "holder": "  "}]}, "ships.0.holder"),
    ({"faction": "Rudí", "ships": [{**_SHIP, "system": " "}]}, "ships.0.system"),
    ({"faction": "Rudí", "ships": [{**_SHIP, "holder": "Modří"}], "holdings": [
        {"faction": " ", "system": "Alfa", "checkpoints": 1}]}, "holdings.0.faction"),
])
def test_capture_refuses_blank_names_as_score_does(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    for response in (client.post("/api/v1/conquest/capture", json=body),
                     client.get("/api/v1/conquest/capture", query_string=query(body))):
        assert response.status_code == 422
        payload = response.get_json()
        assert list(payload["errors"]) == [field]
        assert "chybí nebo je prázdné" in payload["message"]
    blank_faction = client.post("/api/v1/conquest/score", json={"factions": [{"name": " "}]})
    assert blank_faction.status_code == 422


def test_capture_with_a_null_holder_takes_an_unoccupied_checkpoint(
    client: FlaskClient
) -> None:
    result = client.post("/api/v1/conquest/capture", json={
        "faction": "Rudí", "ships": [{**_SHIP, "holder": None}]}).get_json()["result"]
    assert result["captures"] == [{"unit": "Scout", "system": "Alfa", "holder": None,
                                   "captured": True, "ship_removed": True}]


def test_a_unit_named_twice_in_two_spellings_is_not_silently_merged(
    client: FlaskClient
) -> None:
    response = client.get("/api/v1/conquest/buy", query_string={
        "units": json.dumps({"Scout": 1, "scout": 1})})
    assert response.status_code == 422
    assert "dvakrát" in response.get_json()["errors"]["units"][0]


def test_openapi_lists_every_game_procedure_with_bounds(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    for path in ENDPOINTS:
        operations = document["paths"][f"/api/v1/{path}"]
        assert {"get", "post"} <= set(operations)
    schemas = document["components"]["schemas"]
    madness = schemas["PsychopathsLandCombatArgs"]["properties"]["attacker_madness"]
    assert (madness["minimum"], madness["maximum"]) == (0, 100)
    cards = schemas["PsychopathsLandCombatArgs"]["properties"]["defender_cards"]
    assert (cards["minimum"], cards["maximum"]) == (-20, 20)
    credits = schemas["ConquestCoinsArgs"]["properties"]["credits"]
    assert (credits["minimum"], credits["maximum"]) == (0, 100_000)
    turn = schemas["ConquestTeleportArgs"]["properties"]["turn"]
    assert turn["minimum"] == 1
    products = schemas["OlgojChorchojEngineeringArgs"]["properties"]["products"]
    assert (products["minItems"], products["maxItems"]) == (3, 3)
    assert products["items"]["minimum"] == 0
    visited = schemas["PsychopathsLandTurnCheckArgs"]["properties"]["visited"]
    assert visited["maxItems"] == 100 and visited["items"]["maxLength"] == 40
    assert schemas["ConquestBuyArgs"]["properties"]["units"]["additionalProperties"][
        "maximum"] == 100_000
    names = schemas["ConquestAttackArgs"]["properties"]["attacker"]
    assert names["maxLength"] == 40 and "Dreadnought" in names["description"]


def _resolve(node: Any, document: dict[str, Any]) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = document["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _conforms(value: Any, schema: dict[str, Any], document: dict[str, Any], at: str) -> None:
    """Checks a value against the documented schema: types, nulls, required and no extras."""
    schema = _resolve(schema, document)
    types = schema.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    if value is None:
        assert "null" in types, f"{at} is null but not nullable"
        return
    if "enum" in schema:
        assert value in schema["enum"], f"{at}: {value!r} not in {schema['enum']}"
    if "object" in types or "properties" in schema:
        assert isinstance(value, dict), at
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            assert name in value, f"{at}.{name} is required but missing"
        for name, item in value.items():
            if name in properties:
                _conforms(item, properties[name], document, f"{at}.{name}")
            else:
                extra = schema.get("additionalProperties")
                assert extra not in (None, False), f"{at}.{name} is not documented"
                if isinstance(extra, dict):
                    _conforms(item, extra, document, f"{at}.{name}")
    elif "array" in types:
        assert isinstance(value, list), at
        for index, item in enumerate(value):
            _conforms(item, schema.get("items", {}), document, f"{at}[{index}]")
    elif "integer" in types:
        assert isinstance(value, int) and not isinstance(value, bool), at
    elif "number" in types:
        assert isinstance(value, int | float) and not isinstance(value, bool), at
    elif "string" in types:
        assert isinstance(value, str), at
    elif "boolean" in types:
        assert isinstance(value, bool), at


@pytest.mark.parametrize(("path", "inputs"), ENDPOINTS.items())
def test_answers_conform_to_their_documented_schema(
    client: FlaskClient, path: str, inputs: dict[str, Any]
) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    response_schema = document["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"][
        "content"]["application/json"]["schema"]
    for lang in ("cs", "en"):
        body = client.post(f"/api/v1/{path}", json={**inputs, "lang": lang}).get_json()
        _conforms(body, response_schema, document, path)
