"""Dobývání soustav: the unit table, attack, regeneration, credits, ranking, capture, teleport."""

from __future__ import annotations

import pytest

from rpg.conquest import game as conquest
from rpg.conquest.game import (
    UNITS,
    attack,
    buy,
    capture,
    coin_split,
    coins,
    income,
    regen,
    score,
    teleport,
    unit_named,
    units,
    winner,
)
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError


def none() -> ReplayDice:
    return ReplayDice([])


# --- [Přehled jednotek] ----------------------------------------------------------------------


def test_the_unit_table_as_the_rules_print_it() -> None:
    rows = {u.name: (u.hp, u.attack, u.defense, u.range_min, u.range_max, u.movement, u.regen,
                     u.cost) for u in UNITS}
    assert rows == {
        "Dreadnought": (15, 7, 2, 1, 3, 2, 1, 350),
        "Scout": (4, 2, 0, 1, 3, 4, 1, 50),
        "Frigate": (9, 4, 1, 1, 4, 3, 2, 100),
        "Destroyer": (5, 11, 2, 3, 6, 1, 2, 400),
        "Displacer": (7, 4, 0, 1, 3, 3, 1, 150),
        "Extractor": (8, 0, 0, 0, 0, 0, 0, 500),
        "Mechanic": (4, 1, 0, 1, 3, 2, 1, 150),
    }
    outcome = units(none())
    assert outcome.result.units == UNITS
    assert (outcome.rolls, outcome.chance) == ((), None)


@pytest.mark.parametrize("name", ["scout", "SCOUT", " Scout ", "sCoUt"])
def test_unit_names_match_case_insensitively(name: str) -> None:
    assert unit_named(name).name == "Scout"


def test_an_unknown_unit_quotes_the_table() -> None:
    with pytest.raises(RuleError) as caught:
        unit_named("Cruiser", "attacker")
    assert caught.value.field == "attacker"
    assert "„Přehled jednotek: Dreadnought, Scout" in caught.value.message.cs
    assert "Unknown unit 'Cruiser'" in caught.value.message.en


# --- [Útok] Poškození = síla útoku – pasivní obrana cíle; cíl musí být v dosahu --------------


@pytest.mark.parametrize(("attacker", "target", "distance", "counters", "expected"), [
    ("Dreadnought", "Frigate", 2, 0, (True, 6, 6, 3, False)),
    ("Dreadnought", "Frigate", 1, 0, (True, 6, 6, 3, False)),     # range_min inclusive
    ("Dreadnought", "Frigate", 3, 0, (True, 6, 6, 3, False)),     # range_max inclusive
    ("Dreadnought", "Frigate", 4, 0, (False, 0, 6, 9, False)),    # beyond range: nothing dealt
    ("Destroyer", "Scout", 2, 0, (False, 0, 11, 4, False)),       # under the Destroyer's 3
    ("Destroyer", "Dreadnought", 6, 5, (True, 9, 9, 1, False)),
    ("Destroyer", "Dreadnought", 6, 6, (True, 9, 9, 0, True)),
    ("Scout", "Dreadnought", 1, 0, (True, 0, 0, 15, False)),      # never below 0
    ("Mechanic", "Scout", 3, 3, (True, 1, 1, 0, True)),
    ("Extractor", "Scout", 1, 0, (False, 0, 0, 4, False)),        # range "0": reaches no hex
    ("Frigate", "Frigate", 4, 0, (True, 3, 3, 6, False)),         # own units may be attacked
])
def test_attack(attacker: str, target: str, distance: int, counters: int,
                expected: tuple) -> None:
    result = attack(none(), attacker=attacker, target=target, distance=distance,
                    target_damage=counters).result
    assert (result.in_range, result.damage, result.damage_if_in_range, result.hp_left,
            result.destroyed) == expected


def test_attack_text() -> None:
    assert attack(none(), attacker="destroyer", target="frigate", distance=3).text.cs == (
        "Destroyer → Frigate na 3 hexy: poškození 11 − 1 = 10; zničen, odstraní se z mapy.")
    assert attack(none(), attacker="Scout", target="Frigate", distance=5).text.cs == (
        "Scout → Frigate na 5 hexů: mimo dosah (1–3), „Cílová jednotka musí být v dosahu.“")


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"attacker": "Scout", "target": "Frigate", "distance": -1}, "distance",
     "„Cílová jednotka musí být v dosahu.“"),
    ({"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": 9},
     "target_damage", "je odstraněna z mapy"),
    ({"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": -1},
     "target_damage", "damage countery"),
    ({"attacker": "Scout", "target": "Tank", "distance": 1}, "target", "Přehled jednotek"),
])
def test_bad_attack_inputs_quote_the_rule(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        attack(none(), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs


# --- [Regenerace] regen, +1 per Mechanic in range, never more than 5 -------------------------


@pytest.mark.parametrize(("unit", "damage", "mechanics", "repaired", "capped"), [
    ("Frigate", 3, 0, 2, False),
    ("Frigate", 1, 0, 1, False),        # never more than the damage
    ("Frigate", 0, 3, 0, False),
    ("Frigate", 8, 2, 4, False),
    ("Dreadnought", 14, 4, 5, False),   # exactly 5: no cap needed
    ("Dreadnought", 14, 9, 5, True),    # the cap of 5
    ("Dreadnought", 4, 9, 4, False),    # the damage, under the cap
    ("Extractor", 3, 0, 0, False),      # regen 0: only Mechanics help it
    ("Extractor", 3, 2, 2, False),
])
def test_regen(unit: str, damage: int, mechanics: int, repaired: int, capped: bool) -> None:
    result = regen(none(), unit=unit, damage=damage, mechanics_in_range=mechanics).result
    assert (result.repaired, result.damage_left, result.capped) == (
        repaired, damage - repaired, capped)
    assert result.hp == unit_named(unit).hp - damage + repaired


def test_regen_text_and_bad_inputs() -> None:
    assert regen(none(), unit="Dreadnought", damage=10, mechanics_in_range=6).text.cs == (
        "Dreadnought: regen 1 + 6 Mechanic → opraví 5 (nejvýše 5 za kolo), zbývá 5 poškození, "
        "10/15 životů.")
    with pytest.raises(RuleError) as caught:
        regen(none(), unit="Scout", damage=1, mechanics_in_range=-1)
    assert caught.value.field == "mechanics_in_range"
    assert "„Mechanic: pasivní +1 k regeneraci" in caught.value.message.cs


# --- [Příjem kreditů] ------------------------------------------------------------------------


@pytest.mark.parametrize(("checkpoints", "extractors", "credits"), [
    (0, 0, 0), (1, 0, 100), (0, 1, 50), (3, 2, 400), (1000, 1000, 150_000)])
def test_income(checkpoints: int, extractors: int, credits: int) -> None:
    result = income(none(), checkpoints=checkpoints, extractors=extractors).result
    assert result.credits == credits
    assert (result.from_checkpoints, result.from_extractors) == (100 * checkpoints,
                                                                 50 * extractors)


def test_negative_income_inputs_quote_the_rule() -> None:
    with pytest.raises(RuleError) as caught:
        income(none(), extractors=-1)
    assert caught.value.message.cs.endswith("„50 kr. za každý vlastněný Extractor.“")


# --- [Kredity] ------------------------------------------------------------------------------


@pytest.mark.parametrize(("credits", "split", "count"), [
    (0, (0, 0, 0), 0),
    (50, (0, 0, 1), 1),
    (150, (0, 0, 3), 3),
    (200, (0, 1, 0), 1),
    (1450, (1, 2, 1), 4),
    (3950, (3, 4, 3), 10),
])
def test_coins_fewest(credits: int, split: tuple[int, int, int], count: int) -> None:
    result = coins(none(), credits=credits).result
    assert (result.coins["1000"], result.coins["200"], result.coins["50"]) == split
    assert result.count == count
    assert list(result.coins) == ["1000", "200", "50"]


@pytest.mark.parametrize("credits", [1, 30, 1330, -50])
def test_coins_need_a_multiple_of_50(credits: int) -> None:
    with pytest.raises(RuleError) as caught:
        coin_split(credits)
    assert caught.value.field == "credits"
    assert "„Modrozelené: 50 kr." in caught.value.message.cs


# --- [Konec hry] ranking with its tie-break; last faction standing; points over sectors ------


def test_score_ranks_by_checkpoints_then_unit_value() -> None:
    ranking = score(none(), factions=[
        {"name": "Modří", "checkpoints": 2, "units": {"Scout": 1}},
        {"name": "Rudí", "checkpoints": 3, "units": {}},
        {"name": "Zelení", "checkpoints": 2, "units": {"dreadnought": 1}},
        {"name": "Žlutí", "checkpoints": 0, "units": {}},
    ]).result.ranking
    assert [(s.name, s.place, s.unit_value, s.eliminated) for s in ranking] == [
        ("Rudí", 1, 0, False), ("Zelení", 2, 350, False), ("Modří", 3, 50, False),
        ("Žlutí", 4, 0, True)]


def test_equal_checkpoints_and_value_share_a_place() -> None:
    ranking = score(none(), factions=[
        {"name": "A", "checkpoints": 1, "units": {"Frigate": 1}},
        {"name": "B", "checkpoints": 1, "units": {"Scout": 2}},
        {"name": "C", "checkpoints": 0, "units": {"Scout": 1}},
    ]).result.ranking
    assert [(s.name, s.place) for s in ranking] == [("A", 1), ("B", 1), ("C", 3)]


@pytest.mark.parametrize(("factions", "field"), [
    ([], "factions"),
    ([{"name": "A"}, {"name": "a"}], "factions"),
    ([{"name": "A", "units": {"Scout": 1, "scout": 2}}], "factions.0.units"),
    ([{"name": "A", "units": {"Scout": -1}}], "factions.0.units"),
    ([{"name": "A", "checkpoints": -1}], "factions.0.checkpoints"),
    ([{"name": "A", "units": {"Tank": 1}}], "factions.0.units"),
])
def test_bad_factions(factions: list, field: str) -> None:
    with pytest.raises(RuleError) as caught:
        score(none(), factions=factions)
    assert caught.value.field == field


def test_winner_last_standing_then_points_summed() -> None:
    result = winner(none(), sectors=[
        [{"name": "A", "checkpoints": 0, "units": {"Scout": 1}},
         {"name": "B", "checkpoints": 0, "units": {}},
         {"name": "C", "checkpoints": 0, "units": {}}],
        [{"name": "B", "checkpoints": 2}, {"name": "C", "checkpoints": 1},
         {"name": "A", "checkpoints": 1}],
    ]).result
    first, second = result.sectors
    assert (first.winner, first.decided_by) == ("A", "last-standing")
    assert [(s.name, s.place, s.points) for s in first.ranking] == [
        ("A", 1, 2), ("B", 2, 1), ("C", 2, 1)]
    assert (second.winner, second.decided_by) == ("B", "ranking")
    assert [(s.name, s.place, s.points) for s in second.ranking] == [
        ("B", 1, 2), ("C", 2, 1), ("A", 2, 1)]
    assert [(s.name, s.points, s.sectors_won, s.place) for s in result.final] == [
        ("A", 3, 1, 1), ("B", 3, 1, 1), ("C", 2, 0, 3)]
    assert result.winners == ("A", "B")


def test_winner_shared_first_place_in_a_sector() -> None:
    result = winner(none(), sectors=[[{"name": "A", "checkpoints": 1},
                                      {"name": "B", "checkpoints": 1}]]).result
    assert result.sectors[0].winner is None
    assert result.winners == ("A", "B")
    assert "dělené 1. místo" in winner(none(), sectors=[[{"name": "A", "checkpoints": 1},
                                                         {"name": "B", "checkpoints": 1}]]
                                       ).text.cs


# --- [Nákup a umisťování jednotek] -----------------------------------------------------------


def test_buy_costs_and_placement() -> None:
    result = buy(none(), units={"scout": 2, "Extractor": 0, "frigate": 1}).result
    assert (result.cost, result.credits_left) == (200, 300)
    assert [(p.unit, p.count, p.cost, p.placement) for p in result.purchases] == [
        ("Scout", 2, 100, "own-checkpoint"), ("Extractor", 0, 0, "own-system-blue-hex"),
        ("Frigate", 1, 100, "own-checkpoint")]
    assert "modrá políčka" in result.purchases[1].placement_rule.cs


def test_buy_exactly_all_credits() -> None:
    assert buy(none(), units={"Extractor": 1}).result.credits_left == 0


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"units": {"Dreadnought": 2}}, "units", "Nedostatek kreditů: nákup stojí 700 kr."),
    ({"units": {"Scout": 1}, "credits": 520}, "credits", "„Modrozelené: 50 kr."),
    ({"units": {"Scout": -1}}, "units", "„Cena“ v Přehledu jednotek"),
    ({"units": {"Scout": 1, "SCOUT": 1}}, "units", "dvakrát"),
])
def test_bad_purchases(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        buy(none(), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs


# --- [Vyhodnocení speciálních efektů] capture ------------------------------------------------


def test_capture_takes_the_last_checkpoint_and_its_extractors() -> None:
    result = capture(none(), faction="Rudí", ships=[
        {"unit": "Scout", "system": "Alfa", "holder": "Modří"},
        {"unit": "frigate", "system": "Beta", "holder": None},
        {"unit": "Dreadnought", "system": "Gama", "holder": "Rudí"},
        {"unit": "Mechanic", "system": "Delta", "holder": "Zelení"},
    ], holdings=[
        {"faction": "Modří", "system": "Alfa", "checkpoints": 1, "extractors": 2},
        {"faction": "Zelení", "system": "Delta", "checkpoints": 2, "extractors": 3},
    ]).result
    assert [(c.unit, c.captured, c.ship_removed) for c in result.captures] == [
        ("Scout", True, True), ("Frigate", True, True), ("Dreadnought", False, False),
        ("Mechanic", True, True)]
    assert (result.ships_removed, result.checkpoints_gained) == (3, 3)
    assert [(x.faction, x.checkpoints_left, x.system_lost, x.extractors_lost)
            for x in result.losses] == [("Modří", 0, True, 2), ("Zelení", 1, False, 0)]
    assert result.extractors_gained == 2


@pytest.mark.parametrize(("ships", "holdings", "field", "words"), [
    ([{"unit": "Scout", "system": "Alfa", "holder": "Modří"}], [], "holdings",
     "Uveď v 'holdings'"),
    ([{"unit": "Scout", "system": "Alfa", "holder": "Modří"},
      {"unit": "Frigate", "system": "Alfa", "holder": "Modří"}],
     [{"faction": "Modří", "system": "Alfa", "checkpoints": 1}], "holdings",
     "drží v soustavě Alfa jen 1 checkpoint, obsazuje se jich 2"),
    ([{"unit": "Extractor", "system": "Alfa"}], [], "ships.0.unit", "mimo checkpointy"),
    ([{"unit": "Tank", "system": "Alfa"}], [], "ships.0.unit", "Přehled jednotek"),
])
def test_bad_captures(ships: list, holdings: list, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        capture(none(), faction="Rudí", ships=ships, holdings=holdings)
    assert caught.value.field == field
    assert words in caught.value.message.cs


_ALFA = {"unit": "Scout", "system": "Alfa"}


@pytest.mark.parametrize(("faction", "ships", "holdings", "field"), [
    (" ", [_ALFA], [], "faction"),
    ("", [], [], "faction"),
    ("Rudí", [{**_ALFA, "holder": "  "}], [], "ships.0.holder"),
    ("Rudí", [_ALFA, {**_ALFA, "holder": ""}], [], "ships.1.holder"),
    ("Rudí", [{**_ALFA, "system": " "}], [], "ships.0.system"),
    ("Rudí", [{"unit": "Scout"}], [], "ships.0.system"),
    ("Rudí", [_ALFA], [{"faction": " ", "system": "Alfa", "checkpoints": 1}],
     "holdings.0.faction"),
    ("Rudí", [_ALFA], [{"faction": "Modří", "system": "\t", "checkpoints": 1}],
     "holdings.0.system"),
])
def test_blank_names_are_refused_as_in_score(
    faction: str, ships: list, holdings: list, field: str
) -> None:
    """A blank holder must not pass for an unoccupied checkpoint (that one is null)."""
    with pytest.raises(RuleError) as caught:
        capture(none(), faction=faction, ships=ships, holdings=holdings)
    assert caught.value.field == field
    key = field.rsplit(".", 1)[-1]
    assert caught.value.message.cs.startswith(f"Jméno v '{key}' chybí nebo je prázdné.")
    assert caught.value.message.en.startswith(f"The name in '{key}' is missing or blank.")
    assert ("holder null" in caught.value.message.cs) is (key == "holder")


def test_names_are_trimmed_and_a_null_holder_is_unoccupied() -> None:
    result = capture(none(), faction=" Rudí ", ships=[
        {"unit": "Scout", "system": " Alfa ", "holder": None},
        {"unit": "Frigate", "system": "Beta", "holder": " rudí "},
    ]).result
    assert [(c.system, c.holder, c.captured) for c in result.captures] == [
        ("Alfa", None, True), ("Beta", "rudí", False)]


# --- [Displacer] teleport --------------------------------------------------------------------


def test_teleport_timeline() -> None:
    outcome = teleport(none(), turn=4)
    result = outcome.result
    assert (result.flip_turn, result.removed_turn, result.acts_again_turn,
            result.untargetable_until_turn, result.handed_over) == (5, 6, 6, 6, False)
    assert [(e.turn, e.event) for e in result.timeline] == [
        (4, "teleported"), (5, "token-flipped"), (6, "token-removed")]
    assert outcome.text.cs == ("Teleport v tahu 4: v tahu 5 se žeton otočí, v tahu 6 se "
                               "odstraní a Displacer zase jedná.")


def test_teleport_to_another_sector_hands_the_displacer_over() -> None:
    result = teleport(none(), turn=1, other_sector=True, target_sector_checkpoints=1).result
    assert result.handed_over is True


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"turn": 3, "damage": 1}, "damage", "„Poškozený Displacer se nemůže teleportovat.“"),
    ({"turn": 0}, "turn", "teleportační žeton"),
    ({"turn": 2, "other_sector": True}, "target_sector_checkpoints",
     "alespoň jednoho checkpointu v cílovém sektoru"),
])
def test_bad_teleports(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        teleport(none(), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs
    assert "“" in caught.value.message.en


@pytest.mark.parametrize("damage", [1, 6, 7, 8, 100_000])
def test_any_damage_quotes_the_damaged_displacer_rule(damage: int) -> None:
    """Even damage that would have removed it (7 = its hit points): the rule broken is that a
    damaged Displacer cannot teleport, not that a unit at 0 hp leaves the map."""
    with pytest.raises(RuleError) as caught:
        teleport(none(), turn=5, damage=damage)
    assert caught.value.field == "damage"
    assert caught.value.message.cs == (
        f"Displacer má {damage} poškození: „Poškozený Displacer se nemůže teleportovat.“ "
        "Nejdřív ho oprav (regenerace).")
    assert "removed from the map" not in caught.value.message.en


def test_every_quote_is_quoted_in_both_languages() -> None:
    for quote in conquest.QUOTES.values():
        assert quote.cs.count("„") == 1 and quote.en.count("“") == 1
