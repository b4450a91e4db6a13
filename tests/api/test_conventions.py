"""Section 1 of the contract: the conventions every procedure follows."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from tests.answers import query

PROCEDURES = {
    "roll": {"expr": "2d6+1"},
    "morale": {"morale": 7},
    "reaction": {"modifier": 1},
    "falling": {"height_m": 10, "catch": True, "caught_at_m": 4},
}



@pytest.mark.parametrize(("path", "inputs"), PROCEDURES.items())
def test_get_and_post_give_the_same_answer(
    client: FlaskClient, path: str, inputs: dict[str, object]
) -> None:
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": 12345})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": 12345}))
    assert by_post.status_code == by_get.status_code == 200
    assert by_post.get_json() == by_get.get_json()
    body = by_post.get_json()
    assert body["procedure"] == path
    assert body["seed"] == 12345
    assert set(body) == {"procedure", "input", "rolls", "result", "chance", "text", "seed",
                         "rule"}
    assert body["rule"]["url"].startswith("/")


def test_seed_drawn_by_the_server_reproduces(client: FlaskClient) -> None:
    first = client.get("/api/v1/roll?expr=10d6").get_json()
    assert isinstance(first["seed"], int) and 0 <= first["seed"] < 2**63
    again = client.get(f"/api/v1/roll?expr=10d6&seed={first['seed']}").get_json()
    assert again == first


def test_seed_is_python_random_in_consumption_order(client: FlaskClient) -> None:
    import random

    rng = random.Random(99)
    expected = [rng.randrange(6) + 1 for _ in range(2)]
    body = client.get("/api/v1/morale?morale=7&seed=99").get_json()
    assert body["rolls"][0]["results"] == expected


@pytest.mark.parametrize("dice", ["dice=3,4", "dice=3&dice=4"])
def test_physical_dice_in_a_query_string(client: FlaskClient, dice: str) -> None:
    body = client.get(f"/api/v1/morale?morale=7&{dice}").get_json()
    assert body["rolls"][0]["results"] == [3, 4]
    assert body["seed"] is None
    assert body["input"] == {"morale": 7, "successes": 0}


def test_empty_dice_count_as_given(client: FlaskClient) -> None:
    body = client.post("/api/v1/morale", json={"morale": 7, "successes": 2, "dice": []})
    assert body.status_code == 200 and body.get_json()["seed"] is None
    rolled = client.post("/api/v1/morale", json={"morale": 7, "dice": []})
    assert rolled.status_code == 422
    assert "needs a d6 for 'morale'" in client.post(
        "/api/v1/morale?lang=en", json={"morale": 7, "dice": []}).get_json()["message"]


@pytest.mark.parametrize(("body", "words"), [
    ({"morale": 7, "dice": [3]}, "needs a d6 for 'morale'"),
    ({"morale": 7, "dice": [3, 4, 5]}, "Too many dice: 3 given, the procedure used 2"),
    ({"morale": 7, "dice": [3, 7]}, "7 is not between 1 and 6"),
    ({"morale": 7, "dice": [3, 4], "seed": 1}, "either 'seed' or 'dice', not both"),
    ({"morale": 7, "dice": [1] * 201}, "Length must be between 0 and 200"),
    ({"morale": 7, "dice": [0, 4]}, "Must be greater than or equal to 1"),
])
def test_bad_dice_are_422_naming_the_problem(
    client: FlaskClient, body: dict[str, object], words: str
) -> None:
    response = client.post("/api/v1/morale", json={**body, "lang": "en"})
    assert response.status_code == 422
    payload = response.get_json()
    # A field's errors are a list of messages (a bad item's, by its index), whichever check
    # refused the dice: never a bare string a client would walk letter by letter.
    messages = payload["errors"]["dice"]
    lists = list(messages.values()) if isinstance(messages, dict) else [messages]
    assert all(isinstance(found, list) and found for found in lists)
    assert all(isinstance(message, str) for found in lists for message in found)
    assert words in str(payload)


def test_the_error_body_is_documented_as_it_is_written(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    error = document["components"]["schemas"]["Error"]
    assert set(error["properties"]) == {"code", "status", "message", "errors", "needed"}
    needed = document["components"]["schemas"]["NeededDie"]
    answer = client.post("/api/v1/morale", json={"morale": 7, "dice": [3]}).get_json()
    assert set(answer) <= set(error["properties"])
    assert set(answer["needed"]) == set(needed["properties"]) == {"pos", "faces", "label", "word"}


def test_errors_speak_czech_by_default(client: FlaskClient) -> None:
    payload = client.post("/api/v1/morale", json={"morale": 7, "dice": [3]}).get_json()
    assert payload["message"] == "Chybí kostka: je potřeba d6 pro „morálka“ (kostka č. 2)."
    # The die to give next, for a client that asks for the table's dice one by one.
    assert payload["needed"] == {"pos": 2, "faces": 6, "label": "morale", "word": "morálka"}
    english = client.post("/api/v1/morale?lang=en", json={"morale": 7, "dice": [3, 9]})
    assert english.get_json()["message"] == "Die #2 (morale) is a d6: 9 is not between 1 and 6."
    assert english.get_json()["needed"] == {"pos": 2, "faces": 6, "label": "morale",
                                            "word": "morale"}
    # Dice refused as a whole name no die.
    assert "needed" not in client.post("/api/v1/morale", json={
        "morale": 7, "dice": [3, 4, 5]}).get_json()
    ranged = client.get("/api/v1/morale?morale=13").get_json()
    assert ranged["errors"] == {"morale": ["Musí být od 2 do 12."]}
    # The message names the field as the calculator's form does (its label), the errors by
    # the API's names; in English the API's names throughout.
    assert ranged["message"] == "Neplatný vstup. „Morálka stvoření“: Musí být od 2 do 12."
    english = client.get("/api/v1/morale?morale=13&lang=en").get_json()
    assert english["message"] == ("Invalid input. 'morale': Must be greater than or equal to 2 "
                                  "and less than or equal to 12.")


@pytest.mark.parametrize(("path", "body", "czech", "english"), [
    ("attack", {}, "„OČ cíle“: Chybí povinný údaj.", "'ac': Missing data for required field."),
    ("fast-travel-split", {"party": [{"name": "Eva"}], "damage": 1},
     "„Družina“, řádek č. 1, „Životy“: Chybí povinný údaj.",
     "'party.0.hp': Missing data for required field."),
    ("conquest/buy", {"units": {"Scout": "x"}},
     "„Jednotky k nákupu“, Scout, „Počet“: Není platné celé číslo.",
     "'units.Scout.value': Not a valid integer."),
    # An unknown field has no label: its own name stands.
    ("morale", {"morale": 7, "moral": 7}, "'moral': Neznámé pole", "'moral': Unknown field."),
    # The engine's refusals name the fields and the choices as the form does, in every format.
    ("skill-check", {"dc": 12, "difficulty": "tezka"},
     "Zadej buď „Obtížnost číslem (místo výběru)“ (12), nebo „Obtížnost“ (těžká), ne obojí.",
     "Give either 'dc' (12) or 'difficulty' (tezka), not both."),
])
def test_a_message_names_a_field_by_its_label_in_czech(
    client: FlaskClient, path: str, body: dict[str, Any], czech: str, english: str,
) -> None:
    for fmt in ("json", "text", "md", "html"):
        for lang, words in (("cs", czech), ("en", english)):
            response = client.post(f"/api/v1/{path}", json={**body, "lang": lang, "format": fmt})
            assert response.status_code == 422
            shown = response.get_json()["message"] if fmt == "json" else response.get_data(
                as_text=True)
            if fmt == "md":  # Markdown escapes its special characters
                shown = shown.replace("\\", "")
            assert (html.escape(words) if fmt == "html" else words) in shown, (fmt, lang, shown)


@pytest.mark.parametrize(("body", "field"), [
    ({"morale": "seven"}, "morale"),
    ({"morale": True}, "morale"),
    ({"morale": 7.5}, "morale"),
    ({"morale": 10**30}, "morale"),
    ({"morale": None}, "morale"),
    ({}, "morale"),
    ({"morale": 7, "moral": 7}, "moral"),
    ({"morale": 7, "lang": "de"}, "lang"),
    ({"morale": 7, "format": "xml"}, "format"),
    ({"morale": 7, "seed": -1}, "seed"),
    ({"morale": 7, "seed": 2**63}, "seed"),
    ({"morale": 7, "dice": "x"}, "dice"),
    ({"morale": 7, "dice": [[1]]}, "dice"),
])
def test_wrong_types_and_huge_values_are_422(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/v1/morale", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


@pytest.mark.parametrize(("path", "body"), [
    ("falling", {"height_m": float("nan")}),
    ("falling", {"height_m": 1e308}),
    ("falling", {"height_m": "1e999"}),
    ("falling", {"height_m": 10001}),
    ("roll", {"expr": "1d6" * 1000}),
    ("roll", {"expr": "100d1000+100d1000+100d1000"}),
    ("reaction", {"modifier": [1] * 10000}),
])
def test_hostile_values_are_4xx(client: FlaskClient, path: str, body: dict[str, object]) -> None:
    assert client.post(f"/api/v1/{path}", json=body).status_code == 422


def test_malformed_json_is_400(client: FlaskClient) -> None:
    response = client.post("/api/v1/morale", data="{morale: 7", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] == 400


def test_non_object_json_is_422(client: FlaskClient) -> None:
    assert client.post("/api/v1/morale", json=[7]).status_code == 422


def test_wrong_content_type_is_415(client: FlaskClient) -> None:
    response = client.post("/api/v1/morale", data="morale=7",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415


def test_body_too_large_is_413(client: FlaskClient) -> None:
    response = client.post("/api/v1/roll", data='{"expr": "' + "1" * 70_000 + '"}',
                           content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["message"] == "Tělo požadavku je příliš velké."


def test_unknown_path_is_a_json_404(client: FlaskClient) -> None:
    response = client.get("/api/v1/no-such-procedure")
    assert response.status_code == 404
    assert response.get_json()["message"] == "Taková adresa v API není."


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    response = client.delete("/api/v1/morale")
    assert response.status_code == 405
    assert {"GET", "POST"} <= set(response.headers["Allow"].replace(" ", "").split(","))
    assert response.get_json()["code"] == 405


def test_cors_is_open_for_vtt_macros(client: FlaskClient) -> None:
    simple = client.get("/api/v1/morale?morale=7", headers={"Origin": "https://foundry.example"})
    assert simple.headers["Access-Control-Allow-Origin"] == "*"
    preflight = client.options("/api/v1/morale", headers={
        "Origin": "https://owlbear.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"})
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]


def test_language_from_parameter_or_accept_language(client: FlaskClient) -> None:
    czech = client.get("/api/v1/morale?morale=7&dice=3,4")
    assert czech.headers["Content-Language"] == "cs"
    assert czech.get_json()["text"].startswith("Morálka 7")
    english = client.get("/api/v1/morale?morale=7&dice=3,4",
                         headers={"Accept-Language": "en-GB,en;q=0.9"})
    assert english.headers["Content-Language"] == "en"
    assert english.get_json()["text"] == "Morale 7: 2d6 = 3 + 4 = 7 ≤ 7 → holds."
    forced = client.get("/api/v1/morale?morale=7&dice=3,4&lang=cs",
                        headers={"Accept-Language": "en"})
    assert forced.headers["Content-Language"] == "cs"
    reaction = client.post("/api/v1/reaction", json={"dice": [6, 6], "lang": "en"}).get_json()
    assert reaction["result"]["reaction"] == "Friendly, helpful"


def test_plain_text_for_phones(client: FlaskClient) -> None:
    by_format = client.get("/api/v1/morale?morale=7&dice=3,4&format=text")
    by_accept = client.get("/api/v1/morale?morale=7&dice=3,4", headers={"Accept": "text/plain"})
    for response in (by_format, by_accept):
        assert response.mimetype == "text/plain"
        assert response.get_data(as_text=True) == (
            "Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7 → drží.\nŠance, že drží: 58,3\u00a0%\n")


def test_markdown_and_html_cards(client: FlaskClient) -> None:
    markdown = client.get("/api/v1/morale?morale=7&dice=3,4&format=md")
    assert markdown.mimetype == "text/markdown"
    assert markdown.get_data(as_text=True) == (
        "**Ověření morálky** · Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7 → drží.\n"
        "Šance, že drží: 58,3\u00a0% · [Morálka](<http://localhost/pravidla/souboje/#moralka>)\n")
    html = client.post("/api/v1/morale?format=html", json={"morale": 7, "dice": [3, 4]})
    assert html.mimetype == "text/html"
    card = html.get_data(as_text=True)
    assert 'data-procedure="morale"' in card and "Šance, že drží: 58,3\u00a0%" in card
    assert "Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7 → drží." in card


def test_html_card_escapes(client: FlaskClient) -> None:
    card = client.get("/api/v1/roll?expr=1d6&dice=2&format=html").get_data(as_text=True)
    assert "<script" not in card


def test_openapi_document_lists_every_procedure_with_bounds(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["openapi"].startswith("3.1")
    for path in PROCEDURES:
        operations = document["paths"][f"/api/v1/{path}"]
        assert {"get", "post"} <= set(operations)
        assert operations["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert operations["get"]["parameters"]
        assert "200" in operations["get"]["responses"]
    schemas = document["components"]["schemas"]
    morale = schemas["MoraleArgs"]["properties"]["morale"]
    assert (morale["minimum"], morale["maximum"]) == (2, 12)
    assert schemas["MoraleArgs"]["properties"]["dice"]["maxItems"] == 200
    assert schemas["FallingArgs"]["properties"]["height_m"]["maximum"] == 10000


def test_interactive_docs(client: FlaskClient) -> None:
    page = client.get("/api/v1/docs/")
    assert page.status_code == 200
    assert b"/api/v1/openapi.json" in page.data


@pytest.fixture
def site_app(tmp_path: Path) -> Flask:
    (tmp_path / "pravidla").mkdir()
    (tmp_path / "index.html").write_text("<h1>Pravidla</h1>", encoding="utf-8")
    (tmp_path / "pravidla" / "index.html").write_text("<h1>Souboje</h1>", encoding="utf-8")
    (tmp_path / "404.html").write_text("<h1>Nenalezeno</h1>", encoding="utf-8")
    return create_app({"TESTING": True, "SITE_DIR": str(tmp_path)})


def _page(client: FlaskClient, path: str) -> str:
    with client.get(path) as response:
        assert response.status_code == 200
        return response.get_data(as_text=True)


def test_the_built_site_is_served_beside_the_api(site_app: Flask) -> None:
    client = site_app.test_client()
    assert _page(client, "/") == "<h1>Pravidla</h1>"
    assert _page(client, "/pravidla/") == "<h1>Souboje</h1>"
    missing = client.get("/nic/")
    assert missing.status_code == 404 and "Nenalezeno" in missing.get_data(as_text=True)
    assert client.get("/../pyproject.toml").status_code == 404
    assert client.get("/api/v1/nic").get_json()["code"] == 404
    assert client.get("/api/v1/morale?morale=7").status_code == 200
