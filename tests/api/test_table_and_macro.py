"""The corrections of the conventions for the table and for VTT macros (contract section 2c).

Seeds a browser can keep, unknown inputs and paths refused, errors in the format asked for,
cards in the answer's language with the chance labelled, Markdown that cannot ping or forge,
CORS for a VTT page calling a GM's server on the LAN, the rules' Czech words as choices, and the
index of every procedure.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from api.procedures import DRAWN_SEED_LIMIT, ENDPOINTS
from rpg.core.registry import procedures


def _markup(card: str) -> str:
    """A card's markup without its inline styles (those are checked in Chromium,
    ``tests/site/test_vtt_snippets.py``)."""
    return re.sub(r' style="[^"]*"', "", card)

# --- seeds -------------------------------------------------------------------------------------


def test_drawn_seeds_fit_a_javascript_number(client: FlaskClient) -> None:
    seeds = [client.get("/api/v1/roll?expr=1d6").get_json()["seed"] for _ in range(200)]
    assert all(0 <= seed < DRAWN_SEED_LIMIT == 2**53 for seed in seeds)
    # Not a constant: 200 draws below 2^53 are all different (a collision is ~1e-12 likely).
    assert len(set(seeds)) == 200


@pytest.mark.parametrize("seed", [0, 2**53, 2**63 - 1])
def test_seeds_up_to_two_to_the_63_stay_accepted(client: FlaskClient, seed: int) -> None:
    first = client.get(f"/api/v1/roll?expr=3d6&seed={seed}").get_json()
    again = client.post("/api/v1/roll", json={"expr": "3d6", "seed": seed}).get_json()
    assert first == again and first["seed"] == seed


def test_a_seed_at_two_to_the_63_is_refused(client: FlaskClient) -> None:
    assert client.get(f"/api/v1/roll?expr=3d6&seed={2**63}").status_code == 422


# --- unknown inputs and paths ----------------------------------------------------------------


@pytest.mark.parametrize("method", ["get", "post"])
def test_an_unknown_input_is_refused_by_name(client: FlaskClient, method: str) -> None:
    if method == "get":
        response = client.get("/api/v1/reaction?modifer=3")
    else:
        response = client.post("/api/v1/reaction", json={"modifer": 3})
    assert response.status_code == 422
    body = response.get_json()
    assert "modifer" in body["errors"] and "'modifer'" in body["message"]


def test_the_common_inputs_are_still_known(client: FlaskClient) -> None:
    response = client.get("/api/v1/reaction?modifier=1&seed=3&lang=en&format=json")
    assert response.status_code == 200


@pytest.mark.parametrize("method", ["get", "post", "put", "delete", "patch"])
def test_an_unknown_api_path_is_a_404_whatever_the_method(
    client: FlaskClient, method: str
) -> None:
    response = getattr(client, method)("/api/v1/moral", json={})
    assert response.status_code == 404
    assert response.get_json()["code"] == 404


def test_a_known_path_with_a_wrong_method_is_a_405_with_allow(client: FlaskClient) -> None:
    response = client.delete("/api/v1/morale")
    assert response.status_code == 405
    assert {"GET", "POST"} <= set(response.headers["Allow"].replace(" ", "").split(","))


def test_a_post_to_no_page_of_the_site_is_a_404(client: FlaskClient) -> None:
    assert client.post("/neni-tu-nic", data="x").status_code == 404


# --- errors in the format asked for ----------------------------------------------------------


def test_an_error_as_plain_text(client: FlaskClient) -> None:
    for response in (client.get("/api/v1/morale?morale=99&format=text"),
                     client.get("/api/v1/morale?morale=99", headers={"Accept": "text/plain"})):
        assert response.status_code == 422 and response.mimetype == "text/plain"
        assert response.get_data(as_text=True) == (
            "Neplatný vstup. „Morálka stvoření“: Musí být od 2 do 12.\n")


def test_an_error_as_markdown_from_a_json_body(client: FlaskClient) -> None:
    response = client.post("/api/v1/morale", json={"morale": 99, "format": "md", "lang": "en"})
    assert response.status_code == 422 and response.mimetype == "text/markdown"
    assert response.get_data(as_text=True).startswith("**Error 422** · Invalid input. ")


def test_an_error_as_an_html_card_of_the_same_design(client: FlaskClient) -> None:
    response = client.get("/api/v1/roll?expr=1d6%2B&format=html")
    assert response.status_code == 422 and response.mimetype == "text/html"
    card = _markup(response.get_data(as_text=True))
    assert card.startswith('<div class="rpg-result rpg-result--error" lang="cs">')
    assert '<strong class="rpg-title">Chyba 422</strong>' in card and "pozici 5" in card


def test_a_404_in_the_format_asked_for(client: FlaskClient) -> None:
    response = client.get("/api/v1/moral?format=text&lang=en")
    assert response.status_code == 404
    assert response.get_data(as_text=True) == "No such path in the API.\n"


def test_a_malformed_body_still_answers_its_error_in_json(client: FlaskClient) -> None:
    response = client.post("/api/v1/morale", data="{format: md", content_type="application/json")
    assert response.status_code == 400 and response.is_json


# --- cards -------------------------------------------------------------------------------------


def test_an_english_card_is_english_throughout(client: FlaskClient) -> None:
    card = _markup(client.get("/api/v1/morale?morale=7&dice=3,4&format=html&lang=en").get_data(
        as_text=True))
    assert '<span class="rpg-header">GM</span>' in card
    assert '<strong class="rpg-title">Morale check</strong>' in card
    assert "Chance it holds: 58.3%" in card and "Rule: " in card
    assert "PJ" not in card and "Šance" not in card


def test_a_czech_card_has_a_decimal_comma_and_says_what_the_chance_is_of(
    client: FlaskClient
) -> None:
    card = _markup(client.get("/api/v1/morale?morale=7&dice=3,4&format=html").get_data(
        as_text=True))
    assert '<span class="rpg-header">PJ</span>' in card
    assert '<p class="rpg-chance">Šance, že drží: 58,3\u00a0%</p>' in card


@pytest.mark.parametrize(("path", "label"), [
    ("falling?height_m=10&catch=true&caught_at_m=4&dice=12,1,1,1,1", "Šance na zachycení: "),
    ("trap?dice=1", "Šance, že se spustí: 33,3\u00a0%"),
    ("travel?dice=3,3", "Šance na den bez setkání: 66,7\u00a0%"),
])
def test_every_chance_is_labelled_by_its_procedure(
    client: FlaskClient, path: str, label: str
) -> None:
    assert label in client.get(f"/api/v1/{path}&format=text").get_data(as_text=True)


def test_a_card_without_a_chance_has_no_chance_line(client: FlaskClient) -> None:
    text = client.get("/api/v1/roll?expr=1d6&dice=4&format=text").get_data(as_text=True)
    assert text == "Hod 1d6: 1d6 (4) = 4.\n"


HOSTILE_NAMES = ["@everyone", "[klik](https://zlo.example)", "řádek\n# Nadpis", "<@123456>",
                 "**tučně**", "`kód`"]


def test_markdown_escapes_names_so_they_cannot_ping_link_or_forge_lines(
    client: FlaskClient
) -> None:
    response = client.post("/api/v1/initiative?format=md", json={
        "sides": ["hráči", *HOSTILE_NAMES[:4]], "dice": [10, 9, 8, 7, 6]})
    assert response.status_code == 200, response.get_data(as_text=True)
    markdown = response.get_data(as_text=True)
    _first_line, *rest = markdown.splitlines()
    assert len(rest) <= 1  # the sentence on one line, the chance or rule on the next
    assert "@everyone" not in markdown and "@\u200beveryone" in markdown
    assert "https://zlo" not in markdown and "\\[klik\\]" in markdown
    assert "\n#" not in markdown and "\\# Nadpis" in markdown
    assert "<@123456>" not in markdown and "\\<@123456\\>" in markdown


def test_html_cards_escape_names(client: FlaskClient) -> None:
    card = client.post("/api/v1/initiative?format=html", json={
        "sides": ["hráči", "<script>alert(1)</script>"], "dice": [3, 4]}).get_data(as_text=True)
    assert "<script>" not in card and "&lt;script&gt;" in card


def test_a_card_opened_on_a_phone_is_a_readable_page(client: FlaskClient) -> None:
    for fmt in ("html", "text"):
        response = client.get(f"/api/v1/morale?morale=7&dice=3,4&format={fmt}",
                              headers={"Sec-Fetch-Dest": "document"})
        page = response.get_data(as_text=True)
        assert response.mimetype == "text/html"
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
        assert "Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7 → drží." in page
        assert "style-src 'sha256-" in response.headers["Content-Security-Policy"]


def test_a_macro_fetching_a_card_gets_the_bare_fragment(client: FlaskClient) -> None:
    response = client.get("/api/v1/morale?morale=7&dice=3,4&format=html",
                          headers={"Sec-Fetch-Dest": "empty", "Origin": "https://vtt.example"})
    assert response.get_data(as_text=True).startswith('<div class="rpg-result"')


# --- CORS --------------------------------------------------------------------------------------


def test_a_preflight_from_a_public_page_to_a_private_server_is_allowed(
    client: FlaskClient
) -> None:
    response = client.options("/api/v1/morale", headers={
        "Origin": "https://foundry.example", "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Private-Network": "true"})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Private-Network"] == "true"
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_a_macro_can_read_the_language_and_the_rate_limit(client: FlaskClient) -> None:
    response = client.get("/api/v1/morale?morale=7", headers={"Origin": "https://vtt.example"})
    exposed = {h.strip() for h in response.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"Content-Language", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining",
            "X-RateLimit-Reset"} <= exposed


# --- the rules' Czech words ------------------------------------------------------------------


@pytest.mark.parametrize(("given", "canonical"), [
    ("těžká", "tezka"), ("TEZKA", "tezka"), ("velmi těžká", "velmi-tezka"),
    ("Velmi-Těžká", "velmi-tezka"), ("lehka", "lehka"), ("střední", "stredni"),
])
def test_a_choice_in_the_rules_words(client: FlaskClient, given: str, canonical: str) -> None:
    body = client.get("/api/v1/skill-check", query_string={"difficulty": given, "seed": 1})
    assert body.status_code == 200
    assert body.get_json()["input"]["difficulty"] == canonical


def test_the_words_are_documented_for_the_calculators(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    parameters = document["paths"]["/api/v1/skill-check"]["get"]["parameters"]
    difficulty = next(p for p in parameters if p["name"] == "difficulty")
    assert difficulty["schema"]["x-words"]["velmi-tezka"] == "velmi těžká"


def test_a_word_that_is_no_choice_is_refused(client: FlaskClient) -> None:
    response = client.get("/api/v1/skill-check?difficulty=nemožná")
    assert response.status_code == 422 and "difficulty" in response.get_json()["errors"]


# --- the index ---------------------------------------------------------------------------------


def test_the_index_lists_every_procedure_with_an_example_that_answers(
    client: FlaskClient
) -> None:
    listed = client.get("/api/v1/").get_json()["procedures"]
    assert [entry["path"] for entry in listed] == [
        path for path in procedures() if path in ENDPOINTS]
    assert set(ENDPOINTS) == set(procedures())
    for entry in listed:
        assert set(entry) == {"path", "summary", "rule", "example"}
        assert entry["summary"] and entry["rule"]["url"].startswith("/")
        answer = client.get(entry["example"])
        assert answer.status_code == 200, (entry["example"], answer.get_data(as_text=True))
        assert answer.get_json()["procedure"] == entry["path"]


def test_the_index_in_english(client: FlaskClient) -> None:
    listed = client.get("/api/v1/?lang=en").get_json()["procedures"]
    assert next(e for e in listed if e["path"] == "morale")["summary"] == "Morale check"


def test_the_index_as_a_phone_page_of_relative_links(client: FlaskClient) -> None:
    for response in (client.get("/api/v1/?format=html"),
                     client.get("/api/v1/", headers={"Sec-Fetch-Dest": "document"})):
        page = response.get_data(as_text=True)
        assert response.mimetype == "text/html"
        assert 'name="viewport"' in page and "Procedury pravidel" in page
        assert 'href="/api/v1/morale?morale=7&amp;format=html&amp;lang=cs"' in page
        assert "http://" not in page  # links work on whatever host serves the page


# --- groups ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["skill-check?difficulty=tezka", "saving-throw?target=12"])
def test_a_group_in_one_request(client: FlaskClient, path: str) -> None:
    from tests.answers import schema_errors

    body = client.get(f"/api/v1/{path}&count=5&seed=7").get_json()
    assert schema_errors(body) == {}
    result = body["result"]
    assert len(result["each"]) == 5 == len(body["rolls"]) == result["summary"]["count"]
    assert result["summary"]["successes"] == sum(r["success"] for r in result["each"])
    assert len(result["successes_distribution"]) == 6
    assert abs(sum(result["successes_distribution"]) - 1) < 1e-12
    assert body["input"]["count"] == 5


def test_without_count_the_answer_is_one_roll_as_before(client: FlaskClient) -> None:
    body = client.get("/api/v1/skill-check?seed=7").get_json()
    assert "count" not in body["input"] and "each" not in body["result"]
    assert set(body["result"]) == {"natural", "total", "dc", "success", "critical",
                                   "difficulty", "next"}


# --- an unencoded + ---------------------------------------------------------------------------


@pytest.mark.parametrize(("given", "read"), [
    ("1d8 1", "1d8+1"), ("2d6 1d4 2", "2d6+1d4+2"), ("d% 5", "d%+5"), ("2d6 kh1", "2d6kh1"),
    ("4d6kh3 2", "4d6kh3+2"), ("1d20  5", "1d20+5"), ("2 d6", "2d6"), ("2k6 k4", "2k6+k4"),
])
def test_a_space_between_terms_in_a_query_string_is_a_plus(
    client: FlaskClient, given: str, read: str
) -> None:
    # `damage=1d8+1` typed into a phone's address bar arrives as `1d8 1`; a space inside a term
    # changes nothing. The input is echoed as given.
    body = client.get("/api/v1/roll", query_string={"expr": given, "seed": 5}).get_json()
    assert body["input"].pop("expr") == given
    expected = client.post("/api/v1/roll", json={"expr": read, "seed": 5}).get_json()
    expected["input"].pop("expr")
    assert body == expected


def test_a_json_body_reads_a_space_the_same_way(client: FlaskClient) -> None:
    response = client.post("/api/v1/roll", json={"expr": "1d6 2", "dice": [3]})
    assert response.status_code == 200
    assert response.get_json()["text"] == "Hod 1d6+2: 1d6 (3) + 2 = 5."
