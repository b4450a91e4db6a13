"""Property tests over the whole input space of the checks and the attack."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app
from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.core.notation import parse
from rpg.pravidla import attack as attack_rules
from rpg.pravidla import checks
from rpg.pravidla.attack import attack
from rpg.pravidla.checks import chance, magic_items, saving_throw, skill_check
from rpg.pravidla.d20 import D20
from rpg.pravidla.dungeon import trap, wandering_monsters
from tests.answers import schema_errors

seeds = st.integers(0, 2**63 - 1)
modifiers = st.integers(-20, 20)
fatigues = st.integers(0, 50)
any_ints = st.integers(-1000, 1000)


def _check_d20(result: Any, rolls: tuple[Any, ...], target: int, modifier: int,
               advantage: bool, disadvantage: bool) -> None:
    assert len(rolls) == 1
    assert len(rolls[0].results) == (2 if advantage != disadvantage else 1)
    kept = max if advantage and not disadvantage else min if disadvantage and not advantage \
        else (lambda values: values[0])
    assert result.natural == kept(rolls[0].results)
    assert result.total == result.natural + modifier
    assert result.success is (result.natural == D20 or (
        result.natural != 1 and result.total >= target))
    assert result.critical == {D20: "success", 1: "failure"}.get(result.natural)


def _chance_bounds(chance: Fraction, advantage: bool, disadvantage: bool) -> None:
    one, nineteen = Fraction(1, 20), Fraction(19, 20)
    if advantage == disadvantage:
        assert one <= chance <= nineteen
    elif advantage:
        assert 1 - nineteen**2 <= chance <= 1 - one**2
    else:
        assert one**2 <= chance <= nineteen**2


dc_choices = st.one_of(
    st.tuples(st.integers(1, 40), st.none(), st.just(False)),
    st.tuples(st.none(), st.sampled_from(tuple(checks.DIFFICULTIES)), st.just(False)),
    st.tuples(st.none(), st.none(), st.booleans()),
)


@settings(max_examples=200, deadline=None)
@given(dc_choices, modifiers, modifiers, st.booleans(), st.booleans(), fatigues, seeds)
def test_skill_check_invariants(
    dc_choice: tuple[int | None, str | None, bool], modifier: int, bonus: int, advantage: bool,
    disadvantage: bool, fatigue: int, seed: int,
) -> None:
    dc, difficulty, untrained = dc_choice
    outcome = skill_check(SeededDice(seed), modifier=modifier, dc=dc, difficulty=difficulty,
                          bonus=bonus, advantage=advantage, disadvantage=disadvantage,
                          untrained=untrained, fatigue=fatigue)
    result = outcome.result
    expected_dc = dc if dc is not None else checks.DIFFICULTIES[
        "velmi-tezka" if untrained else difficulty or "stredni"]
    assert result.dc == expected_dc
    _check_d20(result, outcome.rolls, expected_dc, modifier + bonus - fatigue, advantage,
               disadvantage)
    assert outcome.chance is not None
    _chance_bounds(outcome.chance, advantage, disadvantage)


@settings(max_examples=200, deadline=None)
@given(st.none() | any_ints, st.none() | st.text(max_size=12)
       | st.sampled_from(tuple(checks.DIFFICULTIES)), st.booleans(), any_ints)
def test_skill_check_any_input_is_a_result_or_a_rule_error(
    dc: int | None, difficulty: str | None, untrained: bool, fatigue: int
) -> None:
    try:
        outcome = skill_check(SeededDice(1), dc=dc, difficulty=difficulty, untrained=untrained,
                              fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("dc", "difficulty", "fatigue")
        assert error.message.cs and error.message.en
    else:
        assert checks.DC_MIN <= outcome.result.dc <= checks.DC_MAX
        assert fatigue >= 0
        assert (dc is None) or (difficulty is None and not untrained)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.sampled_from(tuple(checks.SAVE_AGAINST)), modifiers, modifiers,
       st.booleans(), st.booleans(), fatigues, seeds)
def test_saving_throw_invariants(
    target: int, against: str, modifier: int, bonus: int, advantage: bool, disadvantage: bool,
    fatigue: int, seed: int,
) -> None:
    outcome = saving_throw(SeededDice(seed), target=target, against=against, modifier=modifier,
                           bonus=bonus, advantage=advantage, disadvantage=disadvantage,
                           fatigue=fatigue)
    assert (outcome.result.target, outcome.result.against) == (target, against)
    _check_d20(outcome.result, outcome.rolls, target, modifier + bonus - fatigue, advantage,
               disadvantage)
    assert outcome.chance is not None
    _chance_bounds(outcome.chance, advantage, disadvantage)


@settings(max_examples=150, deadline=None)
@given(any_ints, st.text(max_size=10) | st.sampled_from(tuple(checks.SAVE_AGAINST)), any_ints)
def test_saving_throw_any_input_is_a_result_or_a_rule_error(
    target: int, against: str, fatigue: int
) -> None:
    try:
        saving_throw(SeededDice(1), target=target, against=against, fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("target", "against", "fatigue")
    else:
        assert 1 <= target <= 30 and against in checks.SAVE_AGAINST and fatigue >= 0


item_lists = st.lists(
    st.builds(lambda name, bonus: {"name": name, "bonus": bonus},
              st.text(min_size=1, max_size=40), modifiers), min_size=1, max_size=50)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30), item_lists, modifiers, modifiers, fatigues, seeds)
def test_magic_items_invariants(
    target: int, items: list[dict[str, Any]], modifier: int, bonus: int, fatigue: int, seed: int
) -> None:
    outcome = magic_items(SeededDice(seed), target=target, items=items, modifier=modifier,
                          bonus=bonus, fatigue=fatigue)
    saves = outcome.result.items
    assert len(saves) == len(outcome.rolls) == len(items)
    assert [s.name for s in saves] == [i["name"] for i in items]
    for save, item, rolled in zip(saves, items, outcome.rolls, strict=True):
        assert save.natural == rolled.total and 1 <= save.natural <= D20
        assert save.total == save.natural + modifier + bonus + item["bonus"] - fatigue
        assert save.survives is (save.natural == D20 or (
            save.natural != 1 and save.total >= target))
        assert Fraction(1, 20) <= save.chance <= Fraction(19, 20)
    assert outcome.result.survived == sum(s.survives for s in saves)


@settings(max_examples=150, deadline=None)
@given(any_ints, st.integers(0, 60), any_ints)
def test_magic_items_any_input_is_a_result_or_a_rule_error(
    target: int, count: int, fatigue: int
) -> None:
    try:
        magic_items(SeededDice(1), target=target, items=[{"name": "x"}] * count, fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("target", "items", "fatigue")
    else:
        assert 1 <= target <= 30 and 1 <= count <= 50 and fatigue >= 0


odds = st.integers(2, 100).flatmap(lambda y: st.tuples(st.integers(1, y), st.just(y)))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([chance, trap, wandering_monsters]), odds, seeds)
def test_x_in_y_invariants(procedure: Any, x_y: tuple[int, int], seed: int) -> None:
    x, y = x_y
    outcome = procedure(SeededDice(seed), x=x, y=y)
    result = outcome.result
    assert 1 <= result.roll <= y and (result.x, result.y) == (x, y)
    assert result.success is (result.roll <= x)
    assert outcome.chance == Fraction(x, y)
    assert outcome.rolls[0].notation == f"1d{y}"


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 100), seeds)
def test_percent_invariants(percent: int, seed: int) -> None:
    outcome = chance(SeededDice(seed), percent=percent)
    assert outcome.result.success is (outcome.result.roll <= percent)
    assert outcome.chance == Fraction(percent, 100)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([chance, trap, wandering_monsters]), st.none() | any_ints,
       st.none() | any_ints, st.none() | any_ints)
def test_x_in_y_any_input_is_a_result_or_a_rule_error(
    procedure: Any, x: int | None, y: int | None, percent: int | None
) -> None:
    inputs = {k: v for k, v in {"x": x, "y": y}.items() if v is not None}
    if procedure is chance and percent is not None:
        inputs["percent"] = percent
    try:
        outcome = procedure(SeededDice(1), **inputs)
    except RuleError as error:
        assert error.field in ("x", "y", "percent")
    else:
        assert 0 < outcome.chance <= 1


damage_terms = st.one_of(
    st.builds(lambda n, m: f"{n}d{m}", st.integers(1, 6), st.sampled_from([2, 4, 6, 8, 10, 12])),
    st.builds(lambda n, m, k: f"{n}d{m}kh{min(k, n)}", st.integers(1, 5), st.sampled_from([6, 8]),
              st.integers(1, 5)),
    st.integers(0, 10).map(str),
)
damage_expressions = st.lists(st.tuples(st.sampled_from("+-"), damage_terms), min_size=1,
                              max_size=3).map(lambda parts: "".join(s + t for s, t in parts)
                                              .lstrip("+"))


@st.composite
def attack_inputs(draw: st.DrawFn) -> dict[str, Any]:
    ranged = draw(st.booleans())
    return {
        "ac": draw(st.integers(0, 40)), "damage": draw(damage_expressions),
        "bonus": draw(modifiers), "ranged": ranged,
        "cover": draw(st.integers(0, 4)) if ranged else 0,
        "full_cover": draw(st.booleans()) if ranged else False,
        "surrounded": draw(st.booleans()), "advantage": draw(st.booleans()),
        "disadvantage": draw(st.booleans()), "strength_damage": draw(st.booleans()),
        "improvised": draw(st.booleans()), "defense": draw(st.sampled_from(
            attack_rules.DEFENSES)), "fatigue": draw(fatigues),
    }


@settings(max_examples=200, deadline=None)
@given(attack_inputs(), seeds)
def test_attack_invariants(inputs: dict[str, Any], seed: int) -> None:
    outcome = attack(SeededDice(seed), **inputs)
    result = outcome.result
    expression = parse(inputs["damage"])
    target = inputs["ac"] + (inputs["cover"] if inputs["ranged"] else 0)
    assert result.target == target
    assert outcome.chance is not None and 0 <= outcome.chance <= 1
    if inputs["full_cover"]:
        assert outcome.rolls == () and outcome.chance == 0
        assert (result.natural, result.hit, result.damage) == (None, False, 0)
        return
    modifier = inputs["bonus"] + inputs["surrounded"] - inputs["fatigue"]
    assert result.total == result.natural + modifier
    assert sum(m.value for m in result.modifiers) == modifier
    assert outcome.rolls[0].label == "attack"
    assert result.hit is (result.natural == D20 or (result.natural != 1 and result.total >= target))
    if not result.hit:
        assert (result.damage, result.critical, result.base_damage) == (0, False, None)
        assert len(outcome.rolls) == 1
        return
    assert result.base_damage is not None
    assert expression.minimum <= result.base_damage <= expression.maximum
    if result.natural == D20:
        assert result.critical and result.base_damage == expression.maximum
        assert len(outcome.rolls) == 1                    # no damage dice on a critical hit
    else:
        damage_rolls = outcome.rolls[1:]
        expected = (1 + inputs["improvised"]) if expression.dice_count else 0
        assert len(damage_rolls) == expected
        if damage_rolls:
            assert result.base_damage == min(r.total for r in damage_rolls)
    if inputs["defense"] == "immunity":
        assert result.damage == 0
    else:
        assert result.damage >= 1
        lowered = result.base_damage - (inputs["fatigue"] if inputs["strength_damage"] else 0)
        factor = {"normal": lowered, "resistance": lowered // 2, "weakness": lowered * 2}
        assert result.damage == max(1, factor[inputs["defense"]])


@settings(max_examples=200, deadline=None)
@given(any_ints, st.text(max_size=20) | damage_expressions, st.booleans(), any_ints,
       st.booleans(), st.text(max_size=10) | st.sampled_from(attack_rules.DEFENSES), any_ints)
def test_attack_any_input_is_a_result_or_a_rule_error(
    ac: int, damage: str, ranged: bool, cover: int, full_cover: bool, defense: str, fatigue: int
) -> None:
    try:
        outcome = attack(SeededDice(1), ac=ac, damage=damage, ranged=ranged, cover=cover,
                         full_cover=full_cover, defense=defense,  # type: ignore[arg-type]
                         fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("ac", "damage", "cover", "full_cover", "defense", "fatigue")
        assert error.message.cs and error.message.en
    else:
        assert 0 <= ac <= 40 and 0 <= cover <= 4 and fatigue >= 0
        assert ranged or not (cover or full_cover)
        assert outcome.result.damage >= 0


app = create_app({"TESTING": True})

INPUTS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "skill-check": (st.fixed_dictionaries({
        "modifier": modifiers, "bonus": modifiers, "advantage": st.booleans(),
        "disadvantage": st.booleans(), "fatigue": fatigues}, optional={
        "dc": st.integers(1, 40)})),
    "saving-throw": (st.fixed_dictionaries({
        "target": st.integers(1, 30), "against": st.sampled_from(tuple(checks.SAVE_AGAINST)),
        "advantage": st.booleans(), "fatigue": fatigues})),
    "magic-items": (st.fixed_dictionaries({
        "target": st.integers(1, 30), "items": item_lists, "fatigue": fatigues})),
    "chance": (st.one_of(
        st.fixed_dictionaries({"percent": st.integers(1, 100)}),
        odds.map(lambda x_y: {"x": x_y[0], "y": x_y[1]}))),
    "trap": (odds.map(lambda x_y: {"x": x_y[0], "y": x_y[1]})),
    "wandering-monsters": (st.fixed_dictionaries({})),
    "attack": (attack_inputs()),
}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(INPUTS)).flatmap(
    lambda path: st.tuples(st.just(path), INPUTS[path])), seeds,
    st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    path_inputs: tuple[str, dict[str, Any]], seed: int, lang: str
) -> None:
    path, inputs = path_inputs
    response = app.test_client().post(
        f"/api/v1/{path}", json={**inputs, "seed": seed, "lang": lang})
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert schema_errors(body) == {}
    assert body["chance"] is None or 0 <= body["chance"] <= 1
    assert body["text"] and body["seed"] == seed
