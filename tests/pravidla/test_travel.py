"""[Cestování po světě] one day: distance, lost check, encounter, the day's activity.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Next
from rpg.pravidla import wilderness
from rpg.pravidla.wilderness import travel
from tests.answers import schema_errors
from tests.enumeration import outcomes, probability
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, max_items, refused
from tests.properties.corruption import answers_or_refuses, corrupted

# --- engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("inputs", "km"), [
    ({}, 30),
    ({"movement": [4]}, 20),
    ({"movement": [6, 5, 9]}, 25),                        # the slowest member sets the pace
    ({"movement": [5], "terrain": "difficult"}, 12.5),
    ({"movement": [5], "terrain": "difficult", "forced_march": True}, 18.75),
    ({"forced_march": True}, 45),                         # the rules' own 30 km → 45 km
    ({"movement": [1], "terrain": "difficult", "forced_march": True}, 3.75),
])
def test_distance_is_exact(inputs: dict[str, object], km: float) -> None:
    dice = [] if inputs.get("road") else [3]
    result = travel(ReplayDice([*dice, 3]), **inputs).result
    assert result.distance_km == km
    assert result.fatigue_gained == (1 if inputs.get("forced_march") else 0)
    assert result.visibility_km == 5


@pytest.mark.parametrize(("terrain", "die", "lost"), [
    ("normal", 1, True), ("normal", 2, True), ("normal", 3, False), ("normal", 6, False),
    ("difficult", 3, True), ("difficult", 4, False),
])
def test_lost_check_two_in_six_three_in_difficult_terrain(
    terrain: str, die: int, lost: bool
) -> None:
    outcome = travel(ReplayDice([die, 6]), terrain=terrain)
    assert outcome.result.lost is lost
    assert [r.label for r in outcome.rolls] == ["lost", "encounter"]


@pytest.mark.parametrize("inputs", [{"road": True}, {"landmark": True},
                                    {"activity": "hunt"}, {"activity": "explore"}])
def test_no_lost_check_on_a_road_a_landmark_or_when_not_travelling(
    inputs: dict[str, object]
) -> None:
    dice = [4, 6] if "activity" in inputs else [4]
    outcome = travel(ReplayDice(dice), **inputs)
    assert outcome.result.lost is None
    assert outcome.rolls[0].label == "encounter"


@pytest.mark.parametrize(("die", "encounter"), [(1, True), (2, True), (3, False), (6, False)])
def test_encounter_two_in_six(die: int, encounter: bool) -> None:
    outcome = travel(ReplayDice([die]), road=True)
    assert outcome.result.encounter is encounter
    assert outcome.result.activity is None


@pytest.mark.parametrize(("activity", "dice", "success", "supplies"), [
    ("forage", [6, 1, 4], True, 4),      # a success rolls a d6 of supplies
    ("forage", [6, 2, 6], True, 6),
    ("forage", [6, 3], False, 0),
    ("hunt", [6, 1], True, None),
    ("hunt", [6, 2], False, None),
    ("explore", [6, 3], True, None),
    ("explore", [6, 4], False, None),
])
def test_activities(activity: str, dice: list[int], success: bool, supplies: int | None) -> None:
    outcome = travel(ReplayDice(dice), road=True, activity=activity)
    assert outcome.result.activity is not None
    assert (outcome.result.activity.kind, outcome.result.activity.success,
            outcome.result.activity.supplies) == (activity, success, supplies)
    labels = ["encounter", activity] + (["supplies"] if len(dice) == 3 else [])
    assert [r.label for r in outcome.rolls] == labels


@pytest.mark.parametrize("activity", ["hunt", "explore"])
def test_hunting_and_exploring_take_the_whole_day(activity: str) -> None:
    result = travel(ReplayDice([6, 6]), activity=activity, terrain="difficult").result
    assert (result.distance_km, result.travelling, result.lost) == (0, False, None)


def test_foraging_does_not_slow_the_party() -> None:
    result = travel(ReplayDice([6, 6, 6]), activity="forage").result
    assert result.distance_km == 30 and result.travelling


@pytest.mark.parametrize("activity", ["hunt", "explore"])
def test_whole_day_activity_on_a_forced_march_says_what_to_change(activity: str) -> None:
    with pytest.raises(RuleError) as caught:
        travel(ReplayDice([]), activity=activity, forced_march=True)
    assert caught.value.field == "forced_march"
    assert "turn 'forced_march' off" in caught.value.message.en
    assert "vypni 'forced_march'" in caught.value.message.cs


def test_dice_order_lost_encounter_activity_supplies() -> None:
    outcome = travel(ReplayDice([2, 1, 2, 5]), activity="forage")
    result = outcome.result
    assert (result.lost, result.encounter) == (True, True)
    assert result.activity is not None and result.activity.supplies == 5
    # Every check shows what it was rolled against: 2 in 6 is "≤ 2".
    assert outcome.text.cs == (
        "Den cesty: 30 km (hybnost 6 × 5). Ztráta směru 1d6 = 2 ≤ 2 → ztratili směr; setkání "
        "1d6 = 1 ≤ 2 → setkání; sběr 1d6 = 2 ≤ 2 → úspěch: 1d6 = 5 → 5 zásob.")
    assert outcome.text.en == (
        "A day of travel: 30 km (movement 6 × 5). Lost check 1d6 = 2 ≤ 2 → lost their way; "
        "encounter 1d6 = 1 ≤ 2 → an encounter; foraging 1d6 = 2 ≤ 2 → success: 1d6 = 5 → "
        "5 supplies.")


@pytest.mark.parametrize(("inputs", "dice"), [
    ({"road": True}, [1]),                      # the encounter ends the day's sentence
    ({}, [6, 2]),                               # after the lost check
    ({"activities": [{"group": "Ota", "activity": "hunt"}]}, [1, 1]),
])
def test_an_encounter_ends_the_days_sentence_once(inputs: dict[str, Any], dice: list[int]) -> None:
    outcome = travel(ReplayDice(dice), **inputs)
    assert outcome.result.encounter
    for text in (outcome.text.cs, outcome.text.en):
        assert "!" not in text and text.endswith(".") and not text.endswith("..")
    if "activities" not in inputs:
        assert outcome.text.cs.endswith("≤ 2 → setkání.")
        assert outcome.text.en.endswith("≤ 2 → an encounter.")


@pytest.mark.parametrize(("dice", "found_cs", "found_en"), [
    ([6, 1, 1], "1 zásoba", "1 supply"), ([6, 1, 3], "3 zásoby", "3 supplies"),
    ([6, 1, 6], "6 zásob", "6 supplies"),
])
def test_supplies_found_are_counted_in_both_languages(
    dice: list[int], found_cs: str, found_en: str
) -> None:
    outcome = travel(ReplayDice(dice), road=True, activity="forage")
    assert outcome.text.cs.endswith(f"→ {found_cs}.")
    assert outcome.text.en.endswith(f"→ {found_en}.")


def test_difficult_terrain_checks_the_way_against_three() -> None:
    outcome = travel(ReplayDice([4, 6]), terrain="difficult")
    assert "Ztráta směru 1d6 = 4 > 3 → drží směr; setkání 1d6 = 6 > 2 → nic." in outcome.text.cs


def test_an_encounter_calls_for_the_encounter_procedure_in_the_wilderness() -> None:
    outcome = travel(ReplayDice([2]), road=True)
    assert outcome.next == (Next("encounter", {"location": "wilderness"}),)
    assert travel(ReplayDice([3]), road=True).next == ()


def test_czech_text_writes_decimal_commas() -> None:
    outcome = travel(ReplayDice([6]), movement=[5], terrain="difficult", forced_march=True,
                     road=True)
    assert outcome.text.cs.startswith("Den cesty: 18,75 km (hybnost 5 × 5, obtížný terén ½,")
    assert "18.75 km" in outcome.text.en


# --- [Simultánní aktivity] ----------------------------------------------------------------

GROUPS = [{"group": "Ota", "activity": "hunt"}, {"group": "Eva a Bára", "activity": "forage"},
          {"group": "Cyril", "activity": "explore"}]


def test_each_group_rolls_its_own_activity_in_list_order() -> None:
    # "případným výzvám pak budou čelit odděleně, dle předem deklarovaných skupin"
    outcome = travel(ReplayDice([4, 1, 2, 5, 6]), activities=GROUPS)
    assert [r.label for r in outcome.rolls] == ["encounter", "hunt", "forage", "supplies",
                                                "explore"]
    assert [(a.group, a.kind, a.success, a.supplies) for a in outcome.result.activities] == [
        ("Ota", "hunt", True, None), ("Eva a Bára", "forage", True, 5),
        ("Cyril", "explore", False, None)]
    assert outcome.result.activity is None
    assert outcome.rule.section == "simultanni-aktivity"
    assert outcome.text.cs == (
        "Den bez cesty (lov a průzkum oblasti zaberou celý den): 0 km. Setkání 1d6 = 4 > 2 → "
        "nic; Ota: lov 1d6 = 1 ≤ 1 → úspěch: nalezena lovná zvěř (ještě ji je třeba ulovit); "
        "Eva a Bára: sběr 1d6 = 2 ≤ 2 → úspěch: 1d6 = 5 → 5 zásob; Cyril: průzkum oblasti "
        "1d6 = 6 > 3 → neúspěch.")
    assert outcome.text.en.startswith(
        "A day without travel (hunting and exploring take the whole day): 0 km.")


@pytest.mark.parametrize(("groups", "travelling"), [
    ([{"group": "Eva", "activity": "forage"}, {"group": "Ota", "activity": "forage"}], True),
    ([{"group": "Eva", "activity": "forage"}, {"group": "Ota", "activity": "explore"}], False),
    ([{"group": "Eva", "activity": "hunt"}], False),
])
def test_anyone_hunting_or_exploring_keeps_the_party_from_travelling(
    groups: list[dict[str, str]], travelling: bool
) -> None:
    dice = ([6] if travelling else []) + [6] * (1 + len(groups))
    result = travel(ReplayDice(dice), activities=groups).result
    assert result.travelling is travelling
    assert result.distance_km == (30 if travelling else 0)
    assert (result.lost is None) is (not travelling)


def test_one_activity_is_still_the_whole_partys() -> None:
    outcome = travel(ReplayDice([6, 6]), activity="hunt")
    assert outcome.result.activities == () and outcome.result.activity is not None
    assert outcome.rule.section == "pohyb-po-svete"
    assert outcome.text.cs.startswith("Den bez cesty (lov zabere celý den): 0 km.")


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"activity": "forage", "activities": GROUPS}, "activities", "ne obojí"),
    ({"activities": []}, "activities", "seznam 1 až 100 skupin"),
    ({"activities": "hunt"}, "activities", "seznam 1 až 100 skupin"),
    ({"activities": [{"group": "Ota", "activity": "hunt"}] * 2}, "activities", "dvakrát"),
    ({"activities": [{"activity": "hunt"}]}, "activities", "potřebuje jméno"),
    ({"activities": [{"group": "Ota", "activity": "none"}]}, "activities",
     "musí být jedno z: forage, hunt, explore"),
    ({"activities": [{"group": "Ota", "activity": "forage"},
                     {"group": "Eva", "activity": "explore"}], "forced_march": True},
     "forced_march", "Průzkum oblasti zabere celý den"),
])
def test_groups_that_break_the_rule_are_refused(
    inputs: dict[str, object], field: str, words: str
) -> None:
    with pytest.raises(RuleError) as caught:
        travel(ReplayDice([6] * 5), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs


@pytest.mark.parametrize("inputs", [
    {}, {"terrain": "difficult"}, {"activity": "forage"}, {"activity": "hunt"},
    {"road": True, "activity": "explore"}, {"activities": GROUPS[:2]},
])
def test_chance_of_no_encounter_against_enumeration(inputs: dict[str, object]) -> None:
    expected = probability(travel, lambda o: not o.result.encounter, **inputs)
    assert {o.chance for _, o in outcomes(travel, **inputs)} == {expected}
    assert expected == Fraction(2, 3)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"movement": []}, "movement"),
    ({"movement": [0]}, "movement"),
    ({"movement": [6, 31]}, "movement"),
    ({"movement": [6] * 101}, "movement"),
    ({"terrain": "swamp"}, "terrain"),
    ({"activity": "fish"}, "activity"),
    ({"road": "yes"}, "road"),
])
def test_invalid_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        travel(ReplayDice([6, 6]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "travel": [
        *({"terrain": terrain, "activity": activity}
          for terrain in wilderness.TERRAINS for activity in wilderness.ACTIVITIES),
        *({"movement": movement, "terrain": terrain, "forced_march": True, "road": road,
           "activity": activity}
          for movement, terrain, road in (([6], "normal", False), ([1, 9], "difficult", True),
                                          ([30, 7, 3], "difficult", False))
          for activity in ("none", "forage")),
        {"road": True}, {"landmark": True, "activity": "forage"},
        {"road": True, "landmark": True, "terrain": "difficult", "activity": "explore"},
        {"movement": [5] * 100, "activity": "hunt"},
        {"movement": []}, {"movement": [6] * 101}, {"movement": [0]}, {"movement": [6, 31]},
        {"terrain": "swamp"}, {"activity": "fish"},
        {"forced_march": True, "activity": "hunt"},
        {"forced_march": True, "activity": "explore", "terrain": "difficult"},
        # [Simultánní aktivity]: each group's check in turn; refusals
        {"activities": GROUPS}, {"activities": GROUPS[1:2], "terrain": "difficult"},
        {"activities": [{"group": "Eva", "activity": "forage"},
                        {"group": "Ota", "activity": "forage"}], "road": True},
        {"activities": [{"group": "Ota", "activity": "explore"}], "landmark": True},
        {"activities": GROUPS[1:2], "forced_march": True},
        {"activities": GROUPS, "forced_march": True},
        {"activities": GROUPS, "activity": "hunt"}, {"activities": []},
        {"activities": [{"group": "Ota", "activity": "hunt"}] * 2},
        {"activities": [{"activity": "hunt"}]}, {"activities": [{"group": "X" * 41,
                                                                  "activity": "hunt"}]},
        {"activities": [{"group": "Ota", "activity": "none"}]},
        {"activities": [{"group": "Ota"}]},
    ],
}


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/travel`` [Cestování po světě]: GET and POST agree, physical dice, Czech, 422s.

INPUTS = {"movement": [6, 5], "terrain": "difficult", "activity": "forage"}


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "travel", INPUTS, seed)


@pytest.mark.parametrize(("body", "result"), [
    ({"movement": [5], "terrain": "difficult", "forced_march": True, "activity": "forage",
      "dice": [3, 2, 1, 6]},
     {"distance_km": 18.75, "lost": True, "encounter": True,
      "activity": {"kind": "forage", "success": True, "supplies": 6}, "fatigue_gained": 1,
      "visibility_km": 5, "travelling": True, "slowest_movement": 5}),
    ({"activity": "hunt", "dice": [4, 2]},
     {"distance_km": 0, "lost": None, "encounter": False,
      "activity": {"kind": "hunt", "success": False, "supplies": None}, "fatigue_gained": 0,
      "visibility_km": 5, "travelling": False, "slowest_movement": 6}),
])
def test_physical_dice(client: FlaskClient, body: dict[str, object],
                       result: dict[str, object]) -> None:
    payload = client.post("/api/v1/travel", json=body).get_json()
    assert {key: value for key, value in payload["result"].items() if key in result} == result
    assert payload["chance"] == pytest.approx(2 / 3)
    assert [r["results"] for r in payload["rolls"]] == [[d] for d in body["dice"]]


def test_czech_text_and_plain_format(client: FlaskClient) -> None:
    response = client.get("/api/v1/travel?movement=5&terrain=difficult&road=true&dice=6"
                          "&format=text")
    assert response.get_data(as_text=True) == (
        "Den cesty: 12,5 km (hybnost 5 × 5, obtížný terén ½). Setkání 1d6 = 6 > 2 → nic.\n"
        "Šance na den bez setkání: 66,7\u00a0%\n")


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"activity": "hunt", "forced_march": True}, "forced_march", "turn 'forced_march' off"),
    ({"activity": "explore", "forced_march": True}, "forced_march", "turn 'forced_march' off"),
    ({"movement": [31]}, "movement", "equal to 1 and less than or equal to 30"),
    ({"movement": []}, "movement", "Length"),
    ({"terrain": "swamp"}, "terrain", "one of"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "travel", body, field, words, lang="en")


def test_an_encounter_links_the_encounter_in_the_wilderness(client: FlaskClient) -> None:
    payload = client.get("/api/v1/travel?road=true&dice=1&lang=en").get_json()
    assert payload["result"]["next"] == [{
        "procedure": "encounter", "url": "/api/v1/encounter?location=wilderness",
        "title": "Encounter",
        "missing": []}]
    assert client.get(payload["result"]["next"][0]["url"]).status_code == 200


def test_contradiction_speaks_czech_by_default(client: FlaskClient) -> None:
    payload = client.get("/api/v1/travel?activity=hunt&forced_march=true").get_json()
    assert payload["message"].startswith("Lov zabere celý den")
    assert "vypni „Dnem i nocí (× 1,5, únava +1)“" in payload["message"]
    assert payload["message"].endswith("zvol jednu z možností: žádná, sběr.")


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "travel")
    assert bounds(schema, "movement") == (1, 30)
    assert max_items(schema, "movement") == 100


CZECH_GROUPS = [{"group": "Ota", "activity": "lov"}, {"group": "Eva", "activity": "sber"}]


def test_groups_activities_by_get_and_post(client: FlaskClient) -> None:
    by_post = client.post("/api/v1/travel", json={"activities": CZECH_GROUPS, "dice": [3, 1, 2, 4]})
    by_get = client.get("/api/v1/travel", query_string={
        "activities": json.dumps(CZECH_GROUPS), "dice": "3,1,2,4"})
    assert by_post.status_code == by_get.status_code == 200
    body = by_post.get_json()
    assert by_get.get_json() == body
    assert schema_errors(body) == {}
    assert body["input"]["activities"] == [{"group": "Ota", "activity": "hunt"},
                                           {"group": "Eva", "activity": "forage"}]
    assert body["result"]["activities"] == [
        {"group": "Ota", "kind": "hunt", "success": True, "supplies": None},
        {"group": "Eva", "kind": "forage", "success": True, "supplies": 4}]
    assert body["result"]["travelling"] is False
    assert body["rule"] == {"title": "Simultánní aktivity",
                            "url": "/pravidla/cestovani-po-svete/#simultanni-aktivity"}


def test_one_activity_answers_as_before_with_no_groups(client: FlaskClient) -> None:
    body = client.get("/api/v1/travel?activity=hunt&dice=4,2").get_json()
    assert "activities" not in body["input"] and body["result"]["activities"] == []


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"activities": CZECH_GROUPS, "activity": "forage"}, "activities", "not both"),
    ({"activities": []}, "activities", "Length"),
    ({"activities": [{"group": "Ota", "activity": "fish"}]}, "activities", "one of"),
    ({"activities": [{"group": "Ota", "activity": "hunt"}] * 2}, "activities", "twice"),
    ({"activities": CZECH_GROUPS, "forced_march": True}, "forced_march", "forage only"),
])
def test_groups_that_break_the_rule_are_a_422(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "travel", body, field, words, lang="en")


# --- properties --------------------------------------------------------------------------------
# [Cestování po světě] property tests over the whole input space.

seeds = st.integers(0, 2**63 - 1)

travel_inputs = st.fixed_dictionaries({
    "movement": st.lists(st.integers(1, 30), min_size=1, max_size=100),
    "terrain": st.sampled_from(wilderness.TERRAINS),
    "road": st.booleans(),
    "landmark": st.booleans(),
    "forced_march": st.booleans(),
    "activity": st.sampled_from(wilderness.ACTIVITIES),
})


@settings(max_examples=200, deadline=None)
@given(travel_inputs, seeds)
def test_travel_day_follows_the_rules(inputs: dict[str, Any], seed: int) -> None:
    whole_day = inputs["activity"] in ("hunt", "explore")
    try:
        outcome = wilderness.travel(SeededDice(seed), **inputs)
    except RuleError as error:
        assert whole_day and inputs["forced_march"] and error.field == "forced_march"
        return
    result = outcome.result
    expected = Fraction(5 * min(inputs["movement"]))
    expected *= Fraction(1, 2) if inputs["terrain"] == "difficult" else 1
    expected *= Fraction(3, 2) if inputs["forced_march"] else 1
    assert result.distance_km == (0 if whole_day else expected)
    checked = not whole_day and not inputs["road"] and not inputs["landmark"]
    assert (result.lost is None) is (not checked)
    assert result.fatigue_gained == int(inputs["forced_march"])
    assert result.visibility_km == 5 and outcome.chance == Fraction(2, 3)
    assert outcome.next == ((Next("encounter", {"location": "wilderness"}),) if result.encounter
                            else ())
    # One sentence, one full stop: never "setkání!." or "..".
    for text in (outcome.text.cs, outcome.text.en):
        assert text.endswith(".") and "!." not in text and ".." not in text
    labels = [r.label for r in outcome.rolls]
    assert labels[: 1 + checked] == (["lost"] if checked else []) + ["encounter"]
    if inputs["activity"] == "none":
        assert result.activity is None
    else:
        assert result.activity.kind == inputs["activity"]
        if inputs["activity"] == "forage" and result.activity.success:
            assert 1 <= result.activity.supplies <= 6 and labels[-1] == "supplies"
        elif inputs["activity"] == "forage":
            assert result.activity.supplies == 0
        else:
            assert result.activity.supplies is None


group_activities = st.lists(st.sampled_from(tuple(wilderness.ACTIVITY_ON)), min_size=1,
                            max_size=6).map(
    lambda kinds: [{"group": f"G{i}", "activity": kind} for i, kind in enumerate(kinds)])


@settings(max_examples=200, deadline=None)
@given(group_activities, st.booleans(), st.booleans(), seeds)
def test_each_group_rolls_its_activity_and_a_whole_day_one_stops_the_party(
    groups: list[dict[str, str]], road: bool, forced_march: bool, seed: int
) -> None:
    whole_day = any(g["activity"] in wilderness.WHOLE_DAY_ACTIVITIES for g in groups)
    try:
        outcome = wilderness.travel(SeededDice(seed), activities=groups, road=road,
                                    forced_march=forced_march)
    except RuleError as error:
        assert whole_day and forced_march and error.field == "forced_march"
        return
    result = outcome.result
    assert result.travelling is not whole_day
    assert (result.distance_km == 0) is whole_day
    assert [(a.group, a.kind) for a in result.activities] == [
        (g["group"], g["activity"]) for g in groups]
    assert result.activity is None
    labels = [r.label for r in outcome.rolls]
    checks = [label for label in labels if label in wilderness.ACTIVITY_ON]
    assert checks == [g["activity"] for g in groups]
    for tried in result.activities:
        assert (tried.supplies is None) is (tried.kind != "forage")
        if tried.kind == "forage":
            assert (tried.supplies > 0) is tried.success
    assert labels.count("supplies") == sum(
        a.kind == "forage" and a.success for a in result.activities)
    assert outcome.rule.section == "simultanni-aktivity"


DEFAULTS: dict[str, Any] = {
    "movement": [6], "terrain": "normal", "road": False, "landmark": False, "forced_march": False,
    "activity": "none", "activities": None,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(wilderness.travel, inputs, seed)
