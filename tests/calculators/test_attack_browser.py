"""The calculators of ``rpg/pravidla/attack.py`` (attack, defense, persistent damage): the attack's
golden vectors meet every branch and refusal, and in Chromium each gives the engine's answer from
physical dice, a valid random roll, the Czech refusal beside the field (quoting the rule, the folded
groups opened) and fits a 390 px phone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rpg.core.catalog import catalog, msg
from rpg.core.registry import procedures
from rpg.pravidla import attack, combat
from tests.browser import screenshots
from tests.calculators.forms import agrees, fill, roll
from tests.calculators.shared_checks import (
    fit_a_phone,
    fits_the_phone,
    refused_beside_the_field,
    replay_physical_dice,
    sampled_cases,
)
from tests.calculators.vectors import GRIDS, PROCEDURES, first_of_each

PATH = "attack"
#: Vectors replayed in the browser (every one of them already passes under node).
SAMPLE = 10
#: A random roll in the browser, and what its result must satisfy.
RANDOM_INPUTS: dict[str, Any] = {"ac": 12, "bonus": 3, "damage": "1d8+2", "target_prone": True,
                                 "defense": "resistance"}


def random_result_is_valid(r: dict[str, Any]) -> bool:
    """A melee attack with advantage from a prone target against OČ 12, resistant to 1d8+2."""
    natural = r["natural"]
    hit = natural == 20 or (natural != 1 and natural + 3 >= 12)
    return (r["dice_mode"] == "advantage" and r["total"] == natural + 3 and r["hit"] == hit
            and r["edges"] == [{"source": "target_prone", "effect": "advantage"}]
            and (r["damage"] == max(1, r["base_damage"] // 2) and 3 <= r["base_damage"] <= 10
                 if hit else (r["damage"], r["base_damage"]) == (0, None))
            and r["critical"] == (hit and (natural == 20 or r["base_damage"] == 10)))


@pytest.fixture(scope="module")
def cases(every_vector: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One vector per grid input: its first dice sequence."""
    return first_of_each(every_vector, GRIDS[PATH])


@pytest.fixture(scope="module")
def every_vector(golden_vectors: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The golden vectors of ``attack``, as ``vectors.py`` makes them (misfit dice included)."""
    return golden_vectors[PATH]


def test_vectors_meet_every_branch(every_vector):
    groups = [c for c in every_vector if "each" in c.get("result", {})]
    assert {len(c["result"]["each"]) for c in groups} == {2, 3}
    assert "Zásahů: 0 z 3, poškození celkem 0." in " ".join(c["text"] for c in groups)
    results = [c for c in every_vector if "result" in c and "each" not in c["result"]]
    text = " ".join(c["text"] for c in results)
    seen = {(key, str(c["result"][key])) for c in results for key in (
        "hit", "critical", "dice_mode", "damage_halved", "helpless", "subdual")}
    assert seen == {(k, v) for k in ("hit", "critical", "damage_halved", "helpless", "subdual")
                    for v in ("True", "False")} | {
        ("dice_mode", mode) for mode in ("normal", "advantage", "disadvantage")}
    assert {c["dice"][0] for c in results if c["result"]["natural"] is not None} == set(
        range(1, 21))
    for words in ("přirozená 20 → kritický zásah", "přirozená 1 → vedle", "→ zásah", "→ vedle",
                  "+ 3 (krytí) = 13", "kompletním krytí", "(plné poškození → kritický zásah)",
                  "maximální poškození", "improvizovanou zbraní", "− 2 (únava)", "odolnost",
                  "slabost", "imunita: 0", "→ 1 (zásah vždy aspoň 1)", "+ 1 (dvě zbraně)",
                  "+ 1 (obklíčení)", "neozbrojený útok 1 − 3 (modifikátor síly)",
                  "pod vodou polovina", "výhoda a nevýhoda se ruší", "bez hodu na zásah",
                  "Přemožení", "poškození 4d6kh3 = ", "poškození 3.", "poškození 3+2 = 5."):
        assert words in text, words
    sources = {e["source"] for c in results for e in c["result"]["edges"]}
    assert sources == set(attack.EDGE_SOURCES)
    ignored = {s for c in results for s in c["result"]["not_applied"]}
    assert ignored == {"target_unarmed", "attacker_prone", "target_prone", "target_blind",
                       "unstable", "underwater", "surrounded", "zone", "invulnerable_monsters",
                       "ineffective", "two_weapons", *attack.DAMAGE_ONLY}
    assert {c["result"]["zone"] for c in results} == {None, *combat.ZONES}
    assert {c["result"]["invulnerable"] for c in results} == {True, False}
    for words in ("nezranitelné monstrum (úroveň 5): 0", "automaticky kritický zásah",
                  "(malá střelná zbraň na cíl daleko)", "+ 2 (modifikátor síly) − 1 (únava)",
                  "hod na neefektivní vzdálenost: 24 m, Síla 12", "okamžité zabití",
                  *(f"manévr místo poškození ({msg(f'attack.maneuver.{m}').cs})"
                    for m in attack.MANEUVERS),
                  *(msg(f"attack.maneuver-effect.{m}").cs for m in attack.MANEUVERS)):
        assert words in text, words
    assert {c["result"]["maneuver"] for c in results} == {None, *attack.MANEUVERS}
    assert {c["result"]["killed"] for c in results} == {True, False}
    assert {0.0, 1.0} <= {c["chance"] for c in results}  # full cover; a helpless target


def test_vectors_meet_every_refusal(every_vector):
    refused = {(c["error"]["field"], c["error"]["message"]) for c in every_vector
               if "error" in c}
    fields = {field for field, _ in refused}
    assert fields >= {"ac", "cover", "full_cover", "fatigue", "defense", "weapon", "damage",
                      "strength_modifier", "attacker_blind", "underwater", "two_weapons",
                      "unarmed", "improvised", "untrained", "helpless", "dice", "count", "zone",
                      "distance_m", "weapon_class", "target_level", "magic_weapon",
                      "attacker_monster_level", "auto_critical", "strength", "instant_kill",
                      "maneuver", "subdual"}
    messages = " ".join(message for _, message in refused)
    quotes = [key for key in catalog() if key.startswith("attack.quote.")]
    for key in quotes:  # every rule sentence an input can contradict
        assert msg(key).cs in messages, key
    for words in ("na pozici", "Výraz hází", "Výraz je delší", "Chybí kostka", "není mezi 1 a",
                  "Příliš mnoho kostek", "Zadáno"):
        assert words in messages, words


def _unfold(root, open_: bool = True) -> None:
    """Every folded group of the form opened (or closed)."""
    root.locator("details").evaluate_all(
        f"groups => groups.forEach(d => {{ d.open = {'true' if open_ else 'false'}; }})")


def _physical(root, case: dict[str, Any]) -> None:
    root.locator("form").evaluate("form => form.reset()")
    _unfold(root)
    fill(root, case["input"], case["dice"])


@pytest.mark.browser
def test_physical_dice_give_the_engines_answer(calculators, cases):
    _, root, errors = calculators.open(PATH)
    shown = [c for c in cases if "result" in c]
    for case in random.Random(3).sample(shown, SAMPLE):
        _physical(root, case)
        assert agrees(roll(root), case["result"]), case
        assert root.locator(".calculator__text").inner_text() == case["text"]
        assert "Šance na zásah" in root.locator(".calculator__chance").inner_text()
    assert not errors


@pytest.mark.browser
def test_the_situations_are_folded_until_needed(calculators):
    _, root, errors = calculators.open(PATH)
    details = root.locator("details")
    groups = details.evaluate_all("""groups => groups.map(d => [d.querySelector('summary')
        .textContent, [...d.querySelectorAll('[name]')].map(el => el.name)])""")
    assert groups == [
        ["Dosah (zóny dosahu, hod podle Síly)",
         ["weapon_class", "zone", "distance_m", "strength"]],
        ["Situace (ostatní bojové situace)",
         [*attack.SITUATIONS[:2], "strength_modifier", *attack.SITUATIONS[2:10], "weapon",
          "helpless", "auto_critical", "instant_kill", "maneuver", "subdual"]],
        ["Nezranitelná monstra (volitelné pravidlo)",
         ["invulnerable_monsters", "target_level", "magic_weapon", "attacker_monster_level"]]]
    assert not root.locator('[name="helpless"]').is_visible()
    fill(root, {"ac": "10", "damage": "1d6", "ranged": True, "cover": "2"}, [20])
    assert roll(root)["critical"] is True
    assert details.evaluate_all("groups => groups.map(d => d.open)") == [False] * 3
    assert not errors


@pytest.mark.browser
@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"ranged": True, "attacker_blind": True}, "attacker_blind", msg("attack.quote.blind").cs),
    ({"ranged": True, "underwater": True}, "underwater",
     msg("attack.quote.underwater-ranged").cs),
    ({"underwater": True}, "weapon", msg("attack.quote.underwater").cs),
    ({"two_weapons": True, "untrained": True}, "two_weapons", msg("attack.quote.two-weapons").cs),
    ({"strength_modifier": "2"}, "strength_modifier", msg("attack.quote.unarmed").cs),
    ({"cover": "2"}, "cover", "Krytí přidává k OČ jen proti střelným zbraním"),
    ({"damage": "1d8+"}, "damage", "očekáváno číslo nebo kostka na pozici 5"),
    ({"damage": ""}, "damage", "Zadej „Poškození“ (např. 1d8+2)"),
    ({"ac": "41"}, "ac", "Zadej hodnotu od 0 do 40."),
    ({"dice": "21"}, "dice", "hodnota 21 není mezi 1 a 20"),
    ({"zone": "poblize"}, "zone", "Cíl je poblíž: zbraň na blízko na něj nedosáhne."),
    ({"ranged": True, "zone": "daleko"}, "weapon_class", "zadej „Druh zbraně podle dosahu“"),
    ({"auto_critical": True}, "auto_critical", "zapni „Bezmocný cíl (bez hodu na zásah)“"),
])
def test_a_refused_input_shows_the_czech_reason_beside_the_field(
    calculators, inputs, field, words,
):
    _, root, errors = calculators.open(PATH)
    given = {"ac": "10", "damage": "1d6", **inputs}
    dice = given.pop("dice", None)
    _physical(root, {"input": given, "dice": None if dice is None else [int(dice)]})
    _unfold(root, False)
    assert roll(root) is None
    control = root.locator(f'[name="{field}"]')
    beside = root.locator(f"#{control.get_attribute('id')}-chyba")
    assert beside.is_visible()  # the folded situations open to show it
    assert words in beside.inner_text()
    assert control.get_attribute("aria-invalid") == "true"
    assert not errors


@pytest.mark.browser
def test_a_random_roll_gives_a_valid_answer(calculators):
    _, root, errors = calculators.open(PATH)
    _unfold(root)
    fill(root, RANDOM_INPUTS, None)
    for _ in range(8):
        result = roll(root)
        assert result is not None, root.locator("[data-output]").inner_text()
        assert random_result_is_valid(result), result
    assert not errors


@pytest.mark.browser
def test_phone_width_shows_no_sideways_scroll(calculators, tmp_path_factory):
    shots = screenshots(tmp_path_factory, "shots")
    page, root, _ = calculators.open(PATH)
    _unfold(root)
    fill(root, {**RANDOM_INPUTS, "attacker_prone": True, "underwater": True,
                 "weapon": "slashing", "count": "3"}, [17, 4, 3, 19, 5])
    assert roll(root) is not None
    fits_the_phone(page, root, shots, PATH)


# --- defense [Obranné číslo] and persistent-damage [Perzistentní poškození] ------------------

OTHERS = ("defense", "persistent-damage")


@pytest.mark.browser
@pytest.mark.parametrize("path", OTHERS)
def test_the_other_calculators_give_the_engines_answer(calculators, path):
    replay_physical_dice(calculators, path,
                         sampled_cases(path, PROCEDURES[path], GRIDS[path], sample=6, seed=4))


@pytest.mark.browser
@pytest.mark.parametrize(("path", "inputs", "field", "words"), [
    ("defense", {"base": "10", "dice": "3"}, "dice", "Příliš mnoho kostek"),
    ("persistent-damage", {"damage": "1d8+", "rounds": "2"}, "damage", "na pozici 5"),
    ("persistent-damage", {"damage": "1d8", "rounds": "101"}, "rounds", "Zadej hodnotu od 1"),
])
def test_the_other_calculators_refuse_beside_the_field(
    calculators, path, inputs, field, words,
):
    refused_beside_the_field(calculators, path, inputs, field, words)


@pytest.mark.browser
def test_a_persistent_damage_roll_draws_the_totals_distribution(calculators):
    _, root, errors = calculators.open("persistent-damage")
    fill(root, {"damage": "1d8", "rounds": "3"}, None)
    result = roll(root)
    assert result is not None and len(result["per_round"]) == 3
    assert root.locator(".calculator__chart rect").count() == 22  # totals 3..24
    assert root.locator(".calculator__chart rect.is-current").count() == 1
    assert not errors


@pytest.mark.browser
def test_the_defense_links_its_shield_block(calculators):
    _, root, errors = calculators.open("defense")
    fill(root, {"base": "10", "armor": "4", "shield": "2"}, None)
    assert roll(root)["ac"] == 16
    assert root.locator(".calculator__next a").inner_text() == procedures()[
        "shield-block"].title.cs
    assert not errors


@pytest.mark.browser
def test_the_other_calculators_fit_a_phone(calculators, tmp_path_factory):
    fit_a_phone(calculators, OTHERS, {
        "defense": {"base": "10", "armor": "5", "armor_trained": False, "shield": "2",
                    "two_weapons": True, "fatigue": "2", "cover": "3"},
        "persistent-damage": {"damage": "2d6+1", "rounds": "4"}}, tmp_path_factory)
