"""``/api/v1/death-save`` [Mírnější systém smrti]: GET and POST agree, physical dice, 422s."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pravidla.endpoints import bounds, get_and_post_agree, refused


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "death-save",
                       {"hours_since_death": 3.5, "give_up_skill_points": True}, seed)


@pytest.mark.parametrize(("body", "result", "chance"), [
    ({"dice": [2, 4]},
     {"alive": True, "hp": 1, "unconscious_shifts": 4, "fatigue_gained": 1,
      "reason": "survived", "skill_points_lost": 0}, 0.5),
    ({"poisoned": True, "dice": []},
     {"alive": False, "hp": 0, "unconscious_shifts": None, "fatigue_gained": 0,
      "reason": "poisoned", "skill_points_lost": 0}, 0),
])
def test_physical_dice(client: FlaskClient, body: dict[str, object],
                       result: dict[str, object], chance: float) -> None:
    payload = client.post("/api/v1/death-save", json=body).get_json()
    assert payload["result"] == {**result, "next": []}
    assert payload["chance"] == pytest.approx(chance)


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"healed_to_max_since": True}, "healed_to_max_since", "turn 'died_before' on"),
    ({"hours_since_death": -1}, "hours_since_death", "greater than or equal"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "death-save", body, field, words)


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    assert bounds(client, "DeathSaveArgs", "hours_since_death") == (0, 100_000)
    assert bounds(client, "DeathSaveArgs", "healed") == (0, 100_000)
