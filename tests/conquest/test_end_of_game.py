"""Dobývání soustav [Konec hry]: "V sektoru vítězí frakce, která zůstane jako poslední. Pokud
vyprší časový limit, vítězí frakce s nejvíce checkpointy. Při shodě rozhoduje hodnota jednotek v
kreditech. Sečtou se body ze všech sektorů → finální pořadí."
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.end_of_game import score, winner
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

SCORE, WINNER = "conquest/score", "conquest/winner"

unit_names = st.sampled_from(game.UNIT_NAMES).flatmap(
    lambda name: st.sampled_from([name, name.lower(), name.upper()]))
any_names = unit_names | st.text(max_size=12)
factions = st.lists(st.fixed_dictionaries({
    "name": st.sampled_from(["Rudí", "Modří", "Zelení", "Žlutí", "rudí"]),
    "checkpoints": st.integers(-1, 4),
    "units": st.dictionaries(any_names, st.integers(-1, 3), max_size=3),
}), max_size=4)
_ALPHA, _BETA, _GAMMA = "Alfa", "Beta", "Gama"


def _faction(name: str, checkpoints: int = 0, **units: int) -> dict[str, Any]:
    return {"name": name, "checkpoints": checkpoints, "units": units}


def test_score_ranks_by_checkpoints_then_unit_value() -> None:
    ranking = score(ReplayDice([]), factions=[
        {"name": "Modří", "checkpoints": 2, "units": {"Scout": 1}},
        {"name": "Rudí", "checkpoints": 3, "units": {}},
        {"name": "Zelení", "checkpoints": 2, "units": {"dreadnought": 1}},
        {"name": "Žlutí", "checkpoints": 0, "units": {}},
    ]).result.ranking
    assert [(s.name, s.place, s.unit_value, s.eliminated) for s in ranking] == [
        ("Rudí", 1, 0, False), ("Zelení", 2, 350, False), ("Modří", 3, 50, False),
        ("Žlutí", 4, 0, True)]


def test_equal_checkpoints_and_value_share_a_place() -> None:
    ranking = score(ReplayDice([]), factions=[
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
        score(ReplayDice([]), factions=factions)
    assert caught.value.field == field


def test_ranking_and_final_order_texts_agree_with_their_numbers() -> None:
    assert score(ReplayDice([]), factions=[
        {"name": "Rudí", "checkpoints": 1, "units": {"Scout": 30}},
        {"name": "Modří", "checkpoints": 2}]).text.cs == (
        "Pořadí v sektoru: 1. Modří (2 checkpointy, 0 kr.); 2. Rudí (1 checkpoint, "
        "1\u00a0500 kr.).")
    text = winner(ReplayDice([]), sectors=[[{"name": "Rudí", "checkpoints": 1},
                                            {"name": "Modří", "checkpoints": 0}]]).text
    assert text.cs == "Sektory – 1: Rudí. Finální pořadí: 1. Rudí: 1 bod; 2. Modří: 0 bodů."
    assert text.en == "Sectors – 1: Rudí. Final order: 1. Rudí: 1 point; 2. Modří: 0 points."


def test_winner_last_standing_then_points_summed() -> None:
    result = winner(ReplayDice([]), sectors=[
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
    result = winner(ReplayDice([]), sectors=[[{"name": "A", "checkpoints": 1},
                                      {"name": "B", "checkpoints": 1}]]).result
    assert result.sectors[0].winner is None
    assert result.winners == ("A", "B")
    assert "dělené 1. místo" in winner(ReplayDice([]), sectors=[[{"name": "A", "checkpoints": 1},
                                                         {"name": "B", "checkpoints": 1}]]
                                       ).text.cs


@settings(max_examples=150, deadline=None)
@given(factions)
def test_score_orders_by_checkpoints_then_value(sector: list[dict[str, Any]]) -> None:
    try:
        ranking = score(ReplayDice([]), factions=sector).result.ranking
    except RuleError as error:
        assert error.field is not None and error.field.startswith("factions")
        return
    keys = [(s.checkpoints, s.unit_value) for s in ranking]
    assert keys == sorted(keys, reverse=True)
    for before, after in itertools.pairwise(ranking):
        assert after.place == (before.place if (before.checkpoints, before.unit_value) == (
            after.checkpoints, after.unit_value) else ranking.index(after) + 1)


@settings(max_examples=150, deadline=None)
@given(st.lists(factions, min_size=1, max_size=3))
def test_winner_points_add_up(sectors: list[list[dict[str, Any]]]) -> None:
    try:
        result = winner(ReplayDice([]), sectors=sectors).result
    except RuleError as error:
        assert error.field is not None and error.field.startswith("sectors")
        return
    per_sector = sum(s.points for sector in result.sectors for s in sector.ranking)
    assert sum(s.points for s in result.final) == per_sector
    assert [s.points for s in result.final] == sorted((s.points for s in result.final),
                                                      reverse=True)
    assert result.winners and all(s.place == 1 for s in result.final if s.name in result.winners)


def test_over_http(client: FlaskClient) -> None:
    for path, inputs in (
        (SCORE, {"factions": [{"name": "Rudí", "checkpoints": 2, "units": {"scout": 2}},
                              {"name": "Modří", "checkpoints": 2}]}),
        (WINNER, {"sectors": [[{"name": "Rudí", "checkpoints": 1},
                               {"name": "Modří", "checkpoints": 0}]]}),
    ):
        answered(client, path, inputs)
        without_dice(client, path, inputs)
    refused(client, SCORE, {"factions": [{"name": "A", "units": {"Scout": -1}}]}, "factions",
            "„Pokud vyprší časový limit")
    assert client.post("/api/v1/conquest/score", json={
        "factions": [{"name": " "}]}).status_code == 422


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    WINNER: [{"sectors": sectors} for sectors in (
        [[_faction(_ALPHA, 3, Scout=1), _faction(_BETA, 2, Dreadnought=2)]],
        [[_faction(_ALPHA, 2, Scout=3), _faction(_BETA, 2, Frigate=2),
          _faction(_GAMMA, 0)]],
        [[_faction(_ALPHA, 1, Scout=1), _faction(_BETA, 1, scout=1)]],
        [[_faction(_ALPHA, 0, Scout=2), _faction(_BETA), _faction(_GAMMA, 0, Frigate=0)]],
        [[_faction(_ALPHA, 2), _faction(_BETA, 1)], [_faction("beta", 3), _faction(_ALPHA, 0)],
         [_faction(_GAMMA, 1), _faction(_ALPHA, 1)]],
        [[_faction(_ALPHA, 1)]],
        [], [[]], [[{"checkpoints": 1}]], [[_faction(_ALPHA), _faction("ALFA")]],
        [[_faction(_ALPHA, 1, Cruiser=1)]], [[_faction(_ALPHA, -1)]],
        [[_faction(_ALPHA, 1, Scout=-2)]], [[_faction(_ALPHA, 1, Scout=1, scout=1)]],
    )],
    SCORE: [{"factions": factions} for factions in (
        [_faction(_ALPHA, 3, Scout=1), _faction(_BETA, 2, Dreadnought=2)],
        [_faction(_ALPHA, 2, Scout=3), _faction(_BETA, 2, frigate=2), _faction(_GAMMA, 0)],
        [_faction(_ALPHA, 1, Scout=1), _faction(_BETA, 1, SCOUT=1), _faction(_GAMMA, 1)],
        [_faction(_ALPHA, 0, Dreadnought=3, Extractor=2), _faction(_BETA, 0, Frigate=0)],
        [_faction(f" {_ALPHA} ", 12)], [{"name": _BETA}],
        [], [{"checkpoints": 1}], [_faction(" ")], [_faction(_ALPHA), _faction("ALFA ")],
        [_faction(_ALPHA, 1, Cruiser=1)], [_faction(_ALPHA, -1)],
        [_faction(_ALPHA, 1, Scout=-2)], [_faction(_ALPHA, 1, Scout=1, scout=1)],
    )],
}
