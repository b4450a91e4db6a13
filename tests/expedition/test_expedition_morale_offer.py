"""[Morálka] "při výrazných zvratech v boji" — "první zabití ve skupině, zabití aspoň poloviny
jedinců v dané skupině": the expedition offers a side's morale check when one of its creatures
falls and it is its first fallen, or half of it has fallen now; never a side that fled or
surrendered, that held twice, or that has no one left fighting."""

from __future__ import annotations

from typing import Any

import pytest

from rpg.expedition.kernel import Offer
from rpg.expedition.state import State
from rpg.pravidla.combat import MORALE_SUCCESSES_TO_DEATH
from tests.expedition.engine import rolled, seeded, set_out


def met(*groups: dict[str, Any]) -> State:
    """An encounter of the party with the creatures of ``groups`` (4 hp each)."""
    sides = ["hráči", *dict.fromkeys(group.get("side", group["name"]) for group in groups)]
    creatures = [{"hp": 4, "side": group.get("side", group["name"]), **group} for group in groups]
    return seeded(set_out(party=[{"name": "Eva", "max_hp": 10}]), "encounter", 5,
                  sides=sides, creatures=creatures).state


def fell(state: State, name: str) -> tuple[State, tuple[Offer, ...]]:
    """``name`` burnt down from 4 hp by the table's dice."""
    done = rolled(state, "persistent-damage", [2, 2], target=name, damage="2d2")
    assert next(c for c in done.state.encounter.creatures if c.name == name).status == "dead"
    return done.state, done.offers


def morale(group: str, known: bool = True) -> Offer:
    return Offer("morale", {"group": group}, () if known else ("morale",))


@pytest.mark.parametrize(("count", "offered"), [
    (2, [True]),                       # the first fallen; the last leaves no one to flee
    (3, [True, True]),                 # the first; two of three is past half
    (4, [True, True, False]),          # the first; half; no more turns
    (5, [True, False, True, False]),   # the first; 3 of 5 is the half reached
])
def test_the_first_fallen_and_the_half_fallen_call_for_a_morale_check(
        count: int, offered: list[bool]) -> None:
    state = met({"name": "skřeti", "count": count, "morale": 7})
    seen = []
    for n in range(1, count):
        state, offers = fell(state, f"skřeti {n}")
        assert offers in ((morale("skřeti"),), ())
        seen.append(bool(offers))
    assert seen == offered
    state, offers = fell(state, f"skřeti {count}")
    assert offers == ()


def test_a_side_without_a_known_morale_is_offered_its_check_with_the_morale_to_give() -> None:
    state = met({"name": "vlci", "count": 3})
    assert fell(state, "vlci 1")[1] == (morale("vlci", known=False),)


def test_the_offer_followed_checks_that_sides_morale() -> None:
    state, offers = fell(met({"name": "skřeti", "count": 3, "morale": 7}), "skřeti 1")
    (offer,) = offers
    checked = rolled(state, offer.action, [1, 1], **offer.inputs)
    assert checked.state.morale_successes("skřeti") == 1


def test_no_offer_for_a_side_that_fled_or_held_twice_or_for_another_side() -> None:
    state = met({"name": "skřeti", "count": 4, "morale": 7},
                {"name": "šaman", "side": "skřeti", "count": 1, "morale": 7},
                {"name": "vlk", "count": 2, "morale": 5})
    state, offers = fell(state, "vlk 1")
    assert offers == (morale("vlk"),)  # only the side of the fallen
    # Held twice: it fights to the death.
    for _ in range(MORALE_SUCCESSES_TO_DEATH):
        state = rolled(state, "morale", [1, 1], group="skřeti").state
    assert fell(state, "skřeti 1")[1] == ()
    # Fled: nothing more to check.
    routed = met({"name": "skřeti", "count": 4, "morale": 7})
    routed = rolled(routed, "morale", [6, 6], group="skřeti").state
    assert "skřeti" in routed.encounter.routed
    assert fell(routed, "skřeti 1")[1] == ()
