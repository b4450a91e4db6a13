"""The calculators of meeting the enemy in Chromium: initiative, surprise, the encounter distance,
the whole encounter and the range zones give the engine's answers from physical dice, draw their
distributions, refuse what the rules refuse beside the field, and fit a 390 px phone."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from rpg.pravidla import combat
from tests.calculators import vectors as golden
from tests.calculators.forms import agrees, fill, roll
from tests.calculators.shared_checks import (
    fit_a_phone,
    random_rolls_keep,
    refused_beside_the_field,
)
from tests.calculators.vectors import dice_sequences, vector

pytestmark = pytest.mark.browser

PATHS = ["initiative", "surprise", "encounter-distance", "encounter", "range-zone",
         "encounter-duration"]
#: Vectors per calculator replayed in the browser (every one of them already passes under node).
SAMPLE = 8




def _cases(path: str) -> list[dict[str, Any]]:
    """Vectors of ``path`` with a result: for each grid input its first dice and seeded ones."""
    procedure = golden.PROCEDURES[path]
    cases = []
    for inputs in golden.GRIDS[path]:
        sequences = list(dice_sequences(procedure, inputs))
        for dice in (sequences[0], random.Random(len(cases)).choice(sequences)):
            case = vector(path, inputs, dice)
            if "result" in case:
                cases.append(case)
    return random.Random(11).sample(cases, min(SAMPLE, len(cases)))


@pytest.mark.parametrize("path", PATHS)
def test_physical_dice_give_the_engines_answer(calculators, path):
    _, root, errors = calculators.open(path)
    for case in _cases(path):
        root.locator("form").evaluate("form => form.reset()")
        fill(root, case["input"], case["dice"])
        assert agrees(roll(root), case["result"]), case
        assert root.locator(".calculator__text").inner_text() == case["text"]
        # None of these procedures has a chance of its own: the engine's is null.
        assert root.locator(".calculator__chance").count() == 0, case
    assert not errors


def _bars(root) -> list[tuple[str, bool]]:
    """The chart's bars: each one's title (label: percent) and whether it is the rolled one."""
    return [tuple(bar) for bar in root.locator(".calculator__chart rect").evaluate_all(
        "rs => rs.map(r => [r.querySelector('title').textContent,"
        " r.classList.contains('is-current')])")]


@pytest.mark.parametrize(("path", "inputs", "dice", "bars"), [
    # Two sides roll: nobody 4/9, some 4/9, everyone 1/9; 5 and 2 → the enemies are surprised.
    ("surprise", {}, [5, 2], [("nikdo: 44,44\u00a0%", False), ("některá: 44,44\u00a0%", True),
                              ("všechny: 11,11\u00a0%", False)]),
    # Three sides, the players' d10 at least both others: 385/1000.
    ("initiative", {"sides": "hráči, skřeti, vlci"}, [4, 9, 9],
     [("hráči první: 38,5\u00a0%", False), ("soupeř první: 61,5\u00a0%", True)]),
    # Surprised in the wilderness: 1d4 × 10 m, each 25 %.
    ("encounter-distance", {"surprised": True}, [3],
     [("10: 25\u00a0%", False), ("20: 25\u00a0%", False), ("30: 25\u00a0%", True),
      ("40: 25\u00a0%", False)]),
])
def test_the_chart_shows_the_exact_distribution_and_the_rolled_outcome(
    calculators, path, inputs, dice, bars,
):
    _, root, errors = calculators.open(path)
    fill(root, inputs, dice)
    assert roll(root) is not None
    assert _bars(root) == bars
    assert not errors


def test_indoor_distance_when_surprised_charts_the_halved_4d6(calculators):
    _, root, errors = calculators.open("encounter-distance")
    fill(root, {"location": "indoors", "surprised": True}, [6, 6, 6, 5])
    assert roll(root) == {"distance_m": 11, "zone": "poblize", "zone_name": "Poblíž",
                           "next": []}
    shown = _bars(root)
    assert [title.split(":")[0] for title, _ in shown] == [str(m) for m in range(2, 13)]
    # 14/1296 (23 or 22)
    assert [title for title, current in shown if current] == ["11: 1,08\u00a0%"]
    assert not errors


def test_the_whole_encounter_reuses_each_step(calculators):
    _, root, errors = calculators.open("encounter")
    # Surprise 1 and 6 (the players are surprised), distance 1d4 = 2, the enemies' d10 = 7,
    # their reaction 2d6 = 6 + 6 + 2.
    fill(root, {"location": "wilderness", "reaction_modifier": "2"}, [1, 6, 2, 7, 6, 6])
    result = roll(root)
    assert result is not None
    assert result["distance"] == {"distance_m": 20, "zone": "poblize", "zone_name": "Poblíž"}
    assert result["initiative"]["skipped"] == ["hráči"]
    assert [(r["side"], r["total"], r["band"]) for r in result["reactions"]] == [
        ("nepřátelé", 14, "friendly")]
    text = root.locator(".calculator__text").inner_text()
    assert text.endswith("Reakce (nepřátelé): 2d6 = 6 + 6 = 12 + 2 = 14 → Přátelský, nápomocný "
                         "(NPC: Pozitivní).")
    assert not errors


def test_the_next_steps_link_to_their_calculators(calculators):
    _, root, errors = calculators.open("surprise")
    fill(root, {}, [1, 5])
    assert [step["procedure"] for step in roll(root)["next"]] == ["encounter-distance",
                                                                   "initiative"]
    links = root.locator(".calculator__next a")
    assert links.evaluate_all("as => as.map(a => [a.textContent, a.getAttribute('href')])") == [
        ["Vzdálenost setkání", "#kalkulacka-encounter-distance"],
        ["Iniciativa", "/pravidla/souboje/#iniciativa"]]
    _, root, errors = calculators.open("encounter")
    fill(root, {}, [3, 4, 1, 1, 1, 1, 5, 7, 3, 4])
    assert roll(root)["next"] == [{"procedure": "encounter-duration",
                                    "url": "/api/v1/encounter-duration",
                                    "title": "Konec setkání", "missing": ["rounds"]}]
    assert root.locator(".calculator__next a").get_attribute("href") == (
        "#kalkulacka-encounter-duration")
    assert not errors


def test_a_location_is_a_choice_of_the_engines_places(calculators):
    for path in ("encounter-distance", "encounter"):
        _, root, _ = calculators.open(path)
        options = root.locator('[name="location"] option')
        assert options.evaluate_all("os => os.map(o => [o.value, o.textContent])") == [
            ["indoors", "vnitřní prostory"], ["wilderness", "divočina, moře nebo vzduch"]]
        assert root.locator('[name="location"]').input_value() == "wilderness"


@pytest.mark.parametrize(("path", "inputs", "field", "message"), [
    ("initiative", {"sides": "hráči, vlci, hráči"}, "sides",
     "Strany musí mít různá jména; 'hráči' je uvedena víckrát."),
    # A refusal names the fields by their labels, as the form shows them.
    ("initiative", {"players": "vlci"}, "players",
     "„Strana hráčů“ jmenuje stranu 'vlci', která mezi stranami není (hráči, nepřátelé)."),
    ("initiative", {"sides": "a, b", "surprised": "b, c"}, "surprised",
     "„Překvapené strany (čárkami)“ jmenuje stranu 'c', která mezi stranami není (a, b)."),
    ("surprise", {"light": "draci"}, "light", "světlo (čárkami)“ jmenuje stranu 'draci'"),
    ("surprise", {"sides": "jen my"}, "sides", "Zadej 2 až 10 položek oddělených čárkou."),
    ("encounter-distance", {"dice": "6, 6, 6"}, "dice",
     "Chybí kostka: je potřeba d6 pro „vzdálenost“ (kostka č. 4)."),
    ("encounter", {"sides": "a, b", "players": "c"}, "players",
     "„Strana hráčů“ jmenuje stranu 'c'"),
    ("encounter", {"reaction_modifier": "7"}, "reaction_modifier", "Zadej hodnotu od -6 do 6."),
    ("range-zone", {"distance_m": "-1"}, "distance_m",
     f"Zadej hodnotu od 0 do {combat.MAX_DISTANCE_M}."),
    ("range-zone", {"distance_m": "daleko"}, "distance_m", "Zadej číslo."),
    ("encounter-duration", {"rounds": "-1"}, "rounds", "Zadej hodnotu od 0 do 100000."),
    ("encounter-duration", {"rounds": ""}, "rounds", "Vyplň toto pole."),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    calculators, path, inputs, field, message,
):
    refused_beside_the_field(calculators, path, inputs, field, message)


#: A random roll in the browser: inputs (as typed), and what its result must satisfy.
RANDOM_INPUTS: dict[str, dict[str, Any]] = {
    "initiative": {"sides": "hráči, skřeti, vlci", "surprised": "vlci"},
    "surprise": {"sides": "hráči, skřeti", "light": "skřeti"},
    "encounter-distance": {"location": "indoors", "surprised": True},
    "encounter": {"sides": "hráči, skřeti, vlci", "location": "wilderness"},
    "range-zone": {"distance_m": "25,5"},
    "encounter-duration": {"rounds": "101"},
}


def _encounter_holds(r: dict[str, Any]) -> bool:
    surprised = [e["side"] for e in r["surprise"]["sides"] if e["surprised"]]
    skipped = r["initiative"]["skipped"]
    acting = [e["side"] for e in r["initiative"]["order"]]
    wild = r["distance"]["distance_m"]
    reacting = [e["side"] for e in r["reactions"]]
    return (wild % 10 == 0 and (10 <= wild <= 40 if surprised else 40 <= wild <= 240)
            and (skipped == surprised if len(surprised) < 3 else skipped == [])
            and sorted(acting + skipped) == sorted(["hráči", "skřeti", "vlci"])
            and reacting == [s for s in ("skřeti", "vlci") if s not in skipped])


INVARIANTS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "initiative": lambda r: r["skipped"] == ["vlci"]
    and [e["side"] for e in r["order"]] in (["hráči", "skřeti"], ["skřeti", "hráči"])
    and r["order"][0]["roll"] >= r["order"][1]["roll"]
    and abs(r["players_first_chance"] - 0.55) < 1e-12,
    "surprise": lambda r: r["sides"][0]["roll"] is None and 1 <= r["sides"][1]["roll"] <= 6
    and r["effect"] == ("some" if r["sides"][1]["roll"] <= 2 else "none"),
    "encounter-distance": lambda r: 2 <= r["distance_m"] <= 12
    and r["zone"] in ("blizko", "poblize"),
    "encounter": _encounter_holds,
    "range-zone": lambda r: (r["counted_m"], r["zone"], r["name"]) == (26, "daleko", "Daleko"),
    "encounter-duration": lambda r: (r["shifts"], r["minutes"]) == (2, 20),
}


@pytest.mark.parametrize("path", PATHS)
def test_a_random_roll_gives_a_valid_answer(calculators, path):
    random_rolls_keep(calculators, path, RANDOM_INPUTS[path], INVARIANTS[path],
                      times=6)


#: Ten long side names: the longest texts these calculators write.
_LONG = ", ".join(f"Převelice dlouhé jméno strany {n}" for n in range(10))
PHONE_INPUTS = {"initiative": {"sides": _LONG}, "surprise": {"sides": _LONG},
                "encounter": {"sides": _LONG, "location": "indoors"}}


def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    fit_a_phone(calculators, PATHS, {**RANDOM_INPUTS, **PHONE_INPUTS},
                tmp_path_factory)
